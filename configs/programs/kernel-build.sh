#!/bin/sh
# The kernel-build preset's workload: lib/ and mm/ of the tree kernel-tree.sh prepared (or
# the directories given: the tests build one small one), from clean each time (their objects
# removed first), with as many jobs as CPUs.
set -eu
cd "${ZSWAPBENCH_WORKDIR:?run by zswapbench}/linux"
[ $# -gt 0 ] || set -- lib mm
find "$@" -name '*.o' -delete
targets=
for dir in "$@"; do targets="$targets ${dir%/}/"; done
# shellcheck disable=SC2086 # the targets are words on purpose
exec make -s -j"$(nproc)" $targets
