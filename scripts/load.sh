#!/usr/bin/env bash
# make load: build the service and the load harness, start the service on a
# free loopback port (embedded default), run cmd/loadgen against it, stop it.
# USERS, DURATION and LOADGEN_ARGS (e.g. "--json load.json") tune the run;
# SERVE_ARGS go to `searchagent serve` (e.g. "--max-sessions 5000"). Every
# virtual user shares one IP, so the per-client rate limits and stream bound
# are lifted here (SERVE_ARGS may set them again; the last flag wins).
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
USERS=${USERS:-50}
DURATION=${DURATION:-10s}
bin=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$bin"' EXIT
$GO build -o "$bin/" ./cmd/searchagent ./cmd/loadgen
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])' 2>/dev/null || echo 18080)
"$bin/searchagent" serve --addr "127.0.0.1:$port" --create-rate 0 --event-rate 0 --max-streams-per-client 0 --max-streams-per-session 0 ${SERVE_ARGS:-} >"$bin/serve.log" 2>&1 &
pid=$!
for _ in $(seq 120); do
  curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  kill -0 "$pid" 2>/dev/null || { cat "$bin/serve.log"; exit 1; }
  sleep 0.5
done
"$bin/loadgen" --base "http://127.0.0.1:$port" --users "$USERS" --duration "$DURATION" ${LOADGEN_ARGS:-}
