# getppid-sve and getppid-nosve: getppid's loop with the task's SVE state
# live (one SVE instruction as the region opens; aarch64 with SVE only,
# elsewhere it exits 1 saying so) or dropped (a child forked and waited
# for in setup). The kernel lab measures them (tests/lab/t/020-kernels.sh);
# here: what each does on this machine, decided at run time.
test_lazy_prereq SVE '[ "$(uname -m)" = aarch64 ] && grep -qw sve /proc/cpuinfo'
W=$BUILD/workloads

test_expect_success SVE 'getppid-sve -n 1000 by hand: one summary line with the op count' '
	expect_exit 0 "$W/getppid-sve" -n 1000 &&
	grep_out "^getppid-sve: 1000 ops in "
'
test_expect_success !SVE 'getppid-sve by hand, no SVE here: exit 1, one line saying why' '
	expect_exit 1 "$W/getppid-sve" -n 1000 &&
	if [ "$(uname -m)" = aarch64 ]; then
		grep_err "^getppid-sve: error: this aarch64 CPU has no SVE"
	else
		grep_err "^getppid-sve: error: aarch64 only \(SVE\), and this is $(uname -m); getppid-nosve runs anywhere\$"
	fi &&
	{ [ "$(wc -l <"$TESTTMP/err")" -eq 1 ] || fail "not one line"; } &&
	{ [ ! -s "$TESTTMP/out" ] || fail "a summary line"; }
'
test_expect_success !SVE 'abstat run -w getppid-sve, no SVE here: fails with the workload'\''s reason' '
	if "$ABSTAT" run -q -w "getppid-sve:-n 100" -r 1 --warmup 0 -e task-clock \
		-o "$TESTTMP/sve.json" >"$TESTTMP/out" 2>"$TESTTMP/err"; then
		fail "a run without SVE succeeded"
	fi &&
	grep_err "^abstat: error: getppid-sve, run 0: exit status 1; stderr: getppid-sve: error: .*SVE"
'
test_expect_success 'getppid-nosve under abstat run: the fork is in setup, the ops are counted' '
	expect_exit 0 "$ABSTAT" run -q -w "getppid-nosve:-n 5000" -r 2 --warmup 0 \
		-e task-clock -o "$TESTTMP/nosve.json" &&
	json "[(r[\"status\"], r[\"ops\"]) for r in d[\"benchmarks\"][0][\"runs\"]]" "$TESTTMP/nosve.json" >"$TESTTMP/v" &&
	{ [ "$(cat "$TESTTMP/v")" = "[('"'"'ok'"'"', 5000), ('"'"'ok'"'"', 5000)]" ] || fail "runs: $(cat "$TESTTMP/v")"; }
'
test_expect_success 'abstat workloads: getppid-sve is aarch64-only, getppid-nosve in all' '
	expect_exit 0 "$ABSTAT" workloads &&
	grep_out "^getppid-sve +getppid\(\), SVE state live +.* aarch64-only\$" &&
	grep_out "^getppid-nosve +getppid\(\), SVE state dropped +.* all\$"
'
# -s all with every workload a program that exits at once: which ran
mkdir -p "$TESTTMP/wl"
printf '#!/bin/sh\nexit 0\n' >"$TESTTMP/quick" && chmod +x "$TESTTMP/quick"
"$ABSTAT" workloads | awk 'NR > 1 && NF > 1 && $1 != "suites:" && $1 != "run" && $1 != "details:" { print $1 }' |
	while read -r w; do ln -s "$TESTTMP/quick" "$TESTTMP/wl/$w"; done
ln -s "$W/abstat-spawn" "$TESTTMP/wl/abstat-spawn"
test_expect_success 'abstat run -s all: getppid-nosve runs, getppid-sve (aarch64-only) does not' '
	[ -e "$TESTTMP/wl/getppid-sve" ] || fail "no getppid-sve in abstat workloads" &&
	ABSTAT_WORKLOAD_DIR=$TESTTMP/wl expect_exit 0 "$ABSTAT" run -q -s all -r 1 \
		--warmup 0 -e task-clock -o "$TESTTMP/all.json" &&
	json "\" \".join(b[\"name\"] for b in d[\"benchmarks\"])" "$TESTTMP/all.json" >"$TESTTMP/names" &&
	grep -qw getppid-nosve "$TESTTMP/names" &&
	if grep -qw getppid-sve "$TESTTMP/names"; then fail "getppid-sve in -s all: $(cat "$TESTTMP/names")"; fi
'
test_done
