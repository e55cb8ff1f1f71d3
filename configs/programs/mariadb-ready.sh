#!/bin/sh
# The mariadb presets' ready check: the server answers a query of sysbench's user on its socket.
set -eu
me=mariadb-ready.sh
die() { echo "$me: $*" >&2; exit 1; }
wd=${ZSWAPBENCH_WORKDIR:?run by zswapbench}
command -v mariadb >/dev/null || die "no mariadb (apt-get install mariadb-client)"
mariadb --no-defaults --socket="$wd/mariadb.sock" --user="$(id -un)" -e 'SELECT 1' sbtest >/dev/null 2>&1
