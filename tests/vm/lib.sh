# shellcheck shell=bash disable=SC2034 # the vm_ variables are what the callers read
# What the VM tier (run.sh) and make kernel-ab (kernel-ab.sh) share, sourced by both: the tools,
# Debian's kernels fetched into .cache/vm/NAME/, the tests' filter, an initramfs, one fresh disk
# and one boot under qemu (KVM, else TCG). Functions return 0 or 1 and leave the reason in vm_why.

vm_top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# shellcheck source=tests/skips.bash
. "$vm_top/tests/skips.bash"
vm_cache=$vm_top/.cache/vm
vm_why=
# What vm_boot boots, set by the caller: seconds it may run, the initramfs, the disk image.
vm_budget=600 vm_initrd='' vm_diskimg=''
mkdir -p "$vm_cache"

# What the host needs; installed when missing (root only, as make deps does).
vm_tools() {
	local need=()
	command -v qemu-system-x86_64 >/dev/null || need+=(qemu-system-x86)
	{ [ -x /bin/busybox ] && /bin/busybox --list | grep -qx depmod; } || need+=(busybox-static)
	command -v cpio >/dev/null || need+=(cpio)
	{ command -v mkfs.ext4 && command -v debugfs; } >/dev/null || need+=(e2fsprogs)
	command -v depmod >/dev/null || need+=(kmod)
	{ command -v flock && command -v losetup; } >/dev/null || need+=(util-linux)
	command -v xz >/dev/null || need+=(xz-utils)
	command -v jq >/dev/null || need+=(jq)
	command -v fio >/dev/null || need+=(fio)
	command -v bats >/dev/null || need+=(bats)
	[ ${#need[@]} -eq 0 ] && return 0
	[ "$(id -u)" -eq 0 ] || { vm_why="needs ${need[*]} and root to install them"; return 1; }
	(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}") \
		>/dev/null 2>&1 || { vm_why="could not install ${need[*]}"; return 1; }
}

# apt-cache, with the package lists fetched once when there are none yet.
vm_apt_updated=
vm_apt() {
	if [ -z "$vm_apt_updated" ]; then
		vm_apt_updated=1
		apt-cache show linux-image-amd64 >/dev/null 2>&1 || apt-get update -qq >/dev/null 2>&1
	fi
	apt-cache "$@" 2>/dev/null | grep .
}

# The kernel version a package linux-image-NAME stands for: a meta package's (linux-image-amd64,
# linux-image-6.12-amd64) linux-image dependency, or NAME itself for a versioned package. Names
# are matched exactly: apt-cache takes a name it does not know as a regex ("6.1" would match
# every 6.1x package, debug symbols included).
vm_kver_of() {
	local pkg=linux-image-$1 dep
	vm_apt pkgnames linux-image- | grep -qxF "$pkg" || return 1
	dep=$(vm_apt depends "$pkg" | awk -v p="$pkg" '
		/^[^ ]/ { on = ($0 == p); next }
		on && /Depends: linux-image-[0-9]/ { sub("linux-image-", "", $2); print $2; exit }')
	if [ -n "$dep" ]; then
		echo "$dep"
	elif [[ $1 == [0-9]* && $1 != *-dbg ]]; then
		echo "$1"
	else
		return 1
	fi
}

# Debian's linux-image-NAME (NAME: what follows linux-image-, e.g. amd64 or 6.12-amd64), fetched
# once with apt-get download and unpacked into .cache/vm/NAME/kroot, never installed into /boot.
# Sets vm_kdir, vm_kroot and vm_kver.
vm_kernel() {
	local name=$1 dir kver lock ret=1
	[[ $name =~ ^[A-Za-z0-9][A-Za-z0-9.+~-]*$ ]] || { vm_why="'$name' is not a package name"; return 1; }
	dir=$vm_cache/$name
	mkdir -p "$dir"
	exec {lock}>"$dir/lock"
	flock "$lock"
	kver=$(cat "$dir/kver" 2>/dev/null || true)
	if [ -n "$kver" ] && [ -f "$dir/kroot/boot/vmlinuz-$kver" ]; then
		ret=0
	elif ! kver=$(vm_kver_of "$name"); then
		vm_why="no linux-image-$name in the package lists"
	else
		rm -rf "$dir/kroot" "$dir"/*.deb "$dir/kver"
		if ! (cd "$dir" && apt-get download "linux-image-$kver") >/dev/null 2>&1; then
			vm_why="could not download linux-image-$kver"
		elif ! dpkg-deb -c "$dir"/linux-image-*.deb | grep "/boot/vmlinuz-$kver\$" >/dev/null; then
			vm_why="linux-image-$kver has no /boot/vmlinuz-$kver"
		elif ! dpkg-deb -x "$dir"/linux-image-*.deb "$dir/kroot"; then
			vm_why="could not unpack linux-image-$kver"
		elif ! depmod -b "$dir/kroot" "$kver"; then
			vm_why="depmod failed on linux-image-$kver's modules"
		elif [ ! -f "$dir/kroot/boot/vmlinuz-$kver" ]; then
			vm_why="linux-image-$kver has no /boot/vmlinuz-$kver"
		else
			echo "$kver" >"$dir/kver"
			ret=0
		fi
	fi
	exec {lock}>&-
	vm_kdir=$dir vm_kroot=$dir/kroot vm_kver=$kver
	return $ret
}

# The tests named in tests/vm/tests.txt, as one bats -f regex. bats -f matches a regex against
# each name as written after @test (quotes stripped, nothing unescaped). A line names a test when
# the name contains the line as it is, or matches it as an extended regex (the '.' convention
# for a character a line cannot hold as it is, as in 'cgroup parent group .v2.'). The filter is
# then the selected names themselves, escaped and anchored, so no name's metacharacters matter.
# Writes the filter to $1; vm_selected is how many tests it names, and vm_unmatched the lines
# that name none.
vm_filter() {
	local out=$1 f line name re n alts=() names=() matched
	local test_re="^[[:blank:]]*@test[[:blank:]]+(.*[^[:blank:]])[[:blank:]]+\{(.*)\$"
	for f in "$vm_top"/tests/cli/*.bats; do
		while IFS= read -r line; do
			[[ $line =~ $test_re ]] || continue
			name=${BASH_REMATCH[1]#[\'\"]}
			names+=("${name%[\'\"]}")
		done <"$f"
	done
	vm_unmatched=()
	local -A chosen=()
	while IFS= read -r line || [ -n "$line" ]; do
		line=${line%$'\r'}
		line=${line#"${line%%[![:space:]]*}"}
		line=${line%"${line##*[![:space:]]}"}
		[ -z "$line" ] || [[ $line == '#'* ]] && continue
		matched=
		for n in "${!names[@]}"; do
			name=${names[n]}
			# shellcheck disable=SC2076 # the first test is literal on purpose
			if [[ $name == *"$line"* ]] || { [[ $name =~ $line ]]; } 2>/dev/null; then
				chosen[$n]=1 matched=1
			fi
		done
		[ -n "$matched" ] || vm_unmatched+=("$line")
	done <"$vm_top/tests/vm/tests.txt"
	for n in "${!chosen[@]}"; do
		re=$(printf '%s' "${names[n]}" | sed 's/[][\\.*+?(){}|^$]/\\&/g')
		alts+=("$re")
	done
	vm_selected=${#alts[@]}
	if [ "$vm_selected" -eq 0 ]; then
		# Nothing chosen: a filter nothing matches, so the guest reports 1..0.
		printf '%s' '^$.' >"$out"
	else
		(IFS='|'; printf '^(%s)$' "${alts[*]}") >"$out"
	fi
}

# A fresh sparse ext4 image for the guest's /var/tmp (swapfiles, kernel-ab's result file).
vm_disk() {
	rm -f "$1"
	truncate -s "${2:-2G}" "$1" && mkfs.ext4 -q -F "$1"
}

# One qemu boot (accel, seconds to wait for ZSB-VM-BOOTED, console file): 0 once it booted and
# then exited or ran out of vm_budget seconds; 1 when it never booted. timeout(1) runs qemu in a
# process group of its own, which a Ctrl-C does not reach: callers stop it with vm_stop on exit.
vm_qemu_pid=
vm_stop() {
	[ -z "$vm_qemu_pid" ] || kill "$vm_qemu_pid" 2>/dev/null
	[ -z "$vm_follow_pid" ] || kill "$vm_follow_pid" 2>/dev/null
	vm_qemu_pid='' vm_follow_pid=''
}
vm_qemu() {
	local accel=$1 wait=$2 out=$3 pid
	: >"$out"
	timeout "$vm_budget" qemu-system-x86_64 -accel "$accel$([ "$accel" = tcg ] && echo ,thread=single)" -m 2048 -smp 2 -nographic -no-reboot \
		-kernel "$vm_kroot/boot/vmlinuz-$vm_kver" -initrd "$vm_initrd" \
		-append "console=ttyS0 panic=-1 quiet loglevel=1" \
		-drive "file=$vm_diskimg,if=virtio,format=raw" </dev/null >"$out" 2>&1 &
	pid=$! vm_qemu_pid=$!
	for _ in $(seq "$wait"); do
		grep -q ZSB-VM-BOOTED "$out" && { wait "$pid"; vm_qemu_pid=; return 0; }
		kill -0 "$pid" 2>/dev/null || { vm_qemu_pid=; return 1; }
		sleep 1
	done
	vm_stop
	wait "$pid" 2>/dev/null
	return 1
}

# Boots vm_kroot/vm_kver with vm_initrd and vm_diskimg, the console into $1, for at most
# vm_budget seconds. Sets vm_accel and vm_seconds. At most one guest per CPU of this machine
# (a lock per slot in the cache): a TCG guest runs on one thread (thread=single), and more
# guests than CPUs would only slow each other past their budgets.
vm_boot() {
	local out=$1 lock start slot slots
	slots=$(nproc)
	for ((slot = 0; slot < slots; slot++)); do
		exec {lock}>"$vm_cache/qemu.lock.$slot"
		flock -n "$lock" && break
		exec {lock}>&-
		lock=
	done
	if [ -z "$lock" ]; then
		echo "vm: waiting for another guest on this machine to finish"
		exec {lock}>"$vm_cache/qemu.lock.0"
		flock "$lock"
	fi
	start=$(date +%s)
	# KVM when it works; a stock kernel has been seen to hang in its decompressor under it here,
	# and once seen, the cache remembers not to wait for it again.
	if [ -w /dev/kvm ] && [ ! -e "$vm_cache/kvm-hangs" ] && vm_qemu kvm 20 "$out"; then
		vm_accel=kvm
	elif { [ -w /dev/kvm ] && touch "$vm_cache/kvm-hangs"; true; } && vm_qemu tcg 120 "$out"; then
		vm_accel=tcg
	else
		vm_accel=none
	fi
	vm_seconds=$(($(date +%s) - start))
	exec {lock}>&-
	[ "$vm_accel" != none ] || { vm_why="the guest did not boot"; return 1; }
}

# The guest's report: the console between its markers.
vm_report() {
	sed -n '/ZSB-VM-BEGIN/,/ZSB-VM-END/p' "$1" | tr -d '\r' | grep -v '^ZSB-VM-'
}

# The same report as the guest writes it (vm_follow CONSOLE before vm_boot, vm_unfollow after):
# minutes of silence otherwise.
vm_follow_pid=''
vm_follow() {
	: >"$1"
	tail -F -n +1 "$1" 2>/dev/null > >(sed -un 's/\r$//; /ZSB-VM-BEGIN/,/ZSB-VM-END/ { /^ZSB-VM-/!p }') &
	vm_follow_pid=$!
}
vm_unfollow() {
	[ -n "$vm_follow_pid" ] || return 0
	sleep 1.5 # tail's last poll
	kill "$vm_follow_pid" 2>/dev/null
	wait "$vm_follow_pid" 2>/dev/null
	vm_follow_pid=''
}
