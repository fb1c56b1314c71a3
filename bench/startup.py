#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Start-up before the first run: startup.py ABSTAT [ABSTAT...] runs, in
rounds (PAIRS, default 30), `ABSTAT run --warmup 0 -r 1 -e EVENTS --
stamp FILE` for each build (not -q: the doctor's checks run, as
they do for a plain `abstat run`) and the stamp program alone (the floor: a
spawn and an exec), in an order that alternates from round to round.
bench/stamp writes the monotonic clock when it begins; a build's
start-up in a round is (stamp - spawn) less the floor's of that round:
what abstat did before its first workload began (parsing, counters,
environment, doctor, the spawn helper, the first launch). With
ABSTAT_TRACE=1 (builds that have it) the CPU time abstat spent until
"first run starts" is summed from its trace too. Prints each build's
median (min-max), the differences within rounds of the first build and
the others, and the 1-minute load average before and after. EVENTS:
STARTUP_EVENTS (default task-clock,page-faults,context-switches; empty:
no -e, abstat's default events); STARTUP_ARGS adds arguments (e.g. "-o
/tmp/x.json --force", or -q, which skips the doctor's checks).
STARTUP_GAP=SEC sleeps SEC seconds before each build's start: a cold
start. Back to back (the default) every start finds the kernel's perf
scheduling hooks on (the last session's events closed less than a second
before); after a second without any task-bound perf event the kernel
turns them off, and the next first event waits for them to go back on
(a synchronize_rcu() in kernel/events/core.c's account_event), which no
launcher can avoid.
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

STAMP = os.environ.get("STAMP", os.path.join(
    os.environ.get("BENCH_BIN", os.path.dirname(os.path.abspath(__file__))),
    "stamp"))


def load1():
    with open("/proc/loadavg") as f:
        return f.read().split()[0]


def once(cmd, st):
    """(start-up ms, abstat CPU ms before the first run or None)."""
    try:
        os.unlink(st)
    except OSError:
        pass
    env = dict(os.environ, ABSTAT_TRACE="1")
    t0 = time.monotonic_ns()
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, env=env, text=True)
    with open(st) as f:
        t1 = int(f.read().split()[0])
    cpu, seen = 0.0, False
    for line in p.stderr.splitlines():
        if not line.startswith("abstat: trace: "):
            continue
        cpu += float(line.split("cpu +")[1].split(")")[0])
        if line.endswith(" first run starts"):
            seen = True
            break
    return (t1 - t0) / 1e6, (cpu if seen else None)


def spread(xs, spec="%.2f"):
    xs = [x for x in xs if x is not None]
    if not xs:
        return "-"
    return (spec + " (" + spec + "-" + spec + ")") % (
        statistics.median(xs), min(xs), max(xs))


def main():
    builds = sys.argv[1:]
    if not builds:
        sys.exit(__doc__)
    rounds = int(os.environ.get("PAIRS", "30"))
    events = os.environ.get("STARTUP_EVENTS",
                            "task-clock,page-faults,context-switches")
    extra = os.environ.get("STARTUP_ARGS", "").split()
    gap = float(os.environ.get("STARTUP_GAP", "0"))
    st = tempfile.mktemp(prefix="abstat-stamp.")
    names = ["floor"] + builds
    got = {n: [] for n in names}
    l0 = load1()
    for k in range(rounds):
        for n in (names if k % 2 == 0 else names[::-1]):
            cmd = [STAMP, st] if n == "floor" else \
                [n, "run", "--warmup", "0", "-r", "1"] + \
                (["-e", events] if events else []) + extra + \
                ["--", STAMP, st]
            if gap:
                time.sleep(gap)
            got[n].append(once(cmd, st))
    l1 = load1()
    floor = [w for w, _ in got["floor"]]
    print("start-up before the first run, ms: %d rounds%s, load %s -> %s"
          % (rounds, ", %.1f s before each start" % gap if gap else "",
             l0, l1))
    print("%-40s %-24s %-24s" % ("build", "start-up (less floor)",
                                 "abstat cpu to 1st run"))
    print("%-40s %-24s %-24s" % ("floor (spawn + exec of stamp)",
                                 spread(floor), "-"))
    for n in builds:
        print("%-40s %-24s %-24s" % (
            n, spread([w - f for (w, _), f in zip(got[n], floor)]),
            spread([c for _, c in got[n]], "%.3f")))
    for n in builds[1:]:
        d = [a[0] - b[0] for a, b in zip(got[builds[0]], got[n])]
        print("%s - %s within rounds: %s ms" % (builds[0], n, spread(d)))
    try:
        os.unlink(st)
    except OSError:
        pass


if __name__ == "__main__":
    main()
