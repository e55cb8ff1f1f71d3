#!/usr/bin/env bats
# Workloads: data patterns, access modes, jobs, any command, background pressure, fill curve.
bats_require_minimum_version 1.5.0
load helpers

setup() { common_setup; }
teardown() { common_teardown; }

MiB=1048576
# 128M under a 32M limit: 96M (24576 pages) must go to swap.
OVERFLOW_PAGES=24576

zram_run() {
	need_zram
	run "$ZSB" --swap zram --limit 32M --alloc 128M --trials 1 --output "$TMP/r.json" "$@"
	echo "$output"
	[ "$status" -eq 0 ]
}

value() {
	json ".cells[0].trials[0].values.$1" "$TMP/r.json"
}

ratio_between() {
	local r
	r=$(value compression_ratio)
	assert_awk "$r >= $1 && $r <= $2" || { echo "compression $r not in [$1, $2]"; return 1; }
}

@test "data seq (the seed's p[i]=i): incompressible, stored as huge pages" {
	zram_run --data seq
	ratio_between 0.95 1.1
	assert_awk "$(value zram_huge_pages) >= 0.9 * $OVERFLOW_PAGES"
}

@test "data random: incompressible" {
	zram_run --data random
	ratio_between 0.95 1.1
}

@test "data zero: never reaches the device, counted in swpout_zero" {
	zram_run --data zero
	assert_awk "$(value swpout_zero) >= 0.95 * $OVERFLOW_PAGES"
	assert_awk "$(value pswpout) < 0.05 * $OVERFLOW_PAGES"
}

@test "data compressible:50 about 2x, compressible:75 about 4x" {
	zram_run --data compressible:50
	ratio_between 1.7 2.1
	zram_run --data compressible:75
	ratio_between 3.2 4.5
	[ "$(json '.config.data' "$TMP/r.json")" = compressible:75 ]
}

@test "data pattern:0xbadc0ffee (fio's buffer_pattern): compresses enormously" {
	zram_run --data pattern:0xbadc0ffee
	ratio_between 20 1000
}

@test "data mixed: the documented blend, about 2x, with some incompressible pages" {
	zram_run --data mixed
	ratio_between 1.6 2.4
	assert_awk "$(value zram_huge_pages) >= 0.1 * $OVERFLOW_PAGES"
}

@test "data file:PATH: a real file's bytes, cycled" {
	seq 1 1000000 >"$TMP/numbers.txt"
	zram_run --data "file:$TMP/numbers.txt"
	ratio_between 1.5 4
	[ "$(json '.config.data' "$TMP/r.json")" = "file:$TMP/numbers.txt" ]
}

@test "access fill: no access phase is reported" {
	zram_run --access fill
	[ "$(value access_time)" = null ]
	[ "$(value fill_major_faults)" != null ]
	assert_awk "$(value swapout_rate) > 0"
}

@test "access reread:1 swaps every swapped page back in" {
	zram_run --access reread:1
	assert_awk "$(value access_major_faults) >= 0.9 * $OVERFLOW_PAGES"
	assert_awk "$(value pswpin) >= 0.9 * $OVERFLOW_PAGES"
	assert_awk "$(value swapin_rate) > 0 && $(value access_time) > 0"
}

@test "access random:1 faults on a good part of the pages, not all" {
	zram_run --access random:1
	assert_awk "$(value access_major_faults) >= 0.3 * 32768 && $(value access_major_faults) <= 32768"
}

@test "access hot:10:5: the hot set faults in once and then stays" {
	zram_run --access hot:10:5
	# 10% of 32768 pages = 3276; touched 5 times over but faulted about once.
	assert_awk "$(value access_major_faults) >= 0.5 * 3276 && $(value access_major_faults) <= 1.5 * 3276"
	zram_run --access hot:10:5:zipf
	assert_awk "$(value access_major_faults) > 0 && $(value access_major_faults) <= 1.5 * 3276"
}

