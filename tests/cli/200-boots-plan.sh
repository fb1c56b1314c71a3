# abstat boots: a whole plan of 2 boots a side, ABAB, with --method cmd
# and a recording --next (nothing reboots): init writes the plan, each
# step checks the running kernel (a fake /proc under ABSTAT_SYSROOT:
# osrelease, cmdline, boot_id), runs doctor and abstat run into DIR and
# boots the next side through --next with the side in ABSTAT_BOOTS_*;
# status shows the plan in order; report is compare's table with each
# side's boots as its files.
# tags: sanitize
P=$TESTTMP/plan
ROOT=$TESTTMP/root
export ABSTAT_SYSROOT=$ROOT
mkdir -p "$ROOT/proc/sys/kernel/random"
cat >"$TESTTMP/next" <<EON
#!/bin/sh
{ echo "boot \$ABSTAT_BOOTS_BOOT side \$ABSTAT_BOOTS_SIDE kernel \$ABSTAT_BOOTS_KERNEL cmdline \"\$ABSTAT_BOOTS_CMDLINE\" dir \$ABSTAT_BOOTS_DIR args \$#"; } >>"$TESTTMP/next.log"
EON
chmod +x "$TESTTMP/next"
# as REL ID [CMDLINE]: the machine now runs kernel REL, boot ID
as() {
	echo "$1" >"$ROOT/proc/sys/kernel/osrelease"
	echo "$2" >"$ROOT/proc/sys/kernel/random/boot_id"
	echo "BOOT_IMAGE=/boot/vmlinuz-$1 root=/dev/sda1 ro ${3:-}" >"$ROOT/proc/cmdline"
}
state() { json "d[\"boots\"][$1][\"state\"]" "$P/plan.json"; }

