#!/usr/bin/env bash
# Runs every test: installs what is missing (Node 24, pnpm 12, PostgreSQL/PostGIS,
# Redis, Chromium, LibreOffice calc), then lint, typecheck, the web build and all
# Vitest projects (root vitest.config.ts). Non-interactive; CI calls it via .ci/run.
# Uses DATABASE_URL / REDIS_URL when set instead of the local services. Here DATABASE_URL
# is an ADMIN URL (a database per test file): services.sh sets up the superuser
# tko_test_admin for it; the product's own role tko_app (start.sh) has no such rights.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/toolchain.sh
source scripts/lib/services.sh
ensure_test_tools
ensure_region_tools

pnpm install --frozen-lockfile
pnpm --filter @tko/db generate
pnpm lint
pnpm typecheck
pnpm build
pnpm exec vitest run
