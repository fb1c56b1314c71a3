# seeds-table.py STUDY COMPARE_JSON: the table of a study of seeds.sh
# (000, 000c, 001, 003, 004), from the compare of all its sides, on stdout
import json, os, sys
study, d = sys.argv[1], json.load(open(sys.argv[2]))
labels = [s["label"] for s in d["sides"]]
rows = [r for r in d["rows"] if r["primary"]]
c = {r["benchmark"]: [s["center"] for s in r["sides"]] for r in rows}
# the verdict of each delta: yes, ~ (not significant), ? (no verdict:
# compare tests from 3 boots a side)
sig = {r["benchmark"]: [x["verdict_word"] or "?" for x in r["deltas"]]
       for r in rows}
def pct(a, b):
    return "%+.1f%%" % (100 * (b / a - 1))
online = {}
x86 = os.environ.get("SEEDS_X86") == "1"
def word(dl):
    """a delta's verdict: yes/~ for the tested row, else its unadjusted p"""
    w = dl["verdict_word"] or "?"
    if w == "secondary":
        p = dl.get("p")
        return "-" if p is None else "p<0.001" if p < 0.001 else "p=%.3f" % p
    return w
if study == "003":
    # Ingo's table (seed 003): one mmap benchmark, every counter side by
    # side with its +% column, as timec printed it
    names = [("task-clock", "task clock (msecs)", 1e-6),
             ("cpu-migrations", "CPU migrations", 1),
             ("context-switches", "context switches", 1),
             ("page-faults", "pagefaults", 1),
             ("cycles", "CPU cycles", 1),
             ("instructions", "instructions", 1),
             ("lab:l1d-accesses", "L1D references (model)", 1),
             ("lab:l1d-misses", "L1D misses (model)", 1),
             ("lab:l2-accesses", "cache references (model L2)", 1),
             ("lab:l2-misses", "cache misses (model L2)", 1),
             ("wall", "time elapsed (msecs)", 1e-6)]
    by = {r["metric"]: r for r in d["rows"] if r["benchmark"] == "mmap"}
    print("Performance counter stats for mmap (mmap-perf), %s" % " -> ".join(labels))
    print("%16s %16s  %-31s %7s %s" % (*labels, "counter", "delta", "p / verdict"))
    for m, name, scale in names:
        r = by.get(m)
        if not r:
            continue
        a, b = (x["center"] * scale for x in r["sides"])
        mark = "[e]" if r.get("emulated") else "[m]" if r.get("modelled") else ""
        f = "%16.3f %16.3f" if scale != 1 else "%16.0f %16.0f"
        print((f + "  %-31s %7s %s") % (a, b, name + mark,
              pct(a, b) if a else "-", word(r["deltas"][0])))
    r = [r for r in d["rows"] if r["benchmark"] == "mmap" and r["primary"]][0]
    print("%16.0f %16.0f  %-31s %7s %s" % (*(x["center"] for x in r["sides"]),
          r["metric"], pct(*(x["center"] for x in r["sides"])), word(r["deltas"][0])))
    print("the tested row is instructions/op (a verdict); the others are "
          "secondary, their p unadjusted; [e]: counted by the emulator, "
          "[m]: the lab's cache model")
elif study == "001" and x86:
    # x86_64: 6.12 (the baseline), 6.12 on 2 vCPUs, 6.1 (Debian's 6.1 does
    # not bring up a second vCPU under -icount there)
    up, mp, old = range(3)
    print("calls per second of the emulated 1 GHz machine (1e9 / "
          "instructions a call), %s" % ", ".join(labels))
    print("%-14s%12s%12s%12s %8s %-7s %8s %s" % ("benchmark", labels[old],
          labels[up], labels[mp], "6.1>6.12", "verdict", "MP 6.12", "verdict"))
    for b, v in c.items():
        print("%-14s%12.0f%12.0f%12.0f %8s %-7s %8s %s"
              % (b, 1e9 / v[old], 1e9 / v[up], 1e9 / v[mp],
                 pct(1e9 / v[old], 1e9 / v[up]), sig[b][1],
                 pct(1e9 / v[up], 1e9 / v[mp]), sig[b][0]))
    print("6.1>6.12: calls/s of 6.12 against 6.1, 1 vCPU; MP 6.12: 2 vCPUs "
          "against 1; verdicts: compare's, from instructions/op")
