# shellcheck shell=bash
# Expected skips, shared by tests/run-all.sh (tests/cli/expected-skips.txt) and the VM tier
# (tests/vm/expected-skips): a file of the lines bats prints after "ok N " for a test it skipped
# (its name, " # skip ", the reason). Lines before any heading apply everywhere; those under a
# heading [GLOB] where GLOB matches the context (the VM tier: the guest's kernel release). Blank
# lines and lines starting with # are comments. A skip not allowed counts as a failure.

# The lines of FILE that apply to CONTEXT, one a line.
skips_allowed() { # FILE CONTEXT
	local line glob='*'
	while IFS= read -r line || [ -n "$line" ]; do
		line=${line%$'\r'}
		case $line in
		'' | '#'*) ;;
		'['*']') glob=${line:1:${#line}-2} ;;
		*)
			# shellcheck disable=SC2053 # the heading is a glob on purpose
			if [[ $2 == $glob ]]; then printf '%s\n' "$line"; fi ;;
		esac
	done <"$1"
	return 0
}

# The skipped tests of the TAP file that are not among ALLOWED (lines, as skips_allowed gives
# them), one a line, as bats printed them after "ok N ".
skips_unexpected() { # TAP ALLOWED
	local line
	grep '^ok .* # skip' "$1" | sed -E 's/^ok [0-9]+ //; s/ in [0-9]+ms( # skip)/\1/; s/ # in [0-9]+ ms$//' | while IFS= read -r line; do
		grep -qxF -- "$line" <<<"$2" || printf '%s\n' "$line"
	done
	return 0
}

# The lines of FILE whose test (the name before " # skip ") is no test of the bats files in DIR.
skips_stale() { # FILE DIR
	local line name
	while IFS= read -r line || [ -n "$line" ]; do
		line=${line%$'\r'}
		case $line in '' | '#'* | '['*']') continue ;; esac
		name=${line%% # skip *}
		grep -qF -e "@test \"$name\" {" -e "@test '$name' {" "$2"/*.bats || printf '%s\n' "$line"
	done <"$1"
	return 0
}
