#!/usr/bin/env bash
# make bench: what --target block costs against fio run by hand. The same job (the one
# src/runner/fio/job.c writes: ioengine=sync, direct, bs 4K, a stonewalled prefill before a
# read) on a zram device of the same size, zswapbench's trial and fio by hand interleaved,
# ROUNDS rounds, the order alternating. Reports each round's bandwidth and the ratio of the
# medians, wrapper over by hand, per mode. Target: at least 0.98 (the wrapper costs nothing).
# Both unpinned (the wrapper with --cpus all), the hand-run fio outside any cgroup.
set -u
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-9} LOOPS=${LOOPS:-4} SIZE=${SIZE:-256M}
command -v fio >/dev/null || { echo "bench fio: fio is not installed (make deps)"; exit 1; }
[ -e /sys/class/zram-control/hot_add ] || { echo "bench fio: no zram hot_add here"; exit 0; }
TMP=$(mktemp -d)
dev=$(cat /sys/class/zram-control/hot_add)
trap 'echo 1 >/sys/block/zram$dev/reset 2>/dev/null; echo "$dev" >/sys/class/zram-control/hot_remove; rm -rf "$TMP"' EXIT

job_file() { # MODE RW
	printf '[global]\nfilename=/dev/zram%s\nioengine=sync\ndirect=1\nbs=4096\nsize=100%%\n' "$dev"
	printf 'thread\ngroup_reporting\npercentile_list=50:99:99.9\nbuffer_compress_percentage=50\n'
	printf 'refill_buffers\nscramble_buffers=0\n'
	[ "$2" = read ] && printf '\n[prefill]\nrw=write\nnumjobs=1\nloops=1\n'
	printf '\n[%s]\n' "$1"
	[ "$2" = read ] && printf 'stonewall\nnew_group\n'
	printf 'rw=%s\nnumjobs=1\nloops=%s\n' "$2" "$LOOPS"
}

by_hand() { # MODE RW -> MiB/s of the measured job
	echo 1 >"/sys/block/zram$dev/reset"
	numfmt --from=iec "$SIZE" >"/sys/block/zram$dev/disksize"
	job_file "$1" "$2" >"$TMP/job.fio"
	fio --output-format=json --output "$TMP/hand.json" "$TMP/job.fio" >/dev/null 2>&1 || return 1
	echo 1 >"/sys/block/zram$dev/reset"
	jq -r --arg m "$1" --arg d "$([ "$2" = read ] && echo read || echo write)" \
		'.jobs[] | select(.jobname == $m) | .[$d].bw_bytes / 1048576' "$TMP/hand.json"
}

wrapped() { # MODE -> MiB/s
	./zswapbench -q --target block --swap zram --swap-size "$SIZE" --modes "$1" --loops "$LOOPS" \
		--cpus all --trials 1 --interval 0 --output "$TMP/wrap.json" >/dev/null 2>&1 || return 1
	jq -r '.cells[0].trials[0].values | (.write_bw // .read_bw)' "$TMP/wrap.json"
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

for mode in seq-write:write seq-read:read; do
	name=${mode%%:*} rw=${mode##*:}
	: >"$TMP/w" && : >"$TMP/h"
	for r in $(seq "$ROUNDS"); do
		if [ $((r % 2)) -eq 1 ]; then
			w=$(wrapped "$name") && h=$(by_hand "$name" "$rw") || { echo "bench fio: a run failed"; exit 1; }
		else
			h=$(by_hand "$name" "$rw") && w=$(wrapped "$name") || { echo "bench fio: a run failed"; exit 1; }
		fi
		echo "$w" >>"$TMP/w" && echo "$h" >>"$TMP/h"
		printf '  %s round %d: zswapbench %.0f MiB/s, fio by hand %.0f MiB/s\n' "$name" "$r" "$w" "$h"
	done
	mw=$(median <"$TMP/w") mh=$(median <"$TMP/h")
	awk -v n="$name" -v w="$mw" -v h="$mh" -v r="$ROUNDS" 'BEGIN {
		printf "fio %s: median %.0f MiB/s in zswapbench, %.0f MiB/s by hand over %d interleaved rounds: ratio %.3f (target >= 0.98)\n", n, w, h, r, w / h }'
done
