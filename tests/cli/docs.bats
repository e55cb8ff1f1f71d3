#!/usr/bin/env bats
# The man page and the bash, zsh and fish completions that tools/gen-docs writes from the
# option table (docs.mk): they render, and they name every option --help lists and no hidden
# one; and the README with docs/: the options in docs/options.md, the README's set-up commands
# and packages, their width, their links, and their example runs, each as a dry run. Only
# --help and -n run here: nothing on the machine changes, and root is not needed.
# Needs `make all docs`, man-db and groff; zsh and fish for their completions' tests.
bats_require_minimum_version 1.5.0
load helpers

TOP="$BATS_TEST_DIRNAME/../.."
MAN="$TOP/build/docs/zswapbench.8"
COMPLETION="$TOP/build/docs/zswapbench.bash-completion"
ZSH_COMPLETION="$TOP/build/docs/_zswapbench"
FISH_COMPLETION="$TOP/build/docs/zswapbench.fish"

setup() {
	if [ ! -x "$ZSB" ] || [ ! -f "$MAN" ] || [ ! -f "$COMPLETION" ] || [ ! -f "$ZSH_COMPLETION" ] ||
		[ ! -f "$FISH_COMPLETION" ]; then
		echo "build first: make all && make -f Makefile -f docs.mk docs" >&2
		return 1
	fi
}

# The long options a --help lists in its option column: help_options [show|compare].
help_options() {
	"$ZSB" "$@" --help | grep -oE '^ +(-[[:alnum:]], )?--[[:alnum:]-]+' | grep -oE -- '--[[:alnum:]-]+'
}

# The command words of the table main.c dispatches from (the run has none), read from the
# source, not from gen-docs.
dispatched_commands() {
	# A row's name, unless the row says it is implicit (the run has no word of its own).
	awk '/\{ \.name = "[a-z-]+"/ { if (name != "" && !implicit) print name; split($0, f, "\""); name = f[2]; implicit = 0 }
	     /\.implicit = 1/ { implicit = 1 }
	     END { if (name != "" && !implicit) print name }' "$TOP/src/runner/commands/commands.c"
}

# The options marked OPT_HIDDEN in the table, read from the source, not from gen-docs.
hidden_options() {
	awk '/^[[:space:]]*\[O_[A-Z0-9_]+\] = \{ "/ { split($0, f, "\""); name = f[2] }
	     /OPT_HIDDEN/ && name != "" { print "--" name; name = "" }' "$TOP/src/runner/cli/option_table.c"
}

rendered() {
	MANWIDTH=80 man -l "$MAN"
}

# COMPREPLY for the last word, one per line: completions zswapbench --swap ""
completions() {
	# shellcheck source=/dev/null
	source "$COMPLETION"
	COMP_WORDS=("$@")
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	COMPREPLY=()
	_zswapbench
	if [ ${#COMPREPLY[@]} -gt 0 ]; then printf '%s\n' "${COMPREPLY[@]}"; fi
}

# Are the lines of $1 the lines of $2, in any order? Says which differ when not.
same_set() {
	diff <(sort -u <<<"$1") <(sort -u <<<"$2") >&2
}

@test "man page: renders at 80 columns without a warning" {
	command -v man >/dev/null || skip "man-db is not installed"
	# man-db passes groff's warnings on only when asked: --warnings=w is all of them.
	run --separate-stderr env MANWIDTH=80 man --warnings=w -l -Tutf8 "$MAN"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ] || { echo "$stderr" >&2; return 1; }
	[ -n "$output" ]
}

@test "man page: groff -ww finds nothing to warn about" {
	command -v groff >/dev/null || skip "groff is not installed"
	run --separate-stderr groff -man -Tutf8 -rLL=80n -ww -z "$MAN"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ] || { echo "$stderr" >&2; return 1; }
}

@test "man page: every '-' is written \\- (options paste as ASCII)" {
	local bare
	# Comments and the date in .TH are not text.
	bare=$(grep -vE '^\.(\\"|TH )' "$MAN" | grep -nE '(^|[^\\])-' || true)
	[ -z "$bare" ] || { echo "bare '-' in: $bare" >&2; return 1; }
}

