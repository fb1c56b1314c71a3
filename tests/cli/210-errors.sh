# Errors that say what happened (issue 32): a failed workload's first
# stderr lines, "no benchmark in common", every differing env key at once,
# a missing result whose journal is beside it, "did you mean", each
# command's page at the end of its --help, an option named once in its
# messages, lines cut to 80 columns only on a terminal, plot files that
# follow the umask.
# tags: sanitize
test_lazy_prereq SCRIPT 'command -v script'
E="-q -r 2 --warmup 0 -e task-clock"

# a workload that prints a usage error first, then lines of usage text
cat >"$TESTTMP/bad.sh" <<'SH'
echo "bad: invalid option -- '-'" >&2
for i in 1 2 3 4 5 6; do echo "usage line $i" >&2; done
echo "bad: giving up" >&2
exit 2
SH
test_expect_success 'a failed run: the first lines of its stderr, then its last' '
	expect_exit 4 $ABSTAT run $E -- sh "$TESTTMP/bad.sh" &&
	one_line_err &&
	grep_err "stderr: bad: invalid option -- .-. \| usage line 1 \| usage line 2 \| \.\.\. \| bad: giving up; stopping"
'
test_expect_success 'a failed run with one stderr line: that line alone' '
	expect_exit 4 $ABSTAT run $E -- sh -c "echo only this >&2; exit 3" &&
	grep_err "exit status 3; stderr: only this; stopping"
'
cat >"$TESTTMP/s.suite" <<'SUITE'
name=good cmd=true
name=bad cmd='sh -c "exit 1"'
SUITE
test_expect_success 'a benchmark whose every run failed (-i): one line, no table of rows' '
	expect_exit 0 $ABSTAT run -i $E -S "$TESTTMP/s.suite" &&
	grep_out "^no measured run: nothing to summarise" &&
	[ "$(grep -c "^metric " "$TESTTMP/out")" -eq 1 ] || fail "a table for the failed benchmark" &&
	nogrep_out "not counted"
'

# two results of different programs
test_expect_success 'compare of two programs: no benchmark in common, each side named' '
	$ABSTAT run $E -o "$TESTTMP/true.json" -- true 2>/dev/null &&
	$ABSTAT run $E -o "$TESTTMP/sleep.json" -- sleep 0 2>/dev/null &&
	expect_exit 2 $ABSTAT compare "$TESTTMP/true.json" "$TESTTMP/sleep.json" &&
	one_line_err &&
	grep_err "no benchmark in common: .*true.json has true, .*sleep.json has sleep" &&
	! grep -q sha256 "$TESTTMP/err" || fail "an env key named"
'
# every differing env key at once (a copy of one result, edited)
python3 - "$TESTTMP/true.json" "$TESTTMP/other.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["env"]["cpu"]["model_name"] = "Other CPU"
d["env"]["hypervisor"] = not d["env"].get("hypervisor")
json.dump(d, open(sys.argv[2], "w"))
PY
test_expect_success 'env refused: every key at once, and the one --allow-env-diff' '
	expect_exit 2 $ABSTAT compare "$TESTTMP/true.json" "$TESTTMP/other.json" &&
	one_line_err &&
	grep_err "2 environment keys differ between sides.*.cpu\.model_name. \(.*Other CPU.\).*.hypervisor." &&
	grep_err "pass --allow-env-diff cpu\.model_name,hypervisor to compare anyway"
'
test_expect_success 'env refused for two unrelated files: a line, not a page' '
	python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
