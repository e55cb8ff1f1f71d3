#!/usr/bin/env bats
# Failures at run time: everything zswapbench changed is restored, completed trials stay on disk.
bats_require_minimum_version 1.5.0
load helpers

setup() {
	common_setup
	mkdir -p "$TMP/bin"
	# A real mkswap for the first MKSWAP_OK calls, then a failing one: a runtime failure
	# in the middle of backend setup, after the kernel state was already changed.
	cat >"$TMP/bin/mkswap" <<-'SH'
	#!/bin/sh
	n=$(cat "$MKSWAP_COUNTER" 2>/dev/null || echo 0)
	n=$((n + 1))
	echo "$n" >"$MKSWAP_COUNTER"
	[ "$n" -le "$MKSWAP_OK" ] && exec /sbin/mkswap "$@"
	echo "mkswap: injected failure" >&2
	exit 1
	SH
	chmod +x "$TMP/bin/mkswap"
	export MKSWAP_COUNTER="$TMP/count"
}
# The foreign swapfile a test made itself, swapped off and removed if the test stopped half way.
teardown() {
	if [ -n "${FOREIGN_SWAP:-}" ]; then
		grep -q "^$FOREIGN_SWAP " /proc/swaps && swapoff "$FOREIGN_SWAP"
		rm -f "$FOREIGN_SWAP"
	fi
	common_teardown
}

@test "zram: mkswap failing on the second trial restores the device, keeps trial 1, exits 1" {
	need_zram
	MKSWAP_OK=1 PATH="$TMP/bin:$PATH" run --separate-stderr "$ZSB" --swap zram --limit 16M --alloc 48M --trials 3 --output "$TMP/r.json"
	echo "$stderr"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"mkswap /dev/zram"*"exit status 1"* ]]
	[ "$(json '.status' "$TMP/r.json")" = failed ]
	[ "$(json '.cells[0].trials | length' "$TMP/r.json")" -eq 1 ]
	[ "$(json '.cells[0].trials[0].status' "$TMP/r.json")" = ok ]
	[ "$(json '.error | test("mkswap")' "$TMP/r.json")" = true ]
}

@test "disk: mkswap failing on the run's swapfile (once, before the first trial) removes it and exits 1" {
	MKSWAP_OK=0 PATH="$TMP/bin:$PATH" run --separate-stderr "$ZSB" --swap disk --limit 16M --alloc 48M --trials 2 \
		--swapfile /var/tmp/zswapbench-fail.swap --output "$TMP/r.json"
	echo "$stderr"
	[ "$status" -eq 1 ]
	[ ! -e /var/tmp/zswapbench-fail.swap ]
	[ "$(json '.cells[0].trials | length' "$TMP/r.json")" -eq 0 ]
}

# The swapfile's header is written once for the run: each trial's swapon finds it, and an
# empty area (swapoff emptied every slot). A mkswap that fails after the first call fails the
# run if a trial calls it again.
@test "disk: one mkswap for the run's swapfile, however many trials; each trial swaps to it" {
	MKSWAP_OK=1 PATH="$TMP/bin:$PATH" run --separate-stderr "$ZSB" --swap disk --limit 16M --alloc 48M --trials 3 \
		--swapfile "$TMP/one.swap" --output "$TMP/r.json"
	echo "$stderr"
	[ "$status" -eq 0 ]
	[ "$(cat "$TMP/count")" -eq 1 ]
	[ "$(json '[.cells[0].trials[] | select(.status == "ok")] | length' "$TMP/r.json")" -eq 3 ]
	[ "$(json '[.cells[0].trials[] | select(.values.cgroup_swap_peak > 16777216)] | length' "$TMP/r.json")" -eq 3 ]
}

