#!/usr/bin/env bash
# Builds the VM tier's initramfs: busybox, Debian's kernel modules for zram/zswap/ext4/virtio,
# zswapbench with the shared libraries it needs, bash, jq, util-linux's swap tools, bats and the
# integration tests. Usage: build-initramfs.sh KROOT KVER OUT
set -euo pipefail
KROOT=$1 KVER=$2 OUT=$3
top=$(cd "$(dirname "$0")/../.." && pwd)
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT

mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,usr/lib,usr/libexec,etc,proc,sys,dev,tmp,run,var/tmp,root,zsb/tests}

# A program and every shared library it loads, at the same paths as here.
with_libs() {
	local f
	for f in "$@"; do
		mkdir -p "$root$(dirname "$f")"
		cp -L "$f" "$root$f"
		ldd "$f" 2>/dev/null | awk '/=> \// { print $3 } /^\t\/lib/ { print $1 }' | while read -r lib; do
			mkdir -p "$root$(dirname "$lib")"
			[ -e "$root$lib" ] || cp -L "$lib" "$root$lib"
		done
	done
}

with_libs /bin/bash /usr/bin/jq /sbin/mkswap /sbin/swapon /sbin/swapoff /usr/bin/setpriv "$top/zswapbench" "$top/zswapbench-hogger"
cp /bin/busybox "$root/bin/busybox"
# busybox for everything else (sh, mount, awk, grep, sed, modprobe, ...), without hiding the
# real programs copied above.
for applet in $(/bin/busybox --list-full); do
	[ -e "$root/$applet" ] || ln -s /bin/busybox "$root/$applet"
done
ln -sf bash "$root/bin/sh.bash"
mkdir -p "$root/usr/lib/bats-core" "$root/usr/libexec/bats-core"
cp -a /usr/lib/bats-core/. "$root/usr/lib/bats-core/"
cp -a /usr/libexec/bats-core/. "$root/usr/libexec/bats-core/"
cp -L /usr/bin/bats "$root/usr/bin/bats"

# Kernel modules with their dependencies, and a modules.dep busybox's modprobe can read.
mdir=lib/modules/$KVER
mkdir -p "$root/$mdir"
for m in zram zsmalloc z3fold lz4 lz4hc zstd ext4 virtio_blk virtio_pci crc32c_generic; do
	for f in $(modprobe -d "$KROOT" -S "$KVER" --show-depends "$m" 2>/dev/null | awk '/^insmod/ { print $2 }'); do
		rel=${f#"$KROOT"/}
		mkdir -p "$root/$(dirname "$rel")"
		cp "$f" "$root/$rel"
	done
done
cp "$KROOT/$mdir"/modules.{order,builtin,builtin.modinfo} "$root/$mdir/" 2>/dev/null || true
depmod -b "$root" "$KVER"

cat >"$root/etc/passwd" <<'PW'
root:x:0:0:root:/root:/bin/sh
nobody:x:65534:65534:nobody:/nonexistent:/bin/false
PW
cat >"$root/etc/group" <<'GR'
root:x:0:
nogroup:x:65534:
GR
cp "$top/zswapbench" "$top/zswapbench-hogger" "$root/zsb/"
cp -a "$top/tests/cli" "$root/zsb/tests/"
tr '\n' '|' <"$top/tests/vm/tests.txt" | sed 's/|$//' >"$root/zsb/vm-filter"
install -m 0755 "$top/tests/vm/init" "$root/init"
(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) >"$OUT"
