#!/usr/bin/env bats
# The Debian package built from the tree: lintian has nothing to say, and a second build in
# another folder gives the same bytes. Nothing here touches the machine (a build in a copy of
# the tree, a check of its files): make check runs it beside the files that do.
bats_require_minimum_version 1.5.0
load helpers

TOP="$BATS_TEST_DIRNAME/../.."

setup() { TMP=$(mktemp -d); }
teardown() { rm -rf "$TMP"; }

# dpkg-buildpackage at $1 of the files the shared build was made of ($2/tree.tar, shared_deb's):
# the .debs are left in $1. The same files, even while the tree is being edited.
build_deb() {
	mkdir -p "$1/src"
	tar -xf "$2/tree.tar" -C "$1/src"
	(cd "$1/src" && dpkg-buildpackage -us -uc -b >"$1/build.log" 2>&1) ||
		{ tail -30 "$1/build.log" >&2; return 1; }
}

@test "the Debian package: lintian has nothing to say, even pedantic; built twice, the same bytes" {
	command -v dpkg-buildpackage >/dev/null || skip "dpkg-dev is not installed (make deps-test)"
	command -v lintian >/dev/null || skip "lintian is not installed (make deps-test)"
	# The run's shared build is one; another, in another directory, deeper: a build that
	# recorded its path would differ.
	one=$(dirname "$(shared_deb)")
	build_deb "$TMP/two/deeper" "$one"
	run lintian --pedantic -I --display-experimental --fail-on error,warning,info,pedantic \
		"$one"/zswapbench_*.changes
	echo "$output"
	[ "$status" -eq 0 ]
	[ -z "$(grep -v 'running with root privileges' <<<"$output")" ]
	for deb in "$one"/*.deb; do
		cmp "$deb" "$TMP/two/deeper/${deb##*/}" || { echo "${deb##*/} differs" >&2; return 1; }
	done
	# The man page names no directory of either build.
	run ! bash -c "dpkg-deb --fsys-tarfile $TMP/two/deeper/zswapbench_*_*.deb |
		tar -xOf - ./usr/share/man/man8/zswapbench.8.gz | gzip -dc | grep -e '$TMP' -e '$one'"
}
