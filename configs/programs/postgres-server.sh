#!/bin/sh
# The postgres preset's server: postgres (the newest version Debian installed) on the cluster
# postgres-data.sh made in the run's work directory, on a socket there only (no TCP:
# listen_addresses empty; the socket 0700). Its shared_buffers are 1.5 times the database on disk plus 128M
# (about 460M for the preset's scale 13), so every page of pgbench's tables stays in them:
# shared memory the server touches itself, which must swap (huge_pages off: huge pages never
# swap). Run as the preset's user (postgres refuses root). exec: the postmaster is the process
# the cgroup holds (its backends are its children there) and the one SIGTERM stops.
set -eu
me=postgres-server.sh
here=${0%/*}
. "$here/postgres-bin.sh"
wd=${ZSWAPBENCH_WORKDIR:?run by zswapbench}
[ -d "$wd/pgdata" ] || die "no $wd/pgdata (the setup, postgres-data.sh, makes it)"
data_kb=$(du -sk "$wd/pgdata/base" 2>/dev/null | cut -f1)
buffers=$((${data_kb:-0} * 3 / 2 / 1024 + 128))MB
exec "$bin/postgres" -D "$wd/pgdata" -k "$wd" -c listen_addresses= -c unix_socket_permissions=0700 \
	-c shared_buffers="$buffers" -c huge_pages=off
