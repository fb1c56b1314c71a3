# abstat doctor on this machine: every check printed, WARN/FAIL with the
# file read and a fix, <= 80 columns, exit 1 exactly when a check FAILs.
# What the machine has (PMU, hypervisor, cpufreq, privileges, PAPI)
# decides by prerequisite which outcome each machine-dependent check
# must show; a fake tree (ABSTAT_SYSROOT) checks paranoid and offline
# CPUs the same way everywhere.

# PERFCAP: this process may count the kernel whatever perf_event_paranoid
# says (CAP_SYS_ADMIN, bit 21, or CAP_PERFMON, bit 38, in CapEff)
test_lazy_prereq PERFCAP 'python3 -c "import sys; e = int([l.split()[1] for l in open(\"/proc/self/status\") if l.startswith(\"CapEff:\")][0], 16); sys.exit(not (e >> 21 & 1 or e >> 38 & 1))"'
# HYPERVISOR: the CPU flags say this is a virtual machine
test_lazy_prereq HYPERVISOR 'grep -qw hypervisor /proc/cpuinfo'
# CPUFREQ: the default CPU (the last online one) has a cpufreq governor
test_lazy_prereq CPUFREQ 'c=$(sed "s/.*[,-]//" /sys/devices/system/cpu/online) && [ -r /sys/devices/system/cpu/cpu$c/cpufreq/scaling_governor ]'

collapse() { tr -s ' \n' '  ' <"$TESTTMP/out"; }
# rc_matches_fail RC: exit 1 when the output ($TESTTMP/out) has a FAIL, else 0
rc_matches_fail() {
	if grep -q '^FAIL ' "$TESTTMP/out"; then
		[ "$1" -eq 1 ] || fail "a check FAILs but exit $1"
	else
		[ "$1" -eq 0 ] || { cat "$TESTTMP/out" "$TESTTMP/err"; fail "no FAIL but exit $1"; }
	fi
}
# doctor ARGS...: run abstat doctor, $TESTTMP/out, err and rc
doctor() {
	"$ABSTAT" doctor "$@" >"$TESTTMP/out" 2>"$TESTTMP/err"
	echo $? >"$TESTTMP/rc"
}

test_expect_success 'doctor: 80 columns of ASCII under its header line' '
	doctor &&
	width_ascii "$TESTTMP/out" 80 &&
	grep_out "^abstat doctor: CPU [0-9]+ \(default\), user\+kernel counting, perf backend\$"
'
test_expect_success 'doctor prints every check, no papi check with the perf backend' '
	doctor &&
	for c in cpu cpu0 governor boost smt isolation nmi_watchdog paranoid pmu \
		hypervisor emulation load thp aslr; do
		grep_out "^(OK|WARN|FAIL) +$c "
	done &&
	nogrep_out "^(OK|WARN|FAIL) +papi "
'
test_expect_success 'the tally line closes the report' '
	doctor &&
	grep_out "^[0-9]+ checks: [0-9]+ OK, [0-9]+ WARN, [0-9]+ FAIL\$" &&
	n=$(grep -cE "^(OK|WARN|FAIL) " "$TESTTMP/out") &&
	tail -n 1 "$TESTTMP/out" | grep -q "^$n checks: " || fail "the tally does not count $n checks"
'
test_expect_success 'exit 1 exactly when a check FAILs' '
	doctor && rc_matches_fail "$(cat "$TESTTMP/rc")"
'
test_expect_success 'every WARN/FAIL has its read: and fix: lines' '
	doctor &&
	nwarn=$(grep -cE "^(WARN|FAIL) " "$TESTTMP/out")
	nfix=$(grep -c "^      fix:  " "$TESTTMP/out")
	nread=$(grep -c "^      read: " "$TESTTMP/out")
	[ "$nwarn" -eq "$nfix" ] || fail "$nwarn WARN/FAIL but $nfix fix lines"
	[ "$nwarn" -eq "$nread" ] || fail "$nwarn WARN/FAIL but $nread read lines"
'

# paranoid: by privilege and perf_event_paranoid
test_expect_success PERFCAP 'privileged: paranoid bypassed, exit 0' '
	doctor &&
	grep_out "^OK    paranoid +perf_event_paranoid -?[0-9]+, bypassed" &&
	{ [ "$(cat "$TESTTMP/rc")" -eq 0 ] || fail "exit $(cat "$TESTTMP/rc"), expected 0"; }
'
test_expect_success !PERFCAP,PARANOID2 'unprivileged, paranoid >= 2: FAIL paranoid, exit 1' '
	doctor &&
	grep_out "^FAIL  paranoid +perf_event_paranoid [0-9]+ forbids" &&
	{ [ "$(cat "$TESTTMP/rc")" -eq 1 ] || fail "exit $(cat "$TESTTMP/rc"), expected 1"; }
'
test_expect_success !PERFCAP,!PARANOID2 'unprivileged, paranoid <= 1: OK paranoid, exit 0' '
	doctor &&
	grep_out "^OK    paranoid +perf_event_paranoid -?[0-9]+ allows user\+kernel counting" &&
	{ [ "$(cat "$TESTTMP/rc")" -eq 0 ] || fail "exit $(cat "$TESTTMP/rc"), expected 0"; }
'

# pmu and hypervisor
test_expect_success PMU 'PMU: pmu OK, the hardware PMU named' '
	doctor &&
	grep_out "^OK    pmu +hardware PMU .+ present"
'
test_expect_success !PMU,HYPERVISOR 'no PMU in a VM: WARN pmu, software events only, enable the virtual PMU' '
	doctor &&
	grep_out "^WARN  pmu +no PMU \(hypervisor\)" &&
	{ collapse | grep -q "hardware counters not supported; software events only" ||
		fail "pmu check lacks the software-events-only note"; } &&
	{ collapse | grep -q "fix: enable the virtual PMU" || fail "no PMU fix"; }
