#!/bin/sh
# --setup for the redis preset: about SIZE (48M, 192M, as numfmt reads it) of values in a
# dump.rdb in the run's work directory, loaded by every trial's server (redis-server.sh) and
# never saved again. One key per KiB, named as redis-benchmark -r names its random keys
# (key:000000000000 on), each value 1024 characters of base64 of the files under /usr
# (text and binaries as tar stores them: about 2x with lz4, as real values compress). The
# key count goes to redis.keys for redis-load.sh. A temporary redis-server, outside the
# cgroup, on a socket in the work directory, takes the values through redis-cli --pipe, SAVEs
# and is shut down.
set -eu
me=redis-data.sh
die() { echo "$me: $*" >&2; exit 1; }
size=$(numfmt --from=iec "${1:?usage: redis-data.sh SIZE}")
wd=${ZSWAPBENCH_WORKDIR:?run by zswapbench --setup}
cd "$wd"
for tool in redis-server:redis-server redis-cli:redis-tools; do
	command -v "${tool%%:*}" >/dev/null || die "no ${tool%%:*} (apt-get install ${tool#*:})"
done
keys=$((size / 1024))
[ "$keys" -gt 0 ] || die "$1: below 1K, not one value"
sock=$wd/setup-redis.sock
redis-server --port 0 --unixsocket "$sock" --unixsocketperm 700 --dir "$wd" \
	--dbfilename dump.rdb --save '' --appendonly no --daemonize no --logfile '' \
	--loglevel warning >setup-server.log 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true' EXIT
tries=0
until [ "$(redis-cli -s "$sock" ping 2>/dev/null)" = PONG ]; do
	kill -0 "$pid" 2>/dev/null || { cat setup-server.log >&2; die "the temporary redis-server exited"; }
	tries=$((tries + 1))
	[ "$tries" -le 100 ] || die "the temporary redis-server never answered"
	sleep 0.1
done
# 768 bytes of files make one line of 1024 base64 characters: one SET each, in Redis's
# protocol, as redis-cli --pipe wants it.
tar -cf - /usr/share /usr/lib 2>/dev/null | head -c $((keys * 768)) | base64 -w 1024 |
	awk '{ key = sprintf("key:%012d", NR - 1)
	       printf "*3\r\n$3\r\nSET\r\n$%d\r\n%s\r\n$%d\r\n%s\r\n", length(key), key, length($0), $0 }' |
	redis-cli -s "$sock" --pipe >pipe.log || { cat pipe.log >&2; die "redis-cli --pipe failed"; }
rm -f pipe.log
got=$(redis-cli -s "$sock" dbsize)
[ "$got" = "$keys" ] || die "$got keys of $keys: less than $1 of files under /usr to make them from"
[ "$(redis-cli -s "$sock" save)" = OK ] || die "SAVE failed"
redis-cli -s "$sock" shutdown nosave >/dev/null 2>&1 || true
wait "$pid" || true
trap - EXIT
rm -f setup-server.log
[ -s dump.rdb ] || die "no dump.rdb after SAVE"
echo "$keys" >redis.keys
