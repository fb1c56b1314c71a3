#!/usr/bin/env python3
# Regenerates the seed corpus in tests/fuzz/corpus/ (committed; run by hand
# after a format change): valid result files and damaged ones (truncated,
# bit-flipped, wrong types, huge numbers, NaN, deep nesting, wrong version,
# binary garbage, empty) for fuzz_result, and strings for fuzz_parse.
# Inputs a fuzzer found are kept as bad-fuzz-*. ok-* files are valid results; bad-* must be rejected with exit 2 by
# `abstat show` (tests/cli/081-malformed.sh).
import copy, json, os, random, sys

top = os.path.dirname(os.path.abspath(__file__))
res_dir = os.path.join(top, "corpus", "result")
par_dir = os.path.join(top, "corpus", "parse")
jou_dir = os.path.join(top, "corpus", "journal")
rng = random.Random(20261129)


def counter(v):
    return {"value": v, "enabled_ns": 1000 + v, "running_ns": 1000 + v}


def proc(base, n_events, ops=True):
    p = {"wall_ns": base * 10, "user_ns": base * 3, "sys_ns": base * 2,
         "maxrss_kb": 1000 + base, "exit_status": 0, "signal": 0,
         "region_ns": base * 9, "cpu": 1, "start_ns": base * 100,
         "end_ns": base * 110,
         "counters": [counter(base * 7), counter(base), None][:n_events]}
    if ops:
        p["ops"] = 200000
    return p


def event(name, ok):
    return {"name": name, "fstr": "perf::" + name, "pmu": "perf",
            "unit": "ns" if name == "task-clock" else "", "type": 1,
            "config": 1, "config1": 0, "config2": 0, "exclude_user": False,
            "exclude_kernel": False, "exclude_hv": True,
            "exclude_idle": False, "exclude_host": False,
            "exclude_guest": False, "pinned": True, "inherit": True,
            "group": 0, "supported": ok,
            "reason": None if ok else "not supported: no PMU (hypervisor)"}


def valid(copies=1, runs=3):
    runs_l = []
    for i in range(runs):
        r = {"index": i, "warmup": i == 0, "status": "ok", "reason": None}
        r.update(proc(i + 1, 3))
        if copies > 1:
            r["copies"] = [proc(i + 1 + c, 3) for c in range(copies)]
        runs_l.append(r)
    if runs_l:
        runs_l[-1]["status"] = "failed"
        runs_l[-1]["reason"] = "exit status 1"
        runs_l[-1]["exit_status"] = 1
    return {
        "format": "abstat-result", "schema_version": 1,
        "tool_version": "0.1.0", "created": "2026-11-29T19:00:00Z",
        "label": "6.1.0-18-amd64", "status": "complete",
        "env": {"kernel": {"release": "6.1.0"}, "paranoid": 2},
        "config": {"repeat": max(runs, 1), "warmup": 1, "cpus": "1",
                   "pinned": True, "copies": copies},
        "warnings": ["cycles: not supported"],
        "events": [event("task-clock", True), event("page-faults", True),
                   event("cycles", False)],
        "benchmarks": [{"name": "getppid",
                        "argv": ["/usr/libexec/abstat/getppid", "-n", "2"],
                        "workload": "getppid", "copies": copies,
                        "runs": runs_l}],
    }


def put(d, name, data):
    if isinstance(data, str):
        data = data.encode()
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def dump(o):
    return json.dumps(o, indent=1)


