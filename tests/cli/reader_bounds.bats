#!/usr/bin/env bats
# A result file costs at most a small multiple of its size in memory (docs/security.md, "Files
# read back"): 32 MiB of real cells reads in under 14 times its size of peak RSS; hostile files
# as large, each the cheapest text for one costly thing (result_files.py), are refused in one
# line, in a second or two, before they cost more than the rule allows. Generated files only:
# nothing touches the kernel.
bats_require_minimum_version 1.5.0
load helpers

GEN="$BATS_TEST_DIRNAME/result_files.py"
RULE="more than a file of its size may take to read (16 times its size plus 4 MiB)"

setup() { TMP=$(mktemp -d); }
teardown() { rm -rf "$TMP"; }

# "PEAK_KIB STATUS CPU_SECONDS" of zswapbench ARGS, its messages on stderr; under 4 GiB of address
# space, so that a reader that lost its bound fails here, not the machine.
peak() { (ulimit -v $((4 << 20)) && python3 "$GEN" peak "$ZSB" "$@"); }

@test "reader bounds: 32 MiB of real cells read back in under 14 times its size (peak RSS, measured 11.3)" {
	python3 "$GEN" real 32M "$TMP/real.json"
	size=$(stat -c %s "$TMP/real.json")
	# The long CSV reads the whole file as show does, without the table's comparisons.
	run --separate-stderr peak show --format csv "$TMP/real.json"
	read -r kib status secs <<<"$output"
	echo "# real cells: $size bytes, peak RSS $kib KiB ($((kib * 1024 * 10 / size)) tenths of its size), $secs s" >&3
	[ "$status" -eq 0 ]
	[ "$((kib * 1024))" -le "$((14 * size))" ]
}

# Refused: exit 2, one line naming the file, what went over and the rule; in bounded memory and
# CPU time (its own work, whatever else runs beside). A kind refused before its DOM is built
# costs its text (read whole) and little else.
refused() {
	local kind=$1 most=$2 size kib status secs
	python3 "$GEN" "$kind" 32M "$TMP/$kind.json"
	size=$(stat -c %s "$TMP/$kind.json")
	run --separate-stderr peak show "$TMP/$kind.json"
	read -r kib status secs <<<"$output"
	echo "# $kind: peak RSS $kib KiB, $secs s: $stderr" >&3
	[ "$status" -eq 2 ]
	[ "$(wc -l <<<"$stderr")" -eq 1 ]
	[[ "$stderr" == "zswapbench: $TMP/$kind.json: "*": $RULE" ]]
	[ "$((kib * 1024))" -le "$((most * size / 10 + (16 << 20)))" ]
	[ "${secs%.*}" -lt 5 ]
	rm -f "$TMP/$kind.json"
}

@test "reader bounds: 32 MiB of tiny objects, numbers, cells, trials, histograms, series or jobs refused before parsing, in 1.2 times its size" {
	for kind in objects numbers cells trials histograms series jobs; do
		refused "$kind" 12
	done
	[[ "$stderr" == *": 11184768 objects, 3 arrays and 5 values (8447 MiB parsed): $RULE" ]]
}

@test "reader bounds: 32 MiB of cells or histograms padded until their DOM fits refused as their structs go over, in 17 times its size" {
	refused cells-padded 170
	[[ "$stderr" == *": 52184 cells: $RULE" ]]
	refused histograms-padded 170
	# The trial where the budget runs out moves with the size of struct trial (13134 with its
	# twelve phases, of the file's 20,287): charged as it goes, not refused at its start.
	[[ "$stderr" =~ ": cell c, trial "([0-9]+)": its latency histograms: " ]]
	[[ "$stderr" == *"$RULE" ]]
	[ "${BASH_REMATCH[1]}" -gt 12000 ]
	[ "${BASH_REMATCH[1]}" -lt 20287 ]
}
