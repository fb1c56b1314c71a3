# abstat-workloads(7): clean under groff -ww, names every workload, and
# its abstat.h example compiles and speaks the protocol.
test_lazy_prereq GROFF 'command -v groff'
M=$TOP/man/abstat-workloads.7

test_expect_success GROFF 'abstat-workloads.7: clean under groff -ww' '
	groff -ww -man -Tutf8 "$M" >/dev/null 2>"$TESTTMP/err" || fail "groff failed"
	if [ -s "$TESTTMP/err" ]; then cat "$TESTTMP/err"; fail "groff warnings"; fi
'
# (the roff forms the page uses: lat\-mmap, page\-fault, but open-close)
for w in syscall getppid 'getppid\\-sve' 'getppid\\-nosve' getuid \
	gettimeofday clock_gettime write socket select pipe open-close stat \
	mmap 'lat\\-mmap' 'page\\-fault' fork exec threads 'thread\\-create' tls create stride; do
	test_expect_success "abstat-workloads.7 names workload $(echo "$w" | tr -d '\\')" '
		grep -q "^\.B $w\$" "$M" || fail "man page lacks workload $w"
	'
done

# The example program (between .EX/.EE, the one including abstat.h),
# with setup() and work() supplied.
awk '/^\.EX$/ { ex = 1; buf = ""; next }
	/^\.EE$/ { if (buf ~ /abstat.h/) printf "%s", buf; ex = 0; next }
	ex { buf = buf $0 "\n" }' "$M" | sed 's/\\-/-/g' >"$TESTTMP/ex.c"
{ printf 'static void setup(void) {}\nstatic volatile int x;\nstatic void work(void) { x++; }\n'
	sed 's/<abstat.h>/"abstat.h"/' "$TESTTMP/ex.c"; } >"$TESTTMP/prog.c"

test_expect_success 'the abstat.h example compiles and runs by hand' '
	grep -q abstat_ops "$TESTTMP/ex.c" || fail "example not found"
	cc -std=c99 -Wall -Werror -D_POSIX_C_SOURCE=200809L -I"$TOP/workloads" \
		-o "$TESTTMP/prog" "$TESTTMP/prog.c" || fail "man example does not compile"
	"$TESTTMP/prog" || fail "man example failed by hand"
'
test_expect_success 'the example under abstat run records ops 1000' '
	[ -x "$TESTTMP/prog" ] || fail "the example was not built (case above)"
	expect_exit 0 "$ABSTAT" run -q -r 1 --warmup 0 -e task-clock \
		-o "$TESTTMP/r.json" -- "$TESTTMP/prog" &&
	ops=$(json "d[\"benchmarks\"][0][\"runs\"][0].get(\"ops\")" "$TESTTMP/r.json") &&
	{ [ "$ops" = 1000 ] || fail "man example: ops $ops, not 1000"; }
'
test_done
