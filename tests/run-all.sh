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

echo "== unit tests in $SECONDS s"
static_start=$SECONDS
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
echo "== static checks in $((SECONDS - static_start)) s"

# The bats files that change the machine (their setup is common_setup, which records the
# machine's state and checks it again after each test) run one after another; the files that
# touch nothing of it (fixtures, views, docs: no common_setup) run beside them, niced so that
# the timed trials keep their CPU. The machine's state is recorded before them and checked
# after them and the VM tier.
# The package both need is built once between them (ZSB_SHARED_DIR, helpers.bash's shared_deb):
# first among the others, last among the kernel's, so that it is built while the kernel's run.
kernel_files=() pure_files=() kernel_last=() pure_first=()
for f in tests/cli/*.bats; do
	case ${f##*/} in
	package_build.bats) pure_first+=("$f") ;;
	fleet.bats | packaging.bats) kernel_last+=("$f") ;;
	*) if grep -qw common_setup "$f"; then kernel_files+=("$f"); else pure_files+=("$f"); fi ;;
	esac
done
kernel_files+=("${kernel_last[@]}")
pure_files=("${pure_first[@]}" "${pure_files[@]}")
work=$(mktemp -d)
export ZSB_SHARED_DIR=$work/shared
# helpers.bash names the binaries from the test file's folder, as bats gives it.
BATS_TEST_DIRNAME=$PWD/tests/cli
# shellcheck source=tests/cli/helpers.bash
. tests/cli/helpers.bash
state_before=$(machine_state)
tier_start=$SECONDS

pure_status=0
nice -n 19 bats --tap --timing "${pure_files[@]}" >"$work/pure.tap" 2>&1 &
pure_pid=$!

echo "== integration tests (bats, real kernel): ${#kernel_files[@]} files that change the machine, in turn"
bats --tap --timing "${kernel_files[@]}" | tee "$work/kernel.tap"
echo "== integration: the kernel's files in $((SECONDS - tier_start)) s"
wait "$pure_pid" || pure_status=$?
echo "== integration tests (bats, beside them at nice 19): ${#pure_files[@]} files that touch nothing"
cat "$work/pure.tap"
echo "== integration: the kernel's and the others' files in $((SECONDS - tier_start)) s"

# One TAP stream's counts into the sums: its skips checked against tests/cli/expected-skips.txt,
# each test it planned reported.
count_tap() { # TAP NAME
	local tap=$1 planned ran line unexpected
	skipped=$((skipped + $(grep -c '^ok .* # skip' "$tap")))
	passed=$((passed + $(grep '^ok ' "$tap" | grep -vc ' # skip')))
	failed=$((failed + $(grep -c '^not ok ' "$tap")))
	planned=$(sed -n 's/^1\.\.\([0-9]*\)$/\1/p' "$tap" | head -n 1)
	ran=$(grep -cE '^(not )?ok ' "$tap")
	# A skip this host does not expect is a failure, by name: a tier of skips is not a tier
	# that passed.
	unexpected=$(skips_unexpected "$tap" "$(skips_allowed tests/cli/expected-skips.txt host)")
	while IFS= read -r line; do
		[ -n "$line" ] || continue
		echo "bats: a skip not in tests/cli/expected-skips.txt, counted as a failure: $line"
		skipped=$((skipped - 1)) failed=$((failed + 1))
	done <<<"$unexpected"
	if [ -z "$planned" ]; then
		echo "bats ($2): no plan reported"
		failed=$((failed + 1))
	elif [ "$ran" -lt "$planned" ]; then
		echo "bats ($2): planned $planned tests but reported $ran"
		failed=$((failed + planned - ran))
	fi
}
count_tap "$work/kernel.tap" "the kernel's files"
count_tap "$work/pure.tap" "the others"
while IFS= read -r line; do
	[ -n "$line" ] || continue
	echo "bats: tests/cli/expected-skips.txt: '$line' names no test in tests/cli"
	failed=$((failed + 1))
done <<<"$(skips_stale tests/cli/expected-skips.txt tests/cli)"

# The VM tier after the bats files, not beside them: its two guests (one TCG thread each) want
# both CPUs for about nine minutes; niced beside the timed trials they were starved past their
# budget, and at the same priority they would slow the trials they share the CPUs with.
echo "== VM tier (Debian's kernel under qemu, pure cgroup v2)"
vm_start=$SECONDS
if [ "${ZSB_VM:-1}" = 0 ]; then
	echo "vm: skipped: ZSB_VM=0"
	skipped=$((skipped + 1))
else
	tests/vm/run.sh | tee "$work/vm.log"
	vm_status=${PIPESTATUS[0]}
	if [ "$vm_status" -eq 77 ]; then
		skipped=$((skipped + 1))
	else
		line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$work/vm.log" | tail -n 1)
		passed=$((passed + $(sed -n 's/^\([0-9]*\) passed.*/\1/p' <<<"$line")))
		failed=$((failed + $(sed -n 's/.* \([0-9]*\) failed.*/\1/p' <<<"$line")))
		skipped=$((skipped + $(sed -n 's/.* \([0-9]*\) skipped.*/\1/p' <<<"$line")))
		[ -n "$line" ] || failed=$((failed + 1))
	fi
fi
echo "== VM tier in $((SECONDS - vm_start)) s"

# What any of them left on the machine, though each file of the kernel's checks its own tests.
state_after=$(machine_state)
if [ "$state_after" != "$state_before" ]; then
	echo "the machine's state differs after the integration tests and the VM tier:"
	diff <(echo "$state_before") <(echo "$state_after")
	failed=$((failed + 1))
fi
rm -rf "$work"
echo "== integration tests and the VM tier in $((SECONDS - tier_start)) s; the tests in $SECONDS s"

echo
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
