# abstat boots when a boot goes wrong, with --method cmd and a fake /proc
# (nothing reboots): another kernel than planned is a mismatch, noted and
# never counted: retried once then failed (the plan goes on), or with
# --on-mismatch stop the plan stops; a machine that did not reboot (the
# same boot_id), a command line without its side's words; a run killed
# in the middle keeps its journal's runs (partial), as does a step cut
# off by a power loss; a run past --limit is killed and the boot failed;
# a --next that fails stops the plan. Then the usage errors.
# tags: sanitize
boots_setup
# plan DIR [INIT OPTIONS] [-- RUN-ARGS]: A=6.1.0-a B=6.12.0-b, 2 a side
plan() {
	_d=$1; shift
	$ABSTAT boots init "$_d" A=/boot/vmlinuz-6.1.0-a B=/boot/vmlinuz-6.12.0-b \
		-k 2 --method cmd --next "$TESTTMP/next" "$@" 2>/dev/null
}
state() { json "d[\"boots\"][$2][\"$3\"]" "$1/plan.json"; }
RUN="-q -r 2 -e task-clock -- true"

test_expect_success 'a mismatch is noted, the boot retried once, then failed; the plan goes on' '
	P=$TESTTMP/m && plan "$P" -- $RUN &&
	boots_as 6.1.0-a id0 && $ABSTAT boots step "$P" 2>/dev/null &&
	boots_as 6.12.0-b id1 && expect_exit 0 $ABSTAT boots step "$P" &&
	grep_err "boot 1: mismatch, try 1: running 6.12.0-b, expected 6.1.0-a \\(side A\\)" &&
	grep_err "booting boot 1 of 4 \\(side A, .*, again\\)" &&
	[ "$(state "$P" 0 state)" = booting ] && [ "$(state "$P" 0 tries)" = 2 ] &&
	boots_as 6.12.0-b id2 && expect_exit 0 $ABSTAT boots step "$P" &&
	[ "$(state "$P" 0 state)" = failed ] &&
	state "$P" 0 note | grep -q "^mismatch, try 2: running 6.12.0-b" &&
	grep_err "booting boot 2 of 4 \\(side B" && [ ! -e "$P/boot-01-A.json" ] &&
	[ "$(tail -n 1 "$TESTTMP/next.log")" = "2 B" ]
'
test_expect_success 'a last boot that fails is saved failed: the plan is over' '
	P=$TESTTMP/last &&
	$ABSTAT boots init "$P" A=/boot/vmlinuz-6.1.0-a B=/boot/vmlinuz-6.12.0-b -k 1 \
		--method cmd --next "$TESTTMP/next" -- $RUN 2>/dev/null &&
	boots_as 6.1.0-a id0 && $ABSTAT boots step "$P" 2>/dev/null &&
	boots_as 6.1.0-a id1 && $ABSTAT boots step "$P" 2>/dev/null &&
	boots_as 6.1.0-a id2 && $ABSTAT boots step "$P" 2>/dev/null &&
	boots_as 6.1.0-a id3 && expect_exit 0 $ABSTAT boots step "$P" &&
	grep_err "mismatch, try 2" && grep_err "is complete" &&
	[ "$(state "$P" 1 state)" = failed ] &&
	expect_exit 0 $ABSTAT boots status "$P" && grep_out "^1 done, 0 partial, 1 failed; complete\$"
'
test_expect_success 'the failed boot is in status and out of the report' '
	P=$TESTTMP/m &&
	boots_as 6.12.0-b id3 && $ABSTAT boots step "$P" 2>/dev/null &&
	boots_as 6.1.0-a id4 && $ABSTAT boots step "$P" 2>/dev/null &&
	boots_as 6.12.0-b id5 && $ABSTAT boots step "$P" 2>/dev/null &&
	expect_exit 0 $ABSTAT boots status "$P" &&
	grep_out "^3 done, 0 partial, 1 failed; complete\$" &&
	grep_out "^1 +A +failed +2 +mismatch, try 2" &&
	expect_exit 0 $ABSTAT boots report --format json "$P" &&
	json "[s[\"files\"] for s in d[\"rows\"][0][\"sides\"]]" "$TESTTMP/out" | grep -q "^\\[1, 2\\]\$"