@test "man page: the sections, and the date and version in .TH" {
	local section
	grep -qE "^\.TH ZSWAPBENCH 8 \"[0-9]{4}-[0-9]{2}-[0-9]{2}\" \"zswapbench $("$ZSB" --version | cut -d' ' -f2)\"" "$MAN"
	for section in NAME SYNOPSIS DESCRIPTION COMMANDS OPTIONS SIZES DURATIONS PATTERNS '"ACCESS MODES"' \
		METRICS '"EXIT STATUS"' FILES ENVIRONMENT EXAMPLES '"SEE ALSO"'; do
		grep -qx "\.SH $section" "$MAN" || { echo "no section $section" >&2; return 1; }
	done
	rendered | grep -q 'zramctl(8), swapon(8), mkswap(8)'
	rendered | grep -q '/var/lib/zswapbench/journal'
	rendered | grep -q 'ZSWAPBENCH_RUNDIR'
}

@test "man page: every option of zswapbench, show, compare and sysinfo --help has its entry" {
	local cmd opt page n=0
	page=$(rendered)
	for cmd in "" show compare sysinfo; do
		for opt in $(help_options $cmd); do
			grep -qE -- "^ +(-[[:alnum:]], )?$opt( |\$)" <<<"$page" || { echo "no entry for $cmd $opt" >&2; return 1; }
			n=$((n + 1))
		done
	done
	[ "$n" -gt 40 ]
}

@test "man page and completions: no hidden option" {
	local opt hidden
	hidden=$(hidden_options)
	[ -n "$hidden" ]
	for opt in $hidden; do
		! rendered | grep -qE -- "$opt([^[:alnum:]-]|\$)" || { echo "$opt in the man page" >&2; return 1; }
		! grep -qE -- "$opt([^[:alnum:]-]|\$)" "$COMPLETION" || { echo "$opt in the completion" >&2; return 1; }
		! grep -qE -- "$opt([^[:alnum:]-]|\$)" "$ZSH_COMPLETION" || { echo "$opt in zsh's" >&2; return 1; }
		! grep -qE -- "-l ${opt#--}( |\$)" "$FISH_COMPLETION" || { echo "$opt in fish's" >&2; return 1; }
	done
}

@test "completion: valid bash" {
	bash -n "$COMPLETION"
}

@test "completion: zswapbench -- offers exactly the options of --help, for show, compare and sysinfo too" {
	run completions zswapbench --
	same_set "$output" "$(help_options)"
	run completions zswapbench show --
	same_set "$output" "$(help_options show)"
	run completions zswapbench compare --
	same_set "$output" "$(help_options compare)"
	run completions zswapbench sysinfo --
	same_set "$output" "$(help_options sysinfo)"
}

@test "completion: --swap offers the backends, as a comma list" {
	run completions zswapbench --swap ""
	same_set "$output" "$(printf '%s\n' disk zram zswap none)"
	run completions zswapbench -s disk,z
	same_set "$output" "$(printf '%s\n' disk,zram disk,zswap)"
	# --swap=zr: bash has split the word at '='
	run completions zswapbench --swap = zr
	[ "$output" = zram ]
}

# Every format, compare's tap and junit too (the command line refuses them elsewhere, in a line).
@test "completion: --format offers the formats, for show and compare too" {
	run completions zswapbench --format ""
	same_set "$output" "$(printf '%s\n' table json csv markdown tap junit)"
	run completions zswapbench show --format m
	[ "$output" = markdown ]
	run completions zswapbench compare --format j
	same_set "$output" "$(printf '%s\n' json junit)"
}

@test "completion and man page: the first word completes to each command main.c dispatches" {
	local cmds cmd
	cmds=$(dispatched_commands)
	grep -qx show <<<"$cmds"
	run completions zswapbench sh
	[ "$output" = show ]
	run completions zswapbench ""
	same_set "$output" "$cmds"
	for cmd in $cmds; do
		rendered | grep -qE "^ +zswapbench $cmd( |\$)" || { echo "no $cmd in COMMANDS" >&2; return 1; }
	done
}

