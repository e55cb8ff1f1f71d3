#!/usr/bin/env python3
"""The claims docs/architecture.md makes about the code's shape, checked against the code.

Each check prints one TAP line ("ok N - ...", "not ok N - ...", with what broke it under it, or
"ok N - ... # SKIP why" where it could not look); tests/run-all.sh counts them. The layer order is
read from docs/architecture.md itself, so the page and this test cannot drift apart.

    python3 tests/static/house.py [--root DIR] [--no-format]

--root checks another copy of the tree: tests/static/test_house.py plants a violation in one and
expects the check that should fail to fail, with --no-format, which skips clang-format's seconds
(the skip said on its line).
"""
import functools
import os
import re
import shutil
import subprocess
import sys

TOP = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
SRC = os.path.join(TOP, "src")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
results = []


def set_root(root):
    global TOP, SRC
    TOP = os.path.abspath(root)
    SRC = os.path.join(TOP, "src")


def check(name, problems, skip=None, notes=()):
    """One TAP line: problems fail it, a skip says why it could not look, notes go under it."""
    results.append((name, problems, skip, notes))


def sources():
    for folder, _, files in sorted(os.walk(SRC)):
        for f in sorted(files):
            if f.endswith((".c", ".h")):
                yield os.path.relpath(os.path.join(folder, f), SRC)


@functools.lru_cache(maxsize=None)
def read(rel):
    with open(os.path.join(SRC, rel), encoding="utf-8") as f:
        return f.read()


# A comment (a block one unterminated too), or a string or character literal, which may hold
# what looks like a comment.
TOKENS = re.compile(r"/\*.*?(?:\*/|\Z)|//[^\n]*|\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'", re.S)


@functools.lru_cache(maxsize=None)
def strip_comments(text):
    """C source without its comments, their line breaks kept so lines keep their numbers (strings
    kept: a path literal is what is looked for)."""
    def keep(m):
        token = m.group(0)
        return token if token[0] in "\"'" else "\n" * token.count("\n")
    return TOKENS.sub(keep, text)


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


def circles_of(graph):
    """Each strongly connected set of more than one node of graph (node -> set of nodes), sorted:
    Tarjan's algorithm, so a circle of any length is found."""
    index, low, stack, on, found = {}, {}, [], set(), []

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
                found.append(sorted(scc))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def check_circles():
    """Files as modules (x.c with x.h), an edge per include; any cycle is a circle."""
    graph = {}
    for rel in sources():
        mod = os.path.splitext(rel)[0]
        for inc in INCLUDE.findall(read(rel)):
            other = os.path.splitext(inc)[0]
            if other != mod:
                graph.setdefault(mod, set()).add(other)
    check("no circle of includes between files", [" <-> ".join(c) for c in circles_of(graph)])


# The objects `make all` leaves (the Makefile's $(BUILD)/%.o), of the runner and of what it
# links from src/common/.
LINKED = ("runner", "common")
# nm's letters for a symbol an object defines for others to use (text, data, bss, read-only,
# weak, small data); lower case is a static one, which no other object can reach.
DEFINES = set("TDBRWVGS")


def objects():
    """Each source of LINKED as (its path under src/, its object or None)."""
    build = os.path.join(TOP, "build", "src")
    for rel in sources():
        if rel.endswith(".c") and rel.split("/")[0] in LINKED:
            obj = os.path.join(build, rel[:-2] + ".o")
            yield rel, obj if os.path.exists(obj) else None


def link_edges(pairs):
    """Who uses whom, from nm: {(user, definer): [symbols]} between the sources' objects."""
    paths = {obj: rel for rel, obj in pairs}
    out = subprocess.run(["nm", "-A"] + sorted(paths), capture_output=True, text=True)
    if out.returncode != 0:
        return None, out.stderr.strip().splitlines()[:5]
    defined, used = {}, []
    for line in out.stdout.splitlines():
        obj, _, rest = line.partition(":")
        fields = rest.split()
        if len(fields) < 2 or obj not in paths:
            continue
        kind, symbol = fields[-2], fields[-1]
        if kind == "U":
            used.append((paths[obj], symbol))
        elif kind in DEFINES:
            defined.setdefault(symbol, paths[obj])
    edges = {}
    for user, symbol in used:
        definer = defined.get(symbol)
        if definer and definer != user:
            edges.setdefault((user, definer), []).append(symbol)
    return edges, []