@test "a hogger that crashes is a failed trial; the run goes on and exits 4" {
	need_zram
	# Trial 1 crashes, trial 2 runs the real hogger.
	cat >"$TMP/bin/hogger" <<-SH
	#!/bin/sh
	n=\$(cat "$TMP/hcount" 2>/dev/null || echo 0); echo \$((n + 1)) >"$TMP/hcount"
	[ "\$n" -ge 1 ] && exec "$BATS_TEST_DIRNAME/../../zswapbench-hogger" "\$@"
	kill -SEGV \$\$
	SH
	chmod +x "$TMP/bin/hogger"
	run --separate-stderr "$ZSB" --swap zram --limit 16M --alloc 48M --trials 2 --hogger "$TMP/bin/hogger" --output "$TMP/r.json"
	echo "$output"
	[ "$status" -eq 4 ]
	[ "$(json '.cells[0].trials[0].status' "$TMP/r.json")" = failed ]
	[ "$(json '.cells[0].trials[0].note | test("signal 11")' "$TMP/r.json")" = true ]
	[ "$(json '.cells[0].trials[1].status' "$TMP/r.json")" = ok ]
	[ "$(json '.cells[0].stats.elapsed.n' "$TMP/r.json")" -eq 1 ]
	[[ "$output" == *"trial 1: failed: hogger killed by signal 11"* ]]
}

@test "--swap-limit caps the cgroup's swap: past limit plus swap limit, OOM" {
	need_zram
	run "$ZSB" --swap zram --limit 16M --swap-limit 16M --alloc 64M --trials 1 --output "$TMP/r.json"
	echo "$output"
	[ "$status" -eq 4 ]
	[ "$(json '.cells[0].trials[0].status' "$TMP/r.json")" = oom ]
	# It was stopped near the cap, far below what 64M would have needed.
	assert_awk "$(json '.cells[0].trials[0].values.cgroup_swap_peak' "$TMP/r.json") <= 17 * 1048576"
}

@test "existing swap is warned about and left untouched" {
	[ ! -e /var/tmp/foreign-test.swap ] || skip "/var/tmp/foreign-test.swap exists on this machine"
	FOREIGN_SWAP=/var/tmp/foreign-test.swap
	dd if=/dev/zero of=/var/tmp/foreign-test.swap bs=1M count=32 status=none
	chmod 600 /var/tmp/foreign-test.swap
	/sbin/mkswap -q /var/tmp/foreign-test.swap
	swapon -p 5 /var/tmp/foreign-test.swap
	run --separate-stderr "$ZSB" --swap disk --limit 16M --alloc 48M --trials 1 --output "$TMP/r.json"
	still=$(grep -c '^/var/tmp/foreign-test.swap' /proc/swaps || true)
	swapoff /var/tmp/foreign-test.swap
	rm -f /var/tmp/foreign-test.swap
	FOREIGN_SWAP=
	echo "$stderr"
	[ "$status" -eq 0 ]
	[ "$still" -eq 1 ]
	[[ "$stderr" == *"warning: swap already active (/var/tmp/foreign-test.swap)"* ]]
	[ "$(json '.system.other_swap[0]' "$TMP/r.json")" = /var/tmp/foreign-test.swap ]
}

@test "--warmup trials are run, recorded as warmup and left out of the statistics" {
	need_zram
	run "$ZSB" --swap zram --limit 16M --alloc 48M --warmup 1 --trials 2 --output "$TMP/r.json"
	[ "$status" -eq 0 ]
	[ "$(json '[.cells[0].trials[].warmup] | map(tostring) | join(",")' "$TMP/r.json")" = true,false,false ]
	[ "$(json '.cells[0].stats.elapsed.n' "$TMP/r.json")" -eq 2 ]
}

@test "a value the kernel refuses mid-run is a runtime failure naming the file and value: exit 1, restored" {
	need_zram
	[ -e /sys/block/zram0/algorithm_params ] || skip "this kernel's zram has no algorithm_params (6.12 and later)"
	run --separate-stderr "$ZSB" --swap zram --zram-algo-params level=abc --limit 16M --alloc 32M --trials 1 \
		--output "$TMP/r.json"
	[ "$status" -eq 1 ]
	[[ "$stderr" =~ /sys/block/zram[0-9]+/algorithm_params\ \'priority=0\ level=abc\':\ Invalid\ argument ]]
	[ "$(json '.status' "$TMP/r.json")" = failed ]
	[[ "$(json '.error' "$TMP/r.json")" == *"algorithm_params 'priority=0 level=abc': Invalid argument"* ]]
}
