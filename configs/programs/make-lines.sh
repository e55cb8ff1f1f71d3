#!/bin/sh
# --setup for the sort preset: COUNT lines of a hex key and a number, in no order, as "lines".
set -eu
count=${1:?usage: make-lines.sh COUNT}
cd "${ZSWAPBENCH_WORKDIR:?run by zswapbench --setup}"
awk -v n="$count" 'BEGIN { srand(1); for (i = 0; i < n; i++) printf "%08x%08x %d\n", int(rand() * 4294967296), int(rand() * 4294967296), i }' >lines
