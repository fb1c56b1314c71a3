# The bash completion (man/abstat.bash-completion), driven as bash drives
# it, in the tree: it names no option itself but asks the abstat being
# completed ('abstat --complete [CMD]', made from the option table), so
# what it offers is checked against --help, which comes from the same
# table by another path: every option of every command's --help is
# offered and nothing else; an option takes a value exactly when --help
# shows one; the fixed values are those --help lists; the commands are
# those of the top-level --help.
comp=$TOP/man/abstat.bash-completion
test_lazy_prereq BASH 'command -v bash'

# offered WORD...: what 'abstat WORD...<TAB>' offers, on one line, in
# its order; offers WORD...: the same one a line, sorted
offered() {
	(cd "$TESTTMP" && bash -c '. "$0"; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		_abstat; echo "${COMPREPLY[*]}"' "$comp" "$ABSTAT" "$@")
}
offers() { offered "$@" | tr " " "\n" | grep . | sort; }
# helpopts CMD: the options of 'abstat CMD --help', one a line, sorted
helpopts() {
	$ABSTAT $1 --help | grep -E '^ +-' | sed 's/^ *//; s/  .*//' |
		tr -s ', ' '\n\n' | grep -E '^-' | sort -u
}
# helpargs CMD: those of its options that take a value
helpargs() {
	$ABSTAT $1 --help | grep -E '^ +-' | sed 's/^ *//; s/  .*//' |
		grep -E -- '--[a-z-]+ [A-Z]' | grep -oE -- '--[a-z-]+'
}
# helpval CMD PATTERN: the values --help lists on the line of PATTERN,
# comma separated
helpval() {
	$ABSTAT $1 --help | grep -E -- "$2" |
		sed 's/.*  //; s/ (default)//g; s/ or /, /; s/, /,/g'
}

test_expect_success BASH "$comp: bash syntax" '
	bash -n "$comp" || fail "$comp: bash syntax"
'
test_expect_success BASH "$comp: names no option of its own" '
	for o in $($ABSTAT --complete run | cut -d" " -f1) --format --kind --center; do
		# --format: it reads the metric names with show --format csv
		case $o in --output | --user | --format) continue ;; esac
		if grep -qe "$o\\b" "$comp"; then fail "$comp names $o"; fi
	done
'
# the parser of valued options reads some (a command may have none:
# workloads, a new one)
test_expect_success 'helpargs: run --help has options that take a value' '
	[ "$(helpargs run | wc -l)" -ge 5 ] || fail "no valued options parsed from run --help"
'
# every command of the top-level --help (abstat_commands, tests/lib.sh)
for cmd in '' $(abstat_commands); do
	test_expect_success BASH "completion: abstat ${cmd:+$cmd }-<TAB> offers the options of its --help" '
		helpopts "$cmd" >"$TESTTMP/help" &&
		{ [ -s "$TESTTMP/help" ] || fail "no options parsed from abstat $cmd --help"; } &&
		offers $cmd - >"$TESTTMP/comp" &&
		{ diff "$TESTTMP/help" "$TESTTMP/comp" >"$TESTTMP/diff" ||
			{ cat "$TESTTMP/diff"; fail "abstat $cmd -<TAB> differs from --help (< help, > offered)"; }; }
	'
	[ -n "$cmd" ] || continue
	# 'abstat CMD OPT -<TAB>': options when OPT takes no value, nothing
	# when '-' is OPT's value (no fixed value, file or user starts so)
	test_expect_success BASH "completion: $cmd options take a value exactly when --help shows one" '
		helpopts "$cmd" >"$TESTTMP/help" && { helpargs "$cmd" >"$TESTTMP/args" || :; } &&
		for o in $(grep -- "^--" "$TESTTMP/help"); do
			n=$(offers $cmd $o - | wc -l)
			if grep -qx -- "$o" "$TESTTMP/args"; then
				[ "$n" -eq 0 ] || fail "$cmd $o -<TAB>: offers options, but $o takes a value"
			else
				[ "$n" -gt 0 ] || fail "$cmd $o -<TAB>: offers nothing, but $o takes no value"
			fi
		done
	'
done
test_expect_success BASH 'completion: after an operand, -<TAB> still offers the options of --help' '
	for cmd in compare show import; do
		helpopts $cmd >"$TESTTMP/help" &&
		offers $cmd a.json - >"$TESTTMP/comp" &&
		{ diff "$TESTTMP/help" "$TESTTMP/comp" || fail "abstat $cmd a.json -<TAB> differs from --help"; } || exit 1
	done
'
test_expect_success BASH 'completion: abstat <TAB> offers the commands of the top-level --help' '
	$ABSTAT --help | sed -n "/^commands:/,/^\$/p" | grep -oE "^  [a-z]+" | tr -d " " |
		sort >"$TESTTMP/help" &&
	{ [ -s "$TESTTMP/help" ] || fail "no commands parsed from --help"; } &&
	offers "" >"$TESTTMP/comp" &&
	{ diff "$TESTTMP/help" "$TESTTMP/comp" || fail "abstat <TAB>: commands differ from --help"; }
'
# fixed values: as --help lists them, in its order
for spec in "--format:run:--format FMT" "--format:show:--format FMT" \
	"--format:versus:--format FMT" "--format:compare:--format FMT" \
	"--suite:run:--suite NAME" "-s:run:--suite NAME" \
	"--kind:plot:--kind K" "--backend:run:--backend B" \
	"--backend:list:--backend B" "--center:compare:--center C" \
	"--order:versus:--order O"; do
	opt=${spec%%:*} rest=${spec#*:} cmd=${rest%%:*} pat=${rest#*:}
	test_expect_success BASH "completion: abstat $cmd $opt <TAB> offers the values of its --help" '
		got=$(offered $cmd $opt "" | tr " " ,) && exp=$(helpval $cmd "$pat") &&
		{ [ -n "$exp" ] || fail "no values parsed from $cmd --help"; } &&
		{ [ "$got" = "$exp" ] || fail "abstat $cmd $opt <TAB>: offers $got, --help: $exp"; }
	'
done
test_expect_success BASH 'completion: the suites are those of abstat workloads' '
	s=$(offered run --suite "") &&
	{ $ABSTAT workloads | tr -d , | grep -q "^suites: $s" ||
		fail "offered suites $s differ from abstat workloads"; }
'
test_expect_success 'abstat --complete: an unknown command is a usage error' '
	expect_exit 2 $ABSTAT --complete nope &&
	grep_err "unknown command .nope." &&
	expect_exit 2 $ABSTAT --complete run extra
'
test_done
