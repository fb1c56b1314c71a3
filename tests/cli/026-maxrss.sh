# maxrss is the workload's own (issue 16): every run is born from
# abstat-spawn, not from abstat's address space, so wait4's maxrss matches
# what /usr/bin/time -f %M reports for the same program, measured here in
# the same case, and does not grow with abstat's heap over a session.
# Within 10% or 300 kB; never a time.
# tags: alone
P=$BUILD/tests/progs
test_lazy_prereq TIME '[ -x /usr/bin/time ]'

# median_rss FILE: the median maxrss_kb of the measured runs
median_rss() {
	json "sorted(r[\"maxrss_kb\"] for r in d[\"benchmarks\"][0][\"runs\"] if not r[\"warmup\"])[len([r for r in d[\"benchmarks\"][0][\"runs\"] if not r[\"warmup\"]]) // 2]" "$1"
}
# time_rss CMD...: the median of 5 /usr/bin/time -f %M
time_rss() {
	for i in 1 2 3 4 5; do /usr/bin/time -f %M -o "$TESTTMP/t" "$@" >/dev/null && cat "$TESTTMP/t"; done |
		sort -n | sed -n 3p
}
# close A B: within 10% or 300 kB
close() { python3 -c "import sys; a, b = int(sys.argv[1]), int(sys.argv[2]); sys.exit(0 if abs(a - b) <= max(300, 0.1 * b) else 1)" "$1" "$2"; }

test_expect_success TIME '/bin/true: maxrss within 10% (or 300 kB) of /usr/bin/time -f %M' '
	expect_exit 0 $ABSTAT run -q -r 5 -e task-clock -o "$TESTTMP/true.json" -- /bin/true &&
	got=$(median_rss "$TESTTMP/true.json") && want=$(time_rss /bin/true) &&
	close "$got" "$want" || fail "abstat maxrss $got kB, /usr/bin/time $want kB"
'
test_expect_success TIME 'a program touching 100 MB: maxrss within 10% of /usr/bin/time -f %M' '
	pages=$((100 * 1024 * 1024 / $(getconf PAGESIZE))) &&
	expect_exit 0 $ABSTAT run -q -r 3 -e task-clock -o "$TESTTMP/touch.json" -- $P/touch_pages $pages &&
	got=$(median_rss "$TESTTMP/touch.json") && want=$(time_rss $P/touch_pages $pages) &&
	{ [ "$want" -ge 100000 ] || fail "/usr/bin/time says $want kB for 100 MB"; } &&
	close "$got" "$want" || fail "abstat maxrss $got kB, /usr/bin/time $want kB"
'
test_expect_success 'maxrss does not grow over 3000 runs (the last ten within 10% of the first ten)' '
	expect_exit 0 $ABSTAT run -q -r 3000 --warmup 0 -e task-clock,page-faults,context-switches -o "$TESTTMP/many.json" -- /bin/true &&
	json "(lambda m: (max(m[-10:]), max(m[:10])))([r[\"maxrss_kb\"] for r in d[\"benchmarks\"][0][\"runs\"]])" "$TESTTMP/many.json" >"$TESTTMP/fl" &&
	python3 -c "import sys; last, first = eval(open(sys.argv[1]).read()); sys.exit(0 if last <= 1.1 * first else 1)" "$TESTTMP/fl" ||
		fail "maxrss (last, first): $(cat "$TESTTMP/fl")"
'
# stdio, ls's own, and the ones the two variables name (the handshake's
# pipes, the region page and the workload's counters: abstat.h)
test_expect_success 'the workload starts with default signal dispositions and no abstat fd but its markers' '
	expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 -e task-clock,page-faults --show-output -o "$TESTTMP/sig.json" -- \
		sh -c "grep -E \"^Sig(Ign|Blk)\" /proc/self/status; echo \"env \$ABSTAT_CTL,\$ABSTAT_REGION\"; ls /proc/self/fd" &&
	grep -q "^SigIgn:[[:space:]]*0*\$" "$TESTTMP/out" || fail "ignored signals: $(cat "$TESTTMP/out")"
	fds=$(grep -E "^[0-9]+\$" "$TESTTMP/out" | sort -n | tr "\n" " ") &&
	named=$(sed -n "s/^env //p" "$TESTTMP/out" | awk -F, "{ for (i = 1; i <= NF; i++) if (i != 4) print \$i }" | sort -n | tr "\n" " ") &&
	[ "$(echo $named | wc -w)" -eq 4 ] || fail "the variables name $named (ctl, ack, page, one counter group)"
	extra=
	for f in $fds; do
		case " 0 1 2 $named " in *" $f "*) continue ;; esac
		[ -z "$extra" ] || fail "the workload holds fds $fds; the variables name $named"
		extra=$f # ls opening /proc/self/fd
	done
'
test_expect_success 'without abstat-spawn: runs still go, and the result says maxrss includes abstat' '
	mkdir -p "$TESTTMP/bin" && cp $ABSTAT "$TESTTMP/bin/abstat" &&
	expect_exit 0 env ABSTAT_WORKLOAD_DIR=/nonexistent "$TESTTMP/bin/abstat" run -r 2 -e task-clock -o "$TESTTMP/nohelper.json" -- /bin/true &&
	grep_err "abstat-spawn is not built or installed" &&
	json "[w for w in d[\"warnings\"] if \"abstat-spawn\" in w]" "$TESTTMP/nohelper.json" | grep -q "maxrss includes" ||
		fail "not recorded: $(json "d[\"warnings\"]" "$TESTTMP/nohelper.json")"
'
test_done