# A time, not a count: the access lasts as long on a slow machine as on a fast one, and its
# work is the reads it made, counted by the hogger and again by the latency histogram.
@test "access hot:10:2s: reads for two seconds in every job and thread; reads per second agree with the histogram" {
	zram_run --access hot:10:2s --jobs 2 --threads 2
	assert_awk "$(value access_time) >= 2 && $(value access_time) < 4"
	reads=$(json '.cells[0].trials[0].latency.access.total' "$TMP/r.json")
	throughput=$(value throughput)
	access_time=$(value access_time)
	echo "throughput $throughput, access_time $access_time, histogram $reads reads"
	assert_awk "$reads > 0"
	within "$(awk "BEGIN { print $(value throughput) * $(value access_time) }")" "$reads" 0.001
	[[ "$output" == *"throughput"*"ops/s median"* ]]
	zram_run --access hot:10:5
	[ "$(value throughput)" = null ]
}

@test "--jobs 4: four hoggers in one cgroup, started together; the aggregate adds up" {
	zram_run --jobs 4 --threads 2 --access reread:1
	[ "$(json '.cells[0].trials[0].jobs | length' "$TMP/r.json")" -eq 4 ]
	[ "$(json '[.cells[0].trials[0].jobs[].status] | unique | join(",")' "$TMP/r.json")" = ok ]
	[ "$(json '[.cells[0].trials[0].jobs[].bytes] | add' "$TMP/r.json")" -eq $((128 * MiB)) ]
	[ "$(json '[.cells[0].trials[0].jobs[].bytes] | unique | join(",")' "$TMP/r.json")" -eq $((32 * MiB)) ]
	sum_user=$(json '[.cells[0].trials[0].jobs[].user_cpu] | add' "$TMP/r.json")
	within "$sum_user" "$(value user_cpu)" 0.000001
	slowest=$(json '[.cells[0].trials[0].jobs[].fill_time] | max' "$TMP/r.json")
	assert_awk "$(value fill_time) == $slowest && $(value elapsed) >= $slowest"
	assert_awk "$(value cgroup_swap) >= 0.99 * 96 * $MiB"
	[ "$(json '.config.jobs | join(",")' "$TMP/r.json")" -eq 4 ]
	[ "$(json '.cells[0].jobs' "$TMP/r.json")" -eq 4 ]
	[ "$(json '.cells[0].alloc' "$TMP/r.json")" -eq $((128 * MiB)) ]
}

@test "--alloc-per-job sets each job's share" {
	need_zram
	run "$ZSB" --swap zram --limit 32M --jobs 2 --alloc-per-job 48M --trials 1 --output "$TMP/r.json"
	[ "$status" -eq 0 ]
	[ "$(json '.cells[0].alloc' "$TMP/r.json")" -eq $((96 * MiB)) ]
	[ "$(json '.config["alloc-per-job"]' "$TMP/r.json")" -eq $((48 * MiB)) ]
}

@test "a command in place of the hogger: dd's 96M buffer swaps under a 32M limit" {
	need_zram
	# A command never says it is filled: its swap peak is what the sampler sees, so sample often.
	run "$ZSB" --swap zram --limit 32M --trials 2 --interval 10ms --output "$TMP/r.json" -- dd if=/dev/urandom of=/dev/null bs=96M count=1 iflag=fullblock
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(json '.config.command | join(" ")' "$TMP/r.json")" = "dd if=/dev/urandom of=/dev/null bs=96M count=1 iflag=fullblock" ]
	assert_awk "$(json '.cells[0].stats.cgroup_swap_peak.min' "$TMP/r.json") >= 50 * $MiB"
	# What zram held at the swap peak: random bytes do not compress.
	r=$(json '.cells[0].trials[0].values.compression_ratio' "$TMP/r.json")
	assert_awk "$r > 0.9 && $r < 1.2"
	[ "$(json '.cells[0].trials[0].values.fill_time' "$TMP/r.json")" = null ]
}

@test "a command that fails is a failed trial (exit 4); one that is missing is bad input (exit 2)" {
	need_zram
	run "$ZSB" --swap zram --limit 32M --trials 1 --output "$TMP/r.json" -- false
	[ "$status" -eq 4 ]
	[ "$(json '.cells[0].trials[0].note' "$TMP/r.json")" = "command exited with status 1" ]
	run --separate-stderr "$ZSB" --swap zram --trials 1 -- no-such-command-zsb
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"command 'no-such-command-zsb': not found in PATH"* ]]
}

