# Sourced by every CLI test (tests/cli/*.sh) through tests/run.sh.
# $ABSTAT is the binary, $BUILD the build tree, $TESTTMP a private temp
# directory removed afterwards. Helpers fail loudly with context; their
# own variables start with _t_, so they never change a caller's.
#
# A script is a list of named cases, git t/ style, ended by test_done:
#
#	test_expect_success 'name' 'body'
#	test_expect_success PREREQ[,PREREQ...] 'name' 'body'
#	test_done
#
# Each body runs in a subshell (state between cases lives in files under
# $TESTTMP or in variables set outside the cases); it passes when it exits
# 0, so end a body with a check, never with "X && fail ..." (write
# "if X; then fail ...; fi"). A case whose prerequisite is missing is
# skipped and says which ("missing prerequisite PMU"); !NAME asks for its
# absence. Cases print TAP lines ("ok 3 - name", "not ok 4 - name" with the
# body's output as "#" lines, "ok 5 # skip name (missing prerequisite
# PMU)"); test_done prints the script's tally and exits 1 if any case
# failed. tests/run.sh counts the cases.
#
# Prerequisites are decided at run time, when first asked (lazy), never by
# CPU name: PMU, !PMU, LIBPFM_CPU, FOREIGN_PMU, PAPI, PAPI_PERF (from
# build/tests/prereq), ROOT, NOBODY, CPUS2, CPUSET_V1, CPUSET_V2, GNUPLOT,
# PERF (perf stat counts task-clock), CLANG, PARANOID2 (a user may not
# count the kernel). test_lazy_prereq NAME 'script' adds one.
set -u

TEST_N=0 TEST_PASS=0 TEST_FAIL=0 TEST_SKIP=0 TEST_MISSING=
fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "$*"; exit 77; }

