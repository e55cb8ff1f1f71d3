#!/usr/bin/env bats
# The benchmark for real: real cgroups, real swap, real zram, small sizes.
bats_require_minimum_version 1.5.0
load helpers

setup() { common_setup; }
teardown() { common_teardown; }

MiB=1048576

@test "zram: compressible data swaps at least the overflow and compresses above 1.5x" {
	need_zram
	run "$ZSB" --swap zram --limit 32M --alloc 128M --trials 2 --output "$TMP/r.json"
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(json '.status' "$TMP/r.json")" = complete ]
	[ "$(json '.cells[0].trials | length' "$TMP/r.json")" -eq 2 ]
	for i in 0 1; do
		swap=$(json ".cells[0].trials[$i].values.cgroup_swap" "$TMP/r.json")
		ratio=$(json ".cells[0].trials[$i].values.compression_ratio" "$TMP/r.json")
		# 128M allocated under a 32M limit: at least 96M must be in swap.
		assert_awk "$swap >= 0.99 * 96 * $MiB"
		assert_awk "$ratio > 1.5"
		# Cross-check: pages written to swap (/proc/vmstat) against the cgroup's swap.
		pages=$(json ".cells[0].trials[$i].values | .pswpout + .swpout_zero" "$TMP/r.json")
		assert_awk "$pages * 4096 >= 0.95 * $swap && $pages * 4096 <= 1.05 * $swap"
	done
	[ "$(json '.cells[0].device | startswith("/dev/zram")' "$TMP/r.json")" = true ]
}

@test "zram: random data does not compress (about 1x, stored as huge pages)" {
	need_zram
	run "$ZSB" --swap zram --limit 32M --alloc 96M --trials 1 --data random --output "$TMP/r.json"
	echo "$output"
	[ "$status" -eq 0 ]
	ratio=$(json '.cells[0].stats.compression_ratio.mean' "$TMP/r.json")
	assert_awk "$ratio > 0.9 && $ratio < 1.1"
	assert_awk "$(json '.cells[0].stats.zram_huge_pages.mean' "$TMP/r.json") > 1000"
}

@test "zram: --comp selects the algorithm and it is recorded" {
	need_zram
	alg=$(tr -d '[]' </sys/block/zram0/comp_algorithm | tr ' ' '\n' | grep -x lz4 || true)
	[ -n "$alg" ] || skip "this kernel's zram has no lz4"
	run "$ZSB" --swap zram --comp lz4 --limit 16M --alloc 48M --trials 1 --output "$TMP/r.json"
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(json '.cells[0].comp_used' "$TMP/r.json")" = lz4 ]
	[ "$(json '.cells[0].label' "$TMP/r.json")" = zram:lz4 ]
}

@test "disk: a swapfile of our own takes at least the overflow and is removed after" {
	run "$ZSB" --swap disk --limit 32M --alloc 128M --trials 2 --swapfile /var/tmp/zswapbench-test.swap --output "$TMP/r.json"
	echo "$output"
	[ "$status" -eq 0 ]
	[ ! -e /var/tmp/zswapbench-test.swap ]
	[ "$(json '.cells[0].device' "$TMP/r.json")" = /var/tmp/zswapbench-test.swap ]
	used=$(json '.cells[0].stats.device_used.min' "$TMP/r.json")
	assert_awk "$used >= 0.99 * 96 * $MiB"
	[ "$(json '.cells[0].stats.compression_ratio' "$TMP/r.json")" = null ]
}

