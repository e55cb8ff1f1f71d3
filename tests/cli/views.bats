#!/usr/bin/env bats
# One meaning per flag (issue 25), from saved result files and dry runs only: -o is where every
# command writes, -C picks columns, every view honours or refuses each option in one line,
# compare's CSV is an export of every compared metric, --match pairs cells on fewer keys.
# Nothing here touches the kernel.
bats_require_minimum_version 1.5.0
load helpers

FIX="$BATS_TEST_DIRNAME/../fixtures/results/disk-zram.json"

setup() { TMP=$(mktemp -d); }
teardown() { rm -rf "$TMP"; }

@test "views: -o is where show, compare and report write; '-' is stdout where one stream is" {
	run --separate-stderr "$ZSB" show -o "$TMP/s.txt" "$FIX"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	grep -q '^disk: 5 of 5 trials ok' "$TMP/s.txt"
	run --separate-stderr "$ZSB" compare --format csv -o "$TMP/c.csv" "$FIX" "$FIX"
	[ "$status" -eq 0 ]
	head -1 "$TMP/c.csv" | grep -q '^FILE,CELL,METRIC'
	run --separate-stderr "$ZSB" show -o - "$FIX"
	[[ "$output" == "disk: 5 of 5 trials ok"* ]]
	run --separate-stderr "$ZSB" plot -o - "$FIX"
	[ "$status" -eq 2 ]
	[ "$stderr" = "zswapbench: --output '-': the plots are several files: give a folder; try 'zswapbench plot --help'" ]
	run --separate-stderr "$ZSB" -n -o -
	[ "$status" -eq 2 ]
	[[ "$stderr" == "zswapbench: --output '-': a run prints its answer on standard output"* ]]
	[ "$(wc -l <<<"$stderr")" -eq 1 ]
	command -v gnuplot >/dev/null || skip "gnuplot is not installed (gnuplot-nox)"
	run --separate-stderr "$ZSB" report "$FIX" -o -
	[ "$status" -eq 0 ]
	[[ "$output" == "<!DOCTYPE html>"* ]]
	[[ "$output" == *"</html>" ]]
	[ ! -e ./- ]
}

@test "views: show - reads the result file from standard input" {
	run --separate-stderr "$ZSB" show - <"$FIX"
	[ "$status" -eq 0 ]
	[ "$output" = "$("$ZSB" show "$FIX")" ]
	run --separate-stderr "$ZSB" show --format csv - <"$FIX"
	[ "$status" -eq 0 ]
	[ "$(grep -c ',elapsed,' <<<"$output")" -eq 10 ]
}

@test "views: the short answer honours -C, --raw and --noheadings; a view without a table refuses them" {
	run --separate-stderr "$ZSB" show -C cell,elapsed "$FIX"
	[ "$status" -eq 0 ]
	[ "$(sed -n 1p <<<"$output")" = "CELL ELAPSED" ]
	[[ "$(sed -n 2p <<<"$output")" =~ ^disk\ +0\.167\ s$ ]]
	run --separate-stderr "$ZSB" show -C cell,n --raw --noheadings "$FIX"
	[ "$(sed -n 1,2p <<<"$output")" = "$(printf 'disk 5/5\nzram 5/5')" ]
	while IFS='|' read -r said args; do
		# shellcheck disable=SC2086
		run --separate-stderr "$ZSB" $args "$FIX"
		echo "$args: $status $stderr"
		[ "$status" -eq 2 ]
		[[ "$stderr" == "zswapbench: $said"* ]]
		[ "$(wc -l <<<"$stderr")" -eq 1 ]
	done <<'TABLE'
show: --raw needs --format table|show --raw --format csv
show: --columns is for tables, and --format json prints none|show -C cell --format json
show: --noheadings is for tables, and --quiet prints the verdict's words alone|show -q --noheadings
show: --noheadings cannot drop a markdown table's heading|show --noheadings --format markdown
TABLE
}

@test "views: an unknown column is one line with every column, none cut" {
	run --separate-stderr "$ZSB" show -C cell,zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz "$FIX"
	[ "$status" -eq 2 ]
	[ "$(wc -l <<<"$stderr")" -eq 1 ]
	[[ "$stderr" == *"(known: METRIC, UNIT, "*", STATUS, VALUE, PHASE, SECONDS, SHARE, PER-TRIAL); try 'zswapbench show --help'" ]]
	printf '[run]\ncolumns = cell,zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\n' >"$TMP/c.conf"
	run --separate-stderr "$ZSB" -n -c "$TMP/c.conf"
	[ "$status" -eq 2 ]
	[[ "$stderr" == *", STATUS, VALUE, PHASE, SECONDS, SHARE, PER-TRIAL); try 'zswapbench --help'" ]]
}

