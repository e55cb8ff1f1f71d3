#!/usr/bin/env bats
# Bad input: one line naming the option and the value, exit 2, nothing changed on the machine.
bats_require_minimum_version 1.5.0
load helpers

setup() { common_setup; }
# The file the table's "already exists" case needs, removed if the test stopped half way.
teardown() {
	[ -z "${MADE_EXISTS:-}" ] || rm -f /var/tmp/zsb-exists.swap
	common_teardown
}

# needle | arguments (split on spaces; "" is an empty argument)
CASES=$(cat <<'TABLE'
--limit '50X'|--limit 50X
/dev/zero: not a regular file|--config /dev/zero
--limit '-1'|--limit -1
--limit '0'|--limit 0
--limit '1Q'|--limit 1Q
--limit '1.5'|--limit 1.5
--limit '512': below 1M|--limit 512
--alloc '0'|--alloc 0
--alloc 'lots'|--alloc lots
--alloc '99999999999999999999': too large|--alloc 99999999999999999999
--alloc '17179869184T': too large|--alloc 17179869184T
--swap-size '-5M'|--swap-size -5M
--swap-size '40K': below 1M|--swap-size 40K
--swap-limit 'M'|--swap-limit M
--chunk '6K': not a multiple|--chunk 6K
--chunk '3K': below 4K|--chunk 3K
--chunk '0'|--chunk 0
--chunk '512M': larger than --alloc|--chunk 512M --alloc 300M
--swap '': not a comma list|--swap ""
--swap 'floppy': unknown backend 'floppy'|--swap floppy
--swap 'disk,,zram'|--swap disk,,zram
--swap 'zram,': not a comma list|--swap zram,
--swap 'disk,zram,disk': a backend is named twice|--swap disk,zram,disk
--comp 'lz4': only zram and zswap use this option|--swap disk --comp lz4
--comp 'lz4': only zram and zswap use this option|--swap none --comp lz4
--comp 'lz4,,lzo'|--swap zram --comp lz4,,lzo
--comp 'lz4,lz4': an algorithm is named twice|--swap zram --comp lz4,lz4
--comp 'a/b': not an algorithm name|--swap zram --comp a/b
--comp 'nosuchalg': this kernel's zram offers only|--swap zram --comp nosuchalg
--comp 'nosuchalg': this kernel's zram offers only|--swap zram --comp lz4,nosuchalg
--trials '0'|--trials 0
--trials 'x'|--trials x
--trials '10001'|--trials 10001
--warmup '-2'|--warmup -2
--warmup '1001'|--warmup 1001
--reread 'many'|--reread many
--priority '99999'|--priority 99999
--priority '-5'|--priority -5
--interval '5ms'|--interval 5ms
--interval '61'|--interval 61
--interval '0.5'|--interval 0.5
--prepare 'a;b'|--prepare 'a;b'
--min-trials 3: stops when two cells are told apart; this run has 4 cells|--swap disk,zram --limit 16M,32M --min-trials 3
--min-trials '6': more than --trials|--trials 5 --min-trials 6
--cleanup '"a'|--cleanup '"a'
--setup 'echo$HOME'|--setup 'echo$HOME'
--data 'stripes'|--data stripes
--data 'compressible:101'|--data compressible:101
--data 'compressible:'|--data compressible:
--data 'zero:1'|--data zero:1
--swapfile '/nonexistent/dir/s': directory /nonexistent/dir does not exist|--swap disk --swapfile /nonexistent/dir/s
--swapfile 'a b.swap': needs a path without blanks|--swap disk --swapfile 'a b.swap'
--swapfile '/proc/zsb.swap': /proc is procfs|--swap disk --swapfile /proc/zsb.swap
--swapfile '/sys/fs/cgroup/zsb.swap'|--swap disk --swapfile /sys/fs/cgroup/zsb.swap
--swapfile '/dev/shm/zsb.swap': /dev/shm is a RAM filesystem|--swap disk --swapfile /dev/shm/zsb.swap
--swapfile '/var/tmp/zsb-exists.swap': already exists|--swap disk --swapfile /var/tmp/zsb-exists.swap
--swapfile '/var/tmp/x': only disk and zswap use this option|--swap zram --swapfile /var/tmp/x
--output '/nonexistent/r.json': directory /nonexistent does not exist|--output /nonexistent/r.json
--output '/tmp': is a directory|--output /tmp
--suffix 'a/b'|--suffix a/b
--user 'no-such-user-zsb': no such user|--user no-such-user-zsb
--hogger '/nonexistent/hogger'|--hogger /nonexistent/hogger
--access 'sometimes'|--access sometimes
--access 'hot:0:5'|--access hot:0:5
--access 'reread:0'|--access reread:0
--access 'hot:10:5:gauss'|--access hot:10:5:gauss
--reread '2': give --access or --reread, not both|--access reread:1 --reread 2
--jobs '0'|--jobs 0
--jobs '300'|--jobs 300
--jobs '200': each job would get less than one --chunk|--jobs 200 --alloc 100M
--threads '0'|--threads 0
--alloc-per-job '32M': give --alloc or --alloc-per-job|--alloc 64M --alloc-per-job 32M
--background '0'|--background 0
--background '18446744073709551615': too large (at most 16T)|-n --background 18446744073709551615
--data 'file:/nonexistent/x': No such file or directory|--data file:/nonexistent/x
--data 'file:/etc': not a regular file|--data file:/etc
--data 'pattern:xyz'|--data pattern:xyz
--data 'mixed': only the hogger takes this option|--data mixed -- true
--access 'reread:1': only the hogger takes this option|--access reread:1 -- true
'--' must be followed by a command|--
command 'no-such-command-zsb': not found in PATH|-- no-such-command-zsb
--jobs '0,2'|--jobs 0,2
--jobs '3-1'|--jobs 3-1
--limit '50M,x': 'x': not a size|--limit 50M,x
--limit '50M,50M': a limit is named twice|--limit 50M,50M
--order 'random'|--order random
--order 'shuffled:x'|--order shuffled:x
--limit-mode 'soft'|--limit-mode soft
--swappiness '201'|--swappiness 201
--page-cluster '11'|--page-cluster 11
--swappiness '10,300': '300': not a swappiness from 0 to 200|--swappiness 10,300
--swappiness '10,,60': not a comma list|--swappiness 10,,60
--thp 'never,never': 'never' twice|--thp never,never
--swappiness '0,1,2,3,4,5,6,7,8,9,10,11,12': more than 12 values|--swappiness 0,1,2,3,4,5,6,7,8,9,10,11,12
--zswap-pool '10,20': a sweep of more than 4 settings|--swap zswap --thp always,never --mglru on,off --page-cluster 0,3 --swappiness 10,60 --zswap-pool 10,20
--zram-size '64M': only zram uses this option|--swap disk --zram-size 64M,128M
--jobs '2': tabs:N runs N processes|--access fill,tabs:4:2 --jobs 2
--access 'fill': only the hogger takes this option|--access fill,reread:1 -- true
savings: --swappiness: one value: the search's axis is the backends|savings --swap zram --swappiness 10,100
--mthp '48K:always': '48K' is no folio size|--mthp 48K:always
--mthp '64K:sometimes': 'sometimes' is no mode|--mthp 64K:sometimes
--mthp '64K:always,64kB:always': 64K:always given twice|--mthp 64K:always,64kB:always
--mthp '16K:always,16K:never,32K:always,32K:never,64K:always,64K:never,128K:always,128K:never': 16 combinations|--mthp 16K:always,16K:never,32K:always,32K:never,64K:always,64K:never,128K:always,128K:never
--madvise-hugepage '1': only the hogger takes this option, not a command|--madvise-hugepage -- true
--zswap-pool '0'|--swap zswap --zswap-pool 0
--zswap-pool '20': only zswap uses this option|--swap zram --zswap-pool 20
--zram-size '64M': only zram uses this option|--swap disk --zram-size 64M
--zram-mem-limit '0'|--swap zram --zram-mem-limit 0
--disk-throttle '10M,x'|--swap disk --disk-throttle 10M,x
--disk-throttle '10M': only disk and zswap use this option|--swap zram --disk-throttle 10M
--timeout '-1'|--timeout -1
--comp 'nosuch': this kernel's zswap can use only|--swap zswap --comp nosuch
--zswap-zpool 'zbud2'|--swap zswap --zswap-zpool zbud2
--zswap-zpool 'zbud': only zswap uses this option|--swap zram --zswap-zpool zbud
--zram-algo-params 'fast'|--swap zram --zram-algo-params fast
--zram-algo-params 'level=1': only zram uses this option|--swap disk --zram-algo-params level=1
--target 'nvme': not swap, block or fs|--target nvme
--target block: --swap zswap has no device of its own to measure|--target block --swap zswap
--target fs: --swap zswap has no device of its own to measure|--target fs --swap zswap -- true
--modes 'seq-scan'|--target block --swap zram --modes seq-scan
--modes 'seq-read,seq-read'|--target block --swap zram --modes seq-read,seq-read
--user 'nobody': only with --target swap|--target block --swap zram --user nobody
--bs '1000': not a multiple of 512 bytes|--target block --swap zram --bs 1000
--bs '4K': only with --target block|--swap zram --bs 4K
--modes 'seq-read': only with --target block|--swap zram --modes seq-read
--read-back 'true': only with --target fs|--target block --swap zram --read-back true
--read-back 'cat >x': '>' unquoted: only a shell acts on it|--target fs --swap zram --read-back 'cat >x' -- true
--target 'block': fio is the workload of a block device: give no command after --|--target block --swap zram -- true
--target 'fs': a filesystem needs a command after --|--target fs --swap zram
--data 'file:/bin/sh': fio cannot write it|--target block --swap zram --data file:/bin/sh
--chunk '2M': only the hogger takes this option, not fio|--target block --swap zram --chunk 2M
--zram-streams '0'|--swap zram --zram-streams 0
unknown option '--frobnicate'|--frobnicate
missing value for '--limit'|--limit
unexpected argument 'extra'|extra
TABLE
)

