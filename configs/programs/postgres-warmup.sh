#!/bin/sh
# The postgres preset's warm-up: pgbench's tables and their indexes read into the shared buffers
# (pg_prewarm), then 5 s of the load (postgres-load.sh), so a trial measures the server with
# its data in memory (and in swap), not the first reads from disk.
set -eu
me=postgres-warmup.sh
here=${0%/*}
. "$here/postgres-bin.sh"
wd=${ZSWAPBENCH_WORKDIR:?run by zswapbench}
"$bin/psql" -X -q -A -t -h "$wd" -d pgbench -v ON_ERROR_STOP=1 -c "
	SELECT sum(pg_prewarm(c.oid::regclass)) FROM pg_class c
	WHERE c.relname LIKE 'pgbench\_%' AND c.relkind IN ('r', 'i')"
exec "$(dirname "$0")/postgres-load.sh" 5
