#!/usr/bin/env bash
# make bench: what timing every access costs. The same runs with the latency histograms on
# (the default) and off (--latency off), interleaved, K of each; the ratio of the medians of
# access_time (the runner's clock, from "go" to the end of the access phase). Target: at most
# 1.02 where pages swap. Without swapping, where an access is a cache miss and not a fault,
# the clock read is a larger share: printed too, for what it is.
set -u
cd "$(dirname "$0")/.."
K=${K:-6}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# ratio NAME ARGS...: K interleaved pairs, then the ratio of medians.
ratio() {
	local name=$1
	shift
	for k in $(seq "$K"); do
		for mode in on off; do
			./zswapbench "$@" --latency "$mode" --trials 3 --interval 0 --output "$TMP/$name-$mode-$k.json" \
				>/dev/null 2>"$TMP/err" || { echo "bench: zswapbench failed:"; cat "$TMP/err"; exit 1; }
		done
	done
	median() { jq -s '[.[].cells[].trials[].values.access_time] | sort | .[length / 2 | floor]' "$TMP/$name-$1"-*.json; }
	on=$(median on)
	off=$(median off)
	awk -v n="$name" -v on="$on" -v off="$off" -v k="$K" \
		'BEGIN { printf "  %s: access_time median %.3f s with the histograms, %.3f s without: %.3fx (%d runs of 3 trials each)\n", n, on, off, on / off, k }'
}

echo "latency histograms, their cost:"
ratio "swapping (zram, 160M under 32M, reread:2)" --swap zram --limit 32M --alloc 160M --access reread:2
ratio "not swapping (160M under 1G, reread:4)" --swap zram --limit 1G --alloc 160M --access reread:4
