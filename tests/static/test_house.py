#!/usr/bin/env python3
"""house.py's checks, each shown to fail on a violation planted in a copy of the tree.

A check that passes on the real tree says nothing until it is seen to fail: each case copies
src/, the page house.py reads and the objects `make all` left, plants one violation, runs
house.py --root on the copy and expects exactly the checks the violation breaks to fail, each
naming the planted file, and every other check to pass. A case that needs the objects skips,
visibly, where they are not built.

    python3 tests/static/test_house.py

prints TAP, then "N passed, N failed" (tests/run-all.sh counts the TAP lines).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

TOP = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
HOUSE = os.path.join(TOP, "tests", "static", "house.py")
# What house.py reads: the code, its page, its allowed list, the objects.
COPIED = ("src", "docs/architecture.md", "tests/static/backend_names_allowed.txt", "build/src")
# A check by a piece of its TAP name.
CHECKS = {
    "include": "every #include under src/",
    "hogger": "the hogger includes only",
    "circle": "no circle of includes",
    "link": "defined down the layer order",
    "link circle": "no circle between folders at link level",
    "prototype": "no .c file declares",
    "backend": "nothing outside swap/ names a backend",
    "reader": "each kernel file has one reader",
    "views": "nothing under report/ runs",
}
LINK = ("link", "link circle")
QUESTION = "src/runner/result/question.c"
CALLS_RUN_MAIN = """
struct config;
int run_main(const struct config *cfg);

int question_planted(const struct config *cfg)
{
	return run_main(cfg);
}
"""
SNEAK_H = """#ifndef ZSB_PLANTED_SNEAK_H
#define ZSB_PLANTED_SNEAK_H
struct config;
int run_main(const struct config *cfg);
#endif
"""
SNEAK_C = """#include "runner/result/planted_sneak.h"

