# abstat bisect --measure (issue 41, the kernel half) on the host: the
# bar's repository (tests/fixtures/bisect-repo.sh; commit 8 does not
# build, commit 11 adds 6% to the loop), each side measured by a fake
# measure command that stands for boots: three result files a call
# (the side's loop's cost, imported), each given a boot_id of its
# own as a reboot would (abstat-compare(1): the boot is the unit). It names
# commit 11, measures each commit once (the ends' and steps' boots are
# kept for the first bad commit and its parent), hands the command its
# environment, skips what the measure says to skip, refuses files of
# one boot, and leaves the repository as it found it.
# tags: sanitize
test_lazy_prereq BUILD_TOOLS 'command -v git && command -v make && command -v cc'
repo=$TESTTMP/repo
setup() {
	[ -d "$repo" ] || sh "$TOP/tests/fixtures/bisect-repo.sh" "$repo" 1500000 ||
		fail "cannot make the repository"
}
rev() { git -C "$repo" rev-list --reverse trunk | sed -n "${1}p"; }
# the fake boots: $TESTTMP/measure.sh, its calls logged in calls.log
cat >"$TESTTMP/measure.sh" <<EOF2
set -e
echo "\$ABSTAT_BISECT_SIDE \$ABSTAT_BISECT_COMMIT \$ABSTAT_BISECT_ROUND \$ABSTAT_BISECT_TREE \$(pwd)" >>"$TESTTMP/calls.log"
# SKIP_FIRST=FILE: the first step measured says skip (which commit
# that is depends on git's choice around the commit that does not build)
if [ -n "\${SKIP_FIRST:-}" ] && [ "\$ABSTAT_BISECT_SIDE" = step ] && [ ! -e "\$SKIP_FIRST" ]; then
	echo "\$ABSTAT_BISECT_COMMIT" >"\$SKIP_FIRST"; exit 125; fi
# a boot's runs: the loop's cost read from the side's loop.c (its
# iterations, and 200 for the tiny second loop), as ns/op of an
# imported benchmark with a spread of 0.15%: deterministic, so that no
# drift of this host between sessions moves a step (the lab's test 100
# and make lab-bisect measure for real)
n=\$(sed -n 's/.*i < \([0-9]*\);.*/\1/p' loop.c)
x=0; grep -q "k < 200" loop.c && x=200
for i in 1 2 3; do
	awk -v n="\$n" -v x="\$x" -v i="\$i" 'BEGIN { print "goos: linux"
		for (j = 1; j <= 5; j++)
			printf "BenchmarkLoop-2\t1\t%.3f ns/op\n", (n + x) / 1000 * (1 + ((i * 5 + j) % 7 - 3) * 0.0005)
		print "PASS" }' >"\$ABSTAT_BISECT_OUT/g\$i.txt"
	"$ABSTAT" import -q gobench "\$ABSTAT_BISECT_OUT/g\$i.txt" -o "\$ABSTAT_BISECT_OUT/r\$i.json"
	rm -f "\$ABSTAT_BISECT_OUT/g\$i.txt"
	# ONE_BOOT: the three files of one boot (one boot_id)
	python3 -c 'import json, sys, uuid
d = json.load(open(sys.argv[1]))
d["env"].setdefault("kernel", {})["boot_id"] = sys.argv[2] or str(uuid.uuid4())
json.dump(d, open(sys.argv[1], "w"))' "\$ABSTAT_BISECT_OUT/r\$i.json" \
		"\${ONE_BOOT:+0b1e0b1e-0000-4000-8000-000000000001}"
done
EOF2
m="sh $TESTTMP/measure.sh"
clean() {
	[ "$(git -C "$repo" rev-parse --abbrev-ref HEAD)" = trunk ] ||
		fail "HEAD is not trunk again: $(git -C "$repo" rev-parse --abbrev-ref HEAD)"
	[ ! -e "$repo/.git/BISECT_LOG" ] || fail "a git bisect is left in progress"
	[ ! -e "$repo/.git/abstat-bisect" ] || fail "the state is left"
}