def check_link(order):
    """The include check reads what a file says it uses; this one reads what its object uses, so
    a prototype written into a .c file or a header of the wrong folder cannot hide a call."""
    names = ("every symbol a runner object uses is defined down the layer order or within its "
             "folder (nm)", "no circle between folders at link level (nm)")
    pairs = list(objects())
    built = [(rel, obj) for rel, obj in pairs if obj]
    stale = [rel for rel, obj in pairs if not obj or os.path.getmtime(obj) < os.path.getmtime(
        os.path.join(SRC, rel))]
    skip = None
    if not built:
        skip = "objects not built: make all"
    elif not shutil.which("nm"):
        skip = "nm is not installed (binutils)"
    elif stale:
        skip = f"objects older than their sources or missing ({len(stale)}, {stale[0]}): make all"
    edges, problems = (None, []) if skip else link_edges(built)
    if edges is None:
        for name in names:
            check(name, problems, skip)
        return
    rank = {name: i for i, name in enumerate(order)}
    up, folders = [], {}
    for (user, definer), symbols in sorted(edges.items()):
        mine, theirs = layer_of(user), layer_of(definer)
        if mine not in rank or theirs not in rank:
            up.append(f"{user} uses {definer}: in no layer of the order ({mine}, {theirs})")
        elif rank[theirs] > rank[mine]:
            up.append(f"{user} ({mine}) uses {', '.join(sorted(set(symbols))[:3])} of {definer} "
                      f"({theirs}): up the order")
        if mine != theirs:
            folders.setdefault(mine, {}).setdefault(theirs, f"{user} -> {definer}")
    check(names[0], up)
    graph = {f: set(to) for f, to in folders.items()}
    circles = []
    for circle in circles_of(graph):
        inside = [(a, b) for a in circle for b in circle if b in folders.get(a, {})]
        # The uses up the order are the ones to break; a circle without one is within a layer.
        upward = [(a, b) for a, b in inside if rank.get(a, -1) < rank.get(b, -1)] or inside
        circles.append(" <-> ".join(circle) + ", closed by " + "; ".join(
            folders[a][b] for a, b in upward))
    check(names[1], circles)


