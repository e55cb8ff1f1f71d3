#!/bin/sh
# --setup for the mariadb presets: a MariaDB data directory in the run's work directory
# (mariadb-install-db), then sysbench's TABLES tables of ROWS rows each (sysbench prepare) in
# its database sbtest, for the preset's own user (mysql: the account mariadb-install-db makes
# for it, which the server lets in only by the socket's peer credentials, so no other local
# user can log in as it; the socket is in the 0700 work directory besides), loaded by a
# temporary server (mariadb-server.sh, outside the cgroup) that is then stopped. The tables'
# shape goes to sysbench.args for mariadb-load.sh. Each 100000 rows take about 29M in InnoDB.
set -eu
# mariadbd and mariadb-install-db are in sbin, outside the PATH of the user the preset runs as.
PATH=$PATH:/usr/local/sbin:/usr/sbin:/sbin
me=mariadb-data.sh
die() { echo "$me: $*" >&2; exit 1; }
tables=${1:?usage: mariadb-data.sh TABLES ROWS}
rows=${2:?usage: mariadb-data.sh TABLES ROWS}
wd=${ZSWAPBENCH_WORKDIR:?run by zswapbench --setup}
here=$(dirname "$0")
cd "$wd"
for tool in mariadb-install-db:mariadb-server mariadbd:mariadb-server mariadb:mariadb-client \
	mariadb-admin:mariadb-client sysbench:sysbench; do
	command -v "${tool%%:*}" >/dev/null || die "no ${tool%%:*} (apt-get install ${tool#*:})"
done
[ "$(id -u)" -ne 0 ] || die "running as root: the presets run the server as mysql (user = mysql)"
# The run's user is the server's administrator, through the socket only (unix_socket
# authentication: the peer's uid names the account), and sysbench logs in as it.
mariadb-install-db --no-defaults --datadir="$wd/mariadb" --skip-test-db \
	--auth-root-authentication-method=socket --auth-root-socket-user="$(id -un)" \
	>install-db.log 2>&1 || { cat install-db.log >&2; die "mariadb-install-db failed"; }
rm -f install-db.log
"$here/mariadb-server.sh" >setup-server.log 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true' EXIT
sql() { mariadb --no-defaults --socket="$wd/mariadb.sock" --user="$(id -un)" -e "$1"; }
tries=0
until mariadb-admin --no-defaults --socket="$wd/mariadb.sock" ping >/dev/null 2>&1; do
	kill -0 "$pid" 2>/dev/null || { cat setup-server.log >&2; die "the temporary mariadbd exited"; }
	tries=$((tries + 1))
	[ "$tries" -le 300 ] || die "the temporary mariadbd never answered"
	sleep 0.1
done
sql "CREATE DATABASE sbtest"
sysbench oltp_read_write --db-driver=mysql --mysql-socket="$wd/mariadb.sock" --mysql-user="$(id -un)" \
	--mysql-db=sbtest --tables="$tables" --table-size="$rows" --threads=2 prepare >prepare.log 2>&1 ||
	{ cat prepare.log >&2; die "sysbench prepare failed"; }
rm -f prepare.log
kill -TERM "$pid"
wait "$pid" || { cat setup-server.log >&2; die "the temporary mariadbd failed at its shutdown"; }
trap - EXIT
rm -f setup-server.log
echo "--tables=$tables --table-size=$rows" >sysbench.args
