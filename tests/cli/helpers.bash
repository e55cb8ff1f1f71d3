# Shared by the integration tests: the binaries, and the machine's state before and after.
ZSB="$BATS_TEST_DIRNAME/../../zswapbench"
MiB=1048576

# Everything zswapbench may change: swap areas, zram devices, cgroups (v1 hierarchies and the
# unified one, at any depth it could create), controllers handed down, zswap's parameters,
# sysctls, THP, the multi-gen LRU, loop devices, its mounts (debugfs, a zram device, anything
# under a zswapbench-* folder), its swapfiles, zram backing files and work folders (in /var/tmp
# and in the test's $TMP, where tests put --swapfile), a journal left with entries to undo, the
# run lock still held, and a runner or a hogger still running. Each line is the same from one
# call to the next on an idle machine (no Used column, no PID, no time), and the files are read
# with the shell's own read, not a program a line: this runs twice a test and more.
machine_state() {
	local f d v a b c rest pid
	# /proc/swaps without its Used column: name, type, size, priority.
	while read -r a b c v d rest; do echo "$a $b $c $d"; done </proc/swaps
	for d in /sys/block/zram*; do
		[ -e "$d/disksize" ] || continue
		a='' b=''
		read -r a 2>/dev/null <"$d/disksize"
		read -r b 2>/dev/null <"$d/comp_algorithm"
		echo "${d##*/} $a $b"
	done
	for d in /sys/fs/cgroup/zswapbench* /sys/fs/cgroup/*/zswapbench* /sys/fs/cgroup/*/*/zswapbench*; do
		[ -d "$d" ] && echo "$d"
	done
	# Controllers handed down, at the root and one level below it.
	for f in /sys/fs/cgroup/cgroup.subtree_control /sys/fs/cgroup/*/cgroup.subtree_control \
		/sys/module/zswap/parameters/* /proc/sys/vm/swappiness /proc/sys/vm/page-cluster \
		/sys/kernel/mm/transparent_hugepage/enabled /sys/kernel/mm/lru_gen/enabled \
		/sys/kernel/mm/transparent_hugepage/hugepages-*kB/enabled; do
		[ -r "$f" ] || continue
		v=''
		read -r v 2>/dev/null <"$f"
		echo "$f: $v"
	done
	for f in /sys/block/loop*/loop/backing_file; do
		[ -r "$f" ] || continue
		v=''
		read -r v 2>/dev/null <"$f"
		echo "loop ${f#/sys/block/} $v"
	done
	while read -r a b c rest; do
		if [ "$c" = debugfs ] || [[ $a == /dev/zram* || "$a $b" == *zswapbench* ]]; then echo "mount $a $b $c"; fi
	done </proc/self/mounts
	# Files by name, to the depth a --swapfile of the tests reaches, and what zswapbench puts
	# beside one; in $TMP, not a test's own result files (results/zswapbench-*.json).
	local -A seen=()
	for d in /var/tmp ${TMP:+"$TMP"}; do
		# /var/tmp is zswapbench's default place: anything of its name there; in $TMP a test
		# may build a package (zswapbench_*.deb), so only what a run makes.
		local own="$d/zswapbench-*.d"
		[ "$d" = /var/tmp ] && own="$d/zswapbench*"
		for f in $own "$d"/*.swap "$d"/*/*.swap "$d"/*/*/*.swap "$d"/*.zram-backing \
			"$d"/*/*.zram-backing "$d"/*/*/*.zram-backing "$d"/*/zswapbench-*.d "$d"/*/*/zswapbench-*.d; do
			[ -e "$f" ] && [ -z "${seen[$f]:-}" ] && seen[$f]=1 && echo "$f"
		done
	done
	for d in /var/lib/zswapbench ${ZSWAPBENCH_RUNDIR:+"$ZSWAPBENCH_RUNDIR"}; do
		# A journal whose intents are not all marked undone (a run that ends well removes it).
		if [ -f "$d/journal" ]; then
			local -A todo=()
			while read -r a b rest; do
				case $a in
				I) todo[$b]=1 ;;
				U) unset "todo[$b]" ;;
				esac
			done <"$d/journal"
			echo "journal $d/journal: ${#todo[@]} to undo"
			unset todo
		fi
	done
	# The machine's run lock (runlock_path: /run/zswapbench/lock, or /var/lib/zswapbench/lock
	# without /run) still held: the PID its holder wrote in it holds a flock(2) lock on it
	# (/proc/locks: "1: FLOCK ADVISORY WRITE PID MAJ:MIN:INODE 0 EOF").
	f=$(run_lock_path) pid=''
	[ -f "$f" ] && read -r pid 2>/dev/null <"$f"
	if [ -n "$pid" ]; then
		while read -r a b c v d rest; do
			[ "$b" = FLOCK ] && [ "$d" = "$pid" ] || continue
			rest=${rest%% *}
			if [ "${rest##*:}" = "$(stat -c %i "$f")" ]; then
				echo "lock $f: held"
				break
			fi
		done </proc/locks
	fi
	# Hoggers counted by name, not listed by PID (comm "zswapbench-hogg": the kernel keeps 15
	# characters), as the --background hogger could be left. Not the runner itself: a left
	# runner holds the lock (above), and a read-only zswapbench (show, -n) anyone else runs
	# beside the tests is none of theirs.
	# Another checkout's build tree (a Makefile beside its hogger) is not ours to count: its
	# unit tests start hoggers of their own; an installed hogger, or this tree's, is counted.
	b=0
	local ours exe
	ours=$(realpath -m "$BATS_TEST_DIRNAME/../..")
	for f in /proc/[0-9]*/stat; do
		c='' v=''
		read -r pid c v rest 2>/dev/null <"$f"
		[ "$v" = Z ] && continue
		[ "$c" = '(zswapbench-hogg)' ] || continue
		exe=$(readlink "/proc/$pid/exe" 2>/dev/null) || exe=''
		exe=${exe% (deleted)}
		if [ -n "$exe" ] && [ "${exe%/*}" != "$ours" ] && [ -f "${exe%/*}/Makefile" ]; then
			continue
		fi
		b=$((b + 1))
	done
	echo "running: zswapbench-hogger $b"
}

