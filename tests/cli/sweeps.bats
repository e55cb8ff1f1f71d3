#!/usr/bin/env bats
# zswap, sweeps over backend x compressor x jobs x limit, limit modes, and every kernel
# parameter set for a run restored after it.
bats_require_minimum_version 1.5.0
load helpers

setup() { common_setup; }
teardown() { common_teardown; }

MiB=1048576
OVERFLOW_PAGES=24576

params() {
	grep . /sys/module/zswap/parameters/enabled /sys/module/zswap/parameters/compressor \
		/sys/module/zswap/parameters/max_pool_percent /proc/sys/vm/swappiness /proc/sys/vm/page-cluster
	grep . /sys/module/zswap/parameters/zpool 2>/dev/null || true
	mount | grep -c ' type debugfs ' || true
}

value() {
	json ".cells[${2:-0}].trials[0].values.$1" "$TMP/r.json"
}

@test "zswap: pages go to the compressed pool, not the disk; two sources agree" {
	need_zswap
	before=$(params)
	# 80M, not 32M: on cgroup v2 the compressed pool is charged to the cgroup as well.
	run "$ZSB" --swap zswap "${ZPOOL[@]}" --limit 80M --alloc 128M --trials 2 --output "$TMP/r.json"
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(params)" = "$before" ]
	assert_awk "$(value zswpout) >= 0.9 * 12288"
	assert_awk "$(value pswpout) < 0.05 * 12288"
	assert_awk "$(value compression_ratio) > 1.5 && $(value compression_ratio) < 2.2"
	stored=$(value zswap_stored_pages)
	assert_awk "$stored >= 0.9 * 12288"
	# debugfs stored_pages against /proc/meminfo Zswapped: the same pages, two counters.
	within "$(value zswapped)" "$((stored * 4096))" 0.05
	within "$(value zswap_meminfo_pool)" "$(value zswap_pool_size)" 0.05
	[ "$(json '.cells[0].comp_used' "$TMP/r.json")" = "$(cat /sys/module/zswap/parameters/compressor)" ]
}

@test "zswap parameters, swappiness and page-cluster are set for the run and restored" {
	need_zswap
	grep -qw deflate /proc/crypto || skip "no deflate compressor here"
	before=$(params)
	ZSWAPBENCH_TEST_PAUSE=fill "$ZSB" --swap zswap --comp deflate --zswap-pool 7 --page-cluster 0 \
		--swappiness 100 --limit 16M --alloc 48M --trials 1 --output "$TMP/r.json" 2>"$TMP/err" &
	pid=$!
	for _ in $(seq 200); do grep -q "paused at fill" "$TMP/err" && break; sleep 0.05; done
	during=$(grep . /sys/module/zswap/parameters/enabled /sys/module/zswap/parameters/compressor \
		/sys/module/zswap/parameters/max_pool_percent /proc/sys/vm/page-cluster)
	cg_swappiness=$(cat /sys/fs/cgroup/memory/zswapbench-"$pid"-*/memory.swappiness 2>/dev/null || echo none)
	vm_swappiness=$(cat /proc/sys/vm/swappiness)
	kill -INT "$pid"
	wait "$pid" || true
	cat "$TMP/err"
	[[ "$during" == *"enabled:Y"* ]]
	[[ "$during" == *"compressor:deflate"* ]]
	[[ "$during" == *"max_pool_percent:7"* ]]
	[[ "$during" == *"page-cluster:0"* ]]
	# v1: the cgroup's own swappiness; v2 has none, so vm.swappiness for the run.
	if [ -d /sys/fs/cgroup/memory ]; then [ "$cg_swappiness" = 100 ]; else [ "$vm_swappiness" = 100 ]; fi
	[ "$(params)" = "$before" ]
}

@test "disk cells measure the disk: zswap left on by someone is off for the trial, then back on" {
	need_zswap
	old=$(cat /sys/module/zswap/parameters/enabled)
	echo Y >/sys/module/zswap/parameters/enabled
	run "$ZSB" --swap disk --limit 32M --alloc 96M --trials 1 --output "$TMP/r.json"
	now=$(cat /sys/module/zswap/parameters/enabled)
	echo "$old" >/sys/module/zswap/parameters/enabled
	[ "$status" -eq 0 ]
	[ "$now" = Y ]
	assert_awk "$(value pswpout) >= 0.9 * 16384"
}