'
test_expect_success '--on-mismatch stop: the plan stops, and stays stopped' '
	P=$TESTTMP/s && plan "$P" --on-mismatch stop -- $RUN &&
	boots_as 6.1.0-a id0 && $ABSTAT boots step "$P" 2>/dev/null &&
	boots_as 6.12.0-b id1 && expect_exit 1 $ABSTAT boots step "$P" &&
	grep_err "^abstat: error: boots step: the plan is stopped at boot 1 \\(--on-mismatch stop\\)" &&
	: >"$TESTTMP/next.log" &&
	expect_exit 1 $ABSTAT boots step "$P" && one_line_err &&
	grep_err "the plan in .* is stopped: boot 1: mismatch" &&
	[ ! -s "$TESTTMP/next.log" ] &&
	expect_exit 0 $ABSTAT boots status "$P" && grep_out "stopped: boot 1: mismatch"
'
test_expect_success 'the same boot_id: the machine did not reboot, not counted' '
	P=$TESTTMP/n && plan "$P" -- $RUN &&
	boots_as 6.1.0-a id0 && $ABSTAT boots step "$P" 2>/dev/null &&
	expect_exit 0 $ABSTAT boots step "$P" &&
	grep_err "boot 1: mismatch, try 1: the machine did not reboot \\(boot_id id0\\)" &&
	[ ! -e "$P/boot-01-A.json" ]
'
test_expect_success 'one kernel, two command lines: the words that tell the sides apart are checked' '
	P=$TESTTMP/c &&
	$ABSTAT boots init "$P" off=/boot/vmlinuz-6.1.0-a on=/boot/vmlinuz-6.1.0-a -k 1 \
		--cmdline-b kpti=1 --method cmd --next "$TESTTMP/next" -- $RUN 2>/dev/null &&
	boots_as 6.1.0-a id0 && $ABSTAT boots step "$P" 2>/dev/null &&
	boots_as 6.1.0-a id1 kpti=1 && expect_exit 0 $ABSTAT boots step "$P" &&
	grep_err "mismatch, try 1: running 6.1.0-a with .kpti=1. \\(side on.s\\) on its command line" &&
	boots_as 6.1.0-a id2 && $ABSTAT boots step "$P" 2>/dev/null &&
	[ "$(state "$P" 0 state)" = done ] &&
	boots_as 6.1.0-a id3 && expect_exit 0 $ABSTAT boots step "$P" &&
	grep_err "mismatch, try 1: running 6.1.0-a without .kpti=1. \\(side on\\)" &&
	boots_as 6.1.0-a id4 "quiet kpti=1" && $ABSTAT boots step "$P" 2>/dev/null &&
	[ "$(state "$P" 1 state)" = done ]
'
test_expect_success 'sides the running kernel cannot tell apart are refused at init' '
	expect_exit 2 $ABSTAT boots init "$TESTTMP/x" a=grub-a b=grub-b --method grub -- $RUN &&
	one_line_err && grep_err "cannot tell side a from side b \\(release unknown\\); give --release-a and --release-b" &&
	mkdir -p "$TESTTMP/bin" && printf "#!/bin/sh\n" >"$TESTTMP/bin/grub-reboot" &&
	chmod +x "$TESTTMP/bin/grub-reboot" &&
	PATH="$TESTTMP/bin:$PATH" expect_exit 0 $ABSTAT boots init "$TESTTMP/x" a=grub-a b=grub-b --method grub \
		--release-a 6.1.0-a --release-b 6.12.0-b -- $RUN
'
test_expect_success ROOT 'a plan in a tmpfs: a warning that it will not outlive a reboot' '
	mkdir -p "$TESTTMP/mem" &&
	unshare --mount sh -c "mount -t tmpfs abstat-test \"$TESTTMP/mem\" &&
		$ABSTAT boots init \"$TESTTMP/mem/p\" A=/boot/vmlinuz-1 B=/boot/vmlinuz-2 --method cmd --next true -- $RUN" \
		>"$TESTTMP/out" 2>"$TESTTMP/err" &&
	grep_err "^abstat: warning: boots init: .*/mem/p is in memory \\(tmpfs\\): the plan will not outlive a reboot"
