#!/usr/bin/env bats
# Where the workload runs: pinned to one fixed set for all the trials of a run, each trial's
# CPUs recorded from the kernel, --cpus checked against the online CPUs.
bats_require_minimum_version 1.5.0
load helpers

setup() { common_setup; }
teardown() { common_teardown; }

online_count() {
	awk -F, '{ n = 0; for (i = 1; i <= NF; i++) { split($i, r, "-"); n += (r[2] == "" ? 1 : r[2] - r[1] + 1) } print n }' \
		/sys/devices/system/cpu/online
}

@test "--cpus N: every job of every trial ran on CPU N, the runner elsewhere" {
	need_zram
	last=$(($(online_count) - 1))
	run --separate-stderr "$ZSB" --swap zram --limit 16M --alloc 48M --trials 3 --jobs 2 --cpus "$last" --output "$TMP/r.json"
	[ "$status" -eq 0 ]
	[ "$(json .plan.workload_cpus "$TMP/r.json")" = "$last" ]
	[ "$(json '[.cells[0].trials[].jobs[].cpu] | unique | join(",")' "$TMP/r.json")" = "$last" ]
	[ "$(json '[.cells[0].trials[].cpus] | unique | join(",")' "$TMP/r.json")" = "$last" ]
	[[ "$stderr" == *"workload pinned to --cpus $last"* ]]
	if [ "$last" -gt 0 ]; then
		[ "$(json .plan.runner_cpus "$TMP/r.json")" != "null" ]
		[[ "$(json .plan.runner_cpus "$TMP/r.json")" != *"$last"* ]]
	fi
}

# The setup is not measured: it makes the data on every CPU the runner was given (a kernel
# tree prepared with make -j$(nproc)), not on the one the runner moved to.
@test "--setup runs on every CPU zswapbench had, the workload on its pinned set" {
	need_zram
	[ "$(online_count)" -gt 1 ] || skip "one CPU: nothing is pinned apart"
	printf '#!/bin/sh\ngrep Cpus_allowed_list /proc/self/status >%s/setup-cpus\n' "$TMP" >"$TMP/setup.sh"
	chmod +x "$TMP/setup.sh"
	run --separate-stderr "$ZSB" --swap zram --limit 16M --trials 1 --setup "$TMP/setup.sh" \
		--output "$TMP/r.json" -- /bin/true
	echo "$stderr"
	[ "$status" -eq 0 ]
	had=$(awk '/^Cpus_allowed_list/ { print $2 }' /proc/self/status)
	[ "$(awk '{ print $2 }' "$TMP/setup-cpus")" = "$had" ]
	[ "$(json .plan.workload_cpus "$TMP/r.json")" != "$had" ]
}

@test "by default: one fixed set for the whole run, chosen and said; every trial's CPU is in it" {
	need_zram
	run --separate-stderr "$ZSB" --swap disk,zram --limit 16M --alloc 48M --trials 2 --output "$TMP/r.json"
	[ "$status" -eq 0 ]
	set_=$(json .plan.workload_cpus "$TMP/r.json")
	[ "$set_" != null ]
	[[ "$stderr" == *"workload pinned to CPU"*"device interrupts"* ]]
	for cpu in $(json '.cells[].trials[].jobs[].cpu' "$TMP/r.json"); do
		[ "$cpu" = "$set_" ] || { echo "a job ran on CPU $cpu, outside $set_" >&2; return 1; }
	done
	[ "$(json '[.cells[].trials[].flags[]] | map(select(. == "other-cpus")) | length' "$TMP/r.json")" -eq 0 ]
	# The result file's facts say what decided the choice.
	[[ "$(json .plan.placement "$TMP/r.json")" == *"fewest device interrupts"* ]]
}

@test "--cpus all: nothing pinned, and the result file says so" {
	need_zram
	run --separate-stderr "$ZSB" --swap zram --limit 16M --alloc 48M --trials 1 --cpus all --output "$TMP/r.json"
	[ "$status" -eq 0 ]
	[ "$(json .plan.workload_cpus "$TMP/r.json")" = null ]
	[[ "$stderr" == *"workload not pinned (--cpus all)"* ]]
	# Still recorded: where the job happened to run.
	[ "$(json '.cells[0].trials[0].jobs[0].cpu' "$TMP/r.json")" != null ]
}

@test "--cpus bad input: absent, offline, empty, malformed: exit 2 naming it, nothing changed" {
	run --separate-stderr "$ZSB" --cpus 1000 --trials 1
	[ "$status" -eq 2 ]
	[[ "$stderr" == "zswapbench: --cpus '1000': CPU 1000 is not online (online: "*")" ]]
	for bad in '' '1-0' 'x' '0,' '-1'; do
		run --separate-stderr "$ZSB" --cpus "$bad" --trials 1
		[ "$status" -eq 2 ] || { echo "--cpus '$bad' gave $status" >&2; return 1; }
		[[ "$stderr" == "zswapbench: --cpus '$bad':"* ]]
	done
	# An offline CPU, on a fixture tree whose CPU 1 is offline.
	cp -a "$BATS_TEST_DIRNAME/../fixtures/v1/." "$TMP/tree"
	mkdir -p "$TMP/tree/sys/devices/system/cpu"
	echo "0,2-3" >"$TMP/tree/sys/devices/system/cpu/online"
	run --separate-stderr "$ZSB" --sysroot "$TMP/tree" --swap none --cpus 1 --trials 1
	[ "$status" -eq 2 ]
	[ "$stderr" = "zswapbench: --cpus '1': CPU 1 is not online (online: 0,2-3)" ]
}

@test "the workload is created inside its cgroup on v2 (clone3), moved into it on v1" {
	need_zram
	run "$ZSB" --swap zram --limit 16M --alloc 48M --jobs 2 --trials 1 --output "$TMP/r.json"
	[ "$status" -eq 0 ]
	want=cgroup.procs
	grep -qw memory /sys/fs/cgroup/cgroup.controllers 2>/dev/null && want=clone3
	[ "$(json '[.cells[0].trials[0].jobs[].entered_cgroup] | unique | join(",")' "$TMP/r.json")" = "$want" ]
	# Either way the limit held them: the overflow went to swap.
	assert_awk "$(json '.cells[0].trials[0].values.cgroup_swap' "$TMP/r.json") >= 24 * 1048576"
}
