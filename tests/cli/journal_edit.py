#!/usr/bin/env python3
"""Edits a zswapbench journal as a reboot or an older version would have left it, keeping
each line's CRC-32 right so the journal reads as undamaged:

  journal_edit.py FILE --boot ID          the header's boot id
  journal_edit.py FILE --version N        the header's journal version (a newer binary's)
  journal_edit.py FILE --shift-dev N      every confirmed file's device number, plus N
  journal_edit.py FILE --replace OLD NEW  a string in every record (a path's spelling)
"""
import sys
import zlib


def edit(body, args):
    fields = body.split("\t")
    if args[0] == "--boot" and fields[0] == "H":
        fields[3] = args[1]
    elif args[0] == "--version" and fields[0] == "H":
        fields[2] = args[1]
    elif args[0] == "--shift-dev" and fields[0] == "C" and fields[4] != "0":
        fields[4] = str(int(fields[4]) + int(args[1]))
    elif args[0] == "--replace":
        return body.replace(args[1], args[2])
    return "\t".join(fields)


def main():
    path, args = sys.argv[1], sys.argv[2:]
    out = []
    with open(path) as f:
        for line in f.read().splitlines():
            body = line.rsplit("\t#", 1)[0]
            body = edit(body, args)
            out.append("%s\t#%08x\n" % (body, zlib.crc32(body.encode()) & 0xFFFFFFFF))
    with open(path, "w") as f:
        f.writelines(out)


if __name__ == "__main__":
    main()
