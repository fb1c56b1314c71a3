# The sizes issue 28 set for the code (src/, counters/, workloads/,
# libexec/): no function over 100 lines and no file over 700, as
# tools/funclen.py measures them (a function from its head to its closing
# brace); it names what is over and by how much. Split a function by the
# steps it takes and a file by the concepts it holds (doc/development.md, Conventions).
cd "$TOP" || fail "no tree at $TOP"

test_expect_success 'no function over 100 lines' '
	python3 tools/funclen.py --max 100 --file-max 1000000000 --check \
		>"$TESTTMP/out" || { cat "$TESTTMP/out"; fail "a function is over 100 lines"; }
'

test_expect_success 'no file over 700 lines' '
	python3 tools/funclen.py --max 1000000000 --file-max 700 --check \
		>"$TESTTMP/out" || { cat "$TESTTMP/out"; fail "a file is over 700 lines"; }
'

test_expect_success 'the checker finds a long function and a long file' '
	mkdir -p "$TESTTMP/t/src/x" &&
	{ echo "int f(void)"; echo "{"; i=0; while [ $i -lt 101 ]; do
		echo "	i++;"; i=$((i + 1)); done; echo "}"; } \
		>"$TESTTMP/t/src/x/long.c" &&
	if python3 tools/funclen.py --top "$TESTTMP/t" --roots src --check \
		>"$TESTTMP/out"; then cat "$TESTTMP/out"; fail "a 104-line function passed"; fi &&
	{ grep -q "function src/x/long.c:1 f(): 104 lines" "$TESTTMP/out" ||
		{ cat "$TESTTMP/out"; fail "no line naming f()"; }; } &&
	if python3 tools/funclen.py --top "$TESTTMP/t" --roots src --max 200 \
		--file-max 50 --check >"$TESTTMP/out"; then
		cat "$TESTTMP/out"; fail "a 104-line file passed"; fi &&
	{ grep -q "file src/x/long.c: 104 lines" "$TESTTMP/out" ||
		{ cat "$TESTTMP/out"; fail "no line naming the file"; }; }
'
