# --allow-mixed names what it pools (issue 39): a side that pools two
# kernels, two command lines or two argument lists says so in the
# header and in json (sides[].pooled), never silently.
# tags: sanitize
test_lazy_prereq JQ 'command -v jq'
G=tests/golden
A=$G/base-b1.json,$G/base-b2.json,$G/base-b3.json
MIXED=$G/slow-b1.json,$G/slow-b2.json,$G/base-b3.json

test_expect_success 'text: the pooled kernels of the mixed side are named in the header' '
	expect_exit 0 "$ABSTAT" compare --allow-mixed $A $MIXED &&
	grep_out "^paravirt pools kernel.release 6.1.0-pv, 6.1.0-defconfig [(]--allow-mixed[)]$" &&
	if grep -q "^defconfig pools" "$TESTTMP/out"; then fail "the side that mixes nothing says it pools"; fi
'
test_expect_success JQ 'json: sides[].pooled names them, null for a side that mixes nothing' '
	"$ABSTAT" compare --allow-mixed --format json $A $MIXED >"$TESTTMP/m.json" 2>/dev/null &&
	[ "$(jq -r ".sides[0].pooled" "$TESTTMP/m.json")" = null ] || fail "baseline" &&
	[ "$(jq -r ".sides[1].pooled" "$TESTTMP/m.json")" = "kernel.release 6.1.0-pv, 6.1.0-defconfig" ] ||
		fail "side: $(jq -r ".sides[1].pooled" "$TESTTMP/m.json")"
'
test_expect_success 'command lines and arguments: named too' '
	expect_exit 0 "$ABSTAT" compare --allow-mixed $G/base-b1.json,$G/base-b2.json,$G/cmdline-b3.json $G/slow-b1.json,$G/slow-b2.json,$G/slow-b3.json &&
	grep_out "pools 2 kernel command lines [(]--allow-mixed[)]$" &&
	expect_exit 0 "$ABSTAT" compare --allow-mixed --allow-env-diff benchmarks.mmap.argv $G/argv-a.json,$G/argv-b.json $G/argv-b.json &&
	grep_out "pools the arguments of [^ ]+ [(]--allow-mixed[)]$"
'
test_expect_success 'no --allow-mixed, no mix: nothing said' '
	expect_exit 0 "$ABSTAT" compare $A $G/slow-b1.json,$G/slow-b2.json,$G/slow-b3.json &&
	nogrep_out " pools "
'
test_done
