#!/bin/sh
# The kernel-build preset's workload: lib/ and mm/ of the tree kernel-tree.sh prepared,
# from clean each time (their objects removed first), with as many jobs as CPUs.
set -eu
cd "${ZSWAPBENCH_WORKDIR:?run by zswapbench}/linux"
find lib mm -name '*.o' -delete
exec make -s -j"$(nproc)" lib/ mm/
