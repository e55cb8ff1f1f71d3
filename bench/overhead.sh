#!/usr/bin/env bash
# make bench: the runner's own time per trial: the wall time of a run less its trials'
# elapsed, and where it goes (each trial's runner_time in the result file). Target: at most
# 60 ms a trial beside the 50 ms quiet window that measures outside pressure on purpose.
set -u
cd "$(dirname "$0")/.."
TRIALS=${TRIALS:-10}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
for backend in disk zram; do
	start=$(date +%s%N)
	./zswapbench --swap "$backend" --trials "$TRIALS" --interval 0 --output "$TMP/$backend.json" >/dev/null 2>&1 ||
		{ echo "bench: zswapbench --swap $backend failed"; exit 1; }
	end=$(date +%s%N)
	jq -r --argjson wall "$(((end - start) / 1000))" --arg b "$backend" '
		[.cells[0].trials[]] as $t
		| ($t | map(.values.elapsed) | add) as $work
		| ($t | length) as $n
		| def ms($f): ($t | map(.runner_time[$f]) | sort | .[(length / 2 | floor)]) * 1000;
		"\($b): \($n) trials, run \($wall / 1000 | floor) ms, trials \($work * 1000 | floor) ms: " +
		"\((($wall / 1e6) - $work) * 1000 / $n | floor) ms of runner per trial (the start and the report included)\n" +
		"  medians per trial, ms: swap setup \(ms("swap_setup") | . * 10 | round / 10), cgroup \(ms("cgroup_setup") | . * 10 | round / 10), " +
		"spawn \(ms("spawn") | . * 10 | round / 10), quiet window \(ms("quiet_window") | round), record \(ms("record") | . * 10 | round / 10), " +
		"teardown \(ms("teardown") | . * 10 | round / 10), save \(ms("save") | . * 10 | round / 10); " +
		"beside the quiet window: \([ "swap_setup", "cgroup_setup", "spawn", "record", "teardown", "save" ] | map(ms(.)) | add | round) ms (target <= 60)"
	' "$TMP/$backend.json"
done
