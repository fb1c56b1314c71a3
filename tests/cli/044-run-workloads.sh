# Every workload under abstat run: the region protocol is spoken, the op
# count lands in every run of the result, the region time is recorded;
# a suite gives one benchmark per workload; workload_cflags is WL_CFLAGS.
[ -x "$ABSTAT" ] || fail "$ABSTAT is not built"
for spec in syscall:1000 getppid:1000 getuid:1000 gettimeofday:1000 \
	clock_gettime:1000 write:1000 socket:200 select:1000 pipe:200 \
	open-close:1000 stat:1000 mmap:1000 lat-mmap:5 page-fault:64 \
	fork:5 exec:5 threads:100 create:300; do
	name=${spec%:*} n=${spec#*:}
	r=$TESTTMP/$name.json
	expect_exit 0 "$ABSTAT" run -q -w "$name:-n $n" -r 2 --warmup 0 \
		-e task-clock,page-faults -o "$r"
	got=$(json '" ".join("%s/%s/%s/%s" % (b["name"], b["workload"], r["status"], r.get("ops")) for b in d["benchmarks"] for r in b["runs"])' "$r")
	[ "$got" = "$name/$name/ok/$n $name/$name/ok/$n" ] ||
		fail "$name: runs are '$got', expected ops $n in 2 ok runs"
	json 'all(r["region_ns"] > 0 and r["region_ns"] <= r["wall_ns"] for r in d["benchmarks"][0]["runs"])' "$r" |
		grep -q True || fail "$name: region_ns missing or larger than wall_ns"
done
# page-fault: one fault per op inside the region (setup's mmap and the
# program's start-up excluded), so page-faults/op is about 1.
json '[r["counters"][1]["value"] for r in d["benchmarks"][0]["runs"]]' "$TESTTMP/page-fault.json" >"$TESTTMP/pf"
python3 -c 'import sys; v = eval(open(sys.argv[1]).read()); sys.exit(not all(64 <= x < 64 + 32 for x in v))' "$TESTTMP/pf" ||
	fail "page-fault -n 64: region faults $(cat "$TESTTMP/pf"), expected 64..95"
# A suite: one benchmark per workload, in registry order.
expect_exit 0 "$ABSTAT" run -q -s vm -r 1 --warmup 0 -e task-clock \
	-o "$TESTTMP/vm.json"
[ "$(json '" ".join(b["name"] for b in d["benchmarks"])' "$TESTTMP/vm.json")" = "mmap lat-mmap page-fault" ] ||
	fail "suite vm: $(json '[b["name"] for b in d["benchmarks"]]' "$TESTTMP/vm.json")"
want=$(sed -n 's/^WL_CFLAGS *:= *//p' "$TOP/Makefile")
got=$(json 'd["config"]["workload_cflags"]' "$TESTTMP/vm.json")
[ "$got" = "$want" ] || fail "workload_cflags '$got', Makefile WL_CFLAGS '$want'"
exit 0
