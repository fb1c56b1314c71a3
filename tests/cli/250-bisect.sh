# abstat bisect (issue 41), the bar: a git repository of a small C
# program, 16 commits (tests/fixtures/bisect-repo.sh: commit 5 changes
# the loop by far less than the noise, commit 8 does not build, commit
# 11 adds 6% to the measured loop and to the pages it touches). The
# bisect names commit 11 as the first bad commit within 12 measured
# steps, decides no step against the history (before 11 good or
# skipped, from 11 on bad or skipped), skips the commit that does not
# build, writes a report naming every step and leaves the repository as
# it found it (git bisect reset, no private work trees). Good and bad
# ends that are the same program are refused. An interrupted bisect
# goes on from its state. The tested row is page-faults (--primary):
# 2000 pages at the good end, 2120 from commit 11, about 2050 and 2170
# faults a run within 2 on any machine, where a 6% change of task-clock
# is within what a noisy VM invents between two copies of one binary
# (the README's bisect decides on page-faults too).
# tags: alone
test_lazy_prereq BUILD_TOOLS 'command -v git && command -v make && command -v cc'

repo=$TESTTMP/repo
opts="-q -r 10 --max-runs 60 --warmup 1 --primary page-faults"
setup() {
	[ -d "$repo" ] || sh "$TOP/tests/fixtures/bisect-repo.sh" "$repo" 1500000 2000 ||
		fail "cannot make the repository"
}
# rev N: the SHA of commit N (1 is the first)
rev() { git -C "$repo" rev-list --reverse trunk | sed -n "${1}p"; }
# clean: the repository as it was: on its branch, no bisect, no state,
# no work tree but its own
clean() {
	[ "$(git -C "$repo" rev-parse --abbrev-ref HEAD)" = trunk ] ||
		fail "git bisect reset was not run: HEAD is detached"
	[ ! -e "$repo/.git/BISECT_LOG" ] || fail "a git bisect is left in progress"
	[ ! -e "$repo/.git/abstat-bisect" ] || fail "the state is left"
	[ "$(git -C "$repo" worktree list | wc -l)" -eq 1 ] ||
		{ git -C "$repo" worktree list; fail "private work trees are left"; }
}
# check_report FILE: every step printed is in FILE, with a decision that
# agrees with the history; at most 12 measured
check_report() {
	json "len(d['steps'])" "$1" >"$TESTTMP/nsteps" &&
	[ "$(cat "$TESTTMP/nsteps")" -ge 1 ] || fail "no step in $1"
	json "sum(s['measured'] for s in d['steps'])" "$1" >"$TESTTMP/nmeas" &&
	[ "$(cat "$TESTTMP/nmeas")" -le 12 ] ||
		fail "$(cat "$TESTTMP/nmeas") measured steps, more than 12"
	# the steps printed ("NN SHA12 ...", before the first bad commit and
	# the mail) are those of the report
	sed "/^first bad commit/q" "$TESTTMP/out" | grep -E "^ *[0-9]+ [0-9a-f]{12} " |
		awk "{ print \$2 }" >"$TESTTMP/printed"
	json "chr(10).join(s['commit'][:12] for s in d['steps'])" "$1" >"$TESTTMP/reported"
	cmp -s "$TESTTMP/printed" "$TESTTMP/reported" ||
		{ cat "$TESTTMP/out"; fail "the printed steps are not the report's"; }
	bad=$(rev 11)
	for s in $(json "' '.join(s['commit'] + ':' + s['decision'] for s in d['steps'])" "$1"); do
		c=${s%:*} d=${s#*:}
		if git -C "$repo" merge-base --is-ancestor "$bad" "$c"; then
			case $d in bad|skip) ;; *) fail "$c is after the regression, decided $d" ;; esac
		else
			case $d in good|skip) ;; *) fail "$c is before the regression, decided $d" ;; esac
		fi
	done
}

