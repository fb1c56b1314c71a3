# abstat.h without abstat: ABSTAT_CTL unset or malformed means every call
# is a no-op; a launcher that goes away (EOF on ack) does not hang it.
P=$BUILD/tests/progs/region_example
W=$BUILD/workloads
[ -x "$P" ] || fail "$P is not built (make progs)"
unset ABSTAT_CTL
expect_exit 0 "$P" 10 100
grep_out '^region_example: 10 pages in region, 100 in setup$'
expect_exit 0 "$W/getppid" -n 100
grep_out '^getppid: 100 ops'
for bad in '' x 3 3, ,4 -1,2 99,98 1,1 3,4x '3, 4' 1234567890,1; do
	ABSTAT_CTL=$bad expect_exit 0 "$P" 10 100
	grep_out '^region_example: 10 pages'
	ABSTAT_CTL=$bad expect_exit 0 "$W/getppid" -n 100
	grep_out '^getppid: 100 ops'
done
# Well-formed but nobody answers: "enable" is written once, the EOF on
# the ack descriptor turns abstat.h off, the program finishes.
ABSTAT_CTL=7,8 "$P" 10 100 7>"$TESTTMP/ctl" 8</dev/null >"$TESTTMP/out" ||
	fail "region_example failed with a dead launcher"
grep_out '^region_example: 10 pages'
[ "$(cat "$TESTTMP/ctl")" = enable ] || { od -c "$TESTTMP/ctl"; fail "expected just 'enable'"; }
# A C++-free C99 client: the header compiles alone with -std=c99 -pedantic.
printf '#include "abstat.h"\nint main(void){abstat_begin();abstat_end();return abstat_ops(1);}\n' >"$TESTTMP/t.c"
cc -std=c99 -pedantic -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L \
	-I"$TOP/workloads" -o "$TESTTMP/t" "$TESTTMP/t.c" || fail "abstat.h is not clean C99"
"$TESTTMP/t" || fail "C99 client failed"
exit 0
