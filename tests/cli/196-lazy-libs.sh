# libpfm4 and PAPI are loaded when abstat first counts (counters/lib_dl.h),
# libdw when profile first symbolises (src/profile/usyms_dl.c), not at
# start: the commands that read results (compare, show, import, flame, plot) and
# --version never map them, run maps libpfm when an event needs it (perf's
# software events do not, nor its generic hardware ones where the kernel
# exposes no core PMU: test 160), profile libdw too. What a process
# maps is what the dynamic loader opened for it, at start and by dlopen()
# later: LD_DEBUG=files (to LD_DEBUG_OUTPUT, one file per process) names
# every one, over the whole life of the command, not one moment of it.
#
# Where the libraries are missing: the loader cannot be told to hide a
# system library from dlopen() by name, so a private copy of the binary,
# its dlopen names (the SONAMEs, nowhere else in the file) overwritten
# with names no system has, stands for a machine without libpfm4 and
# PAPI and libdw. The code is the shipped code; only the names differ.
cd "$TESTTMP" || fail "no TESTTMP"
python3 "$TOP/tests/fixtures/plot/gen.py" a.json --label a --runs 3 >/dev/null &&
python3 "$TOP/tests/fixtures/plot/gen.py" b.json --label b --runs 3 --seed 2 \
	>/dev/null || fail "gen.py"

# opened CMD...: run CMD (any exit) with the loader's file log, and list
# the basenames of the files it opened in $TESTTMP/opened
opened() {
	rm -rf ld && mkdir ld &&
	LD_DEBUG=files LD_DEBUG_OUTPUT="$TESTTMP/ld/log" "$@" \
		>"$TESTTMP/out" 2>"$TESTTMP/err"
	sed -n 's/.*file=\([^ ]*\).*/\1/p' ld/log.* | sed 's|.*/||' |
		sort -u >opened
	grep -q '^libjansson\.so' opened ||
		{ cat opened; fail "no loader log for: $*"; }
}
# no_lazy_libs: none of libpfm, libpapi, libdw was opened
no_lazy_libs() {
	if grep -E '^lib(pfm|papi|dw)\.so' opened; then
		fail "opened a library it does not use"
	fi
}

test_expect_success '--version opens none of libpfm, libpapi, libdw' '
	opened "$ABSTAT" --version && no_lazy_libs
'
test_expect_success 'compare opens none of libpfm, libpapi, libdw' '
	opened "$ABSTAT" compare a.json b.json &&
	grep -q "getppid" out || { cat out err; fail "compare printed no row"; }
	no_lazy_libs
'
test_expect_success 'show opens none' '
	opened "$ABSTAT" show a.json &&
	grep -q "getppid" out || { cat out err; fail "show printed no row"; }
	no_lazy_libs
'
test_expect_success 'import and flame open none' '
	opened "$ABSTAT" import gobench "$TOP/tests/fixtures/import/gobench.txt" \
		-o g.json && [ -s g.json ] || fail "import: $(cat err)"
	no_lazy_libs &&
	printf "main;a 3\nmain 1\n" >x.folded &&
	opened "$ABSTAT" flame --import folded x.folded -o y.folded &&
	[ -s y.folded ] || fail "flame: $(cat err)"
	no_lazy_libs
'
test_expect_success GNUPLOT 'plot opens none' '
	opened "$ABSTAT" plot -q a.json b.json -o p.txt &&
	[ -s p.txt ] || fail "plot: $(cat err)"
	no_lazy_libs
'
test_expect_success 'run opens libpfm, by its SONAME, when it encodes with it' '
	opened "$ABSTAT" run -q -r 1 --warmup 0 -e task-clock,instructions:u -o r.json -- /bin/true &&
	[ -s r.json ] || fail "run: $(cat err)"
	grep -q "^libpfm\.so\.[0-9]" opened || { cat opened; fail "run: no libpfm"; }
