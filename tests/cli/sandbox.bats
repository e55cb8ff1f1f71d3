#!/usr/bin/env bats
# The hogger's seccomp sandbox and --user.
bats_require_minimum_version 1.5.0
load helpers

setup() {
	common_setup
	need_zram
	chmod 755 "$TMP"
	HOGGER="$BATS_TEST_DIRNAME/../../zswapbench-hogger"
}
teardown() { common_teardown; }

# A hogger that records who it runs as and passes extra arguments to the real one.
wrapper() {
	cat >"$TMP/hogger" <<-SH
	#!/bin/sh
	id -u >"$TMP/uid"
	exec "$HOGGER" "\$@" $*
	SH
	chmod 755 "$TMP/hogger"
	touch "$TMP/uid"
	chmod 666 "$TMP/uid"
}

@test "a forbidden system call kills the hogger with SIGSYS and the runner says so" {
	wrapper --probe-sandbox
	run "$ZSB" --swap zram --limit 16M --alloc 32M --trials 1 --hogger "$TMP/hogger" --output "$TMP/r.json"
	echo "$output"
	[ "$status" -eq 4 ]
	[[ "$output" == *"hogger killed by its seccomp sandbox (SIGSYS)"* ]]
	[ "$(json '.cells[0].trials[0].status' "$TMP/r.json")" = failed ]
	[ "$(json '.config["no-seccomp"]' "$TMP/r.json")" = false ]
}

@test "--no-seccomp runs the hogger without the sandbox" {
	wrapper --probe-sandbox
	run "$ZSB" --swap zram --limit 16M --alloc 32M --trials 1 --no-seccomp --hogger "$TMP/hogger" --output "$TMP/r.json"
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(json '.config["no-seccomp"]' "$TMP/r.json")" = true ]
}

@test "the sandboxed hogger does its whole job: fill, report, reread" {
	run "$ZSB" --swap zram --limit 16M --alloc 48M --trials 1 --reread 2 --output "$TMP/r.json"
	[ "$status" -eq 0 ]
	[ "$(json '.cells[0].trials[0].status' "$TMP/r.json")" = ok ]
	assert_awk "$(json '.cells[0].trials[0].values.access_time' "$TMP/r.json") > 0"
}

@test "--user runs the hogger as that user, still inside the cgroup" {
	wrapper
	run "$ZSB" --swap zram --limit 16M --alloc 48M --trials 1 --user nobody --hogger "$TMP/hogger" --output "$TMP/r.json"
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(cat "$TMP/uid")" = "$(id -u nobody)" ]
	[ "$(json '.config.user' "$TMP/r.json")" = nobody ]
	assert_awk "$(json '.cells[0].trials[0].values.cgroup_swap' "$TMP/r.json") >= 31 * 1048576"
}