@test "completion: --config offers files and the presets of list-configs" {
	cd "$TOP"
	run completions "$ZSB" --config disk-vs
	[ "$output" = disk-vs-zram ]
	run completions "$ZSB" --config docs.m
	[ "$output" = docs.mk ]
}

@test "completion: show and compare take result files; -C is --columns, -o --output for every command" {
	cd "$BATS_TEST_TMPDIR"
	mkdir results && touch a.json notes.txt
	run completions zswapbench compare a.json ""
	same_set "$output" "$(printf '%s\n' a.json results)"
	run completions zswapbench show -C medi
	same_set "$output" "$(printf '%s\n' median median-ci)"
	run completions zswapbench -o n
	[ "$output" = notes.txt ]
	run completions zswapbench show -o n
	[ "$output" = notes.txt ]
}

# The algorithms this kernel offers, as the completions ask for them: zram's, else the crypto
# API's compressors.
kernel_algorithms() {
	{ cat /sys/block/zram*/comp_algorithm 2>/dev/null ||
		awk '/^name/ { n = $3 } /^type.*comp/ { print n }' /proc/crypto; } 2>/dev/null |
		tr -d '[]' | tr ' ' '\n' | grep . | sort -u
}

@test "completion: --comp offers all and this kernel's algorithms; --data, --access, --order their words" {
	local algos
	algos=$(kernel_algorithms)
	[ -n "$algos" ] || skip "this kernel lists no compressor"
	run completions zswapbench --comp ""
	same_set "$output" "$(printf '%s\n' all $algos)"
	run completions zswapbench --data c
	[ "$output" = compressible: ]
	run completions zswapbench --data ""
	same_set "$output" "$(printf '%s\n' seq zero random compressible: pattern: file: mixed profile:)"
	run completions zswapbench --access ""
	same_set "$output" "$(printf '%s\n' fill reread: random: hot: tabs:)"
	run completions zswapbench --order ""
	same_set "$output" "$(printf '%s\n' interleaved sequential shuffled)"
	run completions zswapbench sysinfo --format ""
	same_set "$output" "$(printf '%s\n' table json)"
}

# What _zswapbench offers for the words, its completion system replaced by stubs that print.
zsh_offers() {
	zsh -f "$BATS_TEST_DIRNAME/zsh_stubs.zsh" "$ZSH_COMPLETION" "$@"
}

# The long options of _arguments' specs: "--limit=[...]" as --limit.
zsh_options() {
	zsh_offers "$@" | grep -oE -- '^(\([^)]*\))?--[[:alnum:]-]+' | sed 's/^([^)]*)//'
}

@test "zsh completion: loads with compinit; each command offers exactly the options of its --help" {
	command -v zsh >/dev/null || skip "zsh is not installed"
	zsh -n "$ZSH_COMPLETION"
	head -1 "$ZSH_COMPLETION" | grep -qx '#compdef zswapbench'
	run zsh -f -c "fpath=(${ZSH_COMPLETION%/*} \$fpath); autoload -U compinit; compinit -u -D; print -r -- \$_comps[zswapbench]"
	[ "$output" = _zswapbench ]
	same_set "$(zsh_options zswapbench --)" "$(help_options)"
	same_set "$(zsh_options zswapbench show --)" "$(help_options show)"
	same_set "$(zsh_options zswapbench compare --)" "$(help_options compare)"
	same_set "$(zsh_options zswapbench sysinfo --)" "$(help_options sysinfo)"
	zsh_offers zswapbench show -C "" | grep -qF -- '(-C --columns)-C+['
	zsh_offers zswapbench show -o "" | grep -qF -- '(-o --output)-o+['
	zsh_offers zswapbench -o "" | grep -qF -- '(-o --output)-o+['
}

