#!/usr/bin/env bats
# Latency as users feel it: the hogger's histograms against a known latency, merged exactly,
# kept in the result file; the tabs workload; and what is refused.
bats_require_minimum_version 1.5.0
load helpers

setup() { common_setup; }
teardown() { common_teardown; }

@test "a known 100 us per access comes back as the percentiles, every access counted" {
	need_zram
	# 8M under a 64M limit: nothing swaps, every access costs the test hook's 100 us.
	ZSWAPBENCH_TEST_ACCESS_DELAY_NS=100000 run --separate-stderr "$ZSB" --swap zram --limit 64M --alloc 8M \
		--access reread:1 --trials 2 --output "$TMP/r.json"
	[ "$status" -eq 0 ]
	pages=$((8 * MiB / 4096)) # x86 pages, as everywhere this runs
	for t in 0 1; do
		v=".cells[0].trials[$t].values"
		assert_awk "$(json "$v.access_p50" "$TMP/r.json") >= 100 && $(json "$v.access_p50" "$TMP/r.json") <= 101.6"
		assert_awk "$(json "$v.access_p99" "$TMP/r.json") >= 100"
		assert_awk "$(json "$v.access_max" "$TMP/r.json") >= $(json "$v.access_p999" "$TMP/r.json")"
		h=".cells[0].trials[$t].latency.access"
		[ "$(json "$h.total" "$TMP/r.json")" -eq "$pages" ]
		[ "$(json "[$h.buckets[][1]] | add" "$TMP/r.json")" -eq "$pages" ]
		# The clock's two sources agree: the reads' sum fits in the runner's access time.
		assert_awk "$(json "$h.sum" "$TMP/r.json") >= $pages * 100000"
		assert_awk "$(json "$h.sum" "$TMP/r.json") / 1e9 <= $(json ".cells[0].trials[$t].values.access_time" "$TMP/r.json")"
	done
	# The cell's trials merged exactly.
	[ "$(json '.cells[0].latency_pooled.access.count' "$TMP/r.json")" -eq $((2 * pages)) ]
	[[ "$output" == *"latency  p50 10"*" us"*"over $((2 * pages)) reads"* ]]
}

@test "under pressure: percentiles ordered, faults counted, the fill's chunks timed; show reads them back" {
	need_zram
	run --separate-stderr "$ZSB" --swap disk,zram --limit 16M --alloc 48M --access reread:1 --trials 2 --output "$TMP/r.json"
	[ "$status" -eq 0 ]
	for c in 0 1; do
		v=".cells[$c].trials[0].values"
		assert_awk "$(json "$v.access_p50" "$TMP/r.json") <= $(json "$v.access_p90" "$TMP/r.json")"
		assert_awk "$(json "$v.access_p90" "$TMP/r.json") <= $(json "$v.access_p99" "$TMP/r.json")"
		assert_awk "$(json "$v.access_p99" "$TMP/r.json") <= $(json "$v.access_p999" "$TMP/r.json")"
		assert_awk "$(json "$v.access_p999" "$TMP/r.json") <= $(json "$v.access_max" "$TMP/r.json")"
		assert_awk "$(json "$v.access_us_per_major_fault" "$TMP/r.json") > 0"
		[ "$(json ".cells[$c].trials[0].latency.fill.total" "$TMP/r.json")" -eq 48 ]
	done
	[[ "$output" == *"p99 access latency: "* ]]
	run --separate-stderr "$ZSB" show "$TMP/r.json"
	[ "$(grep -c '^  latency  p50 ' <<<"$output")" -eq 2 ]
}

@test "tabs: N processes, CYCLES pokes one at a time, each poke one value" {
	need_zram
	run --separate-stderr "$ZSB" --swap zram --limit 64M --swap-fraction 0.5 --access tabs:4:12:exp --trials 1 \
		--output "$TMP/r.json"
	[ "$status" -eq 0 ]
	[ "$(json '.cells[0].jobs' "$TMP/r.json")" -eq 4 ]
	[ "$(json '.cells[0].alloc' "$TMP/r.json")" -eq $((128 * MiB)) ]
	[ "$(json '.cells[0].trials[0].values.pokes' "$TMP/r.json")" -eq 12 ]
	[ "$(json '.cells[0].trials[0].latency.access.total' "$TMP/r.json")" -eq 12 ]
	v='.cells[0].trials[0].values'
	assert_awk "$(json "$v.access_p50" "$TMP/r.json") <= $(json "$v.access_p99" "$TMP/r.json")"
	assert_awk "$(json "$v.access_p99" "$TMP/r.json") <= $(json "$v.access_max" "$TMP/r.json")"
	# A poke touches a whole 32M tab: it takes longer than touching one page.
	assert_awk "$(json "$v.access_p50" "$TMP/r.json") > 1000"
	[[ "$output" == *"over 12 pokes"* ]]
}

@test "--latency off: no clock in the hogger, no latency in the result" {
	need_zram
	run --separate-stderr "$ZSB" --swap zram --limit 16M --alloc 32M --access reread:1 --trials 1 --latency off \
		--output "$TMP/r.json"
	[ "$status" -eq 0 ]
	[ "$(json '.cells[0].trials[0].values.access_p50' "$TMP/r.json")" = null ]
	[ "$(json '.cells[0].trials[0].latency' "$TMP/r.json")" = null ]
	[ "$(json '.cells[0].trials[0].values.access_time' "$TMP/r.json")" != null ]
}

@test "tabs and --swap-fraction: what does not make sense is refused, exit 2" {
	for args in "--access tabs:1:5" "--access tabs:4:5 --jobs 3" "--access tabs:4:5 --threads 2" \
		"--swap-fraction 0.5 --alloc 64M" "--swap-fraction 0.99" "--access tabs:4:0"; do
		# shellcheck disable=SC2086
		run --separate-stderr "$ZSB" $args --trials 1
		[ "$status" -eq 2 ] || { echo "$args gave $status: $stderr" >&2; return 1; }
		[ "$(wc -l <<<"$stderr")" -eq 1 ]
	done
}
