#!/bin/sh
# The redis preset's server: redis-server on a socket in the run's work directory only (no TCP
# port), loading the dump.rdb redis-data.sh made, never saving (no save points, no
# append-only file: a trial's writes die with its server, the next trial loads the same data).
# exec: the server is the process the cgroup holds and the one SIGTERM stops.
set -eu
me=redis-server.sh
die() { echo "$me: $*" >&2; exit 1; }
wd=${ZSWAPBENCH_WORKDIR:?run by zswapbench}
command -v redis-server >/dev/null || die "no redis-server (apt-get install redis-server)"
[ -s "$wd/dump.rdb" ] || die "no $wd/dump.rdb (the setup, redis-data.sh, makes it)"
exec redis-server --port 0 --unixsocket "$wd/redis.sock" --unixsocketperm 700 --dir "$wd" \
	--dbfilename dump.rdb --save '' --appendonly no --daemonize no --logfile '' \
	--loglevel warning
