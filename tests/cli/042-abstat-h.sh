# abstat.h without abstat: ABSTAT_CTL unset or malformed means every call
# is a no-op; a launcher that goes away (EOF on ack) does not hang it.
P=$BUILD/tests/progs/region_example
W=$BUILD/workloads
unset ABSTAT_CTL

test_expect_success 'ABSTAT_CTL unset: region_example runs' '
	{ [ -x "$P" ] || fail "$P is not built (make progs)"; } &&
	expect_exit 0 "$P" 10 100 &&
	grep_out "^region_example: 10 pages in region, 100 in setup\$"
'
test_expect_success 'ABSTAT_CTL unset: a workload runs' '
	expect_exit 0 "$W/getppid" -n 100 &&
	grep_out "^getppid: 100 ops"
'
for bad in '' x 3 3, ,4 -1,2 99,98 1,1 3,4x '3, 4' 1234567890,1; do
	test_expect_success "ABSTAT_CTL='$bad': region_example and getppid run" '
		ABSTAT_CTL=$bad expect_exit 0 "$P" 10 100 &&
		grep_out "^region_example: 10 pages" &&
		ABSTAT_CTL=$bad expect_exit 0 "$W/getppid" -n 100 &&
		grep_out "^getppid: 100 ops"
	'
done

# Well-formed but nobody answers: "enable" is written once, the EOF on
# the ack descriptor turns abstat.h off, the program finishes.
test_expect_success 'a launcher that is gone: enable written once, the program finishes' '
	{ ABSTAT_CTL=7,8 "$P" 10 100 7>"$TESTTMP/ctl" 8</dev/null >"$TESTTMP/out" ||
		fail "region_example failed with a dead launcher"; } &&
	grep_out "^region_example: 10 pages" &&
	{ [ "$(cat "$TESTTMP/ctl")" = enable ] || { od -c "$TESTTMP/ctl"; fail "expected just enable"; }; }
'

# A C++-free C99 client: the header compiles alone with -std=c99 -pedantic.
cat >"$TESTTMP/t.c" <<'C'
#include "abstat.h"
int main(void){abstat_begin();abstat_end();return abstat_ops(1);}
C
test_expect_success 'abstat.h compiles alone as C99 -pedantic and the client runs' '
	cc -std=c99 -pedantic -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L \
		-I"$TOP/workloads" -o "$TESTTMP/t" "$TESTTMP/t.c" || fail "abstat.h is not clean C99"
	"$TESTTMP/t" || fail "C99 client failed"
'
test_done