'
test_expect_success 'the result still names the libraries: versions from their files' '
	pfm=$(json "d[\"env\"][\"libraries\"][\"libpfm4\"]" r.json) &&
	papi=$(json "d[\"env\"][\"libraries\"][\"papi\"]" r.json) &&
	case $pfm in [0-9]*.[0-9]*.[0-9]*) ;; *) fail "libpfm4: $pfm" ;; esac
	case $papi in [0-9]*.[0-9]* | "not built") ;; *) fail "papi: $papi" ;; esac
'
test_lazy_prereq SAMPLING '"$ABSTAT" profile -q -r 1 --warmup 0 --user-only -o "$TESTTMP/.s.json" -- true >/dev/null 2>&1'
test_expect_success SAMPLING 'profile opens libdw, by its SONAME, to name user frames' '
	opened "$ABSTAT" profile -q -r 1 --warmup 0 --user-only -o p.json -- /bin/true &&
	[ -s p.json ] || fail "profile: $(cat err)"
	grep -q "^libdw\.so\.[0-9]" opened || { cat opened; fail "profile: no libdw"; }
	[ "$(json "d[\"config\"][\"profile\"][\"symbols\"]" p.json)" = libdw ] ||
		fail "symbols: not libdw"
'

# hide NAMES OUT: OUT, a private copy of abstat with every "NAME.so.N\0"
# of NAMES (a regex alternation) renamed to the same length, an "@" for
# each digit
hide() {
	python3 - "$ABSTAT" "$1" "$2" <<'EOF' && chmod +x "$2"
import re, sys
data = open(sys.argv[1], "rb").read()
pat = rb"((?:" + sys.argv[2].encode() + rb")\.so\.)([0-9.]+)\0"
at = lambda m: m.group(1) + re.sub(rb"[0-9]", b"@", m.group(2)) + b"\0"
new, n = re.subn(pat, at, data)
if not n:
	sys.exit("no SONAME of " + sys.argv[2] + " in the binary")
open(sys.argv[3], "wb").write(new)
EOF
}
hide 'libpfm|libpapi' nolib || fail "cannot make the copy without libpfm, libpapi"
hide libdw nodw || fail "cannot make the copy without libdw"

test_expect_success 'without libpfm4: compare and show still work' '
	expect_exit 0 ./nolib compare a.json b.json &&
	expect_exit 0 ./nolib show a.json
'
test_expect_success 'without libpfm4: run fails in one line naming what to install' '
	expect_exit 3 ./nolib run -q -r 1 -e task-clock,cycles:u -o n.json -- /bin/true &&
	one_line_err &&
	grep_err "cannot initialise libpfm4: libpfm\.so\.@: cannot open shared object file.*; install libpfm4$" &&
	[ ! -e n.json ] || fail "a result without counters"
'
test_expect_success NO_CORE_PMU 'without libpfm4 and without a core PMU: the default events need none' '
	expect_exit 0 ./nolib run -q -r 1 --warmup 0 -o dflt.json -- /bin/true &&
	[ -s dflt.json ] &&
	[ "$(json "d[\"env\"][\"libraries\"][\"libpfm4\"]" dflt.json)" = "cannot be loaded" ] ||
		{ cat err; json "d[\"env\"][\"libraries\"]" dflt.json; fail "default events without libpfm4"; }
'
test_expect_success 'without libpfm4: list says the same' '
	expect_exit 3 ./nolib list &&
	one_line_err &&
	grep_err "install libpfm4$"
'
test_expect_success PAPI 'without PAPI: run --backend papi fails in one line naming libpapi' '
	expect_exit 3 ./nolib run --backend papi -q -r 1 -o n.json -- /bin/true &&
	one_line_err &&
	grep_err "papi: PAPI_library_init failed: libpapi\.so\.@[@.]*: cannot open shared object file.*; install libpapi"
'
test_expect_success SAMPLING 'without libdw: profile warns, records symbols none' '
	expect_exit 0 ./nodw profile -r 1 --warmup 0 --user-only -o np.json -- /bin/true &&
	grep_err "^abstat: warning: .*user frames named by their file only: libdw\.so\.@: cannot open shared object file.*; install libdw1" &&
	[ "$(json "d[\"config\"][\"profile\"][\"symbols\"]" np.json)" = none ] ||
		fail "symbols: not none"
'
test_done
