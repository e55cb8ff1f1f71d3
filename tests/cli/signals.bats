#!/usr/bin/env bats
# Signals in every phase, SIGKILL plus cleanup, one run at a time. After each: the machine is
# exactly as before (teardown) and the completed trials are on disk.
bats_require_minimum_version 1.5.0
load helpers

setup() { common_setup; }
teardown() { common_teardown; }

# Starts a run that pauses at the given phase (ZSWAPBENCH_TEST_PAUSE) and waits until it says so.
# Its result file is $OUT, $TMP/r.json by default.
start_paused() {
	local pause=$1
	shift
	ZSWAPBENCH_TEST_PAUSE=$pause "$ZSB" --limit 16M --alloc 48M --output "${OUT:-$TMP/r.json}" "$@" >"$TMP/out" 2>"$TMP/err" &
	PID=$!
	for _ in $(seq 300); do
		grep -q "paused at ${pause%%:*}" "$TMP/err" && return 0
		kill -0 "$PID" 2>/dev/null || break
		sleep 0.05
	done
	cat "$TMP/err"
	return 1
}

# Interrupts a run paused in the second trial's phase; checks the exit status and the file.
interrupt_in() {
	local phase=$1 sig=$2 code=$3 backend=$4 ok=$5
	start_paused "$phase:2" --swap "$backend" --trials 3
	kill "-$sig" "$PID"
	status=0
	wait "$PID" || status=$?
	cat "$TMP/err"
	[ "$status" -eq "$code" ]
	[ "$(json '.status' "$TMP/r.json")" = interrupted ]
	[ "$(json '[.cells[0].trials[] | select(.status == "ok")] | length' "$TMP/r.json")" -eq "$ok" ]
	grep -q "^$backend" "$TMP/err"
	if grep -q "socket\|could not undo" "$TMP/err"; then return 1; fi
}

@test "SIGINT during backend setup (zram)" { need_zram; interrupt_in setup INT 130 zram 1; }
@test "SIGTERM during backend setup (zram)" { need_zram; interrupt_in setup TERM 143 zram 1; }
@test "SIGINT during backend setup (disk)" { interrupt_in setup INT 130 disk 1; }
@test "SIGINT during the fill" { need_zram; interrupt_in fill INT 130 zram 1; }
@test "SIGTERM during the fill" { need_zram; interrupt_in fill TERM 143 zram 1; }
@test "SIGHUP during the fill (disk)" { interrupt_in fill HUP 129 disk 1; }
@test "SIGINT while sampling" { need_zram; interrupt_in sampling INT 130 zram 1; }
@test "SIGTERM while sampling" { need_zram; interrupt_in sampling TERM 143 zram 1; }
@test "SIGINT during teardown keeps the trial that just completed" { need_zram; interrupt_in teardown INT 130 zram 2; }
@test "SIGTERM during teardown (disk)" { interrupt_in teardown TERM 143 disk 2; }

@test "Ctrl-C prints the summary of what completed" {
	need_zram
	start_paused fill:2 --swap zram --trials 3
	kill -INT "$PID"
	status=0
	wait "$PID" || status=$?
	[ "$status" -eq 130 ]
	run cat "$TMP/err"
	[[ "$output" != *"socket"* ]]
	# The summary: the table of what completed, and the interrupted trial named under it.
	grep -q "^zram: 1 of 2 trials ok" "$TMP/out"
	grep -q "trial 2: interrupted: interrupted by signal 2" "$TMP/out"
	[ "$(json '.cells[0].trials[0].status' "$TMP/r.json")" = ok ]
	[ "$(json '.cells[0].trials[1].status' "$TMP/r.json")" = interrupted ]
}

@test "SIGKILL: the journal survives, a new run refuses, cleanup restores, cleanup again is a no-op" {
	need_zram
	start_paused fill:2 --swap zram --trials 3
	kill -KILL "$PID"
	wait "$PID" || true
	# Left behind: our zram device as swap and our cgroup; the completed trial is on disk.
	grep -q '^/dev/zram' /proc/swaps
	[ "$(json '.cells[0].trials[0].status' "$TMP/r.json")" = ok ]
	run --separate-stderr "$ZSB" --swap zram --trials 1 --output "$TMP/other.json"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"run 'zswapbench cleanup' first"* ]]
	[ ! -e "$TMP/other.json" ]
	run "$ZSB" cleanup
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"restored: removed cgroup"* ]]
	[[ "$output" == *"restored: swapped off /dev/zram"* ]]
	[[ "$output" == *"restored: removed zram"* ]]
	run "$ZSB" cleanup
	[ "$status" -eq 0 ]
	[ "$output" = "zswapbench: nothing to restore" ]
}

