#!/usr/bin/env bats
# The hogger's seccomp sandbox, and --user: what the workload and --setup run as and are given.
bats_require_minimum_version 1.5.0
load helpers

setup() {
	common_setup
	need_zram
	chmod 755 "$TMP"
	HOGGER="$BATS_TEST_DIRNAME/../../zswapbench-hogger"
}
teardown() { common_teardown; }

# A hogger that records who it runs as and passes extra arguments to the real one.
wrapper() {
	cat >"$TMP/hogger" <<-SH
	#!/bin/sh
	id -u >"$TMP/uid"
	exec "$HOGGER" "\$@" $*
	SH
	chmod 755 "$TMP/hogger"
	touch "$TMP/uid"
	chmod 666 "$TMP/uid"
}

@test "a forbidden system call kills the hogger with SIGSYS and the runner says so" {
	wrapper --probe-sandbox
	run "$ZSB" --swap zram --limit 16M --alloc 32M --trials 1 --hogger "$TMP/hogger" --output "$TMP/r.json"
	echo "$output"
	[ "$status" -eq 4 ]
	[[ "$output" == *"hogger killed by its seccomp sandbox (SIGSYS)"* ]]
	[ "$(json '.cells[0].trials[0].status' "$TMP/r.json")" = failed ]
	[ "$(json '.config["no-seccomp"]' "$TMP/r.json")" = false ]
}

@test "--no-seccomp runs the hogger without the sandbox" {
	wrapper --probe-sandbox
	run "$ZSB" --swap zram --limit 16M --alloc 32M --trials 1 --no-seccomp --hogger "$TMP/hogger" --output "$TMP/r.json"
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(json '.config["no-seccomp"]' "$TMP/r.json")" = true ]
}

@test "the sandboxed hogger does its whole job: fill, report, reread" {
	run "$ZSB" --swap zram --limit 16M --alloc 48M --trials 1 --reread 2 --output "$TMP/r.json"
	[ "$status" -eq 0 ]
	[ "$(json '.cells[0].trials[0].status' "$TMP/r.json")" = ok ]
	assert_awk "$(json '.cells[0].trials[0].values.access_time' "$TMP/r.json") > 0"
}

@test "--user runs the hogger as that user, still inside the cgroup" {
	wrapper
	run "$ZSB" --swap zram --limit 16M --alloc 48M --trials 1 --user nobody --hogger "$TMP/hogger" --output "$TMP/r.json"
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(cat "$TMP/uid")" = "$(id -u nobody)" ]
	[ "$(json '.config.user' "$TMP/r.json")" = nobody ]
	assert_awk "$(json '.cells[0].trials[0].values.cgroup_swap' "$TMP/r.json") >= 31 * 1048576"
}

# A script that writes what its process is into its working directory (the run's, removed at
# the end), then copies that out to $2 for the test: NAME.txt and NAME.env, NAME being $1.
looker() {
	cat >"$TMP/look.sh" <<-'SH'
	#!/bin/sh
	{
		# Read first, by builtins: while the shell forks (for $(...) or grep) it blocks every
		# signal, and a reader in that window would see the fork's mask, not the shell's.
		while IFS= read -r l; do
			case $l in NoNewPrivs:* | SigIgn:* | SigBlk:*) printf '%s\n' "$l" ;; esac
		done </proc/$$/status
		echo "uid $(id -u)"
		echo "groups $(id -G)"
		echo "tty $(tty)"
		echo "stdin $(readlink /proc/$$/fd/0)"
		echo "session $(cut -d' ' -f6 /proc/$$/stat) pid $$"
		echo "cwd $(pwd) owner $(stat -c %U .)"
		echo "workdir $ZSWAPBENCH_WORKDIR"
	} >"$1.txt"
	env | grep -v '^PWD=' | sort >"$1.env"
	cp "$1.txt" "$1.env" "$2"
	SH
	chmod 755 "$TMP/look.sh"
	mkdir "$TMP/seen"
}

# The environment a --user process gets: a login's five, what passes through, the work
# directory; nothing else of root's (SECRET_TOKEN, SUDO_*, root's PATH and HOME).
login_env() {
	local workdir=$1
	{
		echo "HOME=$(getent passwd nobody | cut -d: -f6)"
		echo "LANG=C.UTF-8"
		echo "LOGNAME=nobody"
		echo "PATH=/usr/local/bin:/usr/bin:/bin"
		echo "SHELL=$(getent passwd nobody | cut -d: -f7)"
		echo "TERM=dumb"
		echo "USER=nobody"
		echo "ZSWAPBENCH_WORKDIR=$workdir"
	} | sort
}

