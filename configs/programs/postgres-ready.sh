#!/bin/sh
# The postgres preset's ready check: the server accepts connections on its socket (pg_isready
# exits 1 while it starts).
set -eu
me=postgres-ready.sh
here=${0%/*}
. "$here/postgres-bin.sh"
wd=${ZSWAPBENCH_WORKDIR:?run by zswapbench}
exec "$bin/pg_isready" -q -h "$wd" -d pgbench
