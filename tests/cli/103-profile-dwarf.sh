# abstat profile --call-graph dwarf: the user stack unwound through the
# CFI (elfutils libdwfl) from each sample's registers and stack copy, so
# a caller of a library function built without frame pointers (main
# calling libc's syscall()) is in the chain, as frame pointers cannot
# show it; kernel frames stay the kernel's call chain.
# tags: alone
P=$BUILD/tests/progs
test_lazy_prereq DWARF_SAMPLING '"$ABSTAT" profile -q -r 1 --warmup 0 --call-graph dwarf -o "$TESTTMP/.d.json" -- true >/dev/null 2>&1'

stacks() {
	json "\"\\n\".join(s for r in d[\"benchmarks\"][0][\"runs\"] for s, c in r[\"profile\"][\"stacks\"])" "$1"
}

test_expect_success DWARF_SAMPLING 'dwarf: main calls syscall, under _start' '
	expect_exit 0 $ABSTAT profile -q --call-graph dwarf -r 3 -o "$TESTTMP/d.json" -- $P/spin 100000 &&
	stacks "$TESTTMP/d.json" >"$TESTTMP/stacks" &&
	grep -q "^_start;.*;main;syscall" "$TESTTMP/stacks" ||
		{ head "$TESTTMP/stacks"; fail "no _start;...;main;syscall stack"; }
'

test_expect_success DWARF_SAMPLING 'dwarf: recorded as the call graph, no samples lost' '
	json "d[\"config\"][\"profile\"][\"call_graph\"]" "$TESTTMP/d.json" | grep -qx dwarf &&
	json "sum(r[\"profile\"][\"lost\"] for r in d[\"benchmarks\"][0][\"runs\"])" "$TESTTMP/d.json" | grep -qx 0 ||
		fail "call_graph or lost: $(json "d[\"config\"][\"profile\"]" "$TESTTMP/d.json")"
'

test_expect_success DWARF_SAMPLING 'dwarf: the 70/30 split holds' '
	expect_exit 0 $ABSTAT profile -q --user-only --call-graph dwarf -r 3 -o "$TESTTMP/s.json" -- $P/split_work 70 100000 20 &&
	a=$(json "round(100.0 * sum(n for r in d[\"benchmarks\"][0][\"runs\"] if not r[\"warmup\"] for s, n in r[\"profile\"][\"stacks\"] if s.endswith(\";work_a\")) / sum(r[\"profile\"][\"samples\"] for r in d[\"benchmarks\"][0][\"runs\"] if not r[\"warmup\"]))" "$TESTTMP/s.json") &&
	[ "$a" -ge 65 ] && [ "$a" -le 75 ] || fail "work_a $a%"
'

test_expect_success 'usage: --call-graph takes fp or dwarf' '
	expect_exit 2 $ABSTAT profile --call-graph lbr -o "$TESTTMP/x.json" -- true && one_line_err
'
test_done
