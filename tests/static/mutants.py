#!/usr/bin/env python3
"""The mutation lists (tests/mutation/*.mutants) against the code, without running a mutant.

A snippet that drifted from its file tests nothing, and a file without mutants is a file whose
tests nobody has tried to fail: both are caught here on every make check, in the TAP lines
tests/run-all.sh counts. tests/mutation/run.sh (make mutation) is what plants them.

The integration tier's list (tests/mutation/*.imutants, planted by run-integration.sh) is held
to its code and its tests the same way: six fields, the snippet once in its file, the bats file
there and its filter naming at least one of its tests. It is not the unit tier's: not counted
toward a file's three mutants, not in a folder's list.
"""
import glob
import os
import re
import shutil
import subprocess
import sys

TOP = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
MUTATION = os.path.join(TOP, "tests", "mutation")
# A file with logic gets at least this many mutants (a bound, a unit, a sign...).
PER_FILE = 3
results = []


def check(name, problems):
    results.append((name, problems))


def list_folder(list_path):
    """The folder of src/ a list is for: common, hogger, or a folder of src/runner/."""
    name = os.path.basename(list_path)[: -len(".mutants")]
    if name in ("common", "hogger"):
        return "src/" + name
    if name == "runner":
        return "src/runner"
    return "src/runner/" + name


def of_folder(folder, list_for):
    """A file of the list's folder or of a folder inside it (report/formats/ is report's);
    src/runner's own list holds its own files alone, each folder of it having its list."""
    if folder == list_for:
        return True
    return list_for != "src/runner" and folder.startswith(list_for + "/")


def read_mutants():
    """(list, line number, fields) for every mutant line of every list."""
    for path in sorted(glob.glob(os.path.join(MUTATION, "*.mutants"))):
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f.read().split("\n"), 1):
                if line and not line.startswith("#"):
                    yield os.path.relpath(path, TOP), n, line.split("\t")


def read_imutants():
    """(list, line number, fields) for every line of the integration tier's lists."""
    for path in sorted(glob.glob(os.path.join(MUTATION, "*.imutants"))):
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f.read().split("\n"), 1):
                if line and not line.startswith("#"):
                    yield os.path.relpath(path, TOP), n, line.split("\t")


# A test's name as bats reads it (bats-preprocess's pattern, a quote stripped at each end).
TEST_RE = re.compile(r"^[ \t]*@test[ \t]+(.*[^ \t])[ \t]+\{(.*)$")


def test_names(path):
    names = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = TEST_RE.match(line.rstrip("\n").replace("\r", ""))
            if m:
                name = m.group(1)
                name = name[1:] if name[:1] in "'\"" else name
                names.append(name[:-1] if name[-1:] in "'\"" else name)
    return names


def selected(filt, names):
    """The names bats -f FILTER runs: bash's =~, as bats matches (None: not a regex bash takes).
    Without bash, Python's re, which reads the usual regexes alike."""
    bash = shutil.which("bash")
    if not bash:
        try:
            return [n for n in names if re.search(filt, n)]
        except re.error:
            return None
    script = ('f=$1; shift; for n; do [[ $n =~ $f ]]; r=$?; [ $r -eq 2 ] && exit 2; '
              '[ $r -eq 0 ] && printf "%s\\n" "$n"; done; exit 0')
    out = subprocess.run([bash, "-c", script, "_", filt, *names], capture_output=True, text=True)
    if out.returncode == 2:
        return None
    return [n for n in out.stdout.split("\n") if n]


