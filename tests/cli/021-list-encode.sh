# abstat list --encode: the attr abstat would open. A zen4 event encodes
# offline (LIBPFM_ENCODE_INACTIVE=1) as RAW 0xc0, and never counts here.
ev=amd64_fam19h_zen4::RETIRED_INSTRUCTIONS
LIBPFM_ENCODE_INACTIVE=1 expect_exit 0 "$ABSTAT" list --encode $ev
width_ascii "$TESTTMP/out" 80
grep_out "^$ev\$"
grep_out '^    pmu amd64_fam19h_zen4, type RAW \(4\), config 0xc0, config1 0x0'
grep_out '^    exclude: user 0, kernel 0, '
grep_out '^    group 0 \(pinned\), inherit$'
grep_out '^    fstr amd64_fam19h_zen4::RETIRED_INSTRUCTIONS:'
grep_out '^    not supported: PMU amd64_fam19h_zen4 is not this machine'
# --user-only excludes the kernel, in the attr and in the string
LIBPFM_ENCODE_INACTIVE=1 expect_exit 0 "$ABSTAT" list --encode --user-only $ev
grep_out '^    exclude: user 0, kernel 1, '
grep_out 'u=1:k=0'
# without the variable libpfm4 does not know the PMU: nothing matches
expect_exit 2 "$ABSTAT" list --encode $ev
one_line_err
# LIBPFM_FORCE_PMU is allowed for list (warned), unqualified names then
# encode for that PMU
LIBPFM_FORCE_PMU=amd64_fam19h_zen4 expect_exit 0 "$ABSTAT" list --encode RETIRED_INSTRUCTIONS
grep_out 'type RAW \(4\), config 0xc0'
grep_err '^abstat: warning: LIBPFM_FORCE_PMU is set'
# generic and software encodings, user + kernel by default
expect_exit 0 "$ABSTAT" list --encode cycles:u
grep_out '^    pmu perf, type HARDWARE \(0\), config 0x0, '
grep_out '^    exclude: user 0, kernel 1, '
expect_exit 0 "$ABSTAT" list --encode page-faults
grep_out '^    pmu perf, type SOFTWARE \(1\), config 0x2, '
grep_out '^    exclude: user 0, kernel 0, '
grep_out '^    group 1, inherit$'
