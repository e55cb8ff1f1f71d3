#!/usr/bin/env bats
# The answer and its uncertainty, from saved result files: show, compare, and every format
# parsed back by a reader of its own kind. Nothing here touches the kernel.
bats_require_minimum_version 1.5.0
load helpers

FIX="$BATS_TEST_DIRNAME/../fixtures/results/disk-zram.json"

setup() { TMP=$(mktemp -d); }
teardown() { rm -rf "$TMP"; }

# A copy of the fixture with every trial's metric multiplied by a factor.
scaled() {
	jq --arg m "$1" --argjson f "$2" '(.cells[].trials[].values[$m]) |= (if . == null then null else . * $f end)' "$FIX"
}

@test "show re-prints a saved run: the short answer, and everything with --verbose" {
	run --separate-stderr "$ZSB" show "$FIX"
	[ "$status" -eq 0 ]
	[[ "$output" == *"disk: 5 of 5 trials ok"* ]]
	# The median and its interval (the range of 5 trials covers it 94% of the time); the
	# spread named a spread, never "±".
	[[ "$output" == *"  elapsed  0.167 s median, interval 0.153 … 0.225 s (94%): the range of the trials  sd 0.032 s"* ]]
	[[ "$output" != *"±"* ]]
	[[ "$output" == *"zram and disk: no significant difference in elapsed time (median +21.9% ["* ]]
	[[ "$output" == *"(primary: elapsed, tested at alpha 0.05; secondary, Holm among themselves: "* ]]
	[[ "$output" =~ zram\ kept\ [0-9.]+\ MiB\ of\ swapped\ pages\ in\ [0-9.]+\ MiB\ of\ RAM ]]
	[ "$(printf '%s\n' "$output" | wc -l)" -le 25 ]
	run --separate-stderr "$ZSB" show -v "$FIX"
	[ "$status" -eq 0 ]
	[[ "$output" == *"pswpout"* ]]
	[[ "$output" == *"zram against disk"* ]]
}

@test "compare of a file with itself: no significant row" {
	run --separate-stderr "$ZSB" compare "$FIX" "$FIX"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"kernel $(json .system.kernel "$FIX")"* ]]
	[ "$(grep -c 'no significant change in any metric' <<<"$output")" -eq 2 ]
	# "No change" comes with its interval and p, key metric by key metric.
	[ "$(grep -cE '^  no significant change: elapsed \+0\.0% \[[-+][0-9.]+%, [-+][0-9.]+%\] p = 1, cpu_time ' <<<"$output")" -eq 2 ]
	run --separate-stderr "$ZSB" compare --format json --all "$FIX" "$FIX"
	[ "$(jq '[.cells[].metrics[] | select(.significance == "significant")] | length' <<<"$output")" -eq 0 ]
	[ "$(jq '[.cells[].metrics.elapsed.p_mann_whitney] | min' <<<"$output")" = 1 ]
}

# A copy of the fixture as another run: the same host, another time.
another_run() {
	jq '.started = "2026-12-01T10:00:00Z"' "${1:-/dev/stdin}"
}

# This host's calibrated run-to-run spread of elapsed for both cells of the fixture.
calibration() {
	mkdir -p "$TMP/rundir"
	jq -n --argjson sd "$1" '{format: "zswapbench-calibration", format_version: 1, entries: [
		"disk, limit 32M, jobs 1, data compressible:50, access fill, alloc 96M",
		"zram, limit 32M, jobs 1, data compressible:50, access fill, alloc 96M"
		] | map({host: "vm", kernel: "k", configuration: ., metric: "elapsed",
			 threshold_pct: 10, run_sd_log: $sd, within_run_pct: 2, median: 0.2,
			 runs: 5, trials: 5, date: "2026-12-01T00:00:00Z"})}' >"$TMP/rundir/calibration.json"
}

