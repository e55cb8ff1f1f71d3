#!/usr/bin/env python3
"""One decision, every view: each comparison of a result file (or of compare's files) reads the
same in every view and format that shows it: its change with its interval, its p, its mark.

    views_agree.py ZSWAPBENCH show FILE          a run's views against its JSON
    views_agree.py ZSWAPBENCH compare FILE...    compare's views against its JSON

The JSON (show --format json: the file's "comparisons"; compare --format json: its "cells") is
the reference; every table of the aligned, --raw and markdown renderings, -v's tables, the
verdict's sentences and compare's CSV, TAP and JUnit must show each decision they show as the JSON has it,
formatted as zswapbench formats a change ("+21.9% [-22.8%, +59.4%]") and a p ("0.310",
"< 0.001", "-"). So must the HTML report of the same file(s) (`report -o`): its verdict, each
file's verdict and the comparison are the terminal's text in <pre class="verdict">, read as the
aligned tables and sentences are; its cells tables give each cell's median and the interval of
it a view prints (the JSON's stats). And the plots' data (`plot`: the gnuplot scripts'
datablocks): each cell's median, interval, its coverage and whether it is the trials' range, as
the JSON's stats have them, the trials plots' cells in order of median. gnuplot is a stand-in
that writes an empty picture: the scripts are what is read, and the report inlines the picture.
Prints what it checked and each disagreement; exit 1 on any.
"""
import csv
import glob
import io
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from view_text import page_width, unwrap, unwrap_markdown  # noqa: E402

problems = []
checked = 0
TMP = None  # a private folder: the stand-in gnuplot, the reports, the plots
XHTML = "{http://www.w3.org/1999/xhtml}"

# A gnuplot that draws nothing: an empty picture wherever the script sends its output (gnuplot
# reads the script as its argument, /proc/self/fd/0), for the report to inline.
STAND_IN = """#!/bin/sh
sed -n "s/^set output '\\(.*\\)'$/\\1/p" "$1" | while IFS= read -r out; do
	printf '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>\\n' >"$out"
done
"""


def run(zsb, *args, env=None):
    out = subprocess.run([zsb, *args], capture_output=True, text=True, env=env)
    if out.returncode not in (0, 4):
        problems.append(f"{' '.join(args)}: exit {out.returncode}: {out.stderr.strip()}")
    return out.stdout


def view_of(zsb, *args):
    """A view's text (aligned, --raw or markdown) with the lines it wrapped within 100 columns
    joined again (view_text.py): a sentence or a table's title is read on one line."""
    out = run(zsb, *args)
    return unwrap_markdown(out) if "markdown" in args else unwrap(out)


def pct(v):
    return "-" if v is None else f"{v:+.1f}%"


def change_text(d):
    ci = d.get("change_ci_pct")
    if not ci or ci[0] is None or ci[1] is None:
        return pct(d.get("change_pct"))
    return f"{pct(d['change_pct'])} [{pct(ci[0])}, {pct(ci[1])}]"


def p_text(p):
    if p is None:
        return "-"
    return "< 0.001" if p < 0.001 else f"{p:.3f}"


def agree(where, what, shown, wanted):
    global checked
    checked += 1
    if shown != wanted:
        problems.append(f"{where}: {what}: shows {shown!r}, the JSON says {wanted!r}")


def unescape(text):
    """Text as the views escape it for a terminal (\\xNN, as libsmartcols and
    src/runner/base/escape.c write a control character or a byte that is no UTF-8), read back:
    a label then reads as the JSON has it."""
    return re.sub(rb"\\x([0-9a-f]{2})", lambda m: bytes([int(m.group(1), 16)]),
                  text.encode("utf-8")).decode("utf-8", "replace")


def is_header(line):
    words = line.split(" ")
    return len(words) >= 3 and all(re.fullmatch(r"[A-Z][A-Z0-9-]*|\S+\.json", w) for w in words)


def raw_tables(text, escaped=False):
    """Tables of --raw output: a header of capitals, rows of single-space-separated cells
    (escaped: as written, \\x20 for a space)."""
    tables, lines = [], text.split("\n")
    for i, line in enumerate(lines):
        if is_header(line):
            words = line.split(" ")
            rows = []
            for row in lines[i + 1:]:
                cells = row.split(" ")
                if len(cells) != len(words) or is_header(row):
                    break
                rows.append(cells if escaped else [unescape(c) for c in cells])
            tables.append((words, rows))
    return tables


def term_escape(text):
    """A cell as the aligned views write it: a control character (C0, DEL, C1) as the \\xNN of
    its UTF-8 bytes, anything else as it is."""
    return "".join("".join(f"\\x{b:02x}" for b in ch.encode("utf-8", "surrogateescape"))
                   if ord(ch) < 0x20 or 0x7f <= ord(ch) < 0xa0 else ch for ch in text)


def aligned_tables(text, raw, where, form=term_escape):
    """The tables of an aligned text (the terminal's, or the report's <pre>) as (head, rows,
    title), the cells cut where the columns are: each as wide as its widest cell or heading in
    the same table of raw (the --raw rendering of the same output), one space between, as
    libsmartcols pads them. A label with spaces ("disk jobs=1") cannot be told from two cells
    by the text alone. title: the line above the heading. form: a cell as the text writes it
    (the terminal's escapes; the page's U+FFFD, html_text)."""
    pending = [(head, rows, [max([len(h)] + [len(form(unescape(r[k]))) for r in rows])
                             for k, h in enumerate(head)]) for head, rows in raw_tables(raw, True)]
    lines, tables = text.split("\n"), []
    for i, line in enumerate(lines):
        words = line.split()
        if len(words) < 3 or not is_header(" ".join(words)):
            continue
        fit = next((t for t in pending if t[0] == words and cut(line, t[2]) == words), None)
        if not fit:
            continue
        pending.remove(fit)
        head, raw_rows, widths = fit
        rows = []
        for row in lines[i + 1:i + 1 + len(raw_rows)]:
            cells = cut(row, widths)
            if cells is None:
                problems.append(f"{where}: a row of {' '.join(head)} not in its columns: {row!r}")
                break
            rows.append([unescape(c) for c in cells])
        tables.append((head, rows, unescape(lines[i - 1]) if i else None))
    return tables


