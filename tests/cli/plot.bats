#!/usr/bin/env bats
# zswapbench plot, a run's --plot and savings' --plot: pictures from result files and savings answers,
# picture holds is tested in tests/unit/test_plot.c; here, the command around it.
bats_require_minimum_version 1.5.0
load helpers

FIX="$BATS_TEST_DIRNAME/../fixtures/results"
SAVINGS="$BATS_TEST_DIRNAME/../fixtures/savings/hot25-zram.json"

setup() { TMP=$(mktemp -d); }
teardown() { rm -rf "$TMP"; }

@test "plot: one SVG and its gnuplot script per plot, each listed, each valid XML" {
	command -v gnuplot >/dev/null || skip "gnuplot is not installed (gnuplot-nox)"
	run --separate-stderr "$ZSB" plot "$FIX/disk-zram.json" -o "$TMP/p"
	[ "$status" -eq 0 ]
	# As many as the result implies, each listed once, and nothing else in the folder.
	plots=$(plots_implied "$FIX/disk-zram.json")
	[ "$plots" -ge 6 ]
	[ "$(wc -l <<<"$output")" -eq "$plots" ]
	[ "$(sort -u <<<"$output" | wc -l)" -eq "$plots" ]
	[ "$(ls "$TMP/p" | wc -l)" -eq $((2 * plots)) ]
	for f in $output; do
		[ -s "$f" ]
		[ -s "${f%.svg}.gp" ]
		! command -v xmllint >/dev/null || xmllint --noout "$f"
	done
	[[ "$output" == *"$TMP/p/memory-zram.svg"* ]]
	[[ "$output" == *"$TMP/p/fill-curve.svg"* ]]
	[[ "$output" == *"$TMP/p/trials-elapsed.svg"* ]]
	# The script redraws its picture where it is.
	rm "$TMP/p/fill-curve.svg"
	(cd "$TMP/p" && gnuplot fill-curve.gp)
	[ -s "$TMP/p/fill-curve.svg" ]
}

@test "plot: a link planted at a picture's name is replaced, never written through" {
	command -v gnuplot >/dev/null || skip "gnuplot is not installed (gnuplot-nox)"
	mkdir "$TMP/p"
	ln -s "$TMP/victim" "$TMP/p/trials-elapsed.svg"
	ln -s "$TMP/victim.gp" "$TMP/p/trials-elapsed.gp"
	run --separate-stderr "$ZSB" plot "$FIX/disk-zram.json" -o "$TMP/p"
	[ "$status" -eq 0 ]
	[ ! -e "$TMP/victim" ]
	[ ! -e "$TMP/victim.gp" ]
	[ -f "$TMP/p/trials-elapsed.svg" ]
	[ ! -L "$TMP/p/trials-elapsed.svg" ]
	[ -f "$TMP/p/trials-elapsed.gp" ]
	[ ! -L "$TMP/p/trials-elapsed.gp" ]
	# gnuplot's private folder is gone.
	[ -z "$(find "$TMP/p" -name '.gnuplot-*')" ]
}

@test "plot --png; several files; a sweep; what cannot be drawn is said" {
	command -v gnuplot >/dev/null || skip "gnuplot is not installed (gnuplot-nox)"
	run --separate-stderr "$ZSB" plot --png "$FIX/no-series.json" "$FIX/disk-zram.json" -o "$TMP/p"
	[ "$status" -eq 0 ]
	[ "$(head -c 4 "$TMP/p/trials-elapsed.png" | od -An -c | tr -d ' ')" = '211PNG' ]
	run --separate-stderr "$ZSB" plot "$FIX/sweep-jobs.json" -o "$TMP/s"
	[ "$status" -eq 0 ]
	[ -s "$TMP/s/sweep-jobs.svg" ]
	run --separate-stderr "$ZSB" plot "$FIX/no-series.json" -o "$TMP/n"
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"not drawn: memory-*.svg: no time series in any cell (the run had --interval 0)"* ]]
}

