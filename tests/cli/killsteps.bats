#!/usr/bin/env bats
# A SIGKILL after every record of the journal in turn ($ZSWAPBENCH_TEST_KILL_AT_RECORD=N: the
# run kills itself right after its Nth record), then cleanup: after each, the machine is
# exactly as before. N goes up until a run completes, so every step a kill can land on is
# tried, not a few chosen pause points.
bats_require_minimum_version 1.5.0
load helpers

setup() { common_setup; }
teardown() { common_teardown; }

# Runs "$@" killed after record 1, 2, ... until a run completes; cleanup after each kill.
kill_at_every_record() {
	local n status kills=0
	for n in $(seq 1 400); do
		status=0
		ZSWAPBENCH_TEST_KILL_AT_RECORD=$n "$ZSB" --trials 1 --output "$TMP/r.json" "$@" \
			>"$TMP/out" 2>"$TMP/err" || status=$?
		if [ "$status" -eq 0 ]; then
			echo "completed at record $n after $kills kills"
			[ "$kills" -ge 4 ]
			return 0
		fi
		if [ "$status" -ne 137 ]; then
			echo "record $n: exit $status"
			cat "$TMP/err"
			return 1
		fi
		kills=$((kills + 1))
		run "$ZSB" cleanup
		if [ "$status" -ne 0 ] || [[ "$output" == *"could not"* ]] || [[ "$output" == *"left "*" alone"* ]]; then
			echo "record $n: cleanup: $output"
			return 1
		fi
		if [ "$(machine_state)" != "$BEFORE" ]; then
			echo "record $n: the machine changed"
			diff <(echo "$BEFORE") <(machine_state)
			return 1
		fi
	done
	echo "no run completed in 400 records"
	return 1
}

@test "killed after every journal record: disk" {
	kill_at_every_record --swap disk --limit 16M --alloc 32M --swap-size 64M \
		--swapfile /var/tmp/zswapbench-killsteps.swap
	[ ! -e /var/tmp/zswapbench-killsteps.swap ]
}

@test "killed after every journal record: zram" {
	need_zram
	kill_at_every_record --swap zram --limit 16M --alloc 32M
}

@test "killed after every journal record: zswap" {
	need_zswap
	kill_at_every_record --swap zswap --limit 16M --alloc 32M --swap-size 64M
}

@test "killed after every journal record: zram writeback with its loop device" {
	need_zram
	[ -e /sys/block/zram0/backing_dev ] || [ -e /sys/class/zram-control ] || skip "no zram-control"
	run "$ZSB" -n --swap zram --zram-backing-dev 32M --zram-writeback idle --trials 1
	if [ "$status" -ne 0 ]; then
		# Only the kernel's missing writeback is a skip; any other failed plan is a failure.
		[ "$status" -eq 3 ] && [[ "$output" == *"this kernel's zram has no backing device"* ]] ||
			{ echo "the dry run failed: $output" >&2; return 1; }
		skip "this kernel's zram has no writeback: $output"
	fi
	kill_at_every_record --swap zram --zram-backing-dev 32M --zram-writeback idle --limit 16M --alloc 32M
}

@test "killed after every journal record: a command with --setup and its work directory" {
	need_zram
	kill_at_every_record --swap zram --limit 16M --alloc 32M \
		--setup 'dd if=/dev/urandom of=data bs=64k count=16 status=none' -- cp data copy
	# The work directory sits beside the swapfile (/var/tmp), which machine_state lists.
	if ls -d /var/tmp/zswapbench-*.d 2>/dev/null | grep -q .; then
		echo "a work directory was left"
		return 1
	fi
}