def cut(line, widths):
    """line's cells in columns of these widths, one space between; None where a cell runs into
    the space between."""
    cells, at = [], 0
    for k, w in enumerate(widths):
        last = k == len(widths) - 1
        if not last and line[at + w:at + w + 1] not in ("", " "):
            return None
        cells.append((line[at:] if last else line[at:at + w]).strip(" "))
        at += w + 1
    return cells


def markdown_tables(text):
    tables, lines = [], text.split("\n")
    for i, line in enumerate(lines):
        if line.startswith("| ") and i + 1 < len(lines) and lines[i + 1].startswith("| ---"):
            head = [c.strip() for c in line.strip().strip("|").split("|")]
            rows = []
            for row in lines[i + 2:]:
                if not row.startswith("|"):
                    break
                rows.append([unescape(c.strip().replace("\\|", "|")) for c in row.strip()[1:-1].split(" | ")])
            tables.append((head, rows))
    return tables


def aligned_holds_raw(aligned, raw, where):
    """Each raw row's cells, in order, on one line of the aligned table: the same table."""
    lines = [unescape(l) for l in aligned.split("\n")]
    for head, rows in raw_tables(raw):
        # The short answer is a table in --raw and a block of lines aligned: nothing to hold.
        if not any(re.search(r"\s+".join(map(re.escape, head)), line) for line in lines):
            continue
        for row in rows:
            if not any(in_order(line, row) for line in lines):
                problems.append(f"{where}: no aligned line holds the --raw row {row}")


def in_order(line, cells):
    at = 0
    for c in cells:
        if not c:
            continue
        found = line.find(c, at)
        if found < 0:
            return False
        at = found + len(c)
    return True


def col(head, row, name, nth=0):
    idx = [i for i, h in enumerate(head) if h == name]
    return row[idx[nth]] if len(idx) > nth and len(row) == len(head) else None


def device_setup(label, jobs, mode):
    words = label.split(" ")
    drop = [f"jobs={jobs}", mode]
    kept, first = [], True
    for w in words:
        if not first and w in drop:
            drop.remove(w)
            continue
        kept.append(w)
        first = False
    return " ".join(kept)


def primary_of(metrics):
    for key, d in metrics.items():
        if d.get("family") == "primary":
            return key
    return None


def check_row_tables(tables, doc, where):
    """A sweep's summary, a device's table: a row per cell, its decision in VS-FIRST/VS-BEST."""
    cells = {c["label"]: c for c in doc["cells"]}
    by_cell = {}
    for pair in doc["comparisons"]:
        if pair["role"] in ("against the first cell", "against the best"):
            by_cell[pair["cell"]] = pair
    for head, rows in tables:
        key = "VS-FIRST" if "VS-FIRST" in head else "VS-BEST" if "VS-BEST" in head else None
        if not key:
            continue
        for row in rows:
            label = col(head, row, "CELL")
            if label is None and col(head, row, "JOBS") is not None:
                label = next((c for c, x in cells.items()
                              if str(x["jobs"]) == col(head, row, "JOBS") and x["mode"] == col(head, row, "MODE")
                              and ("SETUP" not in head or
                                   device_setup(c, x["jobs"], x["mode"]) == col(head, row, "SETUP"))), None)
            pair = by_cell.get(label)
            shown = col(head, row, key)
            if shown in ("baseline", "best"):
                continue
            if pair is None:
                if shown:
                    problems.append(f"{where}: {label}: {key} {shown!r} but the JSON compares nothing")
                continue
            d = pair["metrics"][primary_of(pair["metrics"])]
            agree(where, f"{label} {key}", shown, change_text(d))
            agree(where, f"{label} SIG", col(head, row, "SIG"), d["mark"])
            if "P" in head:
                agree(where, f"{label} P", col(head, row, "P"), p_text(d["p_decision"]))


def comparison_tables(text, markdown, raw=None, where=""):
    """-v's "X against Y (...)" tables, as (title, head, rows): --raw prints no titles, its
    tables come in the answer's order (None for their titles). raw: text is aligned, cut into
    cells where raw (its --raw rendering) puts the columns, each title the line above."""
    if raw is not None:
        return [(title, head, rows) for head, rows, title in aligned_tables(text, raw, where)
                if head[:3] == ["METRIC", "BASE", "CHANGE"]]
    lines = text.split("\n")
    titles = [unescape(l.strip("*")) for l in lines if " against " in l and "interval)" in l]
    tables = [t for t in (markdown_tables(text) if markdown else raw_tables(text))
              if t[0][:3] == ["METRIC", "BASE", "CHANGE"]]
    if not markdown:
        return [(None, head, rows) for head, rows in tables]
    return [(title, head, rows) for title, (head, rows) in zip(titles, tables)]


ROLE_WORDS = {None: ("the second cell against the first", "against the first cell"),
              ", the best of its row": ("against the best",), ", the fastest": ("against the best",),
              ", the least RAM": ("RAM against the least",)}


