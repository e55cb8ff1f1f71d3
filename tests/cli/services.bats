#!/usr/bin/env bats
# A service: a server in the trial's cgroup, a load generator outside it, its output read into
# throughput and latency; a server that dies or is never ready fails its trial; and
# `zswapbench savings`, whose answer must follow a workload's known working set.
bats_require_minimum_version 1.5.0
load helpers

setup() { common_setup; }
teardown() { common_teardown; }

MiB=1048576

need_redis() {
	command -v redis-server >/dev/null && command -v redis-benchmark >/dev/null ||
		skip "no redis-server or redis-benchmark (apt-get install redis-server redis-tools)"
}

# A redis-server that says which cgroup it is in; the load and the ready check say theirs.
redis_args() {
	sock="$TMP/r.sock"
	cat >"$TMP/server.sh" <<EOF
#!/bin/sh
cat /proc/self/cgroup >"$TMP/server.cgroup"
taskset -pc \$\$ | sed 's/.*: //' >"$TMP/server.cpus"
exec redis-server --port 0 --unixsocket $sock --save '' --appendonly no
EOF
	cat >"$TMP/load.sh" <<EOF
#!/bin/sh
cat /proc/self/cgroup >"$TMP/load.cgroup"
taskset -pc \$\$ | sed 's/.*: //' >"$TMP/load.cpus"
start=\$(date +%s.%N)
redis-benchmark -s $sock -t set,get -n \${1:-10000} -r 20000 -d 1024 --csv
status=\$?
echo "\${1:-measured} \$start \$(date +%s.%N)" >>"$TMP/load.times"
exit \$status
EOF
	chmod +x "$TMP/server.sh" "$TMP/load.sh"
	args=(--ready "redis-cli -s $sock ping" --load "$TMP/load.sh")
}

value() {
	json ".cells[${2:-0}].trials[0].values.$1" "$TMP/r.json"
}

@test "a service: the server inside the cgroup, the load outside, its throughput and latency" {
	need_zram
	need_redis
	redis_args
	run --separate-stderr "$ZSB" --swap zram --limit 8M --trials 1 "${args[@]}" \
		--load-warmup "$TMP/load.sh 2000" --output "$TMP/r.json" -- "$TMP/server.sh"
	echo "$output $stderr"
	[ "$status" -eq 0 ]
	[[ "$output" == *"throughput "*" ops/s median"* ]]
	grep -q "zswapbench-" "$TMP/server.cgroup"
	run ! grep -q "zswapbench-" "$TMP/load.cgroup"
	# With a CPU to spare, the load runs where the runner was moved: off the server's CPUs.
	if [ "$(nproc)" -ge 2 ]; then
		echo "server on $(cat "$TMP/server.cpus"), load on $(cat "$TMP/load.cpus")"
		[ "$(cat "$TMP/server.cpus")" != "$(cat "$TMP/load.cpus")" ]
	fi
	# redis-benchmark's requests per second over SET and GET, and its percentiles in us.
	assert_awk "$(value throughput) > 100"
	assert_awk "$(value request_p99) >= $(value request_p50)"
	assert_awk "$(value request_p50) > 0"
	# About 6300 keys of 1K (10000 SETs at random over 20000) and redis's own 4M, in 8M: the
	# server swapped.
	assert_awk "$(value cgroup_swap_peak) > 2 * $MiB"
	# elapsed is the measured load's, not the server's life (which includes the warm-up): the
	# load's own clock, give or take a shell's start.
	cat "$TMP/load.times"
	[ "$(grep -c '^2000 ' "$TMP/load.times")" -eq 1 ]
	self=$(awk '$1 == "measured" { print $3 - $2 }' "$TMP/load.times")
	elapsed=$(value elapsed)
	assert_awk "$elapsed >= $self * 0.98 && $elapsed < $self * 1.1 + 0.05"
	[ "$(json '.config.load' "$TMP/r.json")" = "$TMP/load.sh" ]
}