@test "a table of bad inputs: each exits 2 with one line naming it, and changes nothing" {
	cd "$TMP"
	local n=0 before line needle args
	# The "already exists" case needs a file there: made and removed by the test unless one is.
	if [ ! -e /var/tmp/zsb-exists.swap ]; then
		MADE_EXISTS=1
		touch /var/tmp/zsb-exists.swap
	fi
	before=$(machine_state)
	while IFS='|' read -r needle args; do
		eval "set -- $args"
		run --separate-stderr "$ZSB" "$@"
		if [ "$status" -ne 2 ] || [ "$(printf '%s\n' "$stderr" | wc -l)" -ne 1 ] ||
			[[ "$stderr" != *"$needle"* ]] || [ -n "$output" ]; then
			echo "case: zswapbench $args"
			echo "status $status, stdout '$output', stderr '$stderr', expected '$needle'"
			return 1
		fi
		[ "$(machine_state)" = "$before" ] || { echo "changed the machine: $args"; return 1; }
		n=$((n + 1))
	done <<<"$CASES"
	[ -z "${MADE_EXISTS:-}" ] || rm -f /var/tmp/zsb-exists.swap
	MADE_EXISTS=
	[ ! -e results ] || { echo "a bad input created results/"; return 1; }
	echo "$n cases"
	[ "$n" -ge 40 ]
}

