#!/usr/bin/env bats
# The installed tool: make install into a DESTDIR gives a tree that runs from anywhere, and the
# Debian package (built once for the run: package_build.bats checks the build) installs, runs
# and removes cleanly.
bats_require_minimum_version 1.5.0
load helpers

TOP="$BATS_TEST_DIRNAME/../.."

setup() { common_setup; }
# The package a test installed, purged if the test stopped before it did.
teardown() {
	if [ -n "${INSTALLED_BY_TEST:-}" ] && dpkg -s zswapbench >/dev/null 2>&1; then
		dpkg --purge zswapbench >/dev/null
	fi
	common_teardown
}

@test "make install DESTDIR: every file where it belongs, and the tree runs from elsewhere" {
	need_zram
	root="$TMP/root"
	make -s -C "$TOP" install DESTDIR="$root" PREFIX=/usr >/dev/null
	for f in usr/bin/zswapbench usr/libexec/zswapbench/zswapbench-hogger \
		usr/share/zswapbench/configs/disk-vs-zram.conf usr/share/zswapbench/cgroup/cgconfig.conf \
		usr/share/man/man8/zswapbench.8 usr/share/bash-completion/completions/zswapbench \
		usr/share/zsh/site-functions/_zswapbench usr/share/fish/vendor_completions.d/zswapbench.fish; do
		[ -f "$root/$f" ] || { echo "missing $f" >&2; return 1; }
	done
	cd "$TMP"
	# Away from the source tree: the hogger and the presets are the installed ones.
	run "$root/usr/bin/zswapbench" list-configs
	[ "$status" -eq 0 ]
	[[ "$output" == *"disk-vs-zram"* ]]
	run "$root/usr/bin/zswapbench" --swap zram --limit 16M --alloc 32M --trials 1 -q --output "$TMP/r.json"
	[ "$status" -eq 0 ]
	[ "$(json .plan.hogger "$TMP/r.json")" = "$root/usr/bin/../libexec/zswapbench/zswapbench-hogger" ]
	[ "$(json '.cells[0].trials[0].status' "$TMP/r.json")" = ok ]
	run "$root/usr/bin/zswapbench" --config disk-vs-zram --dry-run
	[ "$status" -eq 0 ]
	MANWIDTH=80 man -l "$root/usr/share/man/man8/zswapbench.8" 2>/dev/null | grep -q 'zswapbench sysinfo'
	make -s -C "$TOP" uninstall DESTDIR="$root" PREFIX=/usr
	[ -z "$(find "$root" -type f)" ]
}

@test "the Debian package: installs in /usr/bin with its docs and completions, works for any user, and purge removes its state" {
	command -v dpkg-buildpackage >/dev/null || skip "dpkg-dev is not installed (make deps-test)"
	! dpkg -s zswapbench >/dev/null 2>&1 || skip "a zswapbench package is already installed on this machine"
	[ ! -e /usr/bin/zswapbench ] || skip "/usr/bin/zswapbench exists and is not ours"
	# Purge removes /var/lib/zswapbench: not where a calibration or a killed run's journal is.
	[ ! -e /var/lib/zswapbench/calibration.json ] && [ ! -e /var/lib/zswapbench/journal ] ||
		skip "/var/lib/zswapbench holds a calibration or a journal that purge would remove"
	deb=$(shared_deb)
	listing=$(dpkg-deb -c "$deb")
	for f in ./usr/bin/zswapbench ./usr/libexec/zswapbench/zswapbench-hogger \
		./usr/share/doc/zswapbench/README.md.gz ./usr/share/doc/zswapbench/docs/architecture.md.gz \
		./usr/share/doc/zswapbench/docs/options.md.gz ./usr/share/doc/zswapbench/docs/output.md.gz \
		./usr/share/doc/zswapbench/copyright ./usr/share/zsh/vendor-completions/_zswapbench \
		./usr/share/fish/vendor_completions.d/zswapbench.fish \
		./usr/share/bash-completion/completions/zswapbench; do
		grep -qE " $f\$" <<<"$listing" || { echo "not in the package: $f" >&2; return 1; }
	done
	run ! grep -q '/sbin/' <<<"$listing"
	# No test hook in a package's binaries: no variable pauses, kills or slows their runs.
	dpkg-deb -x "$deb" "$TMP/unpacked"
	run ! grep -lr ZSWAPBENCH_TEST_ "$TMP/unpacked/usr/bin" "$TMP/unpacked/usr/libexec"
	grep -q ZSWAPBENCH_TEST_PAUSE "$BATS_TEST_DIRNAME/../../zswapbench"
	INSTALLED_BY_TEST=1
	dpkg -i "$deb" >/dev/null
	run --separate-stderr /usr/bin/zswapbench sysinfo
	sysinfo_status=$status
	sysinfo_out=$output
	run /usr/bin/zswapbench list-configs
	configs=$output
	# A user who is not root finds it by name and sees the plan: nothing changes.
	run --separate-stderr setpriv --reuid=65534 --regid=65534 --clear-groups \
		env PATH=/usr/bin:/bin sh -c 'cd /tmp && zswapbench -n --swap zram'
	plan_status=$status
	plan_out=$output
	# The package's autopkgtest (debian/tests/views), on the installed binary alone.
	run sh -c "cd '$TOP' && PATH=/usr/bin:/bin debian/tests/views"
	autopkgtest_status=$status
	autopkgtest_out=$output
	mkdir -p /var/lib/zswapbench
	touch /var/lib/zswapbench/calibration.json
	dpkg --purge zswapbench >/dev/null
	[ "$sysinfo_status" -eq 0 ]
	[[ "$sysinfo_out" == *"cgroup mode"* ]]
	[[ "$configs" == *"disk-vs-zram"* ]]
	[ "$plan_status" -eq 0 ]
	[[ "$plan_out" == plan:* ]]
	echo "$autopkgtest_out"
	[ "$autopkgtest_status" -eq 0 ]
	[[ "$autopkgtest_out" == *"views: ok" ]]
	[ ! -e /usr/bin/zswapbench ]
	[ ! -e /usr/libexec/zswapbench ]
	[ ! -e /usr/share/zswapbench ]
	[ ! -e /usr/share/doc/zswapbench ]
	[ ! -e /var/lib/zswapbench ]
	run ! dpkg -s zswapbench
}
