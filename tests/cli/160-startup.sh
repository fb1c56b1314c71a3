# What abstat does before the first run (issue 33): ABSTAT_TRACE=1 says
# when each step of the start-up ended, and at what CPU time; the
# environment is read once per session (the doctor's checks and every
# result share it); perf's software events are encoded without loading
# libpfm4, exactly as libpfm4 encodes them (the canonical strings below
# are libpfm4 4.13's), and so are perf's generic hardware events where
# the kernel exposes no core PMU (there they can only be <not
# supported>); the result still names the libraries' versions, read from
# their files.
cd "$TESTTMP" || fail "no TESTTMP"
SW=task-clock,page-faults,context-switches

test_expect_success 'ABSTAT_TRACE=1: one line per step, in order, ending with the first run' '
	ABSTAT_TRACE=1 expect_exit 0 "$ABSTAT" run -q -r 2 --warmup 0 -e $SW -- /bin/true &&
	sed -n "s/^abstat: trace: [0-9.]* ms (+[0-9.]*, cpu +[0-9.]*) //p" err >steps &&
	[ "$(head -n 1 steps)" = "command line parsed" ] &&
	[ "$(tail -n 1 steps)" = "first run done" ] &&
	grep -n "" steps | grep -q "environment captured" &&
	awk "/environment captured/ { e = NR } /first run starts/ { f = NR }
	     END { exit !(e && f && e < f) }" steps &&
	[ "$(grep -c "^abstat: trace:" err)" = "$(wc -l <steps)" ] ||
		{ cat err; fail "trace lines"; }
'
test_expect_success 'without ABSTAT_TRACE (or with 0): no trace line' '
	expect_exit 0 "$ABSTAT" run -q -r 1 --warmup 0 -e $SW -- /bin/true &&
	! grep -q "trace" err &&
	ABSTAT_TRACE=0 expect_exit 0 "$ABSTAT" run -q -r 1 --warmup 0 -e $SW -- /bin/true &&
	! grep -q "trace" err || { cat err; fail "a trace line"; }
'
test_lazy_prereq STRACE 'command -v strace'
test_expect_success STRACE 'the environment is read once per session, not once for the doctor and once for the result' '
	# LeakSanitizer cannot run under ptrace: no leak check in this one
	ASAN_OPTIONS=detect_leaks=0 strace -f -qq -e trace=openat -o st.txt "$ABSTAT" run -r 1 --warmup 0 -e $SW -o once.json -- /bin/true >/dev/null 2>&1 &&
	[ -s once.json ] &&
	n=$(grep -c "\"/proc/sys/kernel/random/boot_id\"" st.txt) &&
	[ "$n" = 1 ] || { grep boot_id st.txt; fail "boot_id read $n times"; }
'
# opened CMD...: the basenames of the files the loader opened for CMD
opened() {
	rm -rf ld && mkdir ld &&
	LD_DEBUG=files LD_DEBUG_OUTPUT="$TESTTMP/ld/log" "$@" >out 2>err &&
	sed -n "s/.*file=\([^ ]*\).*/\1/p" ld/log.* | sed "s|.*/||" | sort -u >opened &&
	grep -q "^libjansson\.so" opened || { cat opened; fail "no loader log"; }
}
test_expect_success 'software events only: libpfm4 and PAPI are not loaded' '
	opened "$ABSTAT" run -q -r 1 --warmup 0 -e $SW,cpu-clock,cs,migrations,minor-faults,major-faults,faults,cpu-migrations -o sw.json -- /bin/true &&
	if grep -E "^lib(pfm|papi)\.so" opened; then fail "loaded a counting library"; fi
'
test_expect_success 'and the result names their versions all the same' '
	pfm=$(json "d[\"env\"][\"libraries\"][\"libpfm4\"]" sw.json) &&
	papi=$(json "d[\"env\"][\"libraries\"][\"papi\"]" sw.json) &&
	case $pfm in [0-9]*.[0-9]*.[0-9]*) ;; *) fail "libpfm4: $pfm" ;; esac
	case $papi in [0-9]*.[0-9]* | "not built") ;; *) fail "papi: $papi" ;; esac
