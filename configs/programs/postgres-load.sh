#!/bin/sh
# The postgres preset's load: pgbench's select-only transactions (-S: one SELECT of an account
# by its key, uniform over all of them), 2 clients on 2 threads, for SECONDS (unless given, 2 s
# per unit of the scale postgres-data.sh loaded, at least 10 s), no vacuum first (-n: the
# tables never change). pgbench's summary (tps, latency average), then its per-transaction log
# (-l: the 3rd column is the latency in us) made into the median, 95th and 99th percentiles
# and the maximum in ms, as zswapbench-load lines. The log is removed after.
set -eu
me=postgres-load.sh
here=${0%/*}
. "$here/postgres-bin.sh"
wd=${ZSWAPBENCH_WORKDIR:?run by zswapbench}
[ -s "$wd/pgbench.scale" ] || die "no $wd/pgbench.scale (the setup, postgres-data.sh, writes it)"
scale=$(cat "$wd/pgbench.scale")
seconds=${1:-$((scale * 2 > 10 ? scale * 2 : 10))}
log=$(mktemp -d "$wd/pgbench-log.XXXXXX")
trap 'rm -rf "$log"' EXIT
"$bin/pgbench" -n -S -c 2 -j 2 -T "$seconds" -l --log-prefix="$log/tx" -h "$wd" pgbench
cat "$log"/tx.* | awk '{ print $3 }' | sort -n | awk -v me="$me" '
	{ v[NR] = $1 }
	END {
		if (NR == 0) { print me ": no transaction in the log of pgbench" > "/dev/stderr"; exit 1 }
		# The smallest latency at or above which the share of transactions lies (nearest rank).
		n = split("50 95 99", pct, " ")
		for (k = 1; k <= n; k++) {
			i = int(pct[k] / 100 * NR); if (i < pct[k] / 100 * NR) i++; if (i < 1) i = 1
			printf "zswapbench-load latency_p%s %.3f\n", pct[k], v[i] / 1000
		}
		printf "zswapbench-load latency_max %.3f\n", v[NR] / 1000
	}'