@test "a service's trials are compared by throughput, higher being better" {
	need_zram
	need_redis
	redis_args
	run --separate-stderr "$ZSB" --swap disk,zram --limit 8M --trials 2 "${args[@]}" \
		--output "$TMP/r.json" -- "$TMP/server.sh"
	echo "$output"
	[ "$status" -eq 0 ]
	# The verdict names throughput its primary metric, and words it as operations served.
	[[ "$output" == *"(primary: throughput, tested at alpha"* ]]
	# 2 against 2 cannot reach alpha: the sentence says so, of throughputs, not of times.
	[[ "$output" == *"zram and disk: 2 vs 2 trials are too few to tell throughputs apart"* ]]
	[[ "$output" != *"elapsed times apart"* ]]
	run --separate-stderr "$ZSB" compare --format json "$TMP/r.json" "$TMP/r.json"
	[ "$status" -eq 0 ]
	grep -q '"primary": *"throughput"' <<<"$output"
}

@test "a server OOM-killed under its load fails its trial, with its log's last line" {
	need_redis
	redis_args
	run --separate-stderr "$ZSB" --swap none --limit 8M --trials 1 -i "${args[@]}" \
		--output "$TMP/r.json" -- "$TMP/server.sh"
	echo "$output $stderr"
	[ "$status" -eq 4 ]
	[ "$(json '.cells[0].trials[0].status' "$TMP/r.json")" = oom ]
	[[ "$(json '.cells[0].trials[0].note' "$TMP/r.json")" == "the server was OOM-killed during its "* ]]
}

@test "a server never ready fails its trial after --ready-timeout" {
	need_redis
	redis_args
	run --separate-stderr "$ZSB" --swap none --limit 64M --trials 1 -i --ready false \
		--ready-timeout 2s --load "$TMP/load.sh" --output "$TMP/r.json" -- "$TMP/server.sh"
	echo "$output $stderr"
	[ "$status" -eq 4 ]
	[[ "$(json '.cells[0].trials[0].note' "$TMP/r.json")" == "the server was not ready within --ready-timeout (2 s)"* ]]
}

@test "a load whose output holds no throughput fails its trial, naming what is missing" {
	need_redis
	redis_args
	run --separate-stderr "$ZSB" --swap none --limit 64M --trials 1 -i \
		--ready "redis-cli -s $sock ping" --load "echo hello" --load-format sysbench \
		--output "$TMP/r.json" -- "$TMP/server.sh"
	[ "$status" -eq 4 ]
	[[ "$(json '.cells[0].trials[0].note' "$TMP/r.json")" == "the load's output: "*sysbench* ]]
}

@test "service options: each misuse is one line naming the option, exit 2, nothing changed" {
	while IFS='|' read -r want args; do
		# shellcheck disable=SC2086
		run --separate-stderr "$ZSB" $args
		[ "$status" -eq 2 ] || { echo "$args: $status $stderr"; return 1; }
		[[ "$stderr" == *"$want"* ]] || { echo "$args: $stderr"; return 1; }
		[ "$(wc -l <<<"$stderr")" -eq 1 ]
	done <<'EOF'
--ready|--ready true --limit 16M
--load-warmup|--load-warmup true --limit 16M -- sleep 1
--load-format|--load-format sysbench -- sleep 1
--ready-timeout|--ready-timeout 5s -- sleep 1
--load|--load true
--jobs|--load true --jobs 2 -- sleep 1
--load|--load true --target block
--load-format|--load-format csv --load true -- sleep 1
--load 'no-such-tool-zsb'|--load no-such-tool-zsb -- sleep 1
--ready 'no-such-tool-zsb'|--ready no-such-tool-zsb --load true -- sleep 1
EOF
}