@test "views: compare's CSV has every compared metric, its interval in two columns" {
	run --separate-stderr "$ZSB" compare --format csv "$FIX" "$FIX"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" >"$TMP/c.csv"
	python3 - "$TMP/c.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline='')))
assert len(rows) >= 30, len(rows)
assert {r['CELL'] for r in rows} == {'disk', 'zram'}
e = [r for r in rows if r['CELL'] == 'disk' and r['METRIC'] == 'elapsed'][0]
assert (float(e['CI-LOW']), float(e['CI-HIGH'])) == (-25.63, 34.47), e
assert e['SIG'] == '~' and 'CI' not in rows[0] and not any(';' in v for r in rows for v in r.values())
PY
	run --separate-stderr "$ZSB" compare --format json "$FIX" "$FIX"
	[ "$(jq '.cells[0].metrics | length' <<<"$output")" -ge 15 ]
}

@test "views: compare --match pairs cells on fewer keys and lists what it left out" {
	jq '.cells[].limit = 67108864 | .config.limit = [67108864]' "$FIX" >"$TMP/l64.json"
	run --separate-stderr "$ZSB" compare "$FIX" "$TMP/l64.json"
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"have no cell in common"*"--match KEYS pairs cells on fewer" ]]
	run --separate-stderr "$ZSB" compare --match swap,comp "$FIX" "$TMP/l64.json"
	[ "$status" -eq 0 ]
	[ "$(grep -c '^  confounds, not matched (--match): limit 32M -> 64M$' <<<"$output")" -eq 2 ]
	run --separate-stderr "$ZSB" compare --match swap,comp --format json "$FIX" "$TMP/l64.json"
	[ "$(jq -c '.cells[0].confounds' <<<"$output")" = '[{"key":"limit","base":"32M","new":"64M"}]' ]
	S="$BATS_TEST_DIRNAME/../fixtures/results/sweep-jobs.json"
	run --separate-stderr "$ZSB" compare --match swap "$S" "$S"
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"pairs with "*" cells of "* ]]
	run --separate-stderr "$ZSB" compare --match swap,cmop "$FIX" "$FIX"
	[ "$status" -eq 2 ]
	[[ "$stderr" == "zswapbench: --match 'swap,cmop': no key 'cmop' (the keys: swap,comp,"* ]]
}

@test "views: a service's file names throughput its primary metric in every format, JSON included" {
	S="$BATS_TEST_DIRNAME/../fixtures/results/service-two-cells.json"
	run --separate-stderr "$ZSB" show -C cell,throughput "$S"
	[ "$status" -eq 0 ]
	[ "$(sed -n 1p <<<"$output")" = "CELL  THROUGHPUT" ]
	[[ "$(sed -n 2p <<<"$output")" =~ ^disk\ +9000\ ops/s$ ]]
	[[ "$output" == *"(primary: throughput, tested at alpha 0.05;"* ]]
	run --separate-stderr "$ZSB" show --format json "$S"
	[ "$status" -eq 0 ]
	[ "$(jq -r '.comparisons[0].metrics.throughput.family' <<<"$output")" = primary ]
	[ "$(jq -r '.comparisons[0].metrics.elapsed.family' <<<"$output")" = exploratory ]
	[ "$(jq -r '.comparisons[0].metrics.request_p99.family' <<<"$output")" = secondary ]
	[ "$(jq '[.comparisons[].metrics[] | select(.family == "primary")] | length' <<<"$output")" -eq 1 ]
	run --separate-stderr "$ZSB" compare --format json "$S" "$S"
	[ "$status" -eq 0 ]
	[ "$(jq -r '[.. | objects | select(has("primary")) | .primary] | unique | join(",")' <<<"$output")" = throughput ]
	# Half the throughput: each cell's table opens with it, in its unit, tested at alpha.
	jq '(.cells[].trials[].values.throughput) |= (if . == null then null else . / 2 end)' \
		"$S" >"$TMP/half.json"
	run --separate-stderr "$ZSB" compare "$S" "$TMP/half.json"
	[ "$status" -eq 0 ]
	[ "$(grep -c '^throughput ops/s .* -50\.0% \[.*\] .* 0\.008 (1) \*$' <<<"$output")" -eq 2 ]
	[ "$(grep -A1 '^METRIC' <<<"$output" | grep -c '^throughput ops/s')" -eq 2 ]
}