def code_only(text):
    """C source as the compiler's parser sees its file scope: no comments, no preprocessor lines
    (continued ones too), string and character literals emptied; line breaks kept for numbers."""
    code = strip_comments(text)
    code = re.sub(r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'", lambda m: m.group(0)[0] * 2, code)
    code = re.sub(r"^[ \t]*#(?:[^\n]*\\\n)*[^\n]*", lambda m: "\n" * m.group(0).count("\n"), code,
                  flags=re.M)
    return re.sub(r"\b__attribute__\s*\(\((?:[^()]|\([^()]*\))*\)\)", " ", code)


def file_scope(code):
    """The declarations at file scope as (text, line, kind): kind "definition" for a function's
    head before its body, "declaration" for what ends in ';' (braces inside as {})."""
    found, buf, depth, line, start, keep, pos = [], [], 0, 1, None, False, 0
    for m in re.finditer(r"[{};\n]", code):
        c, piece, pos = m.group(0), code[pos:m.start()], m.end()
        if depth:
            line += c == "\n"
            depth += (c == "{") - (c == "}")
            if keep and depth == 0:
                buf.append("}")
            continue
        if start is None and piece.strip():
            start = line
        buf.append(piece)
        if c == "\n":
            line += 1
            buf.append(c)
        elif c == "{":
            head = "".join(buf).strip()
            keep = not (head.endswith(")") and "=" not in head)
            if not keep:
                found.append((head, start, "definition"))
                buf, start = [], None
            else:
                buf.append("{")
            depth = 1
        elif c == ";":
            found.append(("".join(buf).strip(), start, "declaration"))
            buf, start = [], None
    return found


def first_paren(text):
    """Where text's first '(' outside brackets is, or -1."""
    depth = 0
    for i, c in enumerate(text):
        if c in "[{":
            depth += 1
        elif c in "]}":
            depth -= 1
        elif c == "(" and not depth:
            return i
    return -1


def declared(text):
    """What a file-scope declaration declares: ("function", name), ("variable", [names]) or None
    for what declares neither (a typedef, _Static_assert, a macro's use such as FOO(x);)."""
    words = re.findall(r"[A-Za-z_]\w*", text)
    if not words or words[0] in ("typedef", "_Static_assert", "static_assert"):
        return None
    at = first_paren(text)
    if at < 0 or "=" in text[:at]:
        heads = [p.split("=")[0].split("[")[0] for p in re.split(r",(?![^{(\[]*[})\]])", text)]
        return "variable", [re.findall(r"[A-Za-z_]\w*", h)[-1] for h in heads
                            if re.search(r"[A-Za-z_]", h)]
    before = re.findall(r"[A-Za-z_]\w*", text[:at])
    inner = text[at + 1:]
    pointer = re.match(r"\s*\*\s*(?:const\s+)?([A-Za-z_]\w*)\s*(\(|\)|\[)", inner)
    if pointer and pointer.group(2) == "(":
        return "function", pointer.group(1)  # a function returning a function pointer
    if pointer:
        return "variable", [pointer.group(1)]  # a function pointer
    if len(before) < 2:
        return None  # no type before the name: a macro's use
    return "function", before[-1]


# The C library's own variables, which POSIX has a program declare itself.
LIBC_VARIABLES = ("environ",)


def check_prototypes():
    """A function declared in a .c file, not static, is one whose callers bypass its header, and so
    the include check. An extern variable is allowed only where the C library defines it or a .c
    file of the same folder does (swap/backend.c's table of the backends, which no header names)."""
    problems, folder_defines, externs = [], {}, []
    for rel in sources():
        if not rel.endswith(".c"):
            continue
        folder = os.path.dirname(rel)
        for text, line, kind in file_scope(code_only(read(rel))):
            what = declared(text)
            at = first_paren(text)
            words = re.findall(r"[A-Za-z_]\w*", text[:at] if at >= 0 else text)
            if kind == "definition" or not what or "static" in words:
                continue
            if what[0] == "function":
                problems.append(f"{rel}:{line}: {what[1]}() declared here, not static: declare "
                                "it in the header of the file that defines it, or make it static")
            elif "extern" in words:
                externs += [(rel, line, folder, name) for name in what[1]]
            else:
                folder_defines.setdefault(folder, set()).update(what[1])
    for rel, line, folder, name in externs:
        if name not in LIBC_VARIABLES and name not in folder_defines.get(folder, ()):
            problems.append(f"{rel}:{line}: extern {name}, defined in no .c file of {folder}/: "
                            "declare it in the header of the file that defines it")
    check("no .c file declares a function of another file, or an extern variable of another folder",
          problems)


# Names of backends that are also ordinary words of the code (the throttled disk, O_DISK_THROTTLE;
# SIG_NONE, CGROUP_MODE_NONE): no part of an identifier is matched for these, only the table's
# object and, but for a word of absence, the name as a whole string.
ORDINARY_WORDS = ("disk", "none")
# "none" is also how the code says nothing is there (a cgroup mode, an empty list, no perf
# event, an option's default): as a whole string it is no sign of the backend.
ABSENCE_WORDS = ("none",)
# How the kernel spells a backend in its counters (vmstat's and memory.stat's zswpout, zswpin,
# zswpwb), which the code's metric ids follow (M_CG_ZSWPOUT).
KERNEL_SPELLINGS = {"zswap": ("zswp",)}
# The program's own name, which begins with a backend's.
OWN_NAME = "zswapbench"
ALLOWED = os.path.join("tests", "static", "backend_names_allowed.txt")


def backend_table():
    """The backends' objects and names from swap/backend.c's backends[] and each object's .name."""
    table = re.search(r"\bbackends\[\]\s*=\s*\{([^}]*)\}",
                      strip_comments(read("runner/swap/backend.c")))
    if not table:
        return None
    objects = re.findall(r"&\s*(\w+)", table.group(1))
    swap = [rel for rel in sources() if rel.startswith("runner/swap/") and rel.endswith(".c")]
    code = "\n".join(strip_comments(read(rel)) for rel in swap)
    names = []
    for obj in objects:
        named = re.search(r"\b" + obj + r"\s*=\s*\{.*?\.name\s*=\s*\"([^\"]+)\"", code, re.S)
        if not named:
            return None
        names.append(named.group(1))
    return objects, names


def backend_matchers(objects, names):
    """A line names a backend where it holds a table's object, a name as a whole string, or, for a
    name that is no ordinary word, an identifier with a part (between _) that begins with the name
    or its kernel spelling (O_ZRAM_SIZE, M_CG_ZSWPOUT, UNDO_ZRAM_RESET, zram_settings_of) or a
    string holding it ("zram:", "/dev/zram%s", "memory.zswap.max")."""
    own = [n for n in names if n not in ORDINARY_WORDS]
    stems = own + [k for n in own for k in KERNEL_SPELLINGS.get(n, ())]
    stem = "(?:" + "|".join(map(re.escape, stems)) + ")"
    part = re.compile(r"(?:^|_)" + stem + r"(?!" + OWN_NAME[len("zswap"):] + r")", re.I)
    identifier = re.compile(r"\b[A-Za-z_]\w*\b")
    literal = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
    in_text = re.compile(r"(?<![a-z])" + stem + r"(?!" + OWN_NAME[len("zswap"):] + r")")
    objects_re = re.compile(r"\b(?:" + "|".join(objects) + r")\b")
    whole = {f'"{n}"' for n in names if n not in ABSENCE_WORDS}

    quick = re.compile("|".join([stem] + objects + [re.escape(w) for w in whole]), re.I)

    def names_one(line):
        if not quick.search(line):
            return False
        if objects_re.search(line) or any(w in line for w in whole):
            return True
        for text in literal.findall(line):
            if in_text.search(text):
                return True
        bare = literal.sub('""', line)
        return any(part.search(w) for w in identifier.findall(bare))
    return names_one


def allowed_counts():
    """tests/static/backend_names_allowed.txt: FILE COUNT REASON, a line each; # begins a note."""
    counts, problems = {}, []
    path = os.path.join(TOP, ALLOWED)
    if not os.path.exists(path):
        return counts, [f"{ALLOWED} is missing"]
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fields = line.split(None, 2)
            if len(fields) < 3 or not fields[1].isdigit():
                problems.append(f"{ALLOWED}:{lineno}: not FILE COUNT REASON: {line}")
            elif fields[0] in counts:
                problems.append(f"{ALLOWED}:{lineno}: {fields[0]} twice")
            else:
                counts[fields[0]] = int(fields[1])
    return counts, problems


def check_backend_names():
    """Outside swap/ no line names a backend but as many as the allowed list grants that file: a
    new one, in any file, fails; one removed is a count to lower (said, not failed)."""
    table = backend_table()
    allowed, problems = allowed_counts()
    if not table:
        problems.append("runner/swap/backend.c: no backends[] of objects with a .name each")
        check("nothing outside swap/ names a backend", problems)
        return
    names_one = backend_matchers(*table)
    found, lines, notes = {}, {}, []
    for rel in sources():
        if rel.startswith("runner/swap/"):
            continue
        path = "src/" + rel
        for lineno, line in enumerate(strip_comments(read(rel)).splitlines(), 1):
            if names_one(line):
                found[path] = found.get(path, 0) + 1
                lines.setdefault(path, []).append(f"{path}:{lineno}: {line.strip()}")
    for path, count in sorted(found.items()):
        if count > allowed.get(path, 0):
            problems.append(f"{path}: {count} lines name a backend, {allowed.get(path, 0)} allowed "
                            f"by {ALLOWED}")
            problems += lines[path][:12]
    for path, count in sorted(allowed.items()):
        if not os.path.exists(os.path.join(TOP, path)):
            problems.append(f"{ALLOWED}: {path} is no file")
        elif found.get(path, 0) < count:
            notes.append(f"{path}: {found.get(path, 0)} found, {count} allowed: lower its count")
    total = sum(allowed.values())
    check(f"nothing outside swap/ names a backend ({', '.join(table[1])}) beyond {ALLOWED}: "
          f"{total} lines allowed in {len(allowed)} files, {sum(found.values())} found",
          problems, notes=notes)


# Each kernel file is read in one place: the file that owns it (docs/architecture.md, kernel/).
KERNEL_FILES = {
    "/proc/swaps": "runner/kernel/swaps.c",
    "/proc/self/mounts": "runner/kernel/mounts.c",
    "/proc/self/mountinfo": "runner/kernel/mounts.c",
    "/proc/meminfo": "runner/kernel/meminfo.c",
    "/proc/pressure/memory": "runner/kernel/psi.c",
    "/proc/vmstat": "runner/kernel/vmstat.c",
    # each multi-size THP folder, by its size (enabled and stats/)
    "/sys/kernel/mm/transparent_hugepage/hugepages-%ukB": "runner/kernel/mthp.c",
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
    # The files git knows as the work tree has them: a new file not yet added is checked, and one
    # deleted (or moved) but not yet committed is not looked for.
    out = subprocess.run(["git", "-C", TOP, "ls-files", "--cached", "--others", "--exclude-standard",
                          "src/*.[ch]", "tools/*.c", "tests/unit/*.[ch]", "tests/fuzz/*.[ch]", "bench/*.c"],
                         capture_output=True, text=True)
    if out.returncode == 0 and out.stdout.strip():
        return sorted(f for f in set(out.stdout.split()) if os.path.exists(os.path.join(TOP, f)))
    # Not a git checkout (an unpacked tarball): every C file of those folders.
    found = []
    for folder in ("src", "tools", "tests/unit", "tests/fuzz", "bench"):
        for root, _, files in os.walk(os.path.join(TOP, folder)):
            found += [os.path.relpath(os.path.join(root, f), TOP) for f in files if f.endswith((".c", ".h"))]
    return sorted(found)


def check_format():
    """The code as .clang-format writes it; comments, which it leaves alone, within its 100 columns."""
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
    args = sys.argv[1:]
    no_format = "--no-format" in args
    args = [a for a in args if a != "--no-format"]
    if args[:1] == ["--root"] and len(args) == 2:
        set_root(args[1])
    elif args:
        sys.exit("usage: house.py [--root DIR] [--no-format]")
    order = layer_order()
    check_layers(order)
    check_hogger_apart()
    check_circles()
    check_link(order)
    check_prototypes()
    check_backend_names()
    check_one_reader()
    check_views_decide_nothing()
    skip, problems = ("not asked (--no-format)", []) if no_format else check_format()
    check("the code is as .clang-format writes it, its comments within 100 columns", problems,
          skip)
    failed = 0
    for n, (name, problems, skip, notes) in enumerate(results, 1):
        if problems:
            print(f"not ok {n} - {name}")
        else:
            print(f"ok {n} - {name}{' # SKIP ' + skip if skip else ''}")
        for p in list(problems) + list(notes):
            print(f"#   {p}")
        failed += bool(problems)
    print(f"1..{len(results)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
