#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""abstat's own benchmarks (bench/run.sh runs this; see bench/RESULTS.md).

Sections (all by default, or name some on the command line):
  launch    per-run wall cost of 200 launches of /bin/true: abstat run,
            perf stat, hyperfine and three C loops (bench/loop_*.c)
  fidelity  getppid ns/op, abstat -w getppid vs perf bench syscall basic;
            page faults of touch_pages, abstat vs perf stat
  power     abstat versus: false alarms (A/A) and detection of +5% work
  speed     abstat compare of two big generated results: time, peak RSS
  errors    A/A false-alarm rate and power to detect +5%, with binomial
            95% intervals, for interleaved versus, separate sessions and
            2, 3, 5 boots per side (synthetic); bench/errors.py
  goals     issue 21's goals, each a ratio of pairs run side by side
            with its spread and the load average; bench/goals.py

This machine is noisy, so every figure is a ratio or a median taken from
one interleaved run: each round runs every contender, in alternating
order, and ratios are formed within a round. Nothing here fails: the
exit status is 0 unless the harness itself is broken. Progress goes to
stderr, details and the summary table to stdout.

Environment: ABSTAT (binary), BUILD (build dir), BENCH_BIN (compiled
loops), BENCH_QUICK=1 (fewer rounds), BENCH_CPU (pinned CPU, default 1);
the errors section's own variables are in bench/errors.py.
"""
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile

from errors import loadavg  # one reader of /proc/loadavg for every section
import textwrap
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ABSTAT = os.environ.get("ABSTAT", os.path.join(ROOT, "abstat"))
BUILD = os.environ.get("BUILD", os.path.join(ROOT, "build"))
BIN = os.environ.get("BENCH_BIN", "")
QUICK = os.environ.get("BENCH_QUICK", "") not in ("", "0")
CPU = os.environ.get("BENCH_CPU", "1")
EVENTS = "task-clock,page-faults,context-switches"
TMP = tempfile.mkdtemp(prefix="abstat-bench.")

SUMMARY = []  # (figure, measured, target, verdict)
LAST_CPU_NS = 0.0
NOTES = []    # printed under the summary table


def log(*a):
    print("bench:", *a, file=sys.stderr, flush=True)


def out(*a):
    print(*a, flush=True)


def summary(figure, measured, target, ok):
    verdict = "n/a" if ok is None else ("pass" if ok else "MISS")
    SUMMARY.append((figure, measured, target, verdict))


def cpu_children_ns():
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (ru.ru_utime + ru.ru_stime) * 1e9


def timed(cmd, ok_rcs=(0,)):
    """Wall ns of cmd (stdout discarded), its stderr; None on failure.
    LAST_CPU_NS gets the user+sys time of cmd and every descendant it
    waited for (rusage sums, so a difference is exact)."""
    global LAST_CPU_NS
    c0 = cpu_children_ns()
    t0 = time.perf_counter_ns()
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True)
    ns = time.perf_counter_ns() - t0
    LAST_CPU_NS = cpu_children_ns() - c0
    if p.returncode not in ok_rcs:
        log("failed (exit %d): %s" % (p.returncode, " ".join(cmd)))
        for line in p.stderr.splitlines()[-3:]:
            log("  " + line)
        return None, p.stderr
    return ns, p.stderr


def capture(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    return p.returncode, p.stdout, p.stderr


def med(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def rounds_order(items, k):
    """Round k's order: forward on even rounds, reversed on odd ones."""
    return list(items) if k % 2 == 0 else list(reversed(items))


def have(prog):
    return any(os.access(os.path.join(d, prog), os.X_OK)
               for d in os.environ.get("PATH", "").split(os.pathsep))


def fmt(x, spec="%.2f", none="-"):
    return none if x is None else spec % x


# ---------------------------------------------------------------- launch