def check_metric_rows(head, rows, metrics, where):
    for row in rows:
        name = col(head, row, "METRIC")
        key = name.split(" ")[0] if name else None
        if key not in metrics:
            if name and not name.startswith("failed trials"):
                problems.append(f"{where}: a row {name!r} the JSON does not compare")
            continue
        d = metrics[key]
        agree(where, f"{key} CHANGE", col(head, row, "CHANGE"), change_text(d))
        agree(where, f"{key} P", re.sub(r" \((1|e)\)$", "", col(head, row, "P") or ""), p_text(d["p_decision"]))
        agree(where, f"{key} SIG", col(head, row, "SIG"), d["mark"])


def check_verbose(text, doc, markdown, where, raw=None):
    pairs = doc["comparisons"]
    tables = comparison_tables(text, markdown, raw, where)
    if len(tables) != len(pairs):
        problems.append(f"{where}: {len(tables)} comparison tables, the JSON has {len(pairs)} pairs")
    for k, (title, head, rows) in enumerate(tables):
        pair = pairs[k] if k < len(pairs) else None
        if title is not None:
            m = re.match(r"(.*) against (.*?)(, the [^(]+)? \(median", title)
            if not m or not pair or (m.group(1), m.group(2)) != (pair["cell"], pair["base"]) or \
                    pair["role"] not in ROLE_WORDS.get(m.group(3), ()):
                problems.append(f"{where}: table {k} {title!r} is not the JSON's pair {k}")
                continue
        if pair:
            check_metric_rows(head, rows, pair["metrics"], f"{where}: pair {k}")


def check_sentence(text, doc, where):
    """A pair's first sentence: the primary decision's change, interval and p."""
    pair = doc["comparisons"][0]
    key = primary_of(pair["metrics"])
    d = pair["metrics"][key]
    line = next((l for l in map(unescape, text.split("\n"))
                 if pair["cell"] in l and pair["base"] in l and "median" in l), "")
    if d["mark"] == "*":
        want = f"[{pct_factor(d, doc['metrics'][key]['unit'])}]"
    else:
        want = change_text(d) if d["mark"] in ("~", "+") else pct(d["change_pct"])
    global checked
    checked += 1
    if want not in line:
        problems.append(f"{where}: the verdict {line!r} lacks {want!r}")
    if d["mark"] in ("~", "+", "*") and p_text(d["p_decision"]) not in line:
        problems.append(f"{where}: the verdict {line!r} lacks p {p_text(d['p_decision'])!r}")


def pct_factor(d, unit):
    """A significant time's sentence says the factor: larger over smaller with its interval."""
    f, lo, hi = (1 + d["change_pct"] / 100, 1 + d["change_ci_pct"][0] / 100, 1 + d["change_ci_pct"][1] / 100)
    if f < 1:
        f, lo, hi = 1 / f, 1 / hi, 1 / lo
    if unit == "ops/s":
        return f"{100 * (lo - 1):.1f}%, {100 * (hi - 1):.1f}%"
    return f"{lo:.2f}, {hi:.2f}"


def show(zsb, path):
    doc = json.loads(run(zsb, "show", "--format", "json", path))
    plain, raw = view_of(zsb, "show", path), view_of(zsb, "show", "--raw", path)
    md = view_of(zsb, "show", "--format", "markdown", path)
    aligned_holds_raw(plain, raw, f"{path}: show")
    for name, tables in (("--raw", raw_tables(raw)), ("markdown", markdown_tables(md)),
                         ("aligned", [t[:2] for t in aligned_tables(plain, raw, f"{path}: show")])):
        check_row_tables(tables, doc, f"{path}: show {name}")
    vplain, vraw = view_of(zsb, "show", "-v", path), view_of(zsb, "show", "-v", "--raw", path)
    vmd = view_of(zsb, "show", "-v", "--format", "markdown", path)
    aligned_holds_raw(vplain, vraw, f"{path}: show -v")
    check_verbose(vraw, doc, False, f"{path}: show -v --raw")
    check_verbose(vmd, doc, True, f"{path}: show -v markdown")
    check_verbose(vplain, doc, False, f"{path}: show -v", raw=vraw)
    pairs = [p for p in doc["comparisons"] if p["role"] == "the second cell against the first"]
    if pairs:
        for name, text in (("show", plain), ("show -q", view_of(zsb, "show", "-q", path)), ("markdown", md)):
            check_sentence(text, doc, f"{path}: {name}")
    page = report(zsb, [path])
    if page is not None:
        verdicts, cells = html_sections(page, 1)
        check_html_verdict(verdicts[0] if verdicts else None, doc, plain, raw, f"{path}: report")
        check_html_cells(cells[0]["table"], doc, f"{path}: report")
    check_plots(zsb, [path], [doc], f"{path}: plot")


