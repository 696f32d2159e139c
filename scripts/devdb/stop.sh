#!/usr/bin/env bash
# Stops the databases scripts/devdb/start.sh started.
set -uo pipefail
dir="${DEVDB_DIR:-/tmp/searchagent-devdb}"
if [ -f "$dir/pglite.pid" ]; then kill "$(cat "$dir/pglite.pid")" 2>/dev/null; rm -f "$dir/pglite.pid"; fi
if [ -f "$dir/pg/postmaster.pid" ]; then
  pgbin=""; for d in /usr/lib/postgresql/*/bin; do [ -x "$d/pg_ctl" ] && pgbin="$d"; done
  [ -n "$pgbin" ] || pgbin="$(dirname "$(command -v pg_ctl)")"
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$pgbin/pg_ctl" -D "$dir/pg" -m fast stop; else "$pgbin/pg_ctl" -D "$dir/pg" -m fast stop; fi
fi
