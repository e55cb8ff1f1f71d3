#!/usr/bin/env bats
# deploy/ansible/site.yml for real, on this machine under two inventory names
# (inventory.local.ini): the package built from the working tree and installed with apt, a
# short zram run under each name, in turns, the two result files fetched, compared and
# reported; then the package removed. And --check: nothing installed, run or written.
# Everything the playbook writes goes under $TMP (-e zswapbench_host_dir, results_dir,
# build_dir); the package is the one thing outside it, and teardown removes it.
bats_require_minimum_version 1.5.0
load helpers

TOP="$BATS_TEST_DIRNAME/../.."
ANSIBLE="$TOP/deploy/ansible"

setup() {
	common_setup
	command -v ansible-playbook >/dev/null || skip "ansible-playbook is not installed (apt-get install ansible)"
	# Ansible's own temporary files and async job files stay in $TMP too.
	export ANSIBLE_CONFIG="$ANSIBLE/ansible.cfg" ANSIBLE_NOCOLOR=1 ANSIBLE_LOCAL_TEMP="$TMP/ansible/local" \
		ANSIBLE_REMOTE_TEMP="$TMP/ansible/remote" ANSIBLE_ASYNC_DIR="$TMP/ansible/async"
	INSTALLED_BY_TEST=
}

teardown() {
	if [ -n "$INSTALLED_BY_TEST" ] && dpkg -s zswapbench >/dev/null 2>&1; then
		dpkg --purge zswapbench >/dev/null
	fi
	common_teardown
}

# site.yml on inventory.local.ini with the test's paths and a short zram run; more
# ansible-playbook arguments after. The apt lists are left as they are (the build
# dependencies, and so the package's, are installed on a machine that runs the tests).
playbook() {
	ansible-playbook -i "${INVENTORY:-$ANSIBLE/inventory.local.ini}" "$ANSIBLE/site.yml" \
		-e '{"zswapbench_config": "disk-vs-zram", "zswapbench_args": "--swap zram --trials 1 --alloc 48M --limit 16M"}' \
		-e "{\"zswapbench_run_id\": \"bats\", \"zswapbench_poll\": 2, \"zswapbench_apt_cache_valid_time\": 315360000,
		     \"zswapbench_apt_retry_delay\": 2,
		     \"zswapbench_host_dir\": \"$TMP/host\", \"zswapbench_results_dir\": \"$TMP/results\",
		     \"zswapbench_build_dir\": \"$TMP/build\"}" "$@"
}

# A test whose playbook installs the package it builds: only where no zswapbench package or
# binary is there already, and teardown removes it again.
will_install_package() {
	need_zram
	command -v dpkg-buildpackage >/dev/null || skip "dpkg-dev is not installed (make deps-test)"
	! dpkg -s zswapbench >/dev/null 2>&1 || skip "a zswapbench package is already installed on this machine"
	[ ! -e /usr/bin/zswapbench ] || skip "/usr/bin/zswapbench exists and is not ours"
	INSTALLED_BY_TEST=1
}

