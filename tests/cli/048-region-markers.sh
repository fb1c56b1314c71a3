# The region markers never block and never switch the workload out
# (workloads/abstat.h, ABSTAT_REGION; abstat-workloads(7)): the workload
# toggles its own counters. Counts are exact where the kernel makes them
# so (page faults of fresh pages), regions accumulate, children are
# counted, what came before is not, no context switch happens inside a
# region, the older handshake still works and is warned about.
# tags: alone
R=$BUILD/tests/progs/region_cases
runs() { json "[(r[\"status\"], r.get(\"ops\"), r[\"counters\"][0][\"value\"]) for r in d[\"benchmarks\"][0][\"runs\"]]" "$1"; }
# all_in FILE LO HI: every run ok with its first counter in [LO, HI)
all_in() {
	runs "$1" >"$TESTTMP/v" &&
	python3 -c "
import sys
v = eval(open(sys.argv[1]).read()); lo, hi = int(sys.argv[2]), int(sys.argv[3])
sys.exit(not (v and all(s == 'ok' and lo <= c < hi for s, o, c in v)))" "$TESTTMP/v" "$2" "$3" ||
		fail "expected every run ok with the count in [$2, $3): $(cat "$TESTTMP/v")"
}

test_expect_success 'three regions of 50 fresh pages, 2000 before and 150 between: 150 faults, ops 150' '
	expect_exit 0 $ABSTAT run -q -r 3 --warmup 0 -e page-faults -o "$TESTTMP/m.json" -- "$R" multi 3 50 2000 &&
	all_in "$TESTTMP/m.json" 150 160 &&
	json "set(r[\"ops\"] for r in d[\"benchmarks\"][0][\"runs\"])" "$TESTTMP/m.json" | grep -qx "{150}"
'
test_expect_success 'a child in the region is counted; one that ended before it is not' '
	expect_exit 0 $ABSTAT run -q -r 3 --warmup 0 -e page-faults -o "$TESTTMP/f.json" -- "$R" fork 100 3000 &&
	all_in "$TESTTMP/f.json" 100 600
'
test_expect_success 'ABSTAT_REGION names the page, the copy and perf_event descriptors; a caller'"'"'s is not passed on' '
	ABSTAT_REGION=1,0,2 expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 -e task-clock,page-faults --show-output -- \
		sh -c "echo \"\$ABSTAT_REGION\"; ls -l /proc/self/fd" &&
	grep_out "^[0-9]+,0,[0-9]+\$" &&
	fd=$(grep -E "^[0-9]+,0,[0-9]+\$" "$TESTTMP/out" | cut -d, -f3) &&
	grep_out " $fd -> anon_inode:\[perf_event\]" &&
	page=$(grep -E "^[0-9]+,0,[0-9]+\$" "$TESTTMP/out" | cut -d, -f1) &&
	grep_out " $page -> /memfd:abstat-region"
'
test_expect_success 'a counter the workload closed: the run fails and says why' '
	expect_exit 4 $ABSTAT run -q -r 1 --warmup 0 -e page-faults -- "$R" closefd 10 &&
	grep_err "region markers \(ABSTAT_REGION\) could not toggle or read"
'