# What both processes run as nobody share: the user, its groups, no terminal, a session each
# leads, no_new_privs, signals at their defaults, /dev/null as stdin, the work directory its.
assert_as_nobody() {
	local seen=$1 pid
	echo "--- $seen" && cat "$seen"
	grep -qx "uid $(id -u nobody)" "$seen"
	grep -qx "groups $(id -G nobody)" "$seen"
	grep -qx "tty not a tty" "$seen"
	grep -qx "NoNewPrivs:	1" "$seen"
	grep -qx "SigIgn:	0000000000000000" "$seen"
	grep -qx "SigBlk:	0000000000000000" "$seen"
	grep -qx "stdin /dev/null" "$seen"
	pid=$(awk '$1 == "session" { print $4 }' "$seen")
	grep -qx "session $pid pid $pid" "$seen"
	grep -qx "cwd $(awk '$1 == "workdir" { print $2 }' "$seen") owner nobody" "$seen"
}

@test "--user: the command and --setup run as the user with its groups, in sessions of their own, no_new_privs, /dev/null as stdin, a login's environment" {
	looker
	chown nobody "$TMP/seen"
	run env -i PATH="$PATH" HOME=/root TERM=dumb LANG=C.UTF-8 SECRET_TOKEN=roots SUDO_USER=admin \
		"$ZSB" --swap zram --limit 16M --trials 1 --user nobody --output "$TMP/r.json" \
		--setup "$TMP/look.sh setup $TMP/seen" -- "$TMP/look.sh" command "$TMP/seen"
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(json '.cells[0].trials[0].status' "$TMP/r.json")" = ok ]
	assert_as_nobody "$TMP/seen/setup.txt"
	assert_as_nobody "$TMP/seen/command.txt"
	workdir=$(awk '$1 == "workdir" { print $2 }' "$TMP/seen/command.txt")
	[[ "$workdir" == /var/tmp/zswapbench-*.d ]]
	# The setup made its file in the directory the command then ran in, as the same user.
	grep -qx "workdir $workdir" "$TMP/seen/setup.txt"
	cat "$TMP/seen/command.env"
	diff <(login_env "$workdir") "$TMP/seen/command.env"
	diff <(login_env "$workdir") "$TMP/seen/setup.env"
	[ ! -e "$workdir" ]
}

@test "without --user: the command and --setup run as root with zswapbench's environment, signals at their defaults and /dev/null as stdin; the setup in a session of its own" {
	looker
	run env SECRET_TOKEN=roots "$ZSB" --swap zram --limit 16M --trials 1 --output "$TMP/r.json" \
		--setup "$TMP/look.sh setup $TMP/seen" -- "$TMP/look.sh" command "$TMP/seen"
	echo "$output"
	[ "$status" -eq 0 ]
	cat "$TMP/seen/setup.txt" "$TMP/seen/command.txt"
	for who in setup command; do
		grep -qx "uid 0" "$TMP/seen/$who.txt"
		grep -qx "NoNewPrivs:	0" "$TMP/seen/$who.txt"
		grep -qx "SigIgn:	0000000000000000" "$TMP/seen/$who.txt"
		grep -qx "SigBlk:	0000000000000000" "$TMP/seen/$who.txt"
		grep -qx "stdin /dev/null" "$TMP/seen/$who.txt"
		grep -q "cwd /var/tmp/zswapbench-.*\.d owner root" "$TMP/seen/$who.txt"
		grep -qx "SECRET_TOKEN=roots" "$TMP/seen/$who.env"
	done
	# The setup leads a session; the command's jobs share a group in zswapbench's session.
	pid=$(awk '$1 == "session" { print $4 }' "$TMP/seen/setup.txt")
	grep -qx "session $pid pid $pid" "$TMP/seen/setup.txt"
	[ "$(awk '$1 == "session" { print $2 }' "$TMP/seen/command.txt")" != \
		"$(awk '$1 == "session" { print $4 }' "$TMP/seen/command.txt")" ]
}

@test "--user with two jobs: each job leads its own session, and SIGTERM reaches both" {
	cat >"$TMP/job.sh" <<-'SH'
	#!/bin/sh
	trap 'echo "$$ got TERM" >>"$1/got"; exit 3' TERM
	echo $$ >>"$1/started"
	while :; do sleep 0.1; done
	SH
	chmod 755 "$TMP/job.sh"
	mkdir "$TMP/seen"
	chown nobody "$TMP/seen"
	"$ZSB" --swap zram --limit 16M --trials 1 --jobs 2 --user nobody --output "$TMP/r.json" \
		-- "$TMP/job.sh" "$TMP/seen" >"$TMP/out" 2>"$TMP/err" &
	PID=$!
	for _ in $(seq 200); do
		[ "$(cat "$TMP/seen/started" 2>/dev/null | wc -l)" -eq 2 ] && break
		sleep 0.05
	done
	[ "$(wc -l <"$TMP/seen/started")" -eq 2 ]
	kill -TERM "$PID"
	status=0
	wait "$PID" || status=$?
	cat "$TMP/err"
	[ "$status" -eq 143 ]
	[ "$(wc -l <"$TMP/seen/got")" -eq 2 ]
	[ "$(json '.status' "$TMP/r.json")" = interrupted ]
}