@test "sizes beyond any machine: refused by the option, or by preflight's sum, never wrapped to a small one (-n)" {
	# 2^64 - 1 once wrapped preflight's sum of what the run holds, and the hogger's chunks to
	# none ("could not start 0 threads").
	run --separate-stderr "$ZSB" -n --background 18446744073709551615
	[ "$status" -eq 2 ]
	[ "$stderr" = "zswapbench: --background '18446744073709551615': too large (at most 16T); try 'zswapbench --help'" ]
	[ -z "$output" ]
	for option in --alloc --swap-size --zram-size; do
		run --separate-stderr "$ZSB" -n --swap zram $option 18446744073709551615 -- true
		[ "$status" -eq 2 ]
		[ "$stderr" = "zswapbench: $option '18446744073709551615': too large (at most 65536T, more than any kernel can map); try 'zswapbench --help'" ]
	done
	# --limit and --background have their own, lower bound (option_table.c).
	run --separate-stderr "$ZSB" -n --swap zram --limit 18446744073709551615 -- true
	[ "$status" -eq 2 ]
	[ "$stderr" = "zswapbench: --limit '18446744073709551615': too large (at most 16T); try 'zswapbench --help'" ]
	# Within what a kernel could map, the sum is preflight's: refused before any change.
	need_zram
	run --separate-stderr "$ZSB" -n --swap zram --swap-size 65536T -- true
	[ "$status" -eq 3 ]
	[ "$(printf '%s\n' "$stderr" | wc -l)" -eq 1 ]
	[[ "$stderr" == *"of RAM"* ]]
}

