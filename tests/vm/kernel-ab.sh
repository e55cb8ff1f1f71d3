#!/usr/bin/env bash
# make kernel-ab: the same zswapbench run on two (or more) of Debian's kernels under qemu, each
# kernel booted BOOTS times, the boots interleaved (A B A B ...: a machine that drifts shifts
# every kernel alike), the result files brought back as results/kernel-ab-KVER-bootN.json, then
# compared with the boots as the runs of each side (compare --group-by kernel: one value per
# run, never the trials pooled, because two boots differ by more than two trials of one boot).
# The first kernel is the base. Usage: kernel-ab.sh "KERNELS" CONFIG [ZSWAPBENCH-ARG...]
#   KERNELS  e.g. "6.1 6.12": K is linux-image-K-amd64 where Debian has it (6.12), else the
#            kernel linux-image-amd64 depends on when its version starts with K (6.1 -> 6.1.0-NN);
#            a package's own suffix (amd64, 6.12-amd64) works too. Default "6.1 6.12".
#   CONFIG   a preset's name (configs/NAME.conf) or a config file's path.
# KERNEL_AB_OUT: where the result files go (default results/); KERNEL_AB_BUDGET: seconds for one
# guest (default 3600); KERNEL_AB_BOOTS: boots of each kernel (default 3, at least 1). Exit 0 when every run completed and was compared, 1 when one failed,
# 2 on bad input (an unknown kernel, a missing config), 77 when qemu cannot run here.
set -u
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/vm/lib.sh
. "$here/lib.sh"
vm_budget=${KERNEL_AB_BUDGET:-3600}
boots=${KERNEL_AB_BOOTS:-3}
outdir=${KERNEL_AB_OUT:-$vm_top/results}

