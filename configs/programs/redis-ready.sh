#!/bin/sh
# The redis preset's ready check: the server answers PING on its socket (not while it is still
# loading dump.rdb, when it answers LOADING).
set -eu
me=redis-ready.sh
die() { echo "$me: $*" >&2; exit 1; }
wd=${ZSWAPBENCH_WORKDIR:?run by zswapbench}
command -v redis-cli >/dev/null || die "no redis-cli (apt-get install redis-tools)"
[ "$(redis-cli -s "$wd/redis.sock" ping 2>/dev/null)" = PONG ]