run_lock_path() {
	if [ -d /run ]; then echo /run/zswapbench/lock; else echo /var/lib/zswapbench/lock; fi
}

common_setup() {
	[ "$(id -u)" -eq 0 ] || skip "integration tests need root (cgroups, swapon)"
	[ -d /sys/fs/cgroup/memory ] || [ -e /sys/fs/cgroup/memory.max ] || grep -qw memory /sys/fs/cgroup/cgroup.controllers 2>/dev/null \
		|| skip "no memory cgroup controller on this kernel"
	TMP=$(mktemp -d)
	BEFORE=$(machine_state)
}

# What a test started in the background and left going (a run paused at a phase when the test
# stopped half way, a hogger): each of its own jobs that is zswapbench or its hogger is ended
# by its PID with SIGTERM (a background job of a script ignores SIGINT unless it catches it;
# zswapbench catches both and restores the machine), so the next test does not find the lock
# taken; the test fails. Nothing that is not the test's own job is touched.
stop_own_runs() {
	local pid comm state rest left=0 i
	for pid in $(jobs -p); do
		comm='' state=''
		read -r rest comm state rest 2>/dev/null <"/proc/$pid/stat"
		case $comm in '(zswapbench)' | '(zswapbench-hogg)') ;; *) continue ;; esac
		if [ "$state" != Z ]; then
			echo "teardown: the test left ${comm//[()]/} (PID $pid) running: terminated" >&2
			left=1
			kill -TERM "$pid" 2>/dev/null
			for ((i = 0; i < 100; i++)); do
				state=''
				read -r rest comm state rest 2>/dev/null <"/proc/$pid/stat"
				[ -n "$state" ] && [ "$state" != Z ] || break
				sleep 0.1
			done
			[ -z "$state" ] || [ "$state" = Z ] || kill -KILL "$pid" 2>/dev/null
		fi
		wait "$pid" 2>/dev/null
	done
	return $left
}

# Whether a loop device is attached over a file under $1.
loop_under() {
	local f v
	for f in /sys/block/loop*/loop/backing_file; do
		v=''
		read -r v 2>/dev/null <"$f"
		[[ $v == "$1"* ]] && return 0
	done
	return 1
}

common_teardown() {
	[ -n "${TMP:-}" ] || return 0
	local after left=0 i
	stop_own_runs || left=1
	# A test's own image mounted with -o loop: the kernel detaches its loop device when the
	# last user lets go, which can come just after umount returns.
	for ((i = 0; i < 50; i++)); do
		loop_under "$TMP/" || break
		sleep 0.1
	done
	after=$(machine_state)
	rm -rf "$TMP"
	if [ "$BEFORE" != "$after" ]; then
		echo "machine state changed:" >&2
		diff <(echo "$BEFORE") <(echo "$after") >&2
		return 1
	fi
	return $left
}