usage() { echo "kernel-ab: $*" >&2; exit 2; }
read -ra specs <<<"${1:-6.1 6.12}"
config=${2:-}
shift $(($# < 2 ? $# : 2))
args=("$@")

[[ $boots =~ ^[1-9][0-9]?$ ]] || usage "KERNEL_AB_BOOTS='$boots': not a number of boots from 1 to 99"
[ -n "$config" ] || usage "CONFIG is needed: a preset's name (configs/NAME.conf) or a file, e.g. CONFIG=disk-vs-zram"
[ ${#specs[@]} -ge 2 ] || usage "KERNELS='${specs[*]}': two kernels are needed, e.g. KERNELS=\"6.1 6.12\""
if [ -f "$config" ]; then
	conffile=$config
elif [ -f "$vm_top/configs/$config.conf" ]; then
	conffile=$vm_top/configs/$config.conf
else
	usage "CONFIG='$config': no such file, and no preset configs/$config.conf"
fi
# The guest holds zswapbench, its hogger and a shell, not the programs a preset may run.
program=$(grep -m1 -E '^[[:space:]]*(command|setup)[[:space:]]*=' "$conffile" | tr -s ' \t' ' ')
[ -z "$program" ] ||
	usage "CONFIG='$config': runs a program ($program), which the guest does not have: kernel-ab runs the hogger's configs"
for a in "${args[@]+"${args[@]}"}"; do
	case $a in
	-- | --setup | --setup=*)
		usage "ARGS: '$a': the guest has no programs to run, only the hogger" ;;
	-o | --output | --output=* | -o?* | -c | --config | --config=* | -c?*)
		usage "ARGS: '$a': kernel-ab sets the config and the result file itself" ;;
	esac
done
[ -x "$vm_top/zswapbench" ] || usage "no ./zswapbench: make all first"
vm_tools || { echo "kernel-ab: skipped: $vm_why"; exit 77; }

# Each K to the package suffix its kernel comes from, all before the first boot.
names=()
for k in "${specs[@]}"; do
	if [[ ! $k =~ ^[A-Za-z0-9][A-Za-z0-9.+~-]*$ ]]; then
		usage "KERNELS: '$k' is not a kernel version"
	elif vm_kver_of "$k-amd64" >/dev/null; then
		names+=("$k-amd64")
	elif vm_kver_of "$k" >/dev/null; then
		names+=("$k")
	else
		dep=$(vm_kver_of amd64) || dep=
		if [ -n "$dep" ] && { [ "$dep" = "$k" ] || [[ $dep == "$k".* || $dep == "$k"-* ]]; }; then
			names+=(amd64)
		else
			usage "KERNELS: no Debian kernel $k (no linux-image-$k-amd64, and linux-image-amd64 is ${dep:-unknown})"
		fi
	fi
done

kvers=()
for i in "${!names[@]}"; do
	vm_kernel "${names[i]}" || { echo "kernel-ab: linux-image-${names[i]}: $vm_why" >&2; exit 1; }
	for seen in ${kvers[@]+"${kvers[@]}"}; do
		[ "$seen" != "$vm_kver" ] || usage "KERNELS: ${specs[i]} is $vm_kver again"
	done
	kvers+=("$vm_kver")
done

work=$(mktemp -d "$vm_cache/run.XXXXXX")
trap 'vm_stop; rm -rf "$work"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
mkdir -p "$work/zsb" "$outdir"
cp "$conffile" "$work/zsb/job.conf"
printf '%s\n' --config /zsb/job.conf ${args[@]+"${args[@]}"} >"$work/zsb/job"

# The guest's result file out of its disk image, whole: the size and sha256 it printed. When the
# guest could not unmount the disk, its last changes may still be in the journal, which debugfs
# does not read: e2fsck replays it, and the file is read again.
fetch_result() { # out size sha256
	local try
	for try in 1 2; do
		[ "$try" = 1 ] || e2fsck -fy "$vm_diskimg" >/dev/null 2>&1
		rm -f "$1"
		debugfs -R "dump /zsb-ab/result.json $1" "$vm_diskimg" >/dev/null 2>&1
		[ "$(stat -c %s "$1" 2>/dev/null)" = "$2" ] && [ "$(sha256sum <"$1" | cut -d ' ' -f 1)" = "$3" ] && return 0
	done
	rm -f "$1"
	return 1
}

status=0 results=()
# One initramfs per kernel (its own modules), built once for all its boots.
for i in "${!names[@]}"; do
	vm_kernel "${names[i]}" || exit 1
	"$here/build-initramfs.sh" "$vm_kroot" "$vm_kver" "$work/initrd-$i.gz" "$work/zsb" ||
		{ echo "kernel-ab: $vm_kver: the initramfs build failed"; exit 1; }
done
for boot in $(seq "$boots"); do
for i in "${!names[@]}"; do
	vm_kernel "${names[i]}" || exit 1
	vm_initrd=$work/initrd-$i.gz vm_diskimg=$work/disk.img
	out=$vm_kdir/kernel-ab-console.log
	result=$outdir/kernel-ab-$vm_kver-boot$boot.json
	echo "kernel-ab: $vm_kver, boot $boot of $boots: zswapbench --config $(basename "$conffile") ${args[*]+"${args[*]}"}"
	vm_disk "$vm_diskimg" 2G || { echo "kernel-ab: $vm_kver: mkfs.ext4 failed"; exit 1; }
	vm_follow "$out"
	vm_boot "$out"
	booted=$?
	vm_unfollow
	if [ "$booted" -ne 0 ]; then
		echo "kernel-ab: $vm_kver: the guest did not boot (see $out)"
		exit 1
	fi
	rc=$(sed -n 's/^ZSB-VM-END \([0-9]*\).*/\1/p' "$out" | tr -d '\r' | tail -n 1)
	echo "vm: kernel $vm_kver, $vm_accel, $vm_seconds s: zswapbench exited ${rc:-nothing: the guest did not finish within $vm_budget s}"
	# The result file, from the guest's ext4 disk, checked against the size and sha256 the guest
	# printed (the console only carries the checksum, never the file).
	read -r size sum < <(sed -n 's/^ZSB-VM-RESULT \([0-9]*\) \([0-9a-f]*\).*/\1 \2/p' "$out" | tr -d '\r' | tail -n 1) || true
	rm -f "$result"
	if [ -z "${size:-}" ]; then
		echo "kernel-ab: $vm_kver: the guest wrote no result file (see $out)"
		status=1
	elif ! fetch_result "$result" "$size" "$sum"; then
		echo "kernel-ab: $vm_kver: the result file did not come back whole from the guest's disk"
		status=1
	else
		results+=("$result")
		echo "kernel-ab: $vm_kver: ${result#"$vm_top"/} ($(jq -r '.status' "$result"))"
	fi
	rm -f "$vm_diskimg"
	size='' sum=''
	# Bad input is bad on every kernel: one boot says so.
	[ "${rc:-}" != 2 ] || { echo "kernel-ab: zswapbench refused the run (exit 2)"; exit 2; }
done
done

[ ${#results[@]} -eq $((${#names[@]} * boots)) ] || exit 1
echo
echo "kernel-ab: ./zswapbench compare --group-by kernel ${results[*]#"$vm_top"/}"
"$vm_top/zswapbench" compare --group-by kernel "${results[@]}" || status=1
exit $status