'
test_expect_success 'a run killed in the middle keeps its finished runs (partial)' '
	P=$TESTTMP/k && echo 0 >"$TESTTMP/count" &&
	plan "$P" -- -q -r 5 -e task-clock -- sh -c "n=\$(cat $TESTTMP/count); echo \$((n + 1)) >$TESTTMP/count; [ \$n -lt 3 ] || kill -9 \$PPID" &&
	boots_as 6.1.0-a id0 && $ABSTAT boots step "$P" 2>/dev/null &&
	boots_as 6.1.0-a id1 && expect_exit 0 $ABSTAT boots step "$P" &&
	[ "$(state "$P" 0 state)" = partial ] &&
	state "$P" 0 note | grep -q "^abstat run exited 137 (see .*); [1-3] runs recovered from its journal\$" &&
	[ -f "$P/boot-01-A.json" ] && [ ! -e "$P/boot-01-A.json.journal" ] &&
	json "d[\"status\"]" "$P/boot-01-A.json" | grep -q partial &&
	grep_err "booting boot 2 of 4"
'
test_expect_success 'a step cut off by a power loss: the journal recovered at the next step' '
	P=$TESTTMP/k &&
	python3 -c "import json,sys; p=sys.argv[1]; d=json.load(open(p)); d[\"boots\"][1][\"state\"]=\"running\"; json.dump(d, open(p, \"w\"))" "$P/plan.json" &&
	{ $ABSTAT run -q -r 2 -e task-clock -o "$TESTTMP/j.json" -- sh -c "kill -9 \$PPID" 2>/dev/null || :; } &&
	mv "$TESTTMP/j.json.journal" "$P/boot-02-B.json.journal" &&
	boots_as 6.1.0-a id2 && expect_exit 0 $ABSTAT boots step "$P" &&
	grep_err "boot 2: interrupted \\(power loss, reset or a hang\\); [0-9]+ runs recovered from its journal; the plan goes on" &&
	[ "$(state "$P" 1 state)" = partial ] && grep_err "booting boot 3 of 4"
'
test_expect_success 'a run past --limit is killed: the boot failed, the plan goes on' '
	P=$TESTTMP/l && plan "$P" --limit 1 -- -q -r 1 -e task-clock -- sleep 30 &&
	boots_as 6.1.0-a id0 && $ABSTAT boots step "$P" 2>/dev/null &&
	boots_as 6.1.0-a id1 && expect_exit 0 $ABSTAT boots step "$P" &&
	state "$P" 0 note | grep -q "^no result within the limit (1 s): killed" &&
	[ "$(state "$P" 0 state)" = failed ] && grep_err "booting boot 2 of 4"
'
test_expect_success 'a --next that fails stops the plan, exit 5' '
	P=$TESTTMP/f &&
	$ABSTAT boots init "$P" A=/boot/vmlinuz-6.1.0-a B=/boot/vmlinuz-6.12.0-b --method cmd --next "exit 3" -- $RUN 2>/dev/null &&
	expect_exit 5 $ABSTAT boots step "$P" &&
	grep_err "^abstat: error: boots step: boot 1: --next failed \\(exit 3\\); the plan is stopped" &&
	[ "$(state "$P" 0 state)" = failed ]
'
for c in "boots|no verb" "boots go $TESTTMP/p|unknown verb .go." "boots step|needs the plan.s directory" \
	"boots init $TESTTMP/p a=1 b=2|no run arguments" "boots init $TESTTMP/p a=1 -- -w getppid|needs DIR and two sides" \
	"boots init $TESTTMP/p a=1 a=2 -- -w getppid|both sides are labelled .a." \
	"boots init $TESTTMP/p a/b=1 c=2 -- -w getppid|.a/b=1. is not LABEL=KERNEL" \
	"boots init $TESTTMP/p a=1 b=2 --method cmd -- -w getppid|--method cmd needs --next" \
	"boots status $TESTTMP/p extra|unexpected argument .extra." \
	"boots status $TESTTMP/none|no plan there; write one with abstat boots init"; do
	test_expect_success "usage: abstat ${c%%|*}: exit 2, one line" '
		expect_exit 2 $ABSTAT ${c%%|*} && one_line_err && grep_err "${c#*|}"
	'
done
test_done
