#!/usr/bin/env python3
"""graph.py: measure abstat's include + cross-file call graph.

Usage (from the top of the tree, or with --top):
    python3 tools/graph.py              # summary, file and folder level
    python3 tools/graph.py -v           # also list cycles and edges back up
    make graph                          # the same as -v
    python3 tools/graph.py --check [--rules FILE]
                                        # exit 1 on a folder cycle or a
                                        # call the rules do not allow
                                        # (test 095)

What it counts (a heuristic, plain standard library, no compiler):
- Files: every .c and .h under the roots (default src/, counters/,
  workloads/; the tests and libexec/ are callers from outside, not counted).
- Nodes (file level): every file; a call edge runs from the caller to the
  .c file that defines the function, an include edge to the header.
- Include edges: #include "x.h" and #include <x.h> resolved as the
  compiler would with one -I per folder ("x.h": the including file's
  folder first; either form: then any folder of the roots that holds x.h,
  so <compare.h> in src/result is an edge to src/compare, and <stdio.h>
  is none).
- Call edges: a function is exported by file X when X (a .c) defines it
  at the top level without `static`. File Y (.c or .h) uses it when the
  name appears inside braces in Y (a function body or a table's
  initializer: a call, or a function pointer taken; not after struct,
  union, enum, '.' or '->'), with comments,
  strings, character literals and preprocessor lines removed; prototypes
  at the top level are declarations, not uses. Y -> X is an edge when the
  modules differ.
- Folder level: a node per folder (src/cmd, counters, ...); an edge
  between two folders when some file edge joins them.
- Cycles: strongly connected components of more than one node (Tarjan).
- Levels: longest-path layering. A depth-first search (nodes in name
  order) drops the edges that close a cycle; on what is left a node's level
  is 0 when it depends on nothing, else 1 + the highest level it depends
  on. Edges back up: edges u -> v (u depends on v) whose v does not sit
  below u, level(v) >= level(u); without cycles there are none.
"""

import argparse
import os
import re
import sys
from collections import defaultdict

ROOTS = ("src", "counters", "workloads")

WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# both forms: every folder is on -I, so <x.h> finds a project header
# as "x.h" does (the quoted form looks in the including file's folder
# first); group 1 is the opening bracket or quote, group 2 the name
INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*([<"])([^">]+)[">]', re.M)


def strip(text):
    """Blank out comments, strings, char literals and preprocessor lines,
    keeping newlines and the length of everything else."""
    out = []
    i, n = 0, len(text)
    bol = True  # at the beginning of a line (only blanks before)
    while i < n:
        c = text[i]
        if bol and c == "#":
            # a preprocessor line, with its continuations
            j = i
            while j < n:
                if text[j] == "\n" and text[j - 1] != "\\":
                    break
                j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
            continue
        if c == "/" and text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
            continue
        if c == "/" and text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
            continue
        if c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(c + " " * (j - i - 2) + c if j - i >= 2 else c)
            i = j
            bol = False
            continue
        out.append(c)
        if c == "\n":
            bol = True
        elif not c.isspace():
            bol = False
        i += 1
    return "".join(out)


def scan(code):
    """Return (defined, used): the non-static functions a file defines at
    the top level, and the identifiers it names inside braces."""
    defined, used = set(), set()
    depth = 0
    decl = []  # the text of the current top-level declaration
    pos = 0
    prev = None
    for m in re.finditer(r"[{};]|[A-Za-z_][A-Za-z0-9_]*", code):
        tok = m.group(0)
        if depth == 0:
            decl.append(code[pos:m.start()])
        pos = m.end()
        if tok == "{":
            if depth == 0:
                d = "".join(decl)
                name = function_name(d)
                if name:
                    defined.add(name)
                decl = []
            depth += 1
        elif tok == "}":
            depth = max(depth - 1, 0)
            if depth == 0:
                decl = []
        elif tok == ";":
            if depth == 0:
                decl = []
        elif depth > 0:
            # a struct tag or a member is not a function's name
            before = code[max(m.start() - 2, 0):m.start()]
            if prev not in ("struct", "union", "enum") and \
                    not before.endswith((".", "->")):
                used.add(tok)
        else:
            decl.append(tok)
        prev = tok
    return defined, used


def function_name(decl):
    """The function a top-level text ending before '{' defines, or None
    (a struct, an initializer, a static function)."""
    if "(" not in decl or "=" in decl:
        return None
    words = WORD.findall(decl)
    if not words or "static" in words or words[0] == "typedef":
        return None
    head = decl[:decl.index("(")]
    # int (*f(void))(int): the name is after the last '(' of the head
    names = WORD.findall(head.replace("(", " ").replace("*", " "))
    if not names:
        return None
    name = names[-1]
    if name in ("if", "while", "for", "switch", "return", "sizeof"):
        return None
    return name


def module_of(path):
    return path


def folder_of(path):
    return os.path.dirname(path)


def collect(top, roots):
    files = []
    for r in roots:
        for dirpath, _, names in os.walk(os.path.join(top, r)):
            for nm in sorted(names):
                if nm.endswith((".c", ".h")):
                    full = os.path.join(dirpath, nm)
                    files.append(os.path.relpath(full, top))
    return sorted(files)


def resolve(f, form, inc, text, folders):
    """The file of the roots that #include FORM INC in F names, as the
    compiler searches (one -I per folder), or None (a system header)."""
    if form == '"':
        local = os.path.normpath(os.path.join(folder_of(f), inc))
        if local in text:
            return local
    for d in folders:
        cand = os.path.normpath(os.path.join(d, inc))
        if cand in text:
            return cand
    return None


def build(top, roots):
    files = collect(top, roots)
    text = {}
    for f in files:
        with open(os.path.join(top, f), encoding="utf-8",
                  errors="replace") as fh:
            text[f] = fh.read()

    folders = sorted({folder_of(g) for g in files})
    edges = defaultdict(set)  # (u, v) -> {"include", "call"}
    why = {}  # (u, v) -> the first include or function that makes it
    for f in files:
        for form, inc in INCLUDE.findall(text[f]):
            target = resolve(f, form, inc, text, folders)
            if target is None:
                continue  # a header outside the roots
            u, v = module_of(f), module_of(target)
            if u != v:
                edges[(u, v)].add("include")
                why.setdefault((u, v, "include"), "includes " + inc)

    exporter = {}
    scanned = {}
    for f in files:
        scanned[f] = scan(strip(text[f]))
        if f.endswith(".c"):
            for name in scanned[f][0]:
                exporter.setdefault(name, f)
    for f in files:
        for name in sorted(scanned[f][1]):
            x = exporter.get(name)
            if x is None:
                continue
            u, v = module_of(f), module_of(x)
            if u != v:
                edges[(u, v)].add("call")
                why.setdefault((u, v, "call"), "uses " + name + "()")
    nodes = sorted({module_of(f) for f in files})
    return files, nodes, edges, why


def tarjan(nodes, adj):
    index, low, on, stack, comps = {}, {}, set(), [], []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(adj[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            comps.append(sorted(comp))

    for v in nodes:
        if v not in index:
            visit(v)
    return comps


def levels(nodes, adj):
    """Longest-path levels after a DFS drops the edges that close a cycle."""
    state, dag = {}, defaultdict(set)
    sys.setrecursionlimit(10000)

    def dfs(v):
        state[v] = 1
        for w in sorted(adj[v]):
            if state.get(w) == 1:
                continue  # closes a cycle: dropped
            dag[v].add(w)
            if w not in state:
                dfs(w)
        state[v] = 2

    for v in nodes:
        if v not in state:
            dfs(v)
    level = {}

    def lv(v):
        if v not in level:
            level[v] = 1 + max((lv(w) for w in dag[v]), default=-1)
        return level[v]

    for v in nodes:
        lv(v)
    return level


def measure(nodes, edges):
    adj = defaultdict(set)
    for (u, v) in edges:
        adj[u].add(v)
    comps = [c for c in tarjan(nodes, adj) if len(c) > 1]
    level = levels(nodes, adj)
    back = sorted((u, v) for (u, v) in edges if level[v] >= level[u])
    return {
        "nodes": len(nodes),
        "edges": len(edges),
        "levels": 1 + max(level.values(), default=-1),
        "back": back,
        "cycles": comps,
        "level": level,
    }


def report(title, m, edges, verbose):
    print("%s: %d nodes, %d edges, %d levels, %d edges back up, %d cycles"
          % (title, m["nodes"], m["edges"], m["levels"], len(m["back"]),
             len(m["cycles"])))
    if not verbose:
        return
    for c in m["cycles"]:
        print("  cycle (%d): %s" % (len(c), " ".join(c)))
    for (u, v) in m["back"]:
        print("  back up: %s (level %d) -> %s (level %d) [%s]"
              % (u, m["level"][u], v, m["level"][v],
                 "+".join(sorted(edges[(u, v)]))))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--top", default=".", help="the tree (default .)")
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="list the cycles and the edges back up")
    ap.add_argument("--roots", default=",".join(ROOTS),
                    help="comma-separated folders (default %(default)s)")
    ap.add_argument("--check", action="store_true",
                    help="exit 1 when the folder graph has a cycle, or an "
                    "edge --rules does not allow (both said on stderr)")
    ap.add_argument("--rules", metavar="FILE",
                    help="lines 'FOLDER: FOLDER...', the folders a folder "
                    "may call, * any (tests/cli/095-layering.sh writes "
                    "them)")
    a = ap.parse_args()
    roots = [r for r in a.roots.split(",") if r]
    files, nodes, edges, why = build(a.top, roots)
    print("files: %d (.c and .h under %s)" % (len(files), ", ".join(roots)))
    m = measure(nodes, edges)
    report("files", m, edges, a.verbose)

    fedges = defaultdict(set)
    for (u, v), kinds in edges.items():
        fu, fv = folder_of(u), folder_of(v)
        if fu != fv:
            fedges[(fu, fv)] |= kinds
    fnodes = sorted({folder_of(n) for n in nodes})
    fm = measure(fnodes, fedges)
    report("folders", fm, fedges, a.verbose)
    if a.verbose:
        for lvl in range(fm["levels"]):
            print("  folder level %d: %s" % (lvl, " ".join(
                f for f in fnodes if fm["level"][f] == lvl)))
    if not a.check:
        return 0
    rules = None
    if a.rules:
        rules = {}
        with open(a.rules, encoding="utf-8") as fh:
            for line in fh:
                if ":" in line:
                    k, v = line.split(":", 1)
                    rules.setdefault(k.strip(), set()).update(v.split())

    def allowed(u, v):
        fu, fv = folder_of(u), folder_of(v)
        ok = rules.get(fu, ()) if rules is not None else ()
        return fu == fv or fv in ok or "*" in ok

    bad = 0
    for c in fm["cycles"]:
        print("graph: folders in a cycle: %s" % " ".join(c), file=sys.stderr)
        # what closes it: the edges the rules forbid, else the edges that
        # run back up a folder level
        back = set(fm["back"])
        for (u, v) in sorted(edges):
            fu, fv = folder_of(u), folder_of(v)
            if fu not in c or fv not in c or fu == fv:
                continue
            if (rules is not None and allowed(u, v)) or \
                    (rules is None and (fu, fv) not in back):
                continue
            for k in sorted(edges[(u, v)]):
                print("graph:   %s %s (%s)" % (u, why[(u, v, k)], v),
                      file=sys.stderr)
        bad = 1
    for (u, v) in sorted(edges):
        if rules is None or allowed(u, v):
            continue
        fu = folder_of(u)
        for k in sorted(edges[(u, v)]):
            print("graph: %s %s (%s): %s may use only %s" % (
                u, why[(u, v, k)], v, fu,
                " ".join(sorted(rules.get(fu, ()))) or "its own folder"),
                file=sys.stderr)
        bad = 1
    return bad


if __name__ == "__main__":
    sys.exit(main())