@test "views: show and the report list the machine's warnings from before the run" {
	# disk-zram.json's facts hold "Load average 4.24 on 2 CPUs ..."
	load_warning="warning before the run: Load average 4.24 on 2 CPUs (above 0.5 per CPU)"
	# With the trials' warnings, before the verdict, in each form of the short answer.
	for args in "" "-v" "-C cell,elapsed"; do
		# shellcheck disable=SC2086
		run --separate-stderr "$ZSB" show $args "$FIX"
		[ "$status" -eq 0 ]
		warned=$(grep -n "^$load_warning" <<<"$output" | cut -d: -f1)
		verdict=$(grep -n "no significant difference in elapsed time" <<<"$output" | head -1 | cut -d: -f1)
		echo "show $args: warning on line $warned, verdict on $verdict"
		[ -n "$warned" ]
		[ "$warned" -lt "$verdict" ]
	done
	run --separate-stderr "$ZSB" show --format markdown "$FIX"
	grep -q "^- $load_warning" <<<"$output"
	# A device's answer, and a sweep's, say it as well.
	run --separate-stderr "$ZSB" show "$BATS_TEST_DIRNAME/../fixtures/results/block-zram-disk.json"
	[[ "$output" == "warning before the run: Load average 1.16 on 2 CPUs"* ]]
	# A file whose facts hold none says none.
	jq '.system.facts.warnings = []' "$FIX" >"$TMP/quiet.json"
	run --separate-stderr "$ZSB" show "$TMP/quiet.json"
	[[ "$output" != *"before the run"* ]]
	command -v gnuplot >/dev/null || skip "gnuplot is not installed (gnuplot-nox)"
	run --separate-stderr "$ZSB" report "$FIX" -o "$TMP/r.html"
	[ "$status" -eq 0 ]
	warnings=$(sed -n '/<section id="warnings">/,/<\/section>/p' "$TMP/r.html")
	[[ "$warnings" == *"$load_warning"* ]]
	[[ "$warnings" != *"None:"* ]]
}

# Each CSV view, LF line ends: awk finds the UNIT column by its heading, each row has the
# heading's number of fields (no field of these fixtures holds a comma), and a unit is "s", not
# "s\r".
csv_by_awk() {
	awk -F, 'NR == 1 { n = NF; for (i = 1; i <= NF; i++) if ($i == "UNIT") u = i; next }
		/\r/ { cr++ } NF != n { bad++ } u && $u == "s" { s++ }
		END { printf "%d %d %d %d\n", NR - 1, cr + 0, bad + 0, s + 0 }' "$1"
}

@test "views: every CSV view ends its lines with LF alone, as awk and cut read them" {
	local rows cr bad s
	"$ZSB" show --format csv "$FIX" >"$TMP/show.csv"
	"$ZSB" compare --format csv "$FIX" "$FIX" >"$TMP/compare.csv"
	"$ZSB" show --format csv "$FIX" "$BATS_TEST_DIRNAME/../fixtures/results/sweep-jobs.json" >"$TMP/long.csv"
	for f in show compare long; do
		read -r rows cr bad s < <(csv_by_awk "$TMP/$f.csv")
		echo "$f: $rows rows, $cr with CR, $bad of another width, $s in s"
		[ "$rows" -gt 10 ]
		[ "$cr" -eq 0 ]
		[ "$bad" -eq 0 ]
		[ "$s" -gt 0 ]
	done
	[ "$(grep -c $'\r' "$TMP/show.csv")" -eq 0 ]
	# The long CSV: every elapsed row of disk-zram.json's 10 trials, unit s.
	[ "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next } $h["METRIC"] == "elapsed" && $h["UNIT"] == "s"' "$TMP/show.csv" | wc -l)" -eq 10 ]
}