'
# fstr FILE: each event's name, canonical string, exclude_kernel, guest,
# hv, unit and group, one a line
fstr() {
	python3 -c "import json, sys
for e in json.load(open(sys.argv[1]))[\"events\"]:
	print(e[\"name\"], e[\"fstr\"], e[\"exclude_kernel\"], e[\"exclude_guest\"], e[\"exclude_hv\"], e[\"unit\"] or \"-\", e[\"group\"], e[\"pinned\"], e[\"inherit\"])" "$1"
}
test_expect_success 'the encodings are libpfm4 4.13 s, with and without --user-only' '
	fstr sw.json >got &&
	cat >want <<-EOF &&
	task-clock perf::PERF_COUNT_SW_TASK_CLOCK:u=1:k=1:excl=0:mg=0:mh=1 False True True ns 1 False True
	page-faults perf::PERF_COUNT_SW_PAGE_FAULTS:u=1:k=1:excl=0:mg=0:mh=1 False True True - 1 False True
	context-switches perf::PERF_COUNT_SW_CONTEXT_SWITCHES:u=1:k=1:excl=0:mg=0:mh=1 False True True - 1 False True
	cpu-clock perf::PERF_COUNT_SW_CPU_CLOCK:u=1:k=1:excl=0:mg=0:mh=1 False True True ns 1 False True
	cs perf::PERF_COUNT_SW_CONTEXT_SWITCHES:u=1:k=1:excl=0:mg=0:mh=1 False True True - 1 False True
	migrations perf::PERF_COUNT_SW_CPU_MIGRATIONS:u=1:k=1:excl=0:mg=0:mh=1 False True True - 1 False True
	minor-faults perf::PERF_COUNT_SW_PAGE_FAULTS_MIN:u=1:k=1:excl=0:mg=0:mh=1 False True True - 1 False True
	major-faults perf::PERF_COUNT_SW_PAGE_FAULTS_MAJ:u=1:k=1:excl=0:mg=0:mh=1 False True True - 1 False True
	faults perf::PERF_COUNT_SW_PAGE_FAULTS:u=1:k=1:excl=0:mg=0:mh=1 False True True - 1 False True
	cpu-migrations perf::PERF_COUNT_SW_CPU_MIGRATIONS:u=1:k=1:excl=0:mg=0:mh=1 False True True - 1 False True
	EOF
	diff want got &&
	expect_exit 0 "$ABSTAT" run -q -r 1 --warmup 0 --user-only -e task-clock,cs -o u.json -- /bin/true &&
	fstr u.json >got &&
	cat >want <<-EOF &&
	task-clock perf::PERF_COUNT_SW_TASK_CLOCK:u=1:k=0:excl=0:mg=0:mh=1 True True True ns 1 False True
	cs perf::PERF_COUNT_SW_CONTEXT_SWITCHES:u=1:k=0:excl=0:mg=0:mh=1 True True True - 1 False True
	EOF
	diff want got
'
# Every name abstat spells itself, spelled by libpfm4 too (perf::NAME
# goes to libpfm4 as it is): the same attr, string, PMU and unit, with
# and without --user-only. The hardware ones are abstat's own only
# without a core PMU; with one, both columns are libpfm4's.
GENERIC=cycles,cpu-cycles,instructions,cache-references,cache-misses,L1-dcache-loads,L1-dcache-load-misses,LLC-loads,LLC-load-misses,branches,branch-instructions,branch-misses,bus-cycles,stalled-cycles-frontend,stalled-cycles-backend,ref-cycles,idle-cycles-frontend,idle-cycles-backend,$SW,cpu-clock,cs,migrations,minor-faults,major-faults,faults,cpu-migrations
# same A B: each event of A as B's, but for its name
same() {
	python3 -c "import json, sys
a, b = (json.load(open(f))[\"events\"] for f in sys.argv[1:])
assert len(a) == len(b) == 28, (len(a), len(b))
bad = [(x[\"name\"], k, x[k], y[k]) for x, y in zip(a, b) for k in x
       if k != \"name\" and x[k] != y.get(k)]
assert not bad, bad" "$1" "$2"
}
test_expect_success 'each name abstat encodes itself is encoded as libpfm4 encodes it' '
	pf=$(echo $GENERIC | sed "s/\([^,]*\)/perf::\1/g") &&
	expect_exit 0 "$ABSTAT" run -q -r 1 --warmup 0 -e $GENERIC -o own.json -- /bin/true &&
	expect_exit 0 "$ABSTAT" run -q -r 1 --warmup 0 -e $pf -o pfm.json -- /bin/true &&
	same own.json pfm.json &&
	expect_exit 0 "$ABSTAT" run -q -r 1 --warmup 0 --user-only -e $GENERIC -o own-u.json -- /bin/true &&
	expect_exit 0 "$ABSTAT" run -q -r 1 --warmup 0 --user-only -e $pf -o pfm-u.json -- /bin/true &&
	same own-u.json pfm-u.json
'
test_expect_success NO_CORE_PMU 'no core PMU: the default events (hardware ones too) never load libpfm4' '
	opened "$ABSTAT" run -q -r 1 --warmup 0 -o dflt.json -- /bin/true &&
	if grep -E "^lib(pfm|papi)\.so" opened; then fail "loaded a counting library"; fi
	json "\" \".join(e[\"name\"] for e in d[\"events\"] if not e[\"supported\"])" dflt.json >ns &&
	grep -q "cycles instructions" ns &&
	json "d[\"events\"][0][\"reason\"]" dflt.json | grep -q "no PMU exposed by this kernel" ||
		{ cat ns; fail "hardware events not <not supported> with the reason"; }
'
test_expect_success '!NO_CORE_PMU' 'a core PMU: the hardware events go to libpfm4' '
	opened "$ABSTAT" run -q -r 1 --warmup 0 -e cycles -- /bin/true &&
	grep -q "^libpfm\.so" opened || { cat opened; fail "libpfm4 not loaded"; }
'
test_expect_success 'a u or k modifier goes to libpfm4, which spells it' '
	opened "$ABSTAT" run -q -r 1 --warmup 0 -e page-faults:u -o mod.json -- /bin/true &&
	grep -q "^libpfm\.so" opened || { cat opened; fail "libpfm4 not loaded"; }
	fstr mod.json >got &&
	grep -q "^page-faults:u perf::PERF_COUNT_SW_PAGE_FAULTS:u=1:k=0:" got ||
		{ cat got; fail "not libpfm4 s spelling"; }
'
test_expect_success 'doc/startup.md: its command prints the steps it shows, in its order' '
	cmd=$(sed -n "s/^\$ ABSTAT_TRACE=1 abstat //p" "$TOP/doc/startup.md") &&
	[ -n "$cmd" ] &&
	sed -n "s/^abstat: trace: [0-9.]* ms (+[0-9.]*, cpu +[0-9.]*) //p" "$TOP/doc/startup.md" >want &&
	[ -s want ] &&
	ABSTAT_TRACE=1 expect_exit 0 "$ABSTAT" $cmd &&
	sed -n "s/^abstat: trace: [0-9.]* ms (+[0-9.]*, cpu +[0-9.]*) //p" err >got &&
	diff want got
'
test_done
