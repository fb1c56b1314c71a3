# abstat bisect decides only from finished measurements (issue 50). The
# repository of test 250 (commit 11 adds 6%, commit 8 does not build),
# one bisect interrupted three times, each abstat inside its own PID
# namespace (unshare --pid --fork --mount-proc): a Ctrl-C to the process
# group during a step's build (make dies of SIGINT: exit 130, no
# decision), a SIGKILL of abstat while the build has left a broken
# binary that make would take as up to date (the resume cleans the tree:
# git clean -fdX), and a Ctrl-C while the first bad commit is built for
# the check against its parent (the par1 tree: the resume asks git
# whether the bisect is over and measures no step again). The end: the
# first bad commit of an uninterrupted bisect, no commit twice, no
# "exit 130" skip, no "command failed" step. A state.json with a foreign
# decision, a commit that is not a commit id or one outside the range is
# refused with one line, and nothing of it runs; one that makes a commit
# that changes nothing the first bad commit is said (even under -q), and
# the exit is 1.
# tags: alone
test_lazy_prereq BUILD_TOOLS 'command -v git && command -v make && command -v cc'
test_lazy_prereq PIDNS 'unshare --pid --fork --mount-proc true'

repo=$TESTTMP/repo
opts="-q -r 10 --max-runs 60 --warmup 1 --primary page-faults"
rev() { git -C "$repo" rev-list --reverse trunk | sed -n "${1}p"; }
state=$repo/.git/abstat-bisect/state.json
# the build: counts itself; the 4th is stopped by a Ctrl-C to the group,
# the 8th leaves a broken ./loop and SIGKILLs abstat (its session's
# leader), the first in par1 is stopped by a Ctrl-C
cat >"$TESTTMP/build" <<EOF
#!/bin/sh
n=\$((\$(cat $TESTTMP/count 2>/dev/null || echo 0) + 1)); echo \$n >$TESTTMP/count
case \$PWD in */par1) [ -e $TESTTMP/par1 ] || { : >$TESTTMP/par1; kill -INT 0; sleep 5; } ;; esac
[ \$n -ne 4 ] || { kill -INT 0; sleep 5; }
[ \$n -ne 8 ] || { printf 'broken' >loop; chmod +x loop; touch loop; kill -KILL \$(ps -o sid= -p \$\$); sleep 5; }
exec make
EOF
chmod +x "$TESTTMP/build"
# bisect [OUT]: one abstat bisect in a PID namespace of its own, abstat
# the leader of its session and process group (the build's kill 0 and
# its SIGKILL of the session's leader reach nothing else); its status in
# $TESTTMP/rc
bisect() {
	(cd "$repo" && unshare --pid --fork --mount-proc sh -c 'setsid -w "$@"' sh "$ABSTAT" bisect --good "$(rev 1)" \
		--bad "$(rev 16)" --build "$TESTTMP/build" ${1:+-o "$1"} $opts -- ./loop) \
		>"$TESTTMP/out" 2>"$TESTTMP/err"
	echo $? >"$TESTTMP/rc"
}

