#!/usr/bin/env bats
# A root tool that no local user can turn against the machine (docs/security.md): each finding
# tried as the unprivileged user nobody would, against the real binary.
bats_require_minimum_version 1.5.0
load helpers

CONFIGS="$BATS_TEST_DIRNAME/../../configs"

setup() {
	common_setup
	NOBODY=(setpriv --reuid=65534 --regid=65534 --clear-groups)
}

teardown() {
	[ -z "${SIG:-}" ] || { touch "$SIG/go"; [ -z "${RUN:-}" ] || wait "$RUN"; rm -rf "$SIG"; }
	[ -z "${LINKDIR:-}" ] || rm -rf "$LINKDIR"
	[ -z "${HOLDER:-}" ] || { kill "$HOLDER" 2>/dev/null; wait "$HOLDER" 2>/dev/null || true; }
	[ -z "${LOCK_MODE:-}" ] || chmod "$LOCK_MODE" "$(dirname "$(run_lock_path)")"
	common_teardown
}

# /run/lock is 1777: a lock there let nobody create it first and hold it, and every run and
# every cleanup answered "another zswapbench run (PID 1)".
@test "another user cannot take the run lock: not where it was, not where it is" {
	[ -d /run ] || skip "no /run: the lock is in /var/lib/zswapbench, root's own"
	[ -d /run/lock ] || skip "no /run/lock: the old attack has no place to start"
	old=/run/lock/zswapbench.lock
	# An older zswapbench's lock, not held, goes: the attack needs the name free.
	if [ -e "$old" ]; then
		flock -n "$old" true || skip "$old is held: an older zswapbench is running"
		rm -f "$old"
	fi
	# The old attack: nobody makes the old lock first and holds a shared lock on it.
	"${NOBODY[@]}" flock --no-fork -s "$old" sleep 60 &
	HOLDER=$!
	for _ in $(seq 50); do flock -n -x "$old" true 2>/dev/null || break; sleep 0.1; done
	run flock -n -x "$old" true
	[ "$status" -ne 0 ]
	mkdir -p "$TMP/rd"
	run --separate-stderr env ZSWAPBENCH_RUNDIR="$TMP/rd" "$ZSB" cleanup
	echo "$stderr"
	[ "$status" -eq 0 ]
	[ "$output" = "zswapbench: nothing to restore" ]
	# Where the lock is now, nobody can neither hold it nor write it.
	lock=$(run_lock_path)
	[ "$(stat -c '%u %a' "$(dirname "$lock")")" = "0 700" ]
	run "${NOBODY[@]}" flock -n -s "$lock" true
	[ "$status" -ne 0 ]
	run "${NOBODY[@]}" sh -c "echo 1 >'$lock'"
	[ "$status" -ne 0 ]
	kill "$HOLDER"
	wait "$HOLDER" 2>/dev/null || true
	HOLDER=
	rm -f "$old"
}

@test "a lock folder another user could write is refused, naming it, and nothing changes" {
	[ -d /run ] || skip "no /run: the lock is in /var/lib/zswapbench, root's own"
	mkdir -p "$TMP/rd"
	env ZSWAPBENCH_RUNDIR="$TMP/rd" "$ZSB" cleanup >/dev/null
	dir=$(dirname "$(run_lock_path)")
	LOCK_MODE=$(stat -c %a "$dir")
	chmod 0703 "$dir"
	run --separate-stderr env ZSWAPBENCH_RUNDIR="$TMP/rd" "$ZSB" --swap disk --trials 1 --limit 16M \
		--alloc 32M --output "$TMP/r.json"
	chmod "$LOCK_MODE" "$dir"
	echo "$stderr"
	[ "$status" -eq 1 ]
	[ "$stderr" = "zswapbench: $dir: writable by other users (mode 703): refusing to keep the run lock there" ]
	[ ! -e "$TMP/r.json" ]
	[ "$(machine_state)" = "$BEFORE" ]
}

