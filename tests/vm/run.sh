#!/usr/bin/env bash
# make check-vm: the integration tests on a pure cgroup v2 system, inside Debian's own kernel
# under qemu. Prints the guest's TAP lines and ends with "N passed, N failed, N skipped".
# Exit 0 when all passed, 1 when any failed or the guest did not answer, 77 when it cannot run here.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cache=$top/.cache/vm
BUDGET=${VM_BUDGET:-290}     # seconds for the whole tier
mkdir -p "$cache"

skip() { echo "vm: skipped: $*"; exit 77; }

need=()
command -v qemu-system-x86_64 >/dev/null || need+=(qemu-system-x86)
[ -x /bin/busybox ] && /bin/busybox --list | grep -qx depmod || need+=(busybox-static)
command -v cpio >/dev/null || need+=(cpio)
command -v mkfs.ext4 >/dev/null || need+=(e2fsprogs)
command -v depmod >/dev/null || need+=(kmod)
if [ ${#need[@]} -gt 0 ]; then
	[ "$(id -u)" -eq 0 ] || skip "needs ${need[*]} and root to install them"
	(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}") \
		>/dev/null 2>&1 || skip "could not install ${need[*]}"
fi

# Debian's current kernel, fetched once into the cache (never into the host's /boot).
kver=$(cat "$cache/kver" 2>/dev/null || true)
if [ -z "$kver" ] || [ ! -f "$cache/kroot/boot/vmlinuz-$kver" ]; then
	latest() { apt-cache depends linux-image-amd64 2>/dev/null | awk '/Depends: linux-image-[0-9]/ { sub("linux-image-", "", $2); print $2; exit }'; }
	kver=$(latest)
	[ -n "$kver" ] || { apt-get update -qq >/dev/null 2>&1; kver=$(latest); }
	[ -n "$kver" ] || skip "no linux-image-amd64 in the package lists"
	rm -rf "$cache/kroot" "$cache"/*.deb
	(cd "$cache" && apt-get download "linux-image-$kver" >/dev/null 2>&1) || skip "could not download linux-image-$kver"
	dpkg-deb -x "$cache"/linux-image-*.deb "$cache/kroot" || skip "could not unpack the kernel"
	depmod -b "$cache/kroot" "$kver" || skip "depmod failed on the kernel's modules"
	echo "$kver" >"$cache/kver"
fi

"$top/tests/vm/build-initramfs.sh" "$cache/kroot" "$kver" "$cache/initrd.gz" || { echo "vm: initramfs build failed"; exit 1; }
rm -f "$cache/disk.img"
truncate -s 1G "$cache/disk.img"
mkfs.ext4 -q -F "$cache/disk.img"

boot() { # accel seconds-to-boot output
	local accel=$1 wait=$2 out=$3 pid
	: >"$out"
	timeout "$BUDGET" qemu-system-x86_64 -accel "$accel" -m 2048 -smp 2 -nographic -no-reboot \
		-kernel "$cache/kroot/boot/vmlinuz-$kver" -initrd "$cache/initrd.gz" \
		-append "console=ttyS0 panic=-1 quiet loglevel=1" \
		-drive "file=$cache/disk.img,if=virtio,format=raw" </dev/null >"$out" 2>&1 &
	pid=$!
	for _ in $(seq "$wait"); do
		grep -q ZSB-VM-BOOTED "$out" && { wait "$pid"; return 0; }
		kill -0 "$pid" 2>/dev/null || return 1
		sleep 1
	done
	kill "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	return 1
}

out=$cache/console.log
start=$(date +%s)
# KVM when it works; a stock kernel has been seen to hang in its decompressor under it here,
# and once seen, the cache remembers not to wait for it again.
if [ -w /dev/kvm ] && [ ! -e "$cache/kvm-hangs" ] && boot kvm 20 "$out"; then
	accel=kvm
elif { [ -w /dev/kvm ] && touch "$cache/kvm-hangs"; true; } && boot tcg 120 "$out"; then
	accel=tcg
else
	echo "vm: the guest did not boot (see $out)"
	exit 1
fi
sed -n '/ZSB-VM-BEGIN/,/ZSB-VM-END/p' "$out" | tr -d '\r' | grep -v '^ZSB-VM-' >"$cache/tap"
cat "$cache/tap"
passed=$(grep '^ok ' "$cache/tap" | grep -vc ' # skip')
skipped=$(grep -c '^ok .* # skip' "$cache/tap")
failed=$(grep -c '^not ok ' "$cache/tap")
echo "vm: kernel $kver, $accel, $(($(date +%s) - start)) s"
if ! grep -q ZSB-VM-END "$out"; then
	echo "vm: the guest did not finish within ${BUDGET} s (see $out)"
	failed=$((failed + 1))
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
