#!/usr/bin/env python3
"""One decision, every view: each comparison of a result file (or of compare's files) reads the
same in every view and format that shows it: its change with its interval, its p, its mark.

    views_agree.py ZSWAPBENCH show FILE          a run's views against its JSON
    views_agree.py ZSWAPBENCH compare FILE...    compare's views against its JSON

The JSON (show --format json: the file's "comparisons"; compare --format json: its "cells") is
the reference; every table of the aligned, --raw and markdown renderings, -v's tables, the
verdict's sentences and compare's CSV, TAP and JUnit must show each decision they show as the JSON has it,
formatted as zswapbench formats a change ("+21.9% [-22.8%, +59.4%]") and a p ("0.310",
"< 0.001", "-"). Prints what it checked and each disagreement; exit 1 on any.
"""
import csv
import io
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

problems = []
checked = 0


def run(zsb, *args):
    out = subprocess.run([zsb, *args], capture_output=True, text=True)
    if out.returncode not in (0, 4):
        problems.append(f"{' '.join(args)}: exit {out.returncode}: {out.stderr.strip()}")
    return out.stdout


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


def raw_tables(text):
    """Tables of --raw output: a header of capitals, rows of single-space-separated cells."""
    tables, lines = [], text.split("\n")
    for i, line in enumerate(lines):
        if is_header(line):
            words = line.split(" ")
            rows = []
            for row in lines[i + 1:]:
                cells = row.split(" ")
                if len(cells) != len(words) or is_header(row):
                    break
                rows.append([unescape(c) for c in cells])
            tables.append((words, rows))
    return tables


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


def comparison_tables(text, markdown):
    """-v's "X against Y (...)" tables, as (title, head, rows): --raw prints no titles, its
    tables come in the answer's order (None for their titles)."""
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


def check_verbose(text, doc, markdown, where):
    pairs = doc["comparisons"]
    tables = comparison_tables(text, markdown)
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
    plain, raw = run(zsb, "show", path), run(zsb, "show", "--raw", path)
    md = run(zsb, "show", "--format", "markdown", path)
    aligned_holds_raw(plain, raw, f"{path}: show")
    for name, tables in (("--raw", raw_tables(raw)), ("markdown", markdown_tables(md))):
        check_row_tables(tables, doc, f"{path}: show {name}")
    vplain, vraw = run(zsb, "show", "-v", path), run(zsb, "show", "-v", "--raw", path)
    vmd = run(zsb, "show", "-v", "--format", "markdown", path)
    aligned_holds_raw(vplain, vraw, f"{path}: show -v")
    check_verbose(vraw, doc, False, f"{path}: show -v --raw")
    check_verbose(vmd, doc, True, f"{path}: show -v markdown")
    pairs = [p for p in doc["comparisons"] if p["role"] == "the second cell against the first"]
    if pairs:
        for name, text in (("show", plain), ("show -q", run(zsb, "show", "-q", path)), ("markdown", md)):
            check_sentence(text, doc, f"{path}: {name}")


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
    raw = run(zsb, "compare", "--raw", "--all", *paths)
    aligned_holds_raw(run(zsb, "compare", "--all", *paths), raw, "compare")
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
    side = [t for t in raw_tables(run(zsb, "compare", "--raw", *paths))
            if "CHANGE" in t[0] and ("JOBS" in t[0] or ("CELL" in t[0] and "METRIC" in t[0]))]
    for head, rows in side:
        for row in rows:
            cell = side_cell(doc, head, row)
            metric = col(head, row, "METRIC") or "io_bw"
            d = cell["metrics"].get(metric) if cell else None
            where = f"compare side by side: {cell['cell'] if cell else row} {metric}"
            if not d:
                problems.append(f"{where}: no such decision in the JSON")
                continue
            agree(where, "CHANGE", col(head, row, "CHANGE"), change_text(d))
            agree(where, "P", col(head, row, "P"), p_text(d["p_decision"]))
            agree(where, "SIG", col(head, row, "SIG"), d["mark"])


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
    zsb, what, *paths = sys.argv[1:]
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
