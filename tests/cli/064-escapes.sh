# Control characters in anything abstat prints are escaped (\x1b): labels,
# benchmark and metric names, environment values, reasons, the workload's
# stderr in messages. In text, mail, markdown, csv and benchstat nothing
# reaches the terminal raw and a newline in a label never breaks a row;
# json escapes them its own way (\u001b).
# tags: sanitize
G=tests/golden
ESC=$(printf '\033')
BEL=$(printf '\007')

# a result whose label, benchmark name, reason and env value hold escapes
mk() {
	python3 - "$1" "$2" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
evil = "\x1b[2J\x1b]0;pwned\x07 new\nline"
d["label"] = ("lab" if sys.argv[2].endswith("a.json") else "other") + evil
d["benchmarks"][0]["name"] = "ge\x1b[31mtppid"
d["env"]["kernel"]["release"] = "6.1.0" + evil
for e in d["events"]:
    if e["reason"]:
        e["reason"] = "not supported: " + evil
json.dump(d, open(sys.argv[2], "w"))
PY
}

# no control byte but the newline ending each line
clean() { ! LC_ALL=C grep -q "[$(printf '\001-\011\013-\037\177')]" "$1"; }

test_expect_success 'fixtures with escapes in label, name, reason, env' '
	mk $G/base.json "$TESTTMP/a.json" && mk $G/slow.json "$TESTTMP/b.json" &&
	grep -q "\\\\u001b" "$TESTTMP/a.json"
'

# every format of the table but json (which escapes as JSON does: 036)
for f in $(abstat_formats compare | grep -vx json); do
	test_expect_success "compare --format $f: no raw control character, \\x1b shown" '
		"$ABSTAT" compare --format '$f' --allow-env-diff kernel.release,benchmarks \
			"$TESTTMP/a.json" "$TESTTMP/b.json" >"$TESTTMP/out" 2>"$TESTTMP/err"
		[ $? -eq 0 ] || { cat "$TESTTMP/err"; fail "exit status"; }
		clean "$TESTTMP/out" || { cat -v "$TESTTMP/out"; fail "raw control character on stdout"; }
		clean "$TESTTMP/err" || { cat -v "$TESTTMP/err"; fail "raw control character on stderr"; }
		grep -q "\\\\x1b" "$TESTTMP/out" || fail "no \\x1b shown"
	'
done

test_expect_success 'markdown: a newline in a label stays in its cell (shown \x0a)' '
	"$ABSTAT" compare -q --format markdown --allow-env-diff kernel.release,benchmarks "$TESTTMP/a.json" "$TESTTMP/b.json" >"$TESTTMP/out" &&
	grep -qF "lab\\x1b[2J\\x1b]0;pwned\\x07 new\\x0aline" "$TESTTMP/out" &&
	if grep -q "^line" "$TESTTMP/out"; then fail "the label broke a row"; fi
'

test_expect_success 'json: the same strings, escaped as JSON does' '
	"$ABSTAT" compare -q --format json --allow-env-diff kernel.release,benchmarks "$TESTTMP/a.json" "$TESTTMP/b.json" >"$TESTTMP/out" &&
	clean "$TESTTMP/out" && python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$TESTTMP/out"
'

test_expect_success 'show: label, name, reason and env escaped' '
	"$ABSTAT" show "$TESTTMP/a.json" >"$TESTTMP/out" 2>"$TESTTMP/err" &&
	clean "$TESTTMP/out" && clean "$TESTTMP/err" &&
	grep -q "\\\\x1b" "$TESTTMP/out"
'

test_expect_success 'a message naming a hostile file name is escaped' '
	f="$TESTTMP/bad${ESC}[2Jname${BEL}.json" && printf "{" >"$f" &&
	"$ABSTAT" show "$f" >"$TESTTMP/out" 2>"$TESTTMP/err"
	[ $? -eq 2 ] && clean "$TESTTMP/err" && grep -q "bad.*name" "$TESTTMP/err"
'

test_expect_success 'the workload'"'"'s stderr in a failure message is escaped' '
	expect_exit 4 "$ABSTAT" run -q -r 1 --warmup 0 -e task-clock -- sh -c "printf \"boom\\033[2J\\007\\n\" >&2; exit 3" &&
	clean "$TESTTMP/err" && grep -q "boom\\\\x1b\\[2J\\\\x07" "$TESTTMP/err"
'
test_done
