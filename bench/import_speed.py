#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""bench/import_speed.py [VALUES...]: the pyperf importer's speed (issue
44: at least 100,000 values a second, linear). For each count (default
25000 50000 100000 200000) it writes a pyperf JSON file of that many
values (runs of 20 values and one warm-up, one benchmark, as pyperf
writes them), times `abstat import pyperf` of it (its CPU time, user and system, the
best of 3) and prints
values/s and the time per value; linear when the time per value does not
grow with the count. A measurement, not a test: exit 0 whatever it
shows. ABSTAT names the binary (default ./abstat of the tree)."""
import json
import os
import subprocess
import sys
import tempfile

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
abstat = os.environ.get("ABSTAT", os.path.join(root, "abstat"))


def write(path, n):
    runs = []
    for k in range(0, n, 20):
        m = min(20, n - k)
        runs.append({"metadata": {"duration": 0.5},
                     "warmups": [[1024, 1.5e-05]],
                     "values": [1.5e-05 + (k + i) * 1e-12 for i in range(m)]})
    d = {"version": "1.0", "metadata": {"hostname": "bench"},
         "benchmarks": [{"metadata": {"name": "b", "loops": 1024,
                                      "unit": "second"}, "runs": runs}]}
    with open(path, "w") as f:
        json.dump(d, f)


def main():
    counts = [int(a) for a in sys.argv[1:]] or [25000, 50000, 100000, 200000]
    with tempfile.TemporaryDirectory(prefix="abstat-import-speed.") as tmp:
        print("%10s %10s %12s %10s" % ("values", "best cpu s", "values/s", "us/value"))
        for n in counts:
            src = os.path.join(tmp, "p%d.json" % n)
            out = os.path.join(tmp, "p%d.abstat.json" % n)
            write(src, n)
            best = None
            for _ in range(3):
                p = subprocess.Popen([abstat, "import", "pyperf", src, "-o",
                                      out, "--force"],
                                     stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
                _, status, ru = os.wait4(p.pid, 0)
                p.returncode = os.waitstatus_to_exitcode(status)
                # CPU time: the machine's other work does not count
                dt = ru.ru_utime + ru.ru_stime
                if p.returncode:
                    print("import of %d values failed (exit %d)" % (n, p.returncode))
                    return 0
                best = dt if best is None else min(best, dt)
            print("%10d %10.3f %12.0f %10.2f" % (n, best, n / best, best / n * 1e6))
    return 0


if __name__ == "__main__":
    sys.exit(main())
