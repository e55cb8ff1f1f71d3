#!/usr/bin/env bats
# What the undo knows its own objects by: a swapfile in any spelling of its path, in a journal
# that names it by another spelling, after a reboot that changed its device number; a run
# directory that cannot take the journal.
bats_require_minimum_version 1.5.0
load helpers

setup() {
	common_setup
	LINK=/var/tmp/zsb-identity-link
	REAL=/var/tmp/zsb-identity-real
	# Fixed names in /var/tmp: someone else's are left alone, and the test does not run.
	[ ! -e "$LINK" ] && [ ! -L "$LINK" ] && [ ! -e "$REAL" ] || skip "$LINK or $REAL exists on this machine"
}

# The link and the folder, only where the test made them (MADE_LINK, MADE_REAL); the folder
# only if empty: what zswapbench left in it is for common_teardown to report.
teardown() {
	[ -z "${MADE_LINK:-}" ] || rm -f "$LINK"
	[ -z "${MADE_REAL:-}" ] || rmdir "$REAL" 2>/dev/null
	common_teardown
}

journal_file() {
	echo "${ZSWAPBENCH_RUNDIR:-/var/lib/zswapbench}/journal"
}

# One short disk run with the swapfile spelled as given (from the directory $2 if given).
run_spelled() {
	local file=$1 from=${2:-$PWD}
	(cd "$from" && "$ZSB" --swap disk --swapfile "$file" --limit 16M --alloc 32M --swap-size 64M \
		--trials 1 --output "$TMP/r.json") >"$TMP/out" 2>"$TMP/err"
}

@test "a swapfile path in any spelling: each run leaves nothing behind" {
	MADE_REAL=1 MADE_LINK=1
	mkdir "$REAL"
	ln -s "$REAL" "$LINK"
	local spellings=(
		"/var/tmp//zswapbench-sp1.swap"
		"/var/tmp/./zswapbench-sp2.swap"
		"$REAL/../zswapbench-sp3.swap"
		"$LINK/zswapbench-sp4.swap"
		"zswapbench-sp5.swap"
	)
	for file in "${spellings[@]}"; do
		status=0
		run_spelled "$file" /var/tmp || status=$?
		echo "$file: exit $status"
		cat "$TMP/err"
		[ "$status" -eq 0 ]
		run ! grep -q "could not" "$TMP/err"
		if grep -q zswapbench-sp /proc/swaps; then echo "still swap"; return 1; fi
		if ls /var/tmp "$REAL" | grep -q zswapbench-sp; then echo "file left"; return 1; fi
		[ "$(machine_state)" = "$BEFORE" ]
	done
}

@test "a swapfile path with a blank or an escape is refused before any change" {
	for file in "/var/tmp/zswapbench sp.swap" '/var/tmp/zswapbench\040sp.swap'; do
		status=0
		run_spelled "$file" || status=$?
		cat "$TMP/err"
		[ "$status" -eq 2 ]
		grep -q -- "--swapfile" "$TMP/err"
		[ "$(wc -l <"$TMP/err")" -eq 1 ]
		[ "$(machine_state)" = "$BEFORE" ]
	done
}

# Stops a disk run in its first fill, swapon'd, and SIGKILLs it.
kill_in_fill() {
	ZSWAPBENCH_TEST_PAUSE=fill:1 "$ZSB" --swap disk --swapfile "$1" --limit 16M --alloc 48M \
		--swap-size 64M --trials 1 --output "$TMP/r.json" >"$TMP/out" 2>"$TMP/err" &
	PID=$!
	for _ in $(seq 300); do
		grep -q "paused at fill" "$TMP/err" && break
		sleep 0.05
	done
	kill -KILL "$PID"
	wait "$PID" || true
	grep -q "$1" /proc/swaps
}

@test "a journal that names the swapfile by another spelling: cleanup still swaps it off and removes it" {
	MADE_LINK=1
	ln -s /var/tmp "$LINK"
	kill_in_fill /var/tmp/zswapbench-identity.swap
	tests/cli/journal_edit.py "$(journal_file)" --replace /var/tmp/zswapbench-identity.swap \
		"$LINK/zswapbench-identity.swap"
	grep -q "$LINK/zswapbench-identity.swap" "$(journal_file)"
	run "$ZSB" cleanup
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"restored: swapped off $LINK/zswapbench-identity.swap"* ]]
	[[ "$output" == *"restored: removed swapfile $LINK/zswapbench-identity.swap"* ]]
	run ! grep -q zswapbench-identity /proc/swaps
	[ ! -e /var/tmp/zswapbench-identity.swap ]
}