def main():
    for d in (res_dir, par_dir, jou_dir):
        os.makedirs(d, exist_ok=True)
        for f in os.listdir(d):
            if "-fuzz-" not in f:  # inputs the fuzzers found stay
                os.unlink(os.path.join(d, f))
    v = valid()
    text = dump(v)
    put(res_dir, "ok-plain.json", text)
    put(res_dir, "ok-copies.json", dump(valid(copies=3, runs=2)))
    empty = valid(runs=0)
    empty["status"] = "partial"
    put(res_dir, "ok-no-runs.json", json.dumps(empty))
    put(res_dir, "ok-compact.json", json.dumps(v, separators=(",", ":")))

    # damaged text
    for i, cut in enumerate((1, 17, len(text) // 3, len(text) // 2,
                             len(text) - 2)):
        put(res_dir, "bad-truncated-%d.json" % i, text[:cut])
    raw = text.encode()
    for i in range(8):
        b = bytearray(raw)
        for _ in range(1 + i):
            k = rng.randrange(len(b))
            b[k] ^= 1 << rng.randrange(8)
        try:  # a flip inside a free-form string may still be valid
            json.loads(b.decode())
            continue
        except Exception:
            pass
        put(res_dir, "bad-bitflip-%d.json" % i, bytes(b))
    put(res_dir, "bad-empty.json", "")
    put(res_dir, "bad-garbage.bin", bytes(rng.randrange(256)
                                          for _ in range(512)))
    put(res_dir, "bad-nul.json", b"\0" * 64)
    put(res_dir, "bad-deep-array.json", "[" * 5000 + "]" * 5000)
    put(res_dir, "bad-deep-object.json", '{"a":' * 3000 + "1" + "}" * 3000)
    put(res_dir, "bad-trailing.json", text + "\n{}")
    put(res_dir, "bad-duplicate.json",
        text.replace('"label":', '"label": "x", "label":', 1))
    put(res_dir, "bad-nan.json", text.replace('"wall_ns": 10', '"wall_ns": NaN', 1))
    put(res_dir, "bad-infinity.json", text.replace('"wall_ns": 10', '"wall_ns": Infinity', 1))
    put(res_dir, "bad-huge.json", text.replace('"wall_ns": 10', '"wall_ns": 18446744073709551616', 1))
    put(res_dir, "bad-huge-2.json", text.replace('"wall_ns": 10', '"wall_ns": 9223372036854775808', 1))
    put(res_dir, "bad-real-overflow.json", text.replace('"wall_ns": 10', '"wall_ns": 1e999', 1))
    put(res_dir, "bad-array.json", "[]")
    put(res_dir, "bad-scalar.json", "42")

    # structurally valid JSON, wrong content
    def mutate(name, fn):
        o = copy.deepcopy(v)
        fn(o)
        put(res_dir, "bad-" + name + ".json", dump(o))

    run0 = lambda o: o["benchmarks"][0]["runs"][0]
    mutate("version", lambda o: o.update(schema_version=2))
    mutate("version-string", lambda o: o.update(schema_version="1"))
    mutate("format", lambda o: o.update(format="perf-stat"))
    mutate("no-format", lambda o: o.pop("format"))
    mutate("status", lambda o: o.update(status="done"))
    mutate("float", lambda o: run0(o).update(wall_ns=1.5))
    mutate("negative", lambda o: run0(o).update(user_ns=-1))
    mutate("string-count", lambda o: run0(o).update(sys_ns="12"))
    mutate("missing-wall", lambda o: run0(o).pop("wall_ns"))
    mutate("counters-short", lambda o: run0(o)["counters"].pop())
    mutate("counter-unsupported",
           lambda o: run0(o)["counters"].__setitem__(2, counter(0)))
    mutate("counter-float",
           lambda o: run0(o)["counters"][0].update(value=3.0))
    mutate("running-gt-enabled",
           lambda o: run0(o)["counters"][0].update(running_ns=10**12))
    mutate("events-object", lambda o: o.update(events={}))
    mutate("event-type", lambda o: o["events"][0].update(type=-3))
    mutate("argv-number", lambda o: o["benchmarks"][0]["argv"].append(3))
    mutate("copies-one", lambda o: run0(o).update(copies=[proc(1, 3)]))
    mutate("env-deep", lambda o: o.update(env=json.loads('{"a":' * 40 + "1" + "}" * 40)))
    mutate("warnings-int", lambda o: o.update(warnings=[1]))
    mutate("exit-status", lambda o: run0(o).update(exit_status=1000))
    # the reader's gaps of issue 16: each names its key
    mutate("repeat-zero", lambda o: o["config"].update(repeat=0))
    mutate("created-word", lambda o: o.update(created="yesterday"))
    mutate("signal-99", lambda o: run0(o).update(signal=99))
    mutate("start-after-end",
           lambda o: run0(o).update(start_ns=run0(o)["end_ns"] + 1))

    # journals: header line + one line per run (abstat-result(5) JOURNAL)
    def journal(o):
        o = copy.deepcopy(o)
        runs = [(b, r) for b, bench in enumerate(o["benchmarks"])
                for r in bench["runs"]]
        for bench in o["benchmarks"]:
            bench["runs"] = []
        o["format"] = "abstat-journal"
        return "".join([json.dumps(o) + "\n"] +
                       [json.dumps({"bench": b, "run": r}) + "\n"
                        for b, r in runs])
    jt = journal(v)
    put(jou_dir, "ok-plain.journal", jt)
    put(jou_dir, "ok-copies.journal", journal(valid(copies=2, runs=2)))
    put(jou_dir, "ok-header-only.journal", jt.split("\n")[0] + "\n")
    put(jou_dir, "ok-torn.journal", jt[:-40])
    put(jou_dir, "ok-torn-zeros.journal", jt + "\0" * 100)
    lines = jt.split("\n")
    put(jou_dir, "bad-middle.journal",
        "\n".join(lines[:2] + ["{\"bench\":0,\"run\":{}}"] + lines[2:]))
    put(jou_dir, "bad-bench.journal",
        "\n".join(lines[:2] + ["{\"bench\":7,\"run\":{}}"] + lines[2:]))
    put(jou_dir, "bad-header-torn.journal", lines[0][:100])
    put(jou_dir, "bad-result.journal", json.dumps(v))
    put(jou_dir, "bad-empty.journal", "")
    put(jou_dir, "bad-blank-line.journal", "\n".join(lines[:2] + [""] + lines[2:]))
    # one session's journal: every run line carries the header's id
    vs = copy.deepcopy(v)
    vs["config"]["session"] = "0123456789abcdef"
    sl = journal(vs).split("\n")
    own = [json.dumps(dict(json.loads(l), session="0123456789abcdef"))
           for l in sl[1:] if l]
    put(jou_dir, "ok-session.journal", "\n".join([sl[0]] + own) + "\n")
    other = json.dumps(dict(json.loads(own[0]), session="fedcba9876543210"))
    put(jou_dir, "bad-mixed-session.journal",
        "\n".join([sl[0], own[0], other] + own[1:]) + "\n")
    put(jou_dir, "bad-repeated.journal", "\n".join([sl[0]] + own * 3) + "\n")

    parse = ["0", "1", "0-3", "0,2-5:2", "1-0", "0-1023", "0-1023:7",
             "1024", "99999999999999999999", "", "-", "0-", ",", "0,,1",
             "3-5:0", "1:2", "a", " 1", "1 ", "18446744073709551615",
             "18446744073709551616", "-1", "+1", "007",
             "a 'b c' \"d\\\"e\" f\\ g", "'unterminated", "\"open",
             "trailing\\", "cycles", "cycles:u", "page-faults:k",
             "task-clock", "instructions:u:k", "cpu-migrations",
             "amd64_fam19h_zen4::RETIRED_INSTRUCTIONS",
             "perf::PERF_COUNT_SW_TASK_CLOCK", "perf::PERF_COUNT_HW_CPU_CYCLES:u",
             "::", "a::b::c", "cycles:", ":u", "cycles:x=1",
             "r00c0", "x" * 300, "0-3," * 50]
    for i, s in enumerate(parse):
        put(par_dir, "seed-%02d" % i, s)


if __name__ == "__main__":
    sys.exit(main())
