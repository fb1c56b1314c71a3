#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Per-run launch cost without start-up: launch_slope.py [ABSTAT...] runs,
in rounds (ROUNDS, default 10, the order reversed every other round),
the bare vfork floor (bench/loop_fork.c, BENCH_VFORK=1), the counting
floor (bench/loop_vfork_count.c with BENCH_HOLD_KEYS=1: the three
counters opened by the child on itself before exec) and `ABSTAT run -q
--warmup 0 -C 1 -e EV -- /bin/true` for each build, each at N1 and N2
runs (300 and 1800), and prints each one's wall and CPU per run from the
difference (start-up and exit cancel) and its ratio to the floor within
rounds, median (min-max), with the 1-minute load average. EV:
task-clock,page-faults,context-switches unless set. Needs BENCH_BIN (the
loops, built by bench/run.sh or by hand). A measurement, not a test.
"""
import os
import resource
import subprocess
import sys
import time

N1, N2 = 300, 1800


def cmds(n, builds, ev, binp):
    d = {"floor": ["env", "BENCH_CPU=1", "BENCH_VFORK=1",
                   os.path.join(binp, "loop_fork"), str(n), "/bin/true"],
         "counting floor": ["env", "BENCH_CPU=1", "BENCH_HOLD_KEYS=1",
                            os.path.join(binp, "loop_vfork_count"), str(n),
                            "/bin/true"]}
    for b in builds:
        d[b] = [b, "run", "-q", "--warmup", "0", "-r", str(n), "-C", "1",
                "-e", ev, "--", "/bin/true"]
    return d


def timed(c):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter_ns()
    subprocess.run(c, stdout=subprocess.DEVNULL, check=True)
    t = time.perf_counter_ns() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime) * 1e9
    return t / 1e3, cpu / 1e3


def med(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2] if len(xs) % 2 else \
        (xs[len(xs) // 2 - 1] + xs[len(xs) // 2]) / 2


def main():
    builds = sys.argv[1:]
    rounds = int(os.environ.get("ROUNDS", "10"))
    ev = os.environ.get("EV", "task-clock,page-faults,context-switches")
    binp = os.environ.get("BENCH_BIN", "")
    if not binp:
        sys.exit("launch_slope.py: set BENCH_BIN to the built loops")
    c1, c2 = cmds(N1, builds, ev, binp), cmds(N2, builds, ev, binp)
    names = list(c1)
    res = {n: [] for n in names}
    l0 = open("/proc/loadavg").read().split()[0]
    for k in range(rounds):
        for n in (names if k % 2 == 0 else names[::-1]):
            w1, u1 = timed(c1[n])
            w2, u2 = timed(c2[n])
            res[n].append(((w2 - w1) / (N2 - N1), (u2 - u1) / (N2 - N1)))
    l1 = open("/proc/loadavg").read().split()[0]
    print("per run, us (the %d-run less the %d-run, / %d): %d rounds, load %s -> %s"
          % (N2, N1, N2 - N1, rounds, l0, l1))
    base = res["floor"]
    for n in names:
        v = res[n]
        rw = [a[0] / b[0] for a, b in zip(v, base)]
        rc = [a[1] / b[1] for a, b in zip(v, base)]
        print("%-24s wall %6.1f  cpu %6.1f  / floor: wall %.3f (%.3f-%.3f) cpu %.3f (%.3f-%.3f)"
              % (n[-24:], med([x[0] for x in v]), med([x[1] for x in v]),
                 med(rw), min(rw), max(rw), med(rc), min(rc), max(rc)))


if __name__ == "__main__":
    main()
