# abstat flame's text table: the thread's per-function totals. The
# OpenBSD stat() thread (tests/fixtures/flame/make-stat.py) summed the
# samples of each leaf function of a btrace @[kstack] = count() printout
# with stackcollapse-bpftrace.pl | sed | awk and printed "13 copyout 14
# memset ... 164 spllower", total 739. abstat flame --import bpftrace
# gives the same numbers as its self column, and the grand total, within
# 80 columns (72 with --format mail).
# tags: sanitize
F="$TOP/tests/fixtures/flame"
cd "$TESTTMP" || fail "no TESTTMP"

# what the one-liner meant: the leaf (first) frame of each stack, its
# +offset cut, the counts summed per function
awk '/^@\[/ { s = 1; next }
	s == 1 { f = $1; sub(/\+.*/, "", f); s = 2; next }
	/^\]: / { sum[f] += $2; s = 0 }
	END { for (f in sum) print sum[f], f }' "$F/stat.btrace" | sort >want
# selfs NAME: abstat's table as "SELF FUNCTION" lines of self > 0, sorted
selfs() {
	sed -n 's/^ *[0-9.]*% *\([0-9][0-9]*\) *[0-9.]*% *[0-9][0-9]*  \(.*\)$/\1 \2/p' "$1" |
		sed 's/ \[k\]$//' | awk '$1 > 0' | sort
}

test_expect_success 'the awk reconstruction gives the thread'"'"'s numbers (fixture check)' '
	for t in "13 copyout" "14 memset" "14 rw_do_enter_write" "15 vget" \
		"15 Xsyscall_meltdown" "17 splraise" "29 SipHash_End" "31 userland" \
		"62 mtx_enter" "69 memcpy" "74 memcmp" "164 spllower"; do
		grep -qx "$t" want || fail "fixture lacks $t"
	done &&
	[ "$(awk "{ s += \$1 } END { print s }" want)" = 739 ] || fail "total not 739"
'
test_expect_success 'the table: the thread'"'"'s per-function totals and total 739' '
	expect_exit 0 "$ABSTAT" flame --import bpftrace "$F/stat.btrace" -o t.txt &&
	selfs t.txt >got &&
	{ diff want got || fail "per-function totals differ (< awk, > abstat)"; } &&
	grep -q "^total 739 samples" t.txt || { cat t.txt; fail "no total 739"; }
'
test_expect_success 'most self first: spllower, then memcmp (10.01%), memcpy' '
	sed -n "4p;5p;6p" t.txt >top3 &&
	grep -q "22.19% *164 .*spllower \[k\]" top3 &&
	grep -q "10.01% *74 .*memcmp \[k\]" top3 &&
	grep -q "memcpy \[k\]" top3 || { cat top3; fail "wrong order"; }
'
test_expect_success 'total share: a caller holds its callees (Xsyscall_meltdown 708)' '
	grep -q "15  95.81% *708  Xsyscall_meltdown \[k\]" t.txt || { cat t.txt; fail "total"; }
'
test_expect_success 'plain ASCII, 80 columns; --format mail 72' '
	width_ascii t.txt 80 &&
	expect_exit 0 "$ABSTAT" flame --import bpftrace "$F/stat.btrace" -o - --format mail &&
	width_ascii "$TESTTMP/out" 72 &&
	selfs "$TESTTMP/out" | diff want - || fail "mail table differs"
'
test_expect_success 'a long name is cut to the width' '
	long=$(printf "f%.0s" $(seq 200)) &&
	printf "main;%s 3\n" "$long" >long.folded &&
	expect_exit 0 "$ABSTAT" flame --import folded long.folded -o - --format mail &&
	width_ascii "$TESTTMP/out" 72 && grep_out "ff~$"
'
test_expect_success '-o - without --format is the table' '
	expect_exit 0 "$ABSTAT" flame --import bpftrace "$F/stat.btrace" &&
	cmp "$TESTTMP/out" t.txt || fail "stdout differs from t.txt"
'
test_done