def launch_cmds(n):
    true = "/bin/true"
    cmds = [
        ("fork+exec+wait", ["env", "-u", "BENCH_CPU",
                            os.path.join(BIN, "loop_fork"), str(n), true]),
        ("fork, pinned", ["env", "BENCH_CPU=" + CPU,
                          os.path.join(BIN, "loop_fork"), str(n), true]),
        ("posix_spawn", [os.path.join(BIN, "loop_spawn"), str(n), true]),
        ("vfork+3 counters", ["env", "BENCH_CPU=" + CPU,
                              os.path.join(BIN, "loop_vfork_count"), str(n),
                              true]),
        ("vfork+3 keys held", ["env", "BENCH_CPU=" + CPU,
                               "BENCH_HOLD_KEYS=1",
                               os.path.join(BIN, "loop_vfork_count"),
                               str(n), true]),
        ("abstat run", [ABSTAT, "run", "-q", "--warmup", "0", "-r", str(n),
                        "-e", EVENTS, "--", true]),
    ]
    if have("perf"):
        cmds.append(("perf stat", ["perf", "stat", "-r", str(n), "-e",
                                   EVENTS, "--", true]))
    if have("hyperfine"):
        cmds.append(("hyperfine -N", ["hyperfine", "-N", "--runs", str(n),
                                      true]))
    return cmds


def section_launch():
    n = 200
    k_rounds = 5 if QUICK else 15
    cmds = launch_cmds(n)
    ones = dict(launch_cmds(1))
    names = [c[0] for c in cmds]
    log("launch: %d rounds of %d tools x %d runs of /bin/true"
        % (k_rounds, len(cmds), n))
    for name, cmd in cmds:                  # warm caches, check they work
        if timed(cmd)[0] is None:
            log("launch: %s does not work; left out" % name)
            names.remove(name)
    per_run = {m: [] for m in names}   # wall us per run, per round
    cpu_run = {m: [] for m in names}   # user+sys us per run, per round
    fixed = {m: [] for m in names}     # wall us of one 1-run invocation
    ratio = {m: [] for m in names}     # wall / bare fork's, same round
    base = names[0]
    for k in range(k_rounds):
        got = {}
        for name in rounds_order(names, k):
            ns, _ = timed(dict(cmds)[name])
            cpu = LAST_CPU_NS
            one, _ = timed(ones[name])
            got[name] = ns
            if ns is not None:
                per_run[name].append(ns / n / 1000.0)
                cpu_run[name].append(cpu / n / 1000.0)
            if one is not None:
                fixed[name].append(one / 1000.0)
        for name in names:
            if got.get(name) and got.get(base):
                ratio[name].append(got[name] / got[base])
    out("")
    out("== launch overhead: %d runs of /bin/true, %d interleaved rounds"
        % (n, k_rounds))
    out("   events counted: %s; per run = total wall / %d" % (EVENTS, n))
    out("   x fork: median over rounds of wall / bare fork loop's wall;")
    out("   best: min wall / min bare; cpu: user+sys of the tool and its")
    out("   children per run; 1 run: wall of one invocation with 1 run;")
    out("   pinned: the child pins itself to CPU %s, as abstat's do;" % CPU)
    out("   keys held: the same, the loop holding one disabled event of")
    out("   each type open (see bench/loop_vfork_count.c)")
    out("%-17s %7s %7s %7s %6s %6s %11s %7s" % (
        "tool", "us/run", "min", "cpu us", "x fork", "best", "x fork range",
        "1 run"))
    bmin = min(per_run[base]) if per_run[base] else None
    bcpu = med(cpu_run[base])
    for name in names:
        r = ratio[name]
        mn = min(per_run[name]) if per_run[name] else None
        out("%-17s %7s %7s %7s %6s %6s %11s %7s" % (
            name, fmt(med(per_run[name]), "%.0f"), fmt(mn, "%.0f"),
            fmt(med(cpu_run[name]), "%.0f"), fmt(med(r)),
            fmt(mn / bmin if mn and bmin else None),
            "%.2f-%.2f" % (min(r), max(r)) if r else "-",
            fmt(med(fixed[name]), "%.0f")))
    for name in names:
        out("   %s: %s" % (name, " ".join(dict(cmds)[name])))
    pin = med(ratio.get("fork, pinned", []))
    if pin and pin > 1.1:
        NOTES.append("CPU %s is busy (pinned fork loop %.2fx the unpinned "
                     "one):" % (CPU, pin))
        NOTES.append("pinned wall-time figures (launch, getppid ns/op) "
                     "are unreliable")
    a = med(ratio.get("abstat run", []))
    p = med(ratio.get("perf stat", []))
    summary("launch: abstat / bare fork loop", fmt(a), "<= 0.90",
            None if a is None else a <= 0.90)
    if a and p:
        summary("launch: perf stat / abstat", fmt(p / a), "> 2.00",
                p / a > 2.0)
    ac = med(cpu_run.get("abstat run", []))
    if ac and bcpu:
        summary("launch cpu: abstat / bare fork loop", fmt(ac / bcpu),
                "(reference)", None)
    for name in ("fork, pinned", "posix_spawn", "vfork+3 counters",
                 "vfork+3 keys held", "perf stat", "hyperfine -N"):
        if name in ratio:
            summary("launch: %s / bare fork loop" % name,
                    fmt(med(ratio[name])), "(reference)", None)