@test "zsh completion: command words, the values of options, a command after --" {
	local algos
	command -v zsh >/dev/null || skip "zsh is not installed"
	run zsh_offers zswapbench ""
	same_set "$(grep -v '^describe' <<<"$output" | cut -d: -f1)" "$(dispatched_commands)"
	run zsh -f -c "source $BATS_TEST_DIRNAME/zsh_stubs.zsh $ZSH_COMPLETION zswapbench >/dev/null
		_zswapbench_value run --swap; _zswapbench_value sysinfo --format; _zswapbench_value run --data
		_zswapbench_value run --comp; _zswapbench_value plot --output"
	[[ "$output" == *"values: -s , LIST disk zram zswap none"* ]]
	[[ "$output" == *"compadd: -- json"* ]]
	[[ "$output" != *"compadd: -- csv"* ]]
	[[ "$output" == *"compadd: -S  -- compressible:"* ]]
	[[ "$output" == *"files: -/"* ]]
	algos=$(kernel_algorithms)
	[ -z "$algos" ] || [[ "$output" == *"values: -s , algorithm all $(tr '\n' ' ' <<<"$algos" | sed 's/ $//')"* ]]
	run zsh_offers zswapbench --swap zram -- tar x
	[ "$output" = "normal: tar x" ]
}

# What fish offers for the command line $1, the words alone.
fish_offers() {
	fish --no-config -c "source $FISH_COMPLETION; complete -C '$1'" | cut -f1
}

@test "fish completion: each command offers the options of its --help, and the values of the table" {
	local algos
	command -v fish >/dev/null || skip "fish is not installed"
	fish --no-execute "$FISH_COMPLETION"
	same_set "$(fish_offers 'zswapbench --')" "$(help_options)"
	same_set "$(fish_offers 'zswapbench show --')" "$(help_options show)"
	same_set "$(fish_offers 'zswapbench sysinfo --')" "$(help_options sysinfo)"
	same_set "$(fish_offers 'zswapbench ')" "$(dispatched_commands)"
	same_set "$(fish_offers 'zswapbench --swap disk,z')" "$(printf '%s\n' disk,zram disk,zswap)"
	same_set "$(fish_offers 'zswapbench sysinfo --format ')" "$(printf '%s\n' table json)"
	same_set "$(fish_offers 'zswapbench show -C medi')" "$(printf '%s\n' median median-ci)"
	[ "$(fish_offers 'zswapbench --data comp')" = compressible: ]
	algos=$(kernel_algorithms)
	[ -z "$algos" ] || same_set "$(fish_offers 'zswapbench --comp ')" "$(printf '%s\n' all $algos)"
}

@test "completion: --user offers user names" {
	run completions zswapbench --user roo
	[ "$output" = root ]
}

# The README's options moved to docs/options.md (issue 37): a "## GROUP" heading for each group
# of --help, an item per option under it.
OPTIONS_DOC="$TOP/docs/options.md"

# The items of docs/options.md, "GROUP<TAB>NAME" a line, one option name a line ("-l" and
# "--limit"): what an item names comes before its first "`: ", its group is the "## " heading
# above it.
doc_table_options() {
	awk '/^## / { group = substr($0, 4) } /^- `-/ { print group "\t" $0 }' "$OPTIONS_DOC" |
		while IFS=$'\t' read -r group item; do
			sed 's/`: .*//' <<<"$item" | grep -oE -- '`-{1,2}[[:alnum:]-]+' | tr -d '`' |
				grep -vx -- -- | sed "s/^/$group\t/"
		done
}

# "GROUP<TAB>--option" for each option of --help, GROUP the heading it is listed under.
help_groups() {
	"$ZSB" --help | awk 'prev == "" && /^[A-Z].*:$/ { group = substr($0, 1, length($0) - 1) }
		{ prev = $0 }
		/^ +(-[[:alnum:]], )?--[[:alnum:]-]+/ { match($0, /--[[:alnum:]-]+/); print group "\t" substr($0, RSTART, RLENGTH) }'
}