@test "zram cells measure zram: zswap left on by someone is off for the trial, then back on" {
	need_zswap
	need_zram
	old=$(cat /sys/module/zswap/parameters/enabled)
	echo Y >/sys/module/zswap/parameters/enabled
	run "$ZSB" --swap zram --limit 32M --alloc 96M --trials 1 --dry-run
	dry=$output
	run "$ZSB" --swap zram --limit 32M --alloc 96M --trials 1 --output "$TMP/r.json"
	now=$(cat /sys/module/zswap/parameters/enabled)
	echo "$old" >/sys/module/zswap/parameters/enabled
	[ "$status" -eq 0 ]
	[ "$now" = Y ]
	[[ "$dry" == *"zswap/parameters/enabled N if zswap is on"* ]]
	# With zswap in front, its pool would take the pages and zram would see few of them.
	orig=$(json '.cells[0].trials[0].values.zram_orig_data_size' "$TMP/r.json")
	assert_awk "$orig >= 0.6 * 96 * 1048576"
}

@test "a sweep: backend x compressor x jobs x limit is the cross product, every cell measured" {
	need_zram
	run "$ZSB" --swap disk,zram --comp lzo,lz4 --jobs 1,2 --limit 32M,48M --alloc 96M --trials 1 --output "$TMP/r.json"
	echo "$output"
	[ "$status" -eq 0 ]
	# disk: 1 compressor-less x 2 jobs x 2 limits; zram: 2 x 2 x 2.
	[ "$(json '.cells | length' "$TMP/r.json")" -eq 12 ]
	[ "$(json '[.cells[] | select(.backend == "zram")] | length' "$TMP/r.json")" -eq 8 ]
	[ "$(json '[.cells[].label] | unique | length' "$TMP/r.json")" -eq 12 ]
	[ "$(json '.cells[] | select(.label == "zram:lz4 jobs=2 limit=48M") | .comp_used' "$TMP/r.json")" = lz4 ]
	# Every cell ran under its own limit with its own number of jobs.
	[ "$(json '[.cells[] | .trials[0].values.cgroup_mem_peak <= .limit] | all' "$TMP/r.json")" = true ]
	[ "$(json '[.cells[] | (.trials[0].jobs | length) == .jobs] | all' "$TMP/r.json")" = true ]
	[ "$(json '[.cells[].trials[0].status] | unique | join(",")' "$TMP/r.json")" = ok ]
	# One summary table, a row per cell against the first (named before the run), Holm over
	# the rows, and the claims of the best cell, each tested as such.
	[[ "$output" == *"summary (medians; elapsed against the first cell, 95% interval, Holm over the 11 rows)"* ]]
	[ "$(grep -cE '^(disk|zram:lz[o4]) jobs=[12] limit=(32|48)M +[0-9.]+ s ' <<<"$output")" -eq 12 ]
	[[ "$output" == *"A claim of the best of k cells holds only ahead of every other"* ]]
	[[ "$output" =~ fastest:\ (disk|zram:lzo|zram:lz4)\ jobs=[12]\ limit=(32|48)M ]]
	[[ "$output" == *"least RAM for swap: zram:"* ]]
	[[ "$output" != *"gain:"* ]]
}

@test "any setting as an axis: --page-cluster 0,3 x --swappiness 10,100 are four cells, each trial under its own, restored" {
	need_zram
	before=$(params)
	# What each trial ran under, from inside it: vm.page-cluster, and the cgroup's swappiness
	# (v1) or vm.swappiness (v2, where the run sets it per cell); --prepare sees the cell's too.
	probe='p=$(sed -n "s/^[0-9]*:memory://p" /proc/self/cgroup); f=/sys/fs/cgroup/memory$p/memory.swappiness
		[ -n "$p" ] && [ -r "$f" ] || f=/proc/sys/vm/swappiness
		echo "$(cat /proc/sys/vm/page-cluster) $(cat "$f")" >>'"$TMP/seen"
	run "$ZSB" --swap zram --page-cluster 0,3 --swappiness 10,100 --limit 16M --trials 2 \
		--prepare "sh -c 'cat /proc/sys/vm/page-cluster >>$TMP/prepared'" --output "$TMP/r.json" \
		-- sh -c "$probe"
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(params)" = "$before" ]
	# The last axis varies fastest; interleaved rounds run every cell once each.
	[ "$(json '[.cells[].label] | join(",")' "$TMP/r.json")" = \
		"zram page-cluster=0 swappiness=10,zram page-cluster=0 swappiness=100,zram page-cluster=3 swappiness=10,zram page-cluster=3 swappiness=100" ]
	[ "$(json '.cells[2].knobs | to_entries | map("\(.key)=\(.value)") | join(" ")' "$TMP/r.json")" = "page-cluster=3 swappiness=10" ]
	[ "$(paste -sd, "$TMP/seen")" = "0 10,0 100,3 10,3 100,0 10,0 100,3 10,3 100" ]
	[ "$(paste -sd, "$TMP/prepared")" = "0,0,3,3,0,0,3,3" ]
	[[ "$output" == *"summary (medians; elapsed against the first cell, 95% interval, Holm over the 3 rows)"* ]]
	# Two files of these cells pair cell by cell on the settings: none is left alone.
	run "$ZSB" compare "$TMP/r.json" "$TMP/r.json"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" != *"only in"* ]]
}