# -------------------------------------------------------------- fidelity

def result_values(path):
    """(ns/op list, {event: [values]}) of a result's measured runs."""
    with open(path) as f:
        r = json.load(f)
    names = [e["name"] for e in r["events"]]
    ns_op, counts = [], {n: [] for n in names}
    for b in r["benchmarks"]:
        for run in b["runs"]:
            if run["warmup"] or run["status"] != "ok":
                continue
            ns = run["region_ns"] or run["wall_ns"]
            if run.get("ops"):
                ns_op.append(ns / run["ops"])
            for name, c in zip(names, run["counters"]):
                if c is not None:
                    counts[name].append(c["value"])
    return ns_op, counts, r


def abstat_faults(pages, reps):
    """page-faults of every run of touch_pages under abstat."""
    path = os.path.join(TMP, "faults.json")
    ns, _ = timed([ABSTAT, "run", "-q", "--warmup", "0", "-r", str(reps),
                   "-e",
                   "page-faults", "-o", path, "--force", "--",
                   os.path.join(BUILD, "tests/progs/touch_pages"),
                   str(pages)])
    if ns is None:
        return []
    return result_values(path)[1].get("page-faults", [])


def perf_faults(pages):
    rc, so, se = capture(["perf", "stat", "-x,", "-e", "page-faults", "--",
                          os.path.join(BUILD, "tests/progs/touch_pages"),
                          str(pages)])
    for line in se.splitlines():
        f = line.split(",")
        if len(f) > 2 and f[2].startswith("page-faults") and f[0].isdigit():
            return int(f[0])
    log("perf stat -e page-faults failed (exit %d)" % rc)
    return None


