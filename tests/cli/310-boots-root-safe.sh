# abstat boots runs as root: what it reads and runs is root's and is what
# it checked (issue 50). An ordinary user made here (useradd, a unique
# name, removed on exit) owns a directory above a plan and swaps the
# plan's directory with one of their own (renameat2 RENAME_EXCHANGE in a
# loop, as that user): in 100 steps root never runs their --next, and
# init refuses such a DIR. install refuses an abstat binary or workload
# directory that user owns or may write; a step runs the abstat it
# hashed even when a script is moved over its path meanwhile; kexec's
# kernels must be root's, and one changed after init is never given to
# kexec. --method cmd, a recording kexec and a fake /proc: nothing
# reboots.
# tags: alone
need_root
need_cmd useradd
need_cmd setpriv
boots_setup
U=abst50u$$
useradd -M -N -s /bin/sh "$U" 2>/dev/null || skip "missing prerequisite USERADD: useradd $U failed"
trap ': >"$TESTTMP/stop"; sleep 0.2; userdel "$U" 2>/dev/null' EXIT
uid=$(id -u "$U")
chmod 755 "$TESTTMP"
as_user() { setpriv --reuid="$uid" --regid="$(id -g "$U")" --clear-groups -- "$@"; }
X=$TESTTMP/x && mkdir -p "$X/home" && chown "$U" "$X/home"
cat >"$TESTTMP/swap.py" <<'EOF'
import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
a, b, stop = sys.argv[1].encode(), sys.argv[2].encode(), sys.argv[3]
while not os.path.exists(stop):
    libc.renameat2(-100, a, -100, b, 2)  # RENAME_EXCHANGE
EOF
# gone PID: wait until PID (not a child of this shell) has ended
gone() { while kill -0 "$1" 2>/dev/null; do sleep 0.05; done; }
# kplan STATUS: init a kexec plan of the stand-in kernels, exit STATUS
kplan() {
	PATH="$TESTTMP/bin:$PATH" expect_exit "$1" $ABSTAT boots init "$TESTTMP/k" \
		A="$X/boot/vmlinuz-1" B="$X/boot/vmlinuz-2" --cmdline-a "root=/dev/sda1 panic=10" \
		--cmdline-b "root=/dev/sda1 panic=10" -- -q -r 2 -e task-clock -- true
}
plan() {
	$ABSTAT boots init "$1" A=/boot/vmlinuz-6.1.0-a B=/boot/vmlinuz-6.12.0-b \
		-k 2 --method cmd --next "$TESTTMP/next" -- -q -r 2 -e task-clock -- true 2>/dev/null
}

test_expect_success 'init refuses a DIR under a directory another user owns, and makes nothing' '
	expect_exit 2 $ABSTAT boots init "$X/home/plan" A=/boot/vmlinuz-1 B=/boot/vmlinuz-2 \
		--method cmd --next true -- -w getppid && one_line_err &&
	grep_err "^abstat: error: boots init: .*/x/home, above .*/x/home/plan, is owned by uid $uid: its owner can put another plan in its place; keep it where every directory above is root.s" &&
	[ ! -e "$X/home/plan" ]
'
test_expect_success 'the parent-owner swap: 100 steps, never the other user.s command' '
	P=$X/home/plan && chown root "$X/home" && plan "$P" && chown "$U" "$X/home" &&
	boots_as 6.1.0-a id0 &&
	E=$X/home/evil && mkdir "$E" && cp "$P/plan.json" "$E/plan.json" &&
	boots_edit "$E" "d[\"next\"] = \"id -u >>$TESTTMP/pwned\"" &&
	chown -R "$U" "$E" && chmod 755 "$E" &&
	swapper=$(as_user python3 "$TESTTMP/swap.py" "$P" "$E" "$TESTTMP/stop" >/dev/null 2>&1 & echo $!) &&
	trap ": >\"$TESTTMP/stop\"; kill $swapper 2>/dev/null" EXIT &&
	refused=0 && i=0 &&
	while [ $i -lt 100 ]; do
		$ABSTAT boots step "$P" >/dev/null 2>"$TESTTMP/err"; rc=$?
		[ $rc = 2 ] && grep -q "above .* is owned by uid $uid" "$TESTTMP/err" && refused=$((refused + 1))
		i=$((i + 1))
	done &&
	: >"$TESTTMP/stop" && gone $swapper &&
	[ ! -e "$TESTTMP/pwned" ] && [ ! -e "$TESTTMP/next.log" ] &&
	[ "$refused" = 100 ] || fail "refused $refused of 100; pwned: $(cat "$TESTTMP/pwned" 2>/dev/null)"
