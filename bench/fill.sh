#!/usr/bin/env bash
# make bench: the hogger's fill throughput with no limit and no swap, against stress-ng --vm
# writing the same size with the same kind of pattern, and against the floor of touching memory
# (mmap(MAP_POPULATE) plus one write per page). Every tool runs alone in a fresh, unlimited
# memory cgroup; the clock stops when the cgroup's usage reaches SIZE. This VM's timings are
# noisy (host-side faults on memory the guest freed), so the tools run interleaved, ROUNDS times,
# and the medians are compared: ratios measured in one run.
set -u
cd "$(dirname "$0")/.."
SIZE=${SIZE:-1G}
ROUNDS=${ROUNDS:-9}
BYTES=$(numfmt --from=iec "$SIZE")
HOGGER=./zswapbench-hogger
FLOOR=build/bench/fill-floor

[ "$(id -u)" -eq 0 ] || { echo "bench: needs root (memory cgroups)"; exit 1; }
CGROOT=$(awk '$3 == "cgroup" && $4 ~ /(^|,)memory(,|$)/ { print $2; exit }' /proc/self/mounts)
USAGE_FILE=memory.usage_in_bytes
if [ -z "$CGROOT" ]; then
	CGROOT=$(awk '$3 == "cgroup2" { print $2; exit }' /proc/self/mounts)
	USAGE_FILE=memory.current
fi
CG=$CGROOT/zswapbench-bench-$$
PGID=
cleanup() {
	[ -n "$PGID" ] && pkill -KILL -g "$PGID" 2>/dev/null
	[ -d "$CG" ] && while ! rmdir "$CG" 2>/dev/null; do sleep 0.01; done
}
trap cleanup EXIT

# seconds for CMD to make the cgroup's usage reach BYTES
measure() {
	local start end usage=0
	mkdir "$CG"
	start=$(date +%s%N)
	setsid bash -c 'echo $$ >"$0/cgroup.procs"; exec "$@"' "$CG" "$@" >/dev/null 2>&1 &
	PGID=$!
	while :; do
		read -r usage <"$CG/$USAGE_FILE"
		[ "$usage" -ge "$BYTES" ] && break
		kill -0 "$PGID" 2>/dev/null || { echo "bench: $* exited before filling" >&2; exit 1; }
	done
	end=$(date +%s%N)
	pkill -KILL -g "$PGID" 2>/dev/null
	wait "$PGID" 2>/dev/null
	PGID=
	while ! rmdir "$CG" 2>/dev/null; do sleep 0.01; done
	echo $(((end - start) / 1000))
}

declare -A name=(
	[floor]="mmap(MAP_POPULATE) + 1 write/page"
	[hogger_zero_pf]="zswapbench-hogger --data zero --prefault"
	[hogger_zero]="zswapbench-hogger --data zero"
	[hogger_seq]="zswapbench-hogger --data seq"
	[stressng]="stress-ng --vm --vm-method write64"
)
declare -A cmd=(
	[floor]="$FLOOR $SIZE"
	[hogger_zero_pf]="$HOGGER --alloc $SIZE --data zero --prefault --hold"
	[hogger_zero]="$HOGGER --alloc $SIZE --data zero --hold"
	[hogger_seq]="$HOGGER --alloc $SIZE --data seq --hold"
	[stressng]="stress-ng --vm 1 --vm-bytes $SIZE --vm-method write64 --vm-hang 0 --vm-madvise normal"
)
order=(floor hogger_zero_pf hogger_zero hogger_seq stressng)
declare -A times
for round in $(seq "$ROUNDS"); do
	for k in "${order[@]}"; do
		# shellcheck disable=SC2086
		times[$k]+="$(measure ${cmd[$k]}) "
	done
done
median() { tr ' ' '\n' | grep . | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
declare -A med
echo "fill of $SIZE, no limit, median of $ROUNDS interleaved rounds:"
for k in "${order[@]}"; do
	med[$k]=$(echo "${times[$k]}" | median)
	awk -v n="${name[$k]}" -v us="${med[$k]}" -v b="$BYTES" \
		'BEGIN { printf "  %-40s %8.1f ms  %7.0f MiB/s\n", n, us / 1000, b / 1048576 / (us / 1e6) }'
done
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }
echo "hogger seq / stress-ng write64 (time; target <= 1):    $(ratio "${med[hogger_seq]}" "${med[stressng]}")"
echo "hogger zero --prefault / floor (time; target <= 1.10): $(ratio "${med[hogger_zero_pf]}" "${med[floor]}")"
echo "hogger zero, a fault per page / floor (time):       $(ratio "${med[hogger_zero]}" "${med[floor]}")"