@test "compare of a shifted copy: the same run tested on its trials, another run not on them" {
	scaled elapsed 2 >"$TMP/same.json"
	run --separate-stderr "$ZSB" compare "$FIX" "$TMP/same.json"
	output=$(unwrapped <<<"$output")
	echo "$output"
	[ "$status" -eq 0 ]
	# elapsed doubled within one run: +100%, the whole interval above the noise, exact p = 2/252
	[[ "$output" =~ elapsed\ s\ +[0-9.]+\ \(sd\ [0-9.]+%\)\ +\+100\.0%\ \[\+[0-9.]+%,\ \+[0-9.]+%\]\ +[0-9.]+\ \(sd\ [0-9.]+%\)\ +0\.008\ \(1\)\ \* ]]
	[[ "$output" != *"fill_time"* ]]
	run --separate-stderr "$ZSB" compare --format json "$FIX" "$TMP/same.json"
	[ "$(jq -r '.cells[0].metrics.elapsed.significance' <<<"$output")" = significant ]
	[ "$(jq -r '.cells[0].metrics.elapsed.family' <<<"$output")" = primary ]
	[ "$(jq -r '.cells[0].metrics.elapsed.mann_whitney_exact' <<<"$output")" = true ]
	[ "$(jq -r '.cells[0].metrics.cpu_time.significance' <<<"$output")" = "not significant" ]
	# The same change in another run: the trials' spread says nothing of how runs differ.
	another_run "$TMP/same.json" >"$TMP/later.json"
	run --separate-stderr env ZSWAPBENCH_RUNDIR="$TMP/rundir" "$ZSB" compare "$FIX" "$TMP/later.json"
	output=$(unwrapped <<<"$output")
	echo "$output"
	[[ "$output" =~ elapsed\ s\ .*\+100\.0%\ +[0-9.]+\ \(sd\ [0-9.]+%\)\ +-\ \(1\)\ \? ]]
	[[ "$output" == *"between runs: one run a side, and no calibration of host vm for this configuration: not tested."* ]]
	[[ "$output" == *"zswapbench calibrate"* ]]
	[[ "$output" != *" \* "* ]]
	run --separate-stderr env ZSWAPBENCH_RUNDIR="$TMP/rundir" "$ZSB" compare --format json "$FIX" "$TMP/later.json"
	[ "$(jq -r '.cells[0].metrics.elapsed.significance' <<<"$output")" = "one run a side: not tested" ]
	[ "$(jq -r '.cells[0].between_runs.unit' <<<"$output")" = "none: one run a side" ]
	# Against this host's calibrated run-to-run spread: 5% is far below a doubling, 60% is not.
	calibration 0.05
	run --separate-stderr env ZSWAPBENCH_RUNDIR="$TMP/rundir" "$ZSB" compare "$FIX" "$TMP/later.json"
	output=$(unwrapped <<<"$output")
	echo "$output"
	[[ "$output" == *"between runs, one a side: tested against host vm's calibrated run-to-run spread of elapsed (sd 5.0%, 5 runs of 5 trials, 2026-12-01): a change of elapsed must be above +24.1% or below -19.5% to be significant"* ]]
	[[ "$output" =~ elapsed\ s\ .*\+100\.0%\ \[\+[0-9.]+%,\ \+[0-9.]+%\].*\ \* ]]
	for format in csv json; do
		run --separate-stderr env ZSWAPBENCH_RUNDIR="$TMP/rundir" "$ZSB" compare --format $format "$FIX" "$TMP/later.json"
		[[ "$output" == *significant* || "$output" == *",*"* ]]
	done
	calibration 0.6
	for format in table csv json; do
		run --separate-stderr env ZSWAPBENCH_RUNDIR="$TMP/rundir" "$ZSB" compare --all --format $format "$FIX" "$TMP/later.json"
		echo "$format: $output" | head -5
		# Every format renders the one decision: inside a 60% spread, not significant.
		[[ "$output" != *" \* "* && "$output" != *",*"* && "$output" != *'"significant"'* ]]
	done
}

@test "compare --group-by: several runs a side are tested on the runs' medians, never the pooled trials" {
	for i in 1 2 3; do
		jq --arg i "$i" '.system.kernel = "6.1.0-a" | .started = "2026-12-0\($i)T10:00:00Z" | (.cells[].trials[].values.elapsed) |= . * (1 + ($i | tonumber) / 100)' "$FIX" >"$TMP/a$i.json"
		jq --arg i "$i" '.system.kernel = "6.1.0-b" | .started = "2026-12-0\($i)T11:00:00Z" | (.cells[].trials[].values.elapsed) |= . * (1.5 + ($i | tonumber) / 100)' "$FIX" >"$TMP/b$i.json"
	done
	run --separate-stderr "$ZSB" compare --group-by kernel "$TMP"/a*.json "$TMP"/b*.json
	output=$(unwrapped <<<"$output")
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"5 trials per cell in 3 runs"* ]]
	[[ "$output" == *"between runs: 3 vs 3 runs, each run's median the unit"* ]]
	# +50% against +1% to +3% between the runs of a side: the geometric means' ratio, +49%
	[[ "$output" =~ elapsed\ s\ .*\+49\.0%\ \[\+[0-9.]+%,\ \+[0-9.]+%\].*\ \* ]]
	run --separate-stderr "$ZSB" compare --group-by kernel --format json "$TMP"/a*.json "$TMP"/b*.json
	[ "$(jq -r '.cells[0].metrics.elapsed.tested_by' <<<"$output")" = "run medians" ]
	[ "$(jq -r '.cells[0].metrics.elapsed.runs_base' <<<"$output")" = 3 ]
}

