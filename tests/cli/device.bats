#!/usr/bin/env bats
# zram (and disk) measured as a device: fio against the block device, a filesystem a command
# writes into and reads back out of. Small sizes; the machine exactly as before after each.
bats_require_minimum_version 1.5.0
load helpers

setup() {
	common_setup
	command -v fio >/dev/null || skip "fio is not installed (make deps installs it)"
}
# The link and the folder a test made in /var/tmp, removed if it stopped half way; the folder
# only if empty: what zswapbench left in it is for common_teardown to report.
teardown() {
	[ -z "${MADE_LINK:-}" ] || rm -f "$MADE_LINK"
	[ -z "${MADE_DIR:-}" ] || rmdir "$MADE_DIR" 2>/dev/null
	common_teardown
}

# Our zram devices as /proc/swaps would list them: a device target never swapons one.
swapped_zram() { grep -c '^/dev/zram' /proc/swaps || true; }

@test "block: every fio mode on zram, writes first: bandwidth, IOPS, clat percentiles, CPU and mm_stat per trial; never swapon'd" {
	need_zram
	before=$(swapped_zram)
	# /proc/swaps sampled while fio runs, not only before and after: a device swapon'd for the
	# trials and swapoff'd at the end would pass those two.
	"$ZSB" --target block --swap zram --swap-size 32M --io-size 8M --trials 1 \
		--data compressible:50 --output "$TMP/r.json" 2>"$TMP/err" &
	pid=$! samples=0 swapped=0
	while kill -0 "$pid" 2>/dev/null; do
		[ "$(swapped_zram)" -eq "$before" ] || swapped=$((swapped + 1))
		samples=$((samples + 1))
		sleep 0.05
	done
	status=0
	wait "$pid" || status=$?
	cat "$TMP/err"
	echo "/proc/swaps: $samples samples, $swapped with one of our devices"
	[ "$status" -eq 0 ]
	[ "$samples" -ge 10 ]
	[ "$swapped" -eq 0 ]
	[ "$(swapped_zram)" -eq "$before" ]
	[ "$(json '[.cells[].mode] | join(",")' "$TMP/r.json")" = "seq-write,rand-write,seq-read,rand-read,seq-rw,rand-rw" ]
	[ "$(json '.config.target' "$TMP/r.json")" = block ]
	for c in 0 1 2 3 4 5; do
		v=".cells[$c].trials[0].values"
		mode=$(json ".cells[$c].mode" "$TMP/r.json")
		case $mode in *write | *rw) assert_awk "$(json "$v.write_bw" "$TMP/r.json") > 0" ;; esac
		case $mode in *read | *rw) assert_awk "$(json "$v.read_bw" "$TMP/r.json") > 0" ;; esac
		case $mode in *write) [ "$(json "$v.read_bw" "$TMP/r.json")" = null ] ;; esac
		case $mode in *read) [ "$(json "$v.write_bw" "$TMP/r.json")" = null ] ;; esac
		clat=$(json "if $v.write_clat_p99 != null then $v.write_clat_p99 else $v.read_clat_p99 end" "$TMP/r.json")
		p50=$(json "if $v.write_clat_p50 != null then $v.write_clat_p50 else $v.read_clat_p50 end" "$TMP/r.json")
		assert_awk "$clat >= $p50 && $p50 > 0"
		# fio's system CPU in % of one CPU (one job). A job of a few milliseconds can show 0
		# (the kernel splits CPU time by its ticks), so the bound is per cell and the work is
		# checked over all six below.
		sys_cpu=$(json "$v.fio_sys_cpu" "$TMP/r.json")
		assert_awk "$sys_cpu >= 0 && $sys_cpu <= 100"
		# zram held what fio wrote (8M, or the whole 32M device written once before a read),
		# compressed about 2x by fio's 50% compressible buffers.
		assert_awk "$(json "$v.zram_orig_data_size" "$TMP/r.json") >= 8 * $MiB"
		ratio=$(json "$v.compression_ratio" "$TMP/r.json")
		assert_awk "$ratio > 1.3 && $ratio < 3"
	done
	# zram compresses and decompresses in the job's own context: fio's jobs spent system time,
	# in percent (a fraction read as a percent would be below 1).
	assert_awk "$(json '[.cells[].trials[0].values.fio_sys_cpu] | max' "$TMP/r.json") > 10"
}