# expect_exit N CMD...: run CMD, capture stdout/stderr in $TESTTMP/out, err
expect_exit() {
	_t_want=$1; shift
	"$@" >"$TESTTMP/out" 2>"$TESTTMP/err"
	_t_got=$?
	if [ "$_t_got" -ne "$_t_want" ]; then
		echo "command: $*"; echo "--- stdout"; cat "$TESTTMP/out"
		echo "--- stderr"; cat "$TESTTMP/err"
		fail "exit $_t_got, expected $_t_want"
	fi
}
# grep_out / grep_err PATTERN: the last command's output must match
grep_out() { grep -Eq -- "$1" "$TESTTMP/out" || { cat "$TESTTMP/out"; fail "stdout lacks /$1/"; }; }
grep_err() { grep -Eq -- "$1" "$TESTTMP/err" || { cat "$TESTTMP/err"; fail "stderr lacks /$1/"; }; }
nogrep_out() { ! grep -Eq -- "$1" "$TESTTMP/out" || { cat "$TESTTMP/out"; fail "stdout has /$1/"; }; }
# one_line_err: stderr is exactly one line starting "abstat: error:"
one_line_err() {
	[ "$(wc -l <"$TESTTMP/err")" -eq 1 ] && grep -q '^abstat: error: ' "$TESTTMP/err" ||
		{ cat "$TESTTMP/err"; fail "expected one 'abstat: error:' line"; }
}
# json QUERY FILE: python3 expression on the parsed file (d), printed
json() { python3 -c "import json,sys; d=json.load(open(sys.argv[2])); print($1)" "$@"; }
# width_ascii FILE MAX: every line at most MAX columns, ASCII only, no tabs
width_ascii() {
	awk -v max="$2" 'length($0) > max { print "line " NR " is " length($0) " columns: " $0; bad=1 }
		/\t/ { print "tab in line " NR; bad=1 }
		END { exit bad }' "$1" || fail "$1: wider than $2 columns or has tabs"
	LC_ALL=C grep -q '[^[:print:]]' "$1" && fail "$1: not plain ASCII"
	return 0
}
# public_copy FILE...: copies in a directory every user can reach (for
# --user; $TESTTMP and the checkout may be 0700); prints the directory
public_copy() {
	mkdir -p "$TESTTMP.pub" && chmod 755 "$TESTTMP.pub" &&
		cp "$@" "$TESTTMP.pub/" && chmod a+rx "$TESTTMP.pub"/* &&
		echo "$TESTTMP.pub"
}
# journal_of RESULT JOURNAL: the journal a session writing RESULT
# would leave (its header, then a line a run of its first benchmark),
# as a crash leaves it for abstat recover
journal_of() {
	python3 - "$1" "$2" <<-\PY
	import json, sys
	d = json.load(open(sys.argv[1]))
	runs = d["benchmarks"][0]["runs"]
	d["benchmarks"][0]["runs"] = []
	d["format"] = "abstat-journal"
	d["pid"] = 1
	session = d.get("config", {}).get("session")
	with open(sys.argv[2], "w") as f:
	    f.write(json.dumps(d) + "\n")
	    for r in runs:
	        line = {"bench": 0, "run": r}
	        if session is not None:
	            line["session"] = session
	        f.write(json.dumps(line) + "\n")
	PY
}
# spin_n MS: the count of tests/progs/spin (getppid() calls) that takes
# about MS ms of task-clock on this machine, from one timed run: a call
# costs 90 ns on one machine and 1 us on another, so a fixed count is
# tuned to one CPU
spin_n() {
	"$ABSTAT" run -q -r 1 --warmup 0 -e task-clock -o "$TESTTMP/.spin.json" \
		-- "$BUILD/tests/progs/spin" 100000 >/dev/null 2>&1 &&
		json "max(10000, min(10**8, int(100000 * $1e6 / max(d['benchmarks'][0]['runs'][0]['counters'][0]['value'], 1))))" \
			"$TESTTMP/.spin.json" || echo 100000
	rm -f "$TESTTMP/.spin.json"
}
# abstat_commands: the commands of 'abstat --help' (made from the
# commands' table), one a line; abstat_formats CMD: the values of CMD
# --help's --format (made from the format table), one a line. The tests'
# lists of commands, formats, import sources and boots verbs are these
# and abstat_first, never written by hand.
abstat_commands() {
	"$ABSTAT" --help | sed -n '/^commands:/,/^$/p' | grep -oE '^  [a-z]+' | tr -d ' '
}
# abstat_first CMD: the words CMD's first operand is one of (import's
# sources, boots' verbs: made from their tables), one a line
abstat_first() {
	"$ABSTAT" --complete "$1" | sed -n 's/^first //p' | tr ' ' '\n'
}
abstat_formats() {
	"$ABSTAT" "$1" --help | grep -E -- '--format FMT ' | sed 's/.*--format FMT *//' |
		tr -s ', ' '\n\n' | grep -E '^[a-z]+$'
}
# scratch_repo DIR: a copy of the tree (the files git has and would add)
# in DIR, a git repository of its own with them committed, and this
# build's objects (their times kept: make rebuilds only what changes)
scratch_repo() {
	rm -rf "$1" && mkdir -p "$1/build" &&
	(cd "$TOP" && git ls-files -z -co --exclude-standard) | tar -C "$TOP" --null -T - -cf - |
		tar -C "$1" -xf - &&
	git -C "$1" init -q && git -C "$1" add -A &&
	git -C "$1" -c user.name=t -c user.email=t@t commit -qm tree &&
	{ [ ! -d "$BUILD/src" ] || cp -a "$BUILD/src" "$BUILD/counters" "$BUILD/config.mk" "$1/build/"; }
}
# scratch_make DIR TARGET...: make in DIR as this build was made
# (SANITIZE), its output in $TESTTMP/make.log
scratch_make() {
	_t_dir=$1; shift
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		make --no-print-directory -C "$_t_dir" SANITIZE="${ABSTAT_SANITIZE:-0}" "$@" \
		>"$TESTTMP/make.log" 2>&1 || { cat "$TESTTMP/make.log"; fail "make $*"; }
}
# scratch_files DIR FILE...: every change in DIR staged; fails unless
# the files changed are FILE... (in git's order)
scratch_files() {
	_t_dir=$1; shift
	git -C "$_t_dir" add -A && git -C "$_t_dir" diff --cached --name-only >"$TESTTMP/files" &&
	printf "%s\n" "$@" >"$TESTTMP/want" &&
	{ diff "$TESTTMP/want" "$TESTTMP/files" || fail "the files changed are not the $# given"; }
}
# scratch_test DIR SCRIPT: tests/cli/SCRIPT run in DIR on DIR's abstat,
# as run.sh runs it; its output in $TESTTMP/s.out, its status returned
scratch_test() {
	rm -rf "$TESTTMP/s" && mkdir -p "$TESTTMP/s" &&
	(cd "$1" && TOP=$1 ABSTAT=$1/abstat BUILD=$1/build TESTTMP=$TESTTMP/s \
		sh -c '. tests/lib.sh; . "$0"' "tests/cli/$2") >"$TESTTMP/s.out" 2>&1
}
need_cmd() { command -v "$1" >/dev/null 2>&1 || skip "missing prerequisite $(echo "$1" | tr a-z.- A-Z__): needs $1"; }

