#!/usr/bin/env bash
# make bench: what sampling costs the workload. The same trials with the time series every
# 10 ms and with sampling off (--interval 0), interleaved round by round; the median elapsed
# of each, and their ratio (target: at most 1.01).
set -u
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-9}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
args=(--swap zram --limit 50M --alloc 300M --trials 3 --order sequential)
for r in $(seq "$ROUNDS"); do
	for interval in 10ms 0; do
		./zswapbench "${args[@]}" --interval "$interval" --output "$TMP/$interval-$r.json" >/dev/null 2>&1 ||
			{ echo "bench: zswapbench failed"; exit 1; }
	done
done
median() { jq -r '.cells[].trials[] | select(.status == "ok") | .values.elapsed' "$TMP"/"$1"-*.json |
	sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
on=$(median 10ms)
off=$(median 0)
echo "sampling every 10 ms: median elapsed $on s; sampling off: $off s ($((ROUNDS * 3)) trials each, interleaved)"
awk -v a="$on" -v b="$off" 'BEGIN { printf "sampling 10 ms / off (time; target <= 1.01): %.3f\n", a / b }'