@test "docs/options.md: each option of --help exactly once, with its short form, under its --help group" {
	local opt short n table groups group
	table=$(doc_table_options)
	[ -n "$table" ] || { echo "no option items in $OPTIONS_DOC" >&2; return 1; }
	groups=$(help_groups)
	for opt in $(help_options); do
		n=$(cut -f2 <<<"$table" | grep -cx -- "$opt" || true)
		[ "$n" -eq 1 ] || { echo "$opt is in docs/options.md $n times" >&2; return 1; }
		short=$("$ZSB" --help | grep -oE -- "^ +-[[:alnum:]], $opt( |\$)" | grep -oE -- '-[[:alnum:]],' | tr -d ,) || true
		[ -z "$short" ] || cut -f2 <<<"$table" | grep -qx -- "$short" || { echo "$opt: no $short in docs/options.md" >&2; return 1; }
		group=$(awk -F'\t' -v o="$opt" '$2 == o { print $1 }' <<<"$groups")
		[ -n "$group" ] || { echo "$opt: no group in --help" >&2; return 1; }
		grep -qxF -- "$group"$'\t'"$opt" <<<"$table" ||
			{ echo "$opt: --help has it under '$group', docs/options.md under '$(awk -F'\t' -v o="$opt" '$2 == o { print $1 }' <<<"$table")'" >&2; return 1; }
	done
	# ... and nothing --help does not list: no hidden option, no option that is gone.
	for opt in $(cut -f2 <<<"$table" | grep -- '^--'); do
		help_options | grep -qx -- "$opt" || { echo "$opt is in docs/options.md but not in --help" >&2; return 1; }
	done
	# The README points there.
	grep -qF '](docs/options.md' "$TOP/README.md"
}

# Every metric of the metric table (src/runner/result/metrics.c), "KEY UNIT" a line, the unit
# as the result file names it (bytes for a byte count): read from the table's rows, so a metric
# no fixture records (a service's, the pressure controller's, the reference probe's) is checked
# too; as many rows as enum metric_id has ids, or it fails.
metric_table() {
	local src="$TOP/src/runner/result" ids rows
	ids=$(awk '/^enum metric_id \{/,/M_COUNT/' "$src/metrics.h" | grep -cE '^\s*M_[A-Z0-9_]+,')
	# A row whose key is long has its unit on the next line, as clang-format wraps it: the
	# file's lines joined first.
	rows=$(tr '\n\t' '  ' <"$src/metrics.c" |
		grep -oE '\[M_[A-Z0-9_]+\] = \{ "[a-z0-9_]+", +UNIT_[A-Z_]+' |
		sed -E 's/.*"([a-z0-9_]+)", +(UNIT_[A-Z_]+)/\1 \2/')
	[ "$(wc -l <<<"$rows")" -eq "$ids" ] || { echo "metrics.c: $(wc -l <<<"$rows") rows read, $ids ids" >&2; return 1; }
	# The units' names, from metric_unit_name's table: [UNIT_X] = "name".
	declare -A name
	while read -r u n; do name[$u]=$n; done < <(grep -oE '\[UNIT_[A-Z_]+\] = "[^"]*"' "$src/metrics.c" |
		sed -E 's/\[(UNIT_[A-Z_]+)\] = "([^"]*)"/\1 \2/')
	name[UNIT_BYTES]=bytes
	while read -r key unit; do
		[ -n "${name[$unit]+set}" ] || { echo "$unit: no name in metrics.c" >&2; return 1; }
		echo "$key ${name[$unit]}"
	done <<<"$rows"
}

