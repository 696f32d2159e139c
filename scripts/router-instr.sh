#!/usr/bin/env bash
# Counts the instructions the router executes per query: valgrind's
# callgrind, collecting only inside router.(*Snapshot).Query, over
# BenchmarkQueryMix (the benchmark inputs in rotation), with the garbage
# collector off so that only the query's own work is counted (allocation
# is counted, collection is not). Deterministic to about ±0.3%, unlike
# wall-clock figures on a shared machine: use it to compare two commits.
#
# Usage: scripts/router-instr.sh [queries]   (default 2000; needs valgrind)
set -euo pipefail
n=${1:-2000}
command -v valgrind >/dev/null || { echo "router-instr: valgrind is not installed (apt-get install valgrind)" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && go test -c -o "$tmp/router.test" ./router)
cd "$root/router"
for try in 1 2 3 4 5; do
	# valgrind occasionally stops on an instruction it does not emulate
	# (rdtscp); a run counts only when the benchmark finished.
	if GOGC=off GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" \
		--toggle-collect='searchagent/router.(*Snapshot).Query' \
		"$tmp/router.test" -test.run '^$' -test.bench '^BenchmarkQueryMix$' -test.benchtime "${n}x" -test.cpu 1 \
		>"$tmp/out" 2>&1 && grep -q '^PASS' "$tmp/out"; then
		total=$(grep -E '^(summary|totals):' "$tmp/cg.out" | head -1 | awk '{print $2}')
		# b.N runs 1 query first, then n.
		echo "router: $((total / (n + 1))) instructions per query (BenchmarkQueryMix, $n queries, callgrind)"
		exit 0
	fi
done
echo "router-instr: valgrind did not complete a run; last output:" >&2
tail -5 "$tmp/out" >&2
exit 1
