#!/usr/bin/env python3
# Writes the golden fixture results (abstat-result JSON, see COMMON.md /
# abstat-result(5)) with deterministic pseudo-random values: the same
# files on every run. Regenerate with: python3 tests/golden/gen.py
import json, os, random

HERE = os.path.dirname(os.path.abspath(__file__))

def event(name, unit="", typ=1, config=0, supported=True, **kw):
    e = {"name": name, "fstr": "perf::" + name.upper().replace("-", "_"),
         "pmu": "perf", "unit": unit, "type": typ, "config": config,
         "config1": 0, "config2": 0, "exclude_user": False,
         "exclude_kernel": False, "exclude_hv": True, "exclude_idle": False,
         "exclude_host": False, "exclude_guest": False, "pinned": True,
         "inherit": True, "group": 0, "supported": supported,
         "reason": None if supported else
         "not supported: no PMU exposed by this kernel (hypervisor)"}
    e.update(kw)
    return e

def events(**kw):
    return [event("cycles", typ=0, config=0, supported=False),
            event("instructions", typ=0, config=1, supported=False),
            event("task-clock", "ns", config=1, **kw),
            event("page-faults", config=2),
            event("cpu-migrations", config=4)]

def env(release="6.1.0-defconfig", model="Intel(R) Xeon(R) Gold 6230",
        boot="b0", cmdline="quiet isolcpus=1"):
    return {"kernel": {"release": release, "version": "#1 SMP",
                       "cmdline": cmdline, "boot_id": boot},
            "cpu": {"vendor": "GenuineIntel", "model_name": model,
                    "family": 6, "model": 85, "stepping": 7,
                    "microcode": "0x5003604", "pinned": "1"},
            "hypervisor": False, "load": {"avg1": 0.01}}

def runs(rng, n, ns_op, ops=200000, warm=1, noise=0.004, migr=0,
         faults=58):
    out = []
    for i in range(n + warm):
        w = i < warm
        per = ns_op * (1 + rng.gauss(0, noise)) * (1.3 if w else 1)
        region = int(per * ops)
        wall = region + 350000 + int(rng.random() * 20000)
        tc = region + 300000 + int(rng.random() * 10000)
        c = [None, None, {"value": tc, "enabled_ns": tc, "running_ns": tc},
             {"value": faults if not callable(faults) else faults(i),
              "enabled_ns": tc, "running_ns": tc},
             {"value": migr if not callable(migr) else migr(i),
              "enabled_ns": tc, "running_ns": tc}]
        out.append({"index": i, "warmup": w, "status": "ok", "reason": None,
                    "wall_ns": wall, "user_ns": wall // 3,
                    "sys_ns": wall - wall // 3 - 100000, "maxrss_kb": 1432,
                    "exit_status": 0, "signal": 0, "ops": ops,
                    "region_ns": region, "cpu": 1, "start_ns": i * 10**9,
                    "end_ns": i * 10**9 + wall, "counters": c})
    return out

def result(label, benches, ev=None, e=None, args=(), cfg=None):
    r = {"format": "abstat-result", "schema_version": 1,
            "tool_version": "0.1.0", "created": "2026-11-29T19:00:00Z",
            "label": label, "status": "complete", "env": e or env(),
            "config": {"repeat": 10, "warmup": 1, "cpus": "1",
                       "pinned": True, "cpuset": False, "copies": 1,
                       "backend": "perf", "user_only": False,
                       "timeout_s": 0, "allow_multiplex": False,
                       "workload_cflags": "-O2"},
            "warnings": [], "events": ev or events(),
            "benchmarks": [{"name": n, "argv": ["/usr/libexec/abstat/" + n] + list(args),
                            "workload": n, "copies": 1, "runs": r}
                           for n, r in benches]}
    r["config"].update(cfg or {})
    return r

def write(name, r):
    with open(os.path.join(HERE, name), "w") as f:
        json.dump(r, f, indent=1)
        f.write("\n")

R = random.Random
pv = env("6.1.0-pv")
write("base.json", result("defconfig", [("getppid", runs(R(1), 10, 1009))]))
write("same.json", result("defconfig-again",
                          [("getppid", runs(R(2), 10, 1009))]))
write("slow.json", result("paravirt", [("getppid", runs(
    R(3), 10, 1046, migr=lambda i: i % 3, faults=60))], e=pv))
write("fast.json", result("fast", [("getppid", runs(R(4), 10, 930))]))
write("few.json", result("few", [("getppid", runs(R(5), 3, 1050))]))
write("enc.json", result("userspace", [("getppid", runs(R(6), 10, 1009))],
                         ev=events(exclude_kernel=True)))
write("othercpu.json", result("othercpu", [("getppid", runs(R(7), 10, 1009))],
                              e=env(model="AMD EPYC 7763")))
# several boots per side: a boot-to-boot offset of about 1%
for b, off in ((1, 1.0), (2, 1.012), (3, 0.994)):
    write("base-b%d.json" % b, result("defconfig", [("getppid", runs(
        R(10 + b), 8, 1009 * off))], e=env(boot="a%d" % b)))
    write("slow-b%d.json" % b, result("paravirt", [("getppid", runs(
        R(20 + b), 8, 1046 * off))], e=env("6.1.0-pv", boot="b%d" % b)))
