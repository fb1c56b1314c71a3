# SPDX-License-Identifier: MIT
"""The errors section of bench/bench.py: error rates measured, not claimed.

For each design, the A/A false-alarm rate and the power to detect a +5%
change, each from TRIALS independent trials, with exact binomial 95%
intervals (Clopper-Pearson):

  versus     interleaved `abstat versus` of spin N against spin N (A/A)
             and against spin 1.05N (+5%), 10 runs per side, real runs
  sessions   two `abstat run -o` sessions back to back (spin N twice, or
             spin N and spin 1.05N, in alternating order), then
             `abstat compare`, 10 runs per session, real runs
  boots-K    K = 2, 3, 5 boots per side, synthetic (bench/gen_boots.py:
             per-boot offset SD 1%, run noise SD 0.5%, 10 runs per boot),
             `abstat compare A=a1,..,aK B=b1,..,bK`

N is sized at run time so that one run of spin takes about 3 ms of
task-clock. Verdicts are read from `--format json` (abstat-compare(1),
src/format/fmt_json.c) by the two functions below, primary_rows() and called():
they are the one place that says which row counts and what counts as a
call, whatever the statistical model inside compare is.

Environment: BENCH_ERRORS_TRIALS (trials per design and kind; default 200,
50 with BENCH_QUICK=1: a smoke check whose intervals are wide; 50 is the
least at which 0 alarms can meet the goal), BENCH_ERRORS_DESIGNS (comma
list, e.g. boots-2,boots-3: only these designs; default all),
BENCH_ERRORS_RULE (any or primary, see RULE),
BENCH_SPIN_N (fixed N instead of sizing), BENCH_JOBS (parallel compares
for the synthetic designs; default the CPU count; real runs are always
one at a time).
"""
import concurrent.futures
import datetime
import hashlib
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen_boots  # noqa: E402

# ------------------------------------------------------------ the rule
#
# RULE says what a false alarm / a detection is:
#   "any"      any row of the table called significant (how issue 15's
#              reviewer counted sessions: "some row significant");
#   "primary"  the primary row of each benchmark called significant
#              (for one session per side that includes the "session"
#              label: significant between these two sessions only);
#   "claim"    the primary row's verdict "yes": what abstat claims about
#              A vs B and what --fail-on-regression acts on (the default).
# A/A trials count a call in either direction; +5% trials count a call
# only in the direction of the change (B slower: delta > 0, or < 0 for a
# higher-is-better row such as ops/s). Both rules are always computed and
# written to errors.tsv; RULE picks the one the table and summary show.
# To switch: set RULE = "primary" here, or BENCH_ERRORS_RULE=primary.
RULE = os.environ.get("BENCH_ERRORS_RULE", "claim")
RULES = ("any", "primary", "claim")
RULE_TEXT = {
    "any": "any row significant",
    "primary": "the primary row significant (a \"session\" label too)",
    "claim": "the primary row's verdict \"yes\" (what abstat claims and "
             "acts on)",
}

# Without a "primary" key in the JSON, the first of these metrics that a
# benchmark has (and that was counted) is its primary row.
PRIMARY_FALLBACK = ("task-clock/op", "task-clock", "ns/op")

ALPHA_GOAL = 0.08      # the A/A interval's upper bound must be at most this
CONF = 0.95            # binomial interval level
RUNS = 10              # measured runs per side (per boot for boots-K)
SHIFT = 0.05           # the +5% change
BOOTS = (2, 3, 5)


def significant(delta, claim=False):
    """One delta object of compare's JSON: is it a call? With claim, only
    a "yes" verdict (compare's schema 2 verdict_word) is. Otherwise a
    "session" verdict is too, and (schema 4: a secondary row's verdict is
    "secondary") a secondary row whose unadjusted p is below 0.05."""
    if claim and "verdict_word" in delta:
        return delta.get("verdict_word") == "yes"
    v = delta.get("verdict")
    if v == "secondary":
        return delta.get("p") is not None and delta["p"] < 0.05
    return delta.get("significant") is True or v in ("significant",
                                                      "session")