'
test_expect_success !PMU,!HYPERVISOR 'no PMU on bare metal: WARN pmu, check the kernel' '
	doctor &&
	grep_out "^WARN  pmu +no PMU: hardware counters not supported" &&
	{ collapse | grep -q "fix: check CONFIG_PERF_EVENTS" || fail "no PMU fix"; }
'
test_expect_success HYPERVISOR 'VM: WARN hypervisor' '
	doctor && grep_out "^WARN  hypervisor +virtual machine"
'
test_expect_success !HYPERVISOR 'no hypervisor flag: OK hypervisor' '
	doctor && grep_out "^OK    hypervisor +(bare metal|hypervisor unknown)"
'

# governor: by cpufreq on the default CPU
test_expect_success !CPUFREQ 'no cpufreq: WARN governor naming the file read' '
	doctor &&
	grep_out "^WARN  governor +no cpufreq" &&
	grep_out "^      read: /sys/devices/system/cpu/cpu[0-9]+/cpufreq/scaling_governor\$"
'
test_expect_success CPUFREQ 'cpufreq: the default CPU governor is named' '
	doctor &&
	grep_out "^(OK  |WARN)  governor +CPU [0-9]+ governor is "
'

# -C 0: the CPU 0 warning with a fix naming another CPU
test_expect_success CPUS2 'doctor -C 0: WARN cpu0, the fix names another CPU' '
	doctor -C 0 &&
	grep_out "^WARN  cpu0 +CPU 0 chosen" &&
	grep_out "^      fix:  -C [1-9]" &&
	rc_matches_fail "$(cat "$TESTTMP/rc")"
'

# a fake tree: paranoid 2 without capabilities fails kernel counting,
# passes with --user-only (-C 1 must name a CPU the real machine has)
# mkroot DIR PARANOID CAPEFF ONLINE
mkroot() {
	mkdir -p "$1/proc/sys/kernel" "$1/proc/self" "$1/sys/devices/system/cpu" &&
	echo "$2" >"$1/proc/sys/kernel/perf_event_paranoid" &&
	printf 'CapEff:\t%s\n' "$3" >"$1/proc/self/status" &&
	echo "$4" >"$1/sys/devices/system/cpu/online"
}
test_expect_success CPUS2 'fake tree, paranoid 2, no capabilities: FAIL paranoid, exit 1' '
	mkroot "$TESTTMP/r1" 2 0000000000000000 0-1 &&
	ABSTAT_SYSROOT=$TESTTMP/r1 expect_exit 1 "$ABSTAT" doctor -C 1 &&
	grep_out "^FAIL  paranoid +perf_event_paranoid 2 forbids" &&
	grep_out "^      fix:  sysctl kernel.perf_event_paranoid=1, or run with" &&
	grep_out " 1 FAIL\$"
'
test_expect_success CPUS2 'fake tree, paranoid 2, --user-only: OK paranoid, exit 0' '
	mkroot "$TESTTMP/r2" 2 0000000000000000 0-1 &&
	ABSTAT_SYSROOT=$TESTTMP/r2 expect_exit 0 "$ABSTAT" doctor -C 1 --user-only &&
	grep_out "^OK    paranoid " &&
	width_ascii "$TESTTMP/out" 80
'
# capabilities bypass paranoid (CAP_PERFMON is bit 38)
test_expect_success CPUS2 'fake tree, paranoid 2, CAP_PERFMON: bypassed, exit 0' '
	mkroot "$TESTTMP/r3" 2 0000004000000000 0-1 &&
	ABSTAT_SYSROOT=$TESTTMP/r3 expect_exit 0 "$ABSTAT" doctor -C 1 &&
	grep_out "^OK    paranoid +perf_event_paranoid 2, bypassed"
'
# an offline CPU is a FAIL (the fake tree has only CPU 0 online)
test_expect_success CPUS2 'fake tree, CPU 1 offline: FAIL cpu with the online list' '
	mkroot "$TESTTMP/r4" 2 0000004000000000 0 &&
	ABSTAT_SYSROOT=$TESTTMP/r4 expect_exit 1 "$ABSTAT" doctor -C 1 &&
	grep_out "^FAIL  cpu +CPU 1 is offline\$" &&
	grep_out "^      fix:  pick online CPUs with -C \(online: 0\)\$"
'

# --backend papi adds the papi check: OK where PAPI starts (its
# perf_event component enabled), else FAIL with its reason and a fix
test_expect_success 'doctor --backend papi: a papi check, 80 columns, exit by FAIL' '
	doctor --backend papi &&
	grep_out "^(OK|FAIL) +papi " &&
	width_ascii "$TESTTMP/out" 80 &&
	rc_matches_fail "$(cat "$TESTTMP/rc")"
'
test_expect_success PAPI_PERF 'PAPI with perf_event: OK papi' '
	doctor --backend papi && grep_out "^OK    papi "
'
test_expect_success !PAPI_PERF 'PAPI unavailable: FAIL papi, fix --backend perf, exit 1' '
	doctor --backend papi &&
	grep_out "^FAIL  papi " &&
	grep_out "^      fix:  use --backend perf" &&
	{ [ "$(cat "$TESTTMP/rc")" -eq 1 ] || fail "papi FAIL but exit $(cat "$TESTTMP/rc")"; }
'

test_expect_success 'doctor extra: usage error, one line, exit 2' '
	expect_exit 2 "$ABSTAT" doctor extra &&
	one_line_err
'
test_done
