# SPDX-License-Identifier: MIT
"""bench.py's goals section: every goal of issue 21 as a ratio measured
side by side, in pairs, in one run (`sh bench/run.sh goals`).

A pair runs the two commands of a goal back to back, in alternating order
from pair to pair, and forms the ratio within the pair; a goal reports the
min, median and max of its pairs' ratios, for wall time and for CPU time
(user + sys of the command and everything it waited for, from
RUSAGE_CHILDREN), and the 1-minute load average before and after. A goal
measured while the load average was above BUSY_LOAD (default 1.0: another
process was running most of the time on this 2-CPU machine) is marked
busy: its wall ratios are not a result; its CPU ratios hold up better.

Goals:
  launch     abstat run counting task-clock, page-faults, context-switches
             over 200 runs of /bin/true: / a bare vfork+exec loop (the
             floor: bench/loop_fork.c with BENCH_VFORK=1) <= 1.05; / hyperfine -N < 1;
             perf stat -r 200 with the same events / abstat >= 2.2;
             and, for reference, hyperfine -N and perf stat over the
             floor (what those two goals can reach on this machine)
  compare    2 results of 50 benchmarks x 10 events x 100 runs
             (bench/gen_result.py, 4.3 MB each): read at >= 100 MB/s end
             to end (< 90 ms); the same runs as 2 and as 4 boots per side
             / one boot <= 1.5; peak RSS / the larger file <= 2 (and the
             growth over `abstat --version`'s RSS, the libraries' share)
  memory     abstat's own peak RSS per run, the slope between -r 2000 and
             -r 10000 of /bin/true: < 1024 bytes per run

BENCH_PAIRS (default 9, 3 with BENCH_QUICK=1) sets the number of pairs;
BENCH_GOALS (default launch,compare,memory) which of them run.
"""
import os
import subprocess
import sys
import time

from errors import loadavg

EVENTS = "task-clock,page-faults,context-switches"