@test "compare names every difference in configuration, and the settings as the trials ran" {
	jq '.config.swappiness = 100 | .config.chunk = 65536 | .config.order = "sequential" | .config.format = "json"' "$FIX" | another_run >"$TMP/other.json"
	run --separate-stderr "$ZSB" compare "$FIX" "$TMP/other.json"
	output=$(unwrapped <<<"$output")
	echo "$output"
	[[ "$output" == *"configuration differs in $TMP/other.json: chunk: 1048576 -> 65536"* ]]
	[[ "$output" == *"configuration differs in $TMP/other.json: order: interleaved -> sequential"* ]]
	# swappiness: the kernel's 60 in one, the run's own 100 in the other
	[[ "$output" == *"environment differs in $TMP/other.json: swappiness: 60 -> 100 (--swappiness)"* ]]
	[[ "$output" != *"format:"* ]]
	first_number=$(grep -n 'elapsed' <<<"$output" | head -1 | cut -d: -f1)
	chunk=$(grep -n 'chunk:' <<<"$output" | cut -d: -f1)
	[ "$chunk" -lt "$first_number" ]
	run --separate-stderr "$ZSB" compare --format json "$FIX" "$TMP/other.json"
	[ "$(jq -r '[.files[1].differences[] | select(.kind == "configuration") | .fact] | sort | join(",")' <<<"$output")" = "chunk,order" ]
}

@test "compare says a duration with its unit (ms under a second), and 600 and 600.0 as one" {
	# every duration is stored in seconds: interval 0.1 is 100 ms; a jq copy's 600.0
	jq '.config.interval = 0 | .config.timeout = 90' "$FIX" | another_run >"$TMP/other.json"
	another_run "$FIX" | sed 's/"timeout": 600,/"timeout": 600.0,/' >"$TMP/same.json"
	grep -q '"timeout": 600.0,' "$TMP/same.json"
	run --separate-stderr "$ZSB" compare "$FIX" "$TMP/other.json"
	output=$(unwrapped <<<"$output")
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"configuration differs in $TMP/other.json: interval: 100 ms -> 0 s"$'\n'* ]]
	[[ "$output" == *"configuration differs in $TMP/other.json: timeout: 600 s -> 90 s"$'\n'* ]]
	[[ "$output" != *"interval: 0.1"* ]]
	run --separate-stderr "$ZSB" compare --format json "$FIX" "$TMP/other.json"
	[ "$(jq -r '.files[1].differences[] | select(.fact == "interval") | "\(.base) \(.new)"' <<<"$output")" = "100 ms 0 s" ]
	run --separate-stderr "$ZSB" compare "$FIX" "$TMP/same.json"
	[ "$status" -eq 0 ]
	[[ "$output" != *"differs in"* ]]
}

@test "compare names a fact one file does not know as unknown, never as the same" {
	# No facts at all (an older file, facts: null), and one fact missing
	jq '.system.facts = null' "$FIX" | another_run >"$TMP/nofacts.json"
	jq 'del(.system.facts.kernel.arch)' "$FIX" | another_run >"$TMP/noarch.json"
	run --separate-stderr "$ZSB" compare "$FIX" "$TMP/nofacts.json"
	output=$(unwrapped <<<"$output")
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"environment differs in $TMP/nofacts.json: architecture: x86_64 -> unknown"$'\n'* ]]
	[[ "$output" == *"environment differs in $TMP/nofacts.json: kernel: 6.18.44-fc-v657 -> unknown"$'\n'* ]]
	run --separate-stderr "$ZSB" compare "$TMP/nofacts.json" "$FIX"
	output=$(unwrapped <<<"$output")
	[[ "$output" == *"environment differs in $FIX: architecture: unknown -> x86_64"$'\n'* ]]
	run --separate-stderr "$ZSB" compare --format json "$FIX" "$TMP/noarch.json"
	[ "$(jq -r '[.files[1].differences[] | "\(.fact): \(.base) -> \(.new)"] | join(";")' <<<"$output")" = "architecture: x86_64 -> unknown" ]
}

@test "failed trials are shown as fail:runs, never as zeros" {
	jq '.cells[1].trials[0].status = "oom" | .cells[1].trials[0].note = "OOM-killed"' "$FIX" >"$TMP/oom.json"
	run --separate-stderr "$ZSB" compare "$FIX" "$TMP/oom.json"
	[ "$status" -eq 0 ]
	[[ "$output" =~ failed\ trials\ \(fail:runs\)\ +0:5\ +1:5 ]]
	run --separate-stderr "$ZSB" show "$TMP/oom.json"
	[[ "$output" == *"zram: 4 of 5 trials ok"* ]]
	[[ "$output" == *"trial 1: oom: OOM-killed"* ]]
}

@test "csv: one row per trial and metric with the cell's configuration; many files, one table" {
	run --separate-stderr "$ZSB" show --format csv "$FIX" "$FIX"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" >"$TMP/long.csv"
	want=$(jq '[.cells[].trials[].values | length] | add * 2' "$FIX")
	python3 - "$TMP/long.csv" "$want" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline='')))