@test "block: a job at fio's rate= comes back as that bandwidth (the reader of fio's JSON is right)" {
	need_zram
	run --separate-stderr "$ZSB" --target block --swap zram --swap-size 32M --modes seq-write,seq-read \
		--io-size 16M --fio-rate 20M --trials 1 --output "$TMP/r.json"
	[ "$status" -eq 0 ]
	# fio's 20M is 20 MiB/s, a ceiling: a slow host can fall below it, never above. MB/s read as
	# MiB/s would be 4.9% above it, so 2% tells the units apart; and each bandwidth is fio's
	# 16 MiB over fio's own runtime, whatever the host's speed.
	for v in "cells[0].trials[0].values.write_bw" "cells[1].trials[0].values.read_bw"; do
		bw=$(json ".$v" "$TMP/r.json")
		runtime=$(json ".${v%.*}.fio_runtime" "$TMP/r.json")
		assert_awk "$bw <= 20 * 1.02 && $bw >= 20 / 2"
		within "$bw" "$(awk -v t="$runtime" 'BEGIN { print 16 / t }')" 0.02
	done
	# 16 MiB at 20 MiB/s: about 0.8 s of fio's own runtime, so elapsed cannot be less.
	assert_awk "$(json '.cells[0].trials[0].values.elapsed' "$TMP/r.json") >= 0.75"
}

@test "block: --jobs 1,2 and the disk baseline through a loop device; the pattern compresses to almost nothing" {
	need_zram
	run --separate-stderr "$ZSB" --target block --swap zram,disk --swap-size 32M --jobs 1,2 --modes seq-write \
		--io-size 8M --data pattern:0xbadc0ffee --trials 1 --output "$TMP/r.json"
	echo "$stderr"
	[ "$status" -eq 0 ]
	[ "$(json '[.cells[].label] | join(",")' "$TMP/r.json")" = "zram jobs=1 seq-write,zram jobs=2 seq-write,disk jobs=1 seq-write,disk jobs=2 seq-write" ]
	[ "$(json '.cells[2].device' "$TMP/r.json")" != null ]
	[[ "$(json '.cells[2].device' "$TMP/r.json")" == /dev/loop* ]]
	assert_awk "$(json '.cells[3].trials[0].values.write_bw' "$TMP/r.json") > 0"
	assert_awk "$(json '.cells[0].trials[0].values.compression_ratio' "$TMP/r.json") > 20"
	# No loop device of ours is left over that file.
	leftover=$(grep -ls zswapbench /sys/block/loop*/loop/backing_file || true)
	[ -z "$leftover" ] || { echo "left attached: $leftover" >&2; false; }
}

@test "block: a fio failure is a failed trial with fio's own message; exit 4, machine restored" {
	need_zram
	run --separate-stderr "$ZSB" --target block --swap zram --swap-size 16M --bs 32M --modes seq-write \
		--trials 1 --output "$TMP/r.json"
	[ "$status" -eq 4 ]
	[[ "$stderr" == *"fio exited with status 1: fio: blocksize is larger than data set range"* ]]
	[ "$(json '.cells[0].trials[0].status' "$TMP/r.json")" = failed ]
}

