#!/usr/bin/env bash
# Builds the VM tier's initramfs: busybox, the kernel's modules named in tests/vm/modules,
# zswapbench with the shared libraries it needs, bash, jq, util-linux's swap and loop tools, bats
# and the integration tests. Usage: build-initramfs.sh KROOT KVER OUT [DIR]
# DIR's files go into the guest's /zsb: vm-filter (the tests to run, run.sh's), or job and
# job.conf (make kernel-ab: one zswapbench run instead of the tests). Without DIR, the tests in
# tests/vm/tests.txt.
set -euo pipefail
KROOT=$(cd "$1" && pwd) KVER=$2 OUT=$3 DIR=${4:-}
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/vm/lib.sh
. "$here/lib.sh"
top=$vm_top
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

with_libs /bin/bash /usr/bin/jq /sbin/mkswap /sbin/swapon /sbin/swapoff /sbin/losetup /usr/bin/setpriv \
	"$top/zswapbench" "$top/zswapbench-hogger"
# The device targets: Debian's fio (with its ~80M of libraries) and mke2fs as mkfs.ext4 (it
# reads its name to know the filesystem).
with_libs /usr/bin/fio /sbin/mke2fs
ln -sf mke2fs "$root/sbin/mkfs.ext4"
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

# Kernel modules with their dependencies, and a modules.dep busybox's modprobe can read. The guest
# loads, in order, those this kernel has as modules (/zsb/modules); the rest it has built in or
# lacks, and says which once.
mdir=lib/modules/$KVER
mkdir -p "$root/$mdir"
builtin=() absent=()
: >"$root/zsb/modules"
while read -r m _; do
	case $m in '' | '#'*) continue ;; esac
	deps=$(modprobe -d "$KROOT" -S "$KVER" --show-depends "$m" 2>/dev/null || true)
	if grep -q '^insmod ' <<<"$deps"; then
		# Uncompressed: Debian compresses 6.12's modules with xz, and busybox's modprobe need not
		# read that (depmod below finds them as .ko).
		while read -r f; do
			rel=lib/modules/${f#*/lib/modules/}
			mkdir -p "$root/$(dirname "$rel")"
			case $f in
			*.ko.xz) xz -dc "$f" >"$root/${rel%.xz}" ;;
			*.ko.zst) zstd -dcq "$f" >"$root/${rel%.zst}" ;;
			*.ko.gz) gzip -dc "$f" >"$root/${rel%.gz}" ;;
			*) cp "$f" "$root/$rel" ;;
			esac
		done < <(awk '/^insmod / { print $2 }' <<<"$deps")
		echo "$m" >>"$root/zsb/modules"
	elif grep -q '^builtin ' <<<"$deps"; then
		builtin+=("$m")
	else
		absent+=("$m")
	fi
done <"$here/modules"
echo "built in: ${builtin[*]:--}; absent: ${absent[*]:--}" >"$root/zsb/modules-info"
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
if [ -n "$DIR" ]; then
	cp -a "$DIR"/. "$root/zsb/"
else
	vm_filter "$root/zsb/vm-filter"
fi
install -m 0755 "$here/init" "$root/init"
(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) >"$OUT"
