# abstat list --encode: the attr abstat would open. An event of a libpfm4
# PMU that is not this machine's (chosen at run time by build/tests/prereq,
# never by name) encodes offline with LIBPFM_ENCODE_INACTIVE=1 as that
# PMU's raw encoding, and never counts here.
# tags: sanitize
ev=$("$BUILD/tests/prereq" foreign-event)
pmu=${ev%%::*}
enc=$("$BUILD/tests/prereq" foreign-encoding)
config=${enc#* }

test_expect_success FOREIGN_PMU 'a foreign PMU event encodes offline as its raw encoding' '
	LIBPFM_ENCODE_INACTIVE=1 expect_exit 0 "$ABSTAT" list --encode "$ev" &&
	width_ascii "$TESTTMP/out" 80 &&
	grep_out "^$ev\$" &&
	grep_out "^    pmu $pmu, type RAW \(4\), config $config, config1 0x0" &&
	grep_out "^    exclude: user 0, kernel 0, " &&
	grep_out "^    group 0 \(pinned\), inherit\$" &&
	grep_out "^    fstr $ev:" &&
	grep_out "^    not supported: PMU $pmu is not this machine"
'

test_expect_success FOREIGN_PMU '--user-only excludes the kernel, in the attr and the string' '
	LIBPFM_ENCODE_INACTIVE=1 expect_exit 0 "$ABSTAT" list --encode --user-only "$ev" &&
	grep_out "^    exclude: user 0, kernel 1, " &&
	grep_out "u=1:k=0"
'

test_expect_success FOREIGN_PMU 'without LIBPFM_ENCODE_INACTIVE the foreign event is unknown' '
	expect_exit 2 "$ABSTAT" list --encode "$ev" &&
	one_line_err
'

test_expect_success FOREIGN_PMU 'LIBPFM_FORCE_PMU: unqualified names encode for that PMU (warned)' '
	LIBPFM_FORCE_PMU=$pmu expect_exit 0 "$ABSTAT" list --encode "${ev#*::}" &&
	grep_out "type RAW \(4\), config $config" &&
	grep_err "^abstat: warning: LIBPFM_FORCE_PMU is set"
'

test_expect_success LIBPFM_CPU "this CPU's own PMU events encode and are this machine's" '
	own=$("$BUILD/tests/prereq" cpu-pmu) &&
	expect_exit 0 "$ABSTAT" list "$own::" &&
	# the first that encodes as listed: one whose first detail line is
	# not "needs a unit mask" (Zen 4 lists RETIRED_X87_FP_OPS first, which
	# has no default unit mask)
	first=$(awk -v own="$own::" "index(\$0, own) == 1 { ev = \$1; next }
		ev != \"\" { if (\$0 !~ /needs a unit mask/) { print ev; exit } ev = \"\" }" "$TESTTMP/out") &&
	echo "$first" && [ -n "$first" ] &&
	expect_exit 0 "$ABSTAT" list --encode "$first" &&
	grep_out "^    pmu $own, type (RAW \(4\)|HARDWARE \(0\))" &&
	nogrep_out "is not this machine"
'

test_expect_success 'generic hardware encoding, user + kernel by default' '
	expect_exit 0 "$ABSTAT" list --encode cycles:u &&
	grep_out "^    pmu perf, type HARDWARE \(0\), config 0x0, " &&
	grep_out "^    exclude: user 0, kernel 1, "
'

test_expect_success 'software encoding: its own group, not pinned' '
	expect_exit 0 "$ABSTAT" list --encode page-faults &&
	grep_out "^    pmu perf, type SOFTWARE \(1\), config 0x2, " &&
	grep_out "^    exclude: user 0, kernel 0, " &&
	grep_out "^    group 1, inherit\$"
'
test_done
