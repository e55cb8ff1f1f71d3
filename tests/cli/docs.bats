#!/usr/bin/env bats
# The man page and the bash, zsh and fish completions that tools/gen-docs writes from the
# option table (docs.mk): they render, and they name every option --help lists and no hidden
# one. Only --help runs here: nothing on the machine changes, and root is not needed.
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
		'"EXIT STATUS"' FILES ENVIRONMENT EXAMPLES '"SEE ALSO"'; do
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

@test "completion: --format offers the formats, for show too" {
	run completions zswapbench --format ""
	same_set "$output" "$(printf '%s\n' table json csv markdown)"
	run completions zswapbench show --format m
	[ "$output" = markdown ]
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
	same_set "$output" "$(printf '%s\n' seq zero random compressible: pattern: file: mixed)"
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

# The first column of the README's option table, one option name a line ("-l" and "--limit").
readme_table_options() {
	grep -E '^\| `' "$TOP/README.md" | cut -d'|' -f2 | grep -oE -- '`-{1,2}[[:alnum:]-]+' | tr -d '`' | grep -vx -- --
}

@test "README: its option table has each option of --help exactly once, with its short form" {
	local opt short n table
	table=$(readme_table_options)
	for opt in $(help_options); do
		n=$(grep -cx -- "$opt" <<<"$table")
		[ "$n" -eq 1 ] || { echo "$opt is in the README's option table $n times" >&2; return 1; }
		short=$("$ZSB" --help | grep -oE -- "^ +-[[:alnum:]], $opt( |\$)" | grep -oE -- '-[[:alnum:]],' | tr -d ,) || true
		[ -z "$short" ] || grep -qx -- "$short" <<<"$table" || { echo "$opt: no $short in the README" >&2; return 1; }
	done
	# ... and nothing --help does not list: no hidden option, no option that is gone.
	for opt in $(grep -- '^--' <<<"$table"); do
		help_options | grep -qx -- "$opt" || { echo "$opt is in the README but not in --help" >&2; return 1; }
	done
}

@test "README: the metric table has each metric of the result file once, in its unit" {
	local key unit row
	while read -r key unit; do
		row=$(grep -E "^\| ([a-z0-9_]+, )*$key(, [a-z0-9_]+)* \|" "$TOP/README.md") ||
			{ echo "no README row for $key" >&2; return 1; }
		[ "$(wc -l <<<"$row")" -eq 1 ] || { echo "$key has several rows" >&2; return 1; }
		[ -z "$unit" ] || [[ "$(cut -d'|' -f3 <<<"$row")" == *"$unit"* ]] ||
			{ echo "$key: the README's unit is not the result file's '$unit'" >&2; return 1; }
	# A swap run, a block device's and a filesystem's: each records the metrics it has.
	done < <(for f in disk-zram block-zram-disk fs-compressors; do
		jq -r '.metrics | to_entries[] | "\(.key) \(.value.unit)"' "$BATS_TEST_DIRNAME/../fixtures/results/$f.json"
	done | sort -u)
}

@test "README: its set-up section names every package make deps and deps-test install" {
	local pkgs missing=() p
	pkgs=$(make -s -C "$TOP" --no-print-directory -f Makefile -f - print-packages <<<'print-packages: ; @echo $(DEB_PKGS) $(TEST_PKGS)')
	[ -n "$pkgs" ]
	section=$(sed -n '/^## Set up/,/^## Usage/p' "$TOP/README.md")
	for p in $pkgs; do
		grep -qw -- "$p" <<<"$section" || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] || { echo "not in README's set-up section: ${missing[*]}" >&2; return 1; }
}
