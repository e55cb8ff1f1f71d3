#!/bin/sh
# The mariadb presets' warm-up: every table and index of mariadb-data.sh's tables read into the
# empty buffer pool (sysbench prewarm), then 5 s of the load's TEST, so a trial measures the
# server with its data in memory (and in swap), not the first reads from disk.
set -eu
me=mariadb-warmup.sh
die() { echo "$me: $*" >&2; exit 1; }
test=${1:?usage: mariadb-warmup.sh TEST}
wd=${ZSWAPBENCH_WORKDIR:?run by zswapbench}
command -v sysbench >/dev/null || die "no sysbench (apt-get install sysbench)"
[ -s "$wd/sysbench.args" ] || die "no $wd/sysbench.args (the setup, mariadb-data.sh, writes it)"
args=$(cat "$wd/sysbench.args")
# shellcheck disable=SC2086 # the shape's options, one word each
sysbench "$test" --db-driver=mysql --mysql-socket="$wd/mariadb.sock" --mysql-user="$(id -un)" \
	--mysql-db=sbtest $args --threads=2 prewarm
exec "$(dirname "$0")/mariadb-load.sh" "$test" 5
