#!/bin/sh
# The redis preset's load (and, with a smaller PERCENT, its warm-up): redis-benchmark's TESTS (get,
# set unless given), one after the other in that order, 50 clients, each PERCENT% (200 unless
# given) of the keys redis-data.sh loaded as requests, at keys drawn at random over all of them
# (-r), SET's values of 1024 bytes as the loaded ones are. GET first: SET writes
# redis-benchmark's own values (1024 x's, nothing like the loaded ones), and at 200% it
# replaces 86% of them. --csv: one header, then a line per test with its requests per second
# and its latencies.
set -eu
me=redis-load.sh
die() { echo "$me: $*" >&2; exit 1; }
pct=${1:-200}
tests=${2:-get,set}
wd=${ZSWAPBENCH_WORKDIR:?run by zswapbench}
command -v redis-benchmark >/dev/null || die "no redis-benchmark (apt-get install redis-tools)"
[ -s "$wd/redis.keys" ] || die "no $wd/redis.keys (the setup, redis-data.sh, writes it)"
keys=$(cat "$wd/redis.keys")
n=$((keys * pct / 100))
[ "$n" -gt 0 ] || die "$pct% of $keys keys is no request"
header=1
for test in $(echo "$tests" | tr ',' ' '); do
	out=$(redis-benchmark -s "$wd/redis.sock" --csv -t "$test" -r "$keys" -n "$n" -d 1024 -c 50) ||
		{ printf '%s\n' "$out"; die "redis-benchmark -t $test failed"; }
	if [ "$header" -eq 1 ]; then printf '%s\n' "$out"; else printf '%s\n' "$out" | sed 1d; fi
	header=0
done
