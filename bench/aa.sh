#!/usr/bin/env bash
# make bench: how often `compare` calls two runs of the same configuration different (an A/A
# test). K independent runs of one configuration, then compare every pair of them: with the
# defaults, at most 1 pair in 10 should show a significant change (target). Prints the pairs
# whose verdict (the Holm-corrected key metrics) is significant, the pairs where any metric
# is (the exploratory rows, uncorrected), and the spread of the runs' medians.
#   K=8 bench/aa.sh [zswapbench options...]      (default: --swap zram, 5 trials)
#   PAIRED=1 K=20 bench/aa.sh ...                 (run 1 against 2, 3 against 4...: independent pairs)
set -u
cd "$(dirname "$0")/.."
K=${K:-8}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
args=("$@")
[ ${#args[@]} -gt 0 ] || args=(--swap zram)
for k in $(seq "$K"); do
	./zswapbench "${args[@]}" --interval 0 --output "$TMP/run-$k.json" >/dev/null 2>"$TMP/err" ||
		{ echo "bench: zswapbench failed:"; cat "$TMP/err"; exit 1; }
done
pairs=0 verdict=0 any=0
for a in $(seq "$K"); do
	for b in $(seq $((a + 1)) "$K"); do
		[ "${PAIRED:-0}" = 0 ] || { [ $((a % 2)) -eq 1 ] && [ "$b" -eq $((a + 1)) ]; } || continue
		./zswapbench compare --format json "$TMP/run-$a.json" "$TMP/run-$b.json" >"$TMP/cmp.json" ||
			{ echo "bench: compare failed"; exit 1; }
		pairs=$((pairs + 1))
		jq -e '[.cells[].metrics[] | select(.holm and .significance == "significant")] | length > 0' \
			"$TMP/cmp.json" >/dev/null && verdict=$((verdict + 1))
		jq -e '[.cells[].metrics[] | select(.significance == "significant")] | length > 0' \
			"$TMP/cmp.json" >/dev/null && any=$((any + 1))
	done
done
medians=$(for k in $(seq "$K"); do jq '.cells[0].stats.elapsed.median' "$TMP/run-$k.json"; done)
spread=$(for k in $(seq "$K"); do jq '.cells[0].stats.elapsed | 100 * .stddev / .mean' "$TMP/run-$k.json"; done |
	sort -n | awk '{ a[NR] = $1 } END { printf "%.1f%% to %.1f%% (median %.1f%%)", a[1], a[NR], a[int((NR + 1) / 2)] }')
echo "A/A ($K runs of: ${args[*]}; $pairs pairs):"
echo "  pairs whose verdict is significant (Holm over the key metrics; target <= 1 in 10): $verdict of $pairs"
echo "  pairs with any significant row (exploratory rows uncorrected): $any of $pairs"
echo "  within-run spread of elapsed (%stddev): $spread"
echo "$medians" | sort -n | awk '{ a[NR] = $1 } END { printf "  run medians of elapsed: %.3f s to %.3f s (%.1f%% apart)\n", a[1], a[NR], 100 * (a[NR] - a[1]) / a[1] }'