@test "after a reboot that changed the device number, the swapfile is known by its signature" {
	kill_in_fill /var/tmp/zswapbench-reboot.swap
	[ "$(blkid -s LABEL -o value /var/tmp/zswapbench-reboot.swap)" = zswapbench ]
	cp "$(journal_file)" "$TMP/journal.as-left"
	# As the journal reads after a reboot: another boot id, another device number.
	tests/cli/journal_edit.py "$(journal_file)" --boot 00000000-0000-0000-0000-000000000000
	tests/cli/journal_edit.py "$(journal_file)" --shift-dev 1
	run "$ZSB" cleanup
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"gone with the reboot"* ]]
	[[ "$output" == *"restored: removed swapfile /var/tmp/zswapbench-reboot.swap"* ]]
	[[ "$output" != *"left /var/tmp/zswapbench-reboot.swap alone"* ]]
	[ ! -e /var/tmp/zswapbench-reboot.swap ]
	# There was no reboot: what it would have undone (the cgroups) is undone from the copy.
	cp "$TMP/journal.as-left" "$(journal_file)"
	run "$ZSB" cleanup
	echo "$output"
	[ "$status" -eq 0 ]
}

@test "a run directory others can write to, or a symbolic link, is refused before any change" {
	export ZSWAPBENCH_RUNDIR="$TMP/open"
	mkdir -m 0777 "$ZSWAPBENCH_RUNDIR"
	chmod 0777 "$ZSWAPBENCH_RUNDIR"
	run --separate-stderr "$ZSB" --swap disk --limit 16M --alloc 32M --trials 1 --output "$TMP/r.json"
	echo "$stderr"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"$ZSWAPBENCH_RUNDIR: writable by other users"* ]]
	[ ! -e "$ZSWAPBENCH_RUNDIR/journal" ]
	mkdir -m 0700 "$TMP/real"
	ln -s "$TMP/real" "$TMP/link"
	export ZSWAPBENCH_RUNDIR="$TMP/link"
	run --separate-stderr "$ZSB" cleanup
	echo "$stderr"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"not a directory (a symbolic link is not followed)"* ]]
}

@test "two run directories, one machine: the lock is the machine's" {
	need_zram
	export ZSWAPBENCH_RUNDIR="$TMP/one"
	ZSWAPBENCH_TEST_PAUSE=fill:1 "$ZSB" --swap zram --limit 16M --alloc 48M --trials 1 \
		--output "$TMP/r.json" >"$TMP/out" 2>"$TMP/err" &
	PID=$!
	for _ in $(seq 300); do
		grep -q "paused at fill" "$TMP/err" && break
		sleep 0.05
	done
	ZSWAPBENCH_RUNDIR="$TMP/two" run --separate-stderr "$ZSB" --swap zram --trials 1 \
		--output "$TMP/second.json"
	kill -INT "$PID"
	wait "$PID" || true
	echo "$stderr"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"another zswapbench run (PID $PID) holds"* ]]
	[ ! -e "$TMP/second.json" ]
}

@test "a run directory that is full: the run refuses before any change" {
	need_zram
	export ZSWAPBENCH_RUNDIR="$TMP/full"
	mkdir -m 0700 "$ZSWAPBENCH_RUNDIR"
	mount -t tmpfs -o size=4k,mode=0700 zsb-full "$ZSWAPBENCH_RUNDIR"
	head -c 4096 /dev/zero >"$ZSWAPBENCH_RUNDIR/filler" || true
	run --separate-stderr "$ZSB" --swap zram --limit 16M --alloc 32M --trials 1 --output "$TMP/r.json"
	echo "$stderr"
	state=$(machine_state)
	umount "$ZSWAPBENCH_RUNDIR"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"No space left on device"* ]]
	[ "$state" = "$BEFORE" ]
}

@test "a run directory that fills up mid-run: the run stops, restores, and keeps its trials" {
	need_zram
	export ZSWAPBENCH_RUNDIR="$TMP/small"
	mkdir -m 0700 "$ZSWAPBENCH_RUNDIR"
	mount -t tmpfs -o size=4k,mode=0700 zsb-small "$ZSWAPBENCH_RUNDIR"
	# One page: about ten trials' records fit, the record after them does not.
	run --separate-stderr "$ZSB" --swap zram --limit 16M --alloc 24M --trials 14 --output "$TMP/r.json"
	echo "$stderr"
	state=$(machine_state)
	cp -r "$ZSWAPBENCH_RUNDIR" "$TMP/small-copy"
	umount "$ZSWAPBENCH_RUNDIR"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"No space left on device"* ]]
	[ "$(json '[.cells[0].trials[] | select(.status == "ok")] | length' "$TMP/r.json")" -ge 5 ]
	[ "$state" = "$BEFORE" ]
}
