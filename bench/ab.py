#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Two builds side by side: ab.py OLD NEW ARG... runs `OLD ARG...` and
`NEW ARG...` in pairs, in alternating order (PAIRS, default 7), each under
GNU time, and prints wall, user+sys CPU (10 ms resolution) and peak RSS
of each, the old/new ratios within the pairs as median (min-max), and
the 1-minute load average before and after. With AB_SELF=1 the CPU is
the launched process's own, without its children (`perf stat
--no-inherit -e task-clock,context-switches`, nanosecond resolution),
and its context switches are printed too. bench/RESULTS.md quotes it
for before/after figures; `make bench` does not run it.
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time


def run_self(cmd, tfile):
    t = time.perf_counter_ns()
    subprocess.run(["perf", "stat", "--no-inherit", "-x,", "-o", tfile,
                    "-e", "task-clock,context-switches"] + cmd,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = (time.perf_counter_ns() - t) / 1e6
    got = {}
    for line in open(tfile):
        f = line.strip().split(",")
        if len(f) > 2 and f[0] and f[0][0].isdigit():
            got[f[2]] = float(f[0])
    return wall, got.get("task-clock", 0.0), int(got.get(
        "context-switches", 0))


def run(cmd, tfile):
    if os.environ.get("AB_SELF") == "1":
        return run_self(cmd, tfile)
    t = time.perf_counter_ns()
    subprocess.run(["/usr/bin/time", "-f", "%U %S %M", "-o", tfile] + cmd,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = (time.perf_counter_ns() - t) / 1e6
    u, s, m = open(tfile).read().split()[-3:]
    return wall, (float(u) + float(s)) * 1e3, int(m)


def load1():
    with open("/proc/loadavg") as f:
        return f.read().split()[0]


def spread(xs, spec):
    return (spec + " (" + spec + "-" + spec + ")") % (
        statistics.median(xs), min(xs), max(xs))


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    old, new, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    pairs = int(os.environ.get("PAIRS", "7"))
    with tempfile.NamedTemporaryFile(prefix="abstat-ab.",
                                     delete=False) as f:
        tfile = f.name
    got = {"old": [], "new": []}
    l0 = load1()
    for k in range(pairs):
        order = [("old", old), ("new", new)]
        for name, b in (order if k % 2 == 0 else order[::-1]):
            got[name].append(run([b] + args, tfile))
    os.unlink(tfile)
    w = [o[0] / n[0] for o, n in zip(got["old"], got["new"])]
    c = [o[1] / max(n[1], 1e-9) for o, n in zip(got["old"], got["new"])]
    third = "context switches %s" if os.environ.get(
        "AB_SELF") == "1" else "peak %s kB"
    for name in ("old", "new"):
        print(("%s: wall ms %s, cpu ms %s, " + third) % (
            name, spread([x[0] for x in got[name]], "%.0f"),
            spread([x[1] for x in got[name]], "%.1f"),
            spread([x[2] for x in got[name]], "%d")))
    print("old/new: wall %s, cpu %s; %d pairs; load %s -> %s" % (
        spread(w, "%.2f"), spread(c, "%.2f"), pairs, l0, load1()))


if __name__ == "__main__":
    main()
