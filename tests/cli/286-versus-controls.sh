# Issue 44: versus escapes controls in its header too ("versus A: CMD"
# names each side's command as given). A command named with ESC, BEL,
# U+009B (a C1 CSI, 0xc2 0x9b), CR and BS, and a label (-n) with an OSC
# title sequence, reach neither stdout nor stderr raw; the header shows
# them as \xHH. abstat bisect shows git's commit subjects (and the
# build and command given): a repository of four commits whose subjects
# hold ESC, BEL, C1 and BS (the third makes the loop 30 times longer)
# is bisected; nothing raw reaches stdout, stderr or the mail summary,
# and the -o report holds every subject exactly as git has it.
# tags: alone sanitize
cd "$TESTTMP" || fail "no TESTTMP"
bad=$(printf 't\033[2J\007\302\233x\r\by')
cp /bin/true "$bad" || fail "cannot make the command"
# lines of FILE with a raw control: C0 but tab and newline, DEL, C1
raw() { LC_ALL=C grep -caP '[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]' "$1"; }
no_raw() {
	n=$(raw "$1")
	[ "$n" -eq 0 ] || { od -c "$1" | head -n 20; fail "$1: $n lines with a raw control"; }
}
test_expect_success 'the command name: escaped in the versus header' '
	expect_exit 0 "$ABSTAT" versus -q -r 2 -e task-clock "./$bad" true &&
	no_raw "$TESTTMP/out" && no_raw "$TESTTMP/err" &&
	grep -qF "versus A: ./t\\x1b[2J\\x07\\xc2\\x9bx\\x0d\\x08y" "$TESTTMP/out" ||
		{ cat -A "$TESTTMP/out"; fail "no escaped command in the header"; }
'
test_expect_success 'a label with an OSC title: escaped, nothing raw' '
	expect_exit 0 "$ABSTAT" versus -q -r 2 -e task-clock -n "$(printf "a\033]0;pwn\007"),b" true "./$bad" &&
	no_raw "$TESTTMP/out" && no_raw "$TESTTMP/err" &&
	grep -qF "a\\x1b]0;pwn\\x07" "$TESTTMP/out" ||
		{ cat -A "$TESTTMP/out"; fail "no escaped label"; }
'
test_expect_success '--format mail: the header escaped too' '
	expect_exit 0 "$ABSTAT" versus -q -r 2 -e task-clock --format mail "./$bad" true &&
	no_raw "$TESTTMP/out" && no_raw "$TESTTMP/err"
'
test_lazy_prereq BUILD_TOOLS 'command -v git && command -v make && command -v cc'
# hostile_repo DIR: the loop (1e6, then 3e7 iterations from commit 3),
# every commit after the first with controls in its subject
hostile_repo() {
	mkdir "$1" && (cd "$1" && git init -q . &&
	git config user.email b@example.org && git config user.name b &&
	git config commit.gpgsign false &&
	printf "loop: loop.c\n\t\$(CC) -O1 -o loop loop.c\n" >Makefile &&
	echo loop >.gitignore && loop 1000000 && git add -A &&
	git commit -qm "loop: the first version" &&
	echo a >README && git add -A &&
	git commit -qm "$(printf "readme \033[2J\007\302\233x\by")" &&
	loop 30000000 && git add -A &&
	git commit -qm "$(printf "loop: 30 times \033]0;pwn\007\302\233 longer, %s" \
		"a subject long enough to be cut")" &&
	echo b >>README && git add -A &&
	git commit -qm "$(printf "readme \033[31m red \302\2330m")")
}
loop() {
	cat >loop.c <<-C
	int main(void)
	{
		volatile unsigned long x = 0;
		for (unsigned long i = 0; i < $1; i++)
			x += i * i;
		return 0;
	}
	C
}
test_expect_success BUILD_TOOLS 'bisect: subjects escaped, exact in the report' '
	repo=$TESTTMP/hostile && hostile_repo "$repo" ||
		fail "cannot make the repository"
	(cd "$repo" && "$ABSTAT" bisect --good HEAD~3 --bad HEAD \
		--build "$(printf "make # \033[2J")" -o "$TESTTMP/bisect.json" \
		-q -r 5 --max-runs 40 --warmup 1 -- sh -c ./loop "$bad") \
		>"$TESTTMP/out" 2>"$TESTTMP/err"; rc=$?
	[ $rc -eq 0 ] || { cat -A "$TESTTMP/out" "$TESTTMP/err"; fail "exit $rc"; }
	no_raw "$TESTTMP/out" && no_raw "$TESTTMP/err" &&
	grep -qF "loop: 30 times \x1b]0;pwn\x07\xc2\x9b longer" "$TESTTMP/out" ||
		{ cat "$TESTTMP/out"; fail "no escaped subject of the first bad commit"; }
	grep -qF "built with:  make # \x1b[2J" "$TESTTMP/out" ||
		{ cat "$TESTTMP/out"; fail "no escaped build command in the mail"; }
	json "d[\"mail\"]" "$TESTTMP/bisect.json" >"$TESTTMP/mail" &&
	no_raw "$TESTTMP/mail" && width_ascii "$TESTTMP/mail" 72 &&
	width_ascii "$TESTTMP/out" 80 &&
	git -C "$repo" log --format="%H %s" >"$TESTTMP/subjects" &&
	python3 - "$TESTTMP/bisect.json" "$TESTTMP/subjects" <<-\PY ||
	import json, sys
	d = json.load(open(sys.argv[1], encoding="utf-8"))
	git = open(sys.argv[2], encoding="utf-8").read().splitlines()
	git = dict(l.split(" ", 1) for l in git)
	shown = [(s["commit"], s["subject"]) for s in d["steps"]]
	shown.append((d["first_bad"]["commit"], d["first_bad"]["subject"]))
	bad = [c for c, s in shown if git[c] != s]
	sys.exit(1 if bad or len(shown) < 2 or "\033" not in d["build"] else 0)
	PY
		fail "the report does not hold the subjects as git has them"
'
test_done
