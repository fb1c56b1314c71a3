# boots install, safe as root: a link (or anything but a regular file) at
# the unit's path is refused, never followed, even with --force; the unit
# is written to a private name and renamed into place; the plan's
# directory is one quoted word for systemd (a space kept, % as %%, $ as
# $$ in ExecStart=, a newline refused); the unit is ordered after
# multi-user.target and runs this abstat, whose sha256 install records in
# DIR/abstat.sha256: a step by another abstat is refused. Units only under
# $TESTTMP (--unit-dir); nothing is enabled on this machine.
# tags: sanitize
ROOT=$TESTTMP/root
export ABSTAT_SYSROOT=$ROOT
mkdir -p "$ROOT/proc/sys/kernel/random"
echo ro >"$ROOT/proc/cmdline"
plan() {
	$ABSTAT boots init "$1" A=/boot/vmlinuz-6.1.0-a B=/boot/vmlinuz-6.12.0-b \
		--method cmd --next true -- -w getppid 2>/dev/null
}
U=$TESTTMP/units
mkdir -p "$U"
P=$TESTTMP/plan
plan "$P" || fail "init failed"

test_expect_success 'a symlink at the unit path is refused, its target untouched, even with --force' '
	echo keep >"$TESTTMP/target" && ln -s "$TESTTMP/target" "$U/abstat-boots.service" &&
	expect_exit 2 $ABSTAT boots install --unit-dir "$U" "$P" && one_line_err &&
	grep_err "abstat-boots.service is a symbolic link, not a unit abstat wrote: it is never followed or replaced; remove it" &&
	expect_exit 2 $ABSTAT boots install --force --unit-dir "$U" "$P" &&
	[ "$(cat "$TESTTMP/target")" = keep ] && [ -L "$U/abstat-boots.service" ] &&
	[ ! -e "$U/multi-user.target.wants/abstat-boots.service" ]
'
test_expect_success 'a dangling symlink there: its target is not created' '
	rm "$U/abstat-boots.service" && ln -s "$TESTTMP/made" "$U/abstat-boots.service" &&
	expect_exit 2 $ABSTAT boots install --unit-dir "$U" "$P" &&
	[ ! -e "$TESTTMP/made" ] && rm "$U/abstat-boots.service"
'
test_expect_success 'a directory with a space, % and $: one quoted word, escaped for systemd' '
	D="$TESTTMP/my plan %h \$HOME" && plan "$D" &&
	expect_exit 0 $ABSTAT boots install --unit-dir "$U" "$D" &&
	d=$(readlink -f "$TESTTMP")/my\ plan &&
	grep -qxF "ExecStart=\"$(readlink -f $ABSTAT)\" boots step \"$d %%h \$\$HOME\"" "$U/abstat-boots.service" &&
	grep -qxF "RequiresMountsFor=\"$d %%h \$HOME\"" "$U/abstat-boots.service" &&
	grep -qx "After=multi-user.target" "$U/abstat-boots.service" &&
	! grep -q "^ExecStartPre" "$U/abstat-boots.service" &&
	[ "$(ls -A "$U" | wc -l)" = 2 ]
'
test_lazy_prereq SYSTEMD_ANALYZE 'command -v systemd-analyze && systemd-analyze verify --man=no /dev/null 2>&1 | grep -qv "unrecognized option"'
test_expect_success SYSTEMD_ANALYZE 'systemd-analyze verify reads that unit without an error (offline: nothing is loaded)' '
	cp "$U/abstat-boots.service" "$TESTTMP/check.service" &&
	systemd-analyze verify --man=no "$TESTTMP/check.service" >"$TESTTMP/verify" 2>&1 ||
		{ cat "$TESTTMP/verify"; false; } &&
	! grep -q "quoting\\|ignoring" "$TESTTMP/verify"
'
test_expect_success 'a newline in the directory is refused: no unit, no ExecStartPre' '
	D="$TESTTMP/a
ExecStartPre=id" && plan "$D" &&
	expect_exit 2 $ABSTAT boots install --force --unit-dir "$TESTTMP/u2" "$D" &&
	grep_err "has a control character \\(a newline would end ExecStart=\\)" &&
	[ ! -e "$TESTTMP/u2/abstat-boots.service" ]
'
test_expect_success 'install records this abstat and its sha256; a step by another abstat is refused' '
	expect_exit 0 $ABSTAT boots install --force --unit-dir "$U" "$P" &&
	sum=$(sha256sum "$(readlink -f $ABSTAT)" | cut -d " " -f 1) &&
	[ "$(cat "$P/abstat.sha256")" = "$sum  $(readlink -f $ABSTAT)" ] &&
	grep -qx "# abstat: sha256 $sum" "$U/abstat-boots.service" &&
	grep_err "after multi-user.target, with .*abstat \\(sha256 $(echo $sum | cut -c 1-12)\\)" &&
	expect_exit 0 $ABSTAT boots step --dry-run "$P" &&
	echo "0000000000000000000000000000000000000000000000000000000000000000  /elsewhere/abstat" >"$P/abstat.sha256" &&
	expect_exit 2 $ABSTAT boots step "$P" && one_line_err &&
	grep_err "this abstat is not the one boots install recorded in .*abstat.sha256 \\(/elsewhere/abstat\\): it changed or is another; abstat boots install --force"
'
test_expect_success 'install refuses a plan DIR others may write' '
	chmod o+w "$P" &&
	expect_exit 2 $ABSTAT boots install --force --unit-dir "$U" "$P" && one_line_err &&
	grep_err "is writable by others" && chmod o-w "$P"
'
test_done
