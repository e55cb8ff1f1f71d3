#!/usr/bin/env bash
# make bench: what `zswapbench record` costs the process it records. The same work (the hogger:
# SIZE written, then PASSES x its pages touched at random, where every touch may miss the TLB
# that clear_refs flushes) timed as a whole process, with and
# without a recording attached, interleaved ROUNDS times; the recording samples at INTERVAL
# (record's default 1 s, then 100 ms, its shortest) and sizes every page at the end, after the
# work is done, so that the work's time holds only the sampling: smaps read and every page's
# referenced bit cleared once an interval. Target: at most 1.05 at the default interval.
set -u
cd "$(dirname "$0")/.."
SIZE=${SIZE:-512M}
PASSES=${PASSES:-1000}
ROUNDS=${ROUNDS:-7}
HOGGER=./zswapbench-hogger

[ "$(id -u)" -eq 0 ] || { echo "bench: needs root (record reads another process's memory)"; exit 1; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# Microseconds the hogger takes to do its work and exit; with an interval, recorded at it the
# whole time.
measure() { # INTERVAL or ""
	local start end pid
	start=$(date +%s%N)
	"$HOGGER" --alloc "$SIZE" --data zero --access "random:$PASSES" --no-seccomp \
		--no-latency >/dev/null 2>&1 &
	pid=$!
	if [ -n "$1" ]; then
		./zswapbench record --pid "$pid" --duration 600s --heat-interval "$1" \
			--output "$TMP/p.json" >/dev/null 2>&1 &
	fi
	wait "$pid" || { echo "bench: the hogger failed" >&2; exit 1; }
	end=$(date +%s%N)
	wait
	echo $(((end - start) / 1000))
}

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

declare -A times=()
hows=(none 1s 100ms)
for ((r = 0; r < ROUNDS; r++)); do
	# Each round in another order: whichever runs first in a round meets what the round
	# before left (its memory being freed, the page cache).
	for ((i = 0; i < ${#hows[@]}; i++)); do
		how=${hows[(i + r) % ${#hows[@]}]}
		t=$(measure "${how/none/}")
		times[$how]+="$t "
	done
done
for how in "${hows[@]}"; do echo "  $how: ${times[$how]}(us)"; done
base=$(tr ' ' '\n' <<<"${times[none]}" | grep . | median)
echo "record: the hogger ($SIZE, $PASSES x its pages touched at random), $ROUNDS rounds interleaved, medians:"
echo "  alone                 $((base / 1000)) ms"
for how in 1s 100ms; do
	m=$(tr ' ' '\n' <<<"${times[$how]}" | grep . | median)
	awk -v m="$m" -v b="$base" -v h="$how" 'BEGIN {
		printf "  recorded every %-6s %d ms: %.3f of alone%s\n", h, m / 1000, m / b,
			h == "1s" ? (m / b <= 1.05 ? " (target <= 1.05: met)" : " (target <= 1.05: NOT met)") : "" }'
done