def section_fidelity():
    """getppid: bench/fidelity.sh (shared with the workloads work) does
    the interleaved abstat / perf bench rounds; its lines are parsed."""
    k_rounds = 3 if QUICK else 7
    if not have("perf"):
        summary("fidelity", "perf missing", "", None)
        return
    rounds = 4 if QUICK else 10
    log("fidelity: getppid, sh bench/fidelity.sh %d %s" % (rounds, CPU))
    rc, so, se = capture(["sh", os.path.join(ROOT, "bench", "fidelity.sh"),
                          str(rounds), CPU])
    out("")
    out("== fidelity: getppid ns/op: sh bench/fidelity.sh %d %s" % (rounds,
                                                                  CPU))
    out(so.rstrip())
    if rc:
        log("fidelity.sh failed (exit %d): %s" % (rc, se.strip()[-200:]))

    def field(label, pos):
        m = re.search(r"^\s*%s\s+([0-9.]+)" % re.escape(label), so, re.M)
        return float(m.group(1)) if m else None

    r = field("ratio abstat/perf", 0)
    a, p = field("abstat -w getppid", 0), field("perf bench syscall", 0)
    rt = field("ratio task-clock/perf", 0)
    summary("getppid ns/op: abstat / perf bench",
            "%s (%s/%s)" % (fmt(r, "%.3f"), fmt(a, "%.0f"), fmt(p, "%.0f")),
            "1 +- 0.03", None if r is None else abs(r - 1) <= 0.03)
    if rt is not None:
        summary("getppid task-clock/op / perf bench", fmt(rt, "%.3f"),
                "(reference)", None)

    pages, reps = 10000, 3
    log("fidelity: page faults of touch_pages %d" % pages)
    af, pf = [], []
    for k in range(k_rounds):
        for who in rounds_order(("abstat", "perf"), k):
            if who == "abstat":
                af += abstat_faults(pages, reps)
            else:
                pf += [x for x in (perf_faults(pages) for _ in range(reps))
                       if x is not None]
    out("   page-faults of touch_pages %d; abstat run -q --warmup 0 -r %d"
        % (pages, reps))
    out("   -e page-faults -o F -- touch_pages N")
    out("   perf stat -x, -e page-faults -- touch_pages N (%d per round)"
        % reps)
    for who, xs in (("abstat:", af), ("perf:", pf)):
        out(textwrap.fill(" ".join(str(x) for x in xs), 78,
                          initial_indent="   %-8s" % who,
                          subsequent_indent=" " * 11))
    a, p = med(af), med(pf)
    # Run-to-run spread of a few faults is real (stack and mmap placement
    # change with ASLR), so "equal" means the two ranges overlap.
    ok = None if not af or not pf else \
        (min(af) <= max(pf) and min(pf) <= max(af))
    summary("page faults: abstat vs perf stat (median)",
            "%s vs %s" % (fmt(a, "%d"), fmt(p, "%d")), "same range", ok)


# ----------------------------------------------------------------- power

def versus_verdicts(a, b, runs):
    rc, so, se = capture([ABSTAT, "versus", "-q", "-r", str(runs),
                          "--format", "json", a, b])
    if rc not in (0,):
        log("versus failed (exit %d): %s" % (rc, se.strip()[-200:]))
        return None
    try:
        doc = json.loads(so)
    except ValueError:
        log("versus: output is not JSON")
        return None
    rows = {}
    for row in doc.get("rows", []):
        d = row["deltas"][0]
        rows[row["metric"]] = (d["verdict"], d.get("delta"))
    return rows


# Runs per side of a trial. At 5 the smallest exact two-sided
# Mann-Whitney p is 2/252 = 0.0079, so Holm over m tests can flag a row
# only while 0.0079 m < alpha: 5 runs is the floor of usefulness.
RUNS_PER_SIDE = (5, 10, 20)


