#!/usr/bin/env bats
# Config files and presets against the real kernel: every preset runs (at a reduced size),
# the command line overrides a file, --dry-run changes nothing.
bats_require_minimum_version 1.5.0
load helpers

CONFIGS="$BATS_TEST_DIRNAME/../../configs"

setup() { common_setup; }
teardown() { common_teardown; }

@test "list-configs names every preset with its own description" {
	run --separate-stderr "$ZSB" list-configs
	[ "$status" -eq 0 ]
	for f in "$CONFIGS"/*.conf; do
		name=$(basename "$f" .conf)
		desc=$(sed -n '1s/^# //p' "$f")
		[[ "$output" == *"$name"*"$desc"* ]] || { echo "missing: $name"; return 1; }
	done
}

@test "every preset runs, at a reduced size" {
	need_zram
	for f in "$CONFIGS"/*.conf; do
		name=$(basename "$f" .conf)
		extra=() cmd=()
		# A preset that names a compressor this kernel lacks is skipped, and said.
		if grep -q '^comp' "$f"; then
			for alg in $(sed -n 's/^comp *= *//p' "$f" | tr ',' ' ' | sed 's/\<all\>//'); do
				grep -qw -- "$alg" /sys/block/zram*/comp_algorithm 2>/dev/null || { echo "# $name: no $alg here"; continue 2; }
			done
		fi
		grep -q '^background' "$f" && extra=(--background 64M)
		size=(--limit 16M --alloc 32M)
		# A real program: a smaller input from its own setup script, one cell.
		case $name in
		xz) size=(--swap zram --limit 128M --setup "$CONFIGS/programs/make-input.sh 8M") ;;
		sort) size=(--swap zram --limit 24M --setup "$CONFIGS/programs/make-lines.sh 500000") ;;
		# A service: a smaller data set from its setup, and a shorter load.
		redis) size=(--swap zram --limit 16M --setup "$CONFIGS/programs/redis-data.sh 48M"
			--load "$CONFIGS/programs/redis-load.sh 20") ;;
		mariadb | mariadb-rw)
			test=oltp_read_only
			[ "$name" = mariadb ] || test=oltp_read_write
			size=(--swap zram --limit 64M --setup "$CONFIGS/programs/mariadb-data.sh 2 20000"
				--load "$CONFIGS/programs/mariadb-load.sh $test 5") ;;
		postgres) size=(--swap zram --limit 16M --setup "$CONFIGS/programs/postgres-data.sh 1"
			--load "$CONFIGS/programs/postgres-load.sh 5") ;;
		# The whole tree unpacked and prepared by its setup, then one small directory built.
		kernel-build)
			ls /usr/src/linux-source-*.tar.xz >/dev/null 2>&1 || { echo "# $name: no linux-source here"; continue; }
			size=(--swap zram) cmd=(-- "$CONFIGS/programs/kernel-build.sh" init) ;;
		# The device itself: two job counts and two modes of fio, a smaller package.
		fio-*) size=(--jobs 1,2 --modes seq-write,seq-read --io-size 4M --swap-size 16M) ;;
		fs-*) size=(--limit 128M --swap-size 32M --setup "$CONFIGS/programs/make-package.sh 8M") ;;
		stress-ng-*) size=(--limit 16M --alloc 32M --workload stress-ng:vm:2s) ;;
		esac
		run --separate-stderr "$ZSB" --config "$name" "${size[@]}" --trials 1 --warmup 0 \
			--interval 0 "${extra[@]}" --output "$TMP/$name.json" "${cmd[@]}"
		echo "$name: $status ${stderr##*$'\n'}"
		[ "$status" -eq 0 ] || { json '[.cells[].trials[] | .note, (.jobs[].output // "" | .[-400:])]' "$TMP/$name.json"; false; }
		[ "$(json '[.cells[].trials[].status] | unique | join(",")' "$TMP/$name.json")" = ok ]
		[ "$(json '.cells | length' "$TMP/$name.json")" -ge 1 ]
		case $name in
		fio-*)
			[ "$(json '.cells | length' "$TMP/$name.json")" -eq 4 ]
			assert_awk "$(json '.cells[1].trials[0].values.read_bw' "$TMP/$name.json") > 0"
			continue ;;
		fs-*)
			# The package the setup made (8M of whole files) went through the filesystem.
			assert_awk "$(json '.cells[0].trials[0].values.zram_orig_data_size' "$TMP/$name.json") >= 6 * $MiB"
			assert_awk "$(json '.cells[0].trials[0].values.fs_read_time' "$TMP/$name.json") > 0"
			continue ;;
		esac
		# A service's load generator was read: its throughput and latency.
		if grep -q '^load' "$f"; then
			assert_awk "$(json '.cells[0].trials[0].values.throughput' "$TMP/$name.json") > 0"
			assert_awk "$(json '.cells[0].trials[0].values.request_p99' "$TMP/$name.json") > 0"
		fi
		# A program's own output is kept; its time and swap are measured as the hogger's are.
		if grep -q '^command' "$f"; then
			[ "$(json '.cells[0].trials[0].jobs[0].output' "$TMP/$name.json")" != null ]
			assert_awk "$(json '.cells[0].trials[0].values.elapsed' "$TMP/$name.json") > 0"
			assert_awk "$(json '.cells[0].trials[0].values.cpu_time' "$TMP/$name.json") > 0"
		fi
	done
}

