# A/B kernels built from source differ in their configuration (issue
# 40): every result records the options the running kernel sets
# (env.kernel.config, from /boot/config-RELEASE or /proc/config.gz), and
# compare's header says which differ, "kernel.config: CONFIG_X n -> y",
# a difference shown, never a refusal; thousands of them (6.1 against
# 6.12) stay one line, the first in name order and how many more. A
# file whose options are not a configuration's is refused.
# tags: sanitize
test_lazy_prereq PYTHON3 'command -v python3'
G=tests/golden

# kconfig IN OUT OPTIONS: a copy of IN whose kernel.config sets OPTIONS
# (NAME=VALUE words; "many:N:V" adds CONFIG_OPT0000..N-1 set to V)
kconfig() {
	python3 -c "import json, sys
d = json.load(open(sys.argv[1])); o = {}
for w in sys.argv[3:]:
    if w.startswith(\"many:\"):
        _, n, v = w.split(\":\")
        o.update((\"CONFIG_OPT%04d\" % i, v) for i in range(int(n)))
    else:
        k, v = w.split(\"=\", 1)
        o[k] = v
d[\"env\"][\"kernel\"][\"config\"] = {\"source\": \"/boot/config-x\", \"options\": o}
json.dump(d, open(sys.argv[2], \"w\"))" "$@"
}

test_expect_success PYTHON3 'one option differs: one line, n for not set, exit 0' '
	kconfig $G/base.json "$TESTTMP/a.json" CONFIG_SMP=y CONFIG_HZ=250 &&
	kconfig $G/slow.json "$TESTTMP/b.json" CONFIG_SMP=y CONFIG_HZ=250 \
		CONFIG_INIT_ON_FREE_DEFAULT_ON=y &&
	expect_exit 0 "$ABSTAT" compare "$TESTTMP/a.json" "$TESTTMP/b.json" &&
	grep_out "^kernel.config: CONFIG_INIT_ON_FREE_DEFAULT_ON n -> y$" &&
	grep_out "^kernel.release: 6.1.0-defconfig -> 6.1.0-pv$" &&
	nogrep_out "also differs: .*kernel.config"
'
test_expect_success PYTHON3 'several: in name order, joined by a comma' '
	kconfig $G/slow.json "$TESTTMP/c.json" CONFIG_SMP=y CONFIG_HZ=1000 \
		CONFIG_A=m &&
	expect_exit 0 "$ABSTAT" compare "$TESTTMP/a.json" "$TESTTMP/c.json" &&
	grep_out "^kernel.config: CONFIG_A n -> m, CONFIG_HZ 250 -> 1000$"
'
test_expect_success PYTHON3 'the same options: no entry' '
	kconfig $G/slow.json "$TESTTMP/s.json" CONFIG_HZ=250 CONFIG_SMP=y &&
	expect_exit 0 "$ABSTAT" compare "$TESTTMP/a.json" "$TESTTMP/s.json" &&
	nogrep_out "kernel.config"
'
test_expect_success PYTHON3 'hundreds differ: one line within 80 columns (72 mail), and N more' '
	kconfig $G/slow.json "$TESTTMP/m.json" CONFIG_SMP=y many:600:y &&
	for f in text mail markdown; do
		"$ABSTAT" compare --format $f "$TESTTMP/a.json" "$TESTTMP/m.json" \
			>"$TESTTMP/out.$f" 2>"$TESTTMP/err" || fail "$f: $(cat "$TESTTMP/err")"
	done &&
	grep -E "^kernel.config: CONFIG_HZ 250 -> n, CONFIG_OPT0000 n -> y(, .*)? and [0-9]+ more$" \
		"$TESTTMP/out.text" >"$TESTTMP/line" || { cat "$TESTTMP/out.text"; fail "no line"; } &&
	width_ascii "$TESTTMP/out.text" 80 && width_ascii "$TESTTMP/out.mail" 72 &&
	[ "$(grep -c "CONFIG_" "$TESTTMP/out.text")" -eq 1 ] ||
		fail "the options over more than one line" &&
	shown=$(grep -o " -> " "$TESTTMP/line" | wc -l) &&
	more=$(sed "s/.* and \([0-9]*\) more$/\1/" "$TESTTMP/line") &&
	[ $((shown + more)) -eq 601 ] || fail "$shown shown and $more more, not 601" &&
	grep -q "^kernel.config: CONFIG_HZ 250 -> n, .* and [0-9]* more$" "$TESTTMP/out.mail" &&
	grep -q "^- kernel.config: CONFIG\\\\_HZ 250 -> n, .* and [0-9]* more$" "$TESTTMP/out.markdown" ||
		{ cat "$TESTTMP/out.mail" "$TESTTMP/out.markdown"; fail "mail or markdown"; }
'
test_expect_success PYTHON3 'three sides: a line a side, as the baseline where it is' '
	expect_exit 0 "$ABSTAT" compare a="$TESTTMP/a.json" b="$TESTTMP/b.json" \
		s="$TESTTMP/s.json" &&
	grep_out "^kernel.config:$" &&
	grep_out "^  b: CONFIG_INIT_ON_FREE_DEFAULT_ON n -> y$" &&
	grep_out "^  s: as a$"
'
test_expect_success PYTHON3 'json: the options that differ, null where not set, bounded' '
	"$ABSTAT" compare --format json "$TESTTMP/a.json" "$TESTTMP/b.json" >"$TESTTMP/j" &&
	got=$(json "[(e[\"kind\"], e[\"options\"], e[\"options_more\"]) for e in d[\"env_diff\"] if e[\"key\"] == \"kernel.config\"]" "$TESTTMP/j") &&
	[ "$got" = "[('"'"'expected'"'"', [{'"'"'name'"'"': '"'"'CONFIG_INIT_ON_FREE_DEFAULT_ON'"'"', '"'"'values'"'"': [None, '"'"'y'"'"']}], 0)]" ] ||
		fail "json: $got" &&
	"$ABSTAT" compare --format json "$TESTTMP/a.json" "$TESTTMP/m.json" >"$TESTTMP/j" &&
	got=$(json "[(len(e[\"options\"]), e[\"options_more\"]) for e in d[\"env_diff\"] if e[\"key\"] == \"kernel.config\"]" "$TESTTMP/j") &&
	[ "$got" = "[(256, 345)]" ] || fail "json, many: $got"
'
test_expect_success PYTHON3 'a file with one side only: shown, not refused' '
	expect_exit 0 "$ABSTAT" compare $G/base.json "$TESTTMP/b.json" &&
	grep_out "^kernel.config: [(]absent[)] -> 3 options$"
'
test_expect_success PYTHON3 'options that are not a configuration'"'"'s: the file is refused, one line' '
	kconfig $G/slow.json "$TESTTMP/bad.json" "CONFIG_BAD NAME=y" &&
	expect_exit 2 "$ABSTAT" compare "$TESTTMP/a.json" "$TESTTMP/bad.json" &&
	one_line_err && grep_err "bad.json: env.kernel.config.options: .CONFIG_BAD NAME. is not an option" &&
	kconfig $G/slow.json "$TESTTMP/bad.json" "CONFIG_X=$(printf "a\\033[2Jb")" &&
	expect_exit 2 "$ABSTAT" show "$TESTTMP/bad.json" &&
	one_line_err && grep_err "env.kernel.config.options.CONFIG_X: expected a value of 1 to 1024 printable ASCII characters"
'
# where this machine has the running kernel's configuration, a run
# records it: the options of the file, as the capture's rules read them;
# read when the result is saved, its journal's header (the workload's
# copy) has none
kconfig_source() {
	if [ -r "/boot/config-$(uname -r)" ]; then
		echo "/boot/config-$(uname -r)"
	elif [ -r /proc/config.gz ] &&
		grep -qx "HAVE_ZLIB = 1" "$BUILD/config.mk" 2>/dev/null; then
		echo /proc/config.gz
	fi
}
test_lazy_prereq KCONFIG '[ -n "$(kconfig_source)" ] && command -v python3'
test_expect_success KCONFIG 'run records the running kernel'"'"'s options' '
	src=$(kconfig_source) &&
	"$ABSTAT" run -q -r 1 --warmup 0 -e task-clock -o "$TESTTMP/r.json" -- \
		cp "$TESTTMP/r.json.journal" "$TESTTMP/head" \
		>/dev/null 2>"$TESTTMP/err" || fail "run: $(cat "$TESTTMP/err")" &&
	[ "$(json "d[\"env\"][\"kernel\"][\"config\"][\"source\"]" "$TESTTMP/r.json")" = "$src" ] ||
		fail "source not $src" &&
	[ "$(json "sorted(d[\"env\"][\"kernel\"])" "$TESTTMP/head")" = \
		"$(json "sorted(k for k in d[\"env\"][\"kernel\"] if k != \"config\")" "$TESTTMP/r.json")" ] ||
		fail "the journal: $(json "sorted(d[\"env\"][\"kernel\"])" "$TESTTMP/head")" &&
	python3 -c "import gzip, json, re, sys
src, r = sys.argv[1], sys.argv[2]
t = (gzip.open if src.endswith(\".gz\") else open)(src, \"rb\").read().decode(\"latin-1\")
want = {}
for l in t.split(\"\\n\"):
    m = re.match(r\"(CONFIG_[A-Za-z0-9_]+)=([ -~]{1,1024})\$\", l)
    if m and len(m.group(1)) <= 128:
        want[m.group(1)] = m.group(2)
got = json.load(open(r))[\"env\"][\"kernel\"][\"config\"][\"options\"]
sys.exit(0 if got == want and len(got) > 100 else \"%d options, %d in %s\" % (len(got), len(want), src))" "$src" "$TESTTMP/r.json"
'
test_done