@test "views: every metric carries its unit: s/GiB for CPU per swapped GiB, us for latencies" {
	run --separate-stderr "$ZSB" show --format csv "$FIX"
	[ "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[$i] = i; next } $h["METRIC"] == "cpu_s_per_swapped_gib" { print $h["UNIT"] }' <<<"$output" | sort -u)" = "s/GiB" ]
	run --separate-stderr "$ZSB" show --format json "$FIX"
	[ "$(jq -r '.metrics.cpu_s_per_swapped_gib.unit' <<<"$output")" = "s/GiB" ]
	run --separate-stderr "$ZSB" show -v "$FIX"
	[[ "$output" =~ cpu_s_per_swapped_gib\ +s/GiB ]]
	run --separate-stderr "$ZSB" compare --all "$FIX" "$FIX"
	[ "$status" -eq 0 ]
	[ "$(grep -cE '^cpu_s_per_swapped_gib s/GiB ' <<<"$output")" -eq 2 ]
	# compare's table: a service's request latencies in microseconds, the unit beside each.
	S="$BATS_TEST_DIRNAME/../fixtures/results/service-two-cells.json"
	run --separate-stderr "$ZSB" compare --all "$S" "$S"
	[ "$status" -eq 0 ]
	[ "$(grep -cE '^request_(p95|p99|max) us ' <<<"$output")" -eq 6 ]
	[ -z "$(grep -E '^request_[a-z0-9]+ ' <<<"$output" | grep -vE '^request_[a-z0-9]+ us ')" ]
	# No metric row without its unit but the counts' (faults, pokes).
	grep -A100 '^METRIC' <<<"$output" | awk '$1 ~ /^[a-z_0-9]+$/ && $2 ~ /^[0-9]/ { print $1 }' | sort -u >"$TMP/bare"
	cat "$TMP/bare"
	[ -z "$(grep -vE '_faults$|_kills$|^perf_(context_switches|cpu_migrations)$' "$TMP/bare")" ]
}

# A markdown file and cmark-gfm's HTML of it: each table of the markdown (a run of lines
# starting '|') a table of the page with as many rows, each other run of lines not blank a
# paragraph of its own (a line wrapped within 100 columns goes on on the next) or a list item
# (its next lines indented under it), and the significance legend a paragraph, never a bullet.
gfm_agrees() {
	python3 - "$1" "$2" <<'PY'
import re, sys
md = open(sys.argv[1], encoding='utf-8').read().split('\n')
page = open(sys.argv[2], encoding='utf-8').read()
tables, rows, text, items = [], 0, 0, 0
def is_text(line):
    return line.strip() and not line.startswith(('|', '- ', '  '))
for i, line in enumerate(md):
    before = md[i - 1] if i else ''
    if line.startswith('|'):
        rows += 1
        if i + 1 == len(md) or not md[i + 1].startswith('|'):
            tables.append(rows - 2)  # the heading and the delimiter row
            rows = 0
    elif line.startswith('- '):
        items += 1
    elif is_text(line) and not is_text(before):
        text += 1
drawn = [len(re.findall(r'<tr>', t)) - 1 for t in re.findall(r'<table>(.*?)</table>', page, re.S)]
assert drawn == tables, ('rows per table', drawn, tables)
assert len(re.findall(r'<li>', page)) == items, ('items', len(re.findall(r'<li>', page)), items)
assert len(re.findall(r'<p>', page)) == text, ('paragraphs', len(re.findall(r'<p>', page)), text)
assert not re.search(r'<li>\s*significant', page), 'the legend is a bullet'
print(len(tables), 'tables', sum(tables), 'rows', text, 'paragraphs', items, 'items')
PY
}

@test "views: markdown is the same tables and lines under a GFM renderer (cmark-gfm)" {
	command -v cmark-gfm >/dev/null || skip "cmark-gfm is not installed (apt-get install cmark-gfm)"
	local R="$BATS_TEST_DIRNAME/../fixtures/results" n=0
	while read -r args; do
		# shellcheck disable=SC2086
		"$ZSB" $args --format markdown >"$TMP/$n.md"
		cmark-gfm -e table "$TMP/$n.md" >"$TMP/$n.html"
		agrees=$(gfm_agrees "$TMP/$n.md" "$TMP/$n.html")
		echo "$args: $agrees"
		n=$((n + 1))
	done <<-EOF
		show $FIX
		show -v $FIX
		show $R/sweep-jobs.json
		show $R/block-zram-disk.json
		show $R/fs-compressors.json
		compare $FIX $FIX
		compare --all $FIX $R/oom.json
		compare $R/block-static.json $R/block-static-b.json
	EOF
	# The legend stays a paragraph that starts with its asterisk.
	"$ZSB" compare "$FIX" "$FIX" --format markdown | cmark-gfm -e table | grep -q '^<p>\* significant'
}

