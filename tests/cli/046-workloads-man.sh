# abstat-workloads(7): clean under groff -ww, names every workload, and
# its abstat.h example compiles and speaks the protocol.
M=$TOP/man/abstat-workloads.7
need_cmd groff
groff -ww -man -Tutf8 "$M" >/dev/null 2>"$TESTTMP/err" || fail "groff failed"
[ -s "$TESTTMP/err" ] && { cat "$TESTTMP/err"; fail "groff warnings"; }
for w in syscall getppid getuid gettimeofday clock_gettime write socket \
	select pipe open-close stat mmap 'lat\\-mmap' 'page\\-fault' fork exec \
	threads create; do
	grep -q "^\.B $w\$" "$M" || fail "man page lacks workload $w"
done
# The example program (between .EX/.EE, the one including abstat.h),
# with setup() and work() supplied.
awk '/^\.EX$/ { ex = 1; buf = ""; next }
	/^\.EE$/ { if (buf ~ /abstat.h/) printf "%s", buf; ex = 0; next }
	ex { buf = buf $0 "\n" }' "$M" | sed 's/\\-/-/g' >"$TESTTMP/ex.c"
grep -q 'abstat_ops' "$TESTTMP/ex.c" || fail "example not found"
{ printf 'static void setup(void) {}\nstatic volatile int x;\nstatic void work(void) { x++; }\n'
	sed 's/<abstat.h>/"abstat.h"/' "$TESTTMP/ex.c"; } >"$TESTTMP/prog.c"
cc -std=c99 -Wall -Werror -D_POSIX_C_SOURCE=200809L -I"$TOP/workloads" \
	-o "$TESTTMP/prog" "$TESTTMP/prog.c" || fail "man example does not compile"
"$TESTTMP/prog" || fail "man example failed by hand"
[ -x "$ABSTAT" ] || fail "$ABSTAT is not built"
expect_exit 0 "$ABSTAT" run -q -r 1 --warmup 0 -e task-clock \
	-o "$TESTTMP/r.json" -- "$TESTTMP/prog"
[ "$(json 'd["benchmarks"][0]["runs"][0].get("ops")' "$TESTTMP/r.json")" = 1000 ] ||
	fail "man example: ops not recorded"
exit 0
