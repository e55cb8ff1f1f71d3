#!/usr/bin/env bash
# Runs every test tier (Criterion unit tests, bats integration tests) and ends with the one
# line CI reads: "N passed, N failed, N skipped".
set -u
cd "$(dirname "$0")/.."
# shellcheck source=tests/skips.bash
. tests/skips.bash

passed=0 failed=0 skipped=0

echo "== unit tests (Criterion)"
unit_log=$(mktemp)
./tests/unit/run-unit 2>&1 | tee "$unit_log"
synthesis=$(grep 'Synthesis:' "$unit_log" | tail -n 1)
if [ -z "$synthesis" ]; then
	echo "unit tests did not report (crashed?)"
	failed=$((failed + 1))
else
	num() { sed -n "s/.*$1: \([0-9]*\).*/\1/p" <<<"$synthesis"; }
	passed=$((passed + $(num Passing)))
	failed=$((failed + $(num Failing) + $(num Crashing)))
fi
# Criterion passes a test whose process leaked or misbehaved at exit: the sanitizers' reports
# (make SANITIZE=1) fail the tier here.
sanitized=$(grep -cE 'ERROR: (LeakSanitizer|AddressSanitizer)|runtime error:' "$unit_log")
if [ "$sanitized" -gt 0 ]; then
	echo "unit tests: $sanitized sanitizer report(s) above"
	failed=$((failed + sanitized))
fi
rm -f "$unit_log"

echo "== static checks (the code's shape against docs/architecture.md, the bats assertions)"
static_log=$(mktemp)
# test_house.py and test_bats_lint.py plant a violation per check of house.py and bats_lint.py
# in a copy of the tree and expect that check to fail: a check never seen to fail proves nothing.
{
	python3 tests/static/house.py
	python3 tests/static/mutants.py
	python3 tests/static/bats_lint.py
	python3 tests/static/test_house.py
	python3 tests/static/test_bats_lint.py
} | tee "$static_log"
skipped=$((skipped + $(grep -ic '^ok .* # skip' "$static_log")))
passed=$((passed + $(grep '^ok ' "$static_log" | grep -vic ' # skip')))
failed=$((failed + $(grep -c '^not ok ' "$static_log")))
# One plan a script, and a last line from each of the two that plant.
plans=$(grep -c '^1\.\.' "$static_log")
[ "$plans" -eq 5 ] || { echo "static checks: $plans of 5 scripts reported"; failed=$((failed + 1)); }
[ "$(grep -cE '^[0-9]+ passed, [0-9]+ failed$' "$static_log")" -eq 2 ] ||
	{ echo "test_house.py or test_bats_lint.py did not report"; failed=$((failed + 1)); }
rm -f "$static_log"

echo "== integration tests (bats, real kernel)"
tap=$(mktemp)
bats --tap --timing tests/cli | tee "$tap"
skipped=$((skipped + $(grep -c '^ok .* # skip' "$tap")))
passed=$((passed + $(grep '^ok ' "$tap" | grep -vc ' # skip')))
failed=$((failed + $(grep -c '^not ok ' "$tap")))
planned=$(sed -n 's/^1\.\.\([0-9]*\)$/\1/p' "$tap" | head -n 1)
ran=$(grep -cE '^(not )?ok ' "$tap")
# A skip this host does not expect (tests/cli/expected-skips.txt) is a failure, by name: a tier
# of skips is not a tier that passed.
unexpected=$(skips_unexpected "$tap" "$(skips_allowed tests/cli/expected-skips.txt host)")
stale=$(skips_stale tests/cli/expected-skips.txt tests/cli)
rm -f "$tap"
while IFS= read -r line; do
	[ -n "$line" ] || continue
	echo "bats: a skip not in tests/cli/expected-skips.txt, counted as a failure: $line"
	skipped=$((skipped - 1)) failed=$((failed + 1))
done <<<"$unexpected"
while IFS= read -r line; do
	[ -n "$line" ] || continue
	echo "bats: tests/cli/expected-skips.txt: '$line' names no test in tests/cli"
	failed=$((failed + 1))
done <<<"$stale"
if [ -n "$planned" ] && [ "$ran" -lt "$planned" ]; then
	echo "bats planned $planned tests but reported $ran"
	failed=$((failed + planned - ran))
fi

echo "== VM tier (Debian's kernel under qemu, pure cgroup v2)"
if [ "${ZSB_VM:-1}" = 0 ]; then
	echo "vm: skipped: ZSB_VM=0"
	skipped=$((skipped + 1))
else
	vm_log=$(mktemp)
	tests/vm/run.sh | tee "$vm_log"
	vm_status=${PIPESTATUS[0]}
	if [ "$vm_status" -eq 77 ]; then
		skipped=$((skipped + 1))
	else
		line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$vm_log" | tail -n 1)
		passed=$((passed + $(sed -n 's/^\([0-9]*\) passed.*/\1/p' <<<"$line")))
		failed=$((failed + $(sed -n 's/.* \([0-9]*\) failed.*/\1/p' <<<"$line")))
		skipped=$((skipped + $(sed -n 's/.* \([0-9]*\) skipped.*/\1/p' <<<"$line")))
		[ -n "$line" ] || failed=$((failed + 1))
	fi
	rm -f "$vm_log"
fi

echo
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
