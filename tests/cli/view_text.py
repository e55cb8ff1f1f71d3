#!/usr/bin/env python3
"""The views' lines within 100 columns (issue 37), and their wrapping undone for the tests that
read sentences.

    view_text.py widths ZSWAPBENCH FILE...   every view of the files: no line over 100 columns
    view_text.py machines ZSWAPBENCH DIR...  sysinfo and dry runs on fixture trees: the same
    view_text.py unwrap [--markdown]         stdin's wrapped lines joined, to stdout

widths runs, for each file, show, show -v and show -q (aligned, --raw, markdown), show of the
file and the next, compare of the file with itself and with the next file (-v --all too, where
compare takes the pair), and
the HTML report of the file and of the pair (its <pre> boxes, the text show and compare print).
A line wider than 100 columns, as a terminal shows it (a wide character two, a combining one
none), must be a table's: in the aligned text the heading and the rows of a table --raw prints
(the same table, its columns known), in markdown a row ("|..."), in the report a line that is
a table's line of the terminal's view. Prints what it ran and each line that is not; exit 1 on
any.

machines runs, for each fixture tree (--sysroot DIR), sysinfo and the dry runs of DRY_RUNS the
tree's machine takes (one it refuses, for a backend or a tool it lacks, prints nothing to
count). Neither prints a table kept whole: every line must be within 100 columns.

unwrap joins what the views wrapped (src/runner/base/wrap.c): a line continues the one before
when it is indented as that paragraph's next lines are (two columns more than its first, at
most 50), the line before had room for none of its first word (it was broken there), and it is
not itself the first of a paragraph (followed by a line indented two more, which would
continue it). A table's row of 98 columns followed by a line indented two more than it is the
case the last rule is for. With --markdown: a paragraph's lines and an item's ("- " and the
lines indented under it) each joined on one line, as a GFM renderer reads them (a marker's
escape at the start of a joined line dropped: inside a paragraph it reads as the marker); a
table's rows and blank lines as they are.
"""
import html
import itertools
import os
import re
import subprocess
import sys
import tempfile
import unicodedata

WIDTH = 100
# A gnuplot that draws nothing: an empty picture wherever the script sends its output, for the
# report to inline (the report's text is what is read here).
STAND_IN = """#!/bin/sh
sed -n "s/^set output '\\(.*\\)'$/\\1/p" "$1" | while IFS= read -r out; do
	printf '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>\\n' >"$out"
done
"""


# The dry runs' options: each line of the text a dry run can print, with the paths, commands and
# settings that make its lines long.
DRY_RUNS = [
    [],
    ["--swap", "disk"],
    ["--swap", "disk,zram,zswap"],
    ["--swap", "disk,zram", "--min-trials", "3", "--trials", "10"],
    ["--swap", "disk", "--thp", "always", "--mglru", "on", "--swappiness", "10", "--page-cluster",
     "0", "--swap-limit", "100M", "--background", "100M", "--settle"],
    ["--swap", "disk", "--setup", "echo set up", "--prepare", "sync", "--cleanup",
     "rm -f scratch", "--", "sh", "-c", "dd if=/dev/zero of=scratch bs=1M count=64"],
    ["--swap", "zswap", "--load", "sh -c 'echo zswapbench-load throughput 1'", "--ready", "true",
     "--load-warmup", "sleep 1", "--", "sleep", "60"],
    ["--swap", "zram", "--target", "fs", "--", "sh", "-c", "dd if=/dev/zero of=f bs=1M count=64"],
    ["--swap", "disk", "--target", "block"],
]


def width(s):
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1
               for c in s)


def indent(s):
    return len(s) - len(s.lstrip(" "))


def page_width(s):
    """The columns of a line of the HTML report's text on the terminal: each U+FFFD the page
    writes for a byte it cannot hold (html_markup.c) is that byte's \\xNN there, four."""
    return width(s) + 3 * s.count("\ufffd")


