# doc/lab.md's `$ make lab` table against a real run, so that it does
# not go stale silently: under -icount instructions count exactly, so
# each row the run has (tests/lab/t/020-kernels.sh's run of make lab's
# driver: 6.1 vs 6.12, 3 boots a side, 5 runs, LAB_SCALE 40, getppid,
# getppid-sve and getppid-nosve; no boot of its own) must give the doc's
# medians within 0.5% (a region's timer ticks move a median by 0.1% at
# most) and the doc's delta within half a point. The doc's x86_64
# table (`$ make lab LAB_ARCH=x86_64`) against tests/lab/t/121's run,
# getppid, the same way. Tagged alone so that tests/run.sh runs it after
# 121 (the alone files run last, in order); each case skips, naming the
# run it needs, when that run is not there.
# tags: alone
. "$TOP/tests/lab/t/lib.sh"
test_lazy_prereq RUN020 '[ -f "$LABT/kernels/compare.json" ]'
test_lazy_prereq RUN121 '[ -f "$LABT/x86lab/compare.json" ]'
cat >"$TESTTMP/check.py" <<'PY'
import json, sys
doc, run, head = sys.argv[1], sys.argv[2], sys.argv[3]
d = json.load(open(run))
rows = {r["benchmark"]: r for r in d["rows"] if r["primary"]}
text = open(doc).read().split("\n" + head + "\n", 1)
assert len(text) == 2, "doc/lab.md has no %r block" % head
block = text[1].split("```")[0]
seen = 0
for line in block.splitlines():
    f = line.split()
    name = f[0].replace("[e]", "") if f else ""
    if len(f) < 4 or name not in rows:
        continue
    r = rows[name]
    a, b = (s["center"] for s in r["sides"])
    da, db, dd = float(f[1]), float(f[2]), float(f[3].rstrip("%"))
    print("%-14s doc %10.2f %10.2f %+6.1f%%  run %10.2f %10.2f %+6.1f%%"
          % (name, da, db, dd, a, b, 100 * r["deltas"][0]["delta"]))
    assert abs(da / a - 1) < 0.005 and abs(db / b - 1) < 0.005, (name, da, db, a, b)
    assert abs(dd - 100 * r["deltas"][0]["delta"]) <= 0.5, (name, dd)
    seen += 1
assert seen >= 1, "no row of the run in the doc's table"
PY
test_expect_success RUN020 "doc/lab.md's make lab table: the arm64 rows of 020's run, within 0.5%" '
	python3 "$TESTTMP/check.py" "$TOP/doc/lab.md" "$LABT/kernels/compare.json" "\$ make lab"
'
test_expect_success RUN121 "doc/lab.md's make lab LAB_ARCH=x86_64 table: getppid of 121's run, within 0.5%" '
	python3 "$TESTTMP/check.py" "$TOP/doc/lab.md" "$LABT/x86lab/compare.json" "\$ make lab LAB_ARCH=x86_64"
'
test_done
