#!/bin/sh
# The postgres preset's ready check: the server accepts connections on its socket (pg_isready
# exits 1 while it starts).
set -eu
me=postgres-ready.sh
die() { echo "$me: $*" >&2; exit 1; }
wd=${ZSWAPBENCH_WORKDIR:?run by zswapbench}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || die "no /usr/lib/postgresql/*/bin (apt-get install postgresql)"
exec "$bin/pg_isready" -q -h "$wd" -d pgbench