@test "a failing command stops the run at its first failed trial, its last lines on stderr; -i goes on" {
	need_zram
	# What tar says to a typo, as a command that fails alike in every trial.
	cmd=(sh -c 'echo one; echo two; echo "tar: unrecognized option --bogus" >&2; exit 64')
	run --separate-stderr "$ZSB" --swap disk,zram --limit 16M --trials 3 --output "$TMP/r.json" -- "${cmd[@]}"
	echo "$stderr"
	[ "$status" -eq 4 ]
	[ "$(jq '[.cells[].trials[]] | length' "$TMP/r.json")" -eq 1 ]
	[ "$(json .status "$TMP/r.json")" = failed ]
	[[ "$(json .error "$TMP/r.json")" == *"stopped at the first failed trial of sh"* ]]
	[[ "$(json '.cells[0].trials[0].note' "$TMP/r.json")" == *"tar: unrecognized option --bogus" ]]
	[[ "$stderr" == *"sh's last lines:"*"    two"*"    tar: unrecognized option --bogus"* ]]
	[[ "$stderr" == *"stopped at the first failed trial of 'sh' (-i, --ignore-failure, runs every trial)"* ]]
	[[ "$stderr" != *"never swapped"* ]]
	[ "$(jq '[.cells[].trials[].flags[] | select(. == "never-swapped")] | length' "$TMP/r.json")" -eq 0 ]
	# -i: every trial of every cell, each failure recorded, the run complete.
	run --separate-stderr "$ZSB" --swap disk,zram --limit 16M --trials 2 -i --output "$TMP/r.json" -- "${cmd[@]}"
	[ "$status" -eq 4 ]
	[ "$(jq '[.cells[].trials[]] | length' "$TMP/r.json")" -eq 4 ]
	[ "$(json .status "$TMP/r.json")" = complete ]
	[[ "$stderr" != *"stopped at the first failed trial"* ]]
	[[ "$stderr" != *"never swapped"* ]]
}

@test "an option of zswapbench after -- goes to the command, with a warning" {
	need_zram
	run --separate-stderr "$ZSB" --swap zram --limit 16M --trials 1 --output "$TMP/r.json" -- true --dry-run
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"warning: '--dry-run' comes after '--', so it goes to true, not to zswapbench"* ]]
	[ "$(json '.config.command | join(" ")' "$TMP/r.json")" = "true --dry-run" ]
	[ "$(json '.cells[0].trials | length' "$TMP/r.json")" -eq 1 ]
}

@test "--swap-fraction: the swap is sized by the allocation it makes, not by --alloc" {
	need_zram
	run "$ZSB" --swap zram --limit 64M --swap-fraction 0.5 --trials 1 --output "$TMP/r.json"
	[ "$status" -eq 0 ]
	[ "$(json '.cells[0].alloc' "$TMP/r.json")" -eq $((128 * MiB)) ]
	[ "$(json '.plan.swap_size' "$TMP/r.json")" -eq $((128 * MiB)) ]
}

