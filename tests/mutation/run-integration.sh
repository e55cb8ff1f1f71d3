#!/bin/bash
# The integration tier's mutation check (make mutation-integration): plants each bug of the list,
# one at a time, in a copy of the tree, rebuilds it and runs the one bats test (or few) the
# mutant names, which must fail on it: an assertion that was never seen to fail proves nothing.
#
#   tests/mutation/run-integration.sh [LIST]   LIST: tests/mutation/integration.imutants
#
# Each line of LIST: FILE ORIGINAL REPLACEMENT BATS FILTER DESCRIPTION, tab-separated
# (tests/mutation/README.md). BATS is a file of tests/cli; "vm:NAME.bats" a test that runs only
# on pure cgroup v2, which the VM tier (tests/vm/run.sh) runs. FILTER is bats -f's regex.
#
# As root, on a machine nobody else is testing on: the tests run the real benchmark on the
# real kernel. It refuses to start while another zswapbench or bats runs.
#
# INTEGRATION_ONLY=REGEX   only the mutants whose line matches (grep -E)
# INTEGRATION_DRY=1        check the list against the working tree and print it: each mutant,
#                          its snippet found once, the tests its filter selects; nothing built
#                          or run (any user)
# INTEGRATION_VM=1         run the vm: mutants in the VM tier (qemu, Debian's kernels fetched
#                          into .cache/vm: make check-vm's needs); without it they are not run
# INTEGRATION_VM_KERNELS   the VM tier's VM_KERNELS for them (its own default when unset)
# INTEGRATION_TIMEOUT=S    the least time a bats run may take before it is interrupted (600;
#                          a run may take three times its unmutated run and a minute, if more)
# INTEGRATION_JOBS=N       make's jobs (2)
# INTEGRATION_TMPDIR=DIR   where the copy goes (/var/tmp: a /tmp in RAM may be small)
# INTEGRATION_KEEP=1       keep the copy (its path is printed)
#
# Exit status: 0 when every mutant was caught; 1 when one was missed, did not build or its
# line is wrong (a snippet not in its file exactly once, a filter naming no test); 2 when it
# cannot start, the unmutated copy does not build or fails a chosen test, or a run had to be
# interrupted (the machine is then to be checked); 3 when every mutant that ran was caught but
# some did not run (vm: ones without INTEGRATION_VM=1, or where the VM tier cannot run).
set -u -o pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
list=$(realpath "${1:-$root/tests/mutation/integration.imutants}") || exit 2
[ -f "$list" ] || { echo "no list $list" >&2; exit 2; }
only=${INTEGRATION_ONLY:-}
jobs=${INTEGRATION_JOBS:-2}
least_timeout=${INTEGRATION_TIMEOUT:-600}
start=$SECONDS

