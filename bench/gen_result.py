#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Write a big synthetic abstat result (format: abstat-result(5)).

Used by bench/run.sh to time `abstat compare` on realistic sizes: B
benchmarks x E events x R measured runs (plus one warm-up run each). The
values are log-normal around a per-benchmark, per-event base (fixed seed,
so two files differ only where asked), with integer counts as the format
requires. --shift F multiplies every time-like value of every other
benchmark by (1 + F), so a comparison has both changed and unchanged rows.
--env-from FILE copies env and config from a real result so the file looks
like one this machine produced. --boots K deals the same runs out to K
files, OUT-1.json .. OUT-K.json (one boot each: its own boot_id, the
runs of every benchmark split in K consecutive slices, each with its
warm-up), so a multi-boot compare reads the same values as a one-boot one.

usage: gen_result.py [-b 50] [-e 10] [-r 100] [--seed N] [--shift F]
                     [--label L] [--env-from FILE] [--boots K] -o OUT
"""
import argparse
import json
import random
import sys

# (name, perf type, config, fstr, base count per op)
EVENTS = [
    ("task-clock", 1, 1, "perf::PERF_COUNT_SW_TASK_CLOCK", None),
    ("context-switches", 1, 3, "perf::PERF_COUNT_SW_CONTEXT_SWITCHES", 0.0),
    ("cpu-migrations", 1, 4, "perf::PERF_COUNT_SW_CPU_MIGRATIONS", 0.0),
    ("page-faults", 1, 2, "perf::PERF_COUNT_SW_PAGE_FAULTS", 0.001),
    ("cycles", 0, 0, "perf::PERF_COUNT_HW_CPU_CYCLES", 3000.0),
    ("instructions", 0, 1, "perf::PERF_COUNT_HW_INSTRUCTIONS", 2500.0),
    ("cache-references", 0, 2, "perf::PERF_COUNT_HW_CACHE_REFERENCES", 40.0),
    ("cache-misses", 0, 3, "perf::PERF_COUNT_HW_CACHE_MISSES", 2.0),
    ("branches", 0, 4, "perf::PERF_COUNT_HW_BRANCH_INSTRUCTIONS", 500.0),
    ("branch-misses", 0, 5, "perf::PERF_COUNT_HW_BRANCH_MISSES", 5.0),
    ("minor-faults", 1, 5, "perf::PERF_COUNT_SW_PAGE_FAULTS_MIN", 0.001),
    ("major-faults", 1, 6, "perf::PERF_COUNT_SW_PAGE_FAULTS_MAJ", 0.0),
]


def event_obj(i, ev):
    name, typ, config, fstr, _ = ev
    return {
        "name": name, "fstr": fstr, "pmu": "perf",
        "unit": "ns" if name == "task-clock" else "",
        "type": typ, "config": config, "config1": 0, "config2": 0,
        "exclude_user": False, "exclude_kernel": False, "exclude_hv": True,
        "exclude_idle": False, "exclude_host": False,
        "exclude_guest": False, "pinned": True, "inherit": True,
        "group": 0 if typ == 1 else 1, "supported": True, "reason": None,
    }


def noisy(rng, base, cv):
    return max(0, int(round(base * rng.lognormvariate(0.0, cv))))


def make_run(rng, index, warmup, events, ns_per_op, ops, clock):
    region = noisy(rng, ns_per_op * ops, 0.02)
    wall = region + noisy(rng, 600000, 0.1)
    counters = []
    for ev in events:
        per_op = ev[4]
        if per_op is None:                    # task-clock
            value = region + noisy(rng, 200000, 0.1)
        elif per_op == 0.0:                   # usually zero, sometimes 1
            value = 1 if rng.random() < 0.1 else 0
        else:
            value = noisy(rng, per_op * ops * ns_per_op / 1000.0, 0.01)
        counters.append({"value": value, "enabled_ns": wall,
                         "running_ns": wall})
    start = clock[0]
    clock[0] += wall + 50000
    return {
        "index": index, "warmup": warmup, "status": "ok", "reason": None,
        "wall_ns": wall, "user_ns": noisy(rng, wall * 0.2, 0.05),
        "sys_ns": noisy(rng, wall * 0.75, 0.05),
        "maxrss_kb": noisy(rng, 1400, 0.01), "exit_status": 0, "signal": 0,
        "ops": ops, "region_ns": region, "cpu": 1,
        "start_ns": start, "end_ns": start + wall, "counters": counters,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-b", "--benchmarks", type=int, default=50)
    ap.add_argument("-e", "--events", type=int, default=10)
    ap.add_argument("-r", "--runs", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--shift", type=float, default=0.0)
    ap.add_argument("--label", default="synthetic")
    ap.add_argument("--env-from")
    ap.add_argument("--boots", type=int, default=1)
    ap.add_argument("-o", "--output", required=True)
    a = ap.parse_args()
    if a.boots < 1 or a.runs % a.boots:
        sys.exit("gen_result.py: --boots must be >= 1 and divide -r")
    if not 1 <= a.events <= len(EVENTS):
        sys.exit("gen_result.py: -e must be 1..%d" % len(EVENTS))

    env = {"kernel": {"release": "synthetic"}, "synthetic": True}
    config = {"repeat": a.runs, "warmup": 1, "cpus": "1", "pinned": True,
              "cpuset": False, "copies": 1, "backend": "perf",
              "user_only": False, "timeout_s": 0, "allow_multiplex": False,
              "workload_cflags": ""}
    if a.env_from:
        with open(a.env_from) as f:
            tmpl = json.load(f)
        env = tmpl.get("env", env)
        config = dict(tmpl.get("config", config))
        config["repeat"] = a.runs
        config["warmup"] = 1

    events = EVENTS[:a.events]
    rng = random.Random(a.seed)
    clock = [1000000]
    benchmarks = []
    for b in range(a.benchmarks):
        # The base of a benchmark depends on b only, not on the file.
        ns_per_op = 50.0 * (1.07 ** b)
        ops = max(1000, int(2e7 / ns_per_op))
        if a.shift and b % 2 == 0:
            ns_per_op *= 1.0 + a.shift
        name = "bench%02d" % b
        runs = [make_run(rng, i, i == 0, events, ns_per_op, ops, clock)
                for i in range(a.runs + 1)]
        benchmarks.append({"name": name,
                           "argv": ["/opt/synthetic/" + name, "-n", str(ops)],
                           "workload": name, "copies": 1, "runs": runs})

    doc = {
        "format": "abstat-result", "schema_version": 1,
        "tool_version": "0.1.0", "created": "2026-11-29T19:00:00Z",
        "label": a.label, "status": "complete", "env": env,
        "config": config, "warnings": [],
        "events": [event_obj(i, ev) for i, ev in enumerate(events)],
        "benchmarks": benchmarks,
    }
    if a.boots == 1:
        write(a.output, doc)
        return
    per = a.runs // a.boots
    for k in range(a.boots):
        part = dict(doc)
        part["env"] = json.loads(json.dumps(env))
        kern = part["env"].setdefault("kernel", {})
        kern["boot_id"] = "%s-%d-%d" % (a.label, a.seed, k + 1)
        part["config"] = dict(config, repeat=per)
        part["benchmarks"] = []
        for b in benchmarks:
            # the warm-up, then this boot's slice of the measured runs
            runs = [dict(b["runs"][0])] + \
                [dict(r) for r in b["runs"][1 + k * per:1 + (k + 1) * per]]
            for i, r in enumerate(runs):
                r["index"] = i
            part["benchmarks"].append(dict(b, runs=runs))
        write("%s-%d.json" % (a.output, k + 1), part)


def write(path, doc):
    with open(path, "w") as f:
        json.dump(doc, f, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