# Issue 37: a legend ran to 317 columns and the report's box cut it. Every line of every view
# of every fixture (show, -v, -q, --raw, markdown; show of a file and the next; compare of each
# file with itself and with the next, -v --all too; the HTML report's boxes) within 100 columns
# as a terminal shows them, but a table's rows where their data is wider
# (tests/cli/view_text.py; the same views of a build that wraps nothing have over 2,000 other
# lines over 100).
@test "views: every line of every view within 100 columns, a table's rows kept whole" {
	command -v python3 >/dev/null || skip "python3 is not installed"
	run python3 "$BATS_TEST_DIRNAME/view_text.py" widths "$ZSB" "$BATS_TEST_DIRNAME"/../fixtures/results/*.json
	echo "$output" | tail -n 20
	[ "$status" -eq 0 ]
	[[ "${lines[-1]}" =~ ^([0-9]+)\ views,\ [0-9]+\ lines:\ ([0-9]+)\ of\ a\ table\ over\ 100\ columns,\ 0\ others\ over\ 100$ ]]
	[ "${BASH_REMATCH[1]}" -ge 200 ]
	# Wide rows were seen and kept: the widths are measured.
	[ "${BASH_REMATCH[2]}" -gt 1000 ]
	# A paragraph's next lines two columns in, the words as they were: joined, the line again.
	run --separate-stderr "$ZSB" compare "$FIX" "$FIX"
	[[ "$output" == *$'\n* significant (the primary metric at alpha, the secondary ones Holm-corrected among themselves; the\n  whole interval beyond'* ]]
	[[ "$(unwrapped <<<"$output")" == *$'\n* significant (the primary metric at alpha, the secondary ones Holm-corrected among themselves; the whole interval beyond the noise threshold)  + a real change'* ]]
}

# Issue 37 too: sysinfo and the dry run on every fixture tree (--sysroot: the kernel's files read
# from the tree, nothing changed), their lines within 100 columns with no table kept whole
# (tests/cli/view_text.py's machines; the build before they were wrapped had 12 lines of sysinfo
# and 129 of dry runs over 100). A sentence's next lines two columns in.
@test "views: every line of sysinfo and of a dry run within 100 columns, on every fixture tree" {
	local F="$BATS_TEST_DIRNAME/../fixtures"
	command -v python3 >/dev/null || skip "python3 is not installed"
	run python3 "$BATS_TEST_DIRNAME/view_text.py" machines "$ZSB" "$F"/*/
	echo "$output" | tail -n 20
	[ "$status" -eq 0 ]
	[[ "${lines[-1]}" =~ ^([0-9]+)\ sysinfo,\ ([0-9]+)\ dry\ runs,\ [0-9]+\ lines:\ 0\ over\ 100\ columns$ ]]
	[ "${BASH_REMATCH[1]}" -ge 20 ]
	# 38 where fio and mkfs.ext4 are installed; 27 of them need neither.
	[ "${BASH_REMATCH[2]}" -ge 25 ]
	run --separate-stderr "$ZSB" sysinfo --sysroot "$F/system-noisy"
	[[ "$output" == *$'\n! CPU boost is on: the clock rises and falls with temperature and the number of busy cores, so\n  timings drift between trials.\n'* ]]
	run --separate-stderr "$ZSB" --dry-run --sysroot "$F/v2" --swap disk
	[[ "$output" == *$'\neach trial: a cgroup zswapbench-PID-CELL-TRIAL under /sys/fs/cgroup with memory.max set to its\n  limit; removed after\n'* ]]
}

