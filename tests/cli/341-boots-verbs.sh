# abstat boots' verbs are one table (boots_verbs, src/cmd/cmd_boots.c),
# each with the options it takes (issue 52): an option of another verb
# is refused, exit 2, with one line naming the verbs that take it, and
# nothing is made; a verb's own options pass to its operands' checks.
# --help (a usage line per verb, the options under each), the completion
# and the man page follow the table. Nothing here names a verb or an
# option: both come from abstat boots --help and abstat --complete.
# tags: sanitize
comp=$TOP/man/abstat.bash-completion
page=$TOP/man/abstat-boots.1
test_lazy_prereq BASH 'command -v bash'
test_lazy_prereq GROFF_COL 'command -v groff && command -v col'

# VERB OPTION pairs of --help's verbs section (long forms)
"$ABSTAT" boots --help | awk '
	/^verbs and the options each takes/ { on = 1; next }
	!on { next }
	/^See / { exit }
	/^  [a-z]/ { v = $1; next }
	{ sub(/^ *(options:)? */, ""); n = split($0, w, /, */)
	  for (i = 1; i <= n; i++) if (w[i] ~ /^--/) print v, w[i] }' >"$TESTTMP/takes"
verbs=$(abstat_first boots)
# every long option of boots --help
opts=$("$ABSTAT" --complete boots | awk '$1 ~ /^--/ && $1 != "--help" { print $1 }')
# value OPTION: a value --complete says OPTION takes (its first fixed
# one, else 1), nothing when it takes none
value() {
	"$ABSTAT" --complete boots | awk -v o="$1" '$1 == o && $3 != "-" { print (NF > 3 ? $4 : 1) }'
}
# owners OPTION: the verbs that take it, as the error joins them
owners() {
	awk -v o="$1" '$2 == o { print $1 }' "$TESTTMP/takes" |
		awk '{ s = NR == 1 ? $0 : s (p ? ", " p : ""); p = NR == 1 ? "" : $0 }
			END { print s (p ? " or " p : "") }'
}

test_expect_success 'the verbs and their options are read from --help and --complete' '
	[ "$(echo "$verbs" | wc -l)" -ge 2 ] || fail "verbs: $verbs" &&
	[ "$(echo "$opts" | wc -l)" -ge 5 ] || fail "options: $opts" &&
	for v in $verbs; do
		grep -q "^$v --quiet\$" "$TESTTMP/takes" || fail "$v: no options read" || exit 1
	done &&
	for o in $opts; do
		grep -q " $o\$" "$TESTTMP/takes" || fail "$o is no verb'"'"'s" || exit 1
	done
'
test_expect_success 'every verb refuses the options it does not take, naming the verbs that do' '
	n=0 &&
	for v in $verbs; do
		for o in $opts; do
			! grep -qx -- "$v $o" "$TESTTMP/takes" || continue
			val=$(value "$o") &&
			expect_exit 2 "$ABSTAT" boots "$v" "$TESTTMP/plan" "$o" $val &&
			one_line_err &&
			grep_err "^abstat: error: boots $v: (-[a-z] \\()?$o\\)? is an option of boots $(owners "$o"); see .abstat boots --help.\$" &&
			[ ! -e "$TESTTMP/plan" ] || fail "boots $v $o made the plan" || exit 1
			n=$((n + 1))
		done
	done &&
	[ "$n" -ge 10 ] || fail "only $n refusals checked"
'
test_expect_success 'every verb takes its own options (its operands are checked next)' '
	while read -r v o; do
		val=$(value "$o") &&
		expect_exit 2 "$ABSTAT" boots "$v" "$o" $val && one_line_err &&
		grep_err "^abstat: error: boots $v: needs the plan.s directory" || exit 1
	done <"$TESTTMP/takes"
'
test_expect_success 'an unknown verb, and none, name the verbs' '
	expect_exit 2 "$ABSTAT" boots nosuch "$TESTTMP/plan" && one_line_err &&
	grep_err "^abstat: error: boots: unknown verb .nosuch.; one of $(echo $verbs | sed "s/ /, /g")\$" &&
	expect_exit 2 "$ABSTAT" boots && one_line_err &&
	grep_err "^abstat: error: boots: no verb; one of $(echo $verbs | sed "s/ /, /g") "
'
test_expect_success BASH 'completion: abstat boots <TAB> offers the verbs, a verb -<TAB> its options' '
	offered() {
		(cd "$TESTTMP" && bash -c ". \"\$0\"; COMP_WORDS=(\"\$@\"); COMP_CWORD=\$((\$# - 1)); _abstat; echo \"\${COMPREPLY[*]}\"" \
			"$comp" "$ABSTAT" "$@") | tr " " "\n" | grep . | sort
	} &&
	offered boots "" >"$TESTTMP/comp" && echo "$verbs" | sort >"$TESTTMP/want" &&
	{ diff "$TESTTMP/want" "$TESTTMP/comp" || fail "abstat boots <TAB>"; } &&
	for v in $verbs; do
		"$ABSTAT" --complete boots "$v" | awk "\$1 ~ /^-/ { print \$1; if (\$2 != \"-\") print \$2 }" |
			sort >"$TESTTMP/want" &&
		{ awk -v v="$v" "\$1 == v { print \$2 }" "$TESTTMP/takes"; printf "%s\n" --help; } |
			sort >"$TESTTMP/long" &&
		grep -- "^--" "$TESTTMP/want" | diff "$TESTTMP/long" - >/dev/null ||
			fail "--complete boots $v: not the options --help lists under $v" || exit 1
		offered boots "$v" "$TESTTMP/plan" - >"$TESTTMP/comp" &&
		{ diff "$TESTTMP/want" "$TESTTMP/comp" || fail "abstat boots $v DIR -<TAB>"; } || exit 1
	done
'
test_expect_success GROFF_COL 'the man page: a synopsis line per verb, as --help has it' '
	groff -man -Tutf8 -P-c "$page" 2>/dev/null | col -b >"$TESTTMP/page" &&
	sed -n "/^SYNOPSIS/,/^DESCRIPTION/p" "$TESTTMP/page" | grep "abstat boots" |
		sed "s/^ *//" >"$TESTTMP/syn" &&
	"$ABSTAT" boots --help | grep -E "^(usage:|      ) abstat boots " |
		sed "s/^usage: //; s/^ *//" >"$TESTTMP/usage" &&
	{ diff "$TESTTMP/usage" "$TESTTMP/syn" || fail "SYNOPSIS differs from the usage lines (< --help)"; }
'
test_expect_success GROFF_COL 'the man page: the options of each verb, as --help has them' '
	groff -man -Tutf8 -P-c "$page" 2>/dev/null | col -b | tr "\t" " " | tr -s " " |
		sed -n "/^ *Each verb takes its own options/,/every verb/p" | tr "\n" " " >"$TESTTMP/para" &&
	for v in $verbs; do
		awk -v v="$v" "\$1 == v && \$2 != \"--quiet\" { print \$2 }" "$TESTTMP/takes" >"$TESTTMP/want" &&
		sed "s/.*): //; s/ every verb.*//" "$TESTTMP/para" | tr ";" "\n" |
			awk -v v="$v" "\$1 == v" | tr " ," "\n\n" | grep -- "^-" |
			sed "s/^-k\$/--boots/" >"$TESTTMP/got" &&
		{ diff "$TESTTMP/want" "$TESTTMP/got" || fail "the page'"'"'s options of $v differ (< --help)"; } || exit 1
	done
'
test_done
