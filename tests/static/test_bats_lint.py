#!/usr/bin/env python3
"""bats_lint.py's checks, each shown to fail on a violation planted in a copy of the tests.

As test_house.py does for house.py: each case copies the files bats_lint.py reads
(tests/cli/*.bats, tests/cli/*.bash, tests/vm/*.bats), plants one violation in a test or a
helper, runs bats_lint.py --root on the copy and expects exactly the checks the violation breaks
to fail, each naming the planted file and line, and every other check to pass. One case plants
a file of the forms the checks must leave alone (guards, conditions, `! cmd || ...`, a `!` that
ends its test, heredoc bodies, single quotes) and expects every check to pass.

    python3 tests/static/test_bats_lint.py

prints TAP, then "N passed, N failed" (tests/run-all.sh counts the TAP lines).
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

TOP = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
LINT = os.path.join(TOP, "tests", "static", "bats_lint.py")
READ = ("tests/cli/*.bats", "tests/cli/*.bash", "tests/vm/*.bats")
# A check by a piece of its TAP name.
CHECKS = {
    "read": "is read to its end",
    "and": "tests joined by &&",
    "not": "no ! pipeline asserts",
    "lost": "exit status is lost",
}

GUARDS = r"""#!/usr/bin/env bats
# What bats_lint.py must leave alone: each failure below is one errexit sees, or none is meant.

load helpers

planted_guard() {
	local n
	n=$(planted_count "$1")
	local sum=$((n + 1)) arr=(a b)
	[ -e "$1" ] && rm -f "$1"
	! test -e "$1"
}

planted_count() { echo 0; }

@test "planted: guards, conditions, ! where it counts, quotes and heredocs" {
	[ -e "$TMP/a" ] && rm -f "$TMP/a"
	[ -e "$TMP/a" ] &&
		rm -f "$TMP/a"
	[ -n "${X:-}" ] && [ -n "${Y:-}" ] || skip "no X and Y"
	if [ -n "${X:-}" ] && [ -n "${Y:-}" ]; then echo both; elif [ -e a ] && [ -e b ]; then :; fi
	while [ -e "$TMP/b" ] && [ -e "$TMP/c" ]; do break; done
	until [ -e "$TMP/d" ] || [ -e "$TMP/e" ]; do break; done
	[[ -n "${X:-}" && -n "${Y:-}" ]] || true
	[[ "$output" != *"a"* && "$output" != *'b'* ]]
	for f in a b; do [ -e "$f" ] && break; done
	[ "$(planted_count x)" -eq 0 ]
	run ! grep -q planted "$TMP/none"
	! command -v planted-tool >/dev/null || planted-tool --check
	out=$(planted_guard "$TMP/g")
	echo "$out: $(cat /proc/loadavg) $(date +%s)"
	echo '$(planted_guard x)' "\$(planted_guard y)" "$((1 + 2))"
	python3 - <<'PY'
import sys
assert 1 and 2
print("! x", "[ a ] && [ b ]", "$(planted_guard z)")
PY
	case $X in a) [ -e a ] && rm a ;; *) : ;; esac
	! grep -q planted "$TMP/none"
}
"""


def run_lint(root):
    out = subprocess.run([sys.executable, LINT, "--root", root], capture_output=True, text=True)
    checks, current = {}, None
    for line in out.stdout.splitlines():
        m = re.match(r"(not ok|ok) \d+ - (.*)$", line)
        if m:
            current = {"failed": m.group(1) == "not ok", "says": []}
            checks[m.group(2)] = current
        elif line.startswith("#   ") and current is not None:
            current["says"].append(line[4:])
    if not checks:
        checks["(bats_lint.py)"] = {"failed": True, "says": [out.stderr.strip()]}
    return checks


def find(checks, key):
    for name, c in checks.items():
        if CHECKS[key] in name:
            return c
    return None


def verdict(checks, expected, planted):
    """What is wrong with bats_lint.py's answer: empty if exactly the expected checks fail, each
    naming planted."""
    wrong = []
    for key in CHECKS:
        c = find(checks, key)
        if c is None:
            wrong.append(f"no check '{CHECKS[key]}' in bats_lint.py's output")
        elif key in expected and not c["failed"]:
            wrong.append(f"'{CHECKS[key]}' passed")
        elif key in expected and not any(said.startswith(planted) for said in c["says"]):
            wrong.append(f"'{CHECKS[key]}' failed without naming {planted}: {c['says'][:3]}")
        elif key not in expected and c["failed"]:
            wrong.append(f"'{CHECKS[key]}' failed too: {c['says'][:3]}")
    if "(bats_lint.py)" in checks:
        wrong.append(f"bats_lint.py printed no TAP: {checks['(bats_lint.py)']['says']}")
    return wrong


def insert_after(root, rel, anchor, text):
    """text as lines after the one line of rel holding anchor; the first of them's number."""
    path = os.path.join(root, rel)
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    at = [n for n, line in enumerate(lines) if anchor in line]
    if len(at) != 1:
        raise RuntimeError(f"'{anchor}' is on {len(at)} lines of {rel}, not one")
    lines[at[0] + 1:at[0] + 1] = text.split("\n")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    return at[0] + 2


