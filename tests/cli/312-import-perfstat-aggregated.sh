# abstat import perf-stat (issue 50): perf stat's per-CPU and per-socket
# output (-a -A, --per-socket), in its text, -x, and -j forms, is refused
# with one line naming the line, never imported as a result with no
# event and exit 0; a file whose lines are all skipped is refused too. A
# multiplexed count is kept exactly as perf printed it (12,345 ...
# (0.50%) is 12345, 48 ... (1.00%) is 48, not a count rounded through
# its running fraction), and the scaling is said in the result's
# warnings. A NUL byte is refused, not taken as the end of the file.
# Crafted files as perf writes them, and perf's own output where perf
# runs here.
# tags: sanitize
cd "$TESTTMP" || fail "no TESTTMP"
head='# started on Mon Dec  7 02:54:14 2026


 Performance counter stats for '"'"'system wide'"'"':
'
# refused FILE LINE: imported: exit 2, one line naming FILE:LINE, no result
refused() {
	expect_exit 2 "$ABSTAT" import perf-stat "$1" -o "$1.json" && one_line_err &&
	grep_err "^abstat: error: .*$1:$2: a per-CPU or per-socket count \\(perf stat -a -A, --per-socket, --per-core...\\)" &&
	[ ! -e "$1.json" ]
}

test_expect_success 'perf stat -a -A text: refused at its first per-CPU line' '
	{ printf "%s\n" "$head"
	  echo "CPU0                    16.87 msec task-clock                       #    1.087 CPUs utilized"
	  echo "CPU1                    15.54 msec task-clock                       #    1.002 CPUs utilized"
	  echo
	  echo "       0.015513344 seconds time elapsed"; } >a.txt &&
	refused a.txt 6
'
test_expect_success 'perf stat --per-socket and --per-core text: refused' '
	{ printf "%s\n" "$head"
	  echo "S0        2              23.15 msec task-clock                       #    2.006 CPUs utilized"; } >s.txt &&
	refused s.txt 6 &&
	{ printf "%s\n" "$head"
	  echo "S0-D0-C1           1              11.02 msec task-clock"; } >c.txt &&
	refused c.txt 6
'
test_expect_success 'the -x, and -j forms of the same: refused' '
	printf "# started on x\n\nCPU0,12.33,msec,task-clock,12326360,100.00,1.008,CPUs utilized\n" >a.csv &&
	refused a.csv 3 &&
	printf "# started on x\n\nS0,2,23.15,msec,task-clock,23150000,100.00,2.006,CPUs utilized\n" >s.csv &&
	refused s.csv 3 &&
	printf "# started on x\n\n{\"cpu\" : \"0\", \"counter-value\" : \"13.8\", \"unit\" : \"msec\", \"event\" : \"task-clock\", \"event-runtime\" : 13815838, \"pcnt-running\" : 100.00}\n" >a.jsonl &&
	refused a.jsonl 3
'
test_expect_success 'a file of only lines abstat skips: refused, no empty result' '
	{ printf "%s\n" "$head"; echo "       0.0155 seconds time elapsed"; } >none.txt &&
	expect_exit 2 "$ABSTAT" import perf-stat none.txt -o none.json && one_line_err &&
	grep_err "no event.s count in the file" && [ ! -e none.json ]
'
test_expect_success 'multiplexed counts kept as perf printed them, the scaling said' '
	{ echo "# started on x"; echo
	  echo " Performance counter stats for '"'"'./prog'"'"':"; echo
	  echo "            12,345      instructions                     #    0.50  insn per cycle           (0.50%)"
	  echo "                48      page-faults                      #    1.2 K/sec                      (1.00%)"
	  echo "             1,000      context-switches"; echo
	  echo "       0.0015 seconds time elapsed"; } >mux.txt &&
	expect_exit 0 "$ABSTAT" import perf-stat mux.txt -o mux.json &&
	[ "$(json "[c[\"value\"] for c in d[\"benchmarks\"][0][\"runs\"][0][\"counters\"]]" mux.json)" = "[12345, 48, 1000]" ] &&
	json "chr(10).join(d[\"warnings\"])" mux.json >w &&
	grep -q "instructions was multiplexed .*kept exactly as perf printed them" w &&
	grep -q "page-faults was multiplexed" w && ! grep -q context-switches w
'
test_expect_success 'a NUL byte is refused, not the end of the file' '
	printf "# started on x\n\n5,,page-faults,1,100.00,,\n\000\n7,,page-faults,1,100.00,,\n" >nul.csv &&
	expect_exit 2 "$ABSTAT" import perf-stat nul.csv -o nul.json && one_line_err &&
	grep_err "a NUL byte at offset 42: not perf stat.s text output" && [ ! -e nul.json ]
'
test_expect_success PERF 'perf.s own -a -A, --per-socket, -x and -j output: each refused' '
	perf stat -a -A -e task-clock -o pa.txt true 2>/dev/null &&
	perf stat -a --per-socket -e task-clock -o ps.txt true 2>/dev/null &&
	perf stat -x, -a -A -e task-clock -o px.txt true 2>/dev/null &&
	for f in pa.txt ps.txt px.txt; do
		expect_exit 2 "$ABSTAT" import perf-stat $f -o $f.json && one_line_err &&
		grep_err "a per-CPU or per-socket count" && [ ! -e $f.json ] || fail "$f"
	done
'
test_done