@test "site.yml: two inventory names on this machine, two result files, compared and reported; the package removed" {
	will_install_package
	run playbook
	echo "$output" | tail -40
	[ "$status" -eq 0 ]
	# The package was built from the working tree and installed.
	ls "$TMP"/build/deb/zswapbench_*.deb
	dpkg -s zswapbench | grep -q '^Status: install ok installed'
	# Two result files, fetched flat into results/HOST/, each a complete run of one trial.
	for h in hostA hostB; do
		f="$TMP/results/$h/$h-bats.json"
		[ -f "$f" ] || { echo "missing $f" >&2; return 1; }
		[ "$(json .status "$f")" = complete ]
		[ "$(json '.cells[0].trials[0].status' "$f")" = ok ]
		[ -f "$TMP/host/results/$h-bats.json" ]
	done
	# The two runs took turns (at the same time, the second would have found zswapbench's lock
	# taken and failed): one was last written before the other started, to the second.
	a_start=$(json .started "$TMP/results/hostA/hostA-bats.json") a_end=$(json .updated "$TMP/results/hostA/hostA-bats.json")
	b_start=$(json .started "$TMP/results/hostB/hostB-bats.json") b_end=$(json .updated "$TMP/results/hostB/hostB-bats.json")
	[[ ! "$b_start" < "$a_end" ]] || [[ ! "$a_start" < "$b_end" ]]
	# compare named both files; report wrote one page; the summary names both hosts, ok.
	grep -q "hostA/hostA-bats.json" "$TMP/results/fleet-compare.txt"
	grep -q "hostB/hostB-bats.json" "$TMP/results/fleet-compare.txt"
	[ -s "$TMP/results/fleet.html" ]
	grep -q '<html' "$TMP/results/fleet.html"
	grep -qE '^hostA +ok ' "$TMP/results/fleet-summary.txt"
	grep -qE '^hostB +ok ' "$TMP/results/fleet-summary.txt"
	[ ! -e "$TMP/results/fleet-failed.txt" ]
	[[ "$output" == *"2 with a result"* ]]

	# Again under the same run id, with the same package: nothing installed, run or fetched
	# again on the hosts (a rebuild could differ in its bytes if the tree changed meanwhile).
	run playbook -e "zswapbench_deb=$(ls "$TMP"/build/deb/zswapbench_*.deb)"
	[ "$status" -eq 0 ]
	[[ "$output" == *"the result file of this run id was there: not run again"* ]]
	grep -E '^hostB +:' <<<"$output" | grep -q 'changed=0 '
	grep -qE '^hostA +existed ' "$TMP/results/fleet-summary.txt"

	dpkg --purge zswapbench >/dev/null
	run ! dpkg -s zswapbench
	[ ! -e /usr/bin/zswapbench ]
}

@test "site.yml --check: nothing built, installed, run, fetched or written" {
	was_installed=$(dpkg -s zswapbench 2>/dev/null | grep '^Version:' || true)
	run playbook --check
	echo "$output" | tail -20
	[ "$status" -eq 0 ]
	[[ "$output" == *"check mode: nothing was installed or run"* ]]
	[[ "$output" == *"hostA  checked"* ]]
	[[ "$output" == *"hostB  checked"* ]]
	# No file on the control machine, none on the "hosts", no package.
	[ ! -e "$TMP/results" ]
	[ ! -e "$TMP/build" ]
	[ ! -e "$TMP/host" ]
	[ -z "$(find "$TMP" -path "$TMP/ansible" -prune -o -name '*.json' -print)" ]
	[ "$(dpkg -s zswapbench 2>/dev/null | grep '^Version:' || true)" = "$was_installed" ]
}

@test "site.yml: a host that fails keeps the others' results, compared; it is named in the summary and the retry file" {
	will_install_package
	# hostDown: nothing listens on port 9 of this machine, so ssh never gets in.
	INVENTORY=$TMP/inventory.ini
	cat >"$INVENTORY" <<'INI'
hostA ansible_host=127.0.0.1 ansible_connection=local
hostB ansible_host=127.0.0.1 ansible_connection=local
hostDown ansible_host=127.0.0.1 ansible_port=9 ansible_ssh_common_args='-o ConnectTimeout=3 -o BatchMode=yes -o StrictHostKeyChecking=no'

[all:vars]
ansible_python_interpreter=/usr/bin/python3
INI
	# The package the run's other tests share: building it is the first test's to check.
	run playbook -e "zswapbench_deb=$(shared_deb)"
	echo "$output" | tail -30
	# The play ends failed, because a host has no result, after writing everything else.
	[ "$status" -ne 0 ]
	for h in hostA hostB; do
		[ "$(json .status "$TMP/results/$h/$h-bats.json")" = complete ]
		grep -q "$h/$h-bats.json" "$TMP/results/fleet-compare.txt"
		grep -qE "^$h +ok " "$TMP/results/fleet-summary.txt"
	done
	[ ! -e "$TMP/results/hostDown" ] || [ -z "$(ls -A "$TMP/results/hostDown")" ]
	grep -q '<html' "$TMP/results/fleet.html"
	grep -qE '^hostDown +(failed|unreachable) ' "$TMP/results/fleet-summary.txt"
	grep -qx hostDown "$TMP/results/fleet-failed.txt"
	dpkg --purge zswapbench >/dev/null
}