def compare(zsb, paths):
    doc = json.loads(run(zsb, "compare", "--format", "json", *paths))
    by = {(c["new_file"], c["cell"]): c for c in doc["cells"]}
    check_gate_formats(zsb, paths, {(c["new_file"], c["new_cell"]): c for c in doc["cells"]})
    table = [[unescape(c) for c in row]
             for row in csv.reader(io.StringIO(run(zsb, "compare", "--format", "csv", *paths)))]
    head = table[0]
    for row in table[1:]:
        c = by.get((col(head, row, "FILE"), col(head, row, "CELL")))
        d = c["metrics"].get(col(head, row, "METRIC")) if c else None
        where = f"compare csv {col(head, row, 'CELL')} {col(head, row, 'METRIC')}"
        if not d:
            problems.append(f"{where}: not in the JSON")
            continue
        for name, v in (("CHANGE", d["change_pct"]), ("P", d["p_decision"]),
                        ("CI-LOW", (d["change_ci_pct"] or [None])[0]),
                        ("CI-HIGH", (d["change_ci_pct"] or [None, None])[1])):
            agree(where, name, col(head, row, name), "" if v is None else f"{v:.4g}")
        agree(where, "SIG", col(head, row, "SIG"), d["mark"])
    raw = view_of(zsb, "compare", "--raw", "--all", *paths)
    aligned_holds_raw(view_of(zsb, "compare", "--all", *paths), raw, "compare")
    for head, rows in raw_tables(raw):
        if head[:3] == ["METRIC", "BASE", "CHANGE"]:
            # Which cell: the title line before it in the aligned text names it; every pair of
            # two files has one cell per label.
            continue
    titles = [unescape(l) for l in raw.split("\n") if re.match(r".* \(.*\) in \S+$", l)]
    metric_tables = [t for t in raw_tables(raw) if t[0][:3] == ["METRIC", "BASE", "CHANGE"]]
    for title, (head, rows) in zip(titles, metric_tables):
        m = re.match(r"(.*) \((.*)\) in (\S+)$", title)
        c = by.get((m.group(3), m.group(1)))
        if c:
            check_metric_rows(head, rows, c["metrics"], f"compare {title[:40]}")
        else:
            problems.append(f"compare: a table {title!r} of no cell in the JSON")
    plain, raw = view_of(zsb, "compare", *paths), view_of(zsb, "compare", "--raw", *paths)
    for head, rows in raw_tables(raw):
        check_side_rows(doc, head, rows, "compare side by side")
    check_compare_text(plain, raw, doc, "compare")
    # The report: the comparison as compare prints it, then each file's cells and verdict.
    docs = [json.loads(run(zsb, "show", "--format", "json", p)) for p in paths]
    page = report(zsb, paths)
    if page is not None:
        verdicts, files = html_sections(page, len(paths))
        same_text("compare: report", "the comparison as compare prints it",
                  verdicts[0] if verdicts else None, html_text(unescape(plain)))
        if verdicts:
            check_compare_text(verdicts[0], raw, html_doc(doc), "compare: report", html_text)
        for k, f in enumerate(files):
            where = f"compare: report {paths[k]}"
            check_html_verdict(f["verdict"], docs[k], view_of(zsb, "show", paths[k]),
                               view_of(zsb, "show", "--raw", paths[k]), where)
            check_html_cells(f["table"], docs[k], where)
    check_plots(zsb, paths, docs, "compare: plot")


def same_text(where, what, shown, wanted):
    """Two texts the same; else their first line that differs."""
    global checked
    checked += 1
    if shown == wanted:
        return
    a, b = (shown or "").split("\n"), wanted.split("\n")
    i = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    problems.append(f"{where}: {what}: line {i + 1} is {a[i] if i < len(a) else None!r}, "
                    f"not {b[i] if i < len(b) else None!r}")


def is_side(head):
    """compare's side by side: a device's (JOBS, MODE, SETUP) or a filesystem's (CELL, METRIC)."""
    return "CHANGE" in head and ("JOBS" in head or ("CELL" in head and "METRIC" in head))


def check_side_rows(doc, head, rows, where):
    if not is_side(head):
        return
    for row in rows:
        cell = side_cell(doc, head, row)
        metric = col(head, row, "METRIC") or "io_bw"
        d = cell["metrics"].get(metric) if cell else None
        at = f"{where}: {cell['cell'] if cell else row} {metric}"
        if not d:
            problems.append(f"{at}: no such decision in the JSON")
            continue
        agree(at, "CHANGE", col(head, row, "CHANGE"), change_text(d))
        agree(at, "P", col(head, row, "P"), p_text(d["p_decision"]))
        agree(at, "SIG", col(head, row, "SIG"), d["mark"])


TITLE = re.compile(r"(.*) \((.*)\) in (\S+)$")


def check_compare_text(text, raw, doc, where, form=term_escape):
    """compare's aligned text (the terminal's, or the report's comparison): each cell's table of
    the metrics that changed under its title, a device's side by side, and the line of the key
    metrics that did not change, each with its change, interval and p."""
    by = {(c["new_file"], c["cell"]): c for c in doc["cells"]}
    for head, rows, title in aligned_tables(text, raw, where, form):
        if head[:3] == ["METRIC", "BASE", "CHANGE"]:
            m = TITLE.match(title or "")
            c = by.get((m.group(3), m.group(1))) if m else None
            if c:
                check_metric_rows(head, rows, c["metrics"], f"{where}: {title[:40]}")
            else:
                problems.append(f"{where}: a table under {title!r}, of no cell in the JSON")
        check_side_rows(doc, head, rows, f"{where}: side by side")
    cell = None
    for line in map(unescape, text.split("\n")):
        if TITLE.match(line):
            m = TITLE.match(line)
            cell = by.get((m.group(3), m.group(1)))
        elif line.endswith(": no significant change in any metric (--all shows them)"):
            m = TITLE.match(line.split(": no significant change in any metric")[0])
            cell = by.get((m.group(3), m.group(1))) if m else None
            agree(where, f"{line[:40]}: a change", cell and sorted(k for k, d in cell["metrics"].items()
                                                                 if d["mark"] in ("*", "+")), [])
        elif cell and re.match(r"  (no significant change|untested \(.*\)):", line):
            check_unchanged(line.split(":", 1)[1], cell, f"{where}: {cell['cell']} unchanged")