test_expect_success BUILD_TOOLS,PIDNS 'a Ctrl-C during a step.s build: no decision, its commit is under way' '
	sh "$TOP/tests/fixtures/bisect-repo.sh" "$repo" 1500000 2000 &&
	bisect && [ "$(cat "$TESTTMP/rc")" -ne 0 ] && [ "$(cat "$TESTTMP/count")" = 4 ] &&
	[ "$(json "d[\"in_progress\"][\"doing\"]" "$state")" = building ] &&
	c=$(json "d[\"in_progress\"][\"commit\"]" "$state") &&
	! json "[s[\"commit\"] for s in d[\"steps\"]]" "$state" | grep -q "$c" &&
	! grep -q "exit 130" "$state"
'
test_expect_success BUILD_TOOLS,PIDNS 'a state with a foreign decision or commit is refused, nothing of it run' '
	cp "$state" "$TESTTMP/state.keep" &&
	printf "#!/bin/sh\n: >%s/ran\n" "$TESTTMP" >"$TESTTMP/x.sh" && chmod +x "$TESTTMP/x.sh" &&
	python3 -c "import json,sys; d=json.load(open(sys.argv[1])); d[\"steps\"].append({\"commit\": sys.argv[2], \"decision\": \"run\"}); json.dump(d, open(sys.argv[1], \"w\"))" "$state" "$TESTTMP/x.sh" &&
	bisect && [ "$(cat "$TESTTMP/rc")" = 2 ] && one_line_err &&
	grep_err "^abstat: error: bisect: .*state.json: step [0-9]+ \\(run .*/x.sh\\): its decision is not good, bad or skip; .git bisect reset. and removing" &&
	cp "$TESTTMP/state.keep" "$state" &&
	python3 -c "import json,sys; d=json.load(open(sys.argv[1])); d[\"steps\"].append({\"commit\": sys.argv[2], \"decision\": \"good\"}); json.dump(d, open(sys.argv[1], \"w\"))" "$state" "$TESTTMP/x.sh" &&
	bisect && [ "$(cat "$TESTTMP/rc")" = 2 ] && grep_err "its commit is not a full commit id" &&
	out=$(git -C "$repo" commit-tree "$(rev 1)^{tree}" -p "$(rev 1)" -m outside) &&
	cp "$TESTTMP/state.keep" "$state" &&
	python3 -c "import json,sys; d=json.load(open(sys.argv[1])); d[\"steps\"].append({\"commit\": sys.argv[2], \"decision\": \"bad\"}); json.dump(d, open(sys.argv[1], \"w\"))" "$state" "$out" &&
	bisect && [ "$(cat "$TESTTMP/rc")" = 2 ] && grep_err "its commit is not between the good and bad ends" &&
	[ ! -e "$TESTTMP/ran" ] && [ "$(cat "$TESTTMP/count")" = 4 ] &&
	cp "$TESTTMP/state.keep" "$state"
'
test_expect_success BUILD_TOOLS,PIDNS 'resumed: SIGKILL with a broken binary, then a Ctrl-C in par1; the same first bad commit, no step twice' '
	bisect && [ "$(cat "$TESTTMP/rc")" -ne 0 ] && [ "$(cat "$TESTTMP/count")" = 8 ] &&
	[ -x "$repo/loop" ] && [ "$(json "d[\"in_progress\"][\"doing\"]" "$state")" = building ] &&
	bisect && [ "$(cat "$TESTTMP/rc")" -ne 0 ] && [ -e "$TESTTMP/par1" ] ||
		{ cat "$TESTTMP/out" "$TESTTMP/err"; fail "not interrupted in par1 (exit $(cat "$TESTTMP/rc"))"; }
	n=$(json "len(d[\"steps\"])" "$state") &&
	bisect "$TESTTMP/report.json" && [ "$(cat "$TESTTMP/rc")" = 0 ] ||
		{ cat "$TESTTMP/out" "$TESTTMP/err"; fail "the last resume: exit $(cat "$TESTTMP/rc")"; }
	grep_out "^first bad commit: $(rev 11)\$" &&
	[ "$(json "len(d[\"steps\"])" "$TESTTMP/report.json")" = "$n" ] &&
	json "chr(10).join(s[\"commit\"] for s in d[\"steps\"])" "$TESTTMP/report.json" >"$TESTTMP/commits" &&
	[ "$(sort "$TESTTMP/commits" | uniq -d | wc -l)" = 0 ] &&
	! json "chr(10).join(str(s[\"reason\"]) for s in d[\"steps\"])" "$TESTTMP/report.json" |
		grep -q "exit 13[07]\\|exit 9\\|command failed" &&
	[ ! -e "$repo/.git/BISECT_LOG" ] && [ ! -e "$repo/.git/abstat-bisect" ]
'
test_expect_success BUILD_TOOLS,PIDNS 'a first bad commit with no change against its parent: warned, exit 1' '
	repo=$TESTTMP/repo2 && state=$repo/.git/abstat-bisect/state.json &&
	sh "$TOP/tests/fixtures/bisect-repo.sh" "$repo" 1500000 2000 &&
	echo 1 >"$TESTTMP/count" && bisect && [ "$(cat "$TESTTMP/rc")" -ne 0 ] &&
	[ "$(json "d[\"in_progress\"][\"doing\"]" "$state")" = building ] &&
	echo 100 >"$TESTTMP/count" &&
	# a hand-made history: 5 good, 6 bad (6 only changes the README)
	python3 -c "import json,sys; d=json.load(open(sys.argv[1])); d[\"steps\"] += [{\"commit\": sys.argv[2], \"decision\": \"good\"}, {\"commit\": sys.argv[3], \"decision\": \"bad\"}]; json.dump(d, open(sys.argv[1], \"w\"))" "$state" "$(rev 5)" "$(rev 6)" &&
	bisect "$TESTTMP/r2.json" && [ "$(cat "$TESTTMP/rc")" = 1 ] ||
		{ cat "$TESTTMP/out" "$TESTTMP/err"; fail "exit $(cat "$TESTTMP/rc"), expected 1"; }
	grep_out "^first bad commit: $(rev 6)\$" &&
	grep_err "^abstat: bisect: the first bad commit $(rev 6 | cut -c1-12) shows no change against its parent \\([-+][0-9.]+%" &&
	[ "$(json "d[\"first_bad\"][\"commit\"]" "$TESTTMP/r2.json")" = "$(rev 6)" ] &&
	[ ! -e "$repo/.git/abstat-bisect" ]
'
test_done