def load1():
    try:
        with open("/proc/loadavg") as f:
            return float(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return 0.0


def rss_timed(b, cmd):
    """(wall ns, peak RSS kB) of cmd alone: GNU time's %M, the maxrss of
    the one process it forks and execs (a python parent's RUSAGE_CHILDREN
    would include the python image its fork copied before exec)."""
    path = os.path.join(b.TMP, "time.out")
    if not os.access("/usr/bin/time", os.X_OK):
        return b.rss_timed(cmd)
    t0 = time.perf_counter_ns()
    p = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", path] + cmd,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    ns = time.perf_counter_ns() - t0
    try:
        with open(path) as f:
            kb = int(f.read().split()[-1])
    except (OSError, ValueError, IndexError):
        return None, None
    return (ns, kb) if p.returncode == 0 else (None, None)


def spread(xs):
    """'median (min-max)' of xs, or '-'."""
    xs = sorted(x for x in xs if x is not None)
    if not xs:
        return "-", None
    m = xs[len(xs) // 2] if len(xs) % 2 else \
        (xs[len(xs) // 2 - 1] + xs[len(xs) // 2]) / 2
    return "%.2f (%.2f-%.2f)" % (m, xs[0], xs[-1]), m


class Goals:
    def __init__(self, b):
        self.b = b                      # the bench module: timed, out, ...
        self.quick = b.QUICK
        self.pairs = int(os.environ.get("BENCH_PAIRS",
                                        "3" if b.QUICK else "9"))
        self.busy_load = float(os.environ.get("BUSY_LOAD", "1.0"))
        self.rows = []

    def run_cmd(self, cmd):
        ns, _ = self.b.timed(cmd)
        return ns, self.b.LAST_CPU_NS

    def pair(self, k, a, b):
        """One pair: (wall a/b, cpu a/b), order alternating with k."""
        got = {}
        for name, cmd in ((("a", a), ("b", b)) if k % 2 == 0 else
                          (("b", b), ("a", a))):
            got[name] = self.run_cmd(cmd)
        (wa, ca), (wb, cb) = got["a"], got["b"]
        if not wa or not wb:
            return None, None
        return wa / wb, (ca / cb if cb else None)

    def goal(self, name, a, b, target, ok, pairs=None):
        """Ratio a/b over pairs; ok(median wall ratio) says pass."""
        la = load1()
        l0 = loadavg()
        walls, cpus = [], []
        for k in range(pairs or self.pairs):
            w, c = self.pair(k, a, b)
            walls.append(w)
            cpus.append(c)
            la = max(la, load1())
        busy = la > self.busy_load
        ws, wm = spread(walls)
        cs, _ = spread(cpus)
        self.rows.append((name, ws, cs, target,
                          "-" if wm is None or ok is None else
                          ("pass" if ok(wm) else "MISS"),
                          "%s -> %s%s" % (l0.split()[0],
                                          loadavg().split()[0],
                                          " busy" if busy else "")))
        if ok is None:  # a reference ratio: what a goal can reach here
            return
        verdict = None if wm is None else ok(wm)
        self.b.summary("goal: " + name, ws.split()[0] +
                       (" busy" if busy else ""), target,
                       None if busy else verdict)

    def launch(self):
        bin_ = self.b.BIN
        cpu = self.b.CPU
        n = "200"
        true = "/bin/true"
        floor = ["env", "BENCH_CPU=" + cpu, "BENCH_VFORK=1",
                 os.path.join(bin_, "loop_fork"), n, true]
        ab = [self.b.ABSTAT, "run", "-q", "--warmup", "0", "-r", n,
              "-C", cpu, "-e", EVENTS, "--", true]
        self.b.log("goals: launch, %d pairs each" % self.pairs)
        self.goal("abstat / bare vfork loop", ab, floor, "<= 1.05",
                  lambda r: r <= 1.05)
        if self.b.have("hyperfine"):
            hf = ["hyperfine", "-N", "--runs", n, "--style", "none", true]
            self.goal("abstat / hyperfine -N", ab, hf, "< 1.00",
                      lambda r: r < 1.0)
        if self.b.have("perf"):
            ps = ["perf", "stat", "-r", n, "-e", EVENTS, "--", true]
            self.goal("perf stat / abstat", ps, ab, ">= 2.20",
                      lambda r: r >= 2.2)
        # What the two goals above can reach on this machine: abstat
        # below hyperfine needs abstat / floor under hyperfine / floor,
        # and 2.2x cheaper than perf stat needs perf stat / floor >= 2.2
        # x abstat / floor (the machine: 1.95 / 0.84 = 2.32).
        if self.b.have("hyperfine"):
            self.goal("(ref) hyperfine -N / vfork loop", hf, floor, "ref",
                      None)
        if self.b.have("perf"):
            self.goal("(ref) perf stat / vfork loop", ps, floor, "ref",
                      None)

    def gen(self, out, extra):
        gen = os.path.join(self.b.ROOT, "bench", "gen_result.py")
        subprocess.run([sys.executable, gen, "-b", "50", "-e", "10", "-r",
                        "100", "-o", out] + extra, check=True)

    def compare(self):
        tmp = self.b.TMP
        a = os.path.join(tmp, "g-a")
        b = os.path.join(tmp, "g-b")
        self.b.log("goals: compare, generating the results")
        self.gen(a + ".json", ["--seed", "1"])
        self.gen(b + ".json", ["--seed", "2", "--shift", "0.05"])
        sides = {1: [a + ".json", b + ".json"]}
        for k in (2, 4):
            self.gen(a, ["--seed", "1", "--boots", str(k)])
            self.gen(b, ["--seed", "2", "--shift", "0.05", "--boots",
                         str(k)])
            sides[k] = ["A=" + ",".join("%s-%d.json" % (a, i)
                                        for i in range(1, k + 1)),
                        "B=" + ",".join("%s-%d.json" % (b, i)
                                        for i in range(1, k + 1))]
        one = [self.b.ABSTAT, "compare"] + sides[1]
        mb = sum(os.path.getsize(p) for p in sides[1]) / 1e6
        la, l0 = load1(), loadavg()
        ms, cpu_ms, rss = [], [], []
        for _ in range(self.pairs):
            ns, kb = rss_timed(self.b, one)
            if ns:
                ms.append(ns / 1e6)
                rss.append(kb)
            _, _ = self.run_cmd(one)
            cpu_ms.append(self.b.LAST_CPU_NS / 1e6)
            la = max(la, load1())
        busy = la > self.busy_load
        speeds = [mb / (t / 1e3) for t in ms]
        s, sm = spread(speeds)
        t, tm = spread(ms)
        c, _ = spread(cpu_ms)
        tag = "%s -> %s%s" % (l0.split()[0], loadavg().split()[0],
                              " busy" if busy else "")
        self.rows.append(("compare read, MB/s", s, "-", ">= 100",
                          "pass" if sm and sm >= 100 else "MISS", tag))
        self.rows.append(("compare 2 x 4.3 MB, ms", t, c + " ms cpu",
                          "< 90", "pass" if tm and tm < 90 else "MISS",
                          tag))
        self.b.summary("goal: compare read MB/s", s.split()[0] +
                       (" busy" if busy else ""), ">= 100",
                       None if busy or sm is None else sm >= 100)
        base = rss_timed(self.b, [self.b.ABSTAT, "--version"])[1] or 0
        big = max(os.path.getsize(p) for p in sides[1]) / 1024.0
        if rss:
            peak = max(rss)
            self.rows.append((
                "compare peak RSS / larger file",
                "%.2f (%d kB)" % (peak / big, peak), "-", "<= 2",
                "pass" if peak / big <= 2 else "MISS",
                "growth %.2f x (RSS of --version %d kB)" % (
                    (peak - base) / big, base)))
            self.b.summary("goal: compare peak RSS / file",
                           "%.2f" % (peak / big), "<= 2", peak / big <= 2)
        for k in (2, 4):
            self.goal("compare %d boots / 1 boot" % k,
                      [self.b.ABSTAT, "compare"] + sides[k], one, "<= 1.5",
                      lambda r: r <= 1.5)

    def memory(self):
        out = os.path.join(self.b.TMP, "mem.json")
        kb = {}
        self.b.log("goals: memory, -r 2000 and -r 10000")
        l0 = loadavg()
        for n in (2000, 10000):
            _, kb[n] = rss_timed(self.b, 
                [self.b.ABSTAT, "run", "-q", "--warmup", "0", "-r", str(n),
                 "-e", EVENTS, "-o", out, "--force", "--", "/bin/true"])
        if kb[2000] and kb[10000]:
            per = (kb[10000] - kb[2000]) * 1024.0 / 8000
            self.rows.append(("abstat run, bytes per run",
                              "%.0f (%d -> %d kB)" % (per, kb[2000],
                                                      kb[10000]),
                              "-", "< 1024", "pass" if per < 1024
                              else "MISS", "%s -> %s" % (
                                  l0.split()[0], loadavg().split()[0])))
            self.b.summary("goal: run memory per run", "%.0f B" % per,
                           "< 1024 B", per < 1024)

    def report(self):
        o = self.b.out
        o("")
        o("== goals (issue 21): ratios of pairs run side by side, "
          "%d pairs, alternating order" % self.pairs)
        o("   wall and cpu: median (min-max) over the pairs; load: "
          "1-minute load average")
        o("   before -> after, busy when above %.1f during the goal"
          % self.busy_load)
        o("%-32s %-18s %-18s %-7s %-5s %s" % (
            "goal", "wall", "cpu", "target", "", "load"))
        for r in self.rows:
            o("%-32s %-18s %-18s %-7s %-5s %s" % r)


def section(b):
    g = Goals(b)
    t0 = time.monotonic()
    only = os.environ.get("BENCH_GOALS", "launch,compare,memory").split(",")
    for part in (g.launch, g.compare, g.memory):
        if part.__name__ not in only:
            continue
        try:
            part()
        except Exception as exc:    # one broken goal must not hide the rest
            b.log("goals: %s: %s: %s" % (part.__name__,
                                         type(exc).__name__, exc))
    g.report()
    b.out("   goals took %.0f s" % (time.monotonic() - t0))