@test "SIGKILL with a disk swapfile: cleanup removes it" {
	start_paused fill:1 --swap disk --trials 1 --swapfile /var/tmp/zswapbench-kill.swap
	kill -KILL "$PID"
	wait "$PID" || true
	[ -e /var/tmp/zswapbench-kill.swap ]
	run "$ZSB" cleanup
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"restored: removed swapfile /var/tmp/zswapbench-kill.swap"* ]]
	[ ! -e /var/tmp/zswapbench-kill.swap ]
}

@test "one run at a time: a second run and cleanup name the PID holding the lock" {
	need_zram
	start_paused fill:1 --swap zram --trials 1
	run --separate-stderr "$ZSB" --swap zram --trials 1 --output "$TMP/second.json"
	second=$status
	second_err=$stderr
	run --separate-stderr "$ZSB" cleanup
	kill -INT "$PID"
	wait "$PID" || true
	[ "$second" -eq 1 ]
	[[ "$second_err" == *"another zswapbench run (PID $PID) holds"* ]]
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"a run (PID $PID) is in progress"* ]]
}

@test "every fatal signal ends the run through the journal: QUIT, USR1, USR2, ALRM, XCPU, PWR, STKFLT, IO, real-time" {
	need_zram
	for sig in QUIT USR1 USR2 ALRM XCPU PWR STKFLT IO RTMIN RTMAX; do
		# A result file of each signal's own: none can pass on the file another one wrote.
		OUT=$TMP/$sig.json start_paused fill:1 --swap zram --trials 2
		kill "-$sig" "$PID"
		status=0
		wait "$PID" || status=$?
		n=$(kill -l "$sig")
		echo "$sig ($n): $status"
		[ "$status" -eq $((128 + n)) ]
		# Written as the signal ended it: the first trial interrupted by that signal, no second.
		[ "$(json '.status' "$TMP/$sig.json")" = interrupted ]
		[ "$(json '.cells[0].trials | length' "$TMP/$sig.json")" -eq 1 ]
		[ "$(json '.cells[0].trials[0].status' "$TMP/$sig.json")" = interrupted ]
		[ "$(json '.cells[0].trials[0].note' "$TMP/$sig.json")" = "interrupted by signal $n" ]
		[ "$(machine_state)" = "$BEFORE" ]
	done
	[ ! -e "$TMP/r.json" ]
}

# Killed inside the window between an intent and its confirmation: cleanup looks at the real
# state, which the intent names exactly.
kill_at() {
	start_paused "$1" "${@:2}"
	kill -KILL "$PID"
	wait "$PID" || true
	run "$ZSB" cleanup
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "SIGKILL after the swapfile is created, before it is confirmed: cleanup removes it" {
	kill_at swapfile-created --swap disk --trials 1 --swapfile /var/tmp/zswapbench-unconfirmed.swap
	[[ "$output" == *"restored: removed swapfile /var/tmp/zswapbench-unconfirmed.swap"* ]]
	[ ! -e /var/tmp/zswapbench-unconfirmed.swap ]
}

@test "SIGKILL after hot_add, before it is confirmed: cleanup removes the device it named" {
	need_zram
	kill_at zram-added --swap zram --trials 1
	[[ "$output" == *"restored: removed zram"* ]]
}

@test "SIGKILL after swapon was announced, before swapon: cleanup finds nothing to swap off" {
	need_zram
	kill_at swapon-announced --swap zram --trials 1
	[[ "$output" == *"restored: reset /sys/block/zram"* ]]
	[[ "$output" == *"restored: removed zram"* ]]
}

@test "a damaged journal line is named and skipped; the rest is restored" {
	need_zram
	start_paused fill:1 --swap zram --trials 1
	kill -KILL "$PID"
	wait "$PID" || true
	journal=/var/lib/zswapbench/journal
	[ -n "${ZSWAPBENCH_RUNDIR:-}" ] && journal=$ZSWAPBENCH_RUNDIR/journal
	# The header's checksum no longer matches.
	sed -i '1s/zswapbench-journal/zswapbench-jOurnal/' "$journal"
	run "$ZSB" cleanup
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"journal line 1 is damaged: skipped, the lines after it are kept"* ]]
	[[ "$output" == *"restored: removed zram"* ]]
}

