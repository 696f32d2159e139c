#!/usr/bin/env bash
# make load: build the service and the load harness, and for each mode in
# MODES (default "embedded postgres") start the service on a free loopback
# port, run cmd/loadgen against it with USERS users for DURATION, then with
# one user for SINGLE_DURATION (the single-client figures; skipped when
# USERS=1), stop it; at the end print the runs side by side (loadgen
# --compare: turns/s, p50, p99, natural-language p50, and each mode's
# throughput and p99 against the embedded default's).
#
# postgres mode serves the demo catalog (20,000 channels) from PostgreSQL +
# pgvector, sessions included: LOAD_DATABASE_URL if set (migrated and
# ingested here), else the database searchagent_load on the native
# PostgreSQL of scripts/devdb (started if needed, DEVDB_* as there; it needs
# a native pgvector: PGlite would measure WASM, so the mode is skipped and
# said). Its sessions are emptied before each run there (the live-session
# bound counts them in PostgreSQL). LOAD_INGEST=0 skips the ingest.
#
# LOADGEN_ARGS (e.g. "--streams 1000") go to every loadgen run; SERVE_ARGS
# to `searchagent serve` (e.g. "--max-sessions 5000"). Every virtual user
# shares one IP, so the per-client rate limits and stream bound are lifted
# here (SERVE_ARGS may set them again: the last flag wins).
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
USERS=${USERS:-50}
DURATION=${DURATION:-10s}
SINGLE_DURATION=${SINGLE_DURATION:-5s}
MODES=${MODES:-embedded postgres}
bin=$(mktemp -d)
pid=""
stop_server() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; pid=""; fi
}
trap 'stop_server; rm -rf "$bin"' EXIT
$GO build -o "$bin/" ./cmd/searchagent ./cmd/loadgen

psql_bin() {
  command -v psql 2>/dev/null && return
  ls /usr/lib/postgresql/*/bin/psql 2>/dev/null | tail -1
}

# postgres_dsn prints the database of postgres mode, or says on stderr why
# there is none.
postgres_dsn() {
  if [ -n "${LOAD_DATABASE_URL:-}" ]; then
    echo "$LOAD_DATABASE_URL"
    return
  fi
  local env
  env="$(DEVDB_VECTOR=native scripts/devdb/start.sh 2>"$bin/devdb.log")" || {
    echo "postgres mode skipped: no native PostgreSQL with pgvector for scripts/devdb (set LOAD_DATABASE_URL); $(tail -1 "$bin/devdb.log")" >&2
    return 1
  }
  eval "$env"
  local psql
  psql="$(psql_bin)"
  [ -n "$psql" ] || { echo "postgres mode skipped: no psql to create the load database (set LOAD_DATABASE_URL)" >&2; return 1; }
  "$psql" -q "$TEST_DATABASE_URL" -c 'CREATE DATABASE searchagent_load' >/dev/null 2>&1 || true
  echo "${TEST_DATABASE_URL/\/postgres\?//searchagent_load?}"
}

start_server() { # env assignments for serve…
  local port
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' 2>/dev/null || echo 18080)
  base="http://127.0.0.1:$port"
  env "$@" "$bin/searchagent" serve --addr "127.0.0.1:$port" --create-rate 0 --event-rate 0 --max-streams-per-client 0 --max-streams-per-session 0 ${SERVE_ARGS:-} >"$bin/serve.log" 2>&1 &
  pid=$!
  for _ in $(seq 240); do
    curl -sf "$base/healthz" >/dev/null 2>&1 && return
    kill -0 "$pid" 2>/dev/null || { cat "$bin/serve.log"; exit 1; }
    sleep 0.5
  done
  echo "the service did not answer /healthz; its log:" >&2
  cat "$bin/serve.log" >&2
  exit 1
}

runs=()
for mode in $MODES; do
  case "$mode" in
    embedded) envs=(-u DATABASE_URL -u SEARCHAGENT_SESSIONS_DATABASE_URL) ;;
    postgres)
      dsn="$(postgres_dsn)" || continue
      envs=(-u SEARCHAGENT_SESSIONS_DATABASE_URL "DATABASE_URL=$dsn")
      env "${envs[@]}" "$bin/searchagent" migrate up >/dev/null
      if [ "${LOAD_INGEST:-1}" != 0 ]; then
        echo "== postgres: ingesting the demo catalog (LOAD_INGEST=0 skips)"
        env "${envs[@]}" "$bin/searchagent" ingest >"$bin/ingest.log" 2>&1 || { cat "$bin/ingest.log"; exit 1; }
      fi
      ;;
    *) echo "MODES: unknown mode $mode (want embedded, postgres)" >&2; exit 2 ;;
  esac
  counts=("$USERS")
  [ "$USERS" = 1 ] || counts+=(1)
  for users in "${counts[@]}"; do
    dur=$DURATION
    [ "$users" = 1 ] && [ "$USERS" != 1 ] && dur=$SINGLE_DURATION
    if [ "$mode" = postgres ] && [ -z "${LOAD_DATABASE_URL:-}" ]; then
      "$(psql_bin)" -q "$dsn" -c 'TRUNCATE sessions, session_events, session_turns' >/dev/null
    fi
    start_server "${envs[@]}"
    label="$mode $users user$([ "$users" = 1 ] || echo s)"
    echo "== $label, $dur"
    "$bin/loadgen" --base "$base" --users "$users" --duration "$dur" --json "$bin/$mode-$users.json" ${LOADGEN_ARGS:-}
    runs+=("$label=$bin/$mode-$users.json")
    stop_server
  done
done
if [ ${#runs[@]} -gt 1 ]; then
  echo "== side by side"
  list="$(IFS=,; echo "${runs[*]}")"
  "$bin/loadgen" --compare "$list"
fi