test_expect_success BUILD_TOOLS 'bisect --measure names the 6% commit, each commit measured once' '
	setup && rm -f "$TESTTMP/calls.log" &&
	(cd "$repo" && "$ABSTAT" bisect --good "$(rev 1)" --bad "$(rev 16)" --build make \
		--measure "$m" --max-runs 9 -o "$TESTTMP/report.json") >"$TESTTMP/out" 2>"$TESTTMP/err"; rc=$?
	[ $rc -eq 0 ] || { cat "$TESTTMP/out" "$TESTTMP/err"; fail "exit $rc"; }
	grep_out "^first bad commit: $(rev 11)\$" &&
	grep_out "^bad against good: \+[0-9.]+% .* boots a side\)\$" &&
	grep_out "^ # commit .* boots dec\. subject\$" &&
	[ "$(json "d[\"first_bad\"][\"commit\"]" "$TESTTMP/report.json")" = "$(rev 11)" ] &&
	[ "$(json "d[\"measure\"]" "$TESTTMP/report.json")" = "$m" ] &&
	json "[s[\"reason\"] for s in d[\"steps\"] if s[\"commit\"] == \"$(rev 8)\"][0]" \
		"$TESTTMP/report.json" | grep -q "^the build failed" ||
		fail "the commit that does not build is not skipped for it" &&
	json "d[\"mail\"]" "$TESTTMP/report.json" >"$TESTTMP/mail" &&
	width_ascii "$TESTTMP/mail" 72 && width_ascii "$TESTTMP/out" 80 &&
	grep -q "^delta: .* against the parent," "$TESTTMP/mail" &&
	grep -q "boots a side (abstat bisect --measure)" "$TESTTMP/mail" &&
	# every call: the side, the commit, its round, the work tree, run there
	awk -v top="$repo" "\$4 != top || \$5 != top { print; bad = 1 } END { exit bad }" \
		"$TESTTMP/calls.log" || fail "a call not in the work tree" &&
	awk "\$1 == \"good\" && \$3 == 1" "$TESTTMP/calls.log" | grep -q "$(rev 1)" &&
	awk "\$1 == \"bad\" && \$3 == 1" "$TESTTMP/calls.log" | grep -q "$(rev 16)" &&
	# the parent and the first bad commit: measured as steps or ends already
	if awk "{ print \$2, \$3 }" "$TESTTMP/calls.log" | sort | uniq -d | grep .; then
		fail "a call repeated"; fi &&
	if grep -q "^parent\|^first-bad" "$TESTTMP/calls.log"; then
		json "[s[\"commit\"][:12] for s in d[\"steps\"]]" "$TESTTMP/report.json"
		cat "$TESTTMP/calls.log"; fi &&
	clean
'
test_expect_success BUILD_TOOLS 'the measure says skip (exit 125): the step is skipped with the reason' '
	setup &&
	rm -f "$TESTTMP/skipped" &&
	(cd "$repo" && SKIP_FIRST=$TESTTMP/skipped "$ABSTAT" bisect --good "$(rev 1)" --bad "$(rev 16)" --build make \
		--measure "$m" --max-runs 9 -o "$TESTTMP/skip.json") >"$TESTTMP/out" 2>"$TESTTMP/err"; rc=$?
	sk=$(cat "$TESTTMP/skipped") || fail "no step measured" &&
	json "[s[\"reason\"] for s in d[\"steps\"] if s[\"commit\"] == \"$sk\"]" "$TESTTMP/skip.json" |
		grep -q "the measure said skip (exit 125)" || { cat "$TESTTMP/out"; fail "$sk not skipped by the measure"; } &&
	# the commit skipped may be the 6% one: then it is a candidate
	if [ "$sk" = "$(rev 11)" ]; then
		[ $rc -eq 1 ] || fail "exit $rc, expected 1 (candidates)"
		grep_out "^  candidate $(rev 11)"
	else
		[ $rc -eq 0 ] || { cat "$TESTTMP/out" "$TESTTMP/err"; fail "exit $rc"; }
		grep_out "^first bad commit: $(rev 11)\$"
	fi &&
	clean
'
test_expect_success BUILD_TOOLS 'files of one boot: refused, the repository as it was' '
	setup &&
	(cd "$repo" && ONE_BOOT=1 "$ABSTAT" bisect --good "$(rev 1)" --bad "$(rev 16)" --build make \
		--measure "$m") >"$TESTTMP/out" 2>"$TESTTMP/err"; rc=$?
	[ $rc -eq 2 ] || { cat "$TESTTMP/out" "$TESTTMP/err"; fail "exit $rc, expected 2"; }
	grep_err "^abstat: error: bisect: the result files of a side are of one boot \(sessions, not boots\); --measure.s unit is the boot" &&
	clean
'
test_expect_success '--measure with a COMMAND too, or empty: usage errors' '
	expect_exit 2 "$ABSTAT" bisect --good HEAD --bad HEAD~1 --build make --measure true -- ./loop &&
	grep_err "^abstat: error: bisect: --measure and a COMMAND after --: give one" &&
	expect_exit 2 "$ABSTAT" bisect --good HEAD --bad HEAD~1 --build make --measure "" &&
	grep_err "^abstat: error: --measure: empty command"
'
test_done