# A result file from elsewhere is untrusted (docs/security.md): hostile.json's first label would
# set the terminal's title and clear the screen, its second holds a C1 CSI in UTF-8, its kernel
# a title, its host a spreadsheet formula. No view passes a control character on.
@test "views: a hostile file's bytes reach the terminal escaped, and its CSV holds no formula" {
	local H="$BATS_TEST_DIRNAME/../fixtures/results/hostile.json" want args
	sed 's/"format_version": 2/"format_version": "\\u001b]0;title\\u0007"/' "$H" >"$TMP/version.json"
	while IFS='|' read -r want args; do
		# shellcheck disable=SC2086
		run --separate-stderr "$ZSB" $args
		echo "$args: $status"
		[ "$status" -eq "$want" ]
		[ -n "$output$stderr" ]
		[ "$(printf '%s%s' "$output" "$stderr" | LC_ALL=C grep -caP '[\x00-\x09\x0b-\x1f\x7f]|\xc2[\x80-\x9f]')" -eq 0 ]
	done <<-EOF
		0|show $H
		0|show -v $H
		0|show --format markdown $H
		0|show --format csv $H
		0|show --format json $H
		0|show $H $FIX
		0|compare $H $FIX
		0|compare -v --all $H $FIX
		0|compare --format csv $H $FIX
		0|compare --format json $H $FIX
		2|show $TMP/version.json
	EOF
	[[ "$stderr" == *'format version \x1b]0;title\x07;'* ]]
	run --separate-stderr env LC_ALL=C.UTF-8 "$ZSB" show "$H"
	[[ "$output" == 'disk\x1b]0;title\x07\x1b[2J: 5 of 5 trials ok'* ]]
	[[ "$output" == *$'\nzram µs…\\xc2\\x9b31m: 5 of 5 trials ok'* ]]
	# A terminal of another locale reads bytes: the label's UTF-8 is escaped too.
	run --separate-stderr env LC_ALL=C "$ZSB" show "$H"
	[[ "$output" == *$'\nzram \\xc2\\xb5s\\xe2\\x80\\xa6\\xc2\\x9b31m: 5 of 5 trials ok'* ]]
	run --separate-stderr "$ZSB" show --format json "$H"
	[ "$(jq -r '.cells[0].label' <<<"$output" | od -An -tx1 | tr -d ' \n')" = "6469736b1b5d303b7469746c65071b5b324a0a" ]
	run --separate-stderr "$ZSB" show --format csv "$H"
	[ "$(awk -F, 'NR == 2 { print $2 }' <<<"$output")" = "\"'=HYPERLINK(\"\"http://example.com\"\"" ]
	[ "$(awk -F, 'NR == 2 { print $(NF - 1) }' <<<"$output")" = "0.201850567" ]
}

# compare for CI: TAP that prove reads, JUnit that an XML parser reads, each failing the one
# regression (disk 30% faster in the base: its +42.9% significant) and nothing else; exit 0.
@test "views: compare --format tap and junit fail the regression alone, as their readers see it" {
	jq '(.cells[].trials[].values.elapsed) |= . * 0.7' "$FIX" >"$TMP/fast.json"
	run --separate-stderr "$ZSB" compare --all --format tap -o "$TMP/c.tap" "$TMP/fast.json" "$FIX"
	[ "$status" -eq 0 ]
	head -2 "$TMP/c.tap" | grep -qx 'TAP version 13'
	[ "$(grep -c '^not ok ' "$TMP/c.tap")" -ge 1 ]
	grep -q '^not ok 1 - .*disk: elapsed +42.9% .*: a regression$' "$TMP/c.tap"
	if command -v prove >/dev/null; then
		run prove --exec cat "$TMP/c.tap"
		echo "$output" | tail -n 4
		[ "$status" -ne 0 ]
		want=$(grep -c '^not ok ' "$TMP/c.tap")
		[[ "$output" == *"Failed $want/$(grep -c '^\(not \)\?ok ' "$TMP/c.tap") subtests"* ]]
		[[ "$output" != *"Parse errors"* ]]
	fi
	run --separate-stderr "$ZSB" compare --format junit -o "$TMP/c.xml" "$TMP/fast.json" "$FIX"
	[ "$status" -eq 0 ]
	run python3 -c 'import sys, xml.etree.ElementTree as ET
r = ET.parse(sys.argv[1]).getroot()
cases = list(r.iter("testcase"))
print(r.get("tests"), r.get("failures"), len(cases), [c.get("classname") for c in cases if c.find("failure") is not None])' "$TMP/c.xml"
	[ "$output" = "2 1 2 ['zswapbench.compare.disk']" ]
	run --separate-stderr "$ZSB" show --format tap "$FIX"
	[ "$status" -eq 2 ]
	[ "$stderr" = "zswapbench: show: --format tap: only compare writes it; try 'zswapbench show --help'" ]
}

