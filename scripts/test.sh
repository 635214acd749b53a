#!/usr/bin/env bash
# Runs every test: installs what is missing (Node 24, pnpm 12, PostgreSQL/PostGIS,
# Redis, Chromium, LibreOffice calc), then lint, typecheck, the web build and all
# Vitest projects (root vitest.config.ts). Non-interactive; CI calls it via .ci/run.
# Uses DATABASE_URL / REDIS_URL when set instead of the local services.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/toolchain.sh
source scripts/lib/services.sh
ensure_test_tools

pnpm install --frozen-lockfile
pnpm --filter @tko/db generate
pnpm lint
pnpm typecheck
pnpm build
pnpm exec vitest run
