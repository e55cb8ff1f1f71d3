#!/usr/bin/env bats
# The memory manager's switches and zswap's controls a run may set: in place during the
# trial, restored after, refused before any change where the kernel or cgroup mode has none.
bats_require_minimum_version 1.5.0
load helpers

setup() { common_setup; }
teardown() { common_teardown; }

# Runs zswapbench paused in the fill of its first trial; prints FILES as they were then, or,
# with no FILES, the trial cgroup's zswap controls (name:value).
during() {
	local files=$1
	shift
	ZSWAPBENCH_TEST_PAUSE=fill "$ZSB" "$@" --trials 1 --output "$TMP/r.json" >"$TMP/out" 2>"$TMP/err" &
	local pid=$!
	for _ in $(seq 200); do grep -q "paused at fill" "$TMP/err" && break; sleep 0.05; done
	# shellcheck disable=SC2086
	[ -z "$files" ] || grep -h . $files 2>/dev/null || true
	[ -n "$files" ] || for f in /sys/fs/cgroup/zswapbench-"$pid"-*/memory.zswap.writeback /sys/fs/cgroup/zswapbench-"$pid"-*/memory.zswap.max; do
		[ -e "$f" ] && echo "${f##*/}:$(cat "$f")"
	done
	kill -INT "$pid"
	wait "$pid" || true
}

@test "--thp: transparent huge pages set for the run, the kernel's choice back after" {
	[ -e /sys/kernel/mm/transparent_hugepage/enabled ] || skip "this kernel has no transparent huge pages"
	need_zram
	before=$(cat /sys/kernel/mm/transparent_hugepage/enabled)
	for mode in never always; do
		now=$(during /sys/kernel/mm/transparent_hugepage/enabled --thp "$mode" --swap zram --limit 16M --alloc 48M)
		[[ "$now" == *"[$mode]"* ]] || { echo "during: $now" >&2; return 1; }
		[ "$(cat /sys/kernel/mm/transparent_hugepage/enabled)" = "$before" ]
	done
}

@test "--mthp: a folio size set for the run and restored; each size's counters recorded, or unavailable, never 0" {
	local thp=/sys/kernel/mm/transparent_hugepage kb="" before want now have key c size value listed enabled alloc fallback
	if ! ls "$thp"/hugepages-*kB/enabled >/dev/null 2>&1; then
		run --separate-stderr "$ZSB" -n --mthp 64K:always --swap zram
		[ "$status" -eq 3 ]
		[[ "$stderr" == *"--mthp '64K:always': this kernel has no multi-size THP"* ]]
		skip "no multi-size THP on this kernel (6.8+; the refusal is checked)"
	fi
	need_zram
	# A size this kernel has no anonymous folio of is refused before any change, naming those
	# it has, in the order of their sizes.
	have=$(for f in "$thp"/hugepages-*kB/enabled; do f=${f%/enabled}; echo "${f##*-}"; done |
		sed 's/kB$//' | sort -n | awk '{ printf "%s%s", (NR > 1 ? ", " : ""), ($1 >= 1024 ? $1 / 1024 "M" : $1 "K") }')
	run --separate-stderr "$ZSB" --mthp 4M:always --swap zram --trials 1
	[ "$status" -eq 2 ]
	[ "$stderr" = "zswapbench: --mthp '4M:always': this kernel has no anonymous 4M folios; it has $have" ]
	for kb in 64 16 32 128 256 512 1024 2048 ''; do [ -e "$thp/hugepages-${kb}kB/enabled" ] && break; done
	[ -n "$kb" ]
	enabled=$thp/hugepages-${kb}kB/enabled
	before=$(cat "$enabled")
	# The mode it is not in now, so that the change is seen during the trial.
	want=always
	[[ "$before" != *"[always]"* ]] || want=never
	now=$(during "$enabled" --mthp "${kb}K:$want" --swap zram --limit 16M --alloc 48M)
	[[ "$now" == *"[$want]"* ]] || { echo "during: $now" >&2; return 1; }
	[ "$(cat "$enabled")" = "$before" ]
	# A whole trial with the size on for the hogger's memory, advised as huge pages.
	run "$ZSB" --mthp "${kb}K:always" --madvise-hugepage --swap zram --limit 16M --alloc 48M \
		--trials 1 --output "$TMP/mthp.json"
	[ "$status" -eq 0 ]
	[ "$(cat "$enabled")" = "$before" ]
	[ "$(json '.config.mthp' "$TMP/mthp.json")" = "$(awk -v k="$kb" 'BEGIN { print (k >= 1024 ? k / 1024 "M" : k "K") }'):always" ]
	# Every counter of every size: a number where the kernel has its file, else listed as
	# unavailable and no value (a 0 there would be a counter the kernel does not keep).
	for size in 8 16 32 64 128 256 512 1024 2048; do
		for c in anon_fault_alloc anon_fault_fallback anon_fault_fallback_charge swpout \
			swpout_fallback zswpout swpin swpin_fallback swpin_fallback_charge; do
			key=mthp_${size}k_$c
			value=$(json ".cells[0].trials[0].values.$key" "$TMP/mthp.json")
			listed=$(json ".cells[0].trials[0].unavailable | index(\"$key\")" "$TMP/mthp.json")
			if [ -r "$thp/hugepages-${size}kB/stats/$c" ]; then
				[[ "$value" =~ ^[0-9]+$ && "$listed" = null ]] ||
					{ echo "$key: '$value', unavailable at $listed; the kernel has it" >&2; return 1; }
			else
				[[ "$value" = null && "$listed" != null ]] ||
					{ echo "$key: '$value', unavailable at $listed; the kernel has no such counter" >&2; return 1; }
			fi
		done
	done
	# The hogger's faults asked for folios of that size: given one, or fallen back.
	if [ -r "$thp/hugepages-${kb}kB/stats/anon_fault_alloc" ]; then
		alloc=$(json ".cells[0].trials[0].values.mthp_${kb}k_anon_fault_alloc" "$TMP/mthp.json")
		fallback=$(json ".cells[0].trials[0].values.mthp_${kb}k_anon_fault_fallback" "$TMP/mthp.json")
		assert_awk "$alloc + $fallback > 0"
	fi
	# show -v names what this kernel lacks as unavailable, not as 0.
	run "$ZSB" show -v "$TMP/mthp.json"
	[ "$status" -eq 0 ]
	if [ ! -r "$thp/hugepages-8kB/stats/anon_fault_alloc" ]; then
		[[ "$output" == *"unavailable on this machine (not zero): "*mthp_8k_anon_fault_alloc* ]]
	fi
}

