# The seeds' studies (doc/seeds.md, lab/seeds.sh): the doc has a
# section for each of the five (000, 001, 002, 003, 004), with the table its
# script printed or saying it is not yet run; study 001 (6.1 and 6.12,
# each UP and MP, four sides in one compare) re-run in its short form
# (SEEDS_SHORT=1: a boot a side, getppid-nosve and fork): its table's
# calls per second are 1e9 / the compare's instructions a call, its
# header says which CPUs were online on each side, and getppid-nosve
# is faster on 6.12 than on 6.1 with 1 vCPU and with 2, as in the doc's
# full run.
. "$TOP/tests/lab/t/lib.sh"
DOC=$TOP/doc/seeds.md

test_expect_success 'doc/seeds.md: the five studies, each a table or not yet run' '
	for s in 000 001 002 003 004; do
		sed -n "/^## Study $s/,/^## /p" "$DOC" >"$TESTTMP/s$s" &&
		[ -s "$TESTTMP/s$s" ] || fail "no section ## Study $s" &&
		{ grep -qE "^(benchmark|metric) |^Performance counter stats for " "$TESTTMP/s$s" || grep -qi "not yet run" "$TESTTMP/s$s"; } ||
			fail "study $s: no table, and not said to be not yet run"
	done
'
test_expect_success 'seeds.sh 005: not a study, refused before any boot' '
	! SEEDS_OUT="$LABT/seeds-x" sh "$TOP/lab/seeds.sh" 005 2>"$TESTTMP/x.err" &&
	grep "^lab: error: study 005: not a study" "$TESTTMP/x.err" &&
	[ ! -e "$LABT/seeds-x" ]
'
cat >"$TESTTMP/check.py" <<'PY'
import json, re, sys
d = json.load(open(sys.argv[1] + "/compare.json"))
assert [s["label"] for s in d["sides"]] == ["6.1", "6.1-smp2", "6.12", "6.12-smp2"], d["sides"]
c = {r["benchmark"]: [s["center"] for s in r["sides"]] for r in d["rows"] if r["primary"]}
t = {l.split()[0]: [float(x) for x in l.split()[1:5]]
     for l in open(sys.argv[1] + "/table.txt") if l.split() and l.split()[0] in c}
for b, v in c.items():
    for x, y in zip(v, t[b]):
        assert abs(1e9 / x - y) <= 1, (b, x, y)
g = t["getppid-nosve"]
print("getppid-nosve calls/s:", g)
assert g[2] > g[0] and g[3] > g[1], "6.12 is not faster than 6.1 at getppid-nosve"
# the full run in doc/seeds.md says the same
sec = open(sys.argv[2]).read().split("## Study 001")[1].split("\n## ")[0]
row = [l.split() for l in sec.splitlines() if l.startswith("getppid-nosve ")]
assert row, "doc/seeds.md: study 001 has no getppid-nosve row"
r = [float(x) for x in row[0][1:5]]
assert r[2] > r[0] and r[3] > r[1], "doc: 6.12 is not faster than 6.1 at getppid-nosve: %s" % r
PY
test_expect_success QEMU,XBUILD,KERNELS 'study 001, short: four sides, one compare, the table from it' '
	lab_seeds_short 001 "$LABT/seeds-001" &&
	grep "^differs: cpu.online: 0 | 0-1 | 0 | 0-1$" "$LABT/seeds-001/table.txt" &&
	python3 "$TESTTMP/check.py" "$LABT/seeds-001" "$DOC"
'
test_done