test_expect_success 'init writes the plan: 4 boots ABAB, the run words, the releases' '
	expect_exit 0 $ABSTAT boots init "$P" 6.1=/boot/vmlinuz-6.1.0-test \
		6.12=/boot/vmlinuz-6.12.0-test -k 2 --method cmd --next "$TESTTMP/next" \
		-- -q -r 3 -e task-clock -- sh -c "exit 0" &&
	grep_err "boots init: 4 boots \\(abab, cmd\\) in .*plan.json" &&
	[ "$(json "\" \".join(b[\"side\"] for b in d[\"boots\"])" "$P/plan.json")" = "6.1 6.12 6.1 6.12" ] &&
	[ "$(json "\"|\".join(d[\"run\"])" "$P/plan.json")" = "-q|-r|3|-e|task-clock|--|sh|-c|exit 0" ] &&
	[ "$(json "d[\"sides\"][1][\"release\"]" "$P/plan.json")" = 6.12.0-test ]
'
test_expect_success 'a second init over the plan is refused; --force replaces it' '
	cp "$P/plan.json" "$TESTTMP/plan.keep" &&
	expect_exit 2 $ABSTAT boots init "$P" a=/boot/vmlinuz-1 b=/boot/vmlinuz-2 -- -w getppid &&
	one_line_err && grep_err "plan.json exists: DIR holds a plan" &&
	cmp "$P/plan.json" "$TESTTMP/plan.keep"
'
test_expect_success 'the first step boots the first side (nothing measured yet)' '
	as 6.12.0-test boot-0 &&
	expect_exit 0 $ABSTAT boots step "$P" &&
	grep_err "booting boot 1 of 4 \\(side 6.1, /boot/vmlinuz-6.1.0-test\\)" &&
	[ "$(cat "$TESTTMP/next.log")" = "boot 1 side 6.1 kernel /boot/vmlinuz-6.1.0-test cmdline \"\" dir $P args 0" ] &&
	[ "$(state 0)" = booting ] && ! ls "$P"/boot-* 2>/dev/null
'
test_expect_success 'each step measures the boot it is in and boots the next, in order' '
	as 6.1.0-test boot-1 && expect_exit 0 $ABSTAT boots step "$P" &&
	grep_err "boot 1 of 4 \\(side 6.1\\) is running" &&
	as 6.12.0-test boot-2 && expect_exit 0 $ABSTAT boots step "$P" &&
	as 6.1.0-test boot-3 && expect_exit 0 $ABSTAT boots step "$P" &&
	as 6.12.0-test boot-4 && expect_exit 0 $ABSTAT boots step "$P" &&
	grep_err "the plan in .* is complete" &&
	for f in boot-01-6.1 boot-02-6.12 boot-03-6.1 boot-04-6.12; do
		[ -f "$P/$f.json" ] && [ -s "$P/$f.doctor.txt" ] || fail "no $f"
	done &&
	[ "$(sed -n "s/^boot \\([0-9]\\) side \\([^ ]*\\) .*/\\1\\2/p" "$TESTTMP/next.log" | tr "\\n" " ")" = "16.1 26.12 36.1 46.12 " ]
'
test_expect_success 'a step after the end boots nothing' '
	: >"$TESTTMP/next.log" &&
	expect_exit 0 $ABSTAT boots step "$P" && grep_err "is complete" &&
	[ ! -s "$TESTTMP/next.log" ]
'
test_expect_success 'status: the plan in order, every boot done' '
	expect_exit 0 $ABSTAT boots status "$P" &&
	grep_out "^4 done, 0 partial, 0 failed; complete\$" &&
	grep_out "^1 +6\\.1 +done +1$" && grep_out "^4 +6\\.12 +done +1$"
'
test_expect_success 'report: compare with the boots as the files of each side' '
	# abstat run recorded this machine'"'"'s boot_id (the reboots are
	# faked): the ids the fake /proc gave, as real reboots record them
	for i in 1 2 3 4; do
		f=$(ls "$P"/boot-0$i-*.json) &&
		json "d[\"env\"][\"kernel\"].update(boot_id=\"boot-$i\") or __import__(\"json\").dumps(d)" \
			"$f" >"$f.new" && mv "$f.new" "$f" || fail "boot_id of $f"
	done &&
	expect_exit 0 $ABSTAT boots report "$P" &&
	$ABSTAT compare "6.1=$P/boot-01-6.1.json,$P/boot-03-6.1.json" \
		"6.12=$P/boot-02-6.12.json,$P/boot-04-6.12.json" >"$TESTTMP/want" 2>/dev/null &&
	cmp "$TESTTMP/out" "$TESTTMP/want" &&
	grep_out "boots 2/2"
'
test_expect_success 'report --format json, and --plot draws the chart too' '
	expect_exit 0 $ABSTAT boots report --format json "$P" &&
	json "[s[\"files\"] for s in d[\"rows\"][0][\"sides\"]]" "$TESTTMP/out" | grep -q "^\\[2, 2\\]\$" &&
	expect_exit 0 $ABSTAT boots report "$P" --plot "$TESTTMP/delta.txt" &&
	[ -s "$TESTTMP/delta.txt" ] &&
	dup=$(grep "^abstat: warning:" "$TESTTMP/err" | sort | uniq -d) &&
	[ -z "$dup" ] || { cat "$TESTTMP/err"; fail "a warning printed twice: $dup"; }
'
test_expect_success '--order random --seed: K of each side, the same order for the same seed' '
	$ABSTAT boots init "$TESTTMP/r1" a=/boot/vmlinuz-1 b=/boot/vmlinuz-2 -k 5 --order random --seed 7 --method cmd --next true -- -w getppid 2>/dev/null &&
	$ABSTAT boots init "$TESTTMP/r2" a=/boot/vmlinuz-1 b=/boot/vmlinuz-2 -k 5 --order random --seed 7 --method cmd --next true -- -w getppid 2>/dev/null &&
	o=$(json "\"\".join(b[\"side\"] for b in d[\"boots\"])" "$TESTTMP/r1/plan.json") &&
	[ "$o" = "$(json "\"\".join(b[\"side\"] for b in d[\"boots\"])" "$TESTTMP/r2/plan.json")" ] &&
	[ "$(echo "$o" | tr -cd a | wc -c)" = 5 ] && [ "$o" != ababababab ] &&
	[ "$(json "d[\"order\"]" "$TESTTMP/r1/plan.json")" = "random seed 7" ]
'
test_done