def section_power():
    k_trials = 10 if QUICK else 40
    n = int(os.environ.get("BENCH_SPIN_N", "50000"))
    spin = os.path.join(BUILD, "tests/progs/spin")
    a_cmd, b_cmd = "%s %d" % (spin, n), "%s %d" % (spin, round(n * 1.05))
    primary = "task-clock"
    log("power: %d trials x (A/A, A/B) x %s runs/side, spin %d"
        % (k_trials, RUNS_PER_SIDE, n))
    res = {}
    t0 = time.monotonic()
    for runs in RUNS_PER_SIDE:
        for kind in ("AA", "AB"):
            res[(runs, kind)] = []
        for t in range(k_trials):
            for kind in rounds_order(("AA", "AB"), t):
                v = versus_verdicts(a_cmd, a_cmd if kind == "AA" else b_cmd,
                                    runs)
                if v is not None:
                    res[(runs, kind)].append(v)
    secs = time.monotonic() - t0
    rows_seen = sorted({m for v in res.values() for r in v for m in r
                        if r[m][0] != "not-supported"})
    out("")
    out("== power: abstat versus -r R (default events), %d trials each"
        % k_trials)
    out("   A = spin %d, B = spin %d (+5%% getppid calls); %.0f s"
        % (n, round(n * 1.05), secs))
    out("%-5s %-4s %6s %10s %9s %8s %7s  %s" % (
        "runs", "pair", "trials", "task-clock", "delta", "wall", "any row",
        "rows flagged (trials)"))

    def rate(flags):
        return sum(flags) / len(flags) if flags else None

    for runs in RUNS_PER_SIDE:
        for kind in ("AA", "AB"):
            v = res[(runs, kind)]
            sig = [r.get(primary, ("", None))[0] == "significant" for r in v]
            wall = [r.get("wall", ("", None))[0] == "significant" for r in v]
            dl = [r[primary][1] for r in v if primary in r and
                  r[primary][1] is not None]
            flagged = {}
            for r in v:
                for m, (verdict, _) in r.items():
                    if verdict == "significant":
                        flagged[m] = flagged.get(m, 0) + 1
            anyrow = [any(x[0] == "significant" for x in r.values())
                      for r in v]
            pr, ar = rate(sig), rate(anyrow)
            d = med(dl)
            out("%-5d %-4s %6d %10s %9s %8s %7s  %s" % (
                runs, "A/A" if kind == "AA" else "A/B", len(v),
                fmt(pr and pr * 100, "%.0f%%", "0%") if v else "-",
                fmt(d and d * 100, "%+.2f%%", "0%"),
                fmt(rate(wall) and rate(wall) * 100, "%.0f%%", "0%")
                if v else "-",
                fmt(ar and ar * 100, "%.0f%%", "0%") if v else "-",
                " ".join("%s(%d)" % kv for kv in sorted(flagged.items()))
                if kind == "AA" else ""))
            if not v:
                continue
            if kind == "AA":
                summary("false alarms A/A, %d runs (task-clock)" % runs,
                        "%.0f%% of %d" % (pr * 100, len(v)), "<= 5%",
                        pr <= 0.05)
                summary("false alarms A/A, %d runs (any row)" % runs,
                        "%.0f%% of %d" % (ar * 100, len(v)),
                        "(reference)", None)
            else:
                summary("detect +5%% work, %d runs (task-clock)" % runs,
                        "%.0f%% of %d" % (pr * 100, len(v)),
                        "(reference)", None)
    out("   a trial: abstat versus -q -r R --format json 'A' 'B'; rows:")
    out("   %s" % " ".join(rows_seen))


# ----------------------------------------------------------------- speed

def rss_timed(cmd):
    """(wall ns, peak RSS kB) of cmd, measured by a fresh python3 whose
    only child is cmd, so RUSAGE_CHILDREN is that child alone."""
    helper = ("import resource,subprocess,sys,time\n"
              "t=time.perf_counter_ns()\n"
              "p=subprocess.run(sys.argv[1:],stdout=subprocess.DEVNULL)\n"
              "t=time.perf_counter_ns()-t\n"
              "r=resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss\n"
              "print(t,r,p.returncode)\n")
    rc, so, se = capture([sys.executable, "-c", helper] + cmd)
    try:
        ns, rss, crc = (int(x) for x in so.split())
    except ValueError:
        return None, None
    if crc != 0:
        log("failed (exit %d): %s" % (crc, " ".join(cmd)))
        return None, None
    return ns, rss


