#!/bin/sh
# On the control machine: zswapbench-build.sh pack|deb TREE DIR
#   pack  TREE's files as DIR/pack/tree.tar.gz, for the hosts to build (zswapbench_source)
#   deb   the Debian package of TREE, built with dpkg-buildpackage in a copy under DIR/deb
#         (dpkg-buildpackage cleans the tree it builds in: the working tree is left alone)
# The files are those git knows in TREE (tracked, and untracked but not ignored), as they are
# in the working tree; a tree outside git is taken whole, less what a build makes. When they
# are the same files as last time, the last tarball or package is kept. The last line is
# "ZSB_CHANGED PATH" or "ZSB_UNCHANGED PATH".
set -eu
mode=$1 tree=$2 dir=$3
case $mode in pack | deb) ;; *) echo "usage: $0 pack|deb TREE DIR" >&2; exit 2 ;; esac
if [ ! -f "$tree/Makefile" ] || [ ! -d "$tree/src/runner" ]; then
	echo "$tree: not a zswapbench source tree (zswapbench_tree, zswapbench_source)" >&2
	exit 1
fi
work=$dir/$mode
mkdir -p "$work"
new=$work/tree.tar.new
if git -C "$tree" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	# A tracked file deleted in the working tree is left out (--ignore-failed-read).
	git -C "$tree" ls-files -z --cached --others --exclude-standard |
		tar -C "$tree" --null -T - --ignore-failed-read --owner=0 --group=0 --numeric-owner \
			-cf "$new" 2>/dev/null
else
	tar -C "$tree" --exclude-vcs --exclude=./build --exclude=./results --exclude=./.cache \
		--exclude=./zswapbench --exclude=./zswapbench-hogger --exclude='*.o' --exclude='*.d' \
		--exclude=./deploy/ansible/results --exclude=./deploy/ansible/.build \
		--owner=0 --group=0 --numeric-owner -cf "$new" .
fi
if [ -f "$work/done" ] && [ -f "$work/tree.tar" ] && cmp -s "$new" "$work/tree.tar" &&
	[ -f "$(cat "$work/done")" ]; then
	rm -f "$new"
	echo "ZSB_UNCHANGED $(cat "$work/done")"
	exit 0
fi
rm -f "$work/done"
mv "$new" "$work/tree.tar"

if [ "$mode" = pack ]; then
	gzip -n -c "$work/tree.tar" >"$work/tree.tar.gz"
	echo "$work/tree.tar.gz" >"$work/done"
	echo "ZSB_CHANGED $work/tree.tar.gz"
	exit 0
fi

if ! command -v dpkg-buildpackage >/dev/null; then
	echo "dpkg-buildpackage is missing on the control machine: apt-get install dpkg-dev debhelper" \
		"fakeroot, and the build dependencies (make deps); or set zswapbench_deb or zswapbench_source" >&2
	exit 1
fi
rm -rf "$work/src"
rm -f "$work"/*.deb "$work"/*.buildinfo "$work"/*.changes
mkdir "$work/src"
tar -C "$work/src" -xf "$work/tree.tar"
if ! (cd "$work/src" && dpkg-buildpackage -us -uc -b) >"$work/build.log" 2>&1; then
	tail -n 30 "$work/build.log" >&2
	echo "dpkg-buildpackage failed: $work/build.log" >&2
	exit 1
fi
set -- "$work"/zswapbench_*.deb
if [ "$#" -ne 1 ] || [ ! -f "$1" ]; then
	echo "dpkg-buildpackage made no single zswapbench_*.deb in $work" >&2
	exit 1
fi
echo "$1" >"$work/done"
echo "ZSB_CHANGED $1"
