#!/usr/bin/env bash
# Throwaway PostgreSQL cluster for tests: `source scripts/postgres.sh && pg_start` exports
# TEST_POSTGRES_URL; `pg_stop` removes the cluster. Needs Debian's postgresql server binaries.
set -euo pipefail

pg_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -n "$dir" ] && [ -x "$dir/initdb" ] && echo "$dir"
}

pg_as_owner() {
  if [ "$(id -u)" = "0" ]; then su postgres -s /bin/bash -c "$1"; else bash -c "$1"; fi
}

pg_start() {
  local bin port
  bin=$(pg_bin) || { echo "PostgreSQL server binaries not found" >&2; return 1; }
  PG_TEST_DIR=$(mktemp -d /tmp/pg-test-XXXXXX)
  port=${PG_TEST_PORT:-55432}
  [ "$(id -u)" = "0" ] && chown postgres:postgres "$PG_TEST_DIR"
  pg_as_owner "'$bin/initdb' -D '$PG_TEST_DIR/data' -A trust -U postgres --no-sync >/dev/null"
  pg_as_owner "'$bin/pg_ctl' -D '$PG_TEST_DIR/data' -l '$PG_TEST_DIR/log' -w -o \"-p $port -k $PG_TEST_DIR -c fsync=off -c listen_addresses=127.0.0.1 -c max_connections=200\" start >/dev/null"
  export PG_TEST_DIR
  export TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$port/postgres"
  echo "PostgreSQL test cluster on port $port"
}

pg_stop() {
  local bin
  [ -n "${PG_TEST_DIR:-}" ] || return 0
  bin=$(pg_bin) || return 0
  pg_as_owner "'$bin/pg_ctl' -D '$PG_TEST_DIR/data' -m immediate stop >/dev/null" || true
  rm -rf "$PG_TEST_DIR"
  unset PG_TEST_DIR
}