@test "savings --dry-run says the most trials it takes and changes nothing" {
	run --separate-stderr "$ZSB" savings --swap disk,zram --trials 3 --steps 4 --alloc 64M -n
	echo "$output $stderr"
	[ "$status" -eq 0 ]
	# Its plan's sentence within 100 columns, as every view's lines are.
	[ -z "$(awk 'length > 100' <<<"$output")" ]
	output=$(unwrapped <<<"$output")
	# a reference run of 3, then 2 backends x 4 steps x (3 + 3); and 3 a side can never
	# settle a step (p 0.1 at best), which is said
	[[ "$output" == *"at most 51 trials"* ]]
	[[ "$stderr" == *"savings: --trials 3: no step can settle (3 trials a side reach p 0.1 at best, not below --alpha 0.05)"* ]]
	# By default a step looks from 5 trials a cell on and takes at most 10: a reference of 5,
	# then 2 x 4 x (10 + 10).
	run --separate-stderr "$ZSB" savings --swap disk,zram --steps 4 --alloc 64M -n
	[ "$status" -eq 0 ]
	output=$(unwrapped <<<"$output")
	[[ "$output" == *"at most 4 steps of at most 20 trials"*"from 5 a cell on, a step ends as soon as"*"at most 165 trials"* ]]
	[[ "$stderr" != *"no step can settle"* ]]
	# A limit (a preset's own) is set aside, and said to be.
	run --separate-stderr "$ZSB" savings --limit 32M -n
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"savings: --limit is not used: the search chooses the limits"* ]]
	run --separate-stderr "$ZSB" savings --swap none,zram -n
	[ "$status" -eq 2 ]
}

# The hogger's hot:25:300 writes 64M, then reads its first quarter (16M) 300 times over. Above
# that quarter the cold pages go to zram once and the hot ones come back once: 1.5-1.7x the
# run with no limit (20M to 44M, measured). At 16M and below the passes fault the hot set in
# again and again: 4.5-5x. A 180% slowdown (2.8x) is the middle of the two by ratio, so host
# noise of 25% on either side cannot move the answer out of (16M, 32M]; at 100% it could (a
# CI run's 32M came out 2.1x, by its median).
@test "savings of a known working set (hot:25) lands between the hot set and twice it" {
	need_zram
	run --separate-stderr "$ZSB" savings --swap zram --alloc 64M --access hot:25:300 \
		--trials 5 --min-trials 4 --steps 3 --slowdown 180% --output "$TMP/s.json"
	echo "$output"
	echo "$stderr" | tail -n 5
	[ "$status" -eq 0 ]
	limit=$(json '.backends[0].limit' "$TMP/s.json")
	assert_awk "$limit > 16 * $MiB"
	assert_awk "$limit <= 32 * $MiB"
	saved=$(json '.backends[0].saved' "$TMP/s.json")
	# The share saved is the limit against the footprint the reference measured, and its
	# interval has a width (the clamps alone would give lo <= saved <= hi).
	within "$saved" "$(json '1 - .backends[0].limit / .footprint' "$TMP/s.json")" 0.000001
	assert_awk "$(json '.backends[0].saved_lo' "$TMP/s.json") < $(json '.backends[0].saved_hi' "$TMP/s.json")"
	assert_awk "$saved >= 0.45 && $saved < 0.75"
	steps=$(json '.backends[0].steps | length' "$TMP/s.json")
	[ "$steps" -ge 1 ]
	[ "$steps" -le 3 ]
	# A step ends when it settles: each took 4 or 5 trials a cell, one far from the target
	# (below the hot set, tens of times slower; or killed, which settles at once) fewer than
	# 5; the answer's trials are the reference's 4 and every step's two cells.
	json '.backends[0].steps[] | [.limit, .trials, .p_target, .verdict] | @tsv' "$TMP/s.json"
	assert_awk "$(json '[.backends[0].steps[].trials] | min' "$TMP/s.json") >= 1"
	assert_awk "$(json '[.backends[0].steps[].trials] | max' "$TMP/s.json") <= 5"
	assert_awk "$(json '[.backends[0].steps[].trials] | min' "$TMP/s.json") < 5"
	[ "$(json '.trials' "$TMP/s.json")" -eq "$(json '4 + 2 * ([.backends[0].steps[].trials] | add)' "$TMP/s.json")" ]
	# Every step's run is kept, and names its file; the first step (32M) holds it.
	for f in $(json '.backends[0].steps[].file' "$TMP/s.json"); do [ -s "$f" ]; done
	[[ "$output" == *"zram: "*"% less memory ["* ]]
	rm -rf "$(dirname "$(json '.reference_file' "$TMP/s.json")")"
}