# --- prerequisites -------------------------------------------------------
# test_lazy_prereq NAME 'script': NAME holds when script exits 0 (run once,
# in a subshell, output discarded, when a case first asks).
test_lazy_prereq() { eval "TEST_LAZY_$1=\$2"; }
test_set_prereq() { eval "TEST_HAVE_$1=yes"; }
# test_have_prereq LIST: every NAME (or !NAME) of the comma list holds;
# else the first that does not is in $TEST_MISSING.
test_have_prereq() {
	for _t_p in $(echo "$1" | tr , ' '); do
		_t_want=yes _t_name=$_t_p
		case $_t_p in '!'*) _t_want=no _t_name=${_t_p#!} ;; esac
		eval "_t_have=\${TEST_HAVE_$_t_name:-}"
		if [ -z "$_t_have" ]; then
			eval "_t_script=\${TEST_LAZY_$_t_name:-}"
			[ -n "$_t_script" ] || fail "unknown prerequisite $_t_name"
			if (eval "$_t_script") >/dev/null 2>&1; then _t_have=yes; else _t_have=no; fi
			eval "TEST_HAVE_$_t_name=$_t_have"
		fi
		if [ "$_t_have" != "$_t_want" ]; then
			TEST_MISSING=$_t_p
			return 1
		fi
	done
	return 0
}
# test_require LIST: the whole script needs LIST (before any case)
test_require() {
	test_have_prereq "$1" && return 0
	echo "1..0 # skip missing prerequisite $TEST_MISSING"
	skip "missing prerequisite $TEST_MISSING"
}

# PLAIN_BUILD: this pass is make check's plain one, not SANITIZE=1's. A
# file that builds and runs its own binaries (the fuzz targets, already
# ASan+UBSan; a .deb) requires it: the sanitized pass would only repeat
# it, minutes of .ci/run's 45 (doc/development.md)
test_lazy_prereq PLAIN_BUILD '[ "${ABSTAT_SANITIZE:-0}" != 1 ]'
test_lazy_prereq PMU '"$BUILD/tests/prereq" PMU'
test_lazy_prereq LIBPFM_CPU '"$BUILD/tests/prereq" LIBPFM_CPU'
test_lazy_prereq FOREIGN_PMU '"$BUILD/tests/prereq" FOREIGN_PMU'
test_lazy_prereq PAPI '"$BUILD/tests/prereq" PAPI'
test_lazy_prereq PAPI_PERF '"$BUILD/tests/prereq" PAPI_PERF'
# the kernel exposes no core PMU (perf_cpu_pmu_present): abstat then
# spells perf's generic hardware events itself
test_lazy_prereq NO_CORE_PMU '! "$BUILD/tests/prereq" CORE_PMU'
test_lazy_prereq ROOT '[ "$(id -u)" -eq 0 ]'
test_lazy_prereq NOBODY 'id nobody'
test_lazy_prereq CPUS2 '[ "$(nproc)" -ge 2 ]'
test_lazy_prereq CPUSET_V1 '[ "$(id -u)" -eq 0 ] && [ -w /sys/fs/cgroup/cpuset/cgroup.procs ] && [ -e /sys/fs/cgroup/cpuset/cpuset.cpus ]'
test_lazy_prereq CPUSET_V2 '[ "$(id -u)" -eq 0 ] && grep -qw cpuset /sys/fs/cgroup/cgroup.controllers'
test_lazy_prereq GNUPLOT 'command -v gnuplot'
test_lazy_prereq PERF 'perf stat -x, -e task-clock true'
test_lazy_prereq CLANG 'command -v clang'
test_lazy_prereq PARANOID2 '[ "$(cat /proc/sys/kernel/perf_event_paranoid)" -ge 2 ]'
need_root() { test_require ROOT; }