def section_speed():
    b, e, r = 50, 10, 100
    gen = os.path.join(ROOT, "bench", "gen_result.py")
    a_path = os.path.join(TMP, "big-a.json")
    b_path = os.path.join(TMP, "big-b.json")
    tmpl = os.path.join(TMP, "template.json")
    env_from = []
    if timed([ABSTAT, "run", "-q", "--warmup", "0", "-r", "1", "-e",
              "task-clock", "-o", tmpl, "--force", "--", "/bin/true"])[0]:
        env_from = ["--env-from", tmpl]
    log("speed: generating 2 results of %d benchmarks x %d events x %d runs"
        % (b, e, r))
    for path, extra in ((a_path, ["--seed", "1", "--label", "base"]),
                        (b_path, ["--seed", "2", "--shift", "0.05",
                                  "--label", "new"])):
        subprocess.run([sys.executable, gen, "-b", str(b), "-e", str(e),
                        "-r", str(r), "-o", path] + env_from + extra,
                       check=True)
    size = os.path.getsize(a_path) / 1e6
    reps = 2 if QUICK else 5
    # --resamples 100 and show tell the bootstrap's share and the cost of
    # reading and summarising one file.
    variants = [("text", [ABSTAT, "compare", a_path, b_path]),
                ("r100", [ABSTAT, "compare", "--resamples", "100", a_path,
                          b_path]),
                ("show", [ABSTAT, "show", a_path])]
    got = {v[0]: ([], []) for v in variants}
    for k in range(reps):
        for name, cmd in rounds_order(variants, k):
            ns, rss = rss_timed(cmd)
            if ns is not None:
                got[name][0].append(ns / 1e6)
                got[name][1].append(rss)
    out("")
    out("== analysis speed: 2 results of %d benchmarks x %d events x %d "
        "runs (%.1f MB each), %d reps" % (b, e, r, size, reps))
    for name, cmd in variants:
        ms, rss = got[name]
        out("   %-4s %6s ms (min %s), peak RSS %s kB: %s" % (
            name, fmt(med(ms), "%.0f"), fmt(min(ms) if ms else None, "%.0f"),
            fmt(max(rss) if rss else None, "%d"),
            " ".join(os.path.basename(c) if c.startswith(TMP) else c
                     for c in cmd)))
    ms, rss = got["text"]
    t, m = med(ms), (max(rss) / 1024.0 if rss else None)
    summary("compare 2 x 50x10x100: time", fmt(t, "%.0f ms"), "< 100 ms",
            None if t is None else t < 100)
    summary("compare 2 x 50x10x100: peak RSS", fmt(m, "%.1f MB"), "< 20 MB",
            None if m is None else m < 20)


# ---------------------------------------------------------------- errors

def section_errors():
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import errors
    errors.section(ABSTAT, BUILD, QUICK, out, log, summary)


# --------------------------------------------------------------- summary

def print_summary():
    out("")
    out("== summary (%s)" % ("BENCH_QUICK=1" if QUICK else "full"))
    out("%-42s %-16s %-12s %s" % ("figure", "measured", "target", "verdict"))
    out("-" * 78)
    for fig, meas, tgt, verdict in SUMMARY:
        out("%-42s %-16s %-12s %s" % (fig[:42], meas[:16], tgt[:12],
                                      verdict))
    for note in NOTES:
        out("note: " + note)


def machine():
    model = "unknown"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    pmu = os.path.isdir("/sys/bus/event_source/devices/cpu")
    return "%d CPUs, %s, Linux %s, %s" % (
        os.cpu_count(), model, os.uname().release,
        "PMU present" if pmu else "no hardware PMU (VM)")


def section_goals():
    import goals
    goals.section(sys.modules[__name__])


SECTIONS = {"launch": section_launch, "fidelity": section_fidelity,
            "power": section_power, "speed": section_speed,
            "errors": section_errors, "goals": section_goals}


def main():
    want = sys.argv[1:] or list(SECTIONS)
    bad = [w for w in want if w not in SECTIONS]
    if bad:
        sys.exit("bench.py: unknown section %s (one of %s)"
                 % (bad[0], " ".join(SECTIONS)))
    if not os.access(ABSTAT, os.X_OK):
        sys.exit("bench.py: %s is not built (run make)" % ABSTAT)
    out("abstat bench: %s" % machine())
    out("load average at start: %s" % loadavg())
    t0 = time.monotonic()
    for name in want:
        try:
            SECTIONS[name]()
        except Exception as exc:   # a broken section must not hide the rest
            log("%s: %s: %s" % (name, type(exc).__name__, exc))
            summary(name, "error", "", None)
    out("")
    out("total bench time %.0f s, load average %s" % (
        time.monotonic() - t0, loadavg()))
    print_summary()
    subprocess.run(["rm", "-rf", TMP])


if __name__ == "__main__":
    main()