# Issue 37, tables as util-linux writes them: --raw's numbers split on blanks, their unit in the
# heading; -J each table as JSON alone; --bytes; --list-columns; -C +LIST and --output-all.
@test "views: show --raw prints typed columns as numbers, the unit in the heading" {
	run --separate-stderr "$ZSB" show --raw "$FIX"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "CELL N ELAPSED_S INTERVAL MIN_S MAX_S CPU_S SWAP_MIB RAM_MIB RATIO" ]
	[[ "${lines[1]}" == "disk 5/5 0.167 "*" 0.153 0.225 0.156 64.9 0.0 " ]]
	run --separate-stderr "$ZSB" show --raw -C cell,elapsed,cpu,swap,ram "$FIX"
	[ "${lines[0]}" = "CELL ELAPSED_S CPU_S SWAP_MIB RAM_MIB" ]
	[ "${lines[2]}" = "zram 0.204 0.156 64.9 34.6" ]
	! grep -q 'x20' <<<"$output"
}

@test "views: show and compare -J are JSON alone, numbers as numbers" {
	command -v jq >/dev/null || skip "jq is not installed"
	local R="$BATS_TEST_DIRNAME/../fixtures/results"
	run --separate-stderr "$ZSB" show -J "$FIX"
	[ "$status" -eq 0 ]
	[ "$(jq -r '.cells[1].cell' <<<"$output")" = zram ]
	[ "$(jq -r '.cells[1].swap_mib | type' <<<"$output")" = number ]
	[ "$(jq -r '.cells[1].elapsed_s' <<<"$output")" = 0.204 ]
	"$ZSB" show -J -v "$FIX" | jq -e 'type == "array" and length == 3'
	"$ZSB" show -J "$FIX" "$R/oom.json" | jq -e 'type == "array" and length == 2'
	"$ZSB" show -J "$R/hostile.json" | jq -e .
	"$ZSB" compare -J "$FIX" "$FIX" | jq -e .
	"$ZSB" show -J "$R/block-zram-disk.json" | jq -e '.block[0].iops | type == "number"'
}

@test "views: --bytes prints sizes in whole bytes in every table mode" {
	run --separate-stderr "$ZSB" show --bytes --raw -C cell,swap "$FIX"
	[ "${lines[0]}" = "CELL SWAP_B" ]
	[ "${lines[2]}" = "zram 68087808" ]
	run --separate-stderr "$ZSB" show --bytes --format csv -C cell,swap,ram "$FIX"
	[ "$status" -eq 0 ]
	run --separate-stderr "$ZSB" show --bytes -C cell,swap "$FIX"
	[[ "${lines[2]}" == "zram 68087808 B" ]]
	run --separate-stderr "$ZSB" show --bytes -v "$FIX"
	grep -q '^cgroup_swap_peak *B ' <<<"$output"
}

@test "views: --list-columns lists every column, -C +LIST adds, --output-all shows the hidden" {
	run --separate-stderr "$ZSB" show --list-columns
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "Available output columns:" ]
	[[ "$output" == *"      STDDEV  the standard deviation"* ]]
	run --separate-stderr "$ZSB" compare --list-columns
	[ "$status" -eq 0 ]
	run --separate-stderr "$ZSB" show --raw -C +stddev "$FIX"
	[ "${lines[0]}" = "CELL N ELAPSED_S INTERVAL MIN_S MAX_S CPU_S SWAP_MIB RAM_MIB RATIO STDDEV_S" ]
	run --separate-stderr "$ZSB" show --raw --output-all "$FIX"
	[ "${lines[0]}" = "CELL N ELAPSED_S INTERVAL MIN_S MAX_S CPU_S SWAP_MIB RAM_MIB RATIO STDDEV_S" ]
}

@test "views: -J, --bytes and --output-all refused in one line where they cannot apply" {
	local args
	while read -r args; do
		# shellcheck disable=SC2086
		run --separate-stderr "$ZSB" $args "$FIX"
		echo "$args: $stderr"
		[ "$status" -eq 2 ]
		[ "$(wc -l <<<"$stderr")" -eq 1 ]
	done <<-EOF
		show -J --format csv
		show -J --format markdown
		show -J --json
		show -J -q
		show --bytes --format json
		show --output-all -C cell
		plot -J
		report --bytes
	EOF
}