@test "default run: disk against zram, 5 trials each, a short answer with its uncertainty, the result file" {
	need_zram
	cd "$TMP"
	run --separate-stderr "$ZSB"
	echo "$output"
	[ "$status" -eq 0 ]
	file=$(ls results/zswapbench-*.json)
	[ "$(json '.cells | map(.label) | join(",")' "$file")" = disk,zram ]
	[ "$(json '[.cells[].stats.elapsed.n] | join(",")' "$file")" = 5,5 ]
	[ "$(json '.config.limit | join(",")' "$file")" -eq $((50 * MiB)) ]
	[ "$(json '[.cells[].limit] | unique | join(",")' "$file")" -eq $((50 * MiB)) ]
	[ "$(json '.config.alloc' "$file")" -eq $((300 * MiB)) ]
	[ "$(json '.comparisons[0].cell' "$file")" = zram ]
	[ "$(json '.comparisons[0].metrics.elapsed.ratio > 0' "$file")" = true ]
	[ "$(json '.system.kernel' "$file")" = "$(uname -r)" ]
	# The answer: which ran faster by how much and whether a test says so, or that it cannot tell.
	[[ "$output" =~ (zram|disk)\ ran\ [0-9.]+\ times\ faster\ than\ (disk|zram)\ \[[0-9.]+,\ [0-9.]+\]\ \(median\ elapsed|(zram|disk)\ ran\ (slower|faster)\ than\ (disk|zram),\ median\ elapsed|no\ significant\ difference\ in\ elapsed\ time ]]
	[[ "$output" == *"(primary: elapsed, tested at alpha 0.05;"* ]]
	[[ "$output" =~ zram\ kept\ [0-9.]+\ MiB\ of\ swapped\ pages\ in\ [0-9.]+\ MiB\ of\ RAM\ \([0-9.]+x(,\ medians)?\) ]]
	[[ "$output" != *"gain:"* ]]
	[ "$(printf '%s\n' "$output" | wc -l)" -le 25 ]
	[ "$(json '.comparisons[0].metrics.elapsed.p_mann_whitney >= 0' "$file")" = true ]
	[ "$(json '.comparisons[0].metrics.elapsed.mann_whitney_exact' "$file")" = true ]
	[ "$(json '.comparison_method.bootstrap_seed > 0' "$file")" = true ]
	# --verbose: every metric of every cell, and the comparison with its tests.
	run --separate-stderr "$ZSB" show --verbose "$file"
	[ "$status" -eq 0 ]
	[[ "$output" == *"compression_ratio"* ]]
	[[ "$output" == *"zram against disk"* ]]
}

@test "--suffix names the default result file, as the seeds' LOG_SUFFIX" {
	need_zram
	cd "$TMP"
	run "$ZSB" --swap zram --limit 16M --alloc 32M --trials 1 --suffix -lz4-test
	[ "$status" -eq 0 ]
	ls results/zswapbench-*-lz4-test.json
}

@test "none: past the limit the hogger is OOM-killed, kept as failed, exit 4" {
	run "$ZSB" --swap none --limit 16M --alloc 64M --trials 2 --output "$TMP/r.json"
	echo "$output"
	[ "$status" -eq 4 ]
	[ "$(json '.cells[0].trials[0].status' "$TMP/r.json")" = oom ]
	[ "$(json '.cells[0].failed' "$TMP/r.json")" -eq 2 ]
	assert_awk "$(json '.cells[0].trials[1].values.oom_kills' "$TMP/r.json") >= 1"
}

@test "--reread forces every swapped page back in" {
	need_zram
	run "$ZSB" --swap zram --limit 32M --alloc 96M --trials 1 --reread 1 --output "$TMP/r.json"
	echo "$output"
	[ "$status" -eq 0 ]
	# 64M were swapped out; reading everything back swaps nearly all of it in.
	pswpin=$(json '.cells[0].trials[0].values.pswpin' "$TMP/r.json")
	assert_awk "$pswpin * 4096 >= 0.9 * 64 * $MiB"
	assert_awk "$(json '.cells[0].trials[0].values.access_time' "$TMP/r.json") > 0"
}

@test "--json prints the same result document on stdout" {
	need_zram
	"$ZSB" --swap zram --limit 16M --alloc 32M --trials 1 --json --output "$TMP/r.json" >"$TMP/out.json" 2>/dev/null
	[ "$(jq -r .format "$TMP/out.json")" = zswapbench-result ]
	[ "$(jq -r '.cells[0].trials | length' "$TMP/out.json")" -eq 1 ]
	diff <(jq -S 'del(.updated)' "$TMP/out.json") <(jq -S 'del(.updated)' "$TMP/r.json")
}

@test "SIGINT mid-run restores the machine and keeps the completed trials" {
	need_zram
	"$ZSB" --swap zram --limit 16M --alloc 64M --trials 200 --output "$TMP/r.json" 2>"$TMP/err" &
	pid=$!
	for _ in $(seq 100); do
		n=$(jq '.cells[0].trials | length' "$TMP/r.json" 2>/dev/null || echo 0)
		[ "$n" -ge 2 ] && break
		sleep 0.1
	done
	kill -INT "$pid"
	status=0
	wait "$pid" || status=$?
	cat "$TMP/err"
	[ "$status" -eq 130 ]
	[ "$(json '.status' "$TMP/r.json")" = interrupted ]
	[ "$(json '[.cells[0].trials[] | select(.status == "ok")] | length' "$TMP/r.json")" -ge 2 ]
}

@test "disk: where the filesystem has no fallocate (ext2), the swapfile is written out instead" {
	command -v mkfs.ext2 >/dev/null || skip "no mkfs.ext2 (e2fsprogs)"
	truncate -s 160M "$TMP/ext2.img"
	mkfs.ext2 -q -F "$TMP/ext2.img"
	mkdir "$TMP/mnt"
	mount -o loop "$TMP/ext2.img" "$TMP/mnt" || skip "cannot loop-mount here"
	# The premise: this filesystem refuses fallocate.
	if fallocate -l 1M "$TMP/mnt/probe" 2>/dev/null; then umount "$TMP/mnt"; skip "this ext2 has fallocate"; fi
	rm -f "$TMP/mnt/probe"
	run "$ZSB" --swap disk --swapfile "$TMP/mnt/z.swap" --limit 16M --alloc 48M --swap-size 64M --trials 2 --output "$TMP/r.json"
	left=$(ls "$TMP/mnt")
	umount "$TMP/mnt"
	echo "$output"
	[ "$status" -eq 0 ]
	assert_awk "$(json '.cells[0].stats.device_used.min' "$TMP/r.json") >= 0.99 * 32 * $MiB"
	[ "$left" = lost+found ]
}

@test "--plot DIR, --report FILE: the run's plots and page at its end; refused before any change without gnuplot" {
	need_zram
	command -v gnuplot >/dev/null || skip "gnuplot is not installed (gnuplot-nox)"
	run --separate-stderr "$ZSB" --swap zram --limit 16M --alloc 48M --trials 2 --interval 20ms --plot "$TMP/p" \
		--report "$TMP/r.html" --output "$TMP/r.json"
	[ "$status" -eq 0 ]
	[ -s "$TMP/p/memory-zram.svg" ]
	[ -s "$TMP/p/trials-elapsed.svg" ]
	[[ "$output" == *"$TMP/p/fill-curve.svg"* ]]
	[[ "$output" == *"$TMP/r.html"* ]]
	# The page holds the run's own plots and its verdict as show prints it.
	[ "$(grep -c '<svg' "$TMP/r.html")" -ge 5 ]
	verdict=$("$ZSB" show "$TMP/r.json" | tail -1 | sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g')
	grep -qF -- "$verdict" "$TMP/r.html"
	mkdir "$TMP/empty"
	run --separate-stderr env PATH="$TMP/empty" "$ZSB" --swap zram --limit 16M --alloc 48M --plot "$TMP/q" --output "$TMP/s.json"
	[ "$status" -eq 3 ]
	[ "$stderr" = "zswapbench: --plot: gnuplot is not installed: apt-get install gnuplot-nox" ]
	[ ! -e "$TMP/s.json" ]
}

@test "--min-trials: two cells told apart stop at the first round that can; the file says where, at what level, and every view decides at it" {
	need_zram
	# 96M under 16M swaps 80M to zram; under 256M nothing swaps: apart in every trial, so the
	# first look whose rank test can reach the level decides (5 a side at p < 0.012).
	run "$ZSB" --swap zram --limit 16M,256M --alloc 96M --trials 12 --min-trials 3 --output "$TMP/r.json"
	echo "$output"
	[ "$status" -eq 0 ]
	n0=$(jq '[.cells[0].trials[] | select(.warmup | not)] | length' "$TMP/r.json")
	n1=$(jq '[.cells[1].trials[] | select(.warmup | not)] | length' "$TMP/r.json")
	[ "$n0" -eq "$n1" ]
	[ "$n0" -ge 3 ]
	[ "$n0" -le 6 ]
	[ "$(jq '.plan.sequential.decided_after' "$TMP/r.json")" -eq "$n0" ]
	[ "$(jq '.plan.sequential.max_trials' "$TMP/r.json")" -eq 12 ]
	level=$(jq '.plan.sequential.look_alpha' "$TMP/r.json")
	assert_awk "$level > 0.005 && $level < 0.05"
	[[ "$output" == *"told apart after $n0 of at most 12 trials a cell"* ]]
	[ "$(jq -r .status "$TMP/r.json")" = complete ]
	run "$ZSB" show --format json "$TMP/r.json"
	[ "$status" -eq 0 ]
	[ "$(jq -r '.comparison_method.alpha' <<<"$output")" = "$level" ]
	# the elapsed of the two cells: significant at that level
	[ "$(jq -r '.comparisons[0].metrics.elapsed.significance' <<<"$output")" = significant ]
}
