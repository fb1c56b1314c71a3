#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Start-up step by step: startup_steps.py ABSTAT... runs `ABSTAT run
--warmup 0 -r 1 -e EVENTS -- /bin/true` with ABSTAT_TRACE=1 for each
build, ROUNDS rounds (default 15) in an order that alternates, and
prints each step's median wall and median CPU time (ms) per build, and
their sums to "first run starts" (bench/RESULTS.md, issue 33). A build
is named by its directory. EV: the events (default
task-clock,page-faults,context-switches; empty: abstat's default).
"""
import os
import re
import statistics
import subprocess
import sys

builds = sys.argv[1:]
if not builds:
    sys.exit(__doc__)
n = int(os.environ.get("ROUNDS", "15"))
ev = os.environ.get("EV", "task-clock,page-faults,context-switches")
got = {b: {} for b in builds}
order = {}
l0 = open("/proc/loadavg").read().split()[0]
for k in range(n):
    for b in (builds if k % 2 == 0 else builds[::-1]):
        cmd = [b, "run", "--warmup", "0", "-r", "1"] + (["-e", ev] if ev else []) + ["--", "/bin/true"]
        p = subprocess.run(cmd, env=dict(os.environ, ABSTAT_TRACE="1"), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        steps = []
        for line in p.stderr.splitlines():
            m = re.match(r"abstat: trace: ([0-9.]+) ms \(\+([0-9.]+), cpu \+([0-9.]+)\) (.*)", line)
            if m:
                name = m.group(4)
                got[b].setdefault(name, []).append((float(m.group(2)), float(m.group(3))))
                steps.append(name)
        order[b] = steps
l1 = open("/proc/loadavg").read().split()[0]
names = []
for b in builds:
    for s in order[b]:
        if s not in names:
            names.append(s)
print("%d rounds alternating, load %s -> %s; per step: median wall ms / median cpu ms" % (n, l0, l1))
print("%-30s" % "step" + "".join("%-26s" % os.path.basename(os.path.dirname(b)) for b in builds))
tot = {b: [0, 0] for b in builds}
for s in names:
    row = "%-30s" % s
    for b in builds:
        v = got[b].get(s)
        if v:
            w = statistics.median(x[0] for x in v); c = statistics.median(x[1] for x in v)
            row += "%-26s" % ("%.3f / %.3f" % (w, c))
            if s not in ("first run done",):
                tot[b][0] += w; tot[b][1] += c
        else:
            row += "%-26s" % "-"
    print(row)
print("%-30s" % "sum to first run starts" + "".join("%-26s" % ("%.3f / %.3f" % tuple(tot[b])) for b in builds))
