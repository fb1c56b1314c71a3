#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The geomean row of the errors section: how often the geomean's 95%
interval covers the true change, with boots (issue 29).

Each trial: two sides of K = 3 boots (bench/gen_boots.py, 10 benchmarks
sharing each boot's offset of SD 1%, each its own per-boot draw of SD
0.3%, run noise SD 0.5%, 10 runs a boot), A/A (true change 0) or B +5%
(true change +5%: every benchmark's expected center times 1.05), then
`abstat compare --format json`. Two intervals are scored on the same
trials: the one compare prints (json "geomean"; with boots Welch t over
the boots' geomeans, "welch-t-boot-geomeans") and the delta method over
the benchmarks' own intervals that compare used before (recomputed
here from the rows: each log ratio's se from its interval, benchmarks
taken as independent), so one run shows both. Coverage with an exact
binomial (Clopper-Pearson) 95% interval.

usage: errors_geomean.py [TRIALS]   (default 100 per kind; ABSTAT, the
abstat to run, default ./abstat). The errors section of bench/bench.py
runs it too (BENCH_ERRORS_DESIGNS=geomean for it alone).
"""
import concurrent.futures
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen_boots  # noqa: E402
from errors import clopper_pearson, seed_of  # noqa: E402

BOOTS, BENCHES, RUNS, SHIFT, LEVEL = 3, 10, 10, 0.05, 0.95


def z_of(level):
    return statistics.NormalDist().inv_cdf(1 - (1 - level) / 2)


def delta_method(doc):
    """The old geomean interval from the primary rows' own intervals."""
    z, s, v, n = z_of(LEVEL), 0.0, 0.0, 0
    for r in doc["rows"]:
        if not r["primary"]:
            continue
        d = r["deltas"][0]
        lo, hi = d["delta_ci"]
        s += math.log1p(d["delta"])
        h = (math.log1p(hi) - math.log1p(lo)) / (2 * z)
        v += h * h
        n += 1
    m, se = s / n, math.sqrt(v) / n
    return math.expm1(m - z * se), math.expm1(m + z * se)


def trial(abstat, work, kind, t):
    sides = []
    for side in ("A", "B"):
        shift = SHIFT if (kind == "AB" and side == "B") else 0.0
        paths = gen_boots.write_side(
            os.path.join(work, side), BOOTS, RUNS, shift,
            seed_of("geomean", kind, t, side), label=side,
            benches=BENCHES)
        sides.append("%s=%s" % (side, ",".join(paths)))
    p = subprocess.run([abstat, "compare", "-q", "--format", "json"] +
                       sides, stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL, text=True)
    doc = json.loads(p.stdout)
    g = doc["geomean"][0]
    true = SHIFT if kind == "AB" else 0.0
    lo, hi = g["delta_ci"]
    olo, ohi = delta_method(doc)
    return {"kind": kind, "new": lo <= true <= hi,
            "old": olo <= true <= ohi, "method": g["method"],
            "width": hi - lo, "old_width": ohi - olo}


def measure(abstat, trials, jobs=None):
    tmp = tempfile.mkdtemp(prefix="abstat-geomean-")
    tasks = [(k, t) for t in range(trials) for k in ("AA", "AB")]

    def one(task):
        work = os.path.join(tmp, "%s-%d" % task)
        os.makedirs(work)
        try:
            return trial(abstat, work, *task)
        finally:
            shutil.rmtree(work, ignore_errors=True)
    try:
        with concurrent.futures.ThreadPoolExecutor(
                jobs or os.cpu_count() or 1) as ex:
            return list(ex.map(one, tasks))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def report(res, out):
    out("geomean, %d boots x %d benchmarks a side, %d trials (A/A and "
        "+5%% alike): 95%% interval covers the true change" %
        (BOOTS, BENCHES, len(res)))
    out("%-26s %-8s %-16s %s" % ("interval", "covers", "95% CI (%)",
                                  "median width"))
    rows = []
    for key, wkey, name in (("new", "width", res[0]["method"]),
                            ("old", "old_width",
                             "delta-method (before)")):
        k = sum(r[key] for r in res)
        ci = clopper_pearson(k, len(res))
        rows.append((name, k, len(res), ci))
        out("%-26s %-8s %-16s %.2f pts" % (
            name, "%.1f%%" % (100.0 * k / len(res)),
            "[%.1f, %.1f]" % (100 * ci[0], 100 * ci[1]),
            100 * statistics.median(r[wkey] for r in res)))
    return rows


def main():
    trials = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    abstat = os.environ.get("ABSTAT", os.path.join(os.path.dirname(HERE),
                                                   "abstat"))
    report(measure(abstat, trials), print)


if __name__ == "__main__":
    main()