def check_imutants():
    shape, drifted, tests, same = [], [], [], []
    seen, names_of = set(), {}
    for where, n, fields in read_imutants():
        at = f"{where}:{n}"
        if len(fields) != 6 or not all(fields):
            shape.append(f"{at}: not FILE<TAB>ORIGINAL<TAB>REPLACEMENT<TAB>BATS<TAB>FILTER<TAB>WHAT")
            continue
        path, old, new, bats, filt, _ = fields
        full = os.path.join(TOP, path)
        if not path.startswith(("src/", "tools/", "docs/")) or not os.path.isfile(full):
            drifted.append(f"{at}: no file {path} under src/, tools/ or docs/")
        else:
            with open(full, encoding="utf-8") as f:
                times = f.read().count(old)
            if times != 1:
                drifted.append(f"{at}: the snippet is in {path} {times} times, not once: {old!r}")
        if old == new or (path, old, new) in seen:
            same.append(f"{at}: a mutant that changes nothing or is listed twice")
        seen.add((path, old, new))
        name = bats[3:] if bats.startswith("vm:") else bats
        test_file = os.path.join(TOP, "tests", "cli", name)
        if "/" in name or not name.endswith(".bats") or not os.path.isfile(test_file):
            tests.append(f"{at}: no test file tests/cli/{name}")
            continue
        if test_file not in names_of:
            names_of[test_file] = test_names(test_file)
        chosen = selected(filt, names_of[test_file])
        if chosen is None:
            tests.append(f"{at}: the filter is no regex: {filt!r}")
        elif not chosen:
            tests.append(f"{at}: the filter {filt!r} names no test of {name}")
    check("every integration mutant line has six tab-separated fields", shape)
    check("every integration mutant's snippet is in its file exactly once", drifted)
    check("every integration mutant's test file is there and its filter names a test of it", tests)
    check("every integration mutant changes its snippet, once", same)


def read_exempt():
    """The files without mutants, each with the reason it has none."""
    exempt = {}
    with open(os.path.join(MUTATION, "exempt.txt"), encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                path, _, why = line.partition("\t")
                exempt[path] = why.strip()
    return exempt


def main():
    shape, drifted, wrong_list, same = [], [], [], []
    count = {}
    seen = set()
    for where, n, fields in read_mutants():
        at = f"{where}:{n}"
        if len(fields) != 4 or not all(fields):
            shape.append(f"{at}: not FILE<TAB>ORIGINAL<TAB>REPLACEMENT<TAB>WHAT")
            continue
        path, old, new, _ = fields
        if not of_folder(os.path.dirname(path), list_folder(where)):
            wrong_list.append(f"{at}: {path} is not of {list_folder(where)}/")
        full = os.path.join(TOP, path)
        if not os.path.isfile(full):
            drifted.append(f"{at}: no file {path}")
            continue
        with open(full, encoding="utf-8") as f:
            times = f.read().count(old)
        if times != 1:
            drifted.append(f"{at}: the snippet is in {path} {times} times, not once: {old!r}")
        if old == new or (path, old, new) in seen:
            same.append(f"{at}: a mutant that changes nothing or is listed twice")
        seen.add((path, old, new))
        count[path] = count.get(path, 0) + 1
    check("every mutant line has four tab-separated fields", shape)
    check("every mutant's snippet is in its file exactly once", drifted)
    check("every mutant is in its folder's list", wrong_list)
    check("every mutant changes its snippet, once", same)

    exempt = read_exempt()
    sources = sorted(os.path.relpath(p, TOP) for p in glob.glob(os.path.join(TOP, "src", "**", "*.c"), recursive=True))
    few = [f"{p}: {count.get(p, 0)} mutants, {PER_FILE} wanted" for p in sources
           if p not in exempt and count.get(p, 0) < PER_FILE]
    check(f"every .c file under src/ has at least {PER_FILE} mutants or a reason in tests/mutation/exempt.txt", few)
    stale = [f"{p}: exempt but {'gone' if p not in sources else 'has mutants'}" for p in exempt
             if p not in sources or count.get(p, 0) > 0]
    no_reason = [f"{p}: no reason given" for p, why in exempt.items() if not why]
    check("every exemption names a file without mutants, with its reason", stale + no_reason)
    check_imutants()

    for n, (name, problems) in enumerate(results, 1):
        print(f"{'not ok' if problems else 'ok'} {n} - {name}")
        for p in problems[:40]:
            print(f"#   {p}")
        if len(problems) > 40:
            print(f"#   ... and {len(problems) - 40} more")
    print(f"1..{len(results)}")
    return 1 if any(p for _, p in results) else 0


if __name__ == "__main__":
    sys.exit(main())
