#!/usr/bin/env bats
# zswapbench never touches swap, zram devices or cgroups it did not create.
bats_require_minimum_version 1.5.0
load helpers

HOGGER="$BATS_TEST_DIRNAME/../../zswapbench-hogger"
FOREIGN_CG=/sys/fs/cgroup/memory/zsb-foreign-test

setup() { common_setup; }

# What a test made itself, for teardown to undo when the test stops half way, and nothing else:
# zram0 is often the distribution's own swap (zram-generator), and a cgroup of the same name may
# be someone else's. MADE_CGROUPS: folders the test created (removed newest first where still
# there); ZRAM0_SWAPON, ZRAM0_SET: zram0 made swap and initialised by the test; ROOT_MEMORY: the
# memory controller the test handed down from the v2 root.
MADE_CGROUPS=()
teardown() {
	local i
	if [ -n "${HOLDER:-}" ]; then
		kill -KILL "$HOLDER" 2>/dev/null
		wait "$HOLDER" 2>/dev/null
	fi
	[ "${ZRAM0_SWAPON:-}" = 1 ] && swapoff /dev/zram0 2>/dev/null
	[ "${ZRAM0_SET:-}" = 1 ] && echo 1 >/sys/block/zram0/reset
	for ((i = ${#MADE_CGROUPS[@]} - 1; i >= 0; i--)); do
		[ ! -d "${MADE_CGROUPS[i]}" ] || rmdir "${MADE_CGROUPS[i]}" 2>/dev/null
	done
	[ "${ROOT_MEMORY:-}" = 1 ] && echo -memory >/sys/fs/cgroup/cgroup.subtree_control 2>/dev/null
	common_teardown
}

# mkdir of cgroup folders that do not exist yet, each remembered for teardown; one that exists
# is someone else's, and fails the test.
make_cgroups() {
	local d
	for d in "$@"; do
		[ ! -e "$d" ] || { echo "$d exists already: not ours to make" >&2; return 1; }
	done
	MADE_CGROUPS+=("$@")
	mkdir "$@"
}

@test "a foreign zram0 swap, in use and full of data, survives a run unchanged" {
	need_zram
	[ -d /sys/fs/cgroup/memory ] || skip "the foreign holder needs a v1 memory cgroup"
	[ "$(cat /sys/block/zram0/disksize)" = 0 ] || skip "zram0 is already in use on this machine"
	grep -q '^/dev/zram0 ' /proc/swaps && skip "zram0 is already swap here"
	[ ! -e "$FOREIGN_CG" ] || skip "$FOREIGN_CG exists on this machine"
	# Someone else's swap: zram0 at a low priority, filled by a process in someone else's cgroup.
	ZRAM0_SET=1
	echo $((64 << 20)) >/sys/block/zram0/disksize
	/sbin/mkswap -q /dev/zram0
	ZRAM0_SWAPON=1
	swapon -p 10 /dev/zram0
	make_cgroups "$FOREIGN_CG"
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
	make_cgroups "$other"
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
	make_cgroups "${names[@]}"
	run "$ZSB" --swap disk --limit 16M --alloc 32M --trials 1 --output "$TMP/r.json"
	left=$(ls -d /sys/fs/cgroup/memory/zswapbench-*-0-1 | wc -l)
	rmdir "${names[@]}"
	echo "$output"
	[ "$left" -eq 200 ]
	[ "$status" -eq 1 ]
	[[ "$output" == *"zswapbench-"*"-0-1: File exists"* ]]
}

@test "cgroup parent group (v1, cgconfigparser): every trial's cgroup under it, throttled too; the group is left as it was" {
	[ -d /sys/fs/cgroup/memory ] || skip "cgroup/cgconfig.conf is for v1 and hybrid machines"
	[ -d /sys/fs/cgroup/blkio ] || skip "no v1 blkio hierarchy"
	command -v cgconfigparser >/dev/null || skip "cgconfigparser is not installed (cgroup-tools)"
	[ ! -e /sys/fs/cgroup/memory/zswapbench ] || skip "this machine already has a zswapbench group"
	[ ! -e /sys/fs/cgroup/blkio/zswapbench ] || skip "this machine already has a zswapbench group"
	need_zram
	MADE_CGROUPS=(/sys/fs/cgroup/memory/zswapbench /sys/fs/cgroup/blkio/zswapbench)
	cgconfigparser -l "$BATS_TEST_DIRNAME/../../cgroup/cgconfig.conf"
	run "$ZSB" --swap zram --limit 16M --alloc 48M --trials 2 --output "$TMP/r.json"
	zram_status=$status
	peak=$(cat /sys/fs/cgroup/memory/zswapbench/memory.max_usage_in_bytes)
	run "$ZSB" --swap disk --limit 16M --alloc 48M --trials 1 --disk-throttle 200M --output "$TMP/d.json"
	disk_status=$status
	children=$(find /sys/fs/cgroup/memory/zswapbench /sys/fs/cgroup/blkio/zswapbench -mindepth 1 -type d | wc -l)
	rmdir /sys/fs/cgroup/memory/zswapbench /sys/fs/cgroup/blkio/zswapbench
	[ "$zram_status" -eq 0 ]
	[ "$disk_status" -eq 0 ]
	[ "$(json .plan.cgroup_parent "$TMP/r.json")" = /sys/fs/cgroup/memory/zswapbench ]
	# The group's own counter saw the trials: its peak is theirs, up to their limit.
	assert_awk "$peak >= 0.9 * 16 * $MiB && $peak <= 17 * $MiB"
	[ "$children" -eq 0 ]
}

@test "cgroup parent group without a blkio twin: --disk-throttle is refused before any change" {
	[ -d /sys/fs/cgroup/memory ] || skip "v1 and hybrid only"
	[ ! -e /sys/fs/cgroup/memory/zswapbench ] || skip "this machine already has a zswapbench group"
	make_cgroups /sys/fs/cgroup/memory/zswapbench
	run --separate-stderr "$ZSB" --swap disk --limit 16M --alloc 48M --disk-throttle 20M --output "$TMP/d.json"
	rmdir /sys/fs/cgroup/memory/zswapbench
	[ "$status" -eq 3 ]
	[[ "$stderr" == *"--disk-throttle: the trials go under cgroup /sys/fs/cgroup/memory/zswapbench, which has no blkio group"* ]]
	[ ! -e "$TMP/d.json" ]
}

@test "cgroup parent group (v2): trials under it, memory handed down from it for the run and taken back" {
	grep -qw memory /sys/fs/cgroup/cgroup.controllers 2>/dev/null || skip "needs the cgroup v2 memory controller"
	[ ! -e /sys/fs/cgroup/zswapbench ] || skip "this machine already has a zswapbench group"
	need_zram
	root_had=$(grep -cw memory /sys/fs/cgroup/cgroup.subtree_control || true)
	if [ "$root_had" -ne 1 ]; then
		ROOT_MEMORY=1
		echo +memory >/sys/fs/cgroup/cgroup.subtree_control
	fi
	make_cgroups /sys/fs/cgroup/zswapbench
	run "$ZSB" --swap zram --limit 16M --alloc 48M --trials 1 --output "$TMP/r.json"
	status_run=$status
	peak=$(cat /sys/fs/cgroup/zswapbench/memory.peak 2>/dev/null || cat /sys/fs/cgroup/zswapbench/memory.current)
	delegated_after=$(cat /sys/fs/cgroup/zswapbench/cgroup.subtree_control)
	rmdir /sys/fs/cgroup/zswapbench
	if [ "$root_had" -ne 1 ]; then
		echo -memory >/sys/fs/cgroup/cgroup.subtree_control
		ROOT_MEMORY=
	fi
	[ "$status_run" -eq 0 ]
	[ "$(json .plan.cgroup_parent "$TMP/r.json")" = /sys/fs/cgroup/zswapbench ]
	[ -z "$delegated_after" ]
	assert_awk "$peak > 0"
}