@test "fs: ext4 on zram, the command writes in the mount, the read-back is timed after drop_caches; mm_stat kept; the mount gone" {
	need_zram
	command -v mkfs.ext4 >/dev/null || skip "mkfs.ext4 is not installed (e2fsprogs)"
	mkdir -p "$TMP/src" && head -c 4194304 /dev/urandom >"$TMP/src/random" && seq 1 500000 >"$TMP/src/lines"
	run --separate-stderr "$ZSB" --target fs --swap zram --swap-size 64M --limit 256M --trials 2 \
		--read-back "cp -r . ../out" --output "$TMP/r.json" -- cp -r "$TMP/src" .
	echo "$stderr"
	[ "$status" -eq 0 ]
	[[ "$stderr" != *"128-byte inodes"* ]]
	for t in 0 1; do
		v=".cells[0].trials[$t].values"
		assert_awk "$(json "$v.fs_read_time" "$TMP/r.json") > 0"
		assert_awk "$(json "$v.fs_flush_time" "$TMP/r.json") > 0"
		total=$(json "$v.fs_total_time" "$TMP/r.json")
		sum=$(json "$v.elapsed + $v.fs_flush_time + $v.fs_read_time" "$TMP/r.json")
		within "$total" "$sum" 0.000001
		# What the command wrote (about 7.4 MiB of files) is on zram, the lines compressed.
		assert_awk "$(json "$v.zram_orig_data_size" "$TMP/r.json") >= 7 * $MiB"
		assert_awk "$(json "$v.compression_ratio" "$TMP/r.json") > 1"
	done
	run ! grep -q zswapbench /proc/self/mounts
}

@test "fs: a read-back command that fails fails the trial, with its status" {
	need_zram
	command -v mkfs.ext4 >/dev/null || skip "mkfs.ext4 is not installed (e2fsprogs)"
	run --separate-stderr "$ZSB" --target fs --swap zram --swap-size 32M --limit 128M --trials 1 \
		--read-back "false" --output "$TMP/r.json" -- true
	[ "$status" -eq 4 ]
	[[ "$stderr" == *"the read-back command exited with status 1"* ]]
}

@test "--comp all: every algorithm this kernel's zram offers, one cell each" {
	need_zram
	[ -e /sys/block/zram0/comp_algorithm ] || skip "no zram device to read the algorithms from"
	offered=$(tr -d '[]' </sys/block/zram0/comp_algorithm | xargs | tr ' ' ',')
	run --separate-stderr "$ZSB" --target block --swap zram --comp all --swap-size 16M --modes seq-write \
		--io-size 4M --trials 1 --output "$TMP/r.json"
	echo "$stderr"
	[ "$status" -eq 0 ]
	[ "$(json '[.cells[].comp] | join(",")' "$TMP/r.json")" = "$offered" ]
	[ "$(json '[.cells[].comp_used] | join(",")' "$TMP/r.json")" = "$offered" ]
}

@test "--zram-streams: recorded, and said once to be a no-op (a stream per CPU since 4.7)" {
	need_zram
	run --separate-stderr "$ZSB" --target block --swap zram --comp all --zram-streams 2 --swap-size 16M \
		--modes seq-write --io-size 4M --trials 1 --output "$TMP/r.json"
	[ "$status" -eq 0 ]
	[ "$(json '.config."zram-streams"' "$TMP/r.json")" = 2 ]
	# Every kernel since 4.7 keeps a stream per CPU, whether or not it still has the file:
	# said once, for the three devices of --comp all.
	[ "$(grep -c -- "--zram-streams: a no-op" <<<"$stderr")" -eq 1 ]
}

@test "hardware counters: recorded where the machine has a PMU, else unavailable (not zero) and said once" {
	need_zram
	run --separate-stderr "$ZSB" --target block --swap zram --swap-size 16M --modes seq-write,seq-read \
		--io-size 4M --trials 2 --output "$TMP/r.json"
	[ "$status" -eq 0 ]
	if [ "$(json '.cells[0].trials[0].unavailable | index("perf_instructions")' "$TMP/r.json")" = null ]; then
		assert_awk "$(json '.cells[0].trials[0].values.perf_instructions' "$TMP/r.json") > 0"
		assert_awk "$(json '.cells[0].trials[0].values.perf_cycles' "$TMP/r.json") > 0"
	else
		[ "$(json '.cells[1].trials[1].values.perf_instructions' "$TMP/r.json")" = null ]
		[ "$(grep -c "hardware counters" <<<"$stderr")" -eq 1 ]
	fi
	assert_awk "$(json '.cells[0].trials[0].values.perf_task_clock' "$TMP/r.json") > 0"
}

