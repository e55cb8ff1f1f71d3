#!/usr/bin/env bats
# Swapfiles on the filesystems users have, each on a loop device of its own: ext4, XFS, and
# btrfs (Fedora's default), where the file must be made no-COW before it has a block.
bats_require_minimum_version 1.5.0
load helpers

setup() {
	common_setup
	mkdir "$TMP/mnt"
}

teardown() {
	mountpoint -q "$TMP/mnt" && umount "$TMP/mnt"
	for dev in ${LOOPS:-}; do losetup -d "$dev" 2>/dev/null || true; done
	common_teardown
}

# mkfs_mount TOOL SIZE [mkfs options...]: a fresh filesystem mounted on $TMP/mnt.
mkfs_mount() {
	local tool=$1 size=$2
	shift 2
	command -v "$tool" >/dev/null || skip "no $tool here"
	truncate -s "$size" "$TMP/fs.img"
	"$tool" "$@" "$TMP/fs.img" >/dev/null 2>&1 || skip "$tool failed here"
	mount -o loop "$TMP/fs.img" "$TMP/mnt" || skip "cannot loop-mount ${tool#mkfs.} here"
}

swap_on_it() {
	run --separate-stderr "$ZSB" --swap disk --swapfile "$TMP/mnt/z.swap" --limit 16M --alloc 48M --swap-size 64M \
		--trials 1 --output "$TMP/r.json" "$@"
	echo "$stderr"
	[ "$status" -eq 0 ]
	assert_awk "$(json '.cells[0].stats.device_used.min' "$TMP/r.json") >= 0.99 * 32 * $MiB"
	[ ! -e "$TMP/mnt/z.swap" ]
}

@test "ext4 on a loop device" {
	mkfs_mount mkfs.ext4 200M -q -F
	swap_on_it
}

@test "XFS on a loop device" {
	mkfs_mount mkfs.xfs 320M -q -f
	swap_on_it
}

@test "btrfs: the swapfile is made no-COW before any block, and swaps" {
	mkfs_mount mkfs.btrfs 320M -q -f
	ZSWAPBENCH_TEST_PAUSE=fill "$ZSB" --swap disk --swapfile "$TMP/mnt/z.swap" --limit 16M --alloc 48M \
		--swap-size 64M --trials 1 --output "$TMP/r.json" 2>"$TMP/err" &
	pid=$!
	for _ in $(seq 300); do grep -q "paused at fill" "$TMP/err" && break; sleep 0.05; done
	attrs=$(lsattr "$TMP/mnt/z.swap")
	grep -q "^$TMP/mnt/z.swap " /proc/swaps
	kill -INT "$pid"
	wait "$pid" || true
	[[ "${attrs%% *}" == *C* ]]
	swap_on_it
}

@test "btrfs mounted with compress-force is refused before any change" {
	mkfs_mount mkfs.btrfs 320M -q -f
	umount "$TMP/mnt"
	mount -o loop,compress-force=zstd "$TMP/fs.img" "$TMP/mnt" || skip "no compress-force here"
	run --separate-stderr "$ZSB" --swap disk --swapfile "$TMP/mnt/z.swap" --trials 1
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"btrfs mounted with compress-force, which the kernel cannot swap to"* ]]
	[ ! -e "$TMP/mnt/z.swap" ]
}

@test "btrfs over two devices is refused before any change" {
	command -v mkfs.btrfs >/dev/null || skip "no mkfs.btrfs here"
	truncate -s 320M "$TMP/a.img" "$TMP/b.img"
	a=$(losetup -f --show "$TMP/a.img") && b=$(losetup -f --show "$TMP/b.img") || skip "no loop devices"
	LOOPS="$a $b"
	mkfs.btrfs -q -f -d single -m raid1 "$a" "$b" >/dev/null 2>&1 || skip "mkfs.btrfs over two devices failed"
	btrfs device scan "$a" "$b" >/dev/null 2>&1 || true
	mount "$a" "$TMP/mnt" || skip "cannot mount a two-device btrfs here"
	run --separate-stderr "$ZSB" --swap disk --swapfile "$TMP/mnt/z.swap" --trials 1
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"btrfs over 2 devices, which the kernel cannot swap to"* ]]
}
