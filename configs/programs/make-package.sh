#!/bin/sh
# --setup for the filesystem presets: "package.tar" in the run's work directory, whole real files
# (documentation, man pages, libraries under /usr) adding up to about SIZE (1M, 64M, as numfmt
# reads it), as the compressor test's package file was: text and binaries that compress as a
# real package does. Whole files, so that tar -xf of it never meets a cut member.
set -eu
size=$(numfmt --from=iec "${1:?usage: make-package.sh SIZE}")
cd "${ZSWAPBENCH_WORKDIR:?run by zswapbench --setup}"
find /usr/share/doc /usr/share/man /usr/lib -xdev -type f -size +0 -printf '%s %p\n' 2>/dev/null |
	sort -k2 | awk -v want="$size" '{ if (sum + $1 > want) next; sum += $1; print $2 }' >package.list
tar -cf package.tar --no-recursion -T package.list 2>/dev/null
rm -f package.list
[ -s package.tar ]
