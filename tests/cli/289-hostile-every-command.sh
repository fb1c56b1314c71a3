# Issue 44: a hostile name through every command. One name holds ESC
# (a CSI that clears the screen), BEL, U+009B (a C1 CSI, 0xc2 0x9b), CR
# and BS; it is given to each command of abstat --help (the list is read
# from it; a command without a case here gets one made from its usage,
# below) as
# what that command prints back: a label, a workload's file name, a
# result's or journal's file name, a plan directory, an event pattern,
# a revision, a command inside an imported file, and what doctor and
# boots read from a fake /proc and /sys (a governor, a boot_id). Each
# call must leave no raw control on stdout or stderr (C0 but tab and
# newline, DEL, C1) and must show the name escaped (\x1b[2J\x07\xc2\x9b
# \x0d\x08), so a case proves the name was printed. Before this test,
# flame's text title, doctor's checks and boots status printed it raw.
# tags: sanitize
cd "$TESTTMP" || fail "no TESTTMP"
SELF=$TOP/tests/cli/289-hostile-every-command.sh
bad=$(printf 'e\033[2J\007\302\233\r\bz')
shown='e\x1b[2J\x07\xc2\x9b\x0d\x08z'
cp /bin/true "$bad" || fail "cannot make the workload"
# lines of FILE with a raw control: C0 but tab and newline, DEL, C1
raw() { LC_ALL=C grep -caP '[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]' "$1"; }
no_raw() {
	n=$(raw "$1")
	[ "$n" -eq 0 ] || { od -c "$1" | head -n 20; fail "$1: $n lines with a raw control"; }
}
# hostile CMD RC ARGS...: abstat ARGS exits RC, nothing raw on stdout or
# stderr, and the name shown escaped in one of them
hostile() {
	_c=$1 _rc=$2
	shift 2
	expect_exit "$_rc" "$ABSTAT" "$@" &&
	no_raw "$TESTTMP/out" && no_raw "$TESTTMP/err" &&
	{ grep -qF "$shown" "$TESTTMP/out" || grep -qF "$shown" "$TESTTMP/err" ||
		{ cat -A "$TESTTMP/out" "$TESTTMP/err"; fail "$_c: the name not shown escaped"; }; }
}
R="-q -r 2 -e task-clock"

test_expect_success 'run: a label and a workload named with controls' '
	hostile run 0 run $R -n "$bad" -o "$bad.json" -- "./$bad" &&
	hostile run 0 run $R -n "$bad" -o "2$bad.json" -- "./$bad"
'
test_expect_success 'run, versus, list, workloads, an unknown command: errors that name it' '
	hostile abstat 2 "$bad" &&
	hostile run 2 run --"$bad" &&
	hostile versus 0 versus $R "./$bad" true &&
	hostile list 2 list "$bad" &&
	hostile workloads 2 workloads "$bad"
'
test_expect_success 'compare and show: file names and labels' '
	hostile compare 0 compare "$bad.json" "2$bad.json" &&
	hostile compare 2 compare "$bad.json" "/nonexistent/$bad.json" &&
	hostile show 0 show "$bad.json"
'
test_expect_success 'plot: the files named in its refusal' '
	expect_exit 0 "$ABSTAT" run $R -o other.json true &&
	hostile plot 2 plot "$bad.json" other.json -o "p$bad.svg"
'
test_expect_success GNUPLOT 'plot: a chart of a hostile label holds no raw control' '
	hostile plot 0 plot "$bad.json" "2$bad.json" -o "p$bad.svg" &&
	no_raw "p$bad.svg"
'
# profile samples every millisecond of CPU: a copy of /bin/true (0.75 ms)
# got a sample in 0 to 5 of 20 tries (issue 55); split_work 70 20000 20
# uses about 60 ms, some 60 periods of the 999 Hz sampler
test_expect_success 'profile and flame: the label in the table and the title' '
	mkdir -p sw && cp "$BUILD/tests/progs/split_work" "sw/$bad" &&
	hostile profile 0 profile -q -r 1 -n "$bad" -o "p$bad.json" -- \
		"./sw/$bad" 70 20000 20 &&
	hostile flame 0 flame --format text "p$bad.json" &&
	hostile flame 0 flame --format mail "p$bad.json" &&
	"$ABSTAT" flame "p$bad.json" -o "f$bad.svg" && no_raw "f$bad.svg"
'
test_expect_success 'recover: a journal named with controls' '
	journal_of "$bad.json" "$bad.journal" &&
	hostile recover 0 recover "$bad.journal" -o "r$bad.json" &&
	hostile recover 2 recover "x$bad.journal" -o "r2$bad.json"
