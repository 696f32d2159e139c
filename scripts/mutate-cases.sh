#!/usr/bin/env bash
# mutate-cases.sh PKG GREMLINS_LOG: gremlins v0.6.0 reports every mutant in
# a switch's case clause NOT COVERED (Go's coverage blocks start after the
# colon). This applies each such mutant of GREMLINS_LOG (a `make mutate`
# output) by hand, one at a time, runs PKG's tests, and prints KILLED or
# LIVED per mutant and a summary; the source is restored after each one.
# Run it in a clean work tree: it edits files in place.
set -euo pipefail
pkg=${1:?PKG}
log=${2:?GREMLINS_LOG}
cd "$(git rev-parse --show-toplevel)"
killed=0 lived=0 skipped=0
while read -r kind loc; do
	file=${loc%%:*}
	rest=${loc#*:}
	line=${rest%%:*}
	col=${rest#*:}
	path="$pkg/$file"
	grep -qE '^\s*case ' <(sed -n "${line}p" "$path") || continue
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
			exit 3 unless $done;
		}' "$kind" "$line" "$col" "$path"; then
		git checkout -q -- "$path"
		echo "SKIPPED $kind at $loc (not a supported operator)"
		skipped=$((skipped + 1))
		continue
	fi
	if go test -count=1 -failfast "./$pkg" >/dev/null 2>&1; then
		echo "LIVED   $kind at $loc: $(sed -n "${line}p" "$path" | sed 's/^\s*//')"
		lived=$((lived + 1))
	else
		echo "KILLED  $kind at $loc"
		killed=$((killed + 1))
	fi
	git checkout -q -- "$path"
done < <(grep 'NOT COVERED' "$log" | sed -E 's/^ *NOT COVERED ([A-Z_]+) at (.*)$/\1 \2/' | sort -u)
echo "case-clause mutants: killed $killed, lived $lived, skipped $skipped"