@test "--jobs 1-3 is the seeds' #jobs1..#jobs3" {
	need_zram
	run "$ZSB" --swap zram --jobs 1-3 --limit 32M --alloc 96M --trials 1 --output "$TMP/r.json"
	[ "$status" -eq 0 ]
	[ "$(json '[.cells[].jobs] | map(tostring) | join(",")' "$TMP/r.json")" = 1,2,3 ]
}

@test "order: interleaved by default, sequential on request, shuffled reproducible by seed" {
	need_zram
	order_of() {
		"$ZSB" --swap disk,zram --limit 16M --alloc 32M --trials 2 --output "$TMP/r.json" "$@" 2>&1 >/dev/null |
			sed -n 's/^\([a-z:]*\): trial \([0-9]\)\/2.*/\1\2/p' | tr '\n' ' '
	}
	[ "$(order_of)" = "disk1 zram1 disk2 zram2 " ]
	[ "$(order_of --order sequential)" = "disk1 disk2 zram1 zram2 " ]
	a=$(order_of --order shuffled:7)
	b=$(order_of --order shuffled:7)
	[ "$a" = "$b" ]
	[ "$(json '.config.order' "$TMP/r.json")" = shuffled:7 ]
	[ "$(json '.plan.seed' "$TMP/r.json")" -eq 7 ]
	# Without a seed one is drawn, and recorded so the order can be replayed.
	drawn=$(order_of --order shuffled)
	seed=$(json '.plan.seed' "$TMP/r.json")
	[ "$seed" -gt 0 ]
	[ "$(json '.config.order' "$TMP/r.json")" = "shuffled:$seed" ]
	[ "$(order_of --order "shuffled:$seed")" = "$drawn" ]
}

@test "--limit-mode high on v1: the limit with the OOM killer off; a stall ends at --timeout" {
	[ -d /sys/fs/cgroup/memory ] || skip "v1 only; v2 memory.high is covered by the VM tier"
	need_zram
	run "$ZSB" --swap zram --limit-mode high --limit 32M --alloc 96M --trials 1 --output "$TMP/r.json"
	[ "$status" -eq 0 ]
	[ "$(json '.config["limit-mode"]' "$TMP/r.json")" = high ]
	assert_awk "$(value cgroup_swap) >= 0.99 * 64 * $MiB"
	# Without swap the group cannot shrink: it stalls where max would kill, until the timeout.
	run "$ZSB" --swap none --limit-mode high --limit 16M --alloc 48M --trials 1 --timeout 2 --output "$TMP/r.json"
	echo "$output"
	[ "$status" -eq 4 ]
	[ "$(json '.cells[0].trials[0].note' "$TMP/r.json")" = "hogger killed after the --timeout" ]
	assert_awk "$(value elapsed) >= 2"
}

@test "--disk-throttle slows swap-in from the swapfile's disk (v1: reads only, noted)" {
	[ -d /sys/fs/cgroup/blkio ] || grep -qw io /sys/fs/cgroup/cgroup.controllers 2>/dev/null ||
		skip "no blkio (v1) or io (v2) controller"
	run "$ZSB" --swap disk --disk-throttle 8M --access reread:1 --limit 16M --alloc 48M --trials 1 --output "$TMP/r.json"
	echo "$output"
	[ "$status" -eq 0 ]
	# 32M swapped out, all read back at 8 MB/s: about 4 s, against well under 1 s unthrottled.
	assert_awk "$(value access_time) >= 2.5"
	assert_awk "$(value swapin_rate) <= 12"
	[ "$(json '.config["disk-throttle"].read' "$TMP/r.json")" -eq $((8 * MiB)) ]
	[ -n "$(json '.plan.disk_throttle_device' "$TMP/r.json")" ]
	[ ! -d /sys/fs/cgroup/blkio ] || [[ "$(json '.plan.disk_throttle_note' "$TMP/r.json")" == *"not throttled"* ]]
}