assert len(rows) == int(sys.argv[2]), (len(rows), sys.argv[2])
assert {'FILE', 'CELL', 'BACKEND', 'LIMIT', 'DATA', 'ACCESS', 'TRIAL', 'METRIC', 'VALUE', 'UNIT'} <= set(rows[0])
assert {r['BACKEND'] for r in rows} == {'disk', 'zram'}
elapsed = [float(r['VALUE']) for r in rows if r['METRIC'] == 'elapsed']
assert len(elapsed) == 20 and all(v > 0 for v in elapsed)
PY
	run --separate-stderr "$ZSB" compare --format csv --all "$FIX" "$FIX"
	printf '%s\n' "$output" >"$TMP/cmp.csv"
	python3 -c 'import csv,sys; r=list(csv.DictReader(open(sys.argv[1]))); assert r and all(x["SIG"] in ("~","") for x in r), r[:2]' "$TMP/cmp.csv"
}

@test "markdown: tables a renderer accepts, to paste into a bug report" {
	for args in "show" "show -v" "compare --all"; do
		files=("$FIX")
		[[ "$args" == compare* ]] && files+=("$FIX")
		run --separate-stderr "$ZSB" $args --format markdown "${files[@]}"
		[ "$status" -eq 0 ]
		printf '%s\n' "$output" >"$TMP/out.md"
		# Every table: a header, a separator of the same width, rows of the same width.
		python3 - "$TMP/out.md" <<'PY'
import re, sys
lines = open(sys.argv[1]).read().split('\n')
tables, i = 0, 0
cells = lambda l: len(re.findall(r'(?<!\\)\|', l)) - 1
while i < len(lines):
    if lines[i].startswith('|') and i + 1 < len(lines) and re.match(r'^\|( -{3,}:? \|)+$', lines[i + 1]):
        width = cells(lines[i])
        assert cells(lines[i + 1]) == width, lines[i + 1]
        i += 2
        while i < len(lines) and lines[i].startswith('|'):
            assert cells(lines[i]) == width, (lines[i], width)
            i += 1
        tables += 1
    else:
        i += 1
assert tables >= 1, 'no markdown table'
PY
	done
}

@test "json: show gives the result document, compare a comparison; jq reads both" {
	run --separate-stderr "$ZSB" show --format json "$FIX"
	[ "$(jq -r .format <<<"$output")" = zswapbench-result ]
	[ "$(jq '.cells | length' <<<"$output")" -eq 2 ]
	run --separate-stderr "$ZSB" show --json "$FIX" "$FIX"
	[ "$(jq 'length' <<<"$output")" -eq 2 ]
	run --separate-stderr "$ZSB" compare --format json "$FIX" "$FIX"
	[ "$(jq -r .format <<<"$output")" = zswapbench-comparison ]
	[ "$(jq -r '.method.bootstrap_resamples' <<<"$output")" -eq 10000 ]
}

@test "-C picks the columns, --raw and --noheadings shape the table, as lsblk" {
	run --separate-stderr "$ZSB" show -v -C metric,n --noheadings --raw "$FIX"
	[ "$status" -eq 0 ]
	[[ "$output" == *"elapsed 5"* ]]
	[[ "$output" != *METRIC* ]]
	run --separate-stderr "$ZSB" show -v -C nosuch "$FIX"
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"--columns 'nosuch': no column 'NOSUCH'"* ]]
}

@test "bad result files: one line naming the file and what is wrong, exit 2" {
	printf '' >"$TMP/empty.json"
	head -c 300 "$FIX" >"$TMP/cut.json"
	echo 'not json' >"$TMP/text.json"
	echo '{"a": 1}' >"$TMP/foreign.json"
	jq '.format_version = 1' "$FIX" >"$TMP/v1.json"
	jq '.cells[].backend = "none"' "$FIX" >"$TMP/other.json"
	while IFS='|' read -r needle args; do
		eval "set -- $args"
		run --separate-stderr "$ZSB" "$@"
		echo "$args: $status $stderr"
		[ "$status" -eq 2 ]
		[ "$(printf '%s\n' "$stderr" | wc -l)" -eq 1 ]
		[[ "$stderr" == *"$needle"* ]]
		[ -z "$output" ]
	done <<TABLE
$TMP/missing.json: No such file or directory|show $TMP/missing.json
$TMP/empty.json: not JSON: an empty file|show $TMP/empty.json
$TMP/cut.json: not JSON: unexpected end of data|compare $FIX $TMP/cut.json
$TMP/text.json: not JSON|show $TMP/text.json
$TMP/foreign.json: not a zswapbench result file|compare $TMP/foreign.json $FIX
$TMP/v1.json: format version 1; this zswapbench reads version 2|show $TMP/v1.json
have no cell in common|compare $FIX $TMP/other.json
compare needs two result files or more|compare $FIX
'--limit' is not an option of 'zswapbench show'|show --limit 5M $FIX
TABLE
}

