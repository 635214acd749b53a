# Sourced by scripts/start.sh and scripts/test.sh (which run with set -euo pipefail) and by
# developer shells. Makes a local PostgreSQL + PostGIS and Redis usable and exports
# DATABASE_URL and REDIS_URL. A service whose URL is already set (CI service containers, a
# remote server) is left alone. Debian packages are installed only when missing, with one
# `apt-get update` at most per run. Two modes (docs/CONFIGURATION.md, docs/DECISIONS.md
# "Least privilege"):
# - TKO_SERVICES=product (start.sh): DATABASE_URL is the product's own role `tko_app`
#   (LOGIN, NOSUPERUSER, NOCREATEDB, NOCREATEROLE) that owns the database `tko_app`, with a
#   random password kept in .data/db-password; the one extension that needs a superuser
#   (postgis) is created beforehand by the postgres OS user. Redis is the product's own
#   redis-server on 127.0.0.1:$TKO_REDIS_PORT (6380) with AOF persistence in .data/redis.
# - otherwise (tests, developer shells): DATABASE_URL is the test ADMIN role `tko_test_admin`
#   (superuser: the tests create a database per test file and the postgis extension), with a
#   random password kept in .data/db-test-admin-password; Redis is the machine's on 6379.
# Also defines kept_secret and ensure_test_tools.

PG_MAJOR="${PG_MAJOR:-15}"
_tko_apt_updated=""
_tko_data_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/.data"

_as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

kept_secret() { # kept_secret FILE BYTES: prints the hex secret in FILE, generating it once (mode 600)
  (umask 077 && mkdir -p "$(dirname "$1")")
  [ -s "$1" ] || (umask 077 && { openssl rand -hex "$2" 2>/dev/null ||
    node -p "require('node:crypto').randomBytes($2).toString('hex')"; } >"$1")
  cat "$1"
}

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
_pg_psql() { # psql as the postgres OS user over the local socket; -d DB to pick another database
  (cd / && _as_root runuser -u postgres -- psql -X -q -At -v ON_ERROR_STOP=1 -p "$_tko_pg_port" -d postgres "$@")
}

ensure_postgres_server() { # installs and starts the local cluster; sets _tko_pg_port
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
}

ensure_app_database() { # the product's role and database (start.sh); exports DATABASE_URL
  [ -z "${DATABASE_URL:-}" ] || return 0
  ensure_postgres_server
  local password
  password=$(kept_secret "$_tko_data_dir/db-password" 24)
  # Ordinary role: no superuser, cannot create databases or roles; it owns its database, so it
  # creates and alters its tables (migrations) and the trusted extension pg_trgm itself.
  _pg_psql <<SQL
DO \$\$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'tko_app') THEN CREATE ROLE tko_app; END IF;
END \$\$;
ALTER ROLE tko_app LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD '$password';
SQL
  if [ -z "$(_pg_psql -c "SELECT 1 FROM pg_database WHERE datname = 'tko_app'")" ]; then
    echo "postgres: creating database tko_app (owner tko_app)"
    _pg_psql -c "CREATE DATABASE tko_app OWNER tko_app"
  fi
  # postgis is not a trusted extension on PostgreSQL 15: created here by the postgres OS user,
  # so the migration's CREATE EXTENSION IF NOT EXISTS postgis is a no-op for tko_app.
  _pg_psql -d tko_app <<'SQL'
SET client_min_messages = warning;
ALTER DATABASE tko_app OWNER TO tko_app;
REVOKE CONNECT, TEMPORARY ON DATABASE tko_app FROM PUBLIC;
CREATE EXTENSION IF NOT EXISTS postgis;
SQL
  export DATABASE_URL="postgresql://tko_app:$password@127.0.0.1:$_tko_pg_port/tko_app"
}

ensure_test_database_admin() { # the tests' admin role (test.sh, developer shells); exports DATABASE_URL
  [ -z "${DATABASE_URL:-}" ] || return 0
  ensure_postgres_server
  local password_file="$_tko_data_dir/db-test-admin-password" password created=""
  [ -s "$password_file" ] || created=1
  password=$(kept_secret "$password_file" 24)
  # Changed only when missing or its password file is new: many shells source this at once,
  # and concurrent ALTER ROLE on one role fails ("tuple concurrently updated").
  if [ -n "$created" ] || [ -z "$(_pg_psql -c "SELECT 1 FROM pg_roles WHERE rolname = 'tko_test_admin' AND rolsuper AND rolcanlogin")" ]; then
    _pg_psql <<SQL
DO \$\$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'tko_test_admin') THEN CREATE ROLE tko_test_admin; END IF;
END \$\$;
ALTER ROLE tko_test_admin LOGIN SUPERUSER PASSWORD '$password';
SQL
  fi
  export DATABASE_URL="postgresql://tko_test_admin:$password@127.0.0.1:$_tko_pg_port/postgres"
}