def check_unchanged(text, cell, where):
    """ "cpu_time +0.0% [-17.5%, +21.2%] p = 1, swap_ram ...": each key metric's change, its
    interval and its p (two digits), or "untested"."""
    entries = re.findall(r" (\w+) ([+-]\d+\.\d%)(?: \[([+-]\d+\.\d%), ([+-]\d+\.\d%)\])?"
                         r"(?: p = ([^,]+)| (untested))?(?:,|$)", text)
    if not entries:
        problems.append(f"{where}: no metric read in {text!r}")
    for key, change, lo, hi, p, untested in entries:
        d = cell["metrics"].get(key)
        if not d:
            problems.append(f"{where}: {key} is not in the JSON")
            continue
        shown = f"{change} [{lo}, {hi}]" if lo else change
        agree(where, f"{key} change", shown, change_text(d))
        wanted = f"{d['p_decision']:.2g}" if d["testable"] and d["p_decision"] is not None else None
        agree(where, f"{key} p", p or None, wanted)


# ---- the HTML report ----

def stand_in_env():
    """PATH with the stand-in gnuplot first."""
    return dict(os.environ, PATH=os.path.join(TMP, "bin") + ":" + os.environ.get("PATH", ""))


def report(zsb, paths):
    """The report of paths, parsed: the page is XHTML-compatible, an XML parser reads it."""
    out = os.path.join(TMP, "report.html")
    run(zsb, "report", "-o", out, *paths, env=stand_in_env())
    try:
        return ET.parse(out).getroot()
    except (OSError, ET.ParseError) as e:
        problems.append(f"report {' '.join(paths)}: {e}")
        return None
    finally:
        if os.path.exists(out):
            os.unlink(out)


def html_sections(page, n):
    """The verdict section's <pre class="verdict"> texts, and for each of the n files its part
    of the cells section: its table and its own verdict (several files), None where missing."""
    sections = {s.get("id"): s for s in page.iter(XHTML + "section")}
    verdicts = [unwrap(e.text or "", page_width) for e in sections.get("verdict", [])
                if e.tag == XHTML + "pre" and e.get("class") == "verdict"]
    files = []
    for e in sections.get("cells", []):
        if e.tag == XHTML + "h3" or (not files and e.tag != XHTML + "h2"):
            files.append({"table": None, "verdict": None})
        if e.tag == XHTML + "table":
            files[-1]["table"] = e
        elif e.tag == XHTML + "pre" and e.get("class") == "verdict":
            files[-1]["verdict"] = unwrap(e.text or "", page_width)
    if len(files) != n:
        problems.append(f"report: {len(files)} files in the cells section, not {n}")
    return verdicts, (files + [{"table": None, "verdict": None}] * n)[:n]


def check_html_verdict(text, doc, plain, raw, where):
    """A file's verdict on the page: show's own text (a character the page cannot hold as
    html_text writes it), its tables' and sentence's decisions the JSON's."""
    if text is None:
        agree(where, "a verdict", [p["cell"] for p in doc["comparisons"]], [])
        return
    agree(where, "the verdict as show prints it", text in html_text(unescape(plain)), True)
    doc = html_doc(doc)
    tables = [t[:2] for t in aligned_tables(text, raw, where, html_text)]
    check_row_tables(tables, doc, f"{where} verdict")
    if any(p["role"] == "the second cell against the first" for p in doc["comparisons"]):
        check_sentence(text, doc, f"{where} verdict")


def html_text(text):
    """Text as the page writes it (html_markup.c): each byte of a character that XML or HTML
    refuses as text (a control character, U+FFFE, U+FFFF) a U+FFFD."""
    out = []
    for ch in text:
        o = ord(ch)
        if (o < 0x20 and ch not in "\t\n\r") or o == 0x7f or 0x80 <= o < 0xa0 or o in (0xfffe, 0xffff):
            out.append("\ufffd" * len(ch.encode("utf-8")))
        else:
            out.append(ch)
    return "".join(out)


def html_doc(doc):
    """A show or compare JSON with its labels and files as the page writes them."""
    doc = json.loads(json.dumps(doc))
    for c in doc["cells"]:
        for k in ("label", "cell", "new_cell", "new_file"):
            if isinstance(c.get(k), str):
                c[k] = html_text(c[k])
    for p in doc.get("comparisons", []):
        p["cell"], p["base"] = html_text(p["cell"]), html_text(p["base"])
    return doc


def text_of(e):
    return "".join(e.itertext())


def ok_trials(cell):
    return sum(1 for t in cell["trials"] if not t.get("warmup") and t.get("status") == "ok")


def fmt_metric(unit, v):
    """A value as format.c's fmt_metric writes it in its display unit (bytes as MiB)."""
    if v is None or not math.isfinite(v):
        return "-"
    digits = (3 if unit in ("s", "s/GiB") else 1 if unit in ("bytes", "MiB/s", "us")
              else 2 if unit in ("x", "/MiB") else 0)
    return f"{v / 2 ** 20 if unit == 'bytes' else v:.{digits}f}"


def fmt_metric_unit(unit, v):
    name = "MiB" if unit == "bytes" else unit
    return fmt_metric(unit, v) + (" " if name and unit != "x" else "") + name


def median_interval(s):
    """The interval of the median a view prints (statistics.c's summary_median_interval): the
    95% one, else the trials' range with its coverage 1 - 2^(1-n); and whether it is the range."""
    ci = s.get("median_ci")
    if ci and ci[0] is not None and ci[1] is not None:
        return ci[0], ci[1], 0.95, False
    return s["min"], s["max"], 1 - 2.0 ** (1 - min(s["n"], 64)) if s["n"] >= 2 else 0.0, True


def interval_text(unit, s):
    """format.c's fmt_median_interval: "0.153 … 0.225 s (94%)"."""
    lo, hi, cover, _ = median_interval(s)
    if not cover > 0:
        return ""
    text = f"{fmt_metric(unit, lo)} … {fmt_metric_unit(unit, hi)}"
    return text + (f" ({100 * cover:.0f}%)" if abs(cover - 0.95) > 1e-9 else "")


