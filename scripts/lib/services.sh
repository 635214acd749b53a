# Sourced by scripts/start.sh and scripts/test.sh (which run with set -euo pipefail).
# Makes a local PostgreSQL + PostGIS and Redis usable and exports DATABASE_URL and
# REDIS_URL. A service whose URL is already set (CI service containers, a remote
# server) is left alone. Debian packages are installed only when missing, with one
# `apt-get update` at most per run. Also defines ensure_test_tools for the tests.

PG_MAJOR="${PG_MAJOR:-15}"
_tko_apt_updated=""

_as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

_apt() { # apt-get quietly; its output is shown only when it fails
  local log
  log=$(mktemp)
  if ! _as_root env DEBIAN_FRONTEND=noninteractive apt-get -q -o DPkg::Lock::Timeout=300 "$@" >"$log" 2>&1; then
    cat "$log" >&2; rm -f "$log"
    echo "apt: 'apt-get $*' failed" >&2
    return 1
  fi
  rm -f "$log"
}

apt_install() { # apt_install [apt-get options] PACKAGE...
  local pkgs=() a
  for a in "$@"; do [[ $a == -* ]] || pkgs+=("$a"); done
  if [ -z "$_tko_apt_updated" ]; then
    echo "apt: updating package lists"
    _apt update || return 1
    _tko_apt_updated=1
  fi
  echo "apt: installing ${pkgs[*]}"
  _apt install -y "$@"
}

_pg_cluster() { pg_lsclusters -h 2>/dev/null | awk -v v="$PG_MAJOR" '$1 == v && $2 == "main"'; }
_pg_psql() { # psql as the postgres OS user over the local socket
  (cd / && _as_root runuser -u postgres -- psql -X -q -At -v ON_ERROR_STOP=1 -p "$_tko_pg_port" -d postgres "$@")
}

ensure_postgres() {
  [ -z "${DATABASE_URL:-}" ] || return 0
  if [ ! -x "/usr/lib/postgresql/$PG_MAJOR/bin/postgres" ]; then
    apt_install "postgresql-$PG_MAJOR" "postgresql-$PG_MAJOR-postgis-3"
  fi
  if [ -z "$(_pg_cluster)" ]; then
    echo "postgres: creating cluster $PG_MAJOR/main"
    _as_root pg_createcluster "$PG_MAJOR" main >/dev/null # runs initdb as the postgres user
  fi
  _tko_pg_port=$(_pg_cluster | awk '{print $3}')
  if [ "$(_pg_cluster | awk '{print $4}')" != online ]; then
    echo "postgres: starting cluster $PG_MAJOR/main on port $_tko_pg_port"
    _as_root pg_ctlcluster --skip-systemctl-redirect "$PG_MAJOR" main start
  fi
  if [ -z "$(_pg_psql -c "SELECT 1 FROM pg_available_extensions WHERE name = 'postgis'")" ]; then
    apt_install "postgresql-$PG_MAJOR-postgis-3"
  fi
  # SUPERUSER: the tests create databases and the postgis extension.
  _pg_psql <<'SQL'
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'tko') THEN CREATE ROLE tko; END IF;
END $$;
ALTER ROLE tko LOGIN SUPERUSER PASSWORD 'tko';
SQL
  if [ -z "$(_pg_psql -c "SELECT 1 FROM pg_database WHERE datname = 'tko'")" ]; then
    _pg_psql -c "CREATE DATABASE tko OWNER tko"
  fi
  export DATABASE_URL="postgresql://tko:tko@127.0.0.1:$_tko_pg_port/tko"
}

_redis_up() { [ "$(redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null)" = PONG ]; }

ensure_redis() {
  [ -z "${REDIS_URL:-}" ] || return 0
  command -v redis-server >/dev/null && command -v redis-cli >/dev/null || apt_install redis-server
  if ! _redis_up; then
    echo "redis: starting redis-server on 127.0.0.1:6379"
    redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no >/dev/null
    local i
    for i in $(seq 50); do _redis_up && break; sleep 0.2; done
    _redis_up || { echo "redis: redis-server did not answer on 127.0.0.1:6379" >&2; return 1; }
  fi
  export REDIS_URL="redis://127.0.0.1:6379"
}

ensure_test_tools() { # Chromium for browser tests, LibreOffice calc to read exported xlsx
  if [ -n "${CHROMIUM_PATH:-}" ]; then
    [ -x "$CHROMIUM_PATH" ] || { echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable" >&2; return 1; }
  else
    [ -x /usr/bin/chromium ] || apt_install chromium
    export CHROMIUM_PATH=/usr/bin/chromium
  fi
  command -v soffice >/dev/null || apt_install --no-install-recommends libreoffice-calc-nogui
}

ensure_postgres
ensure_redis