def plant(rel, anchor, text, expected):
    def planting(root):
        line = insert_after(root, rel, anchor, text)
        return expected, f"{rel}:{line}:"
    return planting


def plant_unclosed(root):
    rel = "tests/cli/services.bats"
    with open(os.path.join(root, rel), "a", encoding="utf-8") as f:
        f.write('\n@test "planted" {\n\techo "unclosed\n}\n')
    return {"read"}, f"{rel}: line "


def plant_guards(root):
    with open(os.path.join(root, "tests/cli/planted_guards.bats"), "w", encoding="utf-8") as f:
        f.write(GUARDS)
    return set(), ""


CASES = [
    ("two [ ] joined by && in mid-test (services.bats' steps, as it was)",
     plant("tests/cli/services.bats", '[ "$steps" -le 3 ]',
           '\t[ "$steps" -ge 1 ] && [ "$steps" -le 3 ]', {"and"})),
    ("[[ ]] and grep -q joined by && over two lines, in a loop's body",
     plant("tests/cli/views.bats", '[ "$warned" -lt "$verdict" ]',
           '\t\t[[ -n "$warned" ]] &&\n\t\t\tgrep -q "$load_warning" <<<"$output"', {"and"})),
    ("test and [ ] joined by && in mid-test",
     plant("tests/cli/run.bats", '[ "$n0" -le 6 ]', '\ttest "$n0" -ge 3 && [ "$n0" -le 6 ]',
           {"and"})),
    ("a ! pipeline in mid-test, in a loop's body (as html.bats had one)",
     plant("tests/cli/device.bats", '[ "$pause" != fill ] || grep -q zswapbench /proc/self/mounts',
           "\t\t! grep -q zswapbench /proc/self/mounts", {"not"})),
    ("a ! pipeline in mid-function of helpers.bash",
     plant("tests/cli/helpers.bash", "json() {", "\t! test -e /planted/nowhere", {"not"})),
    ("a test followed by a ! pipeline, joined by &&, in mid-test",
     plant("tests/cli/run.bats", '[ "$n0" -le 6 ]',
           '\t[ -n "$n0" ] && ! grep -q planted "$TMP/r.json"', {"and", "not"})),
    ("echo of a check function's $(...) (views.bats' gfm_agrees, as it was)",
     plant("tests/cli/views.bats", 'echo "$args: $agrees"',
           '\t\techo "$args: $(gfm_agrees "$TMP/$n.md" "$TMP/$n.html")"', {"lost"})),
    ("printf of a helper's $(...)",
     plant("tests/cli/pressure.bats", 'echo "settled $settled',
           """\tprintf '%s\\n' "status $(json .status "$TMP/r.json")\"""", {"lost"})),
    ("local x=$(...) in a helper",
     plant("tests/cli/helpers.bash", "json() {", "\tlocal planted=$(machine_state)", {"lost"})),
    ("a quote left open", plant_unclosed),
    ("none: guards, conditions, ! at a test's end or before ||, quotes, heredocs (a planted file)",
     plant_guards),
]


def copy_tree(dest, patterns=READ):
    for pattern in patterns:
        for src in glob.glob(os.path.join(TOP, pattern)):
            to = os.path.join(dest, os.path.relpath(src, TOP))
            os.makedirs(os.path.dirname(to), exist_ok=True)
            shutil.copy2(src, to)


def main():
    lines, passed, failed = [], 0, 0

    def report(name, wrong):
        nonlocal passed, failed
        n = passed + failed + 1
        if wrong:
            failed += 1
            lines.append(f"not ok {n} - bats_lint.py {name}")
            lines.extend(f"#   {w}" for w in wrong)
        else:
            passed += 1
            lines.append(f"ok {n} - bats_lint.py {name}")

    with tempfile.TemporaryDirectory(prefix="test_bats_lint.") as tmp:
        base = os.path.join(tmp, "base")
        copy_tree(base)
        checks = run_lint(base)
        report("passes the copy, as it is, on every check",
               [f"'{n}' failed: {c['says'][:3]}" for n, c in checks.items() if c["failed"]])
        empty = os.path.join(tmp, "empty")
        os.makedirs(empty)
        checks = run_lint(empty)
        report("fails every check where it finds no file to read",
               [f"'{CHECKS[k]}' passed" for k in CHECKS
                if not (find(checks, k) or {}).get("failed")])
        for n, (name, planting) in enumerate(CASES):
            root = os.path.join(tmp, f"case{n}")
            shutil.copytree(base, root)
            try:
                expected, planted = planting(root)
            except (OSError, RuntimeError) as e:
                report(f"fails on {name}", [f"could not plant it: {e}"])
                continue
            checks = run_lint(root)
            if expected:
                report(f"fails on {name}", verdict(checks, expected, planted))
            else:
                report(f"leaves alone {name[len('none: '):]}", verdict(checks, set(), planted))
            shutil.rmtree(root)
    for line in lines:
        print(line)
    print(f"1..{passed + failed}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
