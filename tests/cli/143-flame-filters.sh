# --exclude, --kernel, --user on a profile result (abstat-flame(1),
# FILTERS): --exclude drops every stack with a matching frame, its samples
# leave the total; --kernel keeps the samples taken in the kernel with
# their kernel frames only, --user those taken in user space; both: all.
# tags: sanitize
F="$TOP/tests/fixtures/flame"
cd "$TESTTMP" || fail "no TESTTMP"
python3 "$TOP/tests/fixtures/plot/gen.py" r.json --label base --runs 1 || fail "gen"
cat >p.folded <<'P'
main;f 3
main;f;sys_read_[k];copyout_[k] 5
main;g;sys_getppid_[k] 2
swapper_[k];cpu_idle_[k] 100
main 1
P
python3 "$F/add-profile.py" r.json p.json p.folded || fail "add-profile"
folded() { "$ABSTAT" flame p.json -o - --format folded "$@"; }

test_expect_success 'no filter: every stack' '
	folded >out && [ "$(awk "{ s += \$NF } END { print s }" out)" = 111 ] || fail "total"
'
test_expect_success '--exclude idle drops the idle stack whole' '
	folded --exclude idle >out &&
	printf "main 1\nmain;f 3\nmain;f;sys_read_[k];copyout_[k] 5\nmain;g;sys_getppid_[k] 2\n" | cmp - out ||
		{ cat out; fail "--exclude idle"; }
'
test_expect_success '--exclude is a regex (ERE) on each frame' '
	folded --exclude "^(f|g)$" >out &&
	printf "main 1\nswapper_[k];cpu_idle_[k] 100\n" | cmp - out || { cat out; fail "ERE"; }
'
test_expect_success '--kernel: kernel samples, kernel frames' '
	folded --kernel --exclude idle >out &&
	printf "sys_getppid_[k] 2\nsys_read_[k];copyout_[k] 5\n" | cmp - out || { cat out; fail "--kernel"; }
'
test_expect_success '--user: the samples in user space' '
	folded --user >out &&
	printf "main 1\nmain;f 3\n" | cmp - out || { cat out; fail "--user"; }
'
test_expect_success '--kernel --user: every sample' '
	folded --kernel --user >a && folded >b && cmp a b || fail "both"
'
test_expect_success 'the text table follows the filter: shares of what is left' '
	expect_exit 0 "$ABSTAT" flame p.json --kernel --exclude idle -o - --format text &&
	grep_out "71.43% +5 +71.43% +5  copyout \[k\]" && grep_out "^total 7 samples"
'
test_expect_success 'a filter that leaves nothing: one line, exit 2' '
	expect_exit 2 "$ABSTAT" flame p.json --exclude . -o - &&
	one_line_err && grep_err "no samples of base are left"
'
test_done
