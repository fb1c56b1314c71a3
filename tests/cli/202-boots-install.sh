# abstat boots install writes the systemd unit that runs abstat boots
# step DIR at every boot (--unit-dir: a temporary root here) and enables
# it as systemctl enable would (multi-user.target.wants); uninstall
# removes both. --dry-run prints what a kexec or grub step would run,
# and runs nothing: no test reboots or kexecs this machine.
ROOT=$TESTTMP/root
U=$TESTTMP/units
mkdir -p "$ROOT/proc/sys/kernel/random" "$U"
export ABSTAT_SYSROOT=$ROOT
echo 6.1.0-a >"$ROOT/proc/sys/kernel/osrelease"
echo id0 >"$ROOT/proc/sys/kernel/random/boot_id"
echo "ro quiet" >"$ROOT/proc/cmdline"
# stand-ins that record a call, first on PATH: --dry-run must run none
mkdir -p "$TESTTMP/bin"
for c in kexec grub-reboot reboot; do
	printf '#!/bin/sh\necho "%s $*" >>"%s/called"\n' "$c" "$TESTTMP" >"$TESTTMP/bin/$c"
	chmod +x "$TESTTMP/bin/$c"
done
P=$TESTTMP/plan
Q="'"
# the kernels and initrds init checks: stand-ins of this machine's kind
K=$TESTTMP/boot
mkdir -p "$K"
boots_kernel "$K/vmlinuz-6.1.0-a" && boots_kernel "$K/vmlinuz-6.12.0-b" &&
	: >"$K/initrd.img-6.1.0-a" && : >"$K/initrd.img-6.12.0-b" || fail "no kernels"
PATH="$TESTTMP/bin:$PATH" $ABSTAT boots init "$P" A=$K/vmlinuz-6.1.0-a B=$K/vmlinuz-6.12.0-b -k 2 \
	--initrd-a $K/initrd.img-6.1.0-a --initrd-b $K/initrd.img-6.12.0-b \
	--cmdline-a "root=/dev/vda1 panic=10" \
	--cmdline-b "root=/dev/vda1 panic=10 mitigations=off" -- -q -r 3 -w getppid 2>/dev/null ||
	fail "init failed"

test_expect_success 'step --dry-run, kexec: the kexec_load commands, nothing run or saved' '
	cp "$P/plan.json" "$TESTTMP/before" &&
	PATH="$TESTTMP/bin:$PATH" expect_exit 0 $ABSTAT boots step --dry-run "$P" &&
	[ "$(cat "$TESTTMP/out")" = "kexec -l $K/vmlinuz-6.1.0-a ${Q}--append=root=/dev/vda1 panic=10 abstat.boot=1${Q} --initrd=$K/initrd.img-6.1.0-a
kexec -e" ] || { cat "$TESTTMP/out"; false; }
'
test_expect_success 'dry run: the plan unchanged, no stand-in called' '
	cmp "$P/plan.json" "$TESTTMP/before" && [ ! -e "$TESTTMP/called" ]
'
test_expect_success 'step --dry-run in a booted kernel: doctor, abstat run -o DIR/boot-NN-SIDE.json, the next kexec' '
	python3 -c "import json,sys; p=sys.argv[1]; d=json.load(open(p)); d[\"boots\"][0].update(state=\"booting\", tries=1); json.dump(d, open(p, \"w\"))" "$P/plan.json" &&
	echo "ro root=/dev/vda1 panic=10 abstat.boot=1" >"$ROOT/proc/cmdline" &&
	echo id1 >"$ROOT/proc/sys/kernel/random/boot_id" &&
	PATH="$TESTTMP/bin:$PATH" expect_exit 0 $ABSTAT boots step --dry-run "$P" &&
	grep_out "^/.*abstat doctor\$" &&
	grep_out "^/.*abstat run -o $P/boot-01-A.json -q -r 3 -w getppid\$" &&
	grep_out "^kexec -l $K/vmlinuz-6.12.0-b ${Q}--append=root=/dev/vda1 panic=10 mitigations=off abstat.boot=2${Q} --initrd=$K/initrd.img-6.12.0-b\$" &&
	[ ! -e "$TESTTMP/called" ] && [ ! -e "$P/boot-01-A.json" ]
'
test_expect_success 'a kexec boot without abstat.boot=N on its command line is a mismatch' '
	echo "ro root=/dev/vda1 panic=10" >"$ROOT/proc/cmdline" &&
	PATH="$TESTTMP/bin:$PATH" expect_exit 0 $ABSTAT boots step --dry-run "$P" &&
	grep_err "mismatch, try 1: running 6.1.0-a, not booted by the plan \\(no abstat.boot=1 on its command line: a reset or panic\\?\\)"
'
test_expect_success 'step --dry-run, grub: grub-reboot ENTRY, then reboot' '
	PATH="$TESTTMP/bin:$PATH" $ABSTAT boots init "$TESTTMP/g" A="Debian 6.1" B="Debian 6.12" --method grub \
		--release-a 6.1.0-a --release-b 6.12.0-b -- -w getppid 2>/dev/null &&
	PATH="$TESTTMP/bin:$PATH" expect_exit 0 $ABSTAT boots step --dry-run "$TESTTMP/g" &&
	[ "$(cat "$TESTTMP/out")" = "grub-reboot ${Q}Debian 6.1${Q}
reboot" ] && [ ! -e "$TESTTMP/called" ]
'
test_expect_success 'install: the unit runs abstat boots step DIR, enabled' '
	expect_exit 0 $ABSTAT boots install --unit-dir "$U" "$P" &&
	grep -qx "ExecStart=\"$(readlink -f $ABSTAT)\" boots step \"$(readlink -f "$P")\"" "$U/abstat-boots.service" &&
	grep -qx "RequiresMountsFor=\"$(readlink -f "$P")\"" "$U/abstat-boots.service" &&
	grep -qx "After=multi-user.target" "$U/abstat-boots.service" &&
	grep -qx "WantedBy=multi-user.target" "$U/abstat-boots.service" &&
	[ "$(readlink "$U/multi-user.target.wants/abstat-boots.service")" = ../abstat-boots.service ]
'
test_expect_success 'a second install is refused; --force replaces the unit' '
	expect_exit 2 $ABSTAT boots install --unit-dir "$U" "$P" && one_line_err &&
	grep_err "abstat-boots.service exists; abstat boots uninstall removes it" &&
	expect_exit 0 $ABSTAT boots install --force --unit-dir "$U" "$P"
'
test_expect_success 'install without a plan in DIR is refused' '
	expect_exit 2 $ABSTAT boots install --unit-dir "$TESTTMP" "$TESTTMP/none" &&
	grep_err "no plan there" && [ ! -e "$TESTTMP/abstat-boots.service" ]
'
test_expect_success 'uninstall removes the unit and its link; a second finds nothing' '
	expect_exit 0 $ABSTAT boots uninstall --unit-dir "$U" "$P" &&
	[ ! -e "$U/abstat-boots.service" ] && [ ! -L "$U/multi-user.target.wants/abstat-boots.service" ] &&
	expect_exit 2 $ABSTAT boots uninstall --unit-dir "$U" "$P" &&
	grep_err "no abstat-boots.service in $U; nothing to remove"
'
test_done
