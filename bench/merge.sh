#!/usr/bin/env bash
# make bench: merging at scale. N synthetic result files (the fixture run, each under a host
# of its own, half on one kernel and half on another) compared pooled by kernel, and shown as
# one long CSV; the time and the peak memory (getrusage of the child) for N = 10, 100, 1000,
# and what one more file costs. Target: both grow linearly with the files.
set -u
cd "$(dirname "$0")/.."
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
FIX=tests/fixtures/results/disk-zram.json

make_files() {
	local n=$1 i
	mkdir -p "$TMP/$n"
	for i in $(seq "$n"); do
		jq --arg h "host-$i" --arg k "$([ $((i % 2)) -eq 0 ] && echo 6.1.0-test || echo 6.12.0-test)" \
			'.system.hostname = $h | .system.kernel = $k' "$FIX" >"$TMP/$n/h$i.json"
	done
}

# measure LABEL CMD...: seconds and peak RSS in MiB of the command.
measure() {
	local label=$1
	shift
	/usr/bin/time -f "%e %M" -o "$TMP/time" "$@" >/dev/null 2>"$TMP/err" || { echo "bench: $label failed"; cat "$TMP/err"; exit 1; }
	read -r secs kb <"$TMP/time"
	echo "$secs $((kb / 1024))"
}

command -v /usr/bin/time >/dev/null || { echo "bench: merge: /usr/bin/time is not installed (apt-get install time)"; exit 0; }
echo "merging at scale ($(stat -c %s "$FIX") bytes a file):"
for n in 10 100 1000; do
	make_files "$n"
	read -r cs cm < <(measure compare ./zswapbench compare --group-by kernel "$TMP/$n"/*.json)
	read -r ss sm < <(measure show ./zswapbench show --format csv "$TMP/$n"/*.json)
	printf "  %4d files: compare --group-by kernel %6.2f s, %4d MiB peak; show --format csv %6.2f s, %4d MiB peak\n" \
		"$n" "$cs" "$cm" "$ss" "$sm"
	echo "$n $cs $cm $ss $sm" >>"$TMP/points"
done
awk 'NR == 1 { n1 = $1; c1 = $2; m1 = $3; s1 = $4 } { n = $1; c = $2; m = $3; s = $4 }
     END { printf "  from %d to %d files: compare %.1f ms and %.2f MiB a file, show %.1f ms a file\n",
	   n1, n, 1000 * (c - c1) / (n - n1), (m - m1) / (n - n1), 1000 * (s - s1) / (n - n1) }' "$TMP/points"