# An older binary dropped a newer journal's pending lines and truncated it.
@test "a journal of a newer version is refused untouched by a run and by cleanup, naming its version" {
	mkdir -p "$TMP/rd"
	chmod 700 "$TMP/rd"
	header="H	zswapbench-journal	2	$(cat /proc/sys/kernel/random/boot_id)	1"
	intent="I	1	write	1700000000	/proc/sys/vm/swappiness	60	100"
	python3 -c 'import sys, zlib
for b in sys.argv[1:]: print("%s\t#%08x" % (b, zlib.crc32(b.encode())))' "$header" "$intent" >"$TMP/rd/journal"
	python3 "$BATS_TEST_DIRNAME/journal_edit.py" "$TMP/rd/journal" --version 3
	sum=$(sha256sum <"$TMP/rd/journal")
	run --separate-stderr env ZSWAPBENCH_RUNDIR="$TMP/rd" "$ZSB" cleanup
	echo "$stderr"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"$TMP/rd/journal: written by a newer zswapbench (journal version 3; this one reads 2)"* ]]
	[ "$(sha256sum <"$TMP/rd/journal")" = "$sum" ]
	run --separate-stderr env ZSWAPBENCH_RUNDIR="$TMP/rd" "$ZSB" --swap disk --trials 1 --limit 16M \
		--alloc 32M --output "$TMP/r.json"
	echo "$stderr"
	[ "$status" -eq 1 ]
	[[ "$stderr" == *"journal version 3; this one reads 2"* ]]
	[ "$(sha256sum <"$TMP/rd/journal")" = "$sum" ]
	[ ! -e "$TMP/r.json" ]
	[ "$(machine_state)" = "$BEFORE" ]
}

# The postrm checked /var/lib/zswapbench/lock, a file that never existed: a purge during a run
# deleted the live journal.
@test "purge while a run holds the lock keeps the run directory and its journal" {
	[ ! -e /var/lib/zswapbench/calibration.json ] && [ ! -e /var/lib/zswapbench/journal ] ||
		skip "/var/lib/zswapbench holds a calibration or a journal that the purge would remove"
	lock=$(run_lock_path)
	mkdir -p "$(dirname "$lock")" /var/lib/zswapbench
	flock --no-fork "$lock" sleep 60 &
	HOLDER=$!
	for _ in $(seq 50); do flock -n "$lock" true 2>/dev/null || break; sleep 0.1; done
	touch /var/lib/zswapbench/journal
	run sh "$BATS_TEST_DIRNAME/../../debian/zswapbench.postrm" purge
	kept=$([ -e /var/lib/zswapbench/journal ] && echo yes || echo no)
	kill "$HOLDER"
	wait "$HOLDER" 2>/dev/null || true
	HOLDER=
	rm -f /var/lib/zswapbench/journal
	# Free again for the tests after this one: a holder's child still holding it once failed
	# every run for a minute.
	flock -n "$lock" true
	echo "$output"
	[ "$kept" = yes ]
	[[ "$output" == *"a run holds $lock"* ]]
}

# A preset's server started with the real preset, its load held back until another user has
# tried it: the load, a wrapper the test writes, says where the server is and waits for "go".
# SIG is a folder the preset's user can write in; the wrapper is the preset's own load after.
start_service_held() {
	local preset=$1 setup=$2 load=$3 limit=$4
	SIG=$(mktemp -d /tmp/zsb-security-XXXXXX)
	chmod 1777 "$SIG"
	cat >"$SIG/load.sh" <<WRAP
#!/bin/sh
echo "\$ZSWAPBENCH_WORKDIR" >"$SIG/up.tmp" && mv "$SIG/up.tmp" "$SIG/up"
while [ ! -e "$SIG/go" ]; do sleep 0.1; done
exec $load
WRAP
	chmod 755 "$SIG/load.sh"
	"$ZSB" --config "$preset" --swap zram --limit "$limit" --setup "$setup" --load "$SIG/load.sh" \
		--trials 1 --warmup 0 --interval 0 --output "$TMP/$preset.json" >"$TMP/out" 2>"$TMP/err" &
	RUN=$!
	for _ in $(seq 1200); do [ -e "$SIG/up" ] || [ ! -d "/proc/$RUN" ] && break; sleep 0.1; done
	[ -e "$SIG/up" ] || { cat "$TMP/err"; return 1; }
	WD=$(cat "$SIG/up")
}

finish_service_held() {
	touch "$SIG/go"
	wait "$RUN"
	local status=$?
	RUN=
	rm -rf "$SIG"
	cat "$TMP/err"
	[ "$status" -eq 0 ]
}

# Nobody cannot connect to a socket in the work directory, nor through a hard link to it (the
# socket's own mode, where the server sets one).
socket_link() {
	LINKDIR=$(mktemp -d "$(dirname "$WD")/zsb-security-link-XXXXXX")
	chmod 755 "$LINKDIR"
	ln "$1" "$LINKDIR/$(basename "$1")"
}