def device_text(unit, s, kind):
    """device.c's device_median_text: "888.9 [842.1…888.9]", the brackets the table's kind."""
    if s is None:
        return "-"
    a, b = (s.get("median_ci") or [None, None]) if kind == "ci" else (s["min"], s["max"])
    mid = fmt_metric(unit, s["median"])
    if a is None or b is None:
        return mid
    return f"{mid} [{fmt_metric(unit, a)}…{fmt_metric(unit, b)}]"


def mode_reads(cell):
    mode = cell.get("mode") or ""
    return "read" in mode or mode.endswith("-rw") if mode else "read_bw" in cell["stats"]


def mode_writes(cell):
    mode = cell.get("mode") or ""
    return "write" in mode or mode.endswith("-rw") if mode else "write_bw" in cell["stats"]


def html_wanted(name, key, c, units, kind):
    """What a column of the cells table shows of cell c (key: the table's primary metric), as
    the JSON's stats have it; None for a column not checked (counts, ratios, devices, p99, a
    mixed mode's IOPS, whose sum the JSON has no statistics of)."""
    st = c["stats"]

    def med(k, none=""):
        return fmt_metric_unit(units[k], st[k]["median"]) if k in st else none

    def dev(k):
        return device_text(units[k], st.get(k), kind)

    reads, writes = mode_reads(c), mode_writes(c)
    if name == f"{key}, median":
        return med(key)
    if name.startswith("interval of the median"):
        return interval_text(units[key], st[key]) if key in st else ""
    if name == "range, sd":
        s = st.get(key)
        return (f"{fmt_metric(units[key], s['min'])} … {fmt_metric_unit(units[key], s['max'])}, "
                f"sd {fmt_metric_unit(units[key], s['stddev'])}") if s else ""
    simple = {"CPU time": ("cpu_time", ""), "swap written": ("cgroup_swap_peak", ""),
              "write phase": ("elapsed", "-"), "flush": ("fs_flush_time", "-"),
              "read phase": ("fs_read_time", "-")}
    if name in simple:
        return med(*simple[name])
    if name == "RAM holding it":
        return med("swap_ram") if "swap_ram" in st and st["swap_ram"]["median"] > 0 else ""
    if name == "read, MiB/s":
        return dev("read_bw") if reads else "-"
    if name == "write, MiB/s":
        return dev("write_bw") if writes else "-"
    if name == "IOPS" and reads != writes:
        return dev("read_iops" if reads else "write_iops")
    if name == "total, s":
        return dev("fs_total_time")
    return None


def check_html_cells(table, doc, where):
    """The cells table: each cell's row, its medians and intervals the JSON's stats, formatted as
    the page formats them."""
    if table is None:
        agree(where, "a cells table", [c["label"] for c in doc["cells"]], [])
        return
    trs = table.findall(XHTML + "tr")
    head = [text_of(th) for th in trs[0]]
    key = next((h[:-len(", median")] for h in head if h.endswith(", median")), None)
    cells = {html_text(c["label"]): c for c in doc["cells"]}
    units = {k: m["unit"] for k, m in doc["metrics"].items()}
    kind = "range" if any(0 < ok_trials(c) < 6 for c in doc["cells"]) else "ci"
    seen = []
    for tr in trs[1:]:
        tds = [text_of(td).replace("...", "…") for td in tr]
        c = cells.get(tds[0])
        if c is None or len(tds) != len(head):
            problems.append(f"{where}: cells: a row {tds} of no cell in the JSON")
            continue
        seen.append(tds[0])
        for name, shown in zip(head, tds):
            wanted = html_wanted(name, key, c, units, kind)
            if wanted is not None:
                agree(f"{where} cells", f"{c['label']} {name}", shown, wanted)
    agree(f"{where} cells", "a row per cell", sorted(seen), sorted(cells))


# ---- the plots' data ----

def near(where, what, shown, wanted):
    """Numbers as gnuplot reads them (%.10g) against the JSON's."""
    global checked
    checked += 1
    same = len(shown) == len(wanted) and all(
        (math.isnan(a) and math.isnan(b)) or math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)
        for a, b in zip(shown, wanted))
    if not same:
        problems.append(f"{where}: {what}: drawn {shown}, the JSON says {wanted}")


def gp_string(text):
    return text.replace("''", "'")


def gp_tics(text):
    """A tics list's named places: ('label', 'place') pairs."""
    return re.findall(r"'((?:[^']|'')*)' (\d+)", text)


def gp_label(label):
    """A label as plot_data.c's gp_text writes it: a control character a space."""
    return "".join(" " if ord(ch) < 0x20 else ch for ch in label)


def gp_blocks(text):
    """The script's datablocks: id -> rows of numbers."""
    return {int(m.group(1)): [[float(x) for x in line.split()]
                              for line in m.group(2).split("\n") if line.strip()]
            for m in re.finditer(r"^\$d(\d+) << EOD\n(.*?)^EOD$", text, re.M | re.S)}


def gp_elements(text):
    """The plot command's elements: (datablock, style, title or None)."""
    m = re.search(r"^plot (.*?)(?:\n(?!     )|\Z)", text, re.M | re.S)
    out = []
    for el in re.split(r", \\\n     ", m.group(1) if m else ""):
        d = re.match(r"\$d(\d+) using \S+ with (\w+)", el)
        t = re.search(r" title '((?:[^']|'')*)'$", el)
        if d:
            out.append((int(d.group(1)), d.group(2), gp_string(t.group(1)) if t else None))
    return out


def drawn_as(where, what, row, s):
    """A row median, lo, hi, coverage, range against the JSON's stats s."""
    lo, hi, cover, is_range = median_interval(s)
    near(where, f"{what} median", [row[0]], [s["median"]])
    near(where, f"{what} interval", row[1:3], [lo, hi])
    near(where, f"{what} coverage, range", row[3:5], [cover, 1.0 if is_range else 0.0])


