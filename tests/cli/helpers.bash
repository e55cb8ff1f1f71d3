# Shared by the integration tests: the binaries, and the machine's state before and after.
ZSB="$BATS_TEST_DIRNAME/../../zswapbench"
MiB=1048576

# Everything zswapbench may change: swap areas, zram devices, cgroups (v1 hierarchies and the
# unified one, at any depth it could create), controllers handed down, zswap's parameters,
# sysctls, THP, the debugfs mount, a device target's filesystem, swapfiles.
machine_state() {
	cat /proc/swaps
	for d in /sys/block/zram*; do
		[ -e "$d/disksize" ] && echo "${d##*/} $(cat "$d/disksize") $(cat "$d/comp_algorithm")"
	done
	find /sys/fs/cgroup -mindepth 1 -maxdepth 3 -type d -name 'zswapbench*' 2>/dev/null | sort
	find /sys/fs/cgroup -maxdepth 2 -name cgroup.subtree_control -exec sh -c 'echo "$1: $(cat "$1")"' _ {} \; 2>/dev/null | sort
	for p in /sys/module/zswap/parameters/*; do [ -r "$p" ] && echo "$p $(cat "$p")"; done
	echo "swappiness $(cat /proc/sys/vm/swappiness) page-cluster $(cat /proc/sys/vm/page-cluster)"
	cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null
	grep -c ' debugfs ' /proc/self/mounts
	grep zswapbench /proc/self/mounts || true
	ls /var/tmp | grep zswapbench || true
}

common_setup() {
	[ "$(id -u)" -eq 0 ] || skip "integration tests need root (cgroups, swapon)"
	[ -d /sys/fs/cgroup/memory ] || [ -e /sys/fs/cgroup/memory.max ] || grep -qw memory /sys/fs/cgroup/cgroup.controllers 2>/dev/null \
		|| skip "no memory cgroup controller on this kernel"
	TMP=$(mktemp -d)
	BEFORE=$(machine_state)
}

common_teardown() {
	[ -n "${TMP:-}" ] || return 0
	local after
	after=$(machine_state)
	rm -rf "$TMP"
	if [ "$BEFORE" != "$after" ]; then
		echo "machine state changed:" >&2
		diff <(echo "$BEFORE") <(echo "$after") >&2
		return 1
	fi
}

need_zswap() {
	[ -e /sys/module/zswap/parameters/enabled ] || skip "this kernel has no zswap"
	# Kernels before 6.15 let zswap choose its allocator; zbud (Debian 6.1's default) stores
	# at most two compressed pages per page, and a half-random page compresses to just over
	# half a page: no saving at all. zsmalloc, the only one on newer kernels, packs them.
	ZPOOL=()
	[ -e /sys/module/zswap/parameters/zpool ] && ZPOOL=(--zswap-zpool zsmalloc)
	return 0
}

need_zram() {
	[ -e /sys/class/zram-control/hot_add ] || skip "this kernel has no zram hot_add (modprobe zram)"
}

# Floating-point assertions: check "expr" with awk, print the values on failure.
assert_awk() {
	awk "BEGIN { exit !($1) }" || { echo "failed: $1" >&2; return 1; }
}

# within A B FRACTION: |A - B| <= FRACTION x |B|. (No "^": busybox's awk in the VM has no
# math library.)
within() {
	awk -v a="$1" -v b="$2" -v f="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; m = b < 0 ? -b : b; exit !(d <= f * m) }' ||
		{ echo "failed: $1 is not within $3 of $2" >&2; return 1; }
}

json() {
	jq -r "$1" "$2"
}