test_expect_success BUILD_TOOLS 'bisect names the 6% commit, skips the one that does not build' '
	setup &&
	(cd "$repo" && "$ABSTAT" bisect --good "$(rev 1)" --bad "$(rev 16)" --build make \
		-o "$TESTTMP/report.json" $opts -- ./loop) >"$TESTTMP/out" 2>"$TESTTMP/err"; rc=$?
	[ $rc -eq 0 ] || { cat "$TESTTMP/out" "$TESTTMP/err"; fail "exit $rc"; }
	grep_out "^first bad commit: $(rev 11)\$" &&
	check_report "$TESTTMP/report.json" &&
	[ "$(json "d[\"first_bad\"][\"commit\"]" "$TESTTMP/report.json")" = "$(rev 11)" ] ||
		fail "the report names another first bad commit"
	json "[s[\"decision\"] + \" \" + (s[\"reason\"] or \"\") for s in d[\"steps\"] if s[\"commit\"] == \"$(rev 8)\"][0]" \
		"$TESTTMP/report.json" >"$TESTTMP/broken" ||
		{ cat "$TESTTMP/out"; fail "the commit that does not build is not a step"; }
	grep -q "^skip the build failed (exit 2)" "$TESTTMP/broken" ||
		fail "the commit that does not build: $(cat "$TESTTMP/broken")"
	json "d[\"mail\"]" "$TESTTMP/report.json" >"$TESTTMP/mail" &&
	width_ascii "$TESTTMP/mail" 72 && width_ascii "$TESTTMP/out" 80 &&
	grep -q "^commit: $(rev 11 | cut -c1-12) (" "$TESTTMP/mail" ||
		{ cat "$TESTTMP/mail"; fail "the mail summary lacks the first bad commit"; }
	clean
'
test_expect_success BUILD_TOOLS 'good and bad the same program: refused, nothing left' '
	setup &&
	(cd "$repo" && "$ABSTAT" bisect --good "$(rev 1)" --bad "$(rev 4)" --build make \
		$opts -- ./loop) >"$TESTTMP/out" 2>"$TESTTMP/err"; rc=$?
	[ $rc -eq 2 ] || { cat "$TESTTMP/out" "$TESTTMP/err"; fail "exit $rc, expected 2"; }
	grep_err "^abstat: error: bisect: good and bad are not distinguishable here: [-+][0-9.]+% \[[-+][0-9.]+, [-+][0-9.]+\] \(page-faults" &&
	grep_err "; more runs or boots\?\$" &&
	if grep -q "first bad commit" "$TESTTMP/out"; then fail "a first bad commit named"; fi
	clean
'
test_expect_success BUILD_TOOLS 'from elsewhere with --repo: COMMAND runs in the work tree, -o where abstat started' '
	setup &&
	top=$(cd "$repo" && pwd -P) && rm -f "$TESTTMP/cwd" "$TESTTMP/refused.json" &&
	(cd "$TESTTMP" && "$ABSTAT" bisect --repo "$repo" --good "$(rev 1)" --bad "$(rev 4)" \
		--build make -o refused.json $opts -- \
		sh -c "pwd -P >>\"$TESTTMP/cwd\"; exec \"\$0\"" ./loop) >"$TESTTMP/out" 2>"$TESTTMP/err"; rc=$?
	[ $rc -eq 2 ] || { cat "$TESTTMP/out" "$TESTTMP/err"; fail "exit $rc, expected 2"; }
	[ -s "$TESTTMP/cwd" ] || fail "COMMAND did not run"
	sort -u "$TESTTMP/cwd" >"$TESTTMP/cwds" &&
	printf "%s\n" "$top" | cmp -s - "$TESTTMP/cwds" ||
		{ cat "$TESTTMP/cwds"; fail "COMMAND ran outside the work tree $top"; }
	[ -s "$TESTTMP/refused.json" ] || fail "no report in abstat'"'"'s directory"
	clean
'
test_expect_success BUILD_TOOLS 'an interrupted bisect goes on from its state' '
	setup &&
	# the fifth build (good end, bad end, three steps) interrupts abstat
	build="n=\$(cat $TESTTMP/count 2>/dev/null || echo 0); echo \$((n + 1)) >$TESTTMP/count; [ \$n -ne 4 ] || kill -INT \$PPID; make"
	(cd "$repo" && "$ABSTAT" bisect --good "$(rev 1)" --bad "$(rev 16)" --build "$build" \
		$opts -- ./loop) >"$TESTTMP/out" 2>"$TESTTMP/err"; rc=$?
	[ $rc -ne 0 ] || { cat "$TESTTMP/out"; fail "not interrupted"; }
	[ -e "$repo/.git/BISECT_LOG" ] && [ -s "$repo/.git/abstat-bisect/state.json" ] ||
		fail "no state left after the interruption"
	done=$(json "len(d[\"steps\"])" "$repo/.git/abstat-bisect/state.json") &&
	[ "$done" -ge 1 ] || fail "no step saved before the interruption"
	(cd "$repo" && "$ABSTAT" bisect --good "$(rev 1)" --bad "$(rev 16)" --build "$build" \
		-o "$TESTTMP/resumed.json" $opts -- ./loop) >"$TESTTMP/out" 2>"$TESTTMP/err"; rc=$?
	[ $rc -eq 0 ] || { cat "$TESTTMP/out" "$TESTTMP/err"; fail "resumed: exit $rc"; }
	grep_out "^first bad commit: $(rev 11)\$" &&
	[ "$(json "len(d[\"steps\"])" "$TESTTMP/resumed.json")" -gt "$done" ] ||
		fail "the resumed bisect took no step of its own"
	clean
'
test_expect_success 'bisect without its required options: a usage error' '
	expect_exit 2 "$ABSTAT" bisect --good HEAD -- ./loop &&
	grep_err "^abstat: error: bisect: --good REV, --bad REV and --build .CMD. are required"
'
test_done
