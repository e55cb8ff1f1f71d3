#!/usr/bin/env bats
# Bad input: one line naming the option and the value, exit 2, nothing changed on the machine.
bats_require_minimum_version 1.5.0
load helpers

setup() { common_setup; }
teardown() { common_teardown; }

# Runs zswapbench with the arguments; expects exit 2, one line on stderr containing $1.
rejects() {
	local needle=$1
	shift
	run --separate-stderr "$ZSB" "$@"
	echo "status $status; stderr: $stderr"
	[ "$status" -eq 2 ]
	[ "$(printf '%s\n' "$stderr" | wc -l)" -eq 1 ]
	[[ "$stderr" == *"$needle"* ]]
	[ -z "$output" ]
}

@test "sizes: 50X, -1, 0, 1Q, empty" {
	rejects "--limit '50X'" --limit 50X
	rejects "--limit '-1'" --limit -1
	rejects "--alloc '0'" --alloc 0
	rejects "--alloc '1Q'" --alloc 1Q
	rejects "--swap-size ''" --swap-size ""
	rejects "--swap-limit '1.5G'" --swap-limit 1.5G
	rejects "--chunk '3K'" --chunk 3K --alloc 300M
}

@test "backends and lists" {
	rejects "unknown backend 'floppy'" --swap floppy
	rejects "--swap 'disk,,zram'" --swap disk,,zram
	rejects "named twice" --swap zram,zram
	rejects "--comp 'lz4'" --swap disk --comp lz4
}

@test "an algorithm this kernel lacks lists the ones it has" {
	need_zram
	rejects "--comp 'nosuchalg': this kernel's zram offers only: " --swap zram --comp nosuchalg
	run --separate-stderr "$ZSB" --swap zram --comp nosuchalg
	for alg in $(tr -d '[]' </sys/block/zram0/comp_algorithm); do
		[[ "$stderr" == *"$alg"* ]]
	done
}

@test "swapfile: missing directory, RAM filesystem, relative path, existing file" {
	rejects "--swapfile '/nonexistent/dir/s': directory /nonexistent/dir does not exist" --swap disk --swapfile /nonexistent/dir/s
	mount | grep -q ' /dev/shm type tmpfs' || skip "no tmpfs at /dev/shm"
	rejects "RAM filesystem" --swap disk --swapfile /dev/shm/zswapbench.swap
	rejects "absolute path" --swap disk --swapfile relative.swap
	touch "$TMP/exists"
	rejects "already exists" --swap disk --swapfile "$TMP/exists"
	[ -e "$TMP/exists" ]
}

@test "numbers and other options" {
	rejects "--trials '0'" --trials 0
	rejects "--trials 'x'" --trials x
	rejects "--warmup '-2'" --warmup -2
	rejects "--priority '99999'" --priority 99999
	rejects "--data 'stripes'" --data stripes
	rejects "--reread 'many'" --reread many
	rejects "unknown option '--frobnicate'" --frobnicate
	rejects "unexpected argument 'extra'" extra
	rejects "--output '/nonexistent/r.json'" --output /nonexistent/r.json
}

@test "not root: exit 2 with nothing changed" {
	command -v setpriv >/dev/null || skip "no setpriv"
	run --separate-stderr setpriv --reuid=65534 --regid=65534 --clear-groups "$ZSB" --swap zram
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"must run as root"* ]]
}