@test "--mglru: the multi-gen LRU off and on for the run, restored; refused where there is none" {
	if [ ! -e /sys/kernel/mm/lru_gen/enabled ]; then
		run --separate-stderr "$ZSB" --mglru off --trials 1
		[ "$status" -eq 3 ]
		[[ "$stderr" == *"--mglru off: this kernel has no multi-gen LRU"* ]]
		skip "no MGLRU on this kernel (the refusal is checked)"
	fi
	need_zram
	before=$(cat /sys/kernel/mm/lru_gen/enabled)
	now=$(during /sys/kernel/mm/lru_gen/enabled --mglru off --swap zram --limit 16M --alloc 48M)
	[[ "$now" == "0x0000" ]] || { echo "during: $now" >&2; return 1; }
	[ "$(cat /sys/kernel/mm/lru_gen/enabled)" = "$before" ]
	now=$(during /sys/kernel/mm/lru_gen/enabled --mglru on --swap zram --limit 16M --alloc 48M)
	[[ "$now" != "0x0000" ]]
	[ "$(cat /sys/kernel/mm/lru_gen/enabled)" = "$before" ]
}

@test "--zswap-writeback off: no page written back under pressure where on writes some back (v2, 6.8+)" {
	need_zswap
	grep -qw memory /sys/fs/cgroup/cgroup.controllers 2>/dev/null || {
		run --separate-stderr "$ZSB" --swap zswap --zswap-writeback off --trials 1
		[ "$status" -eq 3 ]
		[[ "$stderr" == *"only on cgroup v2"* ]]
		skip "needs cgroup v2 (the refusal on this cgroup mode is checked)"
	}
	run --separate-stderr "$ZSB" --swap zswap --zswap-writeback off --dry-run
	if [ "$status" -eq 3 ]; then
		[[ "$stderr" == *"memory.zswap.writeback came with Linux 6.8"* ]]
		skip "no memory.zswap.writeback before 6.8 (the refusal is checked)"
	fi
	[ "$status" -eq 0 ]
	now=$(during "" --swap zswap "${ZPOOL[@]}" --zswap-writeback off --zswap-max 4M --limit 32M --alloc 48M)
	[[ "$now" == *"memory.zswap.writeback:0"* ]]
	[[ "$now" == *"memory.zswap.max:4194304"* ]]
	# Writeback off: a page zswap stores stays in the pool (charged to the cgroup), and one it
	# refuses stays in memory, so the data must compress well enough for 48M to fit in 32M. On,
	# with the pool capped at 2M, zswap writes its oldest pages to the swapfile to take new ones.
	local args=(--swap zswap "${ZPOOL[@]}" --data compressible:75 --limit 32M --alloc 48M --trials 1)
	run "$ZSB" "${args[@]}" --zswap-writeback off --output "$TMP/off.json"
	[ "$status" -eq 0 ]
	run "$ZSB" "${args[@]}" --zswap-writeback on --zswap-max 2M --output "$TMP/on.json"
	[ "$status" -eq 0 ]
	off=$(json '.cells[0].trials[0].values.cgroup_zswpwb' "$TMP/off.json")
	on=$(json '.cells[0].trials[0].values.cgroup_zswpwb' "$TMP/on.json")
	[ "$off" = 0 ]
	assert_awk "$on > 0"
	# The pages written back were counted in zswpout and again in pswpout: the cross-check
	# against the cgroup's swap counts them once.
	[ "$(json '.cells[0].trials[0].flags | index("swap-mismatch")' "$TMP/on.json")" = null ]
}

@test "--zswap-shrinker: set for the run and restored" {
	need_zswap
	[ -e /sys/module/zswap/parameters/shrinker_enabled ] || skip "this kernel's zswap has no shrinker (6.8+)"
	before=$(cat /sys/module/zswap/parameters/shrinker_enabled)
	want=$([ "$before" = Y ] && echo off || echo on)
	now=$(during /sys/module/zswap/parameters/shrinker_enabled --swap zswap --zswap-shrinker "$want" --limit 16M --alloc 48M)
	[[ "$now" == "$([ "$want" = on ] && echo Y || echo N)" ]] || { echo "during: $now" >&2; return 1; }
	[ "$(cat /sys/module/zswap/parameters/shrinker_enabled)" = "$before" ]
}
