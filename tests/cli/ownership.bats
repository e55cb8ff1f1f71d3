#!/usr/bin/env bats
# zswapbench never touches swap, zram devices or cgroups it did not create.
bats_require_minimum_version 1.5.0
load helpers

HOGGER="$BATS_TEST_DIRNAME/../../zswapbench-hogger"
FOREIGN_CG=/sys/fs/cgroup/memory/zsb-foreign-test

setup() { common_setup; }

teardown() {
	[ -n "${HOLDER:-}" ] && kill -KILL "$HOLDER" 2>/dev/null
	[ -n "${HOLDER:-}" ] && wait "$HOLDER" 2>/dev/null
	swapoff /dev/zram0 2>/dev/null || true
	[ "${RESET_ZRAM0:-}" = 1 ] && echo 1 >/sys/block/zram0/reset
	rmdir "$FOREIGN_CG" 2>/dev/null || true
	common_teardown
}

@test "a foreign zram0 swap, in use and full of data, survives a run unchanged" {
	need_zram
	[ -d /sys/fs/cgroup/memory ] || skip "the foreign holder needs a v1 memory cgroup"
	[ "$(cat /sys/block/zram0/disksize)" = 0 ] || skip "zram0 is already in use on this machine"
	grep -q '^/dev/zram0 ' /proc/swaps && skip "zram0 is already swap here"
	# Someone else's swap: zram0 at a low priority, filled by a process in someone else's cgroup.
	echo $((64 << 20)) >/sys/block/zram0/disksize
	RESET_ZRAM0=1
	/sbin/mkswap -q /dev/zram0
	swapon -p 10 /dev/zram0
	mkdir "$FOREIGN_CG"
	echo $((16 << 20)) >"$FOREIGN_CG/memory.limit_in_bytes"
	sh -c "echo \$\$ >$FOREIGN_CG/cgroup.procs; exec $HOGGER --alloc 48M --data random --hold --verify" &
	HOLDER=$!
	for _ in $(seq 100); do
		used=$(awk '$1 == "/dev/zram0" { print $4 }' /proc/swaps)
		[ "${used:-0}" -ge $((30 << 10)) ] && break
		sleep 0.1
	done
	[ "$used" -ge $((30 << 10)) ]
	orig_before=$(awk '{ print $1 }' /sys/block/zram0/mm_stat)
	# Name, type, size and priority must not change; Used may move a little as the kernel
	# reclaims the holder's cgroup further or faults a page back.
	area_before=$(awk '$1 == "/dev/zram0" { print $1, $2, $3, $5 }' /proc/swaps)

	run "$ZSB" --swap zram --limit 16M --alloc 64M --trials 2 --output "$TMP/r.json"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"warning: swap already active (/dev/zram0)"* ]]
	[ "$(json '.cells[0].device' "$TMP/r.json")" != /dev/zram0 ]
	# Still swap, same size, same priority, still holding the data.
	[ "$(awk '$1 == "/dev/zram0" { print $1, $2, $3, $5 }' /proc/swaps)" = "$area_before" ]
	[ "$(cat /sys/block/zram0/disksize)" -eq $((64 << 20)) ]
	assert_awk "$(awk '{ print $1 }' /sys/block/zram0/mm_stat) >= 0.95 * $orig_before"
	[ -d "$FOREIGN_CG" ]
	# The holder reads every page back and checks it against its pattern.
	kill -TERM "$HOLDER"
	holder_status=0
	wait "$HOLDER" || holder_status=$?
	HOLDER=
	[ "$holder_status" -eq 0 ]
}

@test "a cgroup of someone else's is never removed, even one named like ours, by a run or by cleanup" {
	[ -d /sys/fs/cgroup/memory ] || skip "needs a v1 memory cgroup"
	# Named as a run of a live process would name it: only the journal says what is ours.
	other=/sys/fs/cgroup/memory/zswapbench-$$-0-1
	mkdir "$other"
	run "$ZSB" --swap disk --limit 16M --alloc 32M --trials 1 --output "$TMP/r.json"
	first=$status
	run "$ZSB" cleanup
	present=0
	[ -d "$other" ] && present=1
	rmdir "$other"
	[ "$first" -eq 0 ]
	[ "$present" -eq 1 ]
}

@test "a cgroup that already has our next name is refused, not adopted" {
	[ -d /sys/fs/cgroup/memory ] || skip "needs a v1 memory cgroup"
	# The run's PID is not known in advance: pre-create names for the next PIDs (one mkdir).
	next=$(cat /proc/sys/kernel/ns_last_pid)
	names=()
	for ((p = next + 1; p <= next + 200; p++)); do names+=("/sys/fs/cgroup/memory/zswapbench-$p-0-1"); done
	mkdir "${names[@]}"
	run "$ZSB" --swap disk --limit 16M --alloc 32M --trials 1 --output "$TMP/r.json"
	left=$(ls -d /sys/fs/cgroup/memory/zswapbench-*-0-1 | wc -l)
	rmdir "${names[@]}"
	echo "$output"
	[ "$left" -eq 200 ]
	[ "$status" -eq 1 ]
	[[ "$output" == *"zswapbench-"*"-0-1: File exists"* ]]
}