@test "show of a name that never ends stops at the cap, at once, with one line" {
	SECONDS=0
	run --separate-stderr timeout 20 "$ZSB" show /dev/zero
	[ "$status" -eq 2 ]
	[ "$stderr" = "zswapbench: /dev/zero: larger than 64 MiB, the most a result file can be" ]
	[ -z "$output" ]
	[ "$SECONDS" -lt 10 ]
	run --separate-stderr timeout 20 "$ZSB" compare "$FIX" /dev/zero
	[ "$status" -eq 2 ]
	[ "$stderr" = "zswapbench: /dev/zero: larger than 64 MiB, the most a result file can be" ]
}

@test "compare names what differs between the two machines before any number" {
	jq '.system.facts.mm.thp_enabled = "always" | .system.facts.kernel.release = "6.12.0-test"' "$FIX" >"$TMP/other.json"
	run --separate-stderr "$ZSB" compare "$FIX" "$TMP/other.json"
	output=$(unwrapped <<<"$output")
	[ "$status" -eq 0 ]
	first_number=$(grep -n 'elapsed\|no significant' <<<"$output" | head -1 | cut -d: -f1)
	thp=$(grep -n "environment differs in $TMP/other.json: THP: " <<<"$output" | cut -d: -f1)
	kernel=$(grep -n "environment differs in $TMP/other.json: kernel: " <<<"$output" | cut -d: -f1)
	[ -n "$thp" ]
	[ -n "$kernel" ]
	[ "$thp" -lt "$first_number" ]
	run --separate-stderr "$ZSB" compare --format json "$FIX" "$TMP/other.json"
	[ "$(jq -r '[.files[1].differences[].fact] | sort | join(",")' <<<"$output")" = "THP,kernel" ]
	# The same file twice: nothing differs.
	run --separate-stderr "$ZSB" compare "$FIX" "$FIX"
	[[ "$output" != *"differs in"* ]]
}

