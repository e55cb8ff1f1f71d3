#!/usr/bin/env bats
# What "no change" means on this machine: calibrate measures the spread of independent runs,
# compare then uses it, and says so; compare names what differs between two files' machines.
bats_require_minimum_version 1.5.0
load helpers

setup() {
	common_setup
	export ZSWAPBENCH_RUNDIR="$TMP/rundir"
}
teardown() { common_teardown; }

@test "calibrate: K runs kept, the runs' spread stored, and compare of two of them tests against it" {
	need_zram
	cd "$TMP"
	run --separate-stderr "$ZSB" calibrate --runs 3 --swap zram --limit 16M --alloc 48M --trials 4
	[ "$status" -eq 0 ]
	[ "$(ls results/calibrate-*.json | wc -l)" -eq 3 ]
	[[ "$output" == *"zram, limit 16M, jobs 1, data compressible:50, access fill, alloc 48M"* ]]
	[[ "$output" == *"RUN TO RUN"* ]]
	cal="$ZSWAPBENCH_RUNDIR/calibration.json"
	[ "$(jq -r .format "$cal")" = zswapbench-calibration ]
	[ "$(jq '[.entries[] | select(.metric == "elapsed")] | length' "$cal")" -eq 1 ]
	[ "$(jq -r '.entries[0].runs' "$cal")" -eq 3 ]
	sd=$(jq -r '.entries[] | select(.metric == "elapsed") | .run_sd_log' "$cal")
	set -- results/calibrate-*.json
	run --separate-stderr "$ZSB" compare --format json "$1" "$2"
	[ "$status" -eq 0 ]
	# One run a side: tested against the calibrated spread of the runs, with 3 - 1 degrees of
	# freedom.
	[ "$(jq -r '.cells[0].metrics.elapsed.tested_by' <<<"$output")" = "calibrated run-to-run spread" ]
	used=$(jq -r '.cells[0].metrics.elapsed.run_sd_log' <<<"$output")
	assert_awk "$used == $sd"
	[ "$(jq -r '.cells[0].metrics.elapsed.run_df' <<<"$output")" = 2 ]
	run --separate-stderr "$ZSB" compare "$1" "$2"
	[[ "$output" == *"tested against host $(hostname)'s calibrated run-to-run spread of elapsed"* ]]
	# Calibrating again replaces the entries of this configuration, never duplicates them.
	run --separate-stderr "$ZSB" calibrate --runs 3 --swap zram --limit 16M --alloc 48M --trials 4
	[ "$status" -eq 0 ]
	[ "$(jq '[.entries[] | select(.metric == "elapsed")] | length' "$cal")" -eq 1 ]
}

@test "calibrate: bad input is one line and exit 2, nothing run" {
	cd "$TMP"
	run --separate-stderr "$ZSB" calibrate --runs 2
	[ "$status" -eq 2 ]
	[ "$stderr" = "zswapbench: --runs '2': not a number of runs from 3 to 100; try 'zswapbench calibrate --help'" ]
	run --separate-stderr "$ZSB" calibrate --output x.json
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"'--output' is not an option of 'zswapbench calibrate'"* ]]
	run --separate-stderr "$ZSB" calibrate --limit 12Q
	[ "$status" -eq 2 ]
	[ ! -e results ]
}