def testable(row):
    return any(d.get("verdict") not in ("not-supported", "not-counted")
               for d in row.get("deltas", []))


def primary_rows(doc):
    """The primary row of each benchmark: the row marked "primary": true
    when compare marks one (the new model), else the first metric of
    PRIMARY_FALLBACK that the benchmark has."""
    rows = doc.get("rows", [])
    marked = [r for r in rows if r.get("primary") is True]
    if marked or any("primary" in r for r in rows):
        return marked
    out = []
    for bench in dict.fromkeys(r.get("benchmark") for r in rows):
        mine = {r.get("metric"): r for r in rows
                if r.get("benchmark") == bench and testable(r)}
        for m in PRIMARY_FALLBACK:
            if m in mine:
                out.append(mine[m])
                break
    return out


def row_called(row, direction, claim=False):
    """direction 0: a call either way (A/A); +1: a call that B is worse
    (the +5% trials: more work)."""
    for d in row.get("deltas", []):
        if not significant(d, claim):
            continue
        if direction == 0:
            return True
        delta = d.get("delta")
        if delta is None:
            continue
        worse = delta < 0 if row.get("higher_is_better") else delta > 0
        if worse:
            return True
    return False


def called(doc, direction, rule):
    rows = doc.get("rows", []) if rule == "any" else primary_rows(doc)
    return any(row_called(r, direction, rule == "claim") for r in rows)


def trial_record(doc, direction):
    """What one trial keeps: the call under each rule, the primary row's
    metric and delta, and the rows called (for the details)."""
    prim = primary_rows(doc)
    delta = None
    if prim and prim[0].get("deltas"):
        delta = prim[0]["deltas"][0].get("delta")
    flagged = sorted({r.get("metric") for r in doc.get("rows", [])
                      if row_called(r, direction)})
    return {"any": called(doc, direction, "any"),
            "primary": called(doc, direction, "primary"),
            "claim": called(doc, direction, "claim"),
            "metric": prim[0].get("metric") if prim else None,
            "delta": delta, "flagged": flagged}


# ------------------------------------------------- binomial intervals

def _log_pmf(k, n, p):
    if p <= 0.0:
        return 0.0 if k == 0 else -math.inf
    if p >= 1.0:
        return 0.0 if k == n else -math.inf
    return (math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
            + k * math.log(p) + (n - k) * math.log1p(-p))


def _cdf(k, n, p):
    """P(X <= k), X ~ Binomial(n, p)."""
    return min(1.0, sum(math.exp(_log_pmf(i, n, p)) for i in range(k + 1)))


def _bisect(f, lo, hi):
    """f increasing on [lo, hi], f(lo) < 0 < f(hi): its root."""
    for _ in range(80):
        mid = (lo + hi) / 2
        if f(mid) < 0:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def clopper_pearson(k, n, conf=CONF):
    """Exact (Clopper-Pearson) two-sided interval for k successes of n."""
    if n == 0:
        return (0.0, 1.0)
    a = (1 - conf) / 2
    # lower: P(X >= k | p) = a; upper: P(X <= k | p) = a
    lo = 0.0 if k == 0 else _bisect(
        lambda p: (1 - _cdf(k - 1, n, p)) - a, 0.0, 1.0)
    hi = 1.0 if k == n else _bisect(
        lambda p: a - _cdf(k, n, p), 0.0, 1.0)
    return (lo, hi)


# -------------------------------------------------------------- helpers

class Ctx:
    def __init__(self, abstat, build, quick, out, log, summary):
        self.abstat, self.build, self.quick = abstat, build, quick
        self.out, self.log, self.summary = out, log, summary
        self.tmp = tempfile.mkdtemp(prefix="abstat-bench-errors.")
        self.allowed = set()     # env keys compare refused, then allowed
        self.refusals = 0


def seed_of(*parts):
    """A deterministic seed for one side of one trial: every trial gets
    its own, whatever else runs."""
    h = hashlib.sha256("/".join(str(p) for p in parts).encode()).digest()
    return int.from_bytes(h[:6], "big")