@test "fio missing: exit 3 naming the package, nothing changed" {
	mkdir "$TMP/bin"
	run --separate-stderr env PATH="$TMP/bin" "$ZSB" --target block --swap zram --trials 1
	[ "$status" -eq 3 ]
	[[ "$stderr" == *"install the fio package"* ]]
	[ "$(wc -l <<<"$stderr")" -eq 1 ]
}

@test "SIGKILL with the filesystem mounted: cleanup unmounts it and resets the device; nothing left" {
	need_zram
	command -v mkfs.ext4 >/dev/null || skip "mkfs.ext4 is not installed (e2fsprogs)"
	for pause in mount-announced fill; do
		ZSWAPBENCH_TEST_PAUSE=$pause "$ZSB" --target fs --swap zram --swap-size 32M --limit 128M --trials 1 \
			--output "$TMP/r.json" -- true >"$TMP/out" 2>"$TMP/err" &
		pid=$!
		for _ in $(seq 300); do
			grep -q "paused at $pause" "$TMP/err" && break
			sleep 0.05
		done
		grep -q "paused at $pause" "$TMP/err"
		[ "$pause" != fill ] || grep -q zswapbench /proc/self/mounts
		kill -KILL "$pid"
		wait "$pid" || true
		run "$ZSB" cleanup
		echo "$output"
		[ "$status" -eq 0 ]
		run ! grep -q zswapbench /proc/self/mounts
	done
}

# Our loop devices, by the file under them: none may outlive a run.
loops_over_var_tmp() { losetup -a 2>/dev/null | grep -c '/var/tmp/' || true; }

@test "another spelling of the swapfile's path (//, a symlinked folder, ./): disk as swap, block device and filesystem leave no swap, loop device, mount or file" {
	command -v mkfs.ext4 >/dev/null || skip "mkfs.ext4 is not installed (e2fsprogs)"
	loops=$(loops_over_var_tmp)
	[ ! -e "/var/tmp/zsb-real-$$" ] && [ ! -L "/var/tmp/zsb-link-$$" ] || skip "/var/tmp/zsb-real-$$ exists on this machine"
	MADE_DIR=/var/tmp/zsb-real-$$ MADE_LINK=/var/tmp/zsb-link-$$
	mkdir "$MADE_DIR"
	ln -s "$MADE_DIR" "$MADE_LINK"
	for spelling in "/var/tmp//zsb-$$.swap" "/var/tmp/zsb-link-$$/./zsb.swap" "/var/tmp/zsb-link-$$//zsb.swap"; do
		run --separate-stderr "$ZSB" --swap disk --limit 16M --alloc 48M --trials 1 --swapfile "$spelling" \
			--output "$TMP/s.json"
		[ "$status" -eq 0 ] || { echo "swap, $spelling: $stderr"; false; }
		run --separate-stderr "$ZSB" --target block --swap disk --swap-size 32M --modes seq-write --io-size 4M \
			--trials 1 --swapfile "$spelling" --output "$TMP/b.json"
		[ "$status" -eq 0 ] || { echo "block, $spelling: $stderr"; false; }
		run --separate-stderr "$ZSB" --target fs --swap disk --swap-size 32M --limit 128M --trials 1 \
			--swapfile "$spelling" --output "$TMP/f.json" -- true
		[ "$status" -eq 0 ] || { echo "fs, $spelling: $stderr"; false; }
		[ "$(loops_over_var_tmp)" -eq "$loops" ] || { losetup -a; false; }
		run ! grep -q zswapbench /proc/self/mounts
		[ -z "$(ls -A "/var/tmp/zsb-real-$$")" ]
		[ ! -e "/var/tmp/zsb-$$.swap" ]
	done
	rm -rf "/var/tmp/zsb-real-$$" "/var/tmp/zsb-link-$$"
	MADE_DIR='' MADE_LINK=''
}