_redis_up() { [ "$(redis-cli -h 127.0.0.1 -p "$1" ping 2>/dev/null)" = PONG ]; }
_redis_wait() {
  local i
  for i in $(seq 50); do _redis_up "$1" && return 0; sleep 0.2; done
  echo "redis: redis-server did not answer on 127.0.0.1:$1" >&2
  return 1
}

ensure_redis() { # the machine's Redis on 6379 (tests); exports REDIS_URL
  [ -z "${REDIS_URL:-}" ] || return 0
  command -v redis-server >/dev/null && command -v redis-cli >/dev/null || apt_install redis-server
  if ! _redis_up 6379; then
    echo "redis: starting redis-server on 127.0.0.1:6379"
    redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no >/dev/null
    _redis_wait 6379
  fi
  export REDIS_URL="redis://127.0.0.1:6379"
}

ensure_product_redis() { # the product's own persistent Redis (start.sh); exports REDIS_URL
  [ -z "${REDIS_URL:-}" ] || return 0
  command -v redis-server >/dev/null && command -v redis-cli >/dev/null || apt_install redis-server
  local port="${TKO_REDIS_PORT:-6380}" dir="$_tko_data_dir/redis"
  if _redis_up "$port"; then
    if [ "$(redis-cli -h 127.0.0.1 -p "$port" config get appendonly | tail -1)" != yes ]; then
      echo "redis: 127.0.0.1:$port answers without AOF persistence; stop it, or set TKO_REDIS_PORT or REDIS_URL" >&2
      return 1
    fi
  else
    mkdir -p "$dir" && chmod 700 "$dir"
    echo "redis: starting redis-server on 127.0.0.1:$port (AOF in $dir)"
    # AOF, fsync once a second: BullMQ's queues, schedules and job results survive a restart.
    redis-server --daemonize yes --bind 127.0.0.1 --port "$port" --dir "$dir" \
      --appendonly yes --appendfsync everysec --save "" \
      --pidfile "$dir/redis.pid" --logfile "$dir/redis.log" >/dev/null
    _redis_wait "$port"
  fi
  export REDIS_URL="redis://127.0.0.1:$port"
}

ensure_test_tools() { # Chromium for browser tests, LibreOffice calc to read exported xlsx, writer to open the printed contract (DOCX), poppler to read its PDF
  if [ -n "${CHROMIUM_PATH:-}" ]; then
    [ -x "$CHROMIUM_PATH" ] || { echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable" >&2; return 1; }
  else
    [ -x /usr/bin/chromium ] || apt_install chromium
    export CHROMIUM_PATH=/usr/bin/chromium
  fi
  command -v soffice >/dev/null || apt_install --no-install-recommends libreoffice-calc-nogui
  [ -e /usr/lib/libreoffice/program/libswlo.so ] || apt_install --no-install-recommends libreoffice-writer-nogui
  command -v pdftotext >/dev/null || apt_install --no-install-recommends poppler-utils # the contract's PDF read back (contract-print.test.ts)
}

ensure_region_tools() { # issue 9 §3: the Debian tools of `pnpm region:load` (docs/REGION.md) and pgrouting
  local pkgs=()
  command -v osm2pgsql >/dev/null || pkgs+=(osm2pgsql)
  command -v osm2pgrouting >/dev/null || pkgs+=(osm2pgrouting)
  command -v tilemaker >/dev/null || pkgs+=(tilemaker)
  command -v osmium >/dev/null || pkgs+=(osmium-tool)
  [ -e "/usr/share/postgresql/$PG_MAJOR/extension/pgrouting.control" ] || pkgs+=("postgresql-$PG_MAJOR-pgrouting")
  [ -e /usr/share/fonts/truetype/noto/NotoSans-Regular.ttf ] || pkgs+=(fonts-noto-core)
  [ ${#pkgs[@]} -eq 0 ] || apt_install --no-install-recommends "${pkgs[@]}"
  # pgrouting is not a trusted extension: created by the postgres OS user in the product's
  # database (as postgis in ensure_app_database); the tests' admin role is a superuser.
  if [ "${TKO_SERVICES:-}" = product ] && [ -n "$(_pg_cluster 2>/dev/null)" ] \
     && [ -n "$(_pg_psql -c "SELECT 1 FROM pg_database WHERE datname = 'tko_app'" 2>/dev/null)" ]; then
    _pg_psql -d tko_app -c "SET client_min_messages = warning; CREATE EXTENSION IF NOT EXISTS pgrouting" >/dev/null
  fi
}

if [ "${TKO_SERVICES:-}" = product ]; then
  ensure_app_database
  ensure_product_redis
else
  ensure_test_database_admin
  ensure_redis
fi
