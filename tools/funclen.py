#!/usr/bin/env python3
"""funclen.py: the length of every C function and file in abstat's tree.

Usage (from the top of the tree, or with --top):
    python3 tools/funclen.py            # summary: counts, medians, longest
    python3 tools/funclen.py -v         # also every function, longest first
    python3 tools/funclen.py --check    # exit 1 when a function is over
                                        # --max lines (100) or a file over
                                        # --file-max lines (700); test 098

What it counts (plain standard library, no compiler; the tree is in
Linux kernel style, so a function's body opens with a '{' alone at the
start of a line and closes with a '}' there):
- Files: every .c and .h under the roots (default src/, counters/,
  workloads/, libexec/); a file's length is its number of lines (wc -l).
- Functions: from the first line of the head (the lines right above the
  '{' back to a blank line, a comment's end, a preprocessor line or the
  end of the previous declaration) through the closing '}', both
  included: what one has to read to see the whole function. Tables
  (= {...}) and struct definitions are not functions.
"""

import argparse
import os
import re
import sys

from graph import collect  # tools/graph.py: the .c and .h under the roots

ROOTS = ("src", "counters", "workloads", "libexec")


NAME = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\s*\(")


def head_start(lines, i):
    """The first line of the head of the body that opens at line i."""
    j = i - 1
    while j >= 0:
        s = lines[j].rstrip()
        if (not s or s.endswith((";", "}", "*/")) or s.startswith("#")
                or s.lstrip().startswith("//")):
            break
        j -= 1
    return j + 1


def functions(path, lines):
    """(name, first line, length) of every function in lines."""
    out = []
    i = 0
    while i < len(lines):
        if lines[i].rstrip() != "{":
            i += 1
            continue
        start = head_start(lines, i)
        head = " ".join(l.strip() for l in lines[start:i])
        end = i + 1
        while end < len(lines) and not lines[end].startswith("}"):
            end += 1
        m = NAME.search(head.split("(")[0] + "(") if "(" in head else None
        if m and "=" not in head.split("(")[0]:
            name = NAME.findall(head.split("(")[0] + "(")[-1]
            out.append((name, start + 1, end - start + 1))
        i = end + 1
    return out


def median(xs):
    xs = sorted(xs)
    if not xs:
        return 0
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--top", default=".", help="the tree (default .)")
    ap.add_argument("--roots", default=",".join(ROOTS),
                    help="folders to read, comma-separated")
    ap.add_argument("--max", type=int, default=100,
                    help="longest function allowed (default 100)")
    ap.add_argument("--file-max", type=int, default=700,
                    help="longest file allowed (default 700)")
    ap.add_argument("--check", action="store_true",
                    help="exit 1 when something is over the limits")
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="list every function, longest first")
    a = ap.parse_args()

    funcs, sizes = [], []
    for f in collect(a.top, a.roots.split(",")):
        with open(os.path.join(a.top, f), encoding="utf-8",
                  errors="replace") as fh:
            lines = fh.read().split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        sizes.append((len(lines), f))
        funcs += [(n, f, line, name)
                  for name, line, n in functions(f, lines)]
    funcs.sort(key=lambda x: (-x[0], x[1], x[2]))
    sizes.sort(key=lambda x: (-x[0], x[1]))
    long_f = [x for x in funcs if x[0] > a.max]
    long_s = [x for x in sizes if x[0] > a.file_max]

    print("files: %d, median %g lines, longest %s (%d)" %
          (len(sizes), median([s for s, _ in sizes]),
           sizes[0][1] if sizes else "-", sizes[0][0] if sizes else 0))
    print("functions: %d, median %g lines, longest %s() in %s (%d)" %
          (len(funcs), median([n for n, *_ in funcs]),
           funcs[0][3] if funcs else "-", funcs[0][1] if funcs else "-",
           funcs[0][0] if funcs else 0))
    print("over the limits: %d functions over %d lines, %d files over %d"
          % (len(long_f), a.max, len(long_s), a.file_max))
    for n, f in long_s:
        print("  file %s: %d lines" % (f, n))
    for n, f, line, name in long_f:
        print("  function %s:%d %s(): %d lines" % (f, line, name, n))
    if a.verbose:
        for n, f, line, name in funcs:
            print("%5d %s:%d %s()" % (n, f, line, name))
    if a.check and (long_f or long_s):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
