# The build records its configuration in build/config.mk (the HAVE_*
# decisions, the compiler, the flags) and rebuilds what depends on it when
# it changes: make demo builds before libpapi-dev and libdw-dev are there,
# make check after (issue 37). In a scratch copy of the tree, one object.
S=$TESTTMP/tree
mk() {
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		make --no-print-directory -C "$S" "$@" >"$TESTTMP/make.log" 2>&1 ||
		{ cat "$TESTTMP/make.log"; fail "make $*"; }
}
compiled() { grep -q ' CC .*src/base/sink.c' "$TESTTMP/make.log"; }
mkdir -p "$S" && (cd "$TOP" && cp -r Makefile VERSION src counters workloads "$S/") ||
	fail "cannot copy the tree"
O=build/src/base/sink.o

test_expect_success 'a first build writes build/config.mk with its decisions' '
	mk HAVE_PAPI=0 HAVE_LIBDW=0 $O && compiled &&
	grep -qx "HAVE_PAPI = 0" "$S/build/config.mk" &&
	grep -qx "HAVE_LIBDW = 0" "$S/build/config.mk" &&
	grep -q "^CC = " "$S/build/config.mk" && grep -q "^CFLAGS = .*-O2" "$S/build/config.mk"
'
test_expect_success 'the same configuration rebuilds nothing' '
	mk HAVE_PAPI=0 HAVE_LIBDW=0 $O && if compiled; then cat "$TESTTMP/make.log"; fail "recompiled"; fi
'
test_expect_success 'WERROR=1 changes no object and rebuilds nothing' '
	mk HAVE_PAPI=0 HAVE_LIBDW=0 WERROR=1 $O &&
	if compiled; then cat "$TESTTMP/make.log"; fail "recompiled"; fi
'
test_expect_success 'a library found later (HAVE_PAPI 0 -> 1) rebuilds' '
	mk HAVE_PAPI=1 HAVE_LIBDW=0 $O && compiled &&
	grep -qx "HAVE_PAPI = 1" "$S/build/config.mk"
'
test_expect_success 'other flags rebuild too (OPT)' '
	mk HAVE_PAPI=1 HAVE_LIBDW=0 OPT=-O0 $O && compiled
'
test_done