'
test_expect_success 'status and report refuse that DIR too' '
	P=$X/home/plan && [ -e "$P/plan.json" ] &&
	expect_exit 2 $ABSTAT boots status "$X/home/plan" && one_line_err &&
	grep_err "is owned by uid $uid" &&
	expect_exit 2 $ABSTAT boots report "$X/home/plan" && grep_err "is owned by uid $uid"
'
test_expect_success 'a user reads root.s plan: status works, nothing of it theirs' '
	P=$TESTTMP/p0 && plan "$P" &&
	as_user $ABSTAT boots status "$P" >"$TESTTMP/out" 2>"$TESTTMP/err" &&
	grep_out "^plan .*/p0: A=/boot/vmlinuz-6.1.0-a, B=/boot/vmlinuz-6.12.0-b, 4 boots"
'
test_expect_success 'install refuses an abstat binary another user owns, or in their directory' '
	P=$TESTTMP/p1 && plan "$P" && mkdir -p "$TESTTMP/units" "$X/ubin" &&
	cp "$ABSTAT" "$X/ubin/abstat" && chown "$U" "$X/ubin/abstat" &&
	expect_exit 2 "$X/ubin/abstat" boots install --unit-dir "$TESTTMP/units" "$P" && one_line_err &&
	grep_err "^abstat: error: boots install: abstat binary .*/ubin/abstat is owned by uid $uid with mode 0755: root would run what another user can change" &&
	chown root "$X/ubin/abstat" && chmod g+w "$X/ubin/abstat" &&
	expect_exit 2 "$X/ubin/abstat" boots install --unit-dir "$TESTTMP/units" "$P" &&
	grep_err "with mode 0775" &&
	chmod g-w "$X/ubin/abstat" && chown "$U" "$X/ubin" &&
	expect_exit 2 "$X/ubin/abstat" boots install --unit-dir "$TESTTMP/units" "$P" &&
	grep_err "/x/ubin, above .*/ubin/abstat, is owned by uid $uid" &&
	[ ! -e "$TESTTMP/units/abstat-boots.service" ] && [ ! -e "$P/abstat.sha256" ]
'
test_expect_success 'install refuses a workload directory or a command another user owns' '
	P=$TESTTMP/p1 && mkdir -p "$X/rbin/build/workloads" && chown root "$X/ubin" &&
	cp "$ABSTAT" "$X/rbin/abstat" && chown "$U" "$X/rbin/build/workloads" &&
	expect_exit 2 "$X/rbin/abstat" boots install --unit-dir "$TESTTMP/units" "$P" &&
	grep_err "workload directory .*/rbin/build/workloads is owned by uid $uid" &&
	chown root "$X/rbin/build/workloads" && printf "#!/bin/sh\n" >"$X/ubin/bench" &&
	chmod 755 "$X/ubin/bench" && chown "$U" "$X/ubin/bench" &&
	P2=$TESTTMP/p2 && $ABSTAT boots init "$P2" A=/boot/vmlinuz-6.1.0-a B=/boot/vmlinuz-6.12.0-b \
		--method cmd --next true -- -r 2 --setup "$X/ubin/bench --prime" -- /bin/true 2>/dev/null &&
	expect_exit 2 "$X/rbin/abstat" boots install --unit-dir "$TESTTMP/units" "$P2" &&
	grep_err "hook .*/ubin/bench is owned by uid $uid" &&
	P3=$TESTTMP/p2n && $ABSTAT boots init "$P3" A=/boot/vmlinuz-6.1.0-a B=/boot/vmlinuz-6.12.0-b \
		--method cmd --next "$X/ubin/bench --now" -- -w getppid 2>/dev/null &&
	expect_exit 2 "$X/rbin/abstat" boots install --unit-dir "$TESTTMP/units" "$P3" &&
	grep_err "\-\-next command .*/ubin/bench is owned by uid $uid" &&
	expect_exit 0 "$X/rbin/abstat" boots install --unit-dir "$TESTTMP/units" "$P" &&
	grep -q "rbin/abstat\$" "$P/abstat.sha256"
