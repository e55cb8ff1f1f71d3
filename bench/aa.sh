#!/usr/bin/env bash
# make bench: how often `compare` calls two runs of the same configuration different (an A/A
# test), with the workload pinned (the default) and unpinned (--cpus all). K independent runs
# of one configuration in each mode, interleaved so drift hits both alike, then every pair of
# runs of a mode compared with the defaults (no calibration): target at most 1 pair in 10
# with a significant verdict, and a within-run spread of elapsed of at most 2%.
#   K=8 bench/aa.sh [zswapbench options...]   (default: --swap zram --limit 32M --alloc 160M)
set -u
cd "$(dirname "$0")/.."
K=${K:-8}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
args=("$@")
[ ${#args[@]} -gt 0 ] || args=(--swap zram --limit 32M --alloc 160M)
mkdir "$TMP/nocal"
declare -A mode_args=([pinned]="" [unpinned]="--cpus all")
for k in $(seq "$K"); do
	for mode in pinned unpinned; do
		# shellcheck disable=SC2086  # the mode's options are words
		./zswapbench "${args[@]}" ${mode_args[$mode]} --trials 5 --interval 0 --output "$TMP/$mode-$k.json" \
			>/dev/null 2>"$TMP/err" || { echo "bench: zswapbench failed:"; cat "$TMP/err"; exit 1; }
	done
done

# summary MODE: the pairs, the verdicts, the spreads.
summary() {
	local mode=$1 pairs=0 verdict=0 any=0 a b
	for a in $(seq "$K"); do
		for b in $(seq $((a + 1)) "$K"); do
			ZSWAPBENCH_RUNDIR="$TMP/nocal" ./zswapbench compare --format json "$TMP/$mode-$a.json" \
				"$TMP/$mode-$b.json" >"$TMP/cmp.json" 2>/dev/null || { echo "bench: compare failed"; exit 1; }
			pairs=$((pairs + 1))
			jq -e '[.cells[].metrics[] | select(.family != "exploratory" and .significance == "significant")] | length > 0' \
				"$TMP/cmp.json" >/dev/null && verdict=$((verdict + 1))
			jq -e '[.cells[].metrics[] | select(.mark == "*" or .mark == "e")] | length > 0' \
				"$TMP/cmp.json" >/dev/null && any=$((any + 1))
			jq '.cells[0].metrics.elapsed.change_pct | fabs' "$TMP/cmp.json" >>"$TMP/$mode-changes"
		done
	done
	echo "$mode ($K runs of 5 trials; $pairs pairs):"
	echo "  pairs whose verdict is significant (target <= 1 in 10): $verdict of $pairs"
	echo "  pairs with any starred row or exploratory lead (e, uncorrected): $any of $pairs"
	for k in $(seq "$K"); do jq '.cells[0].stats.elapsed | 100 * .stddev / .mean' "$TMP/$mode-$k.json"; done |
		sort -n | awk '{ a[NR] = $1 } END { printf "  within-run spread of elapsed (%%stddev; target <= 2%%): %.1f%% to %.1f%%, median %.1f%%\n", a[1], a[NR], a[int((NR + 1) / 2)] }'
	sort -n "$TMP/$mode-changes" | awk '{ a[NR] = $1 } END { printf "  run-to-run change of the median: median %.1f%%, largest %.1f%%\n", a[int((NR + 1) / 2)], a[NR] }'
	echo "  CPUs the trials ran on: $(jq -r '.cells[].trials[].cpus' "$TMP/$mode"-*.json | sort | uniq -c | awk '{ printf "%s%s x%s", (NR > 1 ? ", " : ""), $2, $1 }')"
}

echo "A/A: ${args[*]}"
summary pinned
summary unpinned
