#!/usr/bin/env python3
"""The claims docs/architecture.md makes about the code's shape, checked against the code.

Each check prints one TAP line ("ok N - ..." or "not ok N - ...", with what broke it under it);
tests/run-all.sh counts them. The layer order is read from docs/architecture.md itself, so the
page and this test cannot drift apart.
"""
import os
import re
import sys

TOP = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
SRC = os.path.join(TOP, "src")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
results = []


def check(name, problems):
    results.append((name, problems))


def sources(root=SRC):
    for folder, _, files in os.walk(root):
        for f in sorted(files):
            if f.endswith((".c", ".h")):
                yield os.path.relpath(os.path.join(folder, f), SRC)


def read(rel):
    with open(os.path.join(SRC, rel), encoding="utf-8") as f:
        return f.read()


def strip_comments(text):
    """C source without its comments (strings kept: a path literal is what is looked for)."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text[i] == "'":
            j = i + 1
            while j < n and text[j] != "'":
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def layer_order():
    with open(os.path.join(TOP, "docs", "architecture.md"), encoding="utf-8") as f:
        for line in f:
            m = re.match(r"\s*Layers, bottom to top:\s*(.+)$", line)
            if m:
                return [w.strip(" `.") for w in m.group(1).split("->")]
    sys.exit("docs/architecture.md has no line 'Layers, bottom to top: a -> b -> ...'")


def layer_of(rel):
    """A file's layer: its folder of src/runner/ (or common, hogger). A folder inside a layer's
    folder (report/formats/, report/plot/, ...) is of that layer, so its files and the layer's
    include each other as files within one folder do; no other folder gains from it."""
    parts = rel.split("/")
    if parts[0] in ("common", "hogger"):
        return parts[0]
    if parts[0] == "runner":
        if len(parts) == 2:
            return "main" if parts[1] == "main.c" else "(loose)"
        return parts[1]
    return "(unknown)"


def check_layers(order):
    problems = []
    rank = {name: i for i, name in enumerate(order)}
    for rel in sources():
        mine = layer_of(rel)
        if mine == "hogger":
            continue
        if mine not in rank:
            problems.append(f"{rel}: in no layer of the order ({mine})")
            continue
        for inc in INCLUDE.findall(read(rel)):
            theirs = layer_of(inc)
            if theirs == "hogger" or theirs not in rank:
                problems.append(f"{rel} includes {inc}, which is in no layer")
            elif rank[theirs] > rank[mine]:
                problems.append(f"{rel} ({mine}) includes {inc} ({theirs}): up the order")
    check("every #include under src/ points down the layer order, or within its folder", problems)


def check_hogger_apart():
    problems = [f"{rel} includes {inc}" for rel in sources() if layer_of(rel) == "hogger"
                for inc in INCLUDE.findall(read(rel)) if layer_of(inc) not in ("hogger", "common")]
    check("the hogger includes only its own files and src/common", problems)


def check_circles():
    """Files as modules (x.c with x.h), an edge per include; any cycle is a circle."""
    graph = {}
    for rel in sources():
        mod = os.path.splitext(rel)[0]
        for inc in INCLUDE.findall(read(rel)):
            other = os.path.splitext(inc)[0]
            if other != mod:
                graph.setdefault(mod, set()).add(other)
    index, low, stack, on, circles = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            scc = []
            while True:
                w = stack.pop()
                on.discard(w)
                scc.append(w)
                if w == v:
                    break
            if len(scc) > 1:
                circles.append(" <-> ".join(sorted(scc)))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    check("no circle of includes between files", circles)


BACKEND_NAMES = ("disk", "zram", "zswap", "none")
BACKEND_IDENT = re.compile(r"\bbackend_(?:disk|zram|zswap|none)\b|\b[MS]_(?:ZRAM|ZSWAP|ZSWP)\w*")
BACKEND_LITERAL = re.compile(r'"(?:disk|zram|zswap)"')
# Where a backend's metrics and series are defined as data (their keys are the result file's),
# and the readers of the kernel's zram and zswap modules and the machine's facts, which name
# those modules, not our backends.
BACKEND_DATA = ("runner/result/metrics.c", "runner/result/metrics.h", "runner/result/series.c",
                "runner/result/series.h")
KERNEL_MODULES = ("runner/system/", "runner/kernel/zram.", "runner/kernel/zswap.")


def check_backend_names():
    problems = []
    for rel in sources():
        if rel.startswith("runner/swap/") or not rel.startswith("runner/"):
            continue
        code = strip_comments(read(rel))
        for lineno, line in enumerate(code.splitlines(), 1):
            if rel not in BACKEND_DATA and BACKEND_IDENT.search(line):
                problems.append(f"{rel}:{lineno}: {line.strip()}")
            elif not rel.startswith(KERNEL_MODULES) and BACKEND_LITERAL.search(line):
                problems.append(f"{rel}:{lineno}: {line.strip()}")
    check("nothing outside swap/ names a backend (its object, its metric ids, its name)", problems)


# Each kernel file is read in one place: the file that owns it (docs/architecture.md, kernel/).
KERNEL_FILES = {
    "/proc/swaps": "runner/kernel/swaps.c",
    "/proc/self/mounts": "runner/kernel/mounts.c",
    "/proc/self/mountinfo": "runner/kernel/mounts.c",
    "/proc/meminfo": "runner/kernel/meminfo.c",
    "/proc/pressure/memory": "runner/kernel/psi.c",
    "/proc/vmstat": "runner/kernel/vmstat.c",
}


# --extended copies raw files into the result for whoever wants them; it parses none.
RAW_COPIES = ("runner/trial/extended.c",)


def check_one_reader():
    problems = []
    for rel in sources():
        if not rel.startswith("runner/") or rel in RAW_COPIES:
            continue
        code = strip_comments(read(rel))
        for path, owner in KERNEL_FILES.items():
            if f'"{path}"' in code and rel not in (owner, os.path.splitext(owner)[0] + ".h"):
                problems.append(f"{rel} names {path}, which {owner} alone reads")
    check("each kernel file has one reader (" + ", ".join(KERNEL_FILES) + ")", problems)


# What decides: the tests and the corrections of result/statistics.h and result/compare.h. The
# views under report/ are given the answer (result/answer.h, result/files_answer.h) and render
# it; one that ran a test of its own would print a decision no other view shares.
DECIDING = re.compile(r"\b(two_sample_compare\w*|holm_adjust|run_test_compare|run_test_needed_pct|"
                      r"estimate_decide|significance_decide|compare_cells|compare_measure|"
                      r"compare_metric|compare_decide_set)\s*\(")


def check_views_decide_nothing():
    problems = []
    for rel in sources():
        if not rel.startswith("runner/report/"):
            continue
        code = strip_comments(read(rel))
        for lineno, line in enumerate(code.splitlines(), 1):
            found = DECIDING.search(line)
            if found:
                problems.append(f"{rel}:{lineno}: {found.group(1)}")
    check("nothing under report/ runs a statistical test or a correction: the views render the answer",
          problems)


def c_sources():
    import subprocess
    out = subprocess.run(["git", "-C", TOP, "ls-files", "src/*.[ch]", "tools/*.c", "tests/unit/*.[ch]",
                          "tests/fuzz/*.[ch]", "bench/*.c"], capture_output=True, text=True)
    if out.returncode == 0 and out.stdout.strip():
        return out.stdout.split()
    # Not a git checkout (an unpacked tarball): every C file of those folders.
    found = []
    for folder in ("src", "tools", "tests/unit", "tests/fuzz", "bench"):
        for root, _, files in os.walk(os.path.join(TOP, folder)):
            found += [os.path.relpath(os.path.join(root, f), TOP) for f in files if f.endswith((".c", ".h"))]
    return sorted(found)


def check_format():
    """The code as .clang-format writes it; comments, which it leaves alone, within its 100 columns."""
    import shutil
    import subprocess
    files = c_sources()
    problems = []
    for rel in files:
        with open(os.path.join(TOP, rel), encoding="utf-8") as f:
            for lineno, line in enumerate(f, 1):
                text = line.rstrip("\n")
                comment = text.lstrip().startswith(("/*", "*", "//")) or "/*" in text
                if comment and len(text.expandtabs(8)) > 100:
                    problems.append(f"{rel}:{lineno}: a comment over 100 columns")
    if not shutil.which("clang-format"):
        return "clang-format is not installed (make deps-test installs it)", problems
    out = subprocess.run(["clang-format", "--dry-run", "--Werror"] + files, cwd=TOP, capture_output=True,
                         text=True)
    problems += [line for line in out.stderr.splitlines() if "error:" in line][:40]
    return None, problems


def main():
    order = layer_order()
    check_layers(order)
    check_hogger_apart()
    check_circles()
    check_backend_names()
    check_one_reader()
    check_views_decide_nothing()
    skip, problems = check_format()
    check("the code is as .clang-format writes it, its comments within 100 columns", problems)
    failed = 0
    for n, (name, problems) in enumerate(results, 1):
        last = n == len(results)
        print(f"{'not ok' if problems else 'ok'} {n} - {name}{' # skip ' + skip if last and skip and not problems else ''}")
        for p in problems:
            print(f"#   {p}")
        failed += bool(problems)
    print(f"1..{len(results)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
