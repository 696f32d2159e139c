#!/usr/bin/env bash
# mutate-cases.sh PKG GREMLINS_LOG [STATUS]: gremlins v0.6.0 reports every
# mutant in a switch's case clause NOT COVERED (Go's coverage blocks start
# after the colon). This applies each such mutant of GREMLINS_LOG (a
# `make mutate` output) by hand, one at a time, runs PKG's tests, and
# prints KILLED or LIVED per mutant and a summary, then (when the log holds
# gremlins' own summary) the run's figures with the case clauses counted
# as run. With STATUS (LIVED, NOT COVERED …) it re-runs every mutant of
# that status instead, case clause or not: the quick check that new tests
# kill a run's survivors when the code has not changed since.
#
# It edits the source in place: each file is copied aside before it is
# mutated and copied back after its test run, and an exit trap copies it
# back if the script is interrupted or fails (uncommitted changes survive).
# The log's line numbers must still match the source.
#
# Environment: GOFLAGS and GOMAXPROCS as for gremlins (make mutate sets
# both); MUTATE_CASE_TIMEOUT (default 10m) is go test's -timeout per
# mutant, and a mutant that hits it reads TIMED OUT, not KILLED.
# MUTATE_CASE_RUN, when set, is go test's -run: with STATUS LIVED it runs
# only the tests added since the log's run (the others let every one of
# those mutants live already), which is the same verdict in a fraction of
# the time. Never use it for case clauses or NOT COVERED mutants.
set -euo pipefail
pkg=${1:?PKG}
log=${2:?GREMLINS_LOG}
status=${3:-}
timeout=${MUTATE_CASE_TIMEOUT:-10m}
log=$(realpath "$log")
cd "$(git rev-parse --show-toplevel)"

tmp=$(mktemp -d)
backup=$tmp/orig
current=
restore() {
	if [ -n "$current" ]; then
		cp "$backup" "$current"
		current=
	fi
}
trap 'restore; rm -rf "$tmp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

# Strip colours in case the log was captured from a terminal.
plain() { sed -E 's/\x1b\[[0-9;]*m//g' "$log"; }

killed=0 lived=0 skipped=0 timedout=0
while read -r kind loc; do
	file=${loc%%:*}
	rest=${loc#*:}
	line=${rest%%:*}
	col=${rest#*:}
	path="$pkg/$file"
	[ -n "$status" ] || grep -qE '^\s*case ' <(sed -n "${line}p" "$path") || continue
	cp "$path" "$backup"
	current=$path
	# gremlins' columns are 1-based byte offsets of the operator token.
	if ! perl -i -pe '
		BEGIN { ($kind, $line, $col) = @ARGV; splice @ARGV, 0, 3 }
		if ($. == $line) {
			my $p = $col - 1; my $t = substr($_, $p, 2); my $o = substr($_, $p, 1);
			my %neg = ("==" => "!=", "!=" => "==", "<=" => ">", ">=" => "<");
			my %neg1 = ("<" => ">=", ">" => "<=");
			my %bnd = ("<=" => "<", ">=" => ">"); my %bnd1 = ("<" => "<=", ">" => ">=");
			my %ari = ("+" => "-", "-" => "+", "*" => "/", "/" => "*", "%" => "*");
			my $done = 0;
			if ($kind eq "CONDITIONALS_NEGATION") {
				if (exists $neg{$t}) { substr($_, $p, 2) = $neg{$t}; $done = 1 }
				elsif (exists $neg1{$o}) { substr($_, $p, 1) = $neg1{$o}; $done = 1 }
			} elsif ($kind eq "CONDITIONALS_BOUNDARY") {
				if (exists $bnd{$t}) { substr($_, $p, 2) = $bnd{$t}; $done = 1 }
				elsif (exists $bnd1{$o}) { substr($_, $p, 1) = $bnd1{$o}; $done = 1 }
			} elsif ($kind eq "ARITHMETIC_BASE" && exists $ari{$o}) { substr($_, $p, 1) = $ari{$o}; $done = 1 }
			elsif ($kind eq "INCREMENT_DECREMENT" && ($t eq "++" || $t eq "--")) { substr($_, $p, 2) = $t eq "++" ? "--" : "++"; $done = 1 }
			elsif ($kind eq "INVERT_NEGATIVES" && $o eq "-") { substr($_, $p, 1) = "+"; $done = 1 }
			exit 3 unless $done;
		}' "$kind" "$line" "$col" "$path"; then
		restore
		echo "SKIPPED $kind at $loc (not a supported operator)"
		skipped=$((skipped + 1))
		continue
	fi
	mutated=$(sed -n "${line}p" "$path" | sed 's/^\s*//')
	if go test -count=1 -vet=off -failfast -timeout "$timeout" ${MUTATE_CASE_RUN:+-run "$MUTATE_CASE_RUN"} "./$pkg" >"$tmp/out" 2>&1; then
		echo "LIVED   $kind at $loc: $mutated"
		lived=$((lived + 1))
	elif grep -q '^panic: test timed out' "$tmp/out"; then
		echo "TIMED OUT $kind at $loc: $mutated"
		timedout=$((timedout + 1))
	else
		echo "KILLED  $kind at $loc"
		killed=$((killed + 1))
	fi
	restore
done < <(plain | grep -E "^ *${status:-NOT COVERED} " | sed -E 's/^ *(LIVED|KILLED|NOT COVERED|TIMED OUT) ([A-Z_]+) at (.*)$/\2 \3/' | sort -u)
echo "${status:-case-clause} mutants: killed $killed, lived $lived, timed out $timedout, skipped $skipped"

# The run's figures with the case clauses counted as run: gremlins' killed
# and lived plus the case pass's, its not covered minus the case clauses run.
[ -z "$status" ] || exit 0
read -r gk gl gnc < <(plain | sed -nE 's/^Killed: ([0-9]+), Lived: ([0-9]+), Not covered: ([0-9]+).*/\1 \2 \3/p' | tail -1) || true
if [ -z "${gk:-}" ]; then
	echo "(no gremlins summary in $log: no combined figures)"
	exit 0
fi
awk -v k=$((gk + killed)) -v l=$((gl + lived)) -v nc=$((gnc - killed - lived - timedout)) -v t=$timedout 'BEGIN {
	eff = k + l > 0 ? 100 * k / (k + l) : 0
	cov = k + l + nc > 0 ? 100 * (k + l) / (k + l + nc) : 0
	printf "With case clauses: Killed: %d, Lived: %d, Not covered: %d (case-clause timed out: %d); Test efficacy: %.2f%%, Mutator coverage: %.2f%%\n", k, l, nc, t, eff, cov
}'
