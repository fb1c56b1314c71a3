# --copies 2: two copies on two different CPUs at the same time, released
# together; per-copy counters and aggregate ops recorded.
[ "$(nproc)" -ge 2 ] || skip "needs 2 CPUs"
expect_exit 0 $ABSTAT run -q -r 2 --copies 2 -C 0,1 -w getppid:'-n 50000' -e task-clock -o "$TESTTMP/c.json"
python3 - "$TESTTMP/c.json" <<'PY' || fail "copies"
import json, sys
d = json.load(open(sys.argv[1]))
b = d["benchmarks"][0]
assert b["copies"] == 2, b["copies"]
for r in b["runs"]:
    c = r["copies"]
    assert len(c) == 2
    assert sorted(x["cpu"] for x in c) == [0, 1], [x["cpu"] for x in c]
    # wall-clock intervals overlap: both ran at the same time
    assert max(x["start_ns"] for x in c) < min(x["end_ns"] for x in c), c
    assert all(x["ops"] == 50000 for x in c)
    assert r["ops"] == 100000, r["ops"]
    assert r["counters"][0]["value"] == sum(x["counters"][0]["value"] for x in c)
print("ok")
PY
# not enough CPUs for the copies: a one-line error
expect_exit 2 $ABSTAT run --copies 3 -C 1 -- /bin/true
one_line_err