'
test_expect_success 'a script moved over the abstat after the step hashed it is never run' '
	P=$TESTTMP/p3 && plan "$P" && boots_as 6.1.0-a id0 &&
	expect_exit 0 "$X/rbin/abstat" boots step "$P" && boots_as 6.1.0-a id1 &&
	printf "#!/bin/sh\nid -u >>%s/pwned\n" "$TESTTMP" >"$X/evil" && chmod 755 "$X/evil" &&
	mover=$({ while [ ! -e "$P/boot-01-A.doctor.txt" ]; do sleep 0.01; done
		mv "$X/evil" "$X/rbin/abstat"; } >/dev/null 2>&1 & echo $!) &&
	expect_exit 0 "$X/rbin/abstat" boots step "$P" && gone $mover &&
	[ ! -e "$TESTTMP/pwned" ] && [ -f "$P/boot-01-A.json" ] &&
	! grep -q "^#!/bin/sh" "$P/boot-01-A.log" && grep -q "^#!/bin/sh" "$X/rbin/abstat"
'
test_expect_success 'a journal read through DIR.s fd: its error names DIR, not /proc/self/fd' '
	P=$TESTTMP/p4 && plan "$P" && boots_edit "$P" "d[\"boots\"][0][\"state\"] = \"running\"" &&
	echo garbage >"$P/boot-01-A.json.journal" && boots_as 6.1.0-a id4 &&
	expect_exit 0 $ABSTAT boots step "$P" &&
	json "d[\"boots\"][0][\"note\"]" "$P/plan.json" >"$TESTTMP/note" &&
	grep -q "its journal is not recovered: $P/boot-01-A.json.journal: line 1" "$TESTTMP/note" &&
	! grep -q /proc/self "$TESTTMP/note"
'
test_expect_success 'kexec: a kernel another user may write is refused by init' '
	mkdir -p "$TESTTMP/bin" "$X/boot" && echo "BOOT_IMAGE=/vmlinuz root=/dev/sda1 ro" >"$ROOT/proc/cmdline" &&
	printf "#!/bin/sh\necho \"kexec \$*\" >>%s/called\n[ \"\$1\" != -l ] || sha256sum <\"\$2\" >>%s/called\n" \
		"$TESTTMP" "$TESTTMP" >"$TESTTMP/bin/kexec" && chmod +x "$TESTTMP/bin/kexec" &&
	boots_kernel "$X/boot/vmlinuz-1" && boots_kernel "$X/boot/vmlinuz-2" &&
	chown "$U" "$X/boot/vmlinuz-2" && kplan 2 &&
	grep_err "^abstat: error: boots init: side B: kernel .*/vmlinuz-2 is owned by uid $uid with mode 0644" &&
	chown root "$X/boot/vmlinuz-2" && chmod o+w "$X/boot/vmlinuz-2" && kplan 2 &&
	grep_err "with mode 0646" && [ ! -e "$TESTTMP/k/plan.json" ] && [ ! -e "$TESTTMP/called" ]
'
test_expect_success 'kexec: the sha256 recorded at init; kexec reads what was checked; a changed kernel is never booted' '
	chmod o-w "$X/boot/vmlinuz-2" && K=$TESTTMP/k && kplan 0 &&
	[ "$(json "d[\"sides\"][0][\"kernel_sha256\"]" "$K/plan.json")" = "$(sha256sum <"$X/boot/vmlinuz-1" | cut -d" " -f1)" ] &&
	PATH="$TESTTMP/bin:$PATH" expect_exit 0 $ABSTAT boots step "$K" &&
	grep -q "^kexec -l /proc/self/fd/[0-9]* --append=root=/dev/sda1 panic=10 abstat.boot=1\$" "$TESTTMP/called" &&
	grep -q "^$(sha256sum <"$X/boot/vmlinuz-1" | cut -d" " -f1)" "$TESTTMP/called" &&
	echo more >>"$X/boot/vmlinuz-2" && : >"$TESTTMP/called" &&
	boots_as 1 id9 "root=/dev/sda1 panic=10 abstat.boot=1" &&
	PATH="$TESTTMP/bin:$PATH" expect_exit 5 $ABSTAT boots step "$K" &&
	grep_err "kernel .*/vmlinuz-2 changed since abstat boots init \\(sha256 [0-9a-f]{12}, recorded [0-9a-f]{12}\\): nothing is booted" &&
	grep_err "boot 2: the kernel.s check failed \\(errno 1\\); the plan is stopped" &&
	! grep -q "kexec -l" "$TESTTMP/called"
'
test_done
