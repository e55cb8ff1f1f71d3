#!/usr/bin/env python3
"""The mutation lists (tests/mutation/*.mutants) against the code, without running a mutant.

A snippet that drifted from its file tests nothing, and a file without mutants is a file whose
tests nobody has tried to fail: both are caught here on every make check, in the TAP lines
tests/run-all.sh counts. tests/mutation/run.sh (make mutation) is what plants them.
"""
import glob
import os
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