elif study == "000":
    # sides: UP, MP, UP+mitigations=off, MP+mitigations=off, and on
    # arm64 MP+maxcpus=1, UP+kpti=1; each delta with its verdict
    cols = ["UP", "MP", "UP-mit", "MP-mit", "MPmax1", "UPkpti"][:len(labels)]
    # (name, side, against): pct(against, side); mit: default against off
    ds = [("MP/UP", 1, 0), ("mit", 0, 2), ("max1/UP", 4, 0), ("kpti", 5, 0)]
    ds = [x for x in ds if max(x[1:]) < len(labels)]
    # each delta's verdict: its side's against UP in the compare
    vs = {"MP/UP": 0, "mit": 1, "max1/UP": 3, "kpti": 4}
    print("instructions a call, 6.12 (%s)" % ", ".join(labels))
    print(("%-14s" % "benchmark" + "".join(" %8s" % h for h in cols) + "  "
           + "".join(" %8s" % n + (" %-7s" % "verdict" if n in vs else "")
                     for n, _, _ in ds)).rstrip())
    for b, v in c.items():
        print(("%-14s" % b + "".join(" %8.0f" % x for x in v) + "  "
               + "".join(" %8s" % pct(v[a], v[s_]) +
                         (" %-7s" % sig[b][vs[n]] if n in vs else "")
                         for n, s_, a in ds)).rstrip())
    print("MP/UP: 2 vCPUs against 1; mit: what mitigations=off saves UP "
          "(default against off)" + ("; max1/UP: maxcpus=1 on 2 vCPUs "
          "against 1; kpti: kpti=1 against the default, UP" if len(ds) > 2
          else "") + "; verdicts: compare's, from instructions/op")
elif study == "001":
    # each MP column's verdict is its pair's own compare (seeds.sh's
    # v6.1 and v6.12 beside COMPARE_JSON): 2 vCPUs against 1 of one kernel
    def pair(name):
        f = os.path.join(os.path.dirname(sys.argv[2]), name, "compare.json")
        if not os.path.exists(f):
            return {}
        return {r["benchmark"]: r["deltas"][0]["verdict_word"] or "?"
                for r in json.load(open(f))["rows"] if r["primary"]}
    mp61, mp612 = pair("v6.1"), pair("v6.12")
    print("calls per second of the emulated 1 GHz machine (1e9 / "
          "instructions a call), %s" % ", ".join(labels))
    print("%-14s" % "benchmark" + "".join("%10s" % l for l in labels)
          + "  %-10s  %s" % ("MP 6.1", "MP 6.12"))
    for b, v in c.items():
        print("%-14s" % b + "".join("%10.0f" % (1e9 / x) for x in v)
              + " %7s %-3s %7s %s" % (pct(1e9 / v[0], 1e9 / v[1]),
                                      mp61.get(b, "?"),
                                      pct(1e9 / v[2], 1e9 / v[3]),
                                      mp612.get(b, "?")))
    print("MP 6.1, MP 6.12: 2 vCPUs against 1 of that kernel; verdicts: "
          "each pair's compare")
elif study in ("004", "000c"):
    if study == "004":
        print("instructions an operation, 6.12, 1 vCPU against 2 (the workload "
              "pinned to one CPU in both)")
        col = "MP/UP"
    else:
        print("instructions an operation, 6.12 on 2 vCPUs, 1 copy against 2 "
              "at once (each pinned to its own CPU; counts and operations "
              "summed over the copies)")
        col = "x2/x1"
    print("%-14s %12s %12s %8s %s" % ("benchmark", *labels, col, "verdict"))
    for b, v in c.items():
        # a count of a few instructions keeps two decimals
        f = "%12.0f" if min(v) >= 100 else "%12.2f"
        print(("%-14s " + f + " " + f + " %8s %s")
              % (b, *v, pct(*v), sig[b][0]))
    if study == "004" and "tls #2" in c:
        print("tls #2: tls -g, the same addition to a global array's slot "
              "(no thread-local storage)")
for e in d.get("env_diff") or []:
    if e["kind"] != "info":
        print("differs: %s: %s" % (e["key"], " | ".join(
            v if isinstance(v, str) else json.dumps(v) for v in e["values"])))