@test "man page: its METRICS section has each metric of the metric table once, in its unit" {
	local key unit section entry table
	section=$(rendered | sed -n '/^METRICS$/,/^EXIT STATUS$/p')
	[ -n "$section" ] || { echo "the man page has no METRICS section" >&2; return 1; }
	table=$(metric_table)
	# The ones the issue found unchecked are among them, and every fixture's metric.
	for key in throughput request_p99 settled_memory final_memory_high reference_time; do
		grep -q "^$key " <<<"$table" || { echo "$key is not in the metric table read" >&2; return 1; }
	done
	grep -qx 'cpu_s_per_swapped_gib s/GiB' <<<"$table"
	for f in "$BATS_TEST_DIRNAME"/../fixtures/results/*.json; do
		for key in $(jq -r '.metrics // {} | keys[]' "$f"); do
			grep -q "^$key " <<<"$table" || { echo "$f: $key is not in the metric table" >&2; return 1; }
		done
	done
	while read -r key unit; do
		# A short key has its text on the same line ("pokes  tabs: ..."); units have no ERE
		# character.
		entry="$key${unit:+ \($unit\)}"
		[ "$(grep -cE "^       $key( |\$)" <<<"$section")" -eq 1 ] ||
			{ echo "$key is not in METRICS exactly once" >&2; return 1; }
		grep -qE -- "^       $entry( |\$)" <<<"$section" || { echo "METRICS: no entry $key ($unit)" >&2; return 1; }
	done <<<"$table"
}

@test "README: its set-up commands, and a section naming every package make deps and deps-test install" {
	local pkgs missing=() p section
	# The two commands a newcomer types (.ci/run runs the second).
	section=$(sed -n '/^## Set up/,/^## /p' "$TOP/README.md")
	grep -qE '^    apt-get update && apt-get install -y make && make run( |$)' <<<"$section"
	grep -qE '^    make check( |$)' <<<"$section"
	grep -qx 'make check' "$TOP/.ci/run"
	pkgs=$(make -s -C "$TOP" --no-print-directory -f Makefile -f - print-packages <<<'print-packages: ; @echo $(DEB_PKGS) $(TEST_PKGS)')
	[ -n "$pkgs" ]
	section=$(sed -n '/^## What set-up installs$/,/^## /p' "$TOP/README.md")
	[ -n "$section" ] || { echo "the README has no section 'What set-up installs'" >&2; return 1; }
	for p in $pkgs; do
		grep -qw -- "$p" <<<"$section" || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] || { echo "not in README's What set-up installs: ${missing[*]}" >&2; return 1; }
}

# The README and the docs that hold what it held: a user's pages, each line within 100 columns.
USER_DOCS=(README.md docs/options.md docs/output.md docs/scenarios.md docs/running.md)

@test "README and the user's docs: no line over 100 columns" {
	local long
	# Characters, not bytes (awk counts bytes in some locales: "…" would be three).
	long=$(cd "$TOP" && python3 -c '
import sys
for f in sys.argv[1:]:
    for n, line in enumerate(open(f, encoding="utf-8"), 1):
        line = line.rstrip("\n")
        if len(line) > 100:
            print(f"{f}:{n}: {len(line)} columns")' "${USER_DOCS[@]}")
	[ -z "$long" ] || { echo "$long" >&2; return 1; }
}

@test "README: at most 500 lines, for users; the rest in docs/" {
	local n
	n=$(wc -l <"$TOP/README.md")
	[ "$n" -le 500 ] || { echo "README.md: $n lines" >&2; return 1; }
}

# The example runs of the README and docs/: "FILE:LINE<TAB>ARGS" for each `zswapbench ...` line
# of a code block (indented or fenced), its comment cut.
doc_examples() {
	local f
	for f in "$TOP"/README.md "$TOP"/docs/*.md; do
		awk -v file="${f#"$TOP"/}" '/^```/ { fence = !fence; next }
		     (fence || /^    /) && /^ *zswapbench( |$)/ {
			line = $0; sub(/^ *zswapbench */, "", line); sub(/(^| +)#.*$/, "", line)
			print file ":" NR "\t" line
		     }' "$f"
	done
}

# A config file the README or a doc shows starts with a comment naming it
# ("    # NAME.conf: ..."): written into the current directory, as a reader would save it.
doc_config_files() {
	awk '/^    # [a-z0-9-]+\.conf:/ { name = $2; sub(/:$/, "", name); printf "" > name; next }
	     name != "" && (/^    zswapbench/ || /^[^ ]/) { close(name); name = ""; next }
	     name != "" { line = $0; sub(/^    /, "", line); print line >> name }' "$TOP/README.md" "$TOP"/docs/*.md
}