def check_plots(zsb, paths, docs, where):
    """`plot` of paths with the stand-in gnuplot, each script's cells read back."""
    out = tempfile.mkdtemp(dir=TMP)
    run(zsb, "plot", "-o", out, *paths, env=stand_in_env())
    scripts = sorted(glob.glob(os.path.join(out, "*.gp")))
    if not any(os.path.basename(s).startswith("trials-") for s in scripts):
        problems.append(f"{where}: no trials plot among {scripts}")
    for gp in scripts:
        name = os.path.basename(gp)[:-3]
        with open(gp, encoding="utf-8", errors="replace") as f:
            text = f.read()
        if name.startswith("trials-"):
            check_trials_plot(text, name, docs, f"{where} {name}")
        elif name.startswith(("sweep-", "bandwidth-")):
            check_line_plot(text, name, paths, docs, f"{where} {name}")
        os.unlink(gp)
    for f in os.listdir(out):
        os.unlink(os.path.join(out, f))
    os.rmdir(out)


def check_trials_plot(text, name, docs, where):
    """trials-M: the cells along x (the tics name them), set k's boxes in its datablocks 4k (the
    interval of the median) and 4k + 1 (the range of too few trials), each row x, lo, lo, hi, hi,
    median, coverage, range; the cells in order of the first set's median."""
    key = {"trials-cpu": "cpu_time", "trials-compression-ratio": "compression_ratio"}.get(name, name[7:])
    tics = re.search(r"^set xtics rotate by 30 right nomirror \((.*)\)$", text, re.M)
    at = {int(x): gp_string(l) for l, x in gp_tics(tics.group(1) if tics else "")}
    blocks, n = gp_blocks(text), len(docs)
    for k, doc in enumerate(docs):
        cells = {gp_label(c["label"]): c for c in doc["cells"]}
        off = (k - (n - 1) / 2) * 0.8 / n
        drawn = []
        for b in (4 * k, 4 * k + 1):
            for row in blocks.get(b, []):
                label = at.get(round(row[0] - off))
                c = cells.get(label)
                if c is None or key not in c["stats"] or len(row) != 8:
                    problems.append(f"{where}: a box at {row[0]} ({label!r}) of no cell with {key}")
                    continue
                drawn.append(label)
                near(where, f"{label} box", [row[1], row[3]], [row[2], row[4]])
                drawn_as(where, label, [row[5], row[1], row[3], row[6], row[7]], c["stats"][key])
                agree(where, f"{label} in the block of its kind", b - 4 * k, int(row[7]))
        agree(where, f"set {k}: a box per cell with {key}", sorted(drawn),
              sorted(l for l, c in cells.items() if key in c["stats"]))
    medians = []
    for x in sorted(at):
        c = next((cc for doc in docs for cc in doc["cells"]
                  if gp_label(cc["label"]) == at[x] and key in cc["stats"]), None)
        if c:
            medians.append(c["stats"][key]["median"])
    highest = ", highest first" in text
    agree(where, "the cells in order of median", medians, sorted(medians, reverse=highest))


def size_format(n):
    """common/size.c's size_format: 50M, 1.5G."""
    v, u = float(n), 0
    while v >= 1024 and u < 4:
        v, u = v / 1024, u + 1
    if u == 0:
        return str(n)
    return f"{int(v)}{'BKMGT'[u]}" if v == int(v) else f"{v:.1f}{'BKMGT'[u]}"


def cell_comp(c):
    return c.get("comp") or c.get("comp_used") or None


