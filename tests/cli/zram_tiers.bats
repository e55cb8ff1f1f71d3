#!/usr/bin/env bats
# zram's second tier: writeback to a backing device (a loop device over a file of ours) and
# recompression; for real where the kernel has them, refused before any change where not.
bats_require_minimum_version 1.5.0
load helpers

setup() { common_setup; }
teardown() { common_teardown; }

loops_of_ours() {
	grep -l zswapbench /sys/block/loop*/loop/backing_file 2>/dev/null | wc -l
}

@test "--zram-writeback idle: pages go to the backing device and come back; the loop device and its file gone after" {
	need_zram
	[ -e /sys/block/zram0/backing_dev ] || {
		run --separate-stderr "$ZSB" --swap zram --zram-backing-dev 64M --zram-writeback idle --trials 1
		[ "$status" -eq 3 ]
		[[ "$stderr" == *"CONFIG_ZRAM_WRITEBACK"* ]]
		skip "this kernel's zram has no writeback (the refusal is checked)"
	}
	[ -e /dev/loop-control ] || skip "no loop devices here"
	run --separate-stderr "$ZSB" --swap zram --zram-backing-dev 64M --zram-writeback idle --limit 16M --alloc 48M \
		--access reread:1 --trials 2 --output "$TMP/r.json"
	echo "$stderr"
	[ "$status" -eq 0 ]
	for t in 0 1; do
		v=".cells[0].trials[$t].values"
		# Most of the 32M that swapped was idle after the fill: written back, then read back.
		assert_awk "$(json "$v.zram_bd_writes" "$TMP/r.json") >= 16 * $MiB"
		assert_awk "$(json "$v.zram_bd_reads" "$TMP/r.json") >= 16 * $MiB"
		assert_awk "$(json "$v.zram_after_fill_time" "$TMP/r.json") > 0"
	done
	[ "$(loops_of_ours)" -eq 0 ]
}

@test "--zram-recomp: a second algorithm after the fill, or refused where zram cannot recompress" {
	need_zram
	if [ ! -e /sys/block/zram0/recomp_algorithm ]; then
		run --separate-stderr "$ZSB" --swap zram --zram-recomp zstd --trials 1
		[ "$status" -eq 3 ]
		[[ "$stderr" == *"CONFIG_ZRAM_MULTI_COMP"* ]]
		skip "this kernel's zram cannot recompress (the refusal is checked)"
	fi
	algo=$(tr -d '[]' </sys/block/zram0/comp_algorithm | tr ' ' '\n' | grep -vx "$(sed 's/.*\[\(.*\)\].*/\1/' /sys/block/zram0/comp_algorithm)" | head -1)
	run --separate-stderr "$ZSB" --swap zram --zram-recomp "$algo" --data seq --limit 16M --alloc 48M --trials 1 \
		--output "$TMP/r.json"
	[ "$status" -eq 0 ]
	[ "$(json '.cells[0].trials[0].values.zram_compr_after_recompress' "$TMP/r.json")" != null ]
}

@test "zram tiers: bad input is exit 2, one line, nothing changed" {
	for args in "--zram-writeback idle" "--zram-writeback sometimes --zram-backing-dev 64M" \
		"--zram-recomp zstd:level=3" "--zram-backing-dev 12Q"; do
		# shellcheck disable=SC2086
		run --separate-stderr "$ZSB" --swap zram $args --trials 1
		[ "$status" -eq 2 ] || { echo "$args gave $status: $stderr" >&2; return 1; }
		[ "$(wc -l <<<"$stderr")" -eq 1 ]
	done
}
