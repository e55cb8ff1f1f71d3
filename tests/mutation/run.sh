#!/bin/bash
# The mutation check (make mutation): plants each bug of a list, one at a time, in a copy of
# the tree and expects the unit tier to fail on it. A bug the tier passes is a test missing.
#
#   tests/mutation/run.sh [LIST...]   LIST: every tests/mutation/*.mutants by default (one a folder)
#
# MUTATION_ONLY=REGEX  only the mutants whose line matches (grep -E), to try one or a few
# MUTATION_FILTER=GLOB the unit tests run (Criterion's --filter); by default every suite but
#                      plot, which draws pictures with gnuplot and takes most of the tier's time
#                      (plot_data tests the plots' scripts and runs); '*' runs them all
# MUTATION_JOBS=N      make's and Criterion's jobs (2)
# MUTATION_QUICK=0     skip the first pass (below) and run the whole filter for every mutant
# MUTATION_KEEP=1      keep the copy (its path is printed) to look at a mutant's build
#
# Exit status: 0 when every mutant was caught; 1 when one was missed, did not build or its
# snippet is not in its file exactly once (each a list to fix, not a result); 2 when the
# unmutated tree does not build or fails its own tests.
set -u -o pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
if [ $# -gt 0 ]; then
	lists=()
	for l in "$@"; do lists+=("$(realpath "$l")"); done
else
	lists=("$root"/tests/mutation/*.mutants)
fi
filter=${MUTATION_FILTER:-'!(plot)/*'}
jobs=${MUTATION_JOBS:-2}
only=${MUTATION_ONLY:-}
start=$SECONDS

work=$(mktemp -d /tmp/zsb-mutation-XXXXXX) || exit 2
if [ "${MUTATION_KEEP:-0}" = 1 ]; then
	echo "# the copy: $work"
else
	trap 'rm -rf "$work"' EXIT
fi
tree=$work/tree
mkdir -p "$tree"

# The files git knows, as they are in the work tree (an edit not yet committed included), and
# not the build: the copy builds from scratch with the Makefile's own flags.
(cd "$root" && git ls-files -z --cached --others --exclude-standard |
	while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done |
	tar --null -T - -cf -) | tar -xf - -C "$tree" || { echo "could not copy the tree" >&2; exit 2; }

unit_build() {
	make -C "$tree" -j"$jobs" unit >"$work/build.log" 2>&1
}

# A hung mutant (a loop that no longer ends) counts as caught by the timeout, as it would be
# by anyone running the tier.
unit_run() {
	(cd "$tree" && timeout 900 ./tests/unit/run-unit -j"$jobs" --fail-fast --timeout 120 \
		--filter "${1:-$filter}" >"$work/unit.log" 2>&1)
}

# The suites of the test files that include the mutated file's own header: a first pass that
# catches most mutants in seconds. A mutant it misses still meets the whole filter, so the
# verdict is the whole tier's; only the time changes (a full run of every list: hours to
# under one). Empty when no test includes the header (main.c, a file without one).
quick_filter() {
	local header=${1#src/}
	header=${header%.c}.h
	[ "${MUTATION_QUICK:-1}" = 1 ] && [ -f "$tree/src/$header" ] || return 0
	local suites
	suites=$(grep -lF "#include \"$header\"" "$tree"/tests/unit/test_*.c 2>/dev/null |
		xargs -r sed -nE 's/^(Test|ParameterizedTest)\(([a-z0-9_]+),.*/\2/p' |
		sort -u | paste -sd'|')
	[ -n "$suites" ] && printf '@(%s)/*' "$suites"
	return 0
}

# 0 when the tier passes the mutant (missed); the quick pass first, then the whole filter.
mutant_passes() {
	local quick
	quick=$(quick_filter "$1")
	if [ -n "$quick" ] && ! unit_run "$quick"; then
		return 1
	fi
	unit_run
}

# Replaces the one place the snippet is in the file; 3 when it is not there exactly once.
plant() {
	python3 - "$@" <<'PY'
import sys
path, old, new = sys.argv[1:4]
text = open(path, encoding="utf-8").read()
n = text.count(old)
if n != 1:
    print(f"the snippet is in {path} {n} times, not once: {old!r}")
    sys.exit(3)
open(path, "w", encoding="utf-8").write(text.replace(old, new, 1))
PY
}

echo "# the unmutated tree, unit tests '$filter'"
if ! unit_build; then
	tail -20 "$work/build.log"
	echo "the unmutated tree does not build" >&2
	exit 2
fi
if ! unit_run; then
	grep -E '\[FAIL\]|Synthesis' "$work/unit.log" | head -20
	echo "the unmutated tree fails its unit tests: a mutant could not be told from it" >&2
	exit 2
fi
echo "# built and passed in $((SECONDS - start))s"

caught=0 missed=0 broken=0 n=0
# Per folder of src/: mutants tried and caught, for the closing table.
declare -A tried_in caught_in
while IFS= read -r line || [ -n "$line" ]; do
	case $line in '' | '#'*) continue ;; esac
	if [ -n "$only" ] && ! grep -qE -- "$only" <<<"$line"; then
		continue
	fi
	IFS=$'\t' read -r file old new what extra <<<"$line"
	n=$((n + 1))
	if [ -z "${what:-}" ] || [ -n "${extra:-}" ] || [ ! -f "$tree/$file" ]; then
		echo "bad line    $n: not file<TAB>original<TAB>replacement<TAB>description: $line"
		broken=$((broken + 1))
		continue
	fi
	folder=$(dirname "$file")
	tried_in[$folder]=$((${tried_in[$folder]:-0} + 1))
	t0=$SECONDS
	cp -p "$tree/$file" "$work/original"
	if ! why=$(plant "$tree/$file" "$old" "$new"); then
		echo "bad snippet $file: $what: $why"
		broken=$((broken + 1))
		continue
	fi
	if ! unit_build; then
		echo "NOT BUILT   $file: $what (fix the replacement)"
		grep -m3 -E 'error' "$work/build.log" | sed 's/^/            /'
		broken=$((broken + 1))
	elif mutant_passes "$file"; then
		echo "MISSED      $file: $what ($((SECONDS - t0))s)"
		missed=$((missed + 1))
	else
		failed=$(grep -m1 -oE '\[(FAIL|CRASH)\] [^:]*|\[----\] [^:]*:[0-9]+' "$work/unit.log" |
			head -1)
		echo "caught      $file: $what ($((SECONDS - t0))s${failed:+; $failed})"
		caught=$((caught + 1))
		caught_in[$folder]=$((${caught_in[$folder]:-0} + 1))
	fi
	# The original back, newer than the mutant's object, so the next build recompiles it.
	cp "$work/original" "$tree/$file"
	touch "$tree/$file"
done < <(awk 1 "${lists[@]}")

[ "$n" -gt 0 ] || { echo "no mutant in ${lists[*]}" >&2; exit 1; }
echo "# caught per folder"
for folder in $(printf '%s\n' "${!tried_in[@]}" | sort); do
	t=${tried_in[$folder]} c=${caught_in[$folder]:-0}
	printf '%-24s %3d of %3d  %3d%%\n' "$folder" "$c" "$t" $((100 * c / t))
done
[ "$broken" -eq 0 ] || echo "$broken of the list's lines did not make a mutant that builds"
echo "# $((SECONDS - start))s in all"
[ "$n" -gt 0 ] && echo "$caught of $n caught ($((100 * caught / n))%)"
echo "$caught caught, $missed missed"
[ "$missed" -eq 0 ] && [ "$broken" -eq 0 ]
