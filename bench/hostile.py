#!/usr/bin/env python3
"""hostile.py [--abstat PATH] [--keep DIR] [--timeout S]: the hostile-input
sweep of issue 27. Makes a few hundred inputs an attacker or a careless
user would feed abstat (damaged, huge, deep, broad, odd values, control
characters) for import (hyperfine, pyperf, gobench, perf-stat), flame
(its three imports and result files), show/compare/plot (result files)
and run --score, runs each once under a timeout and counts:

  clean     refused: exit 1-127, one 'abstat: error:' line on stderr
  ok        accepted where accepting is right (and its output passed the
            case's check)
  unclean   refused, but not in one line (several errors, no prefix)
  crash     a signal, or a sanitizer report
  hang      past the timeout
  wrong     a silent wrong value: accepted where it must be refused, or an
            output that fails the case's check (inf, infE, a raw control)

A case expects "refuse", "ok" or "any" (either is right: only crashes,
hangs and unclean errors count against it). Prints one line per case
that is not clean or ok, then the counts. Exit 1 when any crash, hang,
unclean or wrong was found. Run from the top of the tree, after make.
"""
import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RAW = re.compile(rb"\xc2[\x80-\x9f]|[\x00-\x08\x0b-\x1f\x7f]")


def no_raw(out):
    return not RAW.search(out)


def no_inf(out):
    return not re.search(rb"\binf|infE|[0-9]E\b|nan\b", out)


class Sweep:
    def __init__(self, abstat, d, timeout):
        self.abstat, self.d, self.timeout = abstat, d, timeout
        self.cases = []

    def file(self, name, data):
        p = os.path.join(self.d, name)
        with open(p, "wb") as f:
            f.write(data if isinstance(data, bytes) else data.encode())
        return p

    def case(self, name, args, expect, check=None):
        self.cases.append((name, args, expect, check))

    def run_one(self, name, args, expect, check):
        out = os.path.join(self.d, "out-" + re.sub(r"\W", "_", name))
        argv = [a.replace("@OUT", out) for a in args]
        try:
            p = subprocess.run([self.abstat] + argv, cwd=self.d,
                               capture_output=True, timeout=self.timeout)
        except subprocess.TimeoutExpired:
            return "hang", ""
        err = p.stderr
        if p.returncode < 0 or p.returncode >= 128 or \
                b"Sanitizer" in err or b"runtime error" in err:
            return "crash", "rc %d" % p.returncode
        if p.returncode == 0:
            if expect == "refuse":
                return "wrong", "accepted"
            if check and not check(p.stdout + self.read(out)):
                return "wrong", "output check failed"
            return "ok", ""
        errs = [l for l in err.splitlines() if l.startswith(b"abstat: error:")]
        if len(errs) != 1 or not err.startswith(b"abstat: error:") and \
                not errs:
            return "unclean", err.decode(errors="replace")[:120]
        if expect == "ok":
            return "wrong", "refused: " + errs[0].decode(errors="replace")[:100]
        return "clean", ""

    @staticmethod
    def read(path):
        try:
            with open(path, "rb") as f:
                return f.read()
        except OSError:
            return b""

    def run(self):
        counts = dict.fromkeys(["clean", "ok", "unclean", "crash", "hang",
                                "wrong"], 0)
        for name, args, expect, check in self.cases:
            what, why = self.run_one(name, args, expect, check)
            counts[what] += 1
            if what not in ("clean", "ok"):
                print("%-7s %s: %s" % (what, name, why))
        return counts