@test "the postgres preset's server refuses another local user: its folder, its socket, its logins" {
	command -v /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || skip "no postgresql"
	need_zram
	psql=$(ls /usr/lib/postgresql/*/bin/psql | sort -V | tail -n 1)
	start_service_held postgres "$CONFIGS/programs/postgres-data.sh 1" "$CONFIGS/programs/postgres-load.sh 3" 16M
	[ "$(stat -c '%U %a' "$WD")" = "postgres 700" ]
	[ "$(stat -c '%a' "$WD/.s.PGSQL.5432")" = 700 ]
	run ! grep -Eq '^[^#]*[[:space:]]trust([[:space:]]|$)' "$WD/pgdata/pg_hba.conf"
	grep -Eq '^local[[:space:]].*[[:space:]]peer$' "$WD/pgdata/pg_hba.conf"
	run "${NOBODY[@]}" "$psql" -X -h "$WD" -U postgres -d postgres -c 'SELECT 1'
	echo "as nobody, through the folder: $output"
	[ "$status" -ne 0 ]
	[[ "$output" == *"Permission denied"* ]]
	socket_link "$WD/.s.PGSQL.5432"
	run "${NOBODY[@]}" "$psql" -X -h "$LINKDIR" -U postgres -d postgres -c 'SELECT 1'
	echo "as nobody, through a link to the socket: $output"
	rm -rf "$LINKDIR"
	[ "$status" -ne 0 ]
	[[ "$output" == *"Permission denied"* ]]
	finish_service_held
	[ "$(json '.cells[0].trials[0].status' "$TMP/postgres.json")" = ok ]
}

@test "the mariadb preset's server runs as mysql and refuses another local user: its folder, its logins" {
	command -v mariadbd >/dev/null || skip "no mariadb-server"
	need_zram
	start_service_held mariadb "$CONFIGS/programs/mariadb-data.sh 2 20000" \
		"$CONFIGS/programs/mariadb-load.sh oltp_read_only 3" 64M
	[ "$(stat -c '%U %a' "$WD")" = "mysql 700" ]
	server=$(pgrep -f "mariadbd --no-defaults --datadir=$WD/mariadb" | head -n 1)
	[ -n "$server" ]
	[ "$(stat -c %U "/proc/$server")" = mysql ]
	run "${NOBODY[@]}" mariadb --no-defaults --socket="$WD/mariadb.sock" --user=mysql -e 'SELECT 1'
	echo "as nobody, through the folder: $output"
	[ "$status" -ne 0 ]
	socket_link "$WD/mariadb.sock"
	for account in mysql root sbtest; do
		run "${NOBODY[@]}" mariadb --no-defaults --socket="$LINKDIR/mariadb.sock" --user=$account \
			-e 'CREATE DATABASE planted' sbtest
		echo "as nobody, as $account, through a link to the socket: $output"
		[ "$status" -ne 0 ]
		[[ "$output" == *"Access denied"* ]] || { rm -rf "$LINKDIR"; false; }
	done
	rm -rf "$LINKDIR"
	finish_service_held
	[ "$(json '.cells[0].trials[0].status' "$TMP/mariadb.json")" = ok ]
}

# --setup ran with root's terminal as its stdout and stderr: as the --user it could read the
# keys typed into it (no job control stops a read of a terminal that is not its controlling
# one) and write it commands. The terminal here is script(1)'s, as root's would be.
@test "--setup under --user never holds root's terminal: a pipe, what it prints shown escaped" {
	need_zram
	cat >"$TMP/setup.sh" <<-'SH'
	#!/bin/sh
	for fd in 0 1 2; do echo "fd $fd $(readlink /proc/$$/fd/$fd)"; done
	ls -l /proc/$$/fd | grep -c /dev/pts
	printf 'title \033]0;owned\007 done\n'
	SH
	chmod 755 "$TMP" "$TMP/setup.sh"
	run script -qec "$ZSB --swap zram --limit 16M --trials 1 --user nobody --output $TMP/r.json --setup $TMP/setup.sh -- true" "$TMP/typescript"
	cat -v "$TMP/typescript"
	[ "$status" -eq 0 ]
	grep -a -q 'fd 0 /dev/null' "$TMP/typescript"
	grep -a -q 'fd 1 pipe:\[' "$TMP/typescript"
	grep -a -q 'fd 2 pipe:\[' "$TMP/typescript"
	grep -a -qx $'0\r' "$TMP/typescript"
	grep -a -qF 'title \x1b]0;owned\x07 done' "$TMP/typescript"
	run ! grep -a -q $'\e]' "$TMP/typescript"
	run ! grep -a -q $'\a' "$TMP/typescript"
	[ "$(json '.cells[0].trials[0].status' "$TMP/r.json")" = ok ]
}