@test "plot: without gnuplot, one line naming the package, exit 3, nothing written" {
	mkdir "$TMP/empty"
	run --separate-stderr env PATH="$TMP/empty" "$ZSB" plot "$FIX/disk-zram.json" -o "$TMP/p"
	[ "$status" -eq 3 ]
	[ "$stderr" = "zswapbench: gnuplot is not installed: apt-get install gnuplot-nox" ]
	[ ! -e "$TMP/p" ]
}

@test "plot: bad input is one line and exit 2" {
	run --separate-stderr "$ZSB" plot
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"plot needs a result file"* ]]
	run --separate-stderr "$ZSB" plot "$TMP/missing.json"
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"missing.json"* ]]
	run --separate-stderr "$ZSB" plot --trials 3 "$FIX/disk-zram.json"
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"'--trials' is not an option of 'zswapbench plot'"* ]]
}

@test "plot of a block device: its bandwidth against jobs, a plot per mode, first; no elapsed sweep" {
	command -v gnuplot >/dev/null || skip "gnuplot is not installed (gnuplot-nox)"
	run --separate-stderr "$ZSB" plot "$FIX/block-zram-disk.json" -o "$TMP/b"
	[ "$status" -eq 0 ]
	[ "$(head -1 <<<"$output")" = "$TMP/b/bandwidth-seq-write.svg" ]
	[[ "$output" == *"$TMP/b/bandwidth-seq-read.svg"* ]]
	[[ "$output" != *"bandwidth-rand-"* && "$output" != *"sweep-jobs"* ]]
	! command -v xmllint >/dev/null || xmllint --noout "$TMP/b/bandwidth-seq-read.svg"
	grep -q '<text>zram read</text>' "$TMP/b/bandwidth-seq-read.svg"
	grep -q '<text>disk read</text>' "$TMP/b/bandwidth-seq-read.svg"
	rm "$TMP/b/bandwidth-seq-read.svg"
	(cd "$TMP/b" && gnuplot bandwidth-seq-read.gp)
	[ -s "$TMP/b/bandwidth-seq-read.svg" ]
	# Two files: every mode they measured, a line per file.
	run --separate-stderr "$ZSB" plot "$FIX/block-static.json" "$FIX/block-static-b.json" -o "$TMP/c"
	[ "$status" -eq 0 ]
	[ "$(grep -c '/bandwidth-' <<<"$output")" -eq 6 ]
	grep -q 'block-static-b.json (.*): zram write</text>' "$TMP/c/bandwidth-seq-rw.svg"
}

@test "plot of a service: each trial's throughput per cell, the most first; a sweep of its throughput" {
	command -v gnuplot >/dev/null || skip "gnuplot is not installed (gnuplot-nox)"
	S="$BATS_TEST_DIRNAME/../fixtures/results/service-two-cells.json"
	run --separate-stderr "$ZSB" plot "$S" -o "$TMP/s"
	[ "$status" -eq 0 ]
	[[ "$output" == *"$TMP/s/trials-throughput.svg"* && "$output" != *"trials-elapsed"* ]]
	! command -v xmllint >/dev/null || xmllint --noout "$TMP/s/trials-throughput.svg"
	grep -q '<text>throughput (ops/s)</text>' "$TMP/s/trials-throughput.svg"
	grep -q '<text>throughput per cell, sorted by median, highest first</text>' \
		"$TMP/s/trials-throughput.svg"
	# zram served about 14000 operations a second, disk about 9000: zram's cell comes first.
	grep -q "^set xtics .*('zram' 1, 'disk' 2)" "$TMP/s/trials-throughput.gp"
	grep -q '<text>thin: each trial; bold: the median trial by throughput</text>' \
		"$TMP/s/memory-zram.svg"
	# Its sweep of the memory limit: the median throughput of each backend against it.
	run --separate-stderr "$ZSB" plot "$BATS_TEST_DIRNAME/../fixtures/results/service-sweep.json" -o "$TMP/w"
	[ "$status" -eq 0 ]
	grep -q '<text>median throughput against the memory limit</text>' "$TMP/w/sweep-limit.svg"
	grep -q '<text>throughput, median (ops/s)</text>' "$TMP/w/sweep-limit.svg"
}