int planted_sneak(const struct config *cfg)
{
	return run_main(cfg);
}
"""


def write(root, rel, text, append=False):
    """A case's copy is hard links to the first copy: a file planted in is first unlinked."""
    path = os.path.join(root, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    old = ""
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            old = f.read() if append else ""
        os.unlink(path)
    with open(path, "w", encoding="utf-8") as f:
        f.write(old + text)


def compile_object(root, rel):
    """rel's object where the Makefile puts it, with the Makefile's language and include flags;
    False without a compiler."""
    pkg = subprocess.run(["pkg-config", "--cflags", "libcgroup", "smartcols", "json-c", "gsl",
                          "inih", "mount", "blkid"], capture_output=True, text=True)
    flags = pkg.stdout.split() if pkg.returncode == 0 else []
    obj = os.path.join(root, "build", rel[:-2] + ".o")
    os.makedirs(os.path.dirname(obj), exist_ok=True)
    if os.path.exists(obj):
        os.unlink(obj)
    cc = shutil.which(os.environ.get("CC", "cc")) or shutil.which("cc")
    if not cc:
        return False
    out = subprocess.run([cc, "-std=gnu11", "-D_GNU_SOURCE", "-Isrc", "-c", rel, "-o", obj] + flags,
                         cwd=root, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"{rel} did not compile: {out.stderr.strip()[:300]}")
    return True


def run_house(root):
    out = subprocess.run([sys.executable, HOUSE, "--root", root, "--no-format"],
                         capture_output=True, text=True)
    checks, current = {}, None
    for line in out.stdout.splitlines():
        m = re.match(r"(not ok|ok) \d+ - (.*?)(?: # SKIP (.*))?$", line)
        if m:
            current = {"failed": m.group(1) == "not ok", "skip": m.group(3) or "", "says": []}
            checks[m.group(2)] = current
        elif line.startswith("#   ") and current is not None:
            current["says"].append(line[4:])
    if not checks:
        checks["(house.py)"] = {"failed": True, "skip": "", "says": [out.stderr.strip()]}
    return checks


def find(checks, key):
    for name, c in checks.items():
        if CHECKS[key] in name:
            return c
    return None


def skip_of(checks, key):
    c = find(checks, key)
    return c["skip"] if c else ""


def verdict(checks, expected, planted):
    """What is wrong with house.py's answer on a copy with a violation in planted: empty if
    exactly the expected checks fail, each naming it."""
    wrong = []
    for key in CHECKS:
        c = find(checks, key)
        if c is None:
            wrong.append(f"no check '{CHECKS[key]}' in house.py's output")
        elif key in expected and not c["failed"]:
            skipped = f" (skipped: {c['skip']})" if c["skip"] else ""
            wrong.append(f"'{CHECKS[key]}' passed{skipped}")
        elif key in expected and not any(planted in said for said in c["says"]):
            wrong.append(f"'{CHECKS[key]}' failed without naming {planted}: {c['says'][:3]}")
        elif key not in expected and c["failed"]:
            wrong.append(f"'{CHECKS[key]}' failed too: {c['says'][:3]}")
    if "(house.py)" in checks:
        wrong.append(f"house.py printed no TAP: {checks['(house.py)']['says']}")
    return wrong


def plant_upward_include(root, link):
    """run/ includes result/, so an include back is a circle too."""
    write(root, QUESTION, '#include "runner/run/run.h"\n', append=True)
    return {"include", "circle"}, "runner/result/question"


def plant_local_prototype(root, link):
    """The reviewer's: run_main() declared in result/question.c and called from there, so no
    include says so; the object is rebuilt so the link check sees the call."""
    write(root, QUESTION, CALLS_RUN_MAIN, append=True)
    if not link or not compile_object(root, QUESTION):
        return {"prototype"}, "runner/result/question.c"
    return {"prototype", "link", "link circle"}, "runner/result/question.c"


def plant_sneak_header(root, link):
    """A header of result/ declaring run/'s run_main: every include is within result/, every
    prototype is in a header, and only the objects show result calling up into run/."""
    write(root, "src/runner/result/planted_sneak.h", SNEAK_H)
    write(root, "src/runner/result/planted_sneak.c", SNEAK_C)
    compile_object(root, "src/runner/result/planted_sneak.c")
    return set(LINK), "runner/result/planted_sneak.c"


def plant_dev_zram(root, link):
    write(root, QUESTION, '\nstatic const char planted_device[] = "/dev/zram";\n', append=True)
    return {"backend"}, "src/runner/result/question.c"


def plant_zram_in_allowed_file(root, link):
    """A file the list allows some lines in, given one more: its count grows."""
    write(root, "src/runner/result/metrics.c",
          '\nstatic const char planted_label[] = "zram:lz4";\n', append=True)
    return {"backend"}, "src/runner/result/metrics.c"


def plant_zram_identifier(root, link):
    write(root, "src/runner/report/planted.h", "enum planted { O_ZRAM_PLANTED };\n")
    return {"backend"}, "src/runner/report/planted.h"


def plant_include_circle(root, link):
    write(root, "src/runner/result/planted_a.h", '#include "runner/result/planted_b.h"\n')
    write(root, "src/runner/result/planted_b.h", '#include "runner/result/planted_a.h"\n')
    return {"circle"}, "runner/result/planted_a"


def plant_extern_variable(root, link):
    write(root, QUESTION, "\nextern int planted_elsewhere;\n", append=True)
    return {"prototype"}, "runner/result/question.c"


# What the prototype check must and must not take for a declaration of another file's function.
DECLARATIONS = """#include "runner/result/question.h"
#define PLANTED(x) int x##_planted
struct config;
int
run_main(const struct config *cfg,
	 int spread_over_lines);
__attribute__((unused)) int attributed(void);
void (*handler_of(int sig))(int);
int static_in_a_parameter(int a[static 3]);
extern int planted_nowhere;
extern char **environ;
static int declared_static(void);
static inline int defined_inline(void) { return 0; }
int (*hook)(int) = 0;
int (*hooks[2])(int);
typedef int parse_fn(const char *text);
typedef int (*printer)(int);
struct with_pointer { int (*f)(void); };
PLANTED(y);
_Static_assert(sizeof(int) >= 2, "int; (void)");
static const char *const text = "int fake(void);";
int defined(void)
{
	return declared_static();
}
static int declared_static(void) { return 1; }
"""
PROTOTYPES_FOUND = ("run_main", "attributed", "handler_of", "static_in_a_parameter",
                    "planted_nowhere")


def declarations_verdict(checks, planted):
    """The prototype check names exactly PROTOTYPES_FOUND in planted, each on its own line."""
    c = find(checks, "prototype")
    said = [s for s in (c["says"] if c else []) if planted in s]
    named = sorted(re.search(r": (?:extern )?(\w+)", s[len(planted):]).group(1) for s in said)
    if named != sorted(PROTOTYPES_FOUND):
        return [f"named {named}, not {sorted(PROTOTYPES_FOUND)}"]
    if not any(f"{planted}:4:" in s for s in said):
        return [f"run_main() not placed on line 4, where it begins: {said}"]
    return [w for w in verdict(checks, {"prototype"}, planted)]


def plant_declarations(root, link):
    write(root, "src/runner/result/planted_decls.c", DECLARATIONS)
    return {"prototype"}, "runner/result/planted_decls.c"


def plant_hogger_include(root, link):
    write(root, "src/hogger/touch.c", '#include "runner/base/log.h"\n', append=True)
    return {"hogger"}, "hogger/touch.c"


def plant_second_reader(root, link):
    write(root, QUESTION, '\nstatic const char planted_path[] = "/proc/vmstat";\n', append=True)
    return {"reader"}, "runner/result/question.c"


def plant_view_decides(root, link):
    write(root, "src/runner/report/columns.c",
          "\nstatic void planted(double *p, size_t n)\n{\n\tholm_adjust(p, n);\n}\n", append=True)
    return {"views"}, "runner/report/columns.c"


CASES = [
    ("an include up the order (result/ includes run/)", plant_upward_include, False),
    ("a local non-static prototype of run_main() called from result/", plant_local_prototype,
     False),
    ("a header of result/ declaring run_main(), called from result/ (seen by nm alone)",
     plant_sneak_header, True),
    ('a new "/dev/zram" in result/', plant_dev_zram, False),
    ('one more "zram:" in a file the list allows some in', plant_zram_in_allowed_file, False),
    ("an O_ZRAM_ identifier in report/", plant_zram_identifier, False),
    ("an include circle between two headers", plant_include_circle, False),
    ("an extern variable of another folder in result/", plant_extern_variable, False),
    ("declarations over lines, behind attributes, returning function pointers, beside what is "
     "none (pointers, typedefs, macros, _Static_assert, strings)", plant_declarations, False),
    ("the hogger including the runner", plant_hogger_include, False),
    ("a second reader of /proc/vmstat", plant_second_reader, False),
    ("a view running a correction (holm_adjust)", plant_view_decides, False),
]


def copy_tree(dest, with_objects=True):
    for rel in COPIED:
        src = os.path.join(TOP, rel)
        if rel.startswith("build") and not with_objects or not os.path.exists(src):
            continue
        to = os.path.join(dest, rel)
        if os.path.isdir(src):
            # copy2 keeps the times, so an object stays newer than its source, as it was.
            ignore = shutil.ignore_patterns("*.d") if rel.startswith("build") else None
            shutil.copytree(src, to, copy_function=shutil.copy2, ignore=ignore)
        else:
            os.makedirs(os.path.dirname(to), exist_ok=True)
            shutil.copy2(src, to)


def main():
    lines, passed, failed = [], 0, 0

    def report(name, wrong, skip=""):
        nonlocal passed, failed
        n = passed + failed + 1
        if wrong:
            failed += 1
            lines.append(f"not ok {n} - {name}")
            lines.extend(f"#   {w}" for w in wrong)
        else:
            passed += 1
            lines.append(f"ok {n} - {name}" + (f" # SKIP {skip}" if skip else ""))

    with tempfile.TemporaryDirectory(prefix="test_house.") as tmp:
        base = os.path.join(tmp, "base")
        copy_tree(base)
        checks = run_house(base)
        report("the copy, as it is, passes every check",
               [f"'{n}' failed: {c['says'][:3]}" for n, c in checks.items() if c["failed"]])
        # Whether the link check could look at the copy: its objects built and fresh.
        link_skip = skip_of(checks, "link")
        bare = os.path.join(tmp, "bare")
        copy_tree(bare, with_objects=False)
        c = find(run_house(bare), "link")
        report("without objects, the link check says it skipped",
               [] if c and not c["failed"] and c["skip"] == "objects not built: make all"
               else [f"the link check's line: {c}"])
        for n, (name, plant, needs_objects) in enumerate(CASES):
            root = os.path.join(tmp, f"case{n}")
            shutil.copytree(base, root, copy_function=os.link)
            if needs_objects and link_skip:
                report(f"fails on {name}", [], skip=link_skip)
                continue
            try:
                expected, planted = plant(root, not link_skip)
            except (OSError, RuntimeError) as e:
                report(f"fails on {name}", [f"could not plant it: {e}"])
                continue
            if link_skip:
                expected -= set(LINK)
            judge = declarations_verdict if plant is plant_declarations else (
                lambda checks, planted: verdict(checks, expected, planted))
            report(f"fails on {name}", judge(run_house(root), planted))
            shutil.rmtree(root)
    for line in lines:
        print(line)
    print(f"1..{passed + failed}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
