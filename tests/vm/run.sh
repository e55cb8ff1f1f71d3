#!/usr/bin/env bash
# make check-vm: the integration tests on a pure cgroup v2 system, inside Debian's own kernels
# under qemu, side by side (a guest per CPU): VM_KERNELS names them by what follows linux-image- (default
# "amd64 6.12-amd64": 6.1 and 6.12 on Debian 12). Each kernel's TAP lines are followed by
# "vm: kernel KVER, ACCEL, N s: ..."; then the kernel-ab test (tests/vm/kernel-ab-test.sh;
# VM_KERNEL_AB=0 leaves it out); the last line is the sum: "N passed, N failed, N skipped".
# Exit 0 when all passed, 1 when any failed or a guest did not answer, 77 when it cannot run here.
set -u
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/vm/lib.sh
. "$here/lib.sh"
vm_budget=${VM_BUDGET:-900}     # seconds for one kernel's guest (about 400 under TCG, more on a loaded host)
read -ra kernels <<<"${VM_KERNELS:-amd64 6.12-amd64}"
[ ${#kernels[@]} -gt 0 ] || kernels=(amd64 6.12-amd64)

skip() { echo "vm: skipped: $*"; exit 77; }
vm_tools || skip "$vm_why"

# The guest's disk is a sparse file the tests fill with swapfiles: in the cache, not in a /tmp
# that may be RAM. What a killed run left is removed after a day.
find "$vm_cache" -maxdepth 1 -name 'run.*' -mmin +1440 -exec rm -rf {} + 2>/dev/null
work=$(mktemp -d "$vm_cache/run.XXXXXX")
child=''
# shellcheck disable=SC2086 # child: the PIDs of what runs, words on purpose
trap 'vm_stop; [ -z "$child" ] || kill $child 2>/dev/null; pkill -P $$ 2>/dev/null; rm -rf "$work"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
passed=0 failed=0 skipped=0 fetched=0 tier_start=$(date +%s)

# Which tests: the same for every kernel; a line of tests.txt that names no test is a failure.
mkdir -p "$work/zsb"
vm_filter "$work/zsb/vm-filter"
for line in ${vm_unmatched[@]+"${vm_unmatched[@]}"}; do
	echo "vm: tests/vm/tests.txt: '$line' names no test in tests/cli"
	failed=$((failed + 1))
done
while IFS= read -r line; do
	[ -n "$line" ] || continue
	echo "vm: tests/vm/expected-skips: '$line' names no test in tests/cli"
	failed=$((failed + 1))
done < <(skips_stale "$here/expected-skips" "$vm_top/tests/cli")

# One kernel's tests: its lines into $work/NAME.out, its counts as "fetched passed failed
# skipped" into $work/NAME.sum. The kernels run side by side, a guest per CPU (vm_boot's slots):
# each guest is one TCG thread, and the tier takes the time of its slowest kernel, not the sum.
one_kernel() {
	local name=$1 out p s f ran
	# A kernel that cannot be had here (no package lists, no network) is skipped, as before.
	if ! vm_kernel "$name"; then
		echo "vm: kernel linux-image-$name: skipped: $vm_why"
		echo "0 0 0 1" >"$work/$name.sum"
		return
	fi
	vm_initrd=$work/$name.initrd.gz vm_diskimg=$work/$name.disk.img
	out=$vm_kdir/console.log
	if ! "$here/build-initramfs.sh" "$vm_kroot" "$vm_kver" "$vm_initrd" "$work/zsb" >"$work/$name.build" 2>&1; then
		cat "$work/$name.build"
		echo "vm: kernel $vm_kver: the initramfs build failed"
		echo "1 0 1 0" >"$work/$name.sum"
		return
	fi
	vm_disk "$vm_diskimg" 1G || { echo "vm: kernel $vm_kver: mkfs.ext4 failed"; echo "1 0 1 0" >"$work/$name.sum"; return; }
	echo "vm: kernel $vm_kver (linux-image-$name)"
	if ! vm_boot "$out"; then
		echo "vm: kernel $vm_kver: the guest did not boot (see $out)"
		echo "1 0 1 0" >"$work/$name.sum"
		return
	fi
	vm_report "$out" | tee "$vm_kdir/tap"
	p=$(grep '^ok ' "$vm_kdir/tap" | grep -vc ' # skip')
	s=$(grep -c '^ok .* # skip' "$vm_kdir/tap")
	f=$(grep -c '^not ok ' "$vm_kdir/tap")
	# A guest that stopped half way reports fewer tests than were chosen: each missing one failed.
	ran=$(grep -cE '^(not )?ok ' "$vm_kdir/tap")
	grep -q ZSB-VM-END "$out" || echo "vm: kernel $vm_kver: the guest did not finish within $vm_budget s (see $out)"
	# A skip this kernel is not expected to have (tests/vm/expected-skips) is a failure, by name:
	# a zram module that did not load skips most tests, and that is no pass.
	while IFS= read -r line; do
		[ -n "$line" ] || continue
		echo "vm: kernel $vm_kver: a skip not in tests/vm/expected-skips, counted as a failure: $line"
		s=$((s - 1)) f=$((f + 1))
	done < <(skips_unexpected "$vm_kdir/tap" "$(skips_allowed "$here/expected-skips" "$vm_kver")")
	if [ "$ran" -lt "$vm_selected" ]; then
		echo "vm: kernel $vm_kver: $vm_selected tests chosen, $ran reported"
		f=$((f + vm_selected - ran))
	elif ! grep -q ZSB-VM-END "$out"; then
		f=$((f + 1))
	fi
	echo "vm: kernel $vm_kver, $vm_accel, $vm_seconds s: $p passed, $f failed, $s skipped"
	echo "1 $p $f $s" >"$work/$name.sum"
	rm -f "$vm_diskimg"
}

pids=()
for name in "${kernels[@]}"; do
	one_kernel "$name" >"$work/$name.out" 2>&1 &
	pids+=($!)
done
child="${pids[*]}"
echo "vm: ${#kernels[@]} kernel(s) side by side; each kernel's lines follow when it is done"
for i in "${!kernels[@]}"; do
	wait "${pids[i]}"
	cat "$work/${kernels[i]}.out"
	read -r k p f s <"$work/${kernels[i]}.sum" 2>/dev/null || { k=0 p=0 f=1 s=0; }
	fetched=$((fetched + k)) passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
done
child=''
[ "$fetched" -gt 0 ] || skip "no kernel of VM_KERNELS (${kernels[*]}) could be fetched"

# make kernel-ab on two kernels, as one test.
if [ "${VM_KERNEL_AB:-1}" != 0 ]; then
	ab=$work/kernel-ab-test
	"$here/kernel-ab-test.sh" $((passed + failed + skipped + 1)) >"$ab" 2>&1 &
	child=$!
	wait "$child"
	child=''
	cat "$ab"
	passed=$((passed + $(grep '^ok ' "$ab" | grep -vc ' # skip')))
	skipped=$((skipped + $(grep -c '^ok .* # skip' "$ab")))
	f=$(grep -c '^not ok ' "$ab")
	grep -qE '^(not )?ok ' "$ab" || f=1
	failed=$((failed + f))
fi

echo "vm: ${#kernels[@]} kernel(s) in $(($(date +%s) - tier_start)) s"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