# The rows of datablock $dN of a script.
block() {
	awk -v head="\$d$1 << EOD" '$0 == head { f = 1; next } $0 == "EOD" { f = 0 } f' "$2"
}

@test "plot of a sweep: each point the cell's median, bars the interval show gives it, not the mean's" {
	command -v gnuplot >/dev/null || skip "gnuplot is not installed (gnuplot-nox)"
	run --separate-stderr "$ZSB" plot "$FIX/sweep-jobs.json" -o "$TMP/s"
	[ "$status" -eq 0 ]
	gp="$TMP/s/sweep-jobs.gp"
	# jobs, the median of the five trials, their range, its coverage (1 - 2^-4), 1: a range.
	# At jobs=2 disk's median is below zram's, where their means put it above (0.304, 0.291).
	[ "$(block 0 "$gp")" = " 1 0.167418232 0.153341436 0.225121426 0.9375 1
 2 0.285880678 0.2636454038 0.3662927179 0.9375 1" ]
	[ "$(block 1 "$gp")" = " 1 0.20408527 0.155823197 0.258195075 0.9375 1
 2 0.2953170716 0.2238147242 0.3647074278 0.9375 1" ]
	# The medians of show's table, in its order.
	run --separate-stderr "$ZSB" show "$FIX/sweep-jobs.json"
	[ "$status" -eq 0 ]
	[[ "$output" == *"disk jobs=2 0.286 s"* && "$output" == *"zram jobs=2 0.295 s"* ]]
	svg="$TMP/s/sweep-jobs.svg"
	grep -q '<text>median elapsed time against jobs</text>' "$svg"
	grep -q '<text>elapsed, median (s)</text>' "$svg"
	grep -q "bars: the range of the trials, the median's interval at 94% (too few trials for 95%)" "$svg"
	run grep -c 'mean' "$svg"
	[ "$output" = 0 ]
	# The trials' boxes are those ranges too, so named in the key.
	grep -q "<text>range of the trials, the median's interval at 94% (too few trials for 95%)</text>" \
		"$TMP/s/trials-elapsed.svg"
	run grep -c 'mean' "$TMP/s/trials-elapsed.svg"
	[ "$output" = 0 ]
}

@test "plot of a savings answer: one picture of the search, valid XML, naming the backend and the target; its script kept" {
	command -v gnuplot >/dev/null || skip "gnuplot is not installed (gnuplot-nox)"
	run --separate-stderr "$ZSB" plot -o "$TMP/s" "$SAVINGS"
	[ "$status" -eq 0 ]
	[ "$output" = "$TMP/s/savings.svg" ]
	[ -s "$TMP/s/savings.svg" ]
	[ "$(ls "$TMP/s" | sort | tr '\n' ' ')" = "savings.gp savings.svg " ]
	! command -v xmllint >/dev/null || xmllint --noout "$TMP/s/savings.svg"
	# The answer in the key with its interval, as savings' own text gives it.
	grep -q '<text>zram: held at 20M, 69% less memory \[51%, 75%\]</text>' "$TMP/s/savings.svg"
	grep -q 'target: at most 100% slower' "$TMP/s/savings.svg"
	grep -q 'the slowdown of elapsed against the memory limit' "$TMP/s/savings.svg"
	grep -q 'hogger killed after the --timeout' "$TMP/s/savings.svg"
	# The script redraws its picture where it is.
	rm "$TMP/s/savings.svg"
	(cd "$TMP/s" && gnuplot savings.gp)
	[ -s "$TMP/s/savings.svg" ]
	# --png; and from standard input, which is read once to tell what the file holds.
	run --separate-stderr "$ZSB" plot --png -o "$TMP/p" - <"$SAVINGS"
	[ "$status" -eq 0 ]
	[ "$output" = "$TMP/p/savings.png" ]
	[ "$(head -c 4 "$TMP/p/savings.png" | od -An -c | tr -d ' ')" = '211PNG' ]
}

@test "plot of a savings answer: a malformed one is one line and exit 2; it is plotted alone" {
	command -v gnuplot >/dev/null || skip "gnuplot is not installed (gnuplot-nox)"
	sed 's/"verdict":"within (by its median)"/"verdict":"maybe"/' "$SAVINGS" >"$TMP/bad.json"
	run --separate-stderr "$ZSB" plot -o "$TMP/b" "$TMP/bad.json"
	[ "$status" -eq 2 ]
	[ "$stderr" = "zswapbench: $TMP/bad.json: backends[0].steps[2].verdict: not a step's verdict" ]
	[ -z "$output" ]
	[ ! -e "$TMP/b" ]
	jq '.backends[0].steps[0].slowdown_pct = "48"' "$SAVINGS" >"$TMP/string.json"
	run --separate-stderr "$ZSB" plot -o "$TMP/b" "$TMP/string.json"
	[ "$status" -eq 2 ]
	[ "$stderr" = "zswapbench: $TMP/string.json: backends[0].steps[0].slowdown_pct: not a finite number or null" ]
	run --separate-stderr "$ZSB" plot -o "$TMP/b" "$SAVINGS" "$FIX/disk-zram.json"
	[ "$status" -eq 2 ]
	[ "$stderr" = "zswapbench: $SAVINGS: a savings answer is plotted alone" ]
	[ ! -e "$TMP/b" ]
}

@test "savings --plot: a folder whose parent is missing, or no gnuplot, is refused before the first step" {
	run --separate-stderr "$ZSB" savings --dry-run --plot "$TMP/missing/p"
	[ "$status" -eq 2 ]
	[ "$stderr" = "zswapbench: --plot '$TMP/missing/p': directory $TMP/missing does not exist" ]
	mkdir "$TMP/empty"
	run --separate-stderr env PATH="$TMP/empty" "$ZSB" savings --dry-run --plot "$TMP/p"
	[ "$status" -eq 3 ]
	[ "$stderr" = "zswapbench: --plot: gnuplot is not installed: apt-get install gnuplot-nox" ]
	[ -z "$output" ]
}

@test "plot of a profile: its memory against time and its regions' heat, valid XML, named; plotted alone" {
	command -v gnuplot >/dev/null || skip "gnuplot is not installed (gnuplot-nox)"
	profile=$BATS_TEST_DIRNAME/../fixtures/profiles/memuser.json
	run --separate-stderr "$ZSB" plot -o "$TMP/p" "$profile"
	[ "$status" -eq 0 ]
	[ "$output" = "$TMP/p/profile-memory.svg
$TMP/p/profile-heat.svg" ]
	for f in $output; do
		[ -s "${f%.svg}.gp" ]
		! command -v xmllint >/dev/null || xmllint --noout "$f"
	done
	pid=$(jq '.recorded.pid' "$profile")
	grep -q "memory of PID $pid (python3)" "$TMP/p/profile-memory.svg"
	# A row per region, the 16 that held the most, the largest ([heap]) named first.
	grep -q "the 16 largest of $(jq '.regions | length' "$profile") regions" "$TMP/p/profile-heat.svg"
	[ "$(grep -o "set ytics (.*" "$TMP/p/profile-heat.gp" | grep -o "' [0-9]*" | wc -l)" -eq 16 ]
	grep -q "set ytics ('\[heap\] anon 49.5M' 0, " "$TMP/p/profile-heat.gp"
	# A profile is plotted alone; a broken one is one line naming the member.
	run --separate-stderr "$ZSB" plot -o "$TMP/b" "$profile" "$FIX/disk-zram.json"
	[ "$status" -eq 2 ]
	[ "$stderr" = "zswapbench: $profile: a profile is plotted alone" ]
	jq '.recorded.page_size = "4096"' "$profile" >"$TMP/bad.json"
	run --separate-stderr "$ZSB" plot -o "$TMP/b" "$TMP/bad.json"
	[ "$status" -eq 2 ]
	[ "$stderr" = "zswapbench: $TMP/bad.json: 'page_size': missing or not a int" ]
	[ ! -e "$TMP/b" ]
}
