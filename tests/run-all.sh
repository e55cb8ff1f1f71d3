#!/usr/bin/env bash
# Runs every test tier (Criterion unit tests, bats integration tests) and ends with the one
# line CI reads: "N passed, N failed, N skipped".
set -u
cd "$(dirname "$0")/.."

passed=0 failed=0 skipped=0

echo "== unit tests (Criterion)"
unit_log=$(mktemp)
./tests/unit/run-unit 2>&1 | tee "$unit_log"
synthesis=$(grep 'Synthesis:' "$unit_log" | tail -n 1)
rm -f "$unit_log"
if [ -z "$synthesis" ]; then
	echo "unit tests did not report (crashed?)"
	failed=$((failed + 1))
else
	num() { sed -n "s/.*$1: \([0-9]*\).*/\1/p" <<<"$synthesis"; }
	passed=$((passed + $(num Passing)))
	failed=$((failed + $(num Failing) + $(num Crashing)))
fi

echo "== integration tests (bats, real kernel)"
tap=$(mktemp)
bats --tap tests/cli | tee "$tap"
skipped=$((skipped + $(grep -c '^ok .* # skip' "$tap")))
passed=$((passed + $(grep '^ok ' "$tap" | grep -vc ' # skip')))
failed=$((failed + $(grep -c '^not ok ' "$tap")))
planned=$(sed -n 's/^1\.\.\([0-9]*\)$/\1/p' "$tap" | head -n 1)
ran=$(grep -cE '^(not )?ok ' "$tap")
rm -f "$tap"
if [ -n "$planned" ] && [ "$ran" -lt "$planned" ]; then
	echo "bats planned $planned tests but reported $ran"
	failed=$((failed + planned - ran))
fi

echo
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