@test "a preset's sections become its cells, named by the sections" {
	need_zram
	run --separate-stderr "$ZSB" -c disk-vs-zram --limit 16M --alloc 32M --trials 1 --output "$TMP/r.json"
	[ "$status" -eq 0 ]
	[ "$(json '.cells | map(.label) | join(",")' "$TMP/r.json")" = disk,zram ]
	[ "$(json '.config.data' "$TMP/r.json")" = compressible:50 ]
}

@test "config errors name the file, the line and the key, exit 2, nothing changed" {
	printf '[run]\nlimit = 50M\n\nzram-size = 12Q\n' >"$TMP/bad.conf"
	run --separate-stderr "$ZSB" --config "$TMP/bad.conf"
	[ "$status" -eq 2 ]
	[[ "$stderr" == "zswapbench: $TMP/bad.conf:4: zram-size: '12Q': not a size"* ]]
	[ "$(printf '%s\n' "$stderr" | wc -l)" -eq 1 ]
}

@test "a preset's name is never looked for in the current directory; a file is named as one" {
	# Under sudo, a folder others can write in must not give root their command or setup.
	cd "$TMP"
	mkdir configs
	printf '[run]\nsetup = touch %s/ran\ntrials = 7\n' "$TMP" >configs/planted.conf
	printf '[run]\ntrials = 7\n' >configs/disk-vs-zram.conf
	run --separate-stderr "$ZSB" -n --config planted
	[ "$status" -eq 2 ]
	[ "$stderr" = "zswapbench: --config 'planted': no preset of that name (see zswapbench list-configs); a file in this directory is ./planted; try 'zswapbench --help'" ]
	run --separate-stderr "$ZSB" -n --config disk-vs-zram
	[ "$status" -eq 0 ]
	[[ "$output" == "plan: 2 cells x 5 trials"* ]]
	run --separate-stderr "$ZSB" -n --config ./configs/planted.conf
	[ "$status" -eq 0 ]
	[[ "$output" == "plan: 2 cells x 7 trials"* ]]
	cp configs/planted.conf here.conf
	run --separate-stderr "$ZSB" -n --config here.conf
	[ "$status" -eq 0 ]
	[[ "$output" == "plan: 2 cells x 7 trials"* ]]
	[ ! -e ran ]
}

@test "--dry-run prints the plan and every change, and changes nothing" {
	need_zram
	cd "$TMP"
	before=$(machine_state)
	run --separate-stderr "$ZSB" --dry-run --swap disk,zram,zswap --page-cluster 0 --swappiness 10
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(machine_state)" = "$before" ]
	[[ "$output" == *"plan: 3 cells x 5 trials"* ]]
	[[ "$output" == *"once: create /var/tmp/zswapbench-"* ]]
	[[ "$output" == *"hot_add"* ]]
	[[ "$output" == *"/sys/module/zswap/parameters/enabled Y (now "* ]]
	[[ "$output" == *"vm.page-cluster 0, restored"* ]]
	[[ "$output" == *"estimated duration: about"* ]]
	[ ! -e results ]
}

@test "--zram-generator measures the device a zram-generator.conf sets up" {
	need_zram
	grep -qw lz4 /sys/block/zram*/comp_algorithm 2>/dev/null || skip "no lz4 in this kernel's zram"
	printf '[zram0]\nzram-size = 96\ncompression-algorithm = lz4\nswap-priority = 42\n' >"$TMP/zram-generator.conf"
	ZSWAPBENCH_TEST_PAUSE=fill "$ZSB" --zram-generator "$TMP/zram-generator.conf" --limit 16M --alloc 48M --trials 1 \
		--output "$TMP/r.json" 2>"$TMP/err" &
	pid=$!
	for _ in $(seq 300); do grep -q "paused at fill" "$TMP/err" && break; sleep 0.05; done
	area=$(awk '$1 ~ /^\/dev\/zram/ { print $1, $3, $5 }' /proc/swaps)
	kill -INT "$pid"
	wait "$pid" || true
	# Size in KiB as /proc/swaps shows it (less the header page), and the priority asked for.
	[[ "$area" =~ ^/dev/zram[0-9]+\ 9830[0-9]\ 42$ ]] || { echo "$area"; return 1; }
	[ "$(json '.cells[0].comp' "$TMP/r.json")" = lz4 ]
	[ "$(json '.config["zram-generator"]' "$TMP/r.json")" = "$TMP/zram-generator.conf" ]
}