@test "compare --group-by: a fleet's files pooled by kernel, host, or both; show --format csv streams them" {
	for h in a b c; do
		for k in 6.1.0-test 6.12.0-test; do
			jq --arg h "$h" --arg k "$k" '.system.hostname = $h | .system.kernel = $k' "$FIX" >"$TMP/$h-$k.json"
		done
	done
	run --separate-stderr "$ZSB" compare --group-by kernel "$TMP"/*.json
	output=$(unwrapped <<<"$output")
	[ "$status" -eq 0 ]
	[[ "$output" == *"base kernel 6.1.0-test (3 files): "*", 15 trials per cell"* ]]
	[[ "$output" == *"new  kernel 6.12.0-test (3 files): "* ]]
	run --separate-stderr "$ZSB" compare --group-by host,kernel --format json "$TMP"/*.json
	[ "$status" -eq 0 ]
	[ "$(jq '.files | length' <<<"$output")" -eq 6 ]
	run --separate-stderr "$ZSB" compare --group-by host "$TMP"/a-*.json
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"every file is of one group (host a)"* ]]
	run --separate-stderr "$ZSB" compare --group-by rack "$TMP"/*.json
	[ "$status" -eq 2 ]
	# The long CSV of six files: one heading, every trial of every file.
	rows=$(jq '[.cells[].trials[] | .values | to_entries[] | select(.value != null)] | length' "$FIX")
	run --separate-stderr "$ZSB" show --format csv "$TMP"/*.json
	[ "$(grep -c '^FILE' <<<"$output")" -eq 1 ]
	[ "$(($(wc -l <<<"$output") - 1))" -eq $((6 * rows)) ]
}

@test "compare at 4 trials a side: the primary metric reaches alpha alone; Holm leaves the secondary ones untested" {
	jq '.cells[].trials |= .[0:4]' "$FIX" >"$TMP/a4.json"
	jq '(.cells[].trials[].values.elapsed) |= . * 3' "$TMP/a4.json" >"$TMP/b4.json"
	run --separate-stderr "$ZSB" compare "$TMP/a4.json" "$TMP/b4.json"
	echo "$output"
	[ "$status" -eq 0 ]
	# Tripled within one run, every trial apart: 2/70 = 0.029 at full alpha.
	[[ "$output" =~ elapsed\ s\ .*\+200\.0%.*\ 0\.029\ \(1\)\ \* ]]
	[[ "$output" =~ cpu_time.*untested ]] || [[ "$output" =~ untested.*cpu_time ]]
	jq '.cells[].trials |= .[0:3]' "$FIX" >"$TMP/a3.json"
	jq '(.cells[].trials[].values.elapsed) |= . * 3' "$TMP/a3.json" >"$TMP/b3.json"
	run --separate-stderr "$ZSB" compare --format json "$TMP/a3.json" "$TMP/b3.json"
	# 3 against 3: apart by chance one time in ten, too few to tell.
	[ "$(jq -r '.cells[0].metrics.elapsed.significance' <<<"$output")" = "too few trials to tell, ranges apart" ]
	run --separate-stderr "$ZSB" show "$TMP/b3.json"
	[[ "$output" != *"times faster"* ]]
}

# Holm's adjustment checked from the outside: each metric of a comparison (its JSON object on
# stdin) whose decided p is not its family's raw p's adjusted by Holm (the k-th smallest of n
# times n - k, at most 1, never below the one before) is a line "bad ..."; exploratory metrics
# keep their raw p. The last line, "moved N": the secondary metrics whose p Holm raised.
holm_check() {
	jq -r '
		def abs_: if . < 0 then -. else . end;
		def holm: . as $p | length as $n | [range($n)] | sort_by($p[.]) as $order
			| reduce range($n) as $k ({run: 0, adj: []};
				.run = ([.run, ([1, ($n - $k) * $p[$order[$k]]] | min)] | max) | .adj[$order[$k]] = .run)
			| .adj;
		[to_entries[] | select(.value.p_raw != null)] as $all
		| ([$all[] | select(.value.family == "exploratory") | {key, want: .value.p_raw, got: .value.p_decision}]
			+ ([$all[] | select(.value.family != "exploratory")] | group_by(.value.family)
				| map(. as $fam | [$fam[].value.p_raw] | holm | to_entries
					| map({key: $fam[.key].key, want: .value, got: $fam[.key].value.p_decision})) | add // [])) as $rows
		| ($rows[] | select(((.want - .got) | abs_) > 1e-12 * (1 + (.want | abs_))) | "bad \(.key): p \(.got), Holm gives \(.want)"),
		  "moved \([$all[] | select(.value.family == "secondary" and .value.p_decision != .value.p_raw)] | length)"'
}

# The P column of a comparison table's row (the p, then the mark; "< 0.001" ends in 0.001).
p_printed() { awk '{ print $(NF - 1) }'; }
p_as_printed() { awk -v p="$1" 'BEGIN { if (p < 0.001) print "0.001"; else printf "%.3f\n", p }'; }

@test "Holm: every secondary p is its family's adjusted one, in JSON and in the tables; primary and exploratory p's are raw" {
	# zram against disk in the fixture: the secondary p's 0.008, 0.421, 0.889 become 0.024, 0.841, 0.889.
	run --separate-stderr "$ZSB" show --format json "$FIX"
	[ "$status" -eq 0 ]
	doc=$output
	checked=$(jq '.comparisons[0].metrics' <<<"$doc" | holm_check)
	echo "$checked"
	[ "$(grep -c '^bad ' <<<"$checked" || true)" -eq 0 ]
	[ "$(tail -n 1 <<<"$checked")" = "moved 2" ]
	run --separate-stderr "$ZSB" show -v "$FIX"
	[ "$status" -eq 0 ]
	table=$output
	while read -r m raw decided; do
		row=$(grep -E "^$m .*\(sd " <<<"$table")
		echo "$row"
		[ "$(p_printed <<<"$row")" = "$(p_as_printed "$decided")" ]
	done < <(jq -r '.comparisons[0].metrics | to_entries[] | select(.value.family == "secondary")
		| "\(.key) \(.value.p_raw) \(.value.p_decision)"' <<<"$doc")
	[[ "$(grep -E '^swap_ram .*\(sd ' <<<"$table")" == *" 0.024 "* ]]
	# Between two files of one run: cpu_time half as much again in each cell, 0.008 before Holm.
	jq '(.cells[].trials[].values.cpu_time) |= . * 1.5' "$FIX" >"$TMP/cpu.json"
	run --separate-stderr "$ZSB" compare --format json "$FIX" "$TMP/cpu.json"
	[ "$status" -eq 0 ]
	[ "$(jq '.cells | length' <<<"$output")" -eq 2 ]
	for c in 0 1; do
		checked=$(jq ".cells[$c].metrics" <<<"$output" | holm_check)
		echo "cell $c: $checked"
		[ "$(grep -c '^bad ' <<<"$checked" || true)" -eq 0 ]
		[ "$(tail -n 1 <<<"$checked")" != "moved 0" ]
	done
	run --separate-stderr "$ZSB" compare "$FIX" "$TMP/cpu.json"
	[ "$(grep -E '^cpu_time s .*\(sd ' <<<"$output" | p_printed | sort -u)" = 0.024 ]
}

@test "show --format json decides as the table does, at the reader's alpha and noise threshold" {
	for args in "" "--noise-threshold 5" "--alpha 0.01"; do
		table=$("$ZSB" show $args -q "$FIX" | head -1)
		json=$("$ZSB" show $args --format json "$FIX" | jq -r '.comparisons[0].metrics.elapsed.significance')
		echo "$args: $table / $json"
		if [[ "$table" == *"no significant difference"* ]]; then [ "$json" = "not significant" ]; fi
	done
	[ "$("$ZSB" show --noise-threshold 5 --format json "$FIX" | jq -r '.comparison_method.noise_threshold_pct')" = 5 ]
	[ "$("$ZSB" show --alpha 0.01 --format json "$FIX" | jq -r '.comparison_method.alpha')" = 0.01 ]
}

@test "markdown: the line under a compare table is set apart by a blank line" {
	scaled elapsed 2 >"$TMP/slow.json"
	run --separate-stderr "$ZSB" compare --format markdown "$FIX" "$TMP/slow.json"
	echo "$output"
	# (markdown shows no indentation: the line is written without it)
	grep -B1 '^no significant change' <<<"$output" | head -1 | grep -q '^$'
}

BLOCK="$BATS_TEST_DIRNAME/../fixtures/results/block-zram-disk.json"
FS="$BATS_TEST_DIRNAME/../fixtures/results/fs-compressors.json"

@test "show of a block device: its bandwidth by jobs and mode, what it held; no swap words" {
	run --separate-stderr "$ZSB" show "$BLOCK"
	[ "$status" -eq 0 ]
	echo "$output"
	grep -qE '^JOBS +MODE +SETUP +N +READ +WRITE +IOPS +P99 +SYS +COMP-RATIO +VS-BEST +P +SIG$' <<<"$output"
	# A mode without reads has no read bandwidth.
	grep -qE '^ +1 seq-write +zram +3/3 +- +551\.7 \[' <<<"$output"
	grep -qE '^ +1 seq-read +zram +3/3 +888\.9 \[842\.1.+888\.9\] +- ' <<<"$output"
	grep -qE '^ +1 seq-read +disk +3/3 +36\.5 .* -95\.9% \[' <<<"$output"
	[[ "$output" == *"zram held 16.0 MiB of data in 8.6 MiB of RAM (1.87x) in each of its 4 cells"* ]]
	[[ "$output" != *"swapped pages"* && "$output" != *ELAPSED* ]]
	# -q: the answer alone, without the machine's warning before the run and its blank line
	[[ "$output" == "warning before the run: Load average 1.16 on 2 CPUs"*$'\n\n'* ]]
	quiet=$("$ZSB" show -q "$BLOCK")
	[ "$quiet" = "$(sed '1,/^$/d' <<<"$output")" ]
	run --separate-stderr "$ZSB" show "$FS"
	[ "$status" -eq 0 ]
	grep -qE '^CELL +N +WRITE +FLUSH +READ +TOTAL +VS-BEST +P +SIG +HELD +RAM +RATIO$' <<<"$output"
	[[ "$output" == *"zram:lzo held 16.8 MiB of data in 11.8 MiB of RAM (1.43x)"* ]]
	[[ "$output" == *"total time (write + flush + read): "* ]]
	[[ "$output" != *"swapped pages"* ]]
}

@test "compare of block files side by side: a copy with more bandwidth is better, one with less worse" {
	jq '(.cells[].trials[].values | .read_bw, .write_bw) |= (if . == null then null else . * 1.5 end)' "$BLOCK" >"$TMP/fast.json"
	jq '(.cells[].trials[].values | .read_bw, .write_bw) |= (if . == null then null else . * 0.5 end)' "$BLOCK" >"$TMP/slow.json"
	run --separate-stderr "$ZSB" compare "$BLOCK" "$TMP/fast.json" "$TMP/slow.json"
	output=$(unwrapped <<<"$output")
	echo "$output"
	[ "$status" -eq 0 ]
	grep -qE '^JOBS +MODE +SETUP +block-zram-disk\.json +fast\.json +CHANGE +P +SIG +slow\.json +CHANGE +P +SIG$' <<<"$output"
	grep -qE '^ +1 seq-read +zram +888\.9 +1333\.3 +\+50\.0% .* 444\.4 +-50\.0% ' <<<"$output"
	[[ "$output" == *"fast.json against block-zram-disk.json: 8 rows apart in every trial, too few trials for a test: 8 better, 0 worse"* ]]
	[[ "$output" == *"slow.json against block-zram-disk.json: 8 rows apart in every trial, too few trials for a test: 0 better, 8 worse"* ]]
	[[ "$output" != *"io_bw"* ]]
	# -v: each row's metrics, the moved bandwidth (read + write) its primary
	run --separate-stderr "$ZSB" compare -v "$BLOCK" "$TMP/fast.json"
	[ "$status" -eq 0 ]
	grep -qE '^io_bw MiB/s +551\.7 \(sd [0-9.]+%\) +\+50\.0% .* \(1\) \?$' <<<"$output"
}

# One decision, every view: each fixture's JSON against its tables (--raw, markdown, aligned),
# its -v tables and its sentences; compare's JSON against its CSV, its tables and a device's
# side by side, for pairs that differ and pairs that do not; the HTML report's verdicts and
# cells, and the plots' datablocks, of each (tests/cli/views_agree.py).
@test "every view of every fixture shows the JSON's decisions: direction, interval, p and mark" {
	command -v python3 >/dev/null || skip "python3 is not installed"
	fixtures=("$BATS_TEST_DIRNAME"/../fixtures/results/*.json)
	run python3 "$BATS_TEST_DIRNAME/views_agree.py" "$ZSB" show "${fixtures[@]}"
	echo "$output" | tail -n 20
	[ "$status" -eq 0 ]
	[[ "$output" =~ ^([0-9]+)\ decisions\ checked,\ 0\ disagreements$ ]]
	[ "${BASH_REMATCH[1]}" -gt 5000 ]
	BLOCK="$BATS_TEST_DIRNAME/../fixtures/results/block-zram-disk.json"
	FS="$BATS_TEST_DIRNAME/../fixtures/results/fs-compressors.json"
	SERVICE="$BATS_TEST_DIRNAME/../fixtures/results/service-two-cells.json"
	SWEEP="$BATS_TEST_DIRNAME/../fixtures/results/sweep-jobs.json"
	scaled elapsed 2 >"$TMP/slow.json"
	jq '(.cells[].trials[].values | .read_bw, .write_bw) |= (if . == null then null else . * 1.5 end)' "$BLOCK" >"$TMP/fast-block.json"
	jq '(.cells[].trials[].values.fs_total_time) |= (if . == null then null else . * 0.5 end)' "$FS" >"$TMP/fast-fs.json"
	jq '(.cells[].trials[].values.throughput) |= . * 0.5' "$SERVICE" >"$TMP/slow-service.json"
	jq '(.cells[].trials[].values.elapsed) |= . * 1.3' "$SWEEP" >"$TMP/slow-sweep.json"
	for pair in "$FIX $FIX" "$FIX $TMP/slow.json" "$BLOCK $TMP/fast-block.json" "$FS $TMP/fast-fs.json" \
		"$SERVICE $TMP/slow-service.json" "$SWEEP $TMP/slow-sweep.json"; do
		# shellcheck disable=SC2086 # two paths, split on purpose
		run python3 "$BATS_TEST_DIRNAME/views_agree.py" "$ZSB" compare $pair
		echo "compare $pair: $(tail -n 1 <<<"$output")"
		[ "$status" -eq 0 ] || { echo "$output" | tail -n 20; return 1; }
		[[ "$output" =~ ^([0-9]+)\ decisions\ checked,\ 0\ disagreements$ ]]
		[ "${BASH_REMATCH[1]}" -gt 50 ]
	done
}

# Three block runs a side, +20%: the side-by-side table, its JSON and its CSV test the runs'
# medians alike (the table once said "one run a side" where the JSON tested).
@test "compare --group-by of block runs: the table, JSON and CSV decide the same rows the same way" {
	BLOCK="$BATS_TEST_DIRNAME/../fixtures/results/block-zram-disk.json"
	for i in 1 2 3; do
		for side in a b; do
			jq --arg i "$i" --arg s "$side" '.system.kernel = "6.1.0-\($s)" | del(.run_id) | .started = "2026-12-0\($i)T1\(if $s == "a" then 0 else 1 end):00:00Z" | (.cells[].trials[].values | .read_bw, .write_bw) |= (if . == null then null else . * ((if $s == "a" then 1 else 1.2 end) + ($i | tonumber) / 100) end)' "$BLOCK" >"$TMP/$side$i.json"
		done
	done
	run --separate-stderr "$ZSB" compare --group-by kernel "$TMP"/a*.json "$TMP"/b*.json
	output=$(unwrapped <<<"$output")
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(grep -cE '^ +[12] seq-(read|write) +(zram|disk) .* \+19\.6% \[\+[0-9.]+%, \+[0-9.]+%\] +< 0\.001 \*$' <<<"$output")" -eq 8 ]
	[[ "$output" == *"significant in 8 rows: 8 better (higher bandwidth), 0 worse"* ]]
	[[ "$output" != *"one run a side"*"not tested"* ]]
	run --separate-stderr "$ZSB" compare --group-by kernel --format json "$TMP"/a*.json "$TMP"/b*.json
	[ "$(jq '[.cells[].metrics.io_bw | select(.mark == "*" and .tested_by == "run medians")] | length' <<<"$output")" -eq 8 ]
	run --separate-stderr "$ZSB" compare --group-by kernel --format csv "$TMP"/a*.json "$TMP"/b*.json
	[ "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $c["METRIC"] == "io_bw" && $c["SIG"] == "*"' <<<"$output" | wc -l)" -eq 8 ]
}
