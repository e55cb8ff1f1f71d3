#!/usr/bin/env bats
# --pressure-target: memory.high moved each second to hold the cgroup's memory pressure at a
# target (a senpai-style controller), on cgroup v2; refused before any change on v1.
bats_require_minimum_version 1.5.0
load helpers

setup() { common_setup; }
teardown() { common_teardown; }

MiB=1048576

v2_memory() { grep -qw memory /sys/fs/cgroup/cgroup.controllers 2>/dev/null; }

@test "--pressure-target on cgroup v1: refused in one line, exit 3, nothing changed" {
	v2_memory && skip "this machine's memory controller is v2 (the VM tier runs the other test)"
	run --separate-stderr "$ZSB" --swap zram --pressure-target 0.1% --limit 64M --alloc 48M
	[ "$status" -eq 3 ]
	[[ "$stderr" == "zswapbench: --pressure-target: needs cgroup v2"* ]]
	[ "$(wc -l <<<"$stderr")" -eq 1 ]
}

# 48M written, then its first tenth read again and again for 12 seconds (a time, so the
# controller has as many seconds on a fast machine as on a slow one). The controller's rule is
# the unit tier's (test_pressure.c); here, on a real kernel, what it must do whatever that
# kernel's reclaim costs: memory.high comes down from the 48M the fill left, the pages given
# up go to zram, and the trial records the work done. Where it settles depends on the kernel
# (6.1 under TCG settled a quarter-hot workload at 42M, 6.12 at 35M), so it is not asserted.
@test "--pressure-target holds memory.high down to where the workload lives at that pressure (v2)" {
	v2_memory || skip "needs the cgroup v2 memory controller"
	need_zram
	run --separate-stderr "$ZSB" --swap zram --pressure-target 1% --limit 96M --alloc 48M \
		--access hot:10:12s --trials 1 --output "$TMP/r.json"
	echo "$output"
	[ "$status" -eq 0 ]
	settled=$(json '.cells[0].trials[0].values.settled_memory' "$TMP/r.json")
	high=$(json '.cells[0].trials[0].values.final_memory_high' "$TMP/r.json")
	elapsed=$(json '.cells[0].trials[0].values.elapsed' "$TMP/r.json")
	echo "settled $settled, memory.high $high, elapsed $elapsed"
	# It came down from the footprint, and the pages it gave up went to zram.
	assert_awk "$settled < 48 * $MiB"
	assert_awk "$high < 48 * $MiB"
	assert_awk "$settled <= $(json '.cells[0].trials[0].values.cgroup_mem_peak' "$TMP/r.json")"
	assert_awk "$(json '.cells[0].trials[0].values.cgroup_swap_peak' "$TMP/r.json") > 2 * $MiB"
	[ "$(json '.config["pressure-target"]' "$TMP/r.json")" = 1 ]
	# The work done meanwhile: the reads of the 12 seconds.
	assert_awk "$(json '.cells[0].trials[0].values.throughput' "$TMP/r.json") > 0"
}
