#!/usr/bin/env python3
"""Large result files for the reader's memory bound (reader_bounds.bats, docs/security.md).

    result_files.py real SIZE OUT [FIXTURE]   cells of a fixture, each its own label, to SIZE
    result_files.py KIND SIZE OUT             a hostile file of about SIZE bytes (KINDS below)
    result_files.py peak CMD...               runs CMD; prints "PEAK_KIB STATUS CPU_SECONDS"

SIZE is bytes, or with a suffix K or M (MiB). Each hostile kind is the cheapest text for one
costly thing the reader builds: the DOM json-c makes (objects, numbers), or our own structs
(cells, trials, histograms, series, jobs).
"""
import json
import os
import resource
import subprocess
import sys

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures", "results")
HEADER = {"format": "zswapbench-result", "format_version": 2, "status": "complete"}
EMPTY_HIST = '{"buckets":[],"total":0,"sum":0,"min":0,"max":0,"overflow":0}'

# What a kind repeats, and what goes around the repetitions: (head, item, tail).
KINDS = {
    # A DOM of empty objects: a hash table each; every cell then refused, after the parse.
    "objects": ('"cells":[', "{},", '{}]'),
    # Scalars: a json_object each, 2 bytes of text.
    "numbers": ('"cells":[],"plan":{"x":[', "0,", "0]}"),
    # The smallest cell that reads: a struct result_cell (13 KB) each.
    "cells": ('"cells":[', '{"label":"c","backend":"disk","trials":[]},',
              '{"label":"c","backend":"disk","trials":[]}]'),
    # One cell, trials of nothing: a struct trial (1.5 KB) each.
    "trials": ('"cells":[{"label":"c","backend":"disk","trials":[', "{},", "{}]}]"),
    # Two empty latency histograms a trial: 2 x 16 KB each.
    "histograms": ('"cells":[{"label":"c","backend":"disk","trials":[',
                   '{"latency":{"fill":%s,"access":%s}},' % (EMPTY_HIST, EMPTY_HIST),
                   "{}]}]"),
    # A series of one point a trial: 64 points of 15 fields allocated.
    "series": ('"cells":[{"label":"c","backend":"disk","trials":[', '{"series":{"t":[0]}},',
               "{}]}]"),
    # One trial of many jobs of nothing: a struct job_result each.
    "jobs": ('"cells":[{"label":"c","backend":"disk","trials":[{"jobs":[', "{},", "{}]}]}]"),
    # The two costliest, padded with blanks until their DOM is cheap: only the structs made of
    # it cost more than the file may.
    "cells-padded": ('"cells":[', '{"label":"c","backend":"disk","trials":[]}' + " " * 600 + ",",
                     '{"label":"c","backend":"disk","trials":[]}]'),
    "histograms-padded": ('"cells":[{"label":"c","backend":"disk","trials":[',
                          '{"latency":{"fill":%s,"access":%s}}%s,' % (EMPTY_HIST, EMPTY_HIST,
                                                                      " " * 1500),
                          "{}]}]"),
}


def size_of(text):
    units = {"K": 1 << 10, "M": 1 << 20}
    return int(text[:-1]) * units[text[-1]] if text[-1] in units else int(text)


def header_text():
    return json.dumps(HEADER)[:-1] + ","


def hostile(kind, size, out):
    head, item, tail = KINDS[kind]
    fixed = len(header_text()) + len(head) + len(tail) + 1
    count = max(0, (size - fixed) // len(item))
    with open(out, "w") as f:
        f.write(header_text() + head)
        f.write(item * count)
        f.write(tail + "}")


def real(size, out, fixture):
    doc = json.load(open(os.path.join(FIXTURES, fixture)))
    cells = doc.pop("cells")
    doc.pop("comparisons", None)  # of the fixture's own cells: stale for the copies
    with open(out, "w") as f:
        f.write(json.dumps(doc)[:-1] + ', "cells": [')
        written, k = f.tell(), 0
        while written < size:
            cell = dict(cells[k % len(cells)])
            cell["label"] = "%s #%d" % (cell["label"], k + 1)
            text = ("," if k else "") + json.dumps(cell)
            f.write(text)
            written += len(text)
            k += 1
        f.write("]}")


def peak(argv):
    # The child's own CPU time, not the wall clock: the bound is on the reader's work, which
    # another process's share of the CPU (make check runs these files beside others) does not
    # change.
    with open(os.devnull, "w") as null:
        status = subprocess.run(argv, stdout=null).returncode
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(usage.ru_maxrss, status, "%.2f" % (usage.ru_utime + usage.ru_stime))


def main(argv):
    if len(argv) >= 2 and argv[0] == "peak":
        return peak(argv[1:])
    if len(argv) in (3, 4) and argv[0] == "real":
        return real(size_of(argv[1]), argv[2], argv[3] if len(argv) == 4 else "disk-zram.json")
    if len(argv) == 3 and argv[0] in KINDS:
        return hostile(argv[0], size_of(argv[1]), argv[2])
    sys.exit(__doc__ + "KINDS: " + " ".join(KINDS))


if __name__ == "__main__":
    main(sys.argv[1:])
