# No recursion on input depth (issue 27, R1): a 70,000-frame stack from
# each of flame's three imports and from a result file draws as SVG,
# folded and text (flame_tree.c walks with a stack on the heap; it
# segfaulted in flame_tree_depth), and no .abstat-flame.XXXXXX is left
# behind on any exit path: success, a refused output, a signal.
# tags: sanitize
cd "$TESTTMP" || fail "no TESTTMP"
python3 - <<'PY' || fail "cannot make the inputs"
D = 70000
f = ["f%d" % i for i in range(D)]
open("deep.folded", "w").write(";".join(f) + " 1\n")
open("deep.bpftrace", "w").write("@[\n" + "".join(x + "+0x1\n" for x in reversed(f)) + "]: 3\n")
open("deep.perf", "w").write("prog 1 [000] 1.000000: 1 cycles:\n" +
    "".join("\t%x %s+0x1 (/bin/x)\n" % (i + 1, x) for i, x in enumerate(reversed(f))) + "\n")
PY
cp "$TOP/tests/fuzz/corpus/result/ok-plain.json" run.json
python3 "$TOP/tests/fixtures/flame/add-profile.py" run.json deep.json deep.folded ||
	fail "add-profile"
no_temp() {
	ls -a | grep -q '^\.abstat-flame\.' && { ls -la; fail "a temporary file is left"; }
	return 0
}

for kind in folded bpftrace perf; do
	imp=$kind; [ $kind = perf ] && imp=perf-script
	test_expect_success "flame --import $imp of a 70,000-frame stack: SVG 70,001 levels" '
		expect_exit 0 "$ABSTAT" flame --import '$imp' deep.'$kind' -o '$kind'.svg &&
		grep -Eq "data-l=\"70000\" data-n=\"f69999(_\[k\])?\"" '$kind'.svg ||
			fail "the deepest frame is not drawn at level 70000"
		no_temp
	'
done
test_expect_success 'flame of a result with a 70,000-frame stack: SVG, folded, text' '
	expect_exit 0 "$ABSTAT" flame deep.json -o r.svg &&
	grep -q "data-l=\"70000\"" r.svg &&
	expect_exit 0 "$ABSTAT" flame deep.json -o r.folded &&
	[ "$(tr ";" "\n" <r.folded | wc -l)" -eq 70000 ] &&
	expect_exit 0 "$ABSTAT" flame deep.json -o r.txt &&
	grep -q "70000 functions" r.txt && no_temp
'
test_expect_success 'a differential of two 70,000-frame stacks' '
	expect_exit 0 "$ABSTAT" flame --import folded deep.folded deep.folded -o d.svg &&
	grep -q "data-l=\"70000\"" d.svg && no_temp
'
test_expect_success 'an output that exists (no --force): exit 2, no temporary file' '
	expect_exit 2 "$ABSTAT" flame --import folded deep.folded -o folded.svg &&
	one_line_err && no_temp
'
test_expect_success 'SIGTERM or SIGINT while a big graph is written: no temporary file' '
	python3 -c "
import sys
with open(\"big.folded\", \"w\") as f:
    for i in range(200000):
        f.write(\";\".join(\"g%d\" % j for j in range(i % 60)) + \";x%d 1000\n\" % i)
" || fail "no input"
	for sig in TERM INT; do
		"$ABSTAT" flame --import folded big.folded -o big.svg --force &
		pid=$!
		sleep 0.3
		kill -$sig $pid 2>/dev/null
		wait $pid
		no_temp
	done
'
test_done