def continues(before, line, hang, after, columns=width):
    """Does line continue before (as printed), in a paragraph whose next lines have hang?"""
    if not before.strip() or not line.strip() or indent(line) != hang:
        return False
    if columns(before) > WIDTH or columns(before) + 1 + columns(line.split()[0]) <= WIDTH:
        return False
    # A paragraph's first line is followed by its own next lines, two columns further in.
    own = min(indent(line) + 2, WIDTH // 2)
    return not (after is not None and own != hang and indent(after) == own and
                continues(line, after, own, None, columns))


def unwrap(text, columns=width):
    """text's wrapped lines joined; columns: a line's columns (page_width for the report's)."""
    lines = text.split("\n")
    out, hang = [], None
    for i, line in enumerate(lines):
        if out:
            before = lines[i - 1]
            h = hang if hang is not None else min(indent(out[-1]) + 2, WIDTH // 2)
            after = lines[i + 1] if i + 1 < len(lines) else None
            if continues(before, line, h, after, columns):
                out[-1] += " " + line.lstrip(" ")
                hang = h
                continue
        out.append(line)
        hang = None
    return "\n".join(out)


def unwrap_markdown(text):
    out, before = [], None
    for line in text.split("\n"):
        if before and not before.startswith("|") and line and not line.startswith("|") \
                and not line.startswith("- "):
            # Inside a paragraph a marker starts nothing: its escape reads as the marker.
            line = re.sub(r"^(\d{1,9})\\([.)])|^\\([-*+#>=_~`])", lambda m: "".join(
                g or "" for g in m.groups()), line.lstrip(" "))
            out[-1] += " " + line
        else:
            out.append(line)
        before = line
    return "\n".join(out)


def raw_tables(raw):
    """Each table of --raw output: its heading's words and how many rows."""
    tables, lines = [], raw.split("\n")
    for i, line in enumerate(lines):
        words = line.split(" ")
        if len(words) >= 2 and all(re.fullmatch(r"%?[A-Z][A-Z0-9%_-]*|\S+\.json", w) for w in words):
            n = 0
            for row in lines[i + 1:]:
                if len(row.split(" ")) != len(words) or row == line:
                    break
                n += 1
            tables.append((words, n))
    return tables


def bare(words):
    """A heading's words without the unit --raw adds to them (ELAPSED_S: ELAPSED)."""
    return [re.sub(r"_[A-Z]+$", "", w) for w in words]


def table_lines(text, raw):
    """The indexes of text's lines that are a table's: each heading --raw prints, found in
    order, and as many lines after it as --raw has rows."""
    lines, marked, at = text.split("\n"), set(), 0
    for words, n in raw_tables(raw):
        # --raw moves a column's unit into its heading (ELAPSED_S): the aligned heading has none.
        for i in range(at, len(lines)):
            if bare(lines[i].split()) == bare(words):
                marked.update(range(i, i + 1 + n))
                at = i + 1 + n
                break
    return marked


class Check:
    def __init__(self, zsb):
        self.zsb, self.views, self.lines, self.kept, self.bad = zsb, 0, 0, 0, []
        self.tables = set()  # the terminal's table lines, for the report's boxes
        self.env = None

    def run(self, *args):
        p = subprocess.run([self.zsb, *args], capture_output=True, text=True, env=self.env)
        return p.stdout if p.returncode in (0, 4) else None

    def over(self, where, text, allowed):
        self.views += 1
        for i, line in enumerate(text.split("\n")):
            self.lines += 1
            if width(line) <= WIDTH:
                continue
            if allowed(i, line):
                self.kept += 1
            else:
                self.bad.append(f"{where}: {width(line)} columns: {line}")

    def aligned(self, *args):
        text = self.run(*args)
        if text is None:
            return False
        raw = self.run(*args, "--raw")
        if raw is None:
            # --quiet takes no --raw: its tables are those of the view it is the end of.
            raw = self.run(*[a for a in args if a != "-q"], "--raw") or ""
        else:
            raw_marked = table_lines(raw, raw)
            self.over(" ".join(args) + " --raw", raw, lambda i, line: i in raw_marked)
        marked = table_lines(text, raw)
        self.tables.update(line for i, line in enumerate(text.split("\n")) if i in marked)
        self.over(" ".join(args), text, lambda i, line: i in marked)
        md = self.run(*args, "--format", "markdown")
        self.over(" ".join(args) + " --format markdown", md, lambda i, line: line.startswith("|"))
        return True

    def report(self, *files):
        page = self.run("report", *files, "-o", "-")
        if page is None:
            self.bad.append(f"report {' '.join(files)}: no page")
            return
        boxes = re.findall(r'<pre class="(?:verdict|warnings)">(.*?)</pre>', page, re.S)
        text = html.unescape("\n".join(boxes))
        self.over("report " + " ".join(files), text, lambda i, line: line in self.tables)


def widths(zsb, files):
    c = Check(zsb)
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "gnuplot"), "w") as f:
            f.write(STAND_IN)
        os.chmod(os.path.join(tmp, "gnuplot"), 0o755)
        c.env = dict(os.environ, PATH=tmp + os.pathsep + os.environ.get("PATH", ""))
        for f in files:
            for args in ([], ["-v"], ["-q"]):
                c.aligned("show", *args, f)
        for a, b in zip(files, files[1:]):
            c.aligned("show", a, b)
        for a, b in itertools.chain(((f, f) for f in files), zip(files, files[1:])):
            if c.aligned("compare", a, b):
                c.aligned("compare", "-v", "--all", a, b)
                c.report(a, b)
        for f in files:
            c.report(f)
    for line in c.bad:
        print(line)
    print(f"{c.views} views, {c.lines} lines: {c.kept} of a table over {WIDTH} columns, "
          f"{len(c.bad)} others over {WIDTH}")
    return 1 if c.bad else 0


def machines(zsb, dirs):
    c = Check(zsb)
    ran = {"sysinfo": 0, "dry run": 0}
    for d in dirs:
        for what, args in [("sysinfo", ["sysinfo", "--sysroot", d])] + \
                [("dry run", ["--dry-run", "--sysroot", d, *a]) for a in DRY_RUNS]:
            text = c.run(*args)
            if text is not None:
                ran[what] += 1
                c.over(" ".join(args), text, lambda i, line: False)
    for line in c.bad:
        print(line)
    print(f"{ran['sysinfo']} sysinfo, {ran['dry run']} dry runs, {c.lines} lines: "
          f"{len(c.bad)} over {WIDTH} columns")
    return 1 if c.bad else 0


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "widths":
        sys.exit(widths(sys.argv[2], sys.argv[3:]))
    if len(sys.argv) >= 3 and sys.argv[1] == "machines":
        sys.exit(machines(sys.argv[2], sys.argv[3:]))
    if len(sys.argv) >= 2 and sys.argv[1] == "unwrap":
        text = sys.stdin.read()
        sys.stdout.write(unwrap_markdown(text) if "--markdown" in sys.argv[2:] else unwrap(text))
        return
    sys.exit(__doc__)


if __name__ == "__main__":
    main()
