#!/bin/sh
# Run once by the postgis image when the db volume is initialised (/docker-entrypoint-initdb.d,
# as the superuser POSTGRES_USER): creates the product's ordinary role tko_app (no superuser,
# cannot create databases or roles) with the password TKO_DB_PASSWORD, the database tko_app it
# owns, and in it the extensions that need a superuser (postgis and pgrouting — the road graph of
# `pnpm region:load`, docker/db/Dockerfile — not trusted on PostgreSQL 15); the migrations then run as tko_app (docs/DECISIONS.md "Least privilege").
# For a volume initialised before this script existed, run it once by hand:
#   docker compose exec -e TKO_DB_PASSWORD db sh /docker-entrypoint-initdb.d/20-tko-app.sh
set -eu
: "${TKO_DB_PASSWORD:?set TKO_DB_PASSWORD (.env, see .env.example)}"
psql -v ON_ERROR_STOP=1 -X -q --username "$POSTGRES_USER" --dbname postgres -v pw="$TKO_DB_PASSWORD" <<'SQL'
SELECT 'CREATE ROLE tko_app' WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'tko_app') \gexec
ALTER ROLE tko_app LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD :'pw';
SELECT 'CREATE DATABASE tko_app OWNER tko_app' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'tko_app') \gexec
SQL
psql -v ON_ERROR_STOP=1 -X -q --username "$POSTGRES_USER" --dbname tko_app <<'SQL'
REVOKE CONNECT, TEMPORARY ON DATABASE tko_app FROM PUBLIC;
CREATE EXTENSION IF NOT EXISTS postgis;
CREATE EXTENSION IF NOT EXISTS pgrouting;
SQL
