#!/usr/bin/env bats
# zswapbench sysinfo: the machine's facts as the kernel gives them, changing nothing; the same
# facts in every result file.
bats_require_minimum_version 1.5.0
load helpers

setup() { common_setup; }
teardown() { common_teardown; }

@test "sysinfo: a table of the facts, each read from the kernel, nothing changed" {
	run --separate-stderr "$ZSB" sysinfo
	[ "$status" -eq 0 ]
	[[ "$output" =~ vm\.swappiness\ +$(cat /proc/sys/vm/swappiness) ]]
	[[ "$output" =~ vm\.page-cluster\ +$(cat /proc/sys/vm/page-cluster) ]]
	[[ "$output" =~ kernel\ +$(uname -r) ]]
	[[ "$output" =~ cpus\ online\ +$(nproc) ]]
	[[ "$output" =~ swap\ dir\ filesystem\ +$(findmnt -n -o FSTYPE -T /var/tmp) ]]
}

@test "sysinfo --format json: every section, values that agree with /proc and /sys" {
	run --separate-stderr "$ZSB" sysinfo --format json
	[ "$status" -eq 0 ]
	echo "$output" >"$TMP/s.json"
	[ "$(jq -r '[keys[]] | join(",")' "$TMP/s.json")" = \
		"cgroup,cpu,kernel,memory,mm,perf,psi_available,swap,swap_dir,warnings,zram,zswap" ]
	[ "$(json .kernel.release "$TMP/s.json")" = "$(uname -r)" ]
	[ "$(json .swap.swappiness "$TMP/s.json")" = "$(cat /proc/sys/vm/swappiness)" ]
	[ "$(json '.swap.areas | length' "$TMP/s.json")" -eq "$(($(wc -l </proc/swaps) - 1))" ]
	total_kb=$(awk '/^MemTotal:/ { print $2 }' /proc/meminfo)
	[ "$(json .memory.total "$TMP/s.json")" -eq $((total_kb * 1024)) ]
	[ "$(json .swap_dir.path "$TMP/s.json")" = /var/tmp ]
	if [ -r /sys/module/zswap/parameters/enabled ]; then
		want=$([ "$(cat /sys/module/zswap/parameters/enabled)" = Y ] && echo true || echo false)
		[ "$(json .zswap.enabled "$TMP/s.json")" = "$want" ]
	fi
	# --swapfile moves the directory whose filesystem and disk are read.
	run --separate-stderr "$ZSB" sysinfo --json --swapfile /tmp/x.swap
	[ "$status" -eq 0 ]
	[ "$(jq -r .swap_dir.path <<<"$output")" = /tmp ]
}

@test "sysinfo: bad usage is one line and exit 2" {
	run --separate-stderr "$ZSB" sysinfo --format csv
	[ "$status" -eq 2 ]
	[ "$stderr" = "zswapbench: --format 'csv': not table or json; try 'zswapbench sysinfo --help'" ]
	run --separate-stderr "$ZSB" sysinfo --trials 3
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"'--trials' is not an option of 'zswapbench sysinfo'"* ]]
	run --separate-stderr "$ZSB" sysinfo extra
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"unexpected argument 'extra'"* ]]
}

@test "sysinfo on a fixture tree: the facts come from the files, not the machine" {
	run --separate-stderr "$ZSB" sysinfo --json --sysroot "$BATS_TEST_DIRNAME/../fixtures/system-noisy"
	[ "$status" -eq 0 ]
	[ "$(jq '.warnings | length' <<<"$output")" -gt 0 ]
	[ "$(jq -r .swap.swappiness <<<"$output")" = "$(cat "$BATS_TEST_DIRNAME/../fixtures/system-noisy/proc/sys/vm/swappiness")" ]
}

@test "every result file keeps the facts, read before the run changed anything" {
	need_zram
	run "$ZSB" --swap zram --limit 16M --alloc 32M --trials 1 -q --output "$TMP/r.json"
	[ "$status" -eq 0 ]
	[ "$(json '.system.facts.swap.swappiness' "$TMP/r.json")" = "$(cat /proc/sys/vm/swappiness)" ]
	[ "$(json '.system.facts.kernel.release' "$TMP/r.json")" = "$(uname -r)" ]
	# Our own zram device did not exist yet: no swap area of ours among the facts.
	[ "$(json '[.system.facts.swap.areas[].name | select(test("zram"))] | length' "$TMP/r.json")" -eq 0 ]
	# show reads the file back; the facts survive a rewrite by the reader.
	run "$ZSB" show --format json "$TMP/r.json"
	[ "$status" -eq 0 ]
	[ "$(jq -r '.system.facts.kernel.release' <<<"$output")" = "$(uname -r)" ]
}
