#!/usr/bin/env bats
# make kernel-ab's bad input, refused before any kernel is fetched or booted: exit 2 and one line
# naming what is wrong. Its real runs are the VM tier's (tests/vm/kernel-ab-test.sh).
bats_require_minimum_version 1.5.0
load helpers

setup() { common_setup; }
teardown() { common_teardown; }

AB="$BATS_TEST_DIRNAME/../vm/kernel-ab.sh"

refused() { # needle, then kernel-ab.sh's arguments
	local needle=$1
	shift
	run --separate-stderr "$AB" "$@"
	[ "$status" -eq 2 ] || { echo "status $status: $output $stderr" >&2; return 1; }
	[ "$(printf '%s\n' "$stderr" | grep -c .)" -eq 1 ]
	[[ "$stderr" == "kernel-ab: "*"$needle"* ]] || { echo "stderr: $stderr" >&2; return 1; }
	[ -z "$output" ]
}

@test "kernel-ab: bad input is exit 2, one line naming it, before any boot" {
	refused "CONFIG is needed" "6.1 6.12" ""
	refused "two kernels are needed" "6.1" disk-vs-zram
	refused "CONFIG='nosuch': no such file" "6.1 6.12" nosuch
	refused "ARGS: '--output'" "6.1 6.12" disk-vs-zram --output /tmp/x.json
	refused "ARGS: '-c'" "6.1 6.12" disk-vs-zram -c other.conf
	refused "ARGS: '--': the guest has no programs" "6.1 6.12" disk-vs-zram -- dd if=/dev/zero
	refused "ARGS: '--setup'" "6.1 6.12" disk-vs-zram --setup /bin/true
	for preset in xz sort kernel-build; do
		refused "CONFIG='$preset': runs a program" "6.1 6.12" "$preset"
	done
}