def check_line_plot(text, name, paths, docs, where):
    """sweep-AXIS and bandwidth-MODE: a line per (file and) backend or setup, each row x, median,
    lo, hi, coverage, range; each cell on the plot drawn once, by the line its name says."""
    tics = re.search(r"^set xtics nomirror \((.*)\)$", text, re.M)
    comps = [gp_string(l) for l, _ in gp_tics(tics.group(1) if tics else "")]
    ylabel = re.search(r"^set ylabel '([^,]*),", text, re.M)
    allcells = [c for doc in docs for c in doc["cells"]]
    varies = {a: len({v(c) for c in allcells}) > 1 for a, v in
              (("jobs", lambda c: c["jobs"]), ("limit", lambda c: c["limit"]))}
    axis = name.split("-", 1)[1]
    # sweep-SETTING: a setting the cells have of their own (knobs), placed by its number where
    # every value is one, else by its tic.
    knob = None if name.startswith("bandwidth-") or axis in ("jobs", "limit", "comp") else axis
    knob_values = [c.get("knobs", {}).get(knob) for c in allcells] if knob else []
    numeric = all(v is None or re.fullmatch(r"[-+]?[0-9.]+(e[-+]?[0-9]+)?", v) for v in knob_values)

    def pos(c):
        if name.startswith("bandwidth-"):
            return c["jobs"] if c.get("mode") == axis else None
        if knob:
            v = c.get("knobs", {}).get(knob)
            if v is None:
                return None
            return float(v) if numeric else comps.index(v) if v in comps else None
        if axis == "comp":
            return comps.index(cell_comp(c)) if cell_comp(c) in comps else None
        return c["jobs"] if axis == "jobs" else c["limit"] / 2 ** 20

    def line_of(c, metric):
        if name.startswith("bandwidth-"):
            way = "read" if metric == "read_bw" else "write"
            return f"{device_setup(c['label'], c['jobs'], c['mode'])} {way}"
        line = c["backend"] + (f":{c['comp']}" if axis != "comp" and c.get("comp") else "")
        line += f" jobs={c['jobs']}" if axis != "jobs" and varies["jobs"] else ""
        if axis != "limit" and varies["limit"]:
            line += f" limit={size_format(c['limit'])}"
        for k, v in c.get("knobs", {}).items():
            line += f" {k}={v}" if k != knob else ""
        return line

    def metrics_of(c):
        if name.startswith("bandwidth-"):
            return [m for m, on in (("read_bw", mode_reads(c)), ("write_bw", mode_writes(c))) if on]
        return [ylabel.group(1)] if ylabel else []

    tags = [f"{p} ({doc['system'].get('kernel') or '?'}): " for p, doc in zip(paths, docs)]
    blocks, seen, drawn = gp_blocks(text), {}, {}
    for block, style, title in gp_elements(text):
        if style != "yerrorlines":
            continue
        # Several files: each line's name has its file's tag; a file given twice, its lines in
        # the order of the files.
        ks = [k for k, t in enumerate(tags) if len(docs) == 1 or (title or "").startswith(t)]
        nth = seen[title] = seen.get(title, -1) + 1
        k = ks[min(nth, len(ks) - 1)] if ks else None
        line = (title or "")[len(tags[k]) if len(docs) > 1 and k is not None else 0:]
        for row in blocks.get(block, []):
            found = [(c, m) for c in (docs[k]["cells"] if k is not None else []) for m in metrics_of(c)
                     if m in c["stats"] and pos(c) is not None and math.isclose(pos(c), row[0])
                     and line_of(c, m) == line]
            if len(found) != 1 or len(row) != 6:
                problems.append(f"{where}: {title!r} at {row[0]}: {len(found)} cells of the JSON")
                continue
            c, m = found[0]
            drawn[(k, c["label"], m)] = drawn.get((k, c["label"], m), 0) + 1
            drawn_as(where, f"{title} at {row[0]:g}", row[1:], c["stats"][m])
    for k, doc in enumerate(docs):
        wanted = sorted((c["label"], m) for c in doc["cells"] for m in metrics_of(c)
                        if m in c["stats"] and pos(c) is not None)
        shown = sorted((lab, m) for (kk, lab, m), times in drawn.items() if kk == k for _ in range(times))
        agree(where, f"set {k}: each cell drawn once", shown, wanted)


def tap_points(text):
    """compare --format tap's test points: (line, its YAML diagnostics as a dict)."""
    points, current = [], None
    for line in text.split("\n"):
        if re.match(r"(not )?ok \d+ - ", line):
            current = (line, {})
            points.append(current)
        elif current and re.match(r"  [a-z_]+: ", line):
            key, value = line.strip().split(": ", 1)
            current[1][key] = json.loads(value) if value != "null" else None
    return points


def outcome_of_point(line):
    if line.startswith("not ok"):
        return "regression"
    return "untested" if line.endswith(" # SKIP not tested") else "pass"


def check_gate_formats(zsb, paths, by):
    """TAP and JUnit: a case per decision, its outcome (a regression fails, an untested case
    skips) and its numbers the JSON's."""
    for line, diag in tap_points(run(zsb, "compare", "--all", "--format", "tap", *paths)):
        c = by.get((diag.get("file"), diag.get("cell")))
        d = c["metrics"].get(diag.get("metric")) if c else None
        where = f"compare tap {diag.get('cell')} {diag.get('metric')}"
        if not d:
            problems.append(f"{where}: not in the JSON ({line!r})")
            continue
        agree(where, "outcome", outcome_of_point(line), d["outcome"])
        agree(where, "change", change_text(d) in line, True)
        agree(where, "p", p_text(d["p_decision"]) in line, True)
    root = ET.fromstring(run(zsb, "compare", "--all", "--format", "junit", *paths))
    for suite in root.iter("testsuite"):
        new_file = suite.get("name").split(" against ")[0]
        for case in suite.iter("testcase"):
            label = case.get("classname").removeprefix("zswapbench.compare.")
            c = by.get((new_file, label))
            d = c["metrics"].get(case.get("name")) if c else None
            where = f"compare junit {label} {case.get('name')}"
            if not d:
                problems.append(f"{where}: not in the JSON")
                continue
            shown = ("regression" if case.find("failure") is not None else
                     "untested" if case.find("skipped") is not None else "pass")
            agree(where, "outcome", shown, d["outcome"])


def side_cell(doc, head, row):
    """The JSON's cell of a side-by-side row: by its label (a filesystem), or by its jobs, mode
    and setup (a block device)."""
    for c in doc["cells"]:
        if col(head, row, "CELL") is not None:
            if c["cell"] == col(head, row, "CELL"):
                return c
            continue
        m = re.search(r"jobs (\d+),.*target block (\S+)", c["configuration"])
        if not m or m.group(1) != col(head, row, "JOBS") or m.group(2) != col(head, row, "MODE"):
            continue
        if "SETUP" not in head or device_setup(c["cell"], m.group(1), m.group(2)) == col(head, row, "SETUP"):
            return c
    return None


def main():
    global TMP
    zsb, what, *paths = sys.argv[1:]
    with tempfile.TemporaryDirectory(prefix="views_agree.") as TMP:
        os.mkdir(os.path.join(TMP, "bin"))
        with open(os.path.join(TMP, "bin", "gnuplot"), "w") as f:
            f.write(STAND_IN)
        os.chmod(os.path.join(TMP, "bin", "gnuplot"), 0o755)
        if what == "show":
            for p in paths:
                show(zsb, p)
        else:
            compare(zsb, paths)
    for p in problems:
        print(p)
    print(f"{checked} decisions checked, {len(problems)} disagreements")
    return 1 if problems or not checked else 0  # nothing checked: the parsers found no table


if __name__ == "__main__":
    sys.exit(main())