# A line's fields, split at each tab (read would join empty ones): fields=(...).
split_tabs() {
	local s=$1
	fields=()
	while [[ $s == *$'\t'* ]]; do
		fields+=("${s%%$'\t'*}")
		s=${s#*$'\t'}
	done
	fields+=("$s")
}

# The names of the tests of a bats file, one a line, as bats reads them (its preprocessor's
# pattern, one quote stripped at each end): what -f matches.
test_names() {
	local line name re='^[[:blank:]]*@test[[:blank:]]+(.*[^[:blank:]])[[:blank:]]+\{(.*)$'
	while IFS= read -r line || [ -n "$line" ]; do
		line=${line%$'\r'}
		[[ $line =~ $re ]] || continue
		name=${BASH_REMATCH[1]#[\'\"]}
		printf '%s\n' "${name%[\'\"]}"
	done <"$1"
}

# The names FILTER selects in FILE, as bats -f selects them (bash's =~); 2 for a bad regex.
# Each file's names are read once, into names_of (by check_line: this runs in a subshell).
declare -A names_of
selected() { # FILE FILTER
	local name ret
	while IFS= read -r name; do
		[ -n "$name" ] || continue
		[[ $name =~ $2 ]] 2>/dev/null
		ret=$?
		[ "$ret" -eq 2 ] && return 2
		[ "$ret" -eq 0 ] && printf '%s\n' "$name"
	done <<<"${names_of[$1]}"
	return 0
}

# How many times the snippet is in the file; with a replacement, it is replaced (exit 3 when the
# snippet is not there exactly once).
snippet() { # FILE ORIGINAL [REPLACEMENT]
	python3 - "$@" <<'PY'
import sys
path, old = sys.argv[1:3]
text = open(path, encoding="utf-8").read()
n = text.count(old)
if len(sys.argv) == 3:
    print(n)
    sys.exit(0)
if n != 1:
    print(f"the snippet is in {path} {n} times, not once: {old!r}")
    sys.exit(3)
open(path, "w", encoding="utf-8").write(text.replace(old, sys.argv[3], 1))
PY
}

# The list's lines, as "N<TAB>line" (N: its line number), those INTEGRATION_ONLY chooses.
chosen_lines() {
	local n=0 line
	while IFS= read -r line || [ -n "$line" ]; do
		n=$((n + 1))
		line=${line%$'\r'}
		case $line in '' | '#'*) continue ;; esac
		if [ -n "$only" ] && ! grep -qE -- "$only" <<<"$line"; then
			continue
		fi
		printf '%s\t%s\n' "$n" "$line"
	done <"$list"
}

# A line against the tree in $1: sets why ("" when it makes a mutant, else why not), and file
# old new bats filter what vm names.
check_line() { # TREE LINE
	local tree=$1 count f
	why=''
	split_tabs "$2"
	if [ ${#fields[@]} -ne 6 ]; then
		why="not six tab-separated fields (FILE ORIGINAL REPLACEMENT BATS FILTER DESCRIPTION)"
		return
	fi
	file=${fields[0]} old=${fields[1]} new=${fields[2]}
	bats=${fields[3]} filter=${fields[4]} what=${fields[5]}
	vm=0
	[[ $bats == vm:* ]] && vm=1 bats=${bats#vm:}
	for f in "$file" "$old" "$new" "$bats" "$filter" "$what"; do
		[ -n "$f" ] || { why="an empty field"; return; }
	done
	[ "$old" != "$new" ] || { why="the replacement is the snippet"; return; }
	[ -f "$tree/$file" ] || { why="no file $file"; return; }
	if [[ $bats != *.bats || $bats == */* || ! -f $tree/tests/cli/$bats ]]; then
		why="no test file tests/cli/$bats"
		return
	fi
	count=$(snippet "$tree/$file" "$old") || { why="$file could not be read"; return; }
	[ "$count" -eq 1 ] || { why="bad snippet: in $file $count times, not once: $old"; return; }
	f=$tree/tests/cli/$bats
	[ -n "${names_of[$f]+set}" ] || names_of[$f]=$(test_names "$f")
	names=$(selected "$f" "$filter") || { why="the filter is no regex: $filter"; return; }
	[ -n "$names" ] || why="the filter names no test of $bats: $filter"
}

if [ "${INTEGRATION_DRY:-0}" = 1 ]; then
	good=0 bad=0
	while IFS= read -r entry; do
		n=${entry%%$'\t'*}
		check_line "$root" "${entry#*$'\t'}"
		if [ -n "$why" ]; then
			echo "bad line    $n: $why"
			bad=$((bad + 1))
			continue
		fi
		good=$((good + 1))
		echo "ok          $file: $what"
		prefix=''
		[ "$vm" = 1 ] && prefix='vm: '
		echo "            $prefix$bats -f '$filter' selects $(grep -c . <<<"$names"):"
		while IFS= read -r name; do echo "              $name"; done <<<"$names"
	done < <(chosen_lines)
	echo "$good mutants, $bad bad lines"
	[ $((good + bad)) -gt 0 ] || { echo "no mutant in $list" >&2; exit 1; }
	[ "$bad" -eq 0 ]
	exit
fi

if [ "$(id -u)" -ne 0 ]; then
	echo "run-integration.sh: needs root (the tests run the benchmark as root)" >&2
	exit 2
fi
# Nobody else's runs: the tests check the machine's state before and after each, and another
# run's changes would be taken for ours (or ours for theirs).
# A read-only zswapbench (show, compare, -n) changes nothing and may run beside; a run holds the
# machine's run lock (/run/zswapbench/lock: its holder's PID in it, a flock on it in /proc/locks).
lock_holder() {
	local f=/run/zswapbench/lock pid='' a b c v d rest
	[ -d /run ] || f=/var/lib/zswapbench/lock
	[ -f "$f" ] && read -r pid 2>/dev/null <"$f"
	[ -n "$pid" ] || return 0
	while read -r a b c v d rest; do
		[ "$b" = FLOCK ] && [ "$d" = "$pid" ] || continue
		rest=${rest%% *}
		[ "${rest##*:}" = "$(stat -c %i "$f")" ] && echo "$pid"
	done </proc/locks
}
busy=$(
	{
		lock_holder
		pgrep -x zswapbench-hogg
		pgrep -f '(^|/)bats([[:space:]]|$)|bats-exec-|/bats-core/'
	} | grep -vx -e "$$" -e "$PPID" | sort -u
)
if [ -n "$busy" ]; then
	echo "run-integration.sh: a zswapbench run, its hogger or bats is running; not started:" >&2
	ps -o pid=,args= -p "$(paste -sd, <<<"$busy")" >&2
	exit 2
fi

tmpdir=${INTEGRATION_TMPDIR:-/var/tmp}
# The copy and its build take about 150 MiB; a /tmp in RAM is not the place, /var/tmp by default.
avail=$(df -Pk "$tmpdir" 2>/dev/null | awk 'NR == 2 { print $4 }')
if [ -z "$avail" ] || [ "$avail" -lt $((512 * 1024)) ]; then
	echo "run-integration.sh: $tmpdir has ${avail:-no} KiB free, 512 MiB wanted" \
		"(INTEGRATION_TMPDIR)" >&2
	exit 2
fi
# Not named zswapbench*: the tests' machine_state lists anything of that name in /var/tmp.
work=$(mktemp -d "$tmpdir/zsb-integration-XXXXXX") || exit 2
chmod 755 "$work"
keep=${INTEGRATION_KEEP:-0}
child=''
# shellcheck disable=SC2317 # the traps call these
cleanup() {
	if [ "$keep" = 1 ]; then
		echo "# the copy: $work"
	else
		rm -rf "$work"
	fi
}
trap cleanup EXIT
# A signal to us is passed on to the run under way (its bats runs teardown, zswapbench restores
# the machine), which is waited for before the copy goes.
# shellcheck disable=SC2317 # the traps call it
on_signal() {
	if [ -n "$child" ]; then
		kill -"$1" "$child" 2>/dev/null
		wait "$child" 2>/dev/null
	fi
	exit "$2"
}
trap 'on_signal INT 130' INT
trap 'on_signal TERM 143' TERM
tree=$work/tree
mkdir -p "$tree"
echo "# the copy: $work (removed at the end unless INTEGRATION_KEEP=1)"

# The files git knows, as they are in the work tree (an edit not yet committed included), not
# the build: the copy builds from scratch with the Makefile's own flags.
(cd "$root" && git ls-files -z --cached --others --exclude-standard |
	while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done |
	tar --null -T - -cf -) | tar -xf - -C "$tree" || { echo "could not copy the tree" >&2; exit 2; }
# The man page's date from the last commit, as in the tree itself (the copy has no .git).
SOURCE_DATE_EPOCH=$(git -C "$root" log -1 --format=%ct 2>/dev/null || date +%s)
export SOURCE_DATE_EPOCH

# zswapbench, its hogger, the man page and completions (docs.bats reads them).
build() {
	make -C "$tree" -j"$jobs" all docs >"$work/build.log" 2>&1
}

# One command in the background, so that a signal can be passed on, within a time: its status
# (124 when it was interrupted for its time).
timed() { # SECONDS LOG COMMAND...
	local t=$1 log=$2 ret
	shift 2
	# INT first: bats runs its teardown, zswapbench restores the machine; KILL a minute later.
	(cd "$tree" && exec timeout -s INT -k 60 "$t" "$@") >"$log" 2>&1 &
	child=$!
	wait "$child"
	ret=$?
	child=''
	[ "$ret" -eq 137 ] && ret=124
	return "$ret"
}

# The chosen tests of one bats file, in the copy: its TAP in $2.
run_cli() { # BATS FILTER LOG SECONDS
	timed "$4" "$3" bats --tap -f "$2" "tests/cli/$1"
}

# The chosen tests in the VM tier: tests/vm/tests.txt of the copy names them (a line a regex of
# test names, as the filter is), without the kernel-ab test.
run_vm() { # BATS FILTER LOG SECONDS
	printf '%s\n' "$2" >"$tree/tests/vm/tests.txt"
	if [ -n "${INTEGRATION_VM_KERNELS:-}" ]; then
		timed "$4" "$3" env VM_KERNEL_AB=0 VM_KERNELS="$INTEGRATION_VM_KERNELS" tests/vm/run.sh
	else
		timed "$4" "$3" env VM_KERNEL_AB=0 tests/vm/run.sh
	fi
}

# "ran failed": the tests a TAP log says ran (not skipped) and failed.
tally() {
	local ran failed
	ran=$(grep -E '^(not )?ok [0-9]+ ' "$1" | grep -vc ' # skip')
	failed=$(grep -cE '^not ok [0-9]+ ' "$1")
	echo "$ran $failed"
}

echo "# building the copy (make all docs)"
if ! build; then
	tail -20 "$work/build.log"
	keep=1
	echo "the unmutated copy does not build: $work/build.log" >&2
	exit 2
fi
echo "# built in $((SECONDS - start))s"
# The VM tier fetches Debian's kernels once, into the tree's .cache: the copy uses the tree's.
vm_wanted=${INTEGRATION_VM:-0}
if [ "$vm_wanted" = 1 ]; then
	mkdir -p "$root/.cache"
	ln -s "$root/.cache" "$tree/.cache"
fi

# The mutants, each checked against the copy: arrays by index.
m_n=() m_file=() m_old=() m_new=() m_bats=() m_filter=() m_what=() m_vm=() m_key=()
caught=0 missed=0 broken=0 notrun=0
while IFS= read -r entry; do
	n=${entry%%$'\t'*}
	line=${entry#*$'\t'}
	check_line "$tree" "$line"
	if [ -n "$why" ]; then
		case $why in
		'bad snippet'*) echo "bad snippet $file: $what: ${why#bad snippet: }" ;;
		*) echo "bad line    $n: $why" ;;
		esac
		broken=$((broken + 1))
		continue
	fi
	m_n+=("$n") m_file+=("$file") m_old+=("$old") m_new+=("$new") m_bats+=("$bats")
	m_filter+=("$filter") m_what+=("$what") m_vm+=("$vm") m_key+=("$vm $bats $filter")
done < <(chosen_lines)
if [ $((${#m_n[@]} + broken)) -eq 0 ]; then
	echo "no mutant in $list${only:+ matching $only}" >&2
	exit 1
fi

# Each test chosen, unmutated first: it must pass, or a failure under a mutant would say
# nothing. A vm: one without the VM tier is not run, nor its mutants, and said so. One that
# skips here is run all the same: a mutant may turn the skip into a failure (killsteps.bats'
# skips only on what the kernel lacks), and a miss is then said to be its skip's.
declare -A base_timeout not_run_why skipped_why
for key in "${!m_key[@]}"; do
	k=${m_key[key]}
	[ -n "${base_timeout[$k]+set}${not_run_why[$k]+set}" ] && continue
	kvm=${m_vm[key]} kbats=${m_bats[key]} kfilter=${m_filter[key]}
	label="$([ "$kvm" = 1 ] && echo "vm: ")$kbats -f '$kfilter'"
	if [ "$kvm" = 1 ] && [ "$vm_wanted" != 1 ]; then
		not_run_why[$k]="needs pure cgroup v2: the VM tier runs it (INTEGRATION_VM=1)"
		echo "# unmutated: $label: not run (${not_run_why[$k]})"
		continue
	fi
	t0=$SECONDS
	if [ "$kvm" = 1 ]; then
		run_vm "$kbats" "$kfilter" "$work/base.log" $((least_timeout * 4))
	else
		run_cli "$kbats" "$kfilter" "$work/base.log" $((least_timeout * 2))
	fi
	ret=$?
	took=$((SECONDS - t0))
	if [ "$ret" -eq 124 ]; then
		tail -20 "$work/base.log"
		echo "the unmutated $label did not end in its time and was interrupted:" \
			"check the machine before anything else" >&2
		exit 2
	fi
	if [ "$kvm" = 1 ] && [ "$ret" -eq 77 ]; then
		not_run_why[$k]="the VM tier cannot run here: $(grep -m1 '^vm: skipped' "$work/base.log")"
		echo "# unmutated: $label: not run (${not_run_why[$k]})"
		continue
	fi
	if [ "$ret" -ne 0 ]; then
		grep -E -A8 '^not ok ' "$work/base.log" | head -40
		tail -5 "$work/base.log"
		echo "the unmutated copy fails $label (exit $ret): a mutant could not be told from it" >&2
		exit 2
	fi
	read -r ran failed < <(tally "$work/base.log")
	t=$((3 * took + 60))
	[ "$t" -ge "$least_timeout" ] || t=$least_timeout
	base_timeout[$k]=$t
	if [ "$ran" -eq 0 ]; then
		skipped_why[$k]=$(grep -m1 -oE ' # skip.*' "$work/base.log" | sed 's/^ # skip *//')
		echo "# unmutated: $label: skipped here in ${took}s (${skipped_why[$k]})"
	else
		echo "# unmutated: $label: $ran passed in ${took}s"
	fi
done

for i in "${!m_n[@]}"; do
	file=${m_file[i]} what=${m_what[i]} k=${m_key[i]}
	if [ -n "${not_run_why[$k]+set}" ]; then
		echo "not run     $file: $what (${not_run_why[$k]})"
		notrun=$((notrun + 1))
		continue
	fi
	t0=$SECONDS
	cp -p "$tree/$file" "$work/original"
	if ! why=$(snippet "$tree/$file" "${m_old[i]}" "${m_new[i]}"); then
		echo "bad snippet $file: $what: $why"
		broken=$((broken + 1))
		continue
	fi
	if ! build; then
		echo "NOT BUILT   $file: $what (fix the replacement)"
		grep -m3 -E 'error|Error' "$work/build.log" | sed 's/^/            /'
		broken=$((broken + 1))
	else
		if [ "${m_vm[i]}" = 1 ]; then
			run_vm "${m_bats[i]}" "${m_filter[i]}" "$work/mutant.log" "${base_timeout[$k]}"
		else
			run_cli "${m_bats[i]}" "${m_filter[i]}" "$work/mutant.log" "${base_timeout[$k]}"
		fi
		ret=$?
		if [ "$ret" -eq 124 ]; then
			tail -20 "$work/mutant.log"
			echo "TIMEOUT     $file: $what: the test ran past ${base_timeout[$k]}s and was interrupted;" \
				"the rest not run: check the machine (zswapbench cleanup) before anything else"
			exit 2
		fi
		read -r ran failed < <(tally "$work/mutant.log")
		if [ "$ret" -ne 0 ] && [ "$failed" -gt 0 ]; then
			first=$(grep -m1 -E '^not ok [0-9]+ ' "$work/mutant.log" | sed -E 's/^not ok [0-9]+ //')
			echo "caught      $file: $what ($((SECONDS - t0))s; $failed of $ran failed: $first)"
			caught=$((caught + 1))
		else
			note=${skipped_why[$k]+; unmutated it skips here: ${skipped_why[$k]}}
			echo "MISSED      $file: $what ($((SECONDS - t0))s; exit $ret, $ran ran, none failed$note)"
			missed=$((missed + 1))
		fi
	fi
	# The original back, newer than the mutant's objects, and built again.
	cp "$work/original" "$tree/$file"
	touch "$tree/$file"
	if ! build; then
		tail -20 "$work/build.log"
		keep=1
		echo "the copy does not build with $file restored" >&2
		exit 2
	fi
done

[ "$broken" -eq 0 ] || echo "$broken of the list's lines did not make a mutant that builds"
[ "$notrun" -eq 0 ] || echo "$notrun not run: their test runs in the VM tier (see each)"
echo "# $((SECONDS - start))s in all"
echo "$caught caught, $missed missed"
if [ "$missed" -gt 0 ] || [ "$broken" -gt 0 ]; then
	exit 1
fi
[ "$notrun" -eq 0 ] || exit 3
exit 0
