# make lab's boots side by side (LAB_JOBS, lab.sh): A1 and B1 start
# together, each QEMU on its own CPU, and under icount what a boot counts
# does not depend on what runs beside it: instructions:u per run of every
# workload equal, to the count, those of the same boots run one at a time
# (LAB_JOBS=1). LAB_JOBS and LAB_CPUS that cannot be are refused before
# anything boots.
. "$TOP/tests/lab/t/lib.sh"
test_lazy_prereq TWO_CPUS '[ "$(nproc)" -ge 2 ] && command -v taskset'

jobs() {
	_n=$1; shift
	rm -rf "$LABT/$_n"
	env LAB_BOOTS=1 LAB_RUNS=3 LAB_SCALE=40 LAB_WORKLOADS="getppid-sve stat" \
		LAB_EVENTS=instructions:u,instructions LAB_OUT="$LABT/$_n" "$@" \
		sh "$TOP/lab/lab.sh" >"$LABT/$_n.out" 2>"$LABT/$_n.err"
}

test_expect_success 'LAB_JOBS=0, LAB_JOBS=x: refused, nothing booted' '
	for j in 0 x; do
		! jobs jobs0 LAB_JOBS=$j &&
		grep "^lab: error: LAB_JOBS=$j: the number of boots at once" "$LABT/jobs0.err" &&
		[ ! -d "$LABT/jobs0" ] || exit 1
	done
'
test_expect_success 'more boots at once than LAB_CPUS, or LAB_CPUS not CPUs: refused' '
	! jobs jobs0 LAB_JOBS=2 LAB_CPUS=0 &&
	grep "^lab: error: LAB_JOBS=2: more boots at once than CPUs (0)" "$LABT/jobs0.err" &&
	! jobs jobs0 LAB_CPUS=0-1 &&
	grep "^lab: error: LAB_CPUS=.0-1.: CPU numbers" "$LABT/jobs0.err" &&
	[ ! -d "$LABT/jobs0" ]
'
test_expect_success QEMU,XBUILD,KERNELS,TWO_CPUS '6.1 and 6.12 side by side, then one at a time' '
	jobs jobs2 LAB_JOBS=2 || { cat "$LABT/jobs2.err"; false; } &&
	grep "^lab: 2 boots at once, each QEMU on its own CPU" "$LABT/jobs2.err" &&
	jobs jobs1 LAB_JOBS=1 || { cat "$LABT/jobs1.err"; false; } &&
	! grep "boots at once" "$LABT/jobs1.err" &&
	for d in jobs2 jobs1; do
		grep "^lab: 1 boots per side (0 failed)" "$LABT/$d.err" &&
		[ -f "$LABT/$d/boots/A1/result.json" ] &&
		[ -f "$LABT/$d/boots/B1/result.json" ] || exit 1
	done
'
test_expect_success QEMU,XBUILD,KERNELS,TWO_CPUS 'instructions:u of every run: side by side = one at a time, to the count' '
	python3 - "$LABT/jobs2" "$LABT/jobs1" <<-PY
	import json, sys
	def runs(top, b):
	    d = json.load(open("%s/boots/%s/result.json" % (top, b)))
	    assert d["events"][0]["name"] == "instructions:u", d["events"][0]
	    return {x["name"]: [r["counters"][0]["value"] for r in x["runs"]]
	            for x in d["benchmarks"]}
	for b in ("A1", "B1"):
	    two, one = runs(sys.argv[1], b), runs(sys.argv[2], b)
	    print(b, "side by side:", two); print(b, "one at a time:", one)
	    assert sorted(two) == ["getppid-sve", "stat"], sorted(two)
	    assert two == one, b
	PY
'
test_done
