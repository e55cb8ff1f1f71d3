#!/bin/sh
# The mariadb presets' server: mariadbd on the data directory mariadb-data.sh made in the run's
# work directory, on a socket there only (--skip-networking). Its InnoDB buffer pool is 1.5
# times sysbench's tables on disk plus 128M (384M for the presets' 8 tables of 100000 rows),
# so every page of them stays in it, and is read and written with O_DIRECT: the tables the pool
# holds are the server's own anonymous memory, which must swap, never the page cache. Each
# trial starts with the pool empty (no dump of it at shutdown, no load at startup): the
# warm-up fills it. The MyISAM and Aria caches, which sysbench's InnoDB tables never use, are
# small. Never as root (user = mysql in the presets): a server of root's would create files
# where any client asked it to. exec: the server is the process the cgroup holds and the one
# SIGTERM stops.
set -eu
# mariadbd and mariadb-install-db are in sbin, outside the PATH of the user the preset runs as.
PATH=$PATH:/usr/local/sbin:/usr/sbin:/sbin
me=mariadb-server.sh
die() { echo "$me: $*" >&2; exit 1; }
wd=${ZSWAPBENCH_WORKDIR:?run by zswapbench}
command -v mariadbd >/dev/null || die "no mariadbd (apt-get install mariadb-server)"
[ -d "$wd/mariadb" ] || die "no $wd/mariadb (the setup, mariadb-data.sh, makes it)"
tables_kb=$(du -sk "$wd/mariadb/sbtest" 2>/dev/null | cut -f1)
pool=$((${tables_kb:-0} * 3 / 2 / 1024 + 128))M
[ "$(id -u)" -ne 0 ] || die "running as root: the presets run the server as mysql (user = mysql)"
exec mariadbd --no-defaults --datadir="$wd/mariadb" --socket="$wd/mariadb.sock" \
	--pid-file="$wd/mariadb.pid" --tmpdir="$wd" --skip-networking --skip-log-bin \
	--innodb-buffer-pool-size="$pool" --innodb-flush-method=O_DIRECT \
	--innodb-buffer-pool-dump-at-shutdown=OFF --innodb-buffer-pool-load-at-startup=OFF \
	--key-buffer-size=8M --aria-pagecache-buffer-size=8M
