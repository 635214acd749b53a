#!/usr/bin/env bash
# Runs the product on this machine: Node 24 + pnpm 12, local PostgreSQL/PostGIS and
# Redis (unless DATABASE_URL / REDIS_URL are set), dependencies, database migrations,
# the Angarsk data on an empty registry, the first admin, the web build and the compiled
# server processes (pnpm build:server, skipped when up to date); then the
# worker and the API (which also serves the web app, one process per CPU) on HOST:PORT,
# each restarted when it exits. Ctrl-C stops both. Variables: docs/CONFIGURATION.md.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/toolchain.sh
# Product mode: the database role tko_app (no superuser, owns its database; password generated
# into .data/db-password) and a Redis with AOF persistence in .data/redis (services.sh).
TKO_SERVICES=product
source scripts/lib/services.sh
ensure_region_tools

export HOST="${HOST:-0.0.0.0}" PORT="${PORT:-8080}"
export DATA_DIR="${DATA_DIR:-$(cd .. && pwd)/shared/data}"
export ADMIN_EMAIL="${ADMIN_EMAIL:-admin@tko.local}"
mkdir -p .data && chmod 700 .data

# Secrets made on the first run are kept in .data/ (gitignored) and reused (kept_secret:
# scripts/lib/services.sh).
if [ -z "${JWT_SECRET:-}" ]; then
  if [ "${NODE_ENV:-}" = production ]; then
    echo "JWT_SECRET must be set when NODE_ENV=production" >&2
    exit 1
  fi
  JWT_SECRET=$(kept_secret .data/jwt-secret 32)
  export JWT_SECRET
fi
shown_password="(the ADMIN_PASSWORD you set)"
if [ -z "${ADMIN_PASSWORD:-}" ]; then
  ADMIN_PASSWORD=$(kept_secret .data/admin-password 12)
  export ADMIN_PASSWORD
  shown_password="$ADMIN_PASSWORD  (generated, kept in .data/admin-password)"
fi

db_command() { (cd packages/db && pnpm exec tsx "src/commands/$1.ts"); }

pnpm install --frozen-lockfile
pnpm --filter @tko/db generate
db_command migrate
if db_command is-empty; then
  echo "Registry is empty: importing the Angarsk container sites from $DATA_DIR"
  db_command import-angarsk
else
  rc=$?
  [ "$rc" -eq 1 ] || exit "$rc" # 1 = registry has data; anything else is an error
fi
# Administrative units from Rosstat's ОКТМО file, once (skipped when the table has units).
(cd packages/db && pnpm exec tsx src/commands/import-oktmo.ts --if-empty)
# The ФККО catalogue (Rosprirodnadzor), once (skipped when the table has codes); the 17
# corrupted codes of the file are reported, not loaded.
(cd packages/db && pnpm exec tsx src/commands/import-fkko.ts --if-empty)
db_command create-admin
pnpm --filter @tko/web build
# The API, the worker and the tracker run compiled JavaScript (apps/*/dist, scripts/build-server.ts):
# a restart answers in seconds, not the minute tsx took; skipped when the sources are unchanged.
pnpm build:server

# Each process runs in its own process group so that the whole tree is stopped.
pids=()
stop_all() {
  local p
  for p in "${pids[@]}"; do kill -TERM -- "-$p" 2>/dev/null || true; done
  wait "${pids[@]}" 2>/dev/null || true
}
trap stop_all EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
# Supervised (scripts/lib/supervise.sh): a process that exits is started again with backoff
# (1 s doubling to 30 s), so a crash never takes the rest down; Ctrl-C stops everything.
setsid bash scripts/lib/supervise.sh worker pnpm --filter @tko/worker start &
pids+=($!)
# The GPS receiver (Wialon IPS over TCP on TRACKER_PORT, default 20332; issue 10 §3).
setsid bash scripts/lib/supervise.sh tracker pnpm --filter @tko/tracker start &
pids+=($!)
setsid bash scripts/lib/supervise.sh api pnpm --filter @tko/api start &
api=$!
pids+=("$api")

# Print where to go once the API accepts connections.
case "$HOST" in 0.0.0.0 | :: | "") url="http://localhost:$PORT" probe=127.0.0.1 ;; *) url="http://$HOST:$PORT" probe=$HOST ;; esac
for _ in $(seq 600); do
  (exec 3<>"/dev/tcp/$probe/$PORT") 2>/dev/null && break
  kill -0 "$api" 2>/dev/null || break
  sleep 0.2
done
kill -0 "$api" 2>/dev/null && cat <<MSG

  TKO registry is running at $url  (listening on $HOST:$PORT)
  Sign in as:  $ADMIN_EMAIL
  Password:    $shown_password
  Press Ctrl-C to stop.

MSG
wait "$api"
