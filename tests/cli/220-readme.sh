# The README as a newcomer reads it: its first screen a quick start and
# a contents list, at most 600 lines, no local paths, every link to a
# file of the tree resolving (doc/verdicts.md, doc/boots.md and
# doc/lab-src.md, which other branches write, skipped by name while
# missing), and every "$ " block run as written (tests/readme_run.py: in
# a directory laid out as a clone after the quick start's build, each
# output checked for its shape: first line, columns, row names), with
# the doc/*.md blocks marked <!-- runnable --> (or <!-- runnable, needs
# TOOL -->: skipped without TOOL; a command of hyperfine, sysbench or
# perf is skipped without it too). The tours whose sessions take minutes
# (doc/scores.md's suites) or need a cluster (doc/fleet.md's recipes,
# tests/cli/177 and 178) are not marked.
# tags: alone
R=$TOP/README.md
test_lazy_prereq PYTHON3 'command -v python3'
# the README counts user+kernel, as root or with perf_event_paranoid <= 1
test_lazy_prereq KCOUNT '[ "$(id -u)" -eq 0 ] || [ "$(cat /proc/sys/kernel/perf_event_paranoid)" -le 1 ]'
LATER='doc/verdicts.md doc/boots.md doc/lab-src.md'

test_expect_success 'at most 600 lines; the first 60 a quick start and the contents' '
	n=$(wc -l <"$R") && [ "$n" -le 600 ] || fail "README.md has $n lines" &&
	head -n 60 "$R" >"$TESTTMP/top" &&
	grep -q "^## Quick start" "$TESTTMP/top" || fail "no quick start in the first 60 lines" &&
	grep -q "^## Contents" "$TESTTMP/top" || fail "no contents in the first 60 lines" &&
	for c in doctor run versus compare plot; do
		sed -n "/^## Quick start/,/^## Contents/p" "$TESTTMP/top" |
			grep -Eq "^\\$ abstat $c( |\$)" || fail "the quick start has no abstat $c"
	done &&
	sed -n "/^## Quick start/,/^## Contents/p" "$TESTTMP/top" |
		grep -q "^\$ export PATH=" || fail "the quick start does not put abstat on PATH"
'

