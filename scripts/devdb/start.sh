#!/usr/bin/env bash
# Starts the two test databases on loopback and prints the variables the
# store tests read (eval "$(scripts/devdb/start.sh)"):
#
#   TEST_VECTOR_DATABASE_URL  PGlite (PostgreSQL in WASM) with pgvector, via
#                             @electric-sql/pglite-socket — the channel store;
#                             or, when the native PostgreSQL has pgvector
#                             installed, its database "vectors" (much faster).
#   TEST_DATABASE_URL         the machine's native PostgreSQL (initdb + pg_ctl)
#                             — sessions, events, traces and their concurrency.
#
# DEVDB_VECTOR chooses the vector database: auto (default: native when
# pgvector is installed for it, else PGlite), pglite (what .ci/run uses) or
# native (fails without pgvector). The choice is logged on stderr.
# Both are throw-away: data lives under $DEVDB_DIR (default /tmp/searchagent-devdb)
# and scripts/devdb/stop.sh ends them. Already running ones are reused.
# Ports: DEVDB_VECTOR_PORT (55432) and DEVDB_PG_PORT (55433). PGlite runs every
# connection on one backend: its DSN uses default_query_exec_mode=exec (one
# round trip per statement), since a Parse/Describe of one connection followed
# later by its Bind collides with another connection's unnamed statement.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dir="${DEVDB_DIR:-/tmp/searchagent-devdb}"
vport="${DEVDB_VECTOR_PORT:-55432}"
pport="${DEVDB_PG_PORT:-55433}"
mkdir -p "$dir"
log() { echo "devdb: $*" >&2; }

# listening: something accepts connections on the port (a busy PGlite may
# not answer pg_isready in time, but it is there).
listening() { (exec 3<>/dev/tcp/127.0.0.1/"$1") 2>/dev/null; }
ready() {
  if command -v pg_isready >/dev/null 2>&1; then pg_isready -q -h 127.0.0.1 -p "$1"; else listening "$1"; fi
}

# --- which vector database ---------------------------------------------------
pgbin=""
for d in /usr/lib/postgresql/*/bin; do [ -x "$d/pg_ctl" ] && pgbin="$d"; done
[ -n "$pgbin" ] || pgbin="$(dirname "$(command -v pg_ctl)")"
mode="${DEVDB_VECTOR:-auto}"
native_vector=no
sharedir="$("$pgbin/pg_config" --sharedir 2>/dev/null || true)"
[ -n "$sharedir" ] || sharedir="/usr/share/postgresql/$(basename "$(dirname "$pgbin")")"
[ -n "$sharedir" ] && [ -f "$sharedir/extension/vector.control" ] && native_vector=yes
case "$mode" in
  auto) if [ "$native_vector" = yes ]; then mode=native; else mode=pglite; fi ;;
  native) [ "$native_vector" = yes ] || { log "DEVDB_VECTOR=native, but pgvector is not installed for $pgbin"; exit 1; } ;;
  pglite) ;;
  *) log "DEVDB_VECTOR=$mode: want auto, pglite or native"; exit 1 ;;
esac
log "vector database: $mode (native pgvector installed: $native_vector)"

# --- PGlite + pgvector -------------------------------------------------------
if [ "$mode" = pglite ] && ! listening "$vport"; then
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
asuser=()
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || useradd -r -m postgres
  asuser=(runuser -u postgres --)
  chown postgres "$dir"
fi
if ! listening "$pport"; then
  if [ ! -f "$dir/pg/PG_VERSION" ]; then
    log "initdb $dir/pg"
    "${asuser[@]}" "$pgbin/initdb" -D "$dir/pg" -U postgres -A trust --no-sync >"$dir/initdb.log" 2>&1
  fi
  log "starting PostgreSQL on 127.0.0.1:$pport"
  "${asuser[@]}" "$pgbin/pg_ctl" -D "$dir/pg" -l "$dir/pg.log" -w \
    -o "-p $pport -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100" start >&2
fi

if [ "$mode" = native ]; then
  for _ in $(seq 1 20); do ready "$pport" && break; sleep 0.5; done
  if ! "$pgbin/psql" -h 127.0.0.1 -p "$pport" -U postgres -Atqc "SELECT 1 FROM pg_database WHERE datname = 'vectors'" postgres | grep -q 1; then
    "$pgbin/psql" -h 127.0.0.1 -p "$pport" -U postgres -qc "CREATE DATABASE vectors" postgres >&2
  fi
  echo "export TEST_VECTOR_DATABASE_URL='postgres://postgres@127.0.0.1:$pport/vectors?sslmode=disable'"
else
  echo "export TEST_VECTOR_DATABASE_URL='postgres://postgres@127.0.0.1:$vport/postgres?sslmode=disable&default_query_exec_mode=exec'"
fi
echo "export TEST_DATABASE_URL='postgres://postgres@127.0.0.1:$pport/postgres?sslmode=disable'"
