#!/bin/sh
# --setup for the postgres preset: a cluster in the run's work directory (initdb; peer
# authentication on its socket: only the preset's own user logs in as postgres, by the socket's
# peer credentials; no TCP at all), then pgbench's tables at scale SCALE (pgbench -i: 100000
# accounts, about 15M, per unit of scale) in a database pgbench, with the pg_prewarm extension
# the warm-up uses, loaded by a temporary server (postgres-server.sh, outside the cgroup) that
# is then stopped. The scale goes to pgbench.scale for postgres-load.sh. Run as the preset's
# user: initdb and postgres refuse root.
set -eu
me=postgres-data.sh
here=${0%/*}
. "$here/postgres-bin.sh"
scale=${1:?usage: postgres-data.sh SCALE}
wd=${ZSWAPBENCH_WORKDIR:?run by zswapbench --setup}
here=$(dirname "$0")
cd "$wd"
[ "$(id -u)" -ne 0 ] || die "running as root, which initdb and postgres refuse (user = postgres)"
"$bin/initdb" -D "$wd/pgdata" --auth-local=peer --auth-host=reject --encoding=UTF8 --locale=C >initdb.log 2>&1 ||
	{ cat initdb.log >&2; die "initdb failed"; }
rm -f initdb.log
"$here/postgres-server.sh" >setup-server.log 2>&1 &
pid=$!
trap 'kill -INT "$pid" 2>/dev/null || true' EXIT
tries=0
until "$bin/pg_isready" -q -h "$wd" -d postgres; do
	kill -0 "$pid" 2>/dev/null || { cat setup-server.log >&2; die "the temporary postgres exited"; }
	tries=$((tries + 1))
	[ "$tries" -le 300 ] || die "the temporary postgres never answered"
	sleep 0.1
done
"$bin/psql" -X -q -h "$wd" -d postgres -c 'CREATE DATABASE pgbench'
"$bin/psql" -X -q -h "$wd" -d pgbench -c 'CREATE EXTENSION pg_prewarm'
"$bin/pgbench" -i -q -s "$scale" -h "$wd" pgbench >init.log 2>&1 ||
	{ cat init.log >&2; die "pgbench -i failed"; }
rm -f init.log
# A fast shutdown: the checkpoint that writes what pgbench -i left, then the exit.
kill -INT "$pid"
wait "$pid" || { cat setup-server.log >&2; die "the temporary postgres failed at its shutdown"; }
trap - EXIT
rm -f setup-server.log
echo "$scale" >pgbench.scale