for k in list(d[\"env\"][\"cpu\"])[:6]:
    d[\"env\"][\"cpu\"][k] = \"other \" * 60
d[\"env\"][\"hypervisor\"] = not d[\"env\"].get(\"hypervisor\")
json.dump(d, open(sys.argv[2], \"w\"))" "$TESTTMP/true.json" "$TESTTMP/far.json" &&
	expect_exit 2 $ABSTAT compare "$TESTTMP/true.json" "$TESTTMP/far.json" &&
	one_line_err && [ "$(wc -c <"$TESTTMP/err")" -lt 1000 ] || { cat "$TESTTMP/err"; fail "too long"; }
	grep_err "[0-9]+ environment keys differ between sides, as between two machines or setups: .*, and [a-z.]+(, [a-z_.]+)*; compare results of one machine" &&
	# every key named (issue 49: no "and 1 more"), each value cut at a
	# word ("other other ...", never "oth")
	python3 -c "
import re, sys
e = open(sys.argv[1]).read()
k = int(re.search(r\"(\\d+) environment keys\", e).group(1))
shown = re.findall(r\"\\x27([a-z_.]+)\\x27 \\(\", e)
rest = re.search(r\", and ([a-z_., ]+);\", e).group(1).split(\", \")
assert len(shown) + len(rest) == k, (k, shown, rest)" "$TESTTMP/err" ||
		{ cat "$TESTTMP/err"; fail "the refusal does not name every key"; }
	nogrep_err() { ! grep -Eq -- "$1" "$TESTTMP/err" || { cat "$TESTTMP/err"; fail "stderr has /$1/"; }; } &&
	nogrep_err "more;" && nogrep_err "[a-z]\.\.\." && grep_err "other \.\.\."
'
test_expect_success 'env refused: the list it gives lets the compare through' '
	expect_exit 0 $ABSTAT compare --allow-env-diff cpu.model_name,hypervisor \
		"$TESTTMP/true.json" "$TESTTMP/other.json"
'

test_expect_success 'show of a missing result beside its journal: recover and --resume named' '
	cp "$TESTTMP/true.json" "$TESTTMP/gone.json.journal" &&
	expect_exit 2 $ABSTAT show "$TESTTMP/gone.json" &&
	one_line_err &&
	grep_err "gone.json does not exist, but its journal .*gone.json.journal does" &&
	grep_err "abstat run --resume .*gone.json.journal" &&
	grep_err "abstat recover .*gone.json.journal -o .*gone.json"
'
test_expect_success 'compare of a missing result beside its journal: the same hint' '
	expect_exit 2 $ABSTAT compare "$TESTTMP/true.json" "B=$TESTTMP/gone.json" &&
	one_line_err &&
	grep_err "^abstat: error: compare: .*gone.json does not exist, but its journal"
'
test_expect_success 'show of a versus side missing beside its journals: recover named' '
	cp "$TESTTMP/true.json" "$TESTTMP/vs-A.json.journal" &&
	cp "$TESTTMP/true.json" "$TESTTMP/vs-B.json.journal" &&
	expect_exit 2 $ABSTAT show "$TESTTMP/vs" &&
	one_line_err &&
	grep_err "2 journals of a versus session do .*abstat recover .*vs-A.json.journal -o .*vs-A.json"
'
test_expect_success 'show of a missing result without a journal: no such file' '
	expect_exit 2 $ABSTAT show "$TESTTMP/none.json" &&
	grep_err "No such file" && ! grep -q journal "$TESTTMP/err" || fail "a journal named"
'

# did you mean: the word as typed, the suggestion, exit 2, one line
while IFS='|' read -r what want args; do
	test_expect_success "a mistyped $what: did you mean '$want'" '
		# shellcheck disable=SC2086
		expect_exit 2 $ABSTAT $args &&
		one_line_err &&
		grep_err "\(did you mean .$want.\?\)"
	'
done <<'CASES'
event|task-clock|run -q -e task-clok -- true
event with a modifier|task-clock:u|run -q -e task-clok:u -- true
libpfm4 event|PERF_COUNT_SW_TASK_CLOCK|run -q -e PERF_COUNT_SW_TASK_CLOK -- true
libpfm4 event of a PMU|perf::PERF_COUNT_SW_TASK_CLOCK:u|run -q -e perf::PERF_COUNT_SW_TASK_CLOK:u -- true
workload|syscall|run -q -w sycall
suite|syscalls|run -q -s syscall
command|run|runn -- true
long option|--force|run --forse -- true
long option with a value|--timeout|run --timout=3 -- true
metric of --primary|instructions/op|compare -q --primary instructions/opp examples/lab/6.1 examples/lab/6.12
metric of --metric|instructions/op|compare -q --metric instructions/opp examples/lab/6.1 examples/lab/6.12
CASES
test_expect_success 'nothing near: no suggestion' '
	expect_exit 2 $ABSTAT frobnicate &&
	! grep -q "did you mean" "$TESTTMP/err" || fail "a far word got a suggestion" &&
	expect_exit 2 $ABSTAT run -q -e zzzzzzzz -- true &&
	! grep -q "did you mean" "$TESTTMP/err" || fail "a far event got a suggestion" &&
	expect_exit 2 $ABSTAT run -q -e perf::zzz -- true &&
	! grep -q "did you mean" "$TESTTMP/err" || fail "a far event of a PMU got a suggestion"
'

test_expect_success 'CMD --help ends with its own page, and the page exists' '
	for c in $($ABSTAT --complete | grep -v "^-"); do
		$ABSTAT $c --help >"$TESTTMP/out" || fail "$c --help"
		last=$(tail -n 1 "$TESTTMP/out")
		page=$(echo "$last" | sed -n "s/^See \(abstat-[a-z]*\)(\([0-9]\))\.\$/\1.\2/p")
		[ -n "$page" ] || fail "$c --help ends \"$last\""
		case $page in "abstat-$c."*) ;; *) fail "$c --help names $page" ;; esac
		[ -f "$TOP/man/$page" ] || fail "$c --help names $page: not in man/"
	done
'

# an option is named once: no "X: X:" in its messages
test_expect_success 'option errors name the option once' '
	for args in "--copies , -- true" "--copies 1,,2 -- true" \
		"-L x! 1 -- true" "-P x a b -- true" "-e task-clock:Z -- true"; do
		# shellcheck disable=SC2086
		if $ABSTAT run -q $args >/dev/null 2>"$TESTTMP/err"; then fail "run $args: exit 0"; fi
		grep -q "^abstat: error: " "$TESTTMP/err" || fail "run $args: no error"
		if grep -Eq -- "(-[-a-zA-Z]+( [^ :]+)?: )(.* )?\1" "$TESTTMP/err"; then
			cat "$TESTTMP/err"; fail "run $args: a doubled prefix"
		fi
	done
'
test_expect_success 'cpuset errors do not start with --cpuset (the caller names it)' '
	! grep -n "\"--cpuset: " "$TOP"/src/measure/cpuset*.c || fail "a --cpuset: in cpuset.c"
'

# long lines: whole into a pipe or a file, cut on a terminal
long=$(printf "x%.0s" $(seq 1 120))
test_expect_success 'into a file: the command line and header whole' '
	expect_exit 0 $ABSTAT run $E -- echo "$long" &&
	grep_out "^command: .*echo $long\$"
'
test_expect_success SCRIPT 'on a terminal: cut at 80 columns with ...' '
	script -qec "$ABSTAT run $E -- echo $long 2>/dev/null" /dev/null >"$TESTTMP/tty" </dev/null &&
	tr -d "\r" <"$TESTTMP/tty" >"$TESTTMP/out" &&
	grep_out "^command: .*xxx\.\.\.\$" &&
	awk "length > 80 { exit 1 }" "$TESTTMP/out" || fail "a line over 80 columns on a terminal"
'
test_expect_success SCRIPT 'on a 200-column terminal: the line whole (it fits)' '
	COLUMNS=200 script -qec "$ABSTAT run $E -- echo $long 2>/dev/null" /dev/null >"$TESTTMP/tty" </dev/null &&
	tr -d "\r" <"$TESTTMP/tty" >"$TESTTMP/out" &&
	grep_out "^command: .*echo $long\$"
'

# plot files: 0666 less the umask, whichever abstat or gnuplot wrote
test_expect_success 'plot .gp and .dat follow the umask (022, 027)' '
	$ABSTAT run $E -o "$TESTTMP/p1.json" -- true 2>/dev/null &&
	for m in 022 027; do
		(umask $m && $ABSTAT plot -q -o "$TESTTMP/p$m.gp" "$TESTTMP/p1.json" "$TESTTMP/true.json") ||
			fail "plot .gp"
		want=$(printf "%o" $((0666 & ~0$m)))
		for f in "$TESTTMP/p$m.gp" "$TESTTMP/p$m.dat"; do
			got=$(stat -c %a "$f")
			[ "$got" = "$want" ] || fail "$f is $got under umask $m, expected $want"
		done
	done
'
test_expect_success GNUPLOT 'plot .png .svg .txt follow the umask (022, 027)' '
	for m in 022 027; do
		want=$(printf "%o" $((0666 & ~0$m)))
		for ext in png svg txt; do
			f=$TESTTMP/q$m.$ext
			(umask $m && $ABSTAT plot -q -o "$f" "$TESTTMP/p1.json" "$TESTTMP/true.json") ||
				fail "plot .$ext"
			got=$(stat -c %a "$f")
			[ "$got" = "$want" ] || fail "$f is $got under umask $m, expected $want"
		done
	done
'
test_done
