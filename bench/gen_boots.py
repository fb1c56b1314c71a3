#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Write synthetic abstat results of one side measured on several boots.

Used by bench/bench.py's errors section (design (c): 2, 3 and 5 boots per
side) and runnable by hand. Each file is one boot: one benchmark
("getppid", with an operation count, so compare has ns/op rows) and the
task-clock event, 1 warm-up run + R measured runs. Every time-like value
of a run (task-clock, wall, user, sys, the timed region) is a fixed base
times

    (1 + shift) * exp(N(0, boot_sd)) * exp(N(0, run_sd))

with one boot factor per file and one run factor per run: a per-boot
offset of SD boot_sd (default 1%) and run noise of SD run_sd (default
0.5%), the model the reviewer of issue 15 measured. Two sides generated
with shift 0 are an A/A pair; with shift 0.05 side B does 5% more work.
Everything comes from --seed (random.Random), so a seed gives the same
files on every machine; use a different seed for every side of every
trial. Format: abstat-result(5).

usage: gen_boots.py [--boots 3] [--runs 10] [--boot-sd 0.01]
                    [--run-sd 0.005] [--shift 0] [--seed N]
                    [--label L] [--benches 1] [--bench-sd 0.003] PREFIX
writes PREFIX-1.json ... PREFIX-K.json and prints their paths joined by
commas (a compare side: abstat compare A=$(gen_boots.py ...) ...).
"""
import argparse
import json
import math
import random

NS_PER_OP = 1000.0
OPS = 20000


def env(boot_id):
    return {"kernel": {"release": "6.1.0-synthetic", "version": "#1 SMP",
                       "cmdline": "quiet", "boot_id": boot_id},
            "cpu": {"vendor": "GenuineIntel",
                    "model_name": "Synthetic CPU", "family": 6,
                    "model": 85, "stepping": 7, "microcode": "0x1",
                    "pinned": "1"},
            "hypervisor": False, "synthetic": True}


EVENT = {"name": "task-clock", "fstr": "perf::PERF_COUNT_SW_TASK_CLOCK",
         "pmu": "perf", "unit": "ns", "type": 1, "config": 1, "config1": 0,
         "config2": 0, "exclude_user": False, "exclude_kernel": False,
         "exclude_hv": True, "exclude_idle": False, "exclude_host": False,
         "exclude_guest": False, "pinned": True, "inherit": True,
         "group": 0, "supported": True, "reason": None}


def boot_runs(rng, n_runs, factor, run_sd, ns_per_op=NS_PER_OP):
    """1 warm-up + n_runs measured runs; every time scales with one draw."""
    runs, clock = [], 10 ** 9
    for i in range(n_runs + 1):
        k = factor * math.exp(rng.gauss(0.0, run_sd))
        region = int(round(ns_per_op * OPS * k))
        tc = region + int(round(150000 * k))     # exec and exit, same law
        wall = tc + int(round(250000 * k))
        user = wall // 3
        runs.append({"index": i, "warmup": i == 0, "status": "ok",
                     "reason": None, "wall_ns": wall, "user_ns": user,
                     "sys_ns": tc - user, "maxrss_kb": 1432,
                     "exit_status": 0, "signal": 0, "ops": OPS,
                     "region_ns": region, "cpu": 1, "start_ns": clock,
                     "end_ns": clock + wall,
                     "counters": [{"value": tc, "enabled_ns": tc,
                                   "running_ns": tc}]})
        clock += wall + 50000
    return runs


def result(label, boot_id, benches):
    """benches: (name, runs) of each benchmark of this boot."""
    return {"format": "abstat-result", "schema_version": 1,
            "tool_version": "0.1.0", "created": "2026-11-29T19:00:00Z",
            "label": label, "status": "complete", "env": env(boot_id),
            "config": {"repeat": len(benches[0][1]) - 1, "warmup": 1,
                       "cpus": "1", "pinned": True, "cpuset": False,
                       "copies": 1, "backend": "perf", "user_only": False,
                       "timeout_s": 0, "allow_multiplex": False,
                       "workload_cflags": ""},
            "warnings": [], "events": [EVENT],
            "benchmarks": [{"name": name,
                            "argv": ["/usr/libexec/abstat/" + name],
                            "workload": name, "copies": 1, "runs": runs}
                           for name, runs in benches]}


def write_side(prefix, boots, runs=10, shift=0.0, seed=1, boot_sd=0.01,
               run_sd=0.005, label="synthetic", benches=1, bench_sd=0.003):
    """Write PREFIX-1.json.. PREFIX-BOOTS.json; return their paths. With
    benches > 1: benchmarks b01.. (each its own ns/op), every one of a
    boot scaled by the boot's one offset (what a boot shares) and by its
    own draw of SD bench_sd (what it does not)."""
    rng = random.Random(seed)
    paths = []
    for b in range(1, boots + 1):
        factor = (1.0 + shift) * math.exp(rng.gauss(0.0, boot_sd))
        path = "%s-%d.json" % (prefix, b)
        if benches == 1:
            bl = [("getppid", boot_runs(rng, runs, factor, run_sd))]
        else:
            bl = [("b%02d" % (i + 1),
                   boot_runs(rng, runs,
                             factor * math.exp(rng.gauss(0.0, bench_sd)),
                             run_sd, NS_PER_OP * (1 + i)))
                  for i in range(benches)]
        doc = result(label, "%s-%d-%d" % (label, seed, b), bl)
        with open(path, "w") as f:
            json.dump(doc, f, separators=(",", ":"))
            f.write("\n")
        paths.append(path)
    return paths


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boots", type=int, default=3)
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--boot-sd", type=float, default=0.01)
    ap.add_argument("--run-sd", type=float, default=0.005)
    ap.add_argument("--shift", type=float, default=0.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--label", default="synthetic")
    ap.add_argument("--benches", type=int, default=1)
    ap.add_argument("--bench-sd", type=float, default=0.003)
    ap.add_argument("prefix")
    a = ap.parse_args()
    if a.boots < 1 or a.runs < 1:
        ap.error("--boots and --runs must be at least 1")
    print(",".join(write_side(a.prefix, a.boots, a.runs, a.shift, a.seed,
                              a.boot_sd, a.run_sd, a.label, a.benches,
                              a.bench_sd)))


if __name__ == "__main__":
    main()
