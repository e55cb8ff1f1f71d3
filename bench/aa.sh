#!/usr/bin/env bash
# make bench: how often `compare` calls two runs of the same configuration different (an A/A
# test), with the workload pinned (the default) and unpinned (--cpus all). K independent runs
# of one configuration in each mode, interleaved so drift hits both alike, then every pair of
# runs of a mode compared with the defaults (no calibration: one run a side is not tested, and
# the bench checks that none is), then every split of the K runs into two halves compared as
# K/2 runs a side (compare --group-by, the runs' medians the unit): target at most 1 split in
# 10 with a significant verdict, and a within-run spread of elapsed of at most 2%.
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

# significant FILE: whether a comparison's verdict is significant (a primary or secondary
# metric, not an exploratory lead).
significant() {
	jq -e '[.cells[].metrics[] | select(.family != "exploratory" and .significance == "significant")] | length > 0' \
		"$1" >/dev/null
}

# splits MODE: every split of the K runs into halves, run 1 always on side A (each split once),
# each side's copies labelled by a kernel of their own for --group-by.
splits() {
	local mode=$1 mask k n a b splits=0 sig=0
	for k in $(seq "$K"); do
		for side in A B; do
			jq --arg s "$side" '.system.kernel = $s' "$TMP/$mode-$k.json" >"$TMP/$mode-$k-$side.json"
		done
	done
	for mask in $(seq 0 $(((1 << K) - 1))); do
		n=0 a=() b=()
		for k in $(seq "$K"); do
			if (((mask >> (k - 1)) & 1)); then n=$((n + 1)) a+=("$TMP/$mode-$k-A.json"); else b+=("$TMP/$mode-$k-B.json"); fi
		done
		[ "$n" -eq $((K / 2)) ] && ((mask & 1)) || continue
		ZSWAPBENCH_RUNDIR="$TMP/nocal" ./zswapbench compare --group-by kernel --format json "${a[@]}" "${b[@]}" \
			>"$TMP/split.json" 2>/dev/null || { echo "bench: compare --group-by failed"; exit 1; }
		splits=$((splits + 1))
		significant "$TMP/split.json" && sig=$((sig + 1))
		jq '.cells[0].metrics.elapsed.change_pct | fabs' "$TMP/split.json" >>"$TMP/$mode-split-changes"
	done
	echo "  splits into $((K / 2)) runs a side whose verdict is significant (target <= 1 in 10): $sig of $splits"
	sort -n "$TMP/$mode-split-changes" | awk '{ a[NR] = $1 } END { printf "  their change of elapsed: median %.1f%%, largest %.1f%%\n", a[int((NR + 1) / 2)], a[NR] }'
}

# summary MODE: the pairs, the splits, the spreads.
summary() {
	local mode=$1 pairs=0 tested=0 a b
	for a in $(seq "$K"); do
		for b in $(seq $((a + 1)) "$K"); do
			ZSWAPBENCH_RUNDIR="$TMP/nocal" ./zswapbench compare --format json "$TMP/$mode-$a.json" \
				"$TMP/$mode-$b.json" >"$TMP/cmp.json" 2>/dev/null || { echo "bench: compare failed"; exit 1; }
			pairs=$((pairs + 1))
			jq -e '[.cells[].metrics[] | select(.p_decision != null)] | length > 0' "$TMP/cmp.json" >/dev/null &&
				tested=$((tested + 1))
			jq '.cells[0].metrics.elapsed.change_pct | fabs' "$TMP/cmp.json" >>"$TMP/$mode-changes"
		done
	done
	echo "$mode ($K runs of 5 trials; $pairs pairs):"
	echo "  pairs of one run a side tested without a calibration (target 0): $tested of $pairs"
	splits "$mode"
	for k in $(seq "$K"); do jq '.cells[0].stats.elapsed | 100 * .stddev / .mean' "$TMP/$mode-$k.json"; done |
		sort -n | awk '{ a[NR] = $1 } END { printf "  within-run spread of elapsed (%%stddev; target <= 2%%): %.1f%% to %.1f%%, median %.1f%%\n", a[1], a[NR], a[int((NR + 1) / 2)] }'
	sort -n "$TMP/$mode-changes" | awk '{ a[NR] = $1 } END { printf "  run-to-run change of the median: median %.1f%%, largest %.1f%%\n", a[int((NR + 1) / 2)], a[NR] }'
	echo "  CPUs the trials ran on: $(for k in $(seq "$K"); do jq -r '.cells[].trials[].cpus' "$TMP/$mode-$k.json"; done | sort | uniq -c | awk '{ printf "%s%s x%s", (NR > 1 ? ", " : ""), $2, $1 }')"
}

echo "A/A: ${args[*]}"
summary pinned
summary unpinned
