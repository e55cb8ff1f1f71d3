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
	# A fast first algorithm that stores every page of random hex digits whole (4 bits a byte,
	# without the repeats lz4 and lzo need: "huge" pages), and a second that codes them in about
	# half a page (zstd's and deflate's entropy coding): the default recompression (type=huge)
	# must then shrink what zram holds.
	comps=" $(tr -d '[]' </sys/block/zram0/comp_algorithm | xargs) "
	first='' second=''
	for a in lz4 lzo-rle lzo; do [[ $comps == *" $a "* ]] && { first=$a; break; }; done
	for a in zstd deflate; do [[ $comps == *" $a "* ]] && { second=$a; break; }; done
	[ -n "$first" ] && [ -n "$second" ] || skip "this kernel's zram has no lz4 or lzo with a zstd or deflate to recompress with"
	head -c 524288 /dev/urandom | od -An -v -tx1 | tr -d ' \n' >"$TMP/hex"
	run --separate-stderr "$ZSB" --swap zram --comp "$first" --zram-recomp "$second" --data "file:$TMP/hex" \
		--limit 16M --alloc 48M --trials 1 --output "$TMP/r.json"
	echo "$stderr"
	[ "$status" -eq 0 ]
	v='.cells[0].trials[0].values'
	before=$(json "$v.zram_compr_data_size" "$TMP/r.json")
	after=$(json "$v.zram_compr_after_recompress" "$TMP/r.json")
	huge=$(json "$v.zram_huge_pages" "$TMP/r.json")
	echo "$first then $second: compressed $before before, $after after; $huge huge pages"
	# 32M swapped (8192 pages), every one of them huge under the first algorithm,
	assert_awk "$huge >= 4096"
	# and about half a page each after the second.
	assert_awk "$after > 0 && $after <= 0.8 * $before"
	assert_awk "$(json "$v.zram_after_fill_time" "$TMP/r.json") > 0"
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
