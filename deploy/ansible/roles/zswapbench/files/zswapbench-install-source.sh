#!/bin/sh
# On a host, as root: zswapbench-install-source.sh TARBALL DIR PREFIX LOCK WAIT DEPS
# Unpacks the source tree TARBALL into DIR, installs the build dependencies (make deps, when
# DEPS is true), builds and installs under PREFIX (make install), unless this tarball is what
# is installed there already. Holds LOCK throughout (waiting at most WAIT seconds, then exit
# 75), so that two inventory names for one machine do not build, install or run apt-get at
# the same time. The last line is ZSB_CHANGED or ZSB_UNCHANGED.
set -eu
tarball=$1 dir=$2 prefix=$3 lock=$4 wait=$5 deps=$6
exec 9>"$lock"
if ! flock -w "$wait" 9; then
	echo "$lock was held for more than $wait s by another zswapbench task on this machine" >&2
	exit 75
fi
sum="$(sha256sum "$tarball" | cut -d' ' -f1) $prefix"
stamp=$dir.installed
if [ -x "$prefix/bin/zswapbench" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$sum" ]; then
	echo ZSB_UNCHANGED
	exit 0
fi
rm -f "$stamp"
rm -rf "$dir"
mkdir -p "$dir"
tar -xzf "$tarball" -C "$dir"
if [ "$deps" = true ]; then
	if ! command -v make >/dev/null; then
		apt-get update -qq
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq make >/dev/null
	fi
	make -C "$dir" deps
fi
# A release build, as the package's: another compiler's warnings are not errors here.
make -C "$dir" WERROR= PREFIX="$prefix" all docs
make -C "$dir" WERROR= PREFIX="$prefix" install
echo "$sum" >"$stamp"
echo ZSB_CHANGED
