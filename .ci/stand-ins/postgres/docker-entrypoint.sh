#!/bin/sh
# The official postgres image's start-up, for the part compose.yaml uses: on a first start (empty
# PGDATA) a cluster whose superuser is POSTGRES_USER with POSTGRES_PASSWORD (scram-sha-256 from any
# address), and the database POSTGRES_DB; then the server as the postgres user.
set -eu
if [ "${1#-}" != "$1" ]; then set -- postgres "$@"; fi
if [ "$1" != postgres ]; then exec "$@"; fi

if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA"
  chown postgres:postgres "$PGDATA"
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?the official image refuses to start without POSTGRES_PASSWORD; so does this one}"
  user=${POSTGRES_USER:-postgres}
  database=${POSTGRES_DB:-$user}
  password_file=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" >"$password_file"
  initdb --username="$user" --pwfile="$password_file" --auth-local=trust --auth-host=scram-sha-256
  rm -f "$password_file"
  echo 'host all all all scram-sha-256' >>"$PGDATA/pg_hba.conf"
  echo "listen_addresses = '*'" >>"$PGDATA/postgresql.conf"
  if [ "$database" != postgres ]; then
    pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start
    # (psql interpolates :"database", quoted as an identifier, only in what it reads, not in -c)
    echo 'CREATE DATABASE :"database";' |
      psql -v ON_ERROR_STOP=1 --username="$user" --dbname=postgres --set=database="$database"
    pg_ctl -D "$PGDATA" -m fast -w stop
  fi
  echo "PostgreSQL init process complete; ready for start up."
fi
exec "$@"
