#!/usr/bin/env bash
# Time to allocate and write SIZE, the same way for every tool: each runs alone in a fresh,
# unlimited memory cgroup, and the clock stops when the cgroup's usage reaches SIZE.
set -u
CGROOT=/sys/fs/cgroup/memory
CG=$CGROOT/zswapbench-bench-$$
trap 'pkill -KILL -g "${PGID:-0}" 2>/dev/null; rmdir "$CG" 2>/dev/null' EXIT

# measure BYTES CMD...: prints seconds
measure() {
	local bytes=$1 start end usage=0
	shift
	mkdir "$CG"
	start=$(date +%s%N)
	setsid bash -c 'echo $$ > "$0/cgroup.procs"; exec "$@"' "$CG" "$@" >/dev/null 2>&1 &
	PGID=$!
	while :; do
		read -r usage <"$CG/memory.usage_in_bytes"
		[ "$usage" -ge "$bytes" ] && break
		kill -0 "$PGID" 2>/dev/null || { echo "failed: $*" >&2; break; }
	done
	end=$(date +%s%N)
	pkill -KILL -g "$PGID" 2>/dev/null
	wait "$PGID" 2>/dev/null
	while ! rmdir "$CG" 2>/dev/null; do sleep 0.01; done
	echo "scale=4; ($end - $start) / 1000000000" | bc
}

# median of N runs
median() {
	local n=$1
	shift
	for _ in $(seq "$n"); do measure "$@"; done | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
}
