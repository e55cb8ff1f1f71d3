#!/usr/bin/env bash
# make bench: the hogger's fill against the floor of touching memory, each timed as a whole
# process doing the same work: allocate SIZE, write every page once, exit. Each runs alone in
# a fresh, unlimited memory cgroup, whose peak proves it charged (touched) every page. Timings
# here swing 2-3x between runs (host-side faults), so the tools run interleaved, ROUNDS times,
# and the ratios are of medians.
set -u
cd "$(dirname "$0")/.."
SIZE=${SIZE:-1G}
ROUNDS=${ROUNDS:-9}
BYTES=$(numfmt --from=iec "$SIZE")
HOGGER=./zswapbench-hogger
FLOOR=build/bench/fill-floor

[ "$(id -u)" -eq 0 ] || { echo "bench: needs root (memory cgroups)"; exit 1; }
CGROOT=$(awk '$3 == "cgroup" && $4 ~ /(^|,)memory(,|$)/ { print $2; exit }' /proc/self/mounts)
PEAK_FILE=memory.max_usage_in_bytes
if [ -z "$CGROOT" ]; then
	CGROOT=$(awk '$3 == "cgroup2" { print $2; exit }' /proc/self/mounts)
	PEAK_FILE=memory.peak
fi
CG=$CGROOT/zswapbench-bench-$$
trap '[ -d "$CG" ] && rmdir "$CG" 2>/dev/null' EXIT

# microseconds for CMD, as a whole process, to do its work and exit; fails unless the
# cgroup's peak shows every page charged
measure() {
	local start end peak
	mkdir "$CG"
	start=$(date +%s%N)
	bash -c 'echo $$ >"$0/cgroup.procs"; exec "$@"' "$CG" "$@" >/dev/null 2>&1 ||
		{ echo "bench: $* failed" >&2; exit 1; }
	end=$(date +%s%N)
	read -r peak <"$CG/$PEAK_FILE"
	while ! rmdir "$CG" 2>/dev/null; do sleep 0.01; done
	[ "$peak" -ge $((BYTES * 99 / 100)) ] || { echo "bench: $* touched only $peak of $BYTES bytes" >&2; exit 1; }
	echo $(((end - start) / 1000))
}

declare -A name=(
	[floor]="mmap + 1 write per page (floor)"
	[floor_pop]="mmap(MAP_POPULATE) + 1 write per page"
	[hogger_zero]="zswapbench-hogger --data zero"
	[hogger_zero_pf]="zswapbench-hogger --data zero --prefault"
	[hogger_seq]="zswapbench-hogger --data seq"
	[hogger_comp]="zswapbench-hogger --data compressible:50"
)
declare -A cmd=(
	[floor]="$FLOOR $SIZE"
	[floor_pop]="$FLOOR --populate $SIZE"
	[hogger_zero]="$HOGGER --alloc $SIZE --data zero"
	[hogger_zero_pf]="$HOGGER --alloc $SIZE --data zero --prefault"
	[hogger_seq]="$HOGGER --alloc $SIZE --data seq"
	[hogger_comp]="$HOGGER --alloc $SIZE --data compressible:50"
)
order=(floor floor_pop hogger_zero hogger_zero_pf hogger_seq hogger_comp)
declare -A times
for round in $(seq "$ROUNDS"); do
	for k in "${order[@]}"; do
		# shellcheck disable=SC2086
		times[$k]+="$(measure ${cmd[$k]}) "
	done
done
median() { tr ' ' '\n' | grep . | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
declare -A med
echo "fill of $SIZE as a whole process (allocate, write every page, exit), no limit, median of $ROUNDS interleaved rounds:"
for k in "${order[@]}"; do
	med[$k]=$(echo "${times[$k]}" | median)
	awk -v n="${name[$k]}" -v us="${med[$k]}" -v b="$BYTES" \
		'BEGIN { printf "  %-42s %8.1f ms  %7.0f MiB/s\n", n, us / 1000, b / 1048576 / (us / 1e6) }'
done
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
echo "hogger --data zero / floor (time; target <= 1.05):            $(ratio "${med[hogger_zero]}" "${med[floor]}")"
echo "hogger --data zero --prefault / MAP_POPULATE floor (time):    $(ratio "${med[hogger_zero_pf]}" "${med[floor_pop]}")"
echo "hogger --data seq / floor (time; the pattern's own cost):     $(ratio "${med[hogger_seq]}" "${med[floor]}")"
echo "hogger --data compressible:50 / floor (time):                 $(ratio "${med[hogger_comp]}" "${med[floor]}")"