def importers(s):
    fx = os.path.join(TOP, "tests", "fixtures", "import")
    src = {"hyperfine": ["hyperfine.json", "hyperfine-params.json"],
           "pyperf": ["pyperf.json", "pyperf/track_memory.json"],
           "gobench": ["gobench.txt"], "perf-stat": ["perf-stat.csv"]}
    for kind, files in src.items():
        for f in files:
            data = open(os.path.join(fx, f), "rb").read()
            p = s.file("%s-%s" % (kind, os.path.basename(f)), data)
            s.case("import %s %s" % (kind, f), ["import", "-q", kind, p,
                   "-o", "@OUT", "--force"], "ok")
            for k in range(1, 12):  # truncated
                cut = s.file("%s-%s-cut%d" % (kind, os.path.basename(f), k),
                             data[:len(data) * k // 12])
                s.case("import %s %s cut %d/12" % (kind, f, k),
                       ["import", "-q", kind, cut, "-o", "@OUT", "--force"],
                       "any")
            for k in range(8):  # a byte flipped
                b = bytearray(data)
                b[(len(b) * (2 * k + 1)) // 16] ^= 0x40 | (1 << k % 6)
                p = s.file("%s-%s-flip%d" % (kind, os.path.basename(f), k),
                           bytes(b))
                s.case("import %s %s flip %d" % (kind, f, k),
                       ["import", "-q", kind, p, "-o", "@OUT", "--force"],
                       "any", no_inf)
    hf = lambda **kw: json.dumps({"results": [dict(
        {"command": "a", "times": [0.1, 0.2]}, **kw)]})
    bad = {
        "hyperfine": [hf(times=[-1]), hf(times=["x"]), hf(times=[None]),
                      hf(times=[]), hf(memory_usage_byte=[-1, 5]),
                      hf(memory_usage_byte=["a", 5]), hf(exit_codes=["a", 0]),
                      hf(exit_codes=[0]), hf(command=""), hf(command=None),
                      '{"results": []}', '{"results": {}}', "[]", "",
                      '{"results": [1]}', "[" * 5000 + "]" * 5000,
                      '{"results":[{"command":"a","times":[1e309]}]}',
                      json.dumps({"results": [{"command": "a", "times": [0.1]},
                                              {"command": "a", "times": [0.2]}]})],
        "pyperf": ['{"version":"1.0","benchmarks":[{"metadata":{"name":"x","loops":%s,"unit":"second"},"runs":[{"values":[0.1]}]}]}' % v
                   for v in ("0", "-1", '"8"', "1.5", "null", "true")] +
                  ['{"version":"1.0","benchmarks":[{"metadata":{"name":"x","unit":"second"},"runs":[{"values":[%s]}]}]}' % v
                   for v in ("-1", '"x"', "null")] +
                  ['{"version":"2.0","benchmarks":[]}', '{"version":"1.0"}',
                   '{"version":"1.0","benchmarks":[{"metadata":{"name":"x","unit":"meter"},"runs":[]}]}',
                   '{"version":"1.0","benchmarks":[{"metadata":{"name":"x","unit":"second"},"runs":[{"warmups":[[0,1]],"values":[1]}]}]}',
                   '{"version":"1.0","benchmarks":[{"metadata":{"name":"x","loops":9223372036854775807,"inner_loops":9,"unit":"second"},"runs":[{"values":[0.1]}]}]}'],
        "gobench": ["BenchmarkX 100 %s ns/op\n" % v for v in
                    ("0x10", "inf", "nan", "-5", "1e400", "0X1p3", "+-1", "abc")] +
                   ["BenchmarkX %s 5 ns/op\n" % v for v in
                    ("0", "-1", "1.5", "99999999999999999999", "0x10")] +
                   ["BenchmarkX 100 5 B/op\n", "PASS\nok x 0.1s\n", "",
                    "BenchmarkX 100 5 ns/op " + "1 x " * 40 + "\n"],
        "perf-stat": ["# started on x\n\n# started on y\n", "# started on x\n",
                      "1,,cycles,1,100.00,,\n", "# started on x\nabc,,cycles,1,100.00,,\n",
                      "# started on x\nCPU0,1,,cycles,1,100.00,,\n", ""],
    }
    for kind, inputs in bad.items():
        for i, text in enumerate(inputs):
            p = s.file("bad-%s-%d" % (kind, i), text)
            s.case("import %s bad %d (%s)" % (kind, i, text[:40].strip()),
                   ["import", "-q", kind, p, "-o", "@OUT", "--force"],
                   "refuse")
    # huge and broad
    n = 9000000
    p = s.file("huge-hf.json", '{"results":[{"command":"a","times":[' +
               ",".join(["0.0001"] * n) + "]}]}")
    s.case("import hyperfine 63 MB on one line", ["import", "-q", "hyperfine",
           p, "-o", "@OUT", "--force"], "refuse")
    p = s.file("go-600k.txt", "BenchmarkA 100 5 ns/op\n" * 600000)
    s.case("import gobench 600,000 runs", ["import", "-q", "gobench", p, "-o",
           "@OUT", "--force"], "refuse")
    p = s.file("go-200k.txt", "".join("BenchmarkB%d 100 5.0 ns/op\n" % i
                                      for i in range(200000)))
    s.case("import gobench 200,000 benchmarks", ["import", "-q", "gobench", p,
           "-o", "@OUT", "--force"], "ok")
    res = [{"command": "c%d" % i, "times": [0.1, 0.2]} for i in range(200000)]
    p = s.file("hf-200k.json", json.dumps({"results": res}))
    s.case("import hyperfine 200,000 results", ["import", "-q", "hyperfine", p,
           "-o", "@OUT", "--force"], "ok")


def flames(s):
    D = 70000
    fr = ["f%d" % i for i in range(D)]
    deep = {"folded": ";".join(fr) + " 1\n",
            "bpftrace": "@[\n" + "".join(x + "+0x1\n" for x in fr) + "]: 3\n",
            "perf-script": "p 1 [000] 1.0: 1 cycles:\n" + "".join(
                "\t%x %s+0x1 (/bin/x)\n" % (i + 1, x) for i, x in enumerate(fr)) + "\n"}
    for kind, text in deep.items():
        p = s.file("deep-" + kind, text)
        for out in ("svg", "txt", "folded"):
            s.case("flame --import %s 70,000 frames -o .%s" % (kind, out),
                   ["flame", "--import", kind, p, "-o", "@OUT." + out,
                    "--force"], "ok")
    p = s.file("broad.folded", "".join("main;f%07d 1\n" % i for i in range(200000)))
    for out in ("svg", "txt"):
        s.case("flame 200,000 siblings -o .%s" % out, ["flame", "--import",
               "folded", p, "-o", "@OUT." + out, "--force"], "ok")
    s.case("flame 200,000 siblings differential", ["flame", "--import",
           "folded", p, p, "-o", "@OUT.svg", "--force"], "ok")
    bad = ["a;b x\n", "a;b\n", "a;b -1\n", "a 99999999999999999999\n",
           "a 9999999999999999999\nb 9999999999999999999\n", "", "\n\n",
           "a;b 0x10\n"]
    for i, t in enumerate(bad):
        p = s.file("bad-%d.folded" % i, t)
        s.case("flame folded bad %d (%s)" % (i, t.strip()[:30]),
               ["flame", "--import", "folded", p, "-o", "@OUT.txt", "--force"],
               "refuse")
    badb = ["@[\nmemcmp+0x1\n", "@[\na\n]: x\n", "@[\na\n]\n"]
    for i, t in enumerate(badb):
        p = s.file("bad-%d.bpftrace" % i, t)
        s.case("flame bpftrace bad %d" % i, ["flame", "--import", "bpftrace",
               p, "-o", "@OUT.txt", "--force"], "refuse")
    badp = ["\tffff main (/x)\n", "p 1 1.0: cycles:\nzz main (/x)\n"]
    for i, t in enumerate(badp):
        p = s.file("bad-%d.perf" % i, t)
        s.case("flame perf-script bad %d" % i, ["flame", "--import",
               "perf-script", p, "-o", "@OUT.txt", "--force"], "refuse")
    ctl = s.file("ctl.folded", b"main;a\x1b[31mred\x07;x\xc2\x9by 3\nmain 1\n")
    for out in ("svg", "txt"):
        s.case("flame control characters -o .%s" % out, ["flame", "--import",
               "folded", ctl, "-o", "@OUT." + out, "--force"], "ok", no_raw)


def results(s):
    corpus = os.path.join(TOP, "tests", "fuzz", "corpus", "result")
    for f in sorted(glob.glob(os.path.join(corpus, "*"))):
        base = os.path.basename(f)
        exp = "ok" if base.startswith("ok-") else \
            "refuse" if base.startswith("bad-") else "any"
        s.case("show " + base, ["show", f], exp)
    ok = os.path.join(corpus, "ok-plain.json")
    d = json.load(open(ok))
    d2 = json.loads(json.dumps(d))
    d2["benchmarks"].append(d2["benchmarks"][0])
    dup = s.file("dup.json", json.dumps(d2))
    for cmd in (["show", dup], ["compare", dup, dup], ["plot", dup, "-o",
                "@OUT.svg", "--force"], ["flame", dup, "-o", "@OUT.svg"]):
        s.case("%s: a benchmark twice" % cmd[0], cmd, "refuse")
    d3 = json.loads(json.dumps(d))
    d3["benchmarks"][0]["name"] = "b\u009b2Jx\u0085y"
    d3["label"] = "l\u009bab\x1b]0;t\x07"
    c1 = s.file("c1.json", json.dumps(d3))
    for args in (["show", c1], ["compare", c1, c1],
                 ["compare", "--format", "csv", c1, c1],
                 ["compare", "--format", "markdown", c1, c1]):
        s.case(" ".join(args[:-1]) + " with C1 controls", args, "ok", no_raw)
    if shutil.which("gnuplot"):
        s.case("plot with C1 controls", ["plot", "-q", c1, "-o", "@OUT.svg",
               "--force"], "ok", no_raw)
    folded = s.file("deep.folded", ";".join("f%d" % i for i in range(70000)) + " 1\n")
    prof = os.path.join(s.d, "deep-result.json")
    subprocess.run([sys.executable, os.path.join(TOP, "tests", "fixtures",
                    "flame", "add-profile.py"), ok, prof, folded], check=True)
    s.case("flame of a result with a 70,000-frame stack", ["flame", prof, "-o",
           "@OUT.svg", "--force"], "ok")


def scores(s):
    for v, exp, check in (("1.7e308T", "refuse", None), ("1e308", "ok", no_inf),
                          ("-1e308", "ok", no_inf), ("1e-320", "ok", None),
                          ("12.5k", "ok", None), ("0x10", "refuse", None),
                          ("1e309", "refuse", None), ("-1.7e308T", "refuse", None),
                          ("inf", "refuse", None), ("nan", "refuse", None)):
        s.case("run --score of %s" % v, ["run", "-q", "-r", "3", "-e",
               "task-clock", "--score", "s=s=(\\S+)", "-o", "@OUT.json",
               "--force", "--", "sh", "-c", "echo s=" + v], exp, check)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--abstat", default=os.path.join(TOP, "abstat"))
    ap.add_argument("--keep", help="make the inputs here and keep them")
    ap.add_argument("--timeout", type=float, default=60)
    a = ap.parse_args()
    d = a.keep or tempfile.mkdtemp(prefix="abstat-hostile.")
    os.makedirs(d, exist_ok=True)
    s = Sweep(os.path.abspath(a.abstat), d, a.timeout)
    for make in (importers, flames, results, scores):
        make(s)
    counts = s.run()
    if not a.keep:
        shutil.rmtree(d, ignore_errors=True)
    print("hostile: %d inputs: %s" % (len(s.cases), ", ".join(
        "%d %s" % (n, k) for k, n in counts.items())))
    bad = counts["unclean"] + counts["crash"] + counts["hang"] + counts["wrong"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
