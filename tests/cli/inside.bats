#!/usr/bin/env bats
# Inside each trial, against the real kernel: the time series, PSI, perf counters, the
# cross-checks and --extended.
bats_require_minimum_version 1.5.0
load helpers

setup() { common_setup; need_zram; }
teardown() { common_teardown; }

MiB=1048576

trial() {
	json ".cells[0].trials[${2:-0}]$1" "$TMP/r.json"
}

nondecreasing() {
	[ "$(trial ".series.$1 | . as \$a | [range(1; length) | \$a[.] >= \$a[. - 1]] | all")" = true ] ||
		{ echo "series $1 goes down"; return 1; }
}

@test "the series: every --interval, monotonic where it must be, ending where the trial did" {
	run "$ZSB" --swap zram --limit 32M --alloc 256M --swap-size 256M --trials 1 --interval 10ms --output "$TMP/r.json"
	echo "$output"
	[ "$status" -eq 0 ]
	n=$(trial '.series.t | length')
	elapsed=$(trial '.values.elapsed')
	# One point per 10 ms, give or take the scheduler.
	assert_awk "$n >= 0.5 * $elapsed / 0.01 && $n <= 1.2 * $elapsed / 0.01 + 2"
	for f in t pswpout pswpin pgmajfault psi_some_us psi_full_us progress; do nondecreasing "$f"; done
	[ "$(trial '.series | has("zram_orig_data_size") and has("cgroup_swap") and has("device_used") and has("cgroup_mem")')" = true ]
	# The cgroup stayed at its limit (v2's memory.current may pass it by a charge batch, 64
	# pages per CPU, before reclaim catches up), and swap grew to the overflow.
	assert_awk "$(trial '.series.cgroup_mem | max') <= 33 * $MiB"
	assert_awk "$(trial '.series.cgroup_swap | max') >= 0.9 * 224 * $MiB"
	[ "$(trial '.series.progress[-1]')" -le $((256 * MiB)) ]
}

@test "--interval 0: no series at all" {
	run "$ZSB" --swap zram --limit 16M --alloc 48M --trials 1 --interval 0 --output "$TMP/r.json"
	[ "$status" -eq 0 ]
	[ "$(trial '.series')" = null ]
}

@test "PSI grows under swap pressure, system-wide" {
	[ -r /proc/pressure/memory ] || skip "no PSI in this kernel (psi=1)"
	run "$ZSB" --swap zram --limit 16M --alloc 128M --access reread:2 --trials 1 --output "$TMP/r.json"
	[ "$status" -eq 0 ]
	assert_awk "$(trial '.values.psi_some') > 0"
	nondecreasing psi_some_us
}

@test "PSI grows under swap pressure for the workload's own cgroup" {
	[ -e /sys/fs/cgroup/unified/memory.pressure ] || [ -e /sys/fs/cgroup/memory.pressure ] ||
		skip "no per-cgroup memory.pressure here (it needs the unified hierarchy)"
	run "$ZSB" --swap zram --limit 16M --alloc 128M --access reread:2 --trials 1 --output "$TMP/r.json"
	[ "$status" -eq 0 ]
	assert_awk "$(trial '.values.cgroup_psi_some') > 0"
	nondecreasing cgroup_psi_some_us
}

@test "perf counters agree with rusage; counters this VM lacks are unavailable, not zero" {
	run "$ZSB" --swap zram --limit 32M --alloc 128M --access reread:1 --jobs 2 --threads 2 --trials 1 --output "$TMP/r.json"
	[ "$status" -eq 0 ]
	perf_major=$(trial '.values.perf_major_faults')
	major=$(trial '.values.major_faults')
	assert_awk "$major > 1000"
	within "$perf_major" "$major" 0.01
	faults=$(trial '.values | .minor_faults + .major_faults')
	within "$(trial '.values.perf_page_faults')" "$faults" 0.02
	assert_awk "$(trial '.values.perf_task_clock') > 0"
	# Whatever is unavailable is absent from the values, never a zero.
	[ "$(trial ' | . as $t | [.unavailable[] | in($t.values)] | any')" = false ]
}

@test "hardware counters: measured where there is a PMU, listed as unavailable where there is none" {
	run "$ZSB" --swap zram --limit 32M --alloc 64M --trials 1 --output "$TMP/r.json"
	[ "$status" -eq 0 ]
	if [ "$(trial '.values | has("perf_instructions")')" = true ]; then
		assert_awk "$(trial '.values.perf_instructions') > 1000000"
		[ "$(trial '.unavailable | index("perf_instructions")')" = null ]
	else
		[ "$(trial '.unavailable | index("perf_instructions") != null')" = true ]
		skip "no PMU here: instructions and cycles are listed as unavailable (checked), not measured"
	fi
}

@test "the cross-checks pass on a normal run" {
	run "$ZSB" --swap zram,disk --limit 32M --alloc 128M --trials 2 --output "$TMP/r.json"
	[ "$status" -eq 0 ]
	[ "$(json '[.cells[].trials[].flags[]] | map(select(. == "swap-mismatch" or . == "never-swapped" or . == "device-full")) | length' "$TMP/r.json")" -eq 0 ]
}

@test "a trial that never swaps is flagged and said so" {
	run "$ZSB" --swap zram --limit 64M --alloc 16M --trials 1 --output "$TMP/r.json"
	[ "$status" -eq 0 ]
	[ "$(trial '.flags | index("never-swapped") != null')" = true ]
	[[ "$output" == *"warning: trial 1: never swapped"* ]]
}

@test "a full zram device is flagged" {
	run "$ZSB" --swap zram --zram-size 24M --limit 16M --alloc 64M --data random --interval 10ms --trials 1 --output "$TMP/r.json"
	echo "$output"
	[ "$(trial '.flags | index("device-full") != null')" = true ]
}

@test "--extended keeps the raw files before and after each trial" {
	run "$ZSB" --swap zram --limit 16M --alloc 48M --trials 1 --extended --output "$TMP/r.json"
	[ "$status" -eq 0 ]
	[ "$(trial '.extended.before | keys | join(",")')" = buddyinfo,debug_stat,io_stat,meminfo,mm_stat,vmstat ]
	[[ "$(trial '.extended.after.vmstat')" == *pswpout* ]]
}