def load1():
    try:
        with open("/proc/loadavg") as f:
            return float(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def loadavg():
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "unknown"


ALLOW_RE = re.compile(r"--allow-env-diff (\S+)")


def json_cmd(ctx, argv):
    """Run an abstat command that prints --format json; its document, or
    None. A refusal that names --allow-env-diff KEY (a difference the
    design means to have, such as the workload's argv under the new
    model) is retried once with the key allowed, and counted."""
    extra = []
    if ctx.allowed:
        extra = ["--allow-env-diff", ",".join(sorted(ctx.allowed))]
    for attempt in (0, 1):
        cmd = argv[:2] + extra + argv[2:]
        p = subprocess.run(cmd, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
        m = ALLOW_RE.search(p.stderr)
        if p.returncode == 2 and m and attempt == 0:
            ctx.allowed.update(m.group(1).split(","))
            ctx.refusals += 1
            extra = ["--allow-env-diff", ",".join(sorted(ctx.allowed))]
            continue
        if p.returncode not in (0, 1):
            ctx.log("errors: exit %d: %s: %s" % (
                p.returncode, " ".join(cmd[:4]),
                p.stderr.strip()[-200:]))
            return None
        try:
            return json.loads(p.stdout)
        except ValueError:
            ctx.log("errors: not JSON: %s" % " ".join(cmd[:4]))
            return None
    return None


def run_session(ctx, path, cmd):
    p = subprocess.run([ctx.abstat, "run", "-q", "-r", str(RUNS), "-o",
                        path, "--force", "--"] + cmd,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       text=True)
    if p.returncode != 0:
        ctx.log("errors: abstat run failed (exit %d): %s" % (
            p.returncode, p.stderr.strip()[-200:]))
        return False
    return True


def task_clock_ms(ctx, n):
    """Median task-clock and wall (ms) of one run of spin n."""
    path = os.path.join(ctx.tmp, "size.json")
    p = subprocess.run([ctx.abstat, "run", "-q", "-r", "5", "-e",
                        "task-clock", "-o", path, "--force", "--",
                        ctx.spin, str(n)], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
    if p.returncode != 0:
        return None, None
    with open(path) as f:
        r = json.load(f)
    tc, wall = [], []
    for b in r["benchmarks"]:
        for run in b["runs"]:
            if run["warmup"] or run["status"] != "ok":
                continue
            c = run["counters"][0]
            if c is not None:
                tc.append(c["value"] / 1e6)
            wall.append(run["wall_ns"] / 1e6)
    return (statistics.median(tc) if tc else None,
            statistics.median(wall) if wall else None)


def size_spin(ctx, target_ms=3.0):
    """N such that spin N takes about target_ms of task-clock: a line
    through two sizes (spin's start-up is the intercept)."""
    fixed = os.environ.get("BENCH_SPIN_N")
    if fixed:
        return int(fixed)
    n1, n2 = 10000, 40000
    t1, _ = task_clock_ms(ctx, n1)
    t2, _ = task_clock_ms(ctx, n2)
    if not t1 or not t2 or t2 <= t1:
        ctx.log("errors: cannot size spin (%s, %s ms); N = 30000"
                % (t1, t2))
        return 30000
    slope = (t2 - t1) / (n2 - n1)
    n = int(round((target_ms - (t1 - slope * n1)) / slope))
    return max(1000, min(n, 10 ** 7))


# -------------------------------------------------------------- designs
#
# A design is a function (ctx, kind, trial, workdir) -> compare's JSON
# document or None; kind is "AA" or "AB" (+5%).

def design_versus(ctx, kind, t, work):
    a, b = ctx.cmd_a, ctx.cmd_a if kind == "AA" else ctx.cmd_b
    return json_cmd(ctx, [ctx.abstat, "versus", "-q", "-r", str(RUNS),
                          "--seed", str(seed_of("versus", kind, t)),
                          "--format", "json", " ".join(a), " ".join(b)])


def design_sessions(ctx, kind, t, work):
    a, b = ctx.cmd_a, ctx.cmd_a if kind == "AA" else ctx.cmd_b
    pa, pb = os.path.join(work, "a.json"), os.path.join(work, "b.json")
    order = [(pa, a), (pb, b)] if t % 2 == 0 else [(pb, b), (pa, a)]
    for path, cmd in order:
        if not run_session(ctx, path, cmd):
            return None
    return json_cmd(ctx, [ctx.abstat, "compare", "-q", "--seed",
                          str(seed_of("sessions", kind, t)), "--format",
                          "json", "A=" + pa, "B=" + pb])


def design_boots(boots):
    def run(ctx, kind, t, work):
        name = "boots-%d" % boots
        sides = []
        for side in ("A", "B"):
            shift = SHIFT if (kind == "AB" and side == "B") else 0.0
            paths = gen_boots.write_side(
                os.path.join(work, side), boots, RUNS, shift,
                seed_of(name, kind, t, side), label=side)
            sides.append("%s=%s" % (side, ",".join(paths)))
        return json_cmd(ctx, [ctx.abstat, "compare", "-q", "--seed",
                              str(seed_of(name, kind, t, "compare")),
                              "--format", "json"] + sides)
    return run


def run_design(ctx, name, fn, trials, jobs):
    """trials A/A and trials +5% trials of one design; A/A and +5%
    alternate (and with jobs > 1 run side by side), so load changes hit
    both kinds alike."""
    tasks = [(kind, t) for t in range(trials)
             for kind in (("AA", "AB") if t % 2 == 0 else ("AB", "AA"))]
    res = {"AA": [], "AB": []}
    failed = {"AA": 0, "AB": 0}
    loads = []
    t0 = time.monotonic()

    def one(task):
        kind, t = task
        work = os.path.join(ctx.tmp, "%s-%s-%d" % (name, kind, t))
        os.makedirs(work, exist_ok=True)
        try:
            doc = fn(ctx, kind, t, work)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        return kind, doc

    def keep(kind, doc, i):
        if doc is None:
            failed[kind] += 1
        else:
            res[kind].append(trial_record(doc, 0 if kind == "AA" else 1))
        if i % 20 == 0:
            loads.append(load1())

    if jobs > 1:
        with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
            for i, (kind, doc) in enumerate(ex.map(one, tasks)):
                keep(kind, doc, i)
    else:
        for i, task in enumerate(tasks):
            keep(*one(task), i)
    loads.append(load1())
    loads = [x for x in loads if x is not None]
    return {"design": name, "AA": res["AA"], "AB": res["AB"],
            "failed": failed, "secs": time.monotonic() - t0,
            "load": (min(loads), max(loads)) if loads else None}


# --------------------------------------------------------------- report

def figures(d, rule):
    aa = [r[rule] for r in d["AA"]]
    ab = [r[rule] for r in d["AB"]]
    ka, kb = sum(aa), sum(ab)
    ci_a, ci_b = clopper_pearson(ka, len(aa)), clopper_pearson(kb, len(ab))
    deltas = [r["delta"] for r in d["AB"] if r["delta"] is not None]
    metrics = sorted({r["metric"] for r in d["AA"] + d["AB"]
                      if r["metric"]})
    return {"n_aa": len(aa), "k_aa": ka, "ci_aa": ci_a,
            "n_ab": len(ab), "k_ab": kb, "ci_ab": ci_b,
            "goal": bool(aa) and ci_a[1] <= ALPHA_GOAL,
            "delta": statistics.median(deltas) if deltas else None,
            "metrics": ",".join(metrics) or "-"}


def pct(k, n):
    return "%.1f%%" % (100.0 * k / n) if n else "-"


def short(k, n, ci):
    """16 columns: "29.5% hi 36.4" (the rate, the CI's upper bound)."""
    return "%.1f%% hi %.1f" % (100.0 * k / n, 100 * ci[1]) if n else "-"


def ci_str(ci):
    return "[%.1f, %.1f]" % (100 * ci[0], 100 * ci[1])


def print_table(ctx, designs, rule):
    o = ctx.out
    o("%-9s %7s  %-21s  %-21s  %-4s  %s" % (
        "design", "trials", "A/A false alarms", "+5% detected",
        "goal", "load 1m"))
    o(("%-9s %7s  %-21s  %-21s  %-4s  %s" % (
        "", "", "rate  95% CI (%)", "rate  95% CI (%)", "", "")).rstrip())
    for d in designs:
        f = figures(d, rule)
        o("%-9s %7s  %-6s %-14s  %-6s %-14s  %-4s  %s" % (
            d["design"], "%d/%d" % (f["n_aa"], f["n_ab"]),
            pct(f["k_aa"], f["n_aa"]), ci_str(f["ci_aa"]),
            pct(f["k_ab"], f["n_ab"]), ci_str(f["ci_ab"]),
            "yes" if f["goal"] else "NO",
            "%.1f-%.1f" % d["load"] if d["load"] else "-"))


def tsv_path(ctx):
    return os.path.join(ctx.build, "bench", "errors.tsv")


def commit():
    p = subprocess.run(["git", "-C", os.path.dirname(HERE), "describe",
                        "--always", "--dirty"], stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL, text=True)
    return p.stdout.strip() or "unknown"


def write_tsv(ctx, designs, meta):
    path = tsv_path(ctx)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    cols = ["date", "commit", "mode", "rule", "design", "aa_trials",
            "aa_alarms", "aa_rate", "aa_lo", "aa_hi", "ab_trials",
            "ab_detected", "ab_rate", "ab_lo", "ab_hi", "goal_met",
            "ab_median_delta", "primary_metric", "failed_trials",
            "seconds", "load1_min", "load1_max", "interval", "spin_n"]
    with open(path, "w") as f:
        f.write("\t".join(cols) + "\n")
        for rule in RULES:
            for d in designs:
                fg = figures(d, rule)
                row = [meta["date"], meta["commit"], meta["mode"], rule,
                       d["design"], fg["n_aa"], fg["k_aa"],
                       "%.4f" % (fg["k_aa"] / fg["n_aa"]) if fg["n_aa"]
                       else "", "%.4f" % fg["ci_aa"][0],
                       "%.4f" % fg["ci_aa"][1], fg["n_ab"], fg["k_ab"],
                       "%.4f" % (fg["k_ab"] / fg["n_ab"]) if fg["n_ab"]
                       else "", "%.4f" % fg["ci_ab"][0],
                       "%.4f" % fg["ci_ab"][1],
                       "yes" if fg["goal"] else "no",
                       "" if fg["delta"] is None else "%.5f" % fg["delta"],
                       fg["metrics"],
                       d["failed"]["AA"] + d["failed"]["AB"],
                       "%.1f" % d["secs"],
                       "%.2f" % d["load"][0] if d["load"] else "",
                       "%.2f" % d["load"][1] if d["load"] else "",
                       "clopper-pearson-%d" % round(CONF * 100),
                       meta["spin_n"] if d["design"] in
                       ("versus", "sessions") else ""]
                f.write("\t".join(str(x) for x in row) + "\n")
    return path


def section(abstat, build, quick, out, log, summary):
    ctx = Ctx(abstat, build, quick, out, log, summary)
    rule = RULE if RULE in RULES else "claim"
    trials = int(os.environ.get("BENCH_ERRORS_TRIALS",
                                "50" if quick else "200"))
    jobs = int(os.environ.get("BENCH_JOBS", str(os.cpu_count() or 1)))
    ctx.spin = os.path.join(build, "tests/progs/spin")
    t_start = time.monotonic()
    load_start = loadavg()
    try:
        n = size_spin(ctx)
        ms, wall = task_clock_ms(ctx, n)
        nb = int(round(n * (1 + SHIFT)))
        ctx.cmd_a, ctx.cmd_b = [ctx.spin, str(n)], [ctx.spin, str(nb)]
        log("errors: spin %d (%.2f ms task-clock, %.2f ms wall per run); "
            "%d trials per design and kind" % (n, ms or 0, wall or 0,
                                               trials))
        designs = []
        plan = [("versus", design_versus, 1),
                ("sessions", design_sessions, 1)] + \
            [("boots-%d" % k, design_boots(k), jobs) for k in BOOTS]
        only = [x for x in os.environ.get("BENCH_ERRORS_DESIGNS",
                                          "").split(",") if x]
        geomean = not only or "geomean" in only
        if only:
            plan = [p for p in plan if p[0] in only]
        for name, fn, j in plan:
            log("errors: %s, %d x (A/A, +5%%)" % (name, trials))
            designs.append(run_design(ctx, name, fn, trials, j))
        secs = time.monotonic() - t_start
        meta = {"date": datetime.datetime.now(datetime.timezone.utc)
                .strftime("%Y-%m-%d %H:%M UTC"), "commit": commit(),
                "mode": "quick" if quick else "full", "spin_n": n}
        path = write_tsv(ctx, designs, meta)

        out("")
        out("== errors: A/A false alarms and +5%% detection, %d trials "
            "each (%s mode)" % (trials, meta["mode"]))
        out("   versus:   abstat versus -q -r %d --seed S --format json "
            "'spin N' 'spin N|1.05N'" % RUNS)
        out("   sessions: abstat run -q -r %d -o F -- spin N, twice back "
            "to back (order" % RUNS)
        out("             alternating), then abstat compare -q --seed S "
            "--format json")
        out("   boots-K:  bench/gen_boots.py, K boots per side x %d runs, "
            "boot SD 1%%," % RUNS)
        out("             run SD 0.5%, +5% on B; abstat compare A=a1,.. "
            "B=b1,.. (seeded)")
        out("   spin %d: %.2f ms task-clock, %.2f ms wall per run; "
            "+5%% = spin %d" % (n, ms or 0, wall or 0, nb))
        out("   a call: %s; A/A counts either direction, +5%% only B "
            "slower" % RULE_TEXT[rule])
        out("   95%% CI: exact binomial (Clopper-Pearson); goal: A/A "
            "upper bound <= %.0f%%" % (100 * ALPHA_GOAL))
        print_table(ctx, designs, rule)
        for other in RULES:
            if other == rule:
                continue
            out("   the same trials, a call = %s:" % RULE_TEXT[other])
            print_table(ctx, designs, other)
        for d in designs:
            fl = {}
            for r in d["AA"]:
                for m in r["flagged"]:
                    fl[m] = fl.get(m, 0) + 1
            fg = figures(d, rule)
            out("   %-9s %4.0f s; primary row %s, +5%% median delta %s; "
                "A/A rows called: %s%s" % (
                    d["design"], d["secs"], fg["metrics"],
                    "-" if fg["delta"] is None else
                    "%+.2f%%" % (100 * fg["delta"]),
                    " ".join("%s(%d)" % kv for kv in sorted(fl.items()))
                    or "none",
                    "; %d trials failed" % (d["failed"]["AA"] +
                                            d["failed"]["AB"])
                    if d["failed"]["AA"] + d["failed"]["AB"] else ""))
        if geomean:
            import errors_geomean
            g = errors_geomean.report(errors_geomean.measure(
                abstat, 100 if not quick else 50, jobs),
                lambda x: out("   " + x))
            name, k, n, ci = g[0]
            summary("geomean 95%% interval covers, %s" % name,
                    short(k, n, ci), ">= 90%", k >= 0.9 * n)
        if ctx.refusals:
            out("   compare refused %d times until allowed: "
                "--allow-env-diff %s" % (ctx.refusals,
                                         ",".join(sorted(ctx.allowed))))
        out("   load average: start %s, end %s; section %.0f s; "
            "figures in %s" % (load_start, loadavg(), secs, path))
        for d in designs:
            fg = figures(d, rule)
            summary("A/A false alarms, %s (%s row)" % (d["design"], rule),
                    short(fg["k_aa"], fg["n_aa"], fg["ci_aa"]),
                    "hi <= %.0f%%" % (100 * ALPHA_GOAL),
                    fg["goal"] if fg["n_aa"] else None)
            summary("detect +5%%, %s (%s row)" % (d["design"], rule),
                    short(fg["k_ab"], fg["n_ab"], fg["ci_ab"]),
                    "(reference)", None)
    finally:
        shutil.rmtree(ctx.tmp, ignore_errors=True)