# two boots per side that disagree by 4%, each side 1% above the other
# boot for boot: the pooled runs look different (Mann-Whitney p small) but
# the boots do not support it: compare must print ~
for b, off in ((1, 1.0), (2, 1.04)):
    write("wide-a%d.json" % b, result("defconfig", [("getppid", runs(
        R(60 + b), 10, 1009 * off, noise=0.001))], e=env(boot="c%d" % b)))
    write("wide-b%d.json" % b, result("paravirt", [("getppid", runs(
        R(70 + b), 10, 1019 * off, noise=0.001))],
        e=env("6.1.0-pv", boot="d%d" % b)))
# a suite: one row per benchmark
write("suite-a.json", result("defconfig", [
    ("getppid", runs(R(31), 10, 1009)), ("mmap", runs(R(32), 10, 12480,
                                                      noise=0.01)),
    ("stat", runs(R(33), 10, 1511))]))
write("suite-b.json", result("paravirt", [
    ("getppid", runs(R(41), 10, 1046)), ("mmap", runs(R(42), 10, 13310,
                                                      noise=0.01)),
    ("stat", runs(R(43), 10, 1513))], e=pv))
# drift with run order plus one outlier (drift.json); a slow first
# measured run (cold.json)
def distort(rs, f):
    for i, r in enumerate(rs[1:]):
        k = f(i)
        for key in ("wall_ns", "region_ns", "user_ns", "sys_ns"):
            r[key] = int(r[key] * k)
        c = r["counters"][2]
        c["value"] = c["enabled_ns"] = c["running_ns"] = int(c["value"] * k)
    return rs

write("drift.json", result("drift", [("getppid", distort(
    runs(R(51), 12, 1009), lambda i: 1 + 0.01 * i + (0.9 if i == 11 else 0)))]))
write("cold.json", result("cold", [("getppid", distort(
    runs(R(52), 10, 1009), lambda i: 1.8 if i == 0 else 1))]))
# ties: page-faults 58 in every run vs 59 in all but the last run (the
# normal approximation called such ties significant too readily)
write("tie-a.json", result("defconfig", [("getppid", runs(R(81), 10, 1009))]))
write("tie-b.json", result("paravirt", [("getppid", runs(
    R(82), 10, 1009, faults=lambda i: 58 if i == 10 else 59))], e=pv))
# one interleaved session (abstat versus -o): both sides share it
il = {"session": "5eed5eed5eed5eed", "interleaved": True}
write("il-a.json", result("old", [("getppid", runs(R(91), 10, 1009))],
                          cfg=il))
write("il-b.json", result("new", [("getppid", runs(R(92), 10, 1046))],
                          cfg=il))
# a busy machine: the workload got about a third of its CPU (wall and the
# region three times task-clock); ns/op looks 3x slower, task-clock/op not
def starve(rs):
    for r in rs:
        for key in ("wall_ns", "region_ns"):
            r[key] = r[key] * 3
    return rs

write("busy.json", result("busy", [("getppid", starve(runs(R(95), 10, 1009)))]))
# the workload's arguments differ (refused unless allowed)
write("argv-a.json", result("n1M", [("mmap", runs(R(81), 10, 12480))],
                            args=("-n", "1000000")))
write("argv-b.json", result("n100k", [("mmap", runs(R(82), 10, 12480,
                                                    faults=6))],
                            args=("-n", "100000")))
# a long kernel command line: B appends mitigations=off (cmdline-b), C
# drops quiet, changes isolcpus and adds mitigations=off (cmdline-c)
CMD = ("BOOT_IMAGE=/boot/vmlinuz-6.1.0-defconfig "
       "root=UUID=0b6b3a5e-6f3c-4a8e-9d51-2f1c0e7a9b12 ro "
       "mitigations=auto,nosmt isolcpus=1 nohz_full=1 rcu_nocbs=1 quiet")
write("cmdline-a.json", result("auto", [("getppid", runs(R(91), 10, 1009))],
                               e=env(cmdline=CMD)))
write("cmdline-b.json", result("off", [("getppid", runs(R(92), 10, 1040))],
                               e=env(cmdline=CMD + " mitigations=off")))
write("cmdline-c.json", result("iso2", [("getppid", runs(R(93), 10, 1030))],
                               e=env(cmdline=CMD.replace(" quiet", "")
                                     .replace("isolcpus=1", "isolcpus=2") +
                                     " mitigations=off")))
# nothing in common, and a word longer than a line: every side's value on
# lines of its own, the long word folded
write("cmdline-d.json", result("other", [("getppid", runs(R(94), 10, 1009))],
                               e=env(cmdline="console=ttyS0,115200n8 init=/"
                                     + "very-long-path/" * 7 + "init")))
# issue 51: the boots of base-b* and slow-b* in files that record no boot
# (neither kernel.boot_id nor boot_time, as an import or an older file):
# sessions of one unknown boot unless --assume-boots
for b, off in ((1, 1.0), (2, 1.012), (3, 0.994)):
    for name, lab, rel, seed, ns in (("noboot-a", "defconfig", "6.1.0-defconfig", 10, 1009),
                                     ("noboot-b", "paravirt", "6.1.0-pv", 20, 1046)):
        e = env(rel)
        del e["kernel"]["boot_id"]
        write("%s%d.json" % (name, b), result(lab, [("getppid", runs(
            R(seed + b), 8, ns * off))], e=e))