@test "an algorithm this kernel lacks: the message lists those it has" {
	need_zram
	list=$(cat /sys/block/zram*/comp_algorithm 2>/dev/null | head -n 1 | tr -d '[]')
	[ -n "$list" ] || skip "no zram device to ask for its algorithms"
	run --separate-stderr "$ZSB" --swap zram --comp nosuchalg
	[ "$status" -eq 2 ]
	offered=${stderr##*offers only: }
	# Word for word: "lzo" must not pass for being inside "lzo-rle".
	[ "$(tr ' ' '\n' <<<"$offered" | sort | tr '\n' ' ')" = "$(tr ' ' '\n' <<<"$list" | grep . | sort | tr '\n' ' ')" ]
}

@test "not root: exit 2 with nothing changed" {
	command -v setpriv >/dev/null || skip "no setpriv"
	run --separate-stderr setpriv --reuid=65534 --regid=65534 --clear-groups "$ZSB" --swap zram
	[ "$status" -eq 2 ]
	[[ "$stderr" == *"must run as root"* ]]
}

@test "not root: -n and calibrate -n show the plan, as text or JSON, and change nothing" {
	command -v setpriv >/dev/null || skip "no setpriv"
	as_nobody=(setpriv --reuid=65534 --regid=65534 --clear-groups)
	run --separate-stderr "${as_nobody[@]}" "$ZSB" -n --swap zram
	[ "$status" -eq 0 ]
	[[ "$output" == plan:* ]]
	[[ "$stderr" != *"must run as root"* ]]
	run --separate-stderr "${as_nobody[@]}" "$ZSB" -n --swap disk,zram --format json
	[ "$status" -eq 0 ]
	[ "$(jq -r '[.cells[].label] | join(",")' <<<"$output")" = disk,zram ]
	[ "$(jq '.schedule | length' <<<"$output")" -eq 10 ]
	cd "$TMP"
	run --separate-stderr "$ZSB" calibrate -n --runs 3 --swap zram
	[ "$status" -eq 0 ]
	[ "$(grep -c '^plan:' <<<"$output")" -eq 1 ]
	[[ "$stderr" == *"calibrate: 3 runs of the plan below"* ]]
	[ ! -e "$TMP/results" ]
}

@test "unsupported by this machine exits 3: a swapfile larger than the free space" {
	run --separate-stderr "$ZSB" --swap disk --swap-size 100T
	[ "$status" -eq 3 ]
	[[ "$stderr" == *"--swap-size 100T: not enough free space"* ]]
}

@test "warnings before the run: nothing will swap, or an OOM kill is expected" {
	run --separate-stderr "$ZSB" --swap disk --limit 64M --alloc 32M --trials 1 --output "$TMP/r.json"
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"warning: disk: 32M allocated fits in --limit 64M: nothing will swap"* ]]
	run --separate-stderr "$ZSB" --swap disk --limit 16M --alloc 64M --swap-size 16M --trials 1 --output "$TMP/r.json"
	[[ "$stderr" == *"warning: disk: 64M allocated exceeds the limit plus swap (32M): expect an OOM kill"* ]]
	[ "$status" -eq 4 ]
}
