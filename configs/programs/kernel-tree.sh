#!/bin/sh
# --setup for the kernel-build preset: Debian's linux-source unpacked in the run's work
# directory and configured small (tinyconfig), so each trial builds a part of it in minutes.
set -eu
cd "${ZSWAPBENCH_WORKDIR:?run by zswapbench --setup}"
tarball=$(ls /usr/src/linux-source-*.tar.xz 2>/dev/null | sort -V | tail -n 1)
[ -n "$tarball" ] || { echo "kernel-tree.sh: no /usr/src/linux-source-*.tar.xz (apt-get install linux-source)" >&2; exit 1; }
mkdir linux
tar -xJf "$tarball" -C linux --strip-components=1
make -s -C linux tinyconfig >/dev/null
# The scripts and headers every build needs, once: the trials build only their target.
make -s -C linux -j"$(nproc)" prepare >/dev/null