# the commands' pages as one, abstat-COMMAND(1) (a command added by
# its recipe needs no line here): every other page by name, every
# command a page
test_expect_success 'the man pages list of "## More" names every page in man/' '
	sed -n "/^## More/,/^## /p" "$R" | tr "\n" " " >"$TESTTMP/more" &&
	grep -q "abstat-COMMAND(1)" "$TESTTMP/more" || fail "README.md does not name the commands. pages" &&
	cmds=" $(echo $(abstat_commands)) " &&
	for m in "$TOP"/man/*.[157]; do
		b=$(basename "$m") && n=${b%.*} && s=${b##*.} &&
		case $cmds in *" ${n#abstat-} "*) continue ;; esac &&
		grep -q "$n($s)" "$TESTTMP/more" || fail "README.md does not list $n($s)"
	done &&
	for c in $(abstat_commands); do
		ls "$TOP/man/abstat-$c".[157] >/dev/null 2>&1 || fail "no man page abstat-$c"
	done
'
test_expect_success 'no local paths in README.md and doc/' '
	if grep -nE "/work/|wt-[a-z0-9-]+/|/home/[a-z]|/root/" "$R" "$TOP"/doc/*.md; then
		fail "a local path"; fi
'

test_expect_success 'every link of the contents and to the tree resolves' '
	for f in "$R" "$TOP"/doc/*.md; do
		d=$(dirname "$f")
		grep -o "](\([^)#:]*\)[)#]" "$f" | sed "s/^](//; s/.\$//" |
			while read -r l; do echo "$d/$l"; done
	done | sort -u >"$TESTTMP/links" &&
	[ -s "$TESTTMP/links" ] || fail "no links" &&
	while read -r f; do
		[ -e "$f" ] && continue
		l=$(realpath -m --relative-to="$TOP" "$f")
		case " $LATER " in
		*" $l "*) echo "skip $l: written by another branch (issue 29, 30)" ;;
		*) fail "a link to $l, which does not exist" ;;
		esac
	done <"$TESTTMP/links" &&
	sed -n "/^## Contents/,/^## [^C]/p" "$R" | grep -o "(#[a-z0-9-]*)" |
		tr -d "()#" >"$TESTTMP/anchors" &&
	[ -s "$TESTTMP/anchors" ] || fail "the contents have no anchors" &&
	while read -r a; do
		grep "^##" "$R" | tr "A-Z" "a-z" | sed "s/^#* //; s/[^a-z0-9 -]//g; s/ /-/g" |
			grep -qx -- "$a" || fail "the contents name #$a, no such heading"
	done <"$TESTTMP/anchors"
'

# the directory the blocks run in: a clone after `make` and the PATH line
clone() {
	mkdir -p "$TESTTMP/clone" && cd "$TESTTMP/clone" &&
	ln -s "$ABSTAT" abstat && ln -s "$BUILD" build &&
	for d in examples tests plots man; do ln -s "$TOP/$d" "$d" || return 1; done
}

test_expect_success PYTHON3,CPUS2,KCOUNT 'the README and the runnable doc/*.md blocks run as written' '
	clone &&
	docs=$(ls "$TOP"/doc/*.md 2>/dev/null) &&
	PATH=$TESTTMP/clone:$PATH python3 "$TOP/tests/readme_run.py" "$TESTTMP/clone" \
		"$R" $docs >"$TESTTMP/out" 2>&1 || { cat "$TESTTMP/out"; fail "a block"; } &&
	cat "$TESTTMP/out" &&
	grep -q "^ok README.md:[0-9]*: \$ abstat versus" "$TESTTMP/out" || fail "versus did not run" &&
	grep -q "^ok README.md:[0-9]*: \$ abstat compare" "$TESTTMP/out" || fail "compare did not run" &&
	grep -q "^ok README.md:[0-9]*: \$ abstat bisect" "$TESTTMP/out" || fail "bisect did not run"
'

test_expect_success PYTHON3 'the checker fails a block whose rows changed' '
	mkdir -p "$TESTTMP/neg" && cd "$TESTTMP/neg" &&
	printf "%s\n" "\`\`\`" "\$ printf \"metric a b\\\\nx 1 2\\\\ny 3 4\\\\n\"" \
		"metric a b" "x 1 2" "z 3 4" "\`\`\`" >README.md &&
	if python3 "$TOP/tests/readme_run.py" . README.md >out 2>&1; then
		cat out; fail "a changed row passed"; fi &&
	grep -q "row .z. missing" out || { cat out; fail "not named"; } &&
	printf "%s\n" "\`\`\`" "\$ printf \"v 1\\nmetric a c\\nx 1\\n\"" \
		"w 2" "metric a b" "x 1" "\`\`\`" >README.md &&
	if python3 "$TOP/tests/readme_run.py" . README.md >out 2>&1; then
		cat out; fail "a changed first line and header passed"; fi &&
	grep -q "first line: want .w., got .v." out && grep -q "header .metric a b. missing" out ||
		{ cat out; fail "not named"; }
'

test_expect_success PYTHON3 'the checker skips a block that needs a missing tool, and no function rows' '
	mkdir -p "$TESTTMP/needs" && cd "$TESTTMP/needs" &&
	printf "%s\n" "<!-- runnable, needs no-such-tool-x -->" "\`\`\`" "\$ false" "\`\`\`" \
		"<!-- runnable -->" "\`\`\`" "\$ printf \"function a\\\\nf_[k] 1\\\\n\"" \
		"function a" "g_[k] 1" "\`\`\`" >doc.md &&
	python3 "$TOP/tests/readme_run.py" . doc.md >out 2>&1 || { cat out; fail "a block failed"; } &&
	grep -q "^skip .*doc.md:3: .*(needs no-such-tool-x)" out || { cat out; fail "not skipped"; } &&
	grep -q "^1 commands ran, 0 failed" out || { cat out; fail "not one run"; }
'

test_done
