#!/usr/bin/env python3
# make-big-seeds.py DIR: seeds too big to commit (64 KiB to 1 MiB) for the
# import and flame fuzz targets, into DIR/NAME/ (NAME as in corpus/): deep
# stacks (40,000 frames: the recursion of issue 27 R1 needed more than
# 64 KiB of input), broad ones (20,000 siblings under one node), many
# benchmarks, many runs, long lines, deep JSON. run.sh makes them in
# build/fuzz/seeds/ and fuzzes and replays them beside the corpus.
import json
import os
import sys

out = sys.argv[1]
DEEP, BROAD = 40000, 20000


def put(name, file, data):
    d = os.path.join(out, name)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, file), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


# flame: the first byte picks the import (0 bpftrace, 1 perf-script,
# 2 folded) and the filters (4 --kernel, 8 --user)
frames = ["f%d" % i for i in range(DEEP)]
put("flame", "deep-bpftrace", b"\x00" + ("@[\n" + "".join(
    "%s+0x1\n" % f for f in frames) + "]: 3\n").encode())
put("flame", "deep-perf", b"\x01" + ("p 1 [000] 1.0: 1 cycles:\n" + "".join(
    "\t%x %s+0x1 (/bin/x)\n" % (i + 1, f) for i, f in enumerate(frames[:20000]))
    + "\n").encode())
put("flame", "deep-folded", b"\x02" + (";".join(frames) + " 1\n").encode())
put("flame", "deep-folded-kernel", b"\x06" + (";".join(
    f + "_[k]" for f in frames[:30000]) + " 2\n").encode())
put("flame", "broad-folded", b"\x02" + "".join(
    "main;g%06d 1\n" % i for i in range(BROAD)).encode())
put("flame", "broad-bpftrace", b"\x00" + "".join(
    "@[\nleaf%d+0x2\nmain+0x1\n]: %d\n" % (i, i + 1)
    for i in range(BROAD // 2)).encode())
put("flame", "long-frame", b"\x02" + ("x" * 300000 + ";y 7\n").encode())

# importers
res = [{"command": "cmd%d --x" % i, "times": [0.1, 0.2],
        "exit_codes": [0, None], "memory_usage_byte": [100, 200]}
       for i in range(BROAD // 4)]
put("import_hyperfine", "many-results", json.dumps({"results": res}))
put("import_hyperfine", "many-times", json.dumps({"results": [
    {"command": "a", "times": [0.001] * 60000}]}))
put("import_hyperfine", "deep-json", "[" * 3000 + "]" * 3000)
put("import_hyperfine", "same-base", json.dumps({"results": [
    {"command": "/bin/x %d" % i, "times": [0.1]} for i in range(3000)]}))

b = [{"metadata": {"name": "b%d" % i, "loops": 4, "unit": "second"},
      "runs": [{"values": [0.1, 0.2], "warmups": [[1, 0.3]]}]}
     for i in range(BROAD // 4)]
put("import_pyperf", "many-benchmarks", json.dumps(
    {"version": "1.0", "benchmarks": b}))
put("import_pyperf", "many-values", json.dumps({"version": "1.0", "benchmarks": [
    {"metadata": {"name": "v", "unit": "second"},
     "runs": [{"values": [0.001] * 60000}]}]}))

put("import_gobench", "many-benchmarks", "goos: linux\n" + "".join(
    "BenchmarkB%d-2 100 %d.5 ns/op 8 B/op 1 allocs/op\n" % (i, i)
    for i in range(16000)))
put("import_gobench", "long-line", "BenchmarkL " + "1 " * 40000 + "\n")

put("import_perfstat", "many-blocks", "".join(
    "# started on Tue Dec  1 11:40:23 2026\n\n"
    "1.09,msec,task-clock,1091518,100.00,0.717,CPUs utilized\n"
    "%d,,page-faults,1091518,100.00,45.808,K/sec\n" % i
    for i in range(6000)))
put("import_perfstat", "many-events", "# started on x\n\n" + "".join(
    "%d,,ev%d,100,100.00,,\n" % (i, i) for i in range(3000)))