@test "a journal with no readable line is moved aside, and a run starts" {
	need_zram
	export ZSWAPBENCH_RUNDIR="$TMP/rundir"
	mkdir -p "$ZSWAPBENCH_RUNDIR"
	head -c 4096 /dev/zero >"$ZSWAPBENCH_RUNDIR/journal"
	run --separate-stderr "$ZSB" --swap zram --limit 16M --alloc 32M --trials 1 --output "$TMP/r.json"
	echo "$stderr"
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"held no readable line: moved aside to $ZSWAPBENCH_RUNDIR/journal.damaged-"* ]]
	ls "$ZSWAPBENCH_RUNDIR"/journal.damaged-*
	# Every cleanup lists it, and what it names (nothing readable), until it is removed.
	run "$ZSB" cleanup
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"$ZSWAPBENCH_RUNDIR/journal.damaged-"*": a journal moved aside with no readable line (4096 bytes); it names nothing to undo"* ]]
	[[ "$output" == *"remove it once you have looked at it"* ]]
}

# A process that is gone: no /proc entry, or a zombie its new parent has not reaped yet.
gone() {
	[ ! -e "/proc/$1" ] || grep -q '^[0-9]* ([^)]*) Z' "/proc/$1/stat"
}

# A --setup that says its PID (and its child's) in $1, then waits: ARGS of the script's body.
setup_script() {
	chmod 755 "$TMP"
	mkdir "$TMP/seen"
	chown nobody "$TMP/seen"
	{
		echo '#!/bin/sh'
		cat
	} >"$TMP/setup.sh"
	chmod 755 "$TMP/setup.sh"
}

wait_for_file() {
	for _ in $(seq 200); do
		[ -s "$1" ] && return 0
		sleep 0.05
	done
	cat "$TMP/err"
	return 1
}

@test "SIGKILL during --setup (as --user): the setup dies with the runner; cleanup restores" {
	need_zram
	setup_script <<-'SH'
	echo $$ >"$1/pid"
	exec sleep 300
	SH
	"$ZSB" --swap zram --limit 16M --trials 1 --user nobody --output "$TMP/r.json" \
		--setup "$TMP/setup.sh $TMP/seen" -- true >"$TMP/out" 2>"$TMP/err" &
	PID=$!
	wait_for_file "$TMP/seen/pid"
	setup=$(cat "$TMP/seen/pid")
	[ "$(stat -c %U "/proc/$setup")" = nobody ]
	kill -KILL "$PID"
	wait "$PID" || true
	for _ in $(seq 100); do
		gone "$setup" && break
		sleep 0.05
	done
	gone "$setup"
	run "$ZSB" cleanup
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "SIGTERM during --setup: passed to its group, which is killed when it ignores it; the run ends 143" {
	need_zram
	setup_script <<-'SH'
	trap '' TERM
	sleep 300 &
	echo $! >"$1/child"
	echo $$ >"$1/pid"
	wait
	SH
	"$ZSB" --swap zram --limit 16M --trials 1 --output "$TMP/r.json" \
		--setup "$TMP/setup.sh $TMP/seen" -- true >"$TMP/out" 2>"$TMP/err" &
	PID=$!
	wait_for_file "$TMP/seen/pid"
	kill -TERM "$PID"
	status=0
	wait "$PID" || status=$?
	cat "$TMP/err"
	[ "$status" -eq 143 ]
	[ "$(json '.status' "$TMP/r.json")" = interrupted ]
	for _ in $(seq 100); do
		gone "$(cat "$TMP/seen/pid")" && gone "$(cat "$TMP/seen/child")" && break
		sleep 0.05
	done
	gone "$(cat "$TMP/seen/pid")"
	gone "$(cat "$TMP/seen/child")"
}
