#!/bin/sh
# The mariadb presets' load: sysbench TEST (oltp_read_only, oltp_read_write) on the tables
# mariadb-data.sh made, 2 threads, rows drawn uniformly (every row as likely: the whole of the
# data is the working set), for SECONDS (unless given, 10 s per 400000 rows, at least 10 s), with
# its latency histogram (--histogram) and its summary: transactions and queries per second,
# latency avg, 95th percentile and max.
set -eu
me=mariadb-load.sh
die() { echo "$me: $*" >&2; exit 1; }
test=${1:?usage: mariadb-load.sh TEST [SECONDS]}
wd=${ZSWAPBENCH_WORKDIR:?run by zswapbench}
command -v sysbench >/dev/null || die "no sysbench (apt-get install sysbench)"
[ -s "$wd/sysbench.args" ] || die "no $wd/sysbench.args (the setup, mariadb-data.sh, writes it)"
args=$(cat "$wd/sysbench.args")
rows=$(echo "$args" | awk '{ split($1, t, "="); split($2, r, "="); print t[2] * r[2] }')
seconds=${2:-$((rows / 40000 > 10 ? rows / 40000 : 10))}
# shellcheck disable=SC2086 # the shape's options, one word each
exec sysbench "$test" --db-driver=mysql --mysql-socket="$wd/mariadb.sock" --mysql-user="$(id -un)" \
	--mysql-db=sbtest $args --threads=2 --rand-type=uniform --time="$seconds" --events=0 \
	--histogram=on --report-interval=0 run
