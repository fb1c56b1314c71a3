# The bash completion of values that abstat itself knows: -e events (the
# names of 'abstat list'), --metric and --primary (the metrics of the
# result file on the line, else the events), -C (the online CPUs), -w
# (the workloads), each item of a comma list; and result files after
# LABEL= and after a comma (LABEL=a.json,b.json), split at '=' as bash
# does or not. Driven as bash drives it, in the tree (093-completion).
comp=$TOP/man/abstat.bash-completion
test_lazy_prereq BASH 'command -v bash'
G=$TOP/tests/golden

# offered WORD...: what 'abstat WORD...<TAB>' offers, one a line, sorted
offered() {
	(cd "$TESTTMP" && bash -c '. "$0"; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		_abstat; printf "%s\n" "${COMPREPLY[@]}"' "$comp" "$ABSTAT" "$@") |
		grep . | sort
}
# events: the names abstat list prints
$ABSTAT list 2>/dev/null | awk '/^[^#[:space:]]/ { print $1 }' | sort >"$TESTTMP/events"
# cpus: the online CPUs, expanded
python3 -c '
r = open("/sys/devices/system/cpu/online").read().strip()
for p in r.split(","):
    a, _, b = p.partition("-")
    for c in range(int(a), int(b or a) + 1):
        print(c)' | sort >"$TESTTMP/cpus"

test_expect_success BASH 'abstat list names events' '
	[ "$(wc -l <"$TESTTMP/events")" -ge 5 ] && grep -qx task-clock "$TESTTMP/events" ||
		fail "too few events parsed from abstat list"
'
for cmd in run versus compare; do
	test_expect_success BASH "$cmd -e <TAB>: the events of abstat list" '
		offered $cmd -e "" >"$TESTTMP/got" &&
		{ diff "$TESTTMP/events" "$TESTTMP/got" || fail "$cmd -e: not the events of abstat list"; }
	'
done
test_expect_success BASH 'run --events=<TAB> (bash splits at =): the events' '
	offered run --events = "" >"$TESTTMP/got" &&
	{ diff "$TESTTMP/events" "$TESTTMP/got" || fail "--events=: not the events"; }
'
test_expect_success BASH 'run -e task-clock,page-<TAB>: the last item, the first kept' '
	got=$(offered run -e task-clock,page- | tr "\n" " ") &&
	{ [ "$got" = "task-clock,page-faults " ] || fail "offered: $got"; }
'
test_expect_success BASH 'run -C <TAB>: the online CPUs' '
	offered run -C "" >"$TESTTMP/got" &&
	{ diff "$TESTTMP/cpus" "$TESTTMP/got" || fail "-C: not the online CPUs"; }
'
test_expect_success BASH 'doctor -C 0,<TAB>: the CPUs after the first' '
	sed "s/^/0,/" "$TESTTMP/cpus" >"$TESTTMP/want" &&
	offered doctor -C 0, >"$TESTTMP/got" &&
	{ diff "$TESTTMP/want" "$TESTTMP/got" || fail "-C 0,: not the CPUs"; }
'
test_expect_success BASH 'compare --metric <TAB> after a result file: its metrics' '
	$ABSTAT show --format csv $G/base.json | cut -d, -f2 | sed 1d | sort -u >"$TESTTMP/want" &&
	grep -qx "ns/op" "$TESTTMP/want" &&
	offered compare $G/base.json --metric "" >"$TESTTMP/got" &&
	{ diff "$TESTTMP/want" "$TESTTMP/got" || fail "--metric: not the file'"'"'s metrics"; } &&
	offered plot "a=$G/base.json,$G/base-b1.json" --metric "" >"$TESTTMP/got2" &&
	{ diff "$TESTTMP/want" "$TESTTMP/got2" || fail "--metric after LABEL=FILE,FILE"; }
'
test_expect_success BASH 'compare --metric wall,us<TAB>: the list'"'"'s last item' '
	got=$(offered compare $G/base.json --metric wall,us | tr "\n" " ") &&
	{ [ "$got" = "wall,user " ] || fail "offered: $got"; }
'
test_expect_success BASH 'compare --primary <TAB>: one metric of the file' '
	offered compare $G/base.json --primary "task-clock/" >"$TESTTMP/got" &&
	grep -qx "task-clock/op" "$TESTTMP/got" || fail "--primary: $(cat "$TESTTMP/got")"
'
test_expect_success BASH 'versus --metric <TAB> (no file): the events' '
	offered versus --metric "" >"$TESTTMP/got" &&
	{ diff "$TESTTMP/events" "$TESTTMP/got" || fail "--metric without a file"; }
'
test_expect_success BASH 'run -w getu<TAB>: the workload, as before' '
	got=$(offered run -w getu | tr "\n" " ") &&
	{ [ "$got" = "getuid " ] || fail "offered: $got"; }
'
# result files in $TESTTMP/r: a.json, b.json, b2.json
mkdir -p "$TESTTMP/r" && touch "$TESTTMP/r/a.json" "$TESTTMP/r/b.json" "$TESTTMP/r/b2.json"
test_expect_success BASH 'compare r/<TAB>: result files' '
	got=$(offered compare r/ | tr "\n" " ") &&
	{ [ "$got" = "r/a.json r/b.json r/b2.json " ] || fail "offered: $got"; }
'
test_expect_success BASH 'compare new=r/b<TAB> (one word): files after LABEL=' '
	got=$(offered compare r/a.json new=r/b | tr "\n" " ") &&
	{ [ "$got" = "new=r/b.json new=r/b2.json " ] || fail "offered: $got"; }
'
test_expect_success BASH 'compare new = r/b<TAB> (bash split at =): the files' '
	got=$(offered compare r/a.json new = r/b | tr "\n" " ") &&
	{ [ "$got" = "r/b.json r/b2.json " ] || fail "offered: $got"; }
'
test_expect_success BASH 'plot new=r/a.json,r/b<TAB>: files after the comma' '
	got=$(offered plot new=r/a.json,r/b | tr "\n" " ") &&
	{ [ "$got" = "new=r/a.json,r/b.json new=r/a.json,r/b2.json " ] || fail "offered: $got"; }
'
test_expect_success BASH 'compare r/a.json,r/b2<TAB> (no label): the comma list' '
	got=$(offered compare r/a.json,r/b2 | tr "\n" " ") &&
	{ [ "$got" = "r/a.json,r/b2.json " ] || fail "offered: $got"; }
'
test_expect_success '--complete: the ARG word names what the value is' '
	$ABSTAT --complete run >"$TESTTMP/c" &&
	grep -qx -- "--events -e EVENTS" "$TESTTMP/c" &&
	grep -qx -- "--cpu -C CPUS" "$TESTTMP/c" &&
	grep -qx -- "--workload -w WORKLOADS" "$TESTTMP/c" &&
	$ABSTAT --complete compare >"$TESTTMP/c" &&
	grep -qx -- "--metric - METRICS" "$TESTTMP/c" &&
	grep -qx -- "--primary - METRIC" "$TESTTMP/c" || { cat "$TESTTMP/c"; fail "ARG words"; }
'
test_done
