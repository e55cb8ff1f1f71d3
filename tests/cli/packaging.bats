#!/usr/bin/env bats
# The installed tool: make install into a DESTDIR gives a tree that runs from anywhere, and the
# Debian package builds, installs, runs and removes cleanly.
bats_require_minimum_version 1.5.0
load helpers

TOP="$BATS_TEST_DIRNAME/../.."

setup() { common_setup; }
teardown() { common_teardown; }

@test "make install DESTDIR: every file where it belongs, and the tree runs from elsewhere" {
	need_zram
	root="$TMP/root"
	make -s -C "$TOP" install DESTDIR="$root" PREFIX=/usr >/dev/null
	for f in usr/sbin/zswapbench usr/libexec/zswapbench/zswapbench-hogger \
		usr/share/zswapbench/configs/disk-vs-zram.conf usr/share/zswapbench/cgroup/cgconfig.conf \
		usr/share/man/man8/zswapbench.8 usr/share/bash-completion/completions/zswapbench; do
		[ -f "$root/$f" ] || { echo "missing $f" >&2; return 1; }
	done
	cd "$TMP"
	# Away from the source tree: the hogger and the presets are the installed ones.
	run "$root/usr/sbin/zswapbench" list-configs
	[ "$status" -eq 0 ]
	[[ "$output" == *"disk-vs-zram"* ]]
	run "$root/usr/sbin/zswapbench" --swap zram --limit 16M --alloc 32M --trials 1 -q --output "$TMP/r.json"
	[ "$status" -eq 0 ]
	[ "$(json .plan.hogger "$TMP/r.json")" = "$root/usr/sbin/../libexec/zswapbench/zswapbench-hogger" ]
	[ "$(json '.cells[0].trials[0].status' "$TMP/r.json")" = ok ]
	run "$root/usr/sbin/zswapbench" --config disk-vs-zram --dry-run
	[ "$status" -eq 0 ]
	MANWIDTH=80 man -l "$root/usr/share/man/man8/zswapbench.8" 2>/dev/null | grep -q 'zswapbench sysinfo'
	make -s -C "$TOP" uninstall DESTDIR="$root" PREFIX=/usr
	[ -z "$(find "$root" -type f)" ]
}

@test "the Debian package: dpkg-buildpackage builds it, it installs, runs sysinfo, and removes cleanly" {
	command -v dpkg-buildpackage >/dev/null || skip "dpkg-dev is not installed (make deps-test)"
	! dpkg -s zswapbench >/dev/null 2>&1 || skip "a zswapbench package is already installed on this machine"
	[ ! -e /usr/sbin/zswapbench ] || skip "/usr/sbin/zswapbench exists and is not ours"
	mkdir "$TMP/src"
	(cd "$TOP" && git ls-files -z | tar --null -T - -cf -) | tar -xf - -C "$TMP/src"
	(cd "$TMP/src" && dpkg-buildpackage -us -uc -b >"$TMP/build.log" 2>&1) ||
		{ tail -30 "$TMP/build.log" >&2; return 1; }
	deb=$(ls "$TMP"/zswapbench_*.deb)
	dpkg-deb -c "$deb" | grep -q './usr/sbin/zswapbench$'
	dpkg-deb -c "$deb" | grep -q './usr/libexec/zswapbench/zswapbench-hogger$'
	dpkg -i "$deb" >/dev/null
	run --separate-stderr /usr/sbin/zswapbench sysinfo
	sysinfo_status=$status
	sysinfo_out=$output
	run /usr/sbin/zswapbench list-configs
	configs=$output
	dpkg -r zswapbench >/dev/null
	[ "$sysinfo_status" -eq 0 ]
	[[ "$sysinfo_out" == *"cgroup mode"* ]]
	[[ "$configs" == *"disk-vs-zram"* ]]
	[ ! -e /usr/sbin/zswapbench ]
	[ ! -e /usr/libexec/zswapbench ]
	[ ! -e /usr/share/zswapbench ]
	! dpkg -s zswapbench >/dev/null 2>&1
}
