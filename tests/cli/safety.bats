#!/usr/bin/env bats
# Never hurt the machine: what cannot fit is refused before any change, a dead background
# hogger stops the run, nothing happens before the lock, and a fixture tree touches nothing.
bats_require_minimum_version 1.5.0
load helpers

setup() { common_setup; }
teardown() { common_teardown; }

oom_kills() { awk '$1 == "oom_kill" { print $2 }' /proc/vmstat; }
global_ooms() { dmesg 2>/dev/null | grep -c 'Out of memory: Killed process' || true; }

@test "what could fill the machine's RAM is refused before any change, and no OOM killer fires" {
	need_zram
	ooms=$(oom_kills)
	global=$(global_ooms)
	while IFS='|' read -r needle args; do
		eval "set -- $args"
		run --separate-stderr "$ZSB" "$@" --output "$TMP/r.json"
		echo "$args: $status $stderr"
		[ "$status" -eq 3 ]
		[[ "$stderr" == *"$needle"* ]]
		[ ! -e "$TMP/r.json" ]
	done <<'TABLE'
--background 1T: more than this machine can spare|--background 1T --trials 1
zram's compressed pages included|--alloc 1T --swap zram --trials 1
zram's compressed pages included|--alloc 64G --swap zram --zram-size 64G --trials 1
TABLE
	[ "$(oom_kills)" = "$ooms" ]
	[ "$(global_ooms)" = "$global" ]
}

@test "--zram-mem-limit caps what zram may take: the same allocation then runs, OOM-killed in its cgroup only" {
	need_zram
	global=$(global_ooms)
	run --separate-stderr "$ZSB" --alloc 1G --swap zram --zram-mem-limit 64M --zram-size 256M --limit 32M \
		--trials 1 --output "$TMP/r.json"
	echo "$stderr"
	[ "$status" -eq 4 ]
	[ "$(json '.cells[0].trials[0].status' "$TMP/r.json")" = oom ]
	[ "$(global_ooms)" = "$global" ]
}

@test "sizes below what mkswap takes are bad input" {
	run --separate-stderr "$ZSB" --swap zram --zram-size 1K
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"--zram-size '1K': below 1M"* ]]
	run --separate-stderr "$ZSB" --swap disk --swap-size 100K
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"--swap-size '100K': below 1M"* ]]
}

@test "the background hogger killed mid-run: the run stops, exit 1, the machine restored" {
	need_zram
	ZSWAPBENCH_TEST_PAUSE=fill ZSWAPBENCH_TEST_RESUME="$TMP/go" "$ZSB" --swap zram --limit 16M --alloc 32M \
		--trials 3 --background 64M --output "$TMP/r.json" >"$TMP/out" 2>"$TMP/err" &
	pid=$!
	for _ in $(seq 300); do grep -q "paused at fill" "$TMP/err" && break; sleep 0.05; done
	hogger=$(pgrep -P "$pid" -f -- '--hold')
	[ -n "$hogger" ]
	kill -KILL "$hogger"
	touch "$TMP/go"
	status=0
	wait "$pid" || status=$?
	cat "$TMP/err"
	[ "$status" -eq 1 ]
	grep -q "the --background hogger was killed by signal 9" "$TMP/err"
	[ "$(json '.status' "$TMP/r.json")" = failed ]
	[ "$(json '.cells[0].trials | length' "$TMP/r.json")" -eq 1 ]
}

@test "nothing before the lock: a refused second run creates no results directory" {
	need_zram
	ZSWAPBENCH_TEST_PAUSE=fill "$ZSB" --swap zram --limit 16M --alloc 32M --trials 1 --output "$TMP/r.json" \
		2>"$TMP/err" >/dev/null &
	pid=$!
	for _ in $(seq 300); do grep -q "paused at fill" "$TMP/err" && break; sleep 0.05; done
	mkdir "$TMP/elsewhere"
	cd "$TMP/elsewhere"
	run --separate-stderr "$ZSB" --swap zram --trials 1
	kill -INT "$pid"
	wait "$pid" || true
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"another zswapbench run"* ]]
	[ ! -e "$TMP/elsewhere/results" ]
}

@test "an output path that cannot be written is found before any change" {
	before=$(machine_state)
	run --separate-stderr "$ZSB" --swap disk --trials 1 --output /sys/zswapbench-result.json
	echo "$stderr"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"/sys/zswapbench-result.json"* ]]
	[ "$(machine_state)" = "$before" ]
}

@test "--sysroot: checks against a fixture tree, no lock, no journal, nothing real" {
	export ZSWAPBENCH_RUNDIR="$TMP/rundir"
	run --separate-stderr "$ZSB" --sysroot "$BATS_TEST_DIRNAME/../fixtures/v1" --swap disk --trials 1 \
		--output "$TMP/r.json"
	echo "$stderr"
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"the checks passed; nothing runs against a fixture tree"* ]]
	[ ! -e "$TMP/rundir" ]
	[ ! -e "$TMP/r.json" ]
}
