#!/usr/bin/env bash
# The VM tier's test of make kernel-ab: the smoke config on two kernels (KERNEL_AB_TEST_KERNELS,
# default "6.1 6.12", as a user would type them), each booted twice, interleaved. Every result
# file comes back with status complete, from the kernel it is named by, the boots in order A B A
# B, and the comparison (grouped by kernel) names both kernels.
# Prints one TAP line, "ok N kernel-ab: ..." (N: $1, default 1), with diagnostics on failure.
set -u
here=$(cd "$(dirname "$0")" && pwd)
n=${1:-1}
read -ra kernels <<<"${KERNEL_AB_TEST_KERNELS:-6.1 6.12}"
out=$(mktemp -d)
log=$out/log
child=''
trap '[ -z "$child" ] || kill "$child" 2>/dev/null; rm -rf "$out"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
start=$(date +%s)

boots=${KERNEL_AB_TEST_BOOTS:-2}
KERNEL_AB_OUT=$out/results KERNEL_AB_BUDGET=${KERNEL_AB_BUDGET:-300} KERNEL_AB_BOOTS=$boots \
	"$here/kernel-ab.sh" "${kernels[*]}" "$here/kernel-ab-smoke.conf" >"$log" 2>&1 &
child=$!
wait "$child"
rc=$?
child=''

problems=()
[ "$rc" -eq 0 ] || problems+=("kernel-ab exited $rc")
[ "$rc" -ne 77 ] || { echo "ok $n kernel-ab: # skip $(grep -m1 'skipped:' "$log")"; exit 0; }
files=()
for f in "$out"/results/kernel-ab-*-boot*.json; do [ -e "$f" ] && files+=("$f"); done
[ ${#files[@]} -eq $((${#kernels[@]} * boots)) ] ||
	problems+=("${#files[@]} result files for ${#kernels[@]} kernels booted $boots times")
# Each kernel's boots, named by the kernel they ran on; the boots' start times in the order A B A B.
base='' new='' order=()
for b in $(seq "$boots"); do
	for i in "${!kernels[@]}"; do
		k=${kernels[i]}
		f=
		for g in ${files[@]+"${files[@]}"}; do
			kver=${g##*/kernel-ab-}
			kver=${kver%-boot*.json}
			case $g in *-boot"$b".json) case $kver in "$k".* | "$k"-*) f=$g ;; esac ;; esac
		done
		if [ -z "$f" ]; then
			problems+=("no result file of a kernel $k, boot $b")
			continue
		fi
		kver=${f##*/kernel-ab-}
		kver=${kver%-boot*.json}
		[ "$(jq -r .status "$f" 2>/dev/null)" = complete ] || problems+=("$kver boot $b: status $(jq -r .status "$f" 2>/dev/null)")
		[ "$(jq -r .system.kernel "$f" 2>/dev/null)" = "$kver" ] || problems+=("$kver boot $b: system.kernel is $(jq -r .system.kernel "$f" 2>/dev/null)")
		order+=("$(jq -r .started "$f" 2>/dev/null)")
		if [ "$i" -eq 0 ]; then base=$kver; else new=$kver; fi
	done
done
[ "$(printf '%s\n' ${order[@]+"${order[@]}"})" = "$(printf '%s\n' ${order[@]+"${order[@]}"} | sort)" ] ||
	problems+=("the boots did not run interleaved: ${order[*]}")
header=$(grep -E '^(base|new) ' "$log")
[ -z "$base" ] || grep -q "^base kernel $base ($boots files)" <<<"$header" || problems+=("compare's header does not name $base, $boots boots, as the base")
[ -z "$new" ] || grep -q "^new  kernel $new ($boots files)" <<<"$header" || problems+=("compare's header does not name $new, $boots boots")

took=$(($(date +%s) - start))
if [ ${#problems[@]} -eq 0 ]; then
	echo "ok $n kernel-ab: $base against $new, $boots boots each, interleaved, all complete, compared by boot ($took s)"
	printf '# %s\n' "${header//$'\n'/$'\n'# }"
else
	echo "not ok $n kernel-ab: ${kernels[*]} ($took s)"
	printf '# %s\n' "${problems[@]}"
	sed 's/^/#   /' "$log"
fi