# --- cases ---------------------------------------------------------------
# test_expect_success [PREREQ] NAME BODY
test_expect_success() {
	_t_prereq=
	if [ $# -eq 3 ]; then _t_prereq=$1; shift; fi
	[ $# -eq 2 ] || fail "test_expect_success: want [PREREQ] NAME BODY"
	TEST_N=$((TEST_N + 1))
	if [ -n "$_t_prereq" ] && ! test_have_prereq "$_t_prereq"; then
		TEST_SKIP=$((TEST_SKIP + 1))
		echo "ok $TEST_N # skip $1 (missing prerequisite $TEST_MISSING)"
		return 0
	fi
	(eval "$2") >"$TESTTMP/.case" 2>&1 </dev/null
	_t_rc=$?
	if [ $_t_rc -eq 0 ]; then
		TEST_PASS=$((TEST_PASS + 1))
		echo "ok $TEST_N - $1"
	elif [ $_t_rc -eq 77 ]; then
		# skip "missing prerequisite X: why" found at run time
		TEST_SKIP=$((TEST_SKIP + 1))
		echo "ok $TEST_N # skip $1 ($(tail -n 1 "$TESTTMP/.case"))"
	else
		TEST_FAIL=$((TEST_FAIL + 1))
		echo "not ok $TEST_N - $1"
		sed 's/^/#   /' "$TESTTMP/.case"
		echo "#   (case exited $_t_rc)"
	fi
	return 0
}
# boots_setup: abstat boots with a fake /proc (ABSTAT_SYSROOT=$ROOT,
# $TESTTMP/root) and $TESTTMP/next, a --next that only appends "BOOT SIDE"
# to $TESTTMP/next.log: nothing reboots
boots_setup() {
	ROOT=$TESTTMP/root
	export ABSTAT_SYSROOT=$ROOT
	mkdir -p "$ROOT/proc/sys/kernel/random"
	printf '#!/bin/sh\necho "$ABSTAT_BOOTS_BOOT $ABSTAT_BOOTS_SIDE" >>"%s/next.log"\n' \
		"$TESTTMP" >"$TESTTMP/next"
	chmod +x "$TESTTMP/next"
}
# boots_as REL ID [CMDLINE]: the machine now runs kernel REL, boot ID,
# with "ro CMDLINE"
boots_as() {
	echo "$1" >"$ROOT/proc/sys/kernel/osrelease"
	echo "$2" >"$ROOT/proc/sys/kernel/random/boot_id"
	echo "ro ${3:-}" >"$ROOT/proc/cmdline"
}
# boots_edit DIR PYTHON: change DIR/plan.json (d) as a hostile user would
boots_edit() {
	python3 -c "import json,sys; p=sys.argv[1]; d=json.load(open(p)); $2; json.dump(d, open(p, \"w\"))" "$1/plan.json"
}
# boots_kernel FILE [ARCH]: a stand-in kernel image of ARCH (default
# uname -m): the header boots init reads (bzImage's HdrS, an arm64 or
# RISC-V Image's magic), zeros elsewhere
boots_kernel() {
	python3 -c "import sys
h = bytearray(4096)
a = sys.argv[2]
if a == 'x86_64': h[0x202:0x206] = b'HdrS'
elif a == 'aarch64': h[0x38:0x3c] = b'ARM\\x64'
elif a == 'riscv64': h[0x38:0x3c] = b'RSC\\x05'
open(sys.argv[1], 'wb').write(h)" "$1" "${2:-$(uname -m)}"
}
# test_done: the script's tally; exit 1 when a case failed
test_done() {
	echo "1..$TEST_N"
	echo "# tally: $TEST_PASS passed, $TEST_FAIL failed, $TEST_SKIP skipped"
	[ "$TEST_N" -gt 0 ] || fail "no test case ran"
	[ "$TEST_FAIL" -eq 0 ] || exit 1
	exit 0
}
