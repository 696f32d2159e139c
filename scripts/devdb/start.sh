#!/usr/bin/env bash
# Starts the two test databases on loopback and prints the variables the
# store tests read (eval "$(scripts/devdb/start.sh)"):
#
#   TEST_VECTOR_DATABASE_URL  PGlite (PostgreSQL in WASM) with pgvector, via
#                             @electric-sql/pglite-socket — the channel store.
#   TEST_DATABASE_URL         the machine's native PostgreSQL (initdb + pg_ctl)
#                             — sessions, events, traces and their concurrency.
#
# Both are throw-away: data lives under $DEVDB_DIR (default /tmp/searchagent-devdb)
# and scripts/devdb/stop.sh ends them. Already running ones are reused.
# Ports: DEVDB_VECTOR_PORT (55432) and DEVDB_PG_PORT (55433).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dir="${DEVDB_DIR:-/tmp/searchagent-devdb}"
vport="${DEVDB_VECTOR_PORT:-55432}"
pport="${DEVDB_PG_PORT:-55433}"
mkdir -p "$dir"
log() { echo "devdb: $*" >&2; }

ready() { # host port
  if command -v pg_isready >/dev/null 2>&1; then pg_isready -q -h 127.0.0.1 -p "$1"; else (exec 3<>/dev/tcp/127.0.0.1/"$1") 2>/dev/null; fi
}

# --- PGlite + pgvector -------------------------------------------------------
if ! ready "$vport"; then
  if [ ! -x "$here/node_modules/.bin/pglite-server" ]; then
    log "npm ci in $here"
    (cd "$here" && npm ci --no-audit --no-fund --silent >&2)
  fi
  log "starting PGlite (pgvector) on 127.0.0.1:$vport"
  # PGlite has one backend: -m multiplexes connections onto it (see README).
  nohup "$here/node_modules/.bin/pglite-server" -p "$vport" -h 127.0.0.1 -m 8 \
    -e @electric-sql/pglite-pgvector:vector >"$dir/pglite.log" 2>&1 &
  echo $! >"$dir/pglite.pid"
  for _ in $(seq 1 120); do ready "$vport" && break; sleep 0.5; done
  ready "$vport" || { log "PGlite did not start; see $dir/pglite.log"; exit 1; }
fi

# --- native PostgreSQL ------------------------------------------------------
pgbin=""
for d in /usr/lib/postgresql/*/bin; do [ -x "$d/pg_ctl" ] && pgbin="$d"; done
[ -n "$pgbin" ] || pgbin="$(dirname "$(command -v pg_ctl)")"
asuser=()
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || useradd -r -m postgres
  asuser=(runuser -u postgres --)
  chown postgres "$dir"
fi
if ! ready "$pport"; then
  if [ ! -f "$dir/pg/PG_VERSION" ]; then
    log "initdb $dir/pg"
    "${asuser[@]}" "$pgbin/initdb" -D "$dir/pg" -U postgres -A trust --no-sync >"$dir/initdb.log" 2>&1
  fi
  log "starting PostgreSQL on 127.0.0.1:$pport"
  "${asuser[@]}" "$pgbin/pg_ctl" -D "$dir/pg" -l "$dir/pg.log" -w \
    -o "-p $pport -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100" start >&2
fi

echo "export TEST_VECTOR_DATABASE_URL='postgres://postgres@127.0.0.1:$vport/postgres?sslmode=disable&default_query_exec_mode=describe_exec'"
echo "export TEST_DATABASE_URL='postgres://postgres@127.0.0.1:$pport/postgres?sslmode=disable'"