@test "--zram-size and --zram-mem-limit shape the device; --settle drops the page cache first" {
	need_zram
	command -v fincore >/dev/null || skip "no fincore (util-linux) to see the page cache"
	# A file in the page cache before the run: --settle must have dropped it by the fill.
	head -c $((32 * MiB)) /dev/urandom >"$TMP/cached"
	cat "$TMP/cached" >/dev/null
	cached_before=$(fincore --bytes --noheadings --output RES "$TMP/cached")
	ZSWAPBENCH_TEST_PAUSE=fill "$ZSB" --swap zram --zram-size 64M --zram-mem-limit 20M --settle \
		--limit 16M --alloc 32M --trials 1 --output "$TMP/r.json" 2>"$TMP/err" &
	pid=$!
	for _ in $(seq 200); do grep -q "paused at fill" "$TMP/err" && break; sleep 0.05; done
	dev=$(awk '$1 ~ /^\/dev\/zram/ { print $1 }' /proc/swaps | head -n 1)
	size=$(cat /sys/block/"${dev#/dev/}"/disksize)
	limit=$(awk '{ print $4 }' /sys/block/"${dev#/dev/}"/mm_stat)
	cached_during=$(fincore --bytes --noheadings --output RES "$TMP/cached")
	kill -INT "$pid"
	wait "$pid" || true
	[ "$size" -eq $((64 * MiB)) ]
	[ "$limit" -eq $((20 * MiB)) ]
	[ "$(json '.config.settle' "$TMP/r.json")" = true ]
	assert_awk "$cached_before >= 30 * $MiB"
	assert_awk "$cached_during <= 1 * $MiB"
}

@test "--zram-algo-params reaches algorithm_params before disksize, and is recorded" {
	need_zram
	[ -e /sys/block/zram0/algorithm_params ] || skip "this kernel's zram has no algorithm_params"
	grep -qw lz4 /sys/block/zram0/comp_algorithm || skip "no lz4 here"
	run "$ZSB" --swap zram --comp lz4 --zram-algo-params level=1 --data mixed --limit 16M --alloc 48M --trials 1 --output "$TMP/r.json"
	[ "$status" -eq 0 ]
	[ "$(json '.config["zram-algo-params"]' "$TMP/r.json")" = level=1 ]
	[ "$(json '.cells[0].comp_used' "$TMP/r.json")" = lz4 ]
	# algorithm_params is write-only: read it back through its effect. lz4's level is its
	# acceleration, and a large one gives up compression for speed.
	careful=$(json '.cells[0].trials[0].values.compression_ratio' "$TMP/r.json")
	run "$ZSB" --swap zram --comp lz4 --zram-algo-params level=1000 --data mixed --limit 16M --alloc 48M --trials 1 --output "$TMP/r.json"
	[ "$status" -eq 0 ]
	fast=$(json '.cells[0].trials[0].values.compression_ratio' "$TMP/r.json")
	assert_awk "$careful >= 1.3 * $fast"
}

@test "zram and zswap with zstd, where the kernel has it" {
	need_zram
	need_zswap
	grep -qw zstd /sys/block/zram0/comp_algorithm || skip "this kernel's zram has no zstd"
	grep -qw zstd /proc/crypto || modprobe zstd 2>/dev/null || true
	grep -qw zstd /proc/crypto || skip "this kernel's crypto API has no zstd"
	run "$ZSB" --swap zram,zswap --comp zstd "${ZPOOL[@]}" --limit 80M --alloc 128M --trials 1 --output "$TMP/r.json"
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(json '[.cells[].comp_used] | unique | join(",")' "$TMP/r.json")" = zstd ]
	assert_awk "$(value compression_ratio 0) > 1.5 && $(value compression_ratio 1) > 1.5"
	assert_awk "$(value zswpout 1) >= 0.9 * 12288"
}

@test "v2 memory.high: reclaimed and throttled at the limit, never killed" {
	grep -qw memory /sys/fs/cgroup/cgroup.controllers 2>/dev/null || skip "needs the cgroup v2 memory controller"
	need_zram
	run "$ZSB" --swap zram --limit-mode high --limit 32M --alloc 128M --trials 1 --output "$TMP/r.json"
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(json '.config["limit-mode"]' "$TMP/r.json")" = high ]
	[ "$(json '.cells[0].trials[0].values.oom_kills' "$TMP/r.json")" -eq 0 ]
	# Reclaimed: what did not fit under memory.high went to swap.
	assert_awk "$(value cgroup_swap) >= 0.8 * 96 * $MiB"
	# At the limit: memory.high is no wall, but held the group near 32M (128M unheld).
	assert_awk "$(value cgroup_mem_peak) > 0 && $(value cgroup_mem_peak) <= 1.5 * 32 * $MiB"
	# Throttled: the kernel reclaims a group over memory.high, and delays it when that is not
	# enough, as memory stalls of the group (memory.pressure), which the trial records.
	assert_awk "$(value cgroup_psi_some) > 0"
}