@test "under sudo the results belong to the user who ran it, in that user's directory" {
	need_zram
	command -v gnuplot >/dev/null || skip "gnuplot is not installed (--plot, --report)"
	home="$TMP/home"
	mkdir "$home"
	chown 65534:65534 "$home"
	(cd "$home" && SUDO_UID=65534 SUDO_GID=65534 "$ZSB" --swap zram --limit 16M --alloc 32M --trials 1 -q \
		--plot plots --report "$home/r.html") >/dev/null
	[ "$(stat -c %u:%g "$home/results")" = 65534:65534 ]
	for f in "$home"/results/*.json "$home/r.html" "$home/plots" "$home"/plots/*; do
		[ "$(stat -c %u "$f")" = 65534 ] || { echo "$f is not the user's" >&2; return 1; }
	done
	# In a directory that is root's, the file stays root's.
	SUDO_UID=65534 SUDO_GID=65534 "$ZSB" --swap zram --limit 16M --alloc 32M --trials 1 -q \
		--output "$TMP/root.json" >/dev/null
	[ "$(stat -c %u "$TMP/root.json")" = 0 ]
}

@test "--background holds memory outside the cgroup for the whole run, then is gone" {
	need_zram
	ZSWAPBENCH_TEST_PAUSE=fill "$ZSB" --swap zram --limit 16M --alloc 32M --trials 1 --background 512M \
		--output "$TMP/r.json" 2>"$TMP/err" &
	pid=$!
	for _ in $(seq 200); do grep -q "paused at fill" "$TMP/err" && break; sleep 0.05; done
	bg=$(pgrep -f -- "--alloc 536870912 .*--hold" | head -n 1)
	rss_kb=$(awk '/^VmRSS/ { print $2 }' /proc/"$bg"/status)
	bg_cgroup=$(grep memory /proc/"$bg"/cgroup)
	kill -INT "$pid"
	wait "$pid" || true
	cat "$TMP/err"
	[ -n "$bg" ]
	# Outside the trial's cgroup, and really holding the memory.
	[[ "$bg_cgroup" != *zswapbench-* ]]
	assert_awk "$rss_kb >= 500 * 1024"
	[ -z "$(pgrep -f -- '--alloc 536870912 .*--hold')" ]
	[ "$(json '.config.background' "$TMP/r.json")" -eq $((512 * MiB)) ]
}

@test "the fill curve: bounded, monotonic, ends at --alloc, and shows swap growing" {
	need_zram
	run "$ZSB" --swap zram --limit 32M --alloc 512M --swap-size 512M --trials 1 --output "$TMP/r.json"
	[ "$status" -eq 0 ]
	curve='.cells[0].trials[0].fill_curve'
	n=$(json "$curve.t | length" "$TMP/r.json")
	[ "$n" -ge 100 ]
	[ "$n" -le 257 ]
	[ "$(json "[$curve.t | . as \$a | range(1; length) | \$a[.] >= \$a[. - 1]] | all" "$TMP/r.json")" = true ]
	[ "$(json "[$curve.bytes | . as \$a | range(1; length) | \$a[.] > \$a[. - 1]] | all" "$TMP/r.json")" = true ]
	[ "$(json "$curve.bytes[-1]" "$TMP/r.json")" -eq $((512 * MiB)) ]
	assert_awk "$(json "$curve.cgroup_swap[0]" "$TMP/r.json") < 8 * $MiB"
	assert_awk "$(json "$curve.cgroup_swap[-1]" "$TMP/r.json") >= 470 * $MiB"
}

# stress-ng's vm stressor as the workload (--workload): one process starting its --vm workers
# in the cgroup; its YAML's rate is the throughput, checked against its log line (a second
# source, the same run's) and its clock against the trial's.
@test "--workload stress-ng:vm: its workers swap in the cgroup, their bogo ops/s the throughput" {
	need_zram
	command -v stress-ng >/dev/null || skip "stress-ng is not installed (stress-ng)"
	run "$ZSB" --swap zram --workload stress-ng:vm:2s --jobs 2 --limit 32M --alloc 64M --trials 2 --output "$TMP/r.json"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"throughput"*"ops/s median"* ]]
	[ "$(json '.config.workload' "$TMP/r.json")" = stress-ng:vm:2s ]
	for t in 0 1; do
		out=$(json ".cells[0].trials[$t].jobs[0].output" "$TMP/r.json")
		line=$(grep -E 'metrc: \[[0-9]+\] vm ' <<<"$out")
		read -r ops real rate <<<"$(awk '{ print $5, $6, $9 }' <<<"$line")"
		tp=$(json ".cells[0].trials[$t].values.throughput" "$TMP/r.json")
		elapsed=$(json ".cells[0].trials[$t].values.elapsed" "$TMP/r.json")
		echo "trial $t: throughput $tp; stress-ng's log: $ops ops in $real s, $rate/s; elapsed $elapsed s"
		assert_awk "$ops > 0 && $tp > 0"
		within "$tp" "$rate" 0.01
		assert_awk "$real >= 2 && $real <= $elapsed + 0.01"
		# Both workers in the cgroup, holding 32M each (stress-ng shares --vm-bytes among
		# them): what the 32M limit does not hold went to zram.
		assert_awk "$(json ".cells[0].trials[$t].values.cgroup_swap_peak" "$TMP/r.json") >= 16 * $MiB"
	done
	[ "$(json '.cells[0].trials[0].jobs | length' "$TMP/r.json")" -eq 1 ]
	run "$ZSB" -n --workload stress-ng:vm:2s --jobs 2 --alloc 64M --swap zram
	# The plan's lines are within 100 columns (wrapped): its words read joined again.
	output=$(unwrapped <<<"$output")
	[[ "$output" == *"stress-ng --vm 2 --vm-bytes 67108864 --vm-keep --vm-method=write64 --timeout 2s"* ]]
}

@test "--workload: refused in one line where it cannot run, before any change" {
	run --separate-stderr "$ZSB" -n --workload stress-ng:vm --access hot:10:2
	[ "$status" -eq 2 ]
	[ "$stderr" = "zswapbench: --access 'hot:10:2': only the hogger takes this option, not stress-ng; try 'zswapbench --help'" ]
	run --separate-stderr "$ZSB" -n --workload stress-ng:vm -- true
	[ "$status" -eq 2 ]
	[[ "$stderr" == "zswapbench: --workload 'stress-ng:vm': a command after -- is the workload then: give one or the other;"* ]]
	run --separate-stderr "$ZSB" -n --workload fio
	[ "$status" -eq 2 ]
	[[ "$stderr" == "zswapbench: --workload 'fio': not hogger or stress-ng;"* ]]
	run --separate-stderr env PATH=/usr/sbin:/sbin "$ZSB" -n --workload stress-ng:vm --swap zram
	[ "$status" -eq 3 ]
	[ "$stderr" = "zswapbench: --workload stress-ng: stress-ng not found in PATH (install the stress-ng package: apt-get install stress-ng)" ]
}

@test "--prepare and --cleanup run around every trial, warm-ups too, quoted as a shell would, in the work directory" {
	need_zram
	run "$ZSB" --swap zram --limit 16M --alloc 32M --trials 2 --warmup 1 --output "$TMP/r.json" \
		--prepare "sh -c 'echo \"prepare \$PWD\" >> $TMP/log'" --cleanup "sh -c 'echo cleanup >> $TMP/log'"
	echo "$output"
	[ "$status" -eq 0 ]
	cat "$TMP/log"
	[ "$(awk '{ printf "%s ", $1 }' "$TMP/log")" = "prepare cleanup prepare cleanup prepare cleanup " ]
	[ "$(grep -c '^prepare /var/tmp/zswapbench-[0-9]*\.d$' "$TMP/log")" -eq 3 ]
	# Their time is recorded beside the runner's, never in the trial's elapsed.
	[ "$(jq '[.cells[0].trials[] | select(.runner_time.prepare > 0 and .runner_time.cleanup > 0)] | length' "$TMP/r.json")" -eq 3 ]
	[ "$(jq -r '.config.prepare' "$TMP/r.json")" = "sh -c 'echo \"prepare \$PWD\" >> $TMP/log'" ]
}

@test "a failing --cleanup stops the run with its status; the trials measured before it are kept" {
	need_zram
	run "$ZSB" --swap zram --limit 16M --alloc 32M --trials 3 --output "$TMP/r.json" \
		--cleanup "sh -c 'test ! -e $TMP/once && touch $TMP/once'"
	echo "$output"
	[ "$status" -eq 1 ]
	[[ "$output" == *"--cleanup 'sh -c 'test ! -e $TMP/once && touch $TMP/once'' (exit status 1)"* ]]
	[ "$(jq '.cells[0].trials | length' "$TMP/r.json")" -eq 2 ]
	[ "$(jq -r '.status' "$TMP/r.json")" = failed ]
	run "$ZSB" --swap zram --limit 16M --alloc 32M --trials 2 --output "$TMP/p.json" --prepare false
	[ "$status" -eq 1 ]
	[[ "$output" == *"--prepare 'false' (exit status 1)"* ]]
	[ "$(jq '.cells[0].trials | length' "$TMP/p.json")" -eq 0 ]
}