need_zswap() {
	[ -e /sys/module/zswap/parameters/enabled ] || skip "this kernel has no zswap"
	# Kernels before 6.15 let zswap choose its allocator; zbud (Debian 6.1's default) stores
	# at most two compressed pages per page, and a half-random page compresses to just over
	# half a page: no saving at all. zsmalloc, the only one on newer kernels, packs them.
	ZPOOL=()
	[ -e /sys/module/zswap/parameters/zpool ] && ZPOOL=(--zswap-zpool zsmalloc)
	return 0
}

need_zram() {
	[ -e /sys/class/zram-control/hot_add ] || skip "this kernel has no zram hot_add (modprobe zram)"
}

# Floating-point assertions: check "expr" with awk, print the values on failure.
# A jq null (a metric missing) would be awk's 0 and pass "x < 48M": refused as no number.
assert_awk() {
	if [[ " $1 " =~ [^[:alnum:]_]null[^[:alnum:]_] ]]; then
		echo "failed: $1 (a value is null: missing)" >&2
		return 1
	fi
	awk "BEGIN { exit !($1) }" || { echo "failed: $1" >&2; return 1; }
}

# within A B FRACTION: |A - B| <= FRACTION x |B|. (No "^": busybox's awk in the VM has no
# math library.)
within() {
	[[ "$1" != null && "$2" != null && -n "$1" && -n "$2" ]] || { echo "failed: within '$1' '$2': a value is missing" >&2; return 1; }
	awk -v a="$1" -v b="$2" -v f="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; m = b < 0 ? -b : b; exit !(d <= f * m) }' ||
		{ echo "failed: $1 is not within $3 of $2" >&2; return 1; }
}

json() {
	jq -r "$1" "$2"
}

# How many plots a result file implies (report/plot/plot_time.c, plot_fill.c, plot_trials.c): per
# cell, memory against time where a trial's series has a memory field and PSI against time where
# it has a PSI one; one fill curve where a trial has one; one plot of the trials per quantity
# (elapsed, CPU, compression ratio) that a trial has. Not a block device's bandwidth per mode or
# a sweep's plots, which the tests of those name.
plots_implied() {
	jq '
		def trials: [.trials[] | select(.warmup | not)];
		def series_has($fields): any(trials[]; ((.series.t // []) | length) > 0
			and any($fields[] as $f | .series[$f]; . != null));
		([.cells[] | select(series_has(["cgroup_mem", "cgroup_swap", "zram_compr_data_size", "zswap_stored_pages"]))] | length)
		+ ([.cells[] | select(series_has(["psi_some_us", "cgroup_psi_some_us"]))] | length)
		+ (if any(.cells[] | trials[]; ((.fill_curve.t // []) | length) > 0) then 1 else 0 end)
		+ ([["elapsed"], ["user_cpu", "sys_cpu"], ["compression_ratio"]] as $qs | [.cells[] | trials[] | .values] as $v
			| [$qs[] | select(. as $q | any($v[]; . as $x | all($q[]; $x[.] != null)))] | length)' "$1"
}

# The package built once from the tree for the tests that only need one (installing it,
# deploying it): a build takes a minute. In the run's own temporary folder, or in
# ZSB_SHARED_DIR, which make check gives the bats runs it starts side by side, so that they
# build it once between them (whoever comes first builds it, under a lock). Its path, the
# zswapbench_*.deb, on stdout; the .changes and the other .debs beside it.
shared_deb() {
	local dir=${ZSB_SHARED_DIR:-${BATS_RUN_TMPDIR:?}}/shared-deb
	mkdir -p "${dir%/*}"
	(
		flock 9
		if ! compgen -G "$dir/zswapbench_*_*.deb" >/dev/null; then
			rm -rf "$dir"
			mkdir -p "$dir/src"
			# The tree as it was taken, kept: a second build of the same files (the
			# reproducibility test) takes it too, even while the tree is being edited.
			(cd "$BATS_TEST_DIRNAME/../.." && git ls-files -z | tar --null -T - -cf "$dir/tree.tar")
			tar -xf "$dir/tree.tar" -C "$dir/src"
			(cd "$dir/src" && dpkg-buildpackage -us -uc -b >"$dir/build.log" 2>&1) ||
				{ tail -30 "$dir/build.log" >&2; rm -f "$dir"/*.deb; exit 1; }
		fi
	) 9>"$dir.lock" || return 1
	compgen -G "$dir/zswapbench_*_*.deb"
}

# A view's text with the lines it wrapped within 100 columns joined again, each paragraph on one
# line, its tables as they are (tests/cli/view_text.py): a sentence a test looks for is found
# whatever wraps it, as the length of a path in it decides. --markdown for markdown's text.
unwrapped() {
	python3 "$BATS_TEST_DIRNAME/view_text.py" unwrap "$@"
}