@test "README and docs/: every example run dry-runs cleanly (-n): exit 0, no error line" {
	local n args words argv w dashed ran=0 ran_readme=0 failures=()
	cd "$BATS_TEST_TMPDIR"
	# The presets, as from the top of the tree; the config files the README and docs show.
	ln -s "$TOP/configs" configs
	doc_config_files
	[ -s my-experiment.conf ] || { echo "docs/scenarios.md's my-experiment.conf not found" >&2; return 1; }
	while IFS=$'\t' read -r n args; do
		words=()
		mapfile -d '' words < <(xargs -r printf '%s\0' <<<"$args")
		# A run (calibrate's too): not a command that takes no -n.
		case "${words[0]:-}" in show | compare | plot | report | cleanup | sysinfo | list-configs) continue ;; esac
		# A placeholder (a word in capitals, "..."): not a line to run as it stands.
		grep -qE '(^|[ =/])[A-Z][A-Z_]+([ ,./]|$)|\.\.\.' <<<"$args" && continue
		argv=() dashed=0
		for w in "${words[@]}"; do
			if [ "$w" = -- ] && [ "$dashed" -eq 0 ]; then argv+=(-n); dashed=1; fi
			argv+=("$w")
		done
		[ "$dashed" -eq 1 ] || argv+=(-n)
		run --separate-stderr "$ZSB" "${argv[@]}"
		ran=$((ran + 1))
		[[ "$n" != README.md:* ]] || ran_readme=$((ran_readme + 1))
		if [ "$status" -ne 0 ] || grep -qiE "error|try 'zswapbench --help'" <<<"$stderr"; then
			failures+=("$n: zswapbench $args: exit $status: $(grep -v '^zswapbench: warning:' <<<"$stderr" | head -n 1)")
		fi
	done < <(doc_examples)
	[ ${#failures[@]} -eq 0 ] || { printf '%s\n' "${failures[@]}" >&2; return 1; }
	# The extraction found the examples: the README's, and those that moved to docs/.
	[ "$ran_readme" -ge 15 ] || { echo "only $ran_readme example runs found in the README" >&2; return 1; }
	[ $((ran - ran_readme)) -ge 6 ] || { echo "only $((ran - ran_readme)) example runs found in docs/" >&2; return 1; }
}

# Every relative link of the README and docs/*.md, "[text](path#anchor)": the file (or folder)
# is there, and an anchor names a heading of that markdown file as GitHub makes its id (lower
# case, punctuation but - and _ dropped, spaces as -, a repeated heading's id numbered -1, -2).
# Code (fenced, indented, `inline`) holds no link.
@test "README and docs/: every relative link resolves, to a file and a heading" {
	local bad
	bad=$(cd "$TOP" && python3 - README.md docs/*.md <<'PY'
import os, re, sys

def code_out(text):
    keep, fence = [], False
    for line in text.split("\n"):
        if line.startswith("```"):
            fence = not fence
            keep.append("")
            continue
        indented = line.startswith("    ") and not line.lstrip().startswith(("- ", "[", "("))
        keep.append("" if fence or indented else line)
    # Inline code kept as long, so the line numbers and offsets hold.
    return re.sub(r"`[^`\n]*`", lambda m: "x" * len(m.group(0)), "\n".join(keep))

def ids(path):
    seen, found, fence = {}, set(), False
    for line in open(path, encoding="utf-8"):
        if line.startswith("```"):
            fence = not fence
            continue
        m = None if fence else re.match(r"^#{1,6} +(.*?)[ #]*$", line.rstrip("\n"))
        if not m:
            continue
        t = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", m.group(1))
        t = re.sub(r"[`*]", "", t).lower()
        s = "".join(c for c in t if c.isalnum() or c in " -_").replace(" ", "-")
        n = seen.get(s, 0)
        seen[s] = n + 1
        found.add(s if n == 0 else f"{s}-{n}")
    return found

bad, links = [], 0
for f in sys.argv[1:]:
    body = code_out(open(f, encoding="utf-8").read())
    for m in re.finditer(r"\[[^\]]*\]\(([^)\s]+)\)", body):
        target = m.group(1)
        if re.match(r"^[a-z]+:", target):
            continue
        links += 1
        where = f"{f}:{body.count(chr(10), 0, m.start()) + 1}: ({target})"
        path, _, anchor = target.partition("#")
        dest = os.path.normpath(os.path.join(os.path.dirname(f), path)) if path else f
        if not os.path.exists(dest):
            bad.append(f"{where}: no such file")
        elif anchor and (not dest.endswith(".md") or anchor not in ids(dest)):
            bad.append(f"{where}: no heading #{anchor} in {dest}")
if links < 50:
    bad.append(f"only {links} relative links found")
print("\n".join(bad))
PY
)
	[ -z "$bad" ] || { echo "$bad" >&2; return 1; }
}
