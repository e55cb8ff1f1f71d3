#!/bin/sh
# --setup for the xz preset: SIZE bytes of real files (the text and binaries under /usr/share
# and /usr/lib, as tar stores them) in the run's work directory, as "input".
set -eu
size=${1:?usage: make-input.sh SIZE}
cd "${ZSWAPBENCH_WORKDIR:?run by zswapbench --setup}"
tar -cf - /usr/share /usr/lib 2>/dev/null | head -c "$size" >input || true
[ -s input ]
