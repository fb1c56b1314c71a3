# abstat doctor on this machine: every check printed, WARN/FAIL with the
# file read and a fix, <= 80 columns, exit 0 without a FAIL. On a VM
# without PMU or cpufreq (this CI) those are reported with their fixes.
collapse() { tr -s ' \n' '  ' <"$TESTTMP/out"; }

want=0
[ "$(id -u)" -eq 0 ] || want=1 # paranoid 2 forbids kernel counting
expect_exit $want "$ABSTAT" doctor
width_ascii "$TESTTMP/out" 80
grep_out '^abstat doctor: CPU [0-9]+ \(default\), user\+kernel counting, perf backend$'
for c in cpu cpu0 governor boost smt isolation nmi_watchdog paranoid pmu \
	hypervisor load thp aslr; do
	grep_out "^(OK|WARN|FAIL) +$c "
done
nogrep_out '^(OK|WARN|FAIL) +papi '
grep_out '^[0-9]+ checks: [0-9]+ OK, [0-9]+ WARN, [0-9]+ FAIL$'
# every WARN/FAIL line block has a read: and a fix: line
nwarn=$(grep -cE '^(WARN|FAIL) ' "$TESTTMP/out")
nfix=$(grep -c '^      fix:  ' "$TESTTMP/out")
[ "$nwarn" -eq "$nfix" ] || fail "$nwarn WARN/FAIL but $nfix fix lines"
[ "$(grep -c '^      read: ' "$TESTTMP/out")" -eq "$nwarn" ] ||
	fail "a WARN/FAIL lacks its read: line"

if grep -qw hypervisor /proc/cpuinfo &&
	[ ! -e /sys/bus/event_source/devices/cpu ]; then
	grep_out '^WARN  pmu +no PMU \(hypervisor\)'
	collapse | grep -q 'hardware counters not supported; software events only' ||
		fail "pmu check lacks the software-events-only note"
	collapse | grep -q 'fix: enable the virtual PMU' || fail "no PMU fix"
	grep_out '^WARN  hypervisor '
fi
if [ ! -e /sys/devices/system/cpu/cpu1/cpufreq ] &&
	grep -q '^0-1$\|^0-[1-9]' /sys/devices/system/cpu/online; then
	grep_out '^WARN  governor +no cpufreq'
	grep_out '^      read: /sys/devices/system/cpu/cpu[0-9]+/cpufreq/scaling_governor$'
fi

# -C 0: the CPU 0 warning with a fix naming another CPU
expect_exit $want "$ABSTAT" doctor -C 0
grep_out '^WARN  cpu0 +CPU 0 chosen'
grep_out '^      fix:  -C [1-9]'

# a fake tree: paranoid 2 without capabilities fails kernel counting,
# passes with --user-only
root=$TESTTMP/root
mkdir -p "$root/proc/sys/kernel" "$root/proc/self" \
	"$root/sys/devices/system/cpu"
echo 2 >"$root/proc/sys/kernel/perf_event_paranoid"
printf 'CapEff:\t0000000000000000\n' >"$root/proc/self/status"
echo 0-1 >"$root/sys/devices/system/cpu/online"
ABSTAT_SYSROOT=$root expect_exit 1 "$ABSTAT" doctor -C 1
grep_out '^FAIL  paranoid +perf_event_paranoid 2 forbids'
grep_out '^      fix:  sysctl kernel.perf_event_paranoid=1, or run with'
grep_out ' 1 FAIL$'
ABSTAT_SYSROOT=$root expect_exit 0 "$ABSTAT" doctor -C 1 --user-only
grep_out '^OK    paranoid '
width_ascii "$TESTTMP/out" 80
# capabilities bypass paranoid (CAP_PERFMON is bit 38)
printf 'CapEff:\t0000004000000000\n' >"$root/proc/self/status"
ABSTAT_SYSROOT=$root expect_exit 0 "$ABSTAT" doctor -C 1
grep_out '^OK    paranoid +perf_event_paranoid 2, bypassed'
# an offline CPU is a FAIL (abstat's -C check uses the real machine's
# online list; the fake tree has only CPU 0 online)
echo 0 >"$root/sys/devices/system/cpu/online"
ABSTAT_SYSROOT=$root expect_exit 1 "$ABSTAT" doctor -C 1
grep_out '^FAIL  cpu +CPU 1 is offline$'
grep_out '^      fix:  pick online CPUs with -C \(online: 0\)$'

# --backend papi adds the papi check (FAIL with its reason when PAPI
# cannot start, as on a machine without a PMU)
"$ABSTAT" doctor --backend papi >"$TESTTMP/out" 2>"$TESTTMP/err"
rc=$?
grep_out '^(OK|FAIL) +papi '
if grep -q '^FAIL  papi' "$TESTTMP/out"; then
	[ $rc -eq 1 ] || fail "papi FAIL but exit $rc"
	grep_out '^      fix:  use --backend perf'
fi
width_ascii "$TESTTMP/out" 80

# usage
expect_exit 2 "$ABSTAT" doctor extra
one_line_err