'
test_expect_success 'import: a hyperfine command with controls, saved under such a name' '
	printf "{\"results\":[{\"command\":\"%s\",\"mean\":0.1,\"stddev\":0.01,\"median\":0.1,\"user\":0.05,\"system\":0.01,\"min\":0.09,\"max\":0.11,\"times\":[0.1,0.09,0.11]}]}" \
		"x\\u001b[2J\\u0007\\u009b\\r\\b" >"h$bad.json" &&
	hostile import 0 import hyperfine -o "i$bad.json" "h$bad.json" &&
	expect_exit 0 "$ABSTAT" show "i$bad.json" && no_raw "$TESTTMP/out" &&
	grep -qF "x\\x1b[2J\\x07\\xc2\\x9b\\x0d\\x08" "$TESTTMP/out" ||
		{ cat -A "$TESTTMP/out"; fail "the command not shown escaped"; }
'
test_expect_success 'doctor: a governor read from a fake /sys' '
	d=$TESTTMP/droot/sys/devices/system/cpu/cpu0/cpufreq &&
	mkdir -p "$d" && echo "$bad" >"$d/scaling_governor" &&
	export ABSTAT_SYSROOT="$TESTTMP/droot" && hostile doctor 0 doctor
'
test_expect_success ROOT 'boots: the plan directory, a boot_id from a fake /proc' '
	boots_setup && boots_as 6.1 id0 "root=/dev/vda panic=10" &&
	hostile boots 0 boots init "bp$bad" A=/boot/vmlinuz-6.1 B=/boot/vmlinuz-6.2 \
		-k 1 --method cmd --next "$TESTTMP/next" -- $R -- true &&
	expect_exit 0 "$ABSTAT" boots step "bp$bad" &&
	no_raw "$TESTTMP/out" && no_raw "$TESTTMP/err" &&
	echo "id$bad" >"$ROOT/proc/sys/kernel/random/boot_id" &&
	expect_exit 0 "$ABSTAT" boots step "bp$bad" &&
	no_raw "$TESTTMP/out" && no_raw "$TESTTMP/err" &&
	hostile boots 0 boots status "bp$bad" &&
	hostile boots 2 boots report "bp$bad"
'
test_expect_success 'bisect: a revision named with controls' '
	mkdir g && (cd g && git init -q . && git -c user.name=a -c user.email=a@b.c \
		-c commit.gpgsign=false commit -q --allow-empty -m x) &&
	hostile bisect 2 bisect --repo g --good "$bad" --bad HEAD --build make -- true
'
# A command without a case above (grep: "hostile CMD ") gets one made
# from its --help: the name as an option (its error names it) and as
# each operand of its usage line, where the command must show it
# escaped and exit below 128. So a command added by the recipe
# (commands.h; test 232 runs this file on such a copy) is checked with
# no line here; one whose operands are not printed back takes a case of
# its own above.
# usage_operands CMD: a word a line for each operand of CMD's usage line
# (its upper-case words, an option's value word and OPTIONS left out)
usage_operands() {
	"$ABSTAT" "$1" --help | sed -n "s/^usage: abstat $1 //p" | tr -d "[]()|." | tr " " "\n" |
		awk '/^-/ { skip = 1; next } skip { skip = 0; next }
			/^[A-Z][A-Z0-9_=-]*$/ && $0 != "OPTIONS" { print }'
}
for c in $(abstat_commands); do
	grep -q "hostile $c " "$SELF" && continue
	test_expect_success "$c: the name as an option and as its operands (its usage)" '
		hostile $c 2 $c --"$bad" &&
		set -- && for w in $(usage_operands $c); do set -- "$@" "$bad"; done &&
		{ [ $# -gt 0 ] || fail "$c: no operand in its usage line; give it a case of its own here"; } &&
		rc=0 && { "$ABSTAT" $c "$@" >"$TESTTMP/out" 2>"$TESTTMP/err" || rc=$?; } &&
		{ [ $rc -lt 128 ] || fail "$c: exit $rc"; } &&
		no_raw "$TESTTMP/out" && no_raw "$TESTTMP/err" &&
		{ grep -qF "$shown" "$TESTTMP/out" || grep -qF "$shown" "$TESTTMP/err" ||
			{ cat -A "$TESTTMP/out" "$TESTTMP/err"; fail "$c: the name not shown escaped"; }; }
	'
done
test_expect_success 'every command of abstat --help has a case, its own or one made' '
	for c in $(abstat_commands); do
		grep -q "hostile $c " "$SELF" ||
			[ -n "$(usage_operands $c)" ] || fail "$c: no hostile-name case, and no operand to make one" || exit 1
	done
'
test_done