# tracepoints need tracefs: where it is not mounted, mounted in a private
# mount namespace
in_tracefs() {
	unshare --mount --propagation private sh -c '[ -d /sys/kernel/tracing/events/sched ] || mount -t tracefs nodev /sys/kernel/tracing && exec "$@"' sh "$@"
}
test_lazy_prereq TRACEFS 'in_tracefs test -d /sys/kernel/tracing/events/sched/sched_switch'
# median FILE: the median of each counter over the runs, comma-separated
median() { json "','.join(str(sorted(r[\"counters\"][k][\"value\"] for r in d[\"benchmarks\"][0][\"runs\"])[len(d[\"benchmarks\"][0][\"runs\"]) // 2]) for k in range(len(d[\"events\"])))" "$1"; }
# The workload runs SCHED_FIFO above abstat's own priority (chrt -f 2;
# abstat and its helper are FIFO 1 while runs go), so no other task can
# preempt it however busy the machine is (under load every 2 ms region
# of a SCHED_OTHER workload is cut 5 or 6 times): a switch in its region
# is then the workload's own, a marker that blocks. One set of ten runs
# with median 0, of six tried, shows the markers cause none; the control
# runs the older blocking handshake the same way and switches in every
# region.
test_lazy_prereq CHRT 'chrt -f 2 true'
test_expect_success TRACEFS,CHRT 'a 2 ms getppid region: 0 context switches and 0 sched_switch inside it (median of 10)' '
	for try in 1 2 3 4 5 6; do
		in_tracefs $ABSTAT run -q -r 10 -e context-switches,sched:sched_switch -o "$TESTTMP/cs.json" --force -- chrt -f 2 "$BUILD/workloads/getppid" -n 20000 >"$TESTTMP/out" 2>"$TESTTMP/err" ||
			{ cat "$TESTTMP/err"; fail "abstat run failed"; }
		m=$(median "$TESTTMP/cs.json") && echo "try $try: medians $m"
		[ "$m" = 0,0 ] && break
	done
	[ "$m" = 0,0 ] || fail "medians $m: $(json "[[c[\"value\"] for c in r[\"counters\"]] for r in d[\"benchmarks\"][0][\"runs\"]]" "$TESTTMP/cs.json")"
'
test_expect_success TRACEFS,CHRT 'control: the older blocking handshake switches the workload out in every region' '
	in_tracefs $ABSTAT run -q -r 10 -e context-switches,sched:sched_switch -o "$TESTTMP/hs.json" -- chrt -f 2 "$R" handshake 100 >"$TESTTMP/out" 2>"$TESTTMP/err" ||
		{ cat "$TESTTMP/err"; fail "abstat run failed"; }
	m=$(median "$TESTTMP/hs.json") &&
	[ "${m%,*}" -ge 1 ] && [ "${m#*,}" -ge 1 ] || fail "medians $m"
'
test_expect_success 'the older handshake still marks the region, warned once and recorded' '
	expect_exit 0 $ABSTAT run -r 3 --warmup 0 -e page-faults -o "$TESTTMP/h.json" -- "$R" handshake 100 &&
	all_in "$TESTTMP/h.json" 100 110 &&
	[ "$(grep -c "blocking handshake" "$TESTTMP/err")" = 1 ] || fail "warned $(grep -c "blocking handshake" "$TESTTMP/err") times" &&
	json "[w for w in d[\"warnings\"] if \"blocking handshake\" in w]" "$TESTTMP/h.json" | grep -q "older abstat.h"
'
test_expect_success CPUS2 '--copies 2: the copies begin their regions together (copy 1 slept 300 ms longer)' '
	expect_exit 0 $ABSTAT run -q -r 2 --warmup 0 --copies 2 --show-output -e task-clock -- "$R" barrier 300 &&
	python3 -c "
import sys
t = {}
for l in open(sys.argv[1]):
    if l.startswith(\"begin \"):
        _, c, ns = l.split(); t.setdefault(c, []).append(int(ns))
ok = len(t.get(\"0\", [])) == 2 and all(abs(a - b) < 50e6 for a, b in zip(t[\"0\"], t[\"1\"]))
sys.exit(not ok)" "$TESTTMP/out" || fail "begin times: $(cat "$TESTTMP/out")"
'
test_expect_success 'without the spawn helper (the vfork path): the region is the same' '
	mkdir -p "$TESTTMP/bin" && cp $ABSTAT "$TESTTMP/bin/abstat" &&
	expect_exit 0 env ABSTAT_WORKLOAD_DIR=/nonexistent "$TESTTMP/bin/abstat" run -q -r 2 --warmup 0 -e page-faults -o "$TESTTMP/v.json" -- "$R" multi 3 50 2000 &&
	all_in "$TESTTMP/v.json" 150 160
'
test_expect_success ROOT 'while runs go abstat is SCHED_FIFO, its helper too, the workload SCHED_OTHER' '
	expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 -e task-clock --show-output -- \
		sh -c "chrt -p \$\$; chrt -p \$PPID; for p in \$(pgrep -P \$PPID -x abstat-spawn); do chrt -p \$p; done" &&
	[ "$(grep -c "policy: SCHED_OTHER\$" "$TESTTMP/out")" = 1 ] &&
	[ "$(grep -c "policy: SCHED_FIFO|SCHED_RESET_ON_FORK\$" "$TESTTMP/out")" = 2 ] ||
		fail "policies: $(cat "$TESTTMP/out")"
'
# The helper is started early (it sets up beside abstat's own start-up,
# on the other CPUs), and moved where abstat waits before the first run.
test_expect_success CPUS2 'while runs go the helper waits on the workload s CPU, as abstat does' '
	expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 -C 1 -e task-clock --show-output -- \
		sh -c "for p in \$PPID \$(pgrep -P \$PPID -x abstat-spawn); do taskset -pc \$p; done" &&
	[ "$(grep -c "current affinity list: 1\$" "$TESTTMP/out")" = 2 ] ||
		fail "affinity: $(cat "$TESTTMP/out")"
	expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 -C 1 --launcher-cpu any -e task-clock --show-output -- \
		sh -c "for p in \$PPID \$(pgrep -P \$PPID -x abstat-spawn); do taskset -pc \$p; done" &&
	[ "$(grep -c "current affinity list: 1\$" "$TESTTMP/out")" = 0 ] &&
	[ "$(sed -n "s/.*current affinity list: //p" "$TESTTMP/out" | sort -u | wc -l)" = 1 ] ||
		fail "--launcher-cpu any: $(cat "$TESTTMP/out")"
'
test_expect_success ROOT,NOBODY 'where abstat may not be SCHED_FIFO (not root): warned once and recorded, the runs go' '
	mkdir "$TESTTMP/nobody" && cp $ABSTAT "$TESTTMP/nobody/abstat" &&
	chown nobody "$TESTTMP/nobody" && chmod 755 "$TESTTMP" "$TESTTMP/nobody" "$TESTTMP/nobody/abstat" &&
	expect_exit 0 setpriv --reuid nobody --regid nogroup --clear-groups "$TESTTMP/nobody/abstat" run -r 3 --user-only \
		-e task-clock -o "$TESTTMP/nobody/n.json" -- /bin/true &&
	[ "$(grep -c "SCHED_FIFO" "$TESTTMP/err")" = 1 ] || fail "warned $(grep -c SCHED_FIFO "$TESTTMP/err") times" &&
	json "[w for w in d[\"warnings\"] if \"SCHED_FIFO\" in w]" "$TESTTMP/nobody/n.json" | grep -q RLIMIT_RTPRIO
'
test_lazy_prereq SAMPLING '$ABSTAT profile -q -r 1 --warmup 0 -o "$TESTTMP/s.json" -- true'
test_expect_success SAMPLING 'profile: the samples are the region'"'"'s (region_spin), none of its setup (setup_spin)' '
	expect_exit 0 $ABSTAT profile -q -r 2 --warmup 0 -o "$TESTTMP/p.json" -- "$R" profile 600 &&
	json "[sum(n for f, n in r[\"profile\"][\"stacks\"] if w in f) for r in d[\"benchmarks\"][0][\"runs\"] for w in (\"region_spin\", \"setup_spin\")]" "$TESTTMP/p.json" >"$TESTTMP/v" &&
	python3 -c "
import sys
v = eval(open(sys.argv[1]).read())
sys.exit(not (v[0] > 20 and v[2] > 20 and v[1] == 0 and v[3] == 0))" "$TESTTMP/v" ||
		fail "samples region_spin, setup_spin per run: $(cat "$TESTTMP/v")"
'
test_expect_success SAMPLING 'profile without the spawn helper: the sampler is opened before the exec (a short workload was gone: ESRCH)' '
	mkdir -p "$TESTTMP/nh" && cp $ABSTAT "$TESTTMP/nh/abstat" &&
	for i in 1 2 3 4 5; do
		expect_exit 0 env ABSTAT_WORKLOAD_DIR=/nonexistent "$TESTTMP/nh/abstat" profile -q -r 3 --force \
			-o "$TESTTMP/nh/p.json" -- "$ABSTAT_WORKLOAD_DIR/getppid" -n 100 || return 1
	done
'
# the sampler's fd hangs up when the task exits, before its pidfd says
# so: polled again, it made abstat spin (at SCHED_FIFO, on the CPU the
# exiting task needed: about 1 s a run, the real-time throttle's)
test_expect_success SAMPLING,TRACEFS 'profile: abstat sleeps while a run ends (a handful of polls a run, not millions)' '
	in_tracefs perf stat -x, -e syscalls:sys_enter_ppoll -o "$TESTTMP/pp.csv" \
		$ABSTAT profile -q -r 3 --force -o "$TESTTMP/pp.json" -- "$R" profile 100 >/dev/null 2>&1 ||
		fail "perf stat or abstat profile failed"
	n=$(grep sys_enter_ppoll "$TESTTMP/pp.csv" | cut -d, -f1) &&
	[ "$n" -lt 1000 ] || fail "$n polls for 4 runs"
'
test_done
