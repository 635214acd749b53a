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
# eslint and tsc are single-threaded and the machine has 2 cores: lint runs beside the type check, and
# the type check runs two packages at a time (pnpm keeps the dependency order, so no package is checked
# while @tko/db, which it declares, regenerates its client). Lint's output is shown after the type check.
lint_log="$(mktemp)"
pnpm lint >"$lint_log" 2>&1 &
lint_pid=$!
pnpm -r --workspace-concurrency=2 typecheck
lint_status=0
wait "$lint_pid" || lint_status=$?
cat "$lint_log"
rm -f "$lint_log"
[ "$lint_status" -eq 0 ] || { echo "test.sh: lint failed" >&2; exit "$lint_status"; }
pnpm build
pnpm exec vitest run
