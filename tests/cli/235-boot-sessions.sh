# A boot is a boot (issue 39): compare counts a side's distinct
# kernel.boot_id (kernel.boot_time where a file has none); the files of
# one boot are sessions of it, pooled as one. Three sessions a side in
# one boot are reported as sessions ("sessions 3 in 1 boot", the session
# verdict, no boot-to-boot table), never as "boots 3/3".
# tags: sanitize
test_lazy_prereq PYTHON3 'command -v python3'
G=tests/golden

# fix OUT SRC KEY=VALUE...: SRC with env.kernel's keys set (VALUE "-"
# removes the key)
fix() {
	python3 - "$@" <<'EOF_PY'
import json, sys
out, src = sys.argv[1], sys.argv[2]
d = json.load(open(src))
for kv in sys.argv[3:]:
    k, v = kv.split("=", 1)
    if v == "-":
        d["env"]["kernel"].pop(k, None)
    else:
        d["env"]["kernel"][k] = v
json.dump(d, open(out, "w"))
EOF_PY
}
T=$TESTTMP
sides() { echo "a=$T/$1-base1.json,$T/$1-base2.json,$T/$1-base3.json b=$T/$1-slow1.json,$T/$1-slow2.json,$T/$1-slow3.json"; }

test_expect_success PYTHON3 'fixtures: one boot, one boot_time without id, three boot_times, sessions of three boots' '
	for i in 1 2 3; do
		for s in base slow; do
			fix $T/one-$s$i.json $G/$s-b$i.json boot_id=same-boot &&
			fix $T/tm-$s$i.json $G/$s-b$i.json boot_id=- boot_time=2026-01-01T00:00:00Z &&
			fix $T/tm3-$s$i.json $G/$s-b$i.json boot_id=- boot_time=2026-01-0${i}T00:00:00Z &&
			fix $T/six-$s$i.json $G/$s-b$i.json &&
			fix $T/six-${s}x$i.json $G/$s-b$i.json || exit 1
		done
	done &&
	[ -s $T/one-slow3.json ] || fail "no fixture"
'
test_expect_success PYTHON3 'three sessions a side in one boot: sessions, the session verdict' '
	expect_exit 0 "$ABSTAT" compare $(sides one) &&
	grep_out "^abstat compare: getppid, 24 runs/side, sessions 3 in 1 boot," &&
	nogrep_out "boots 3/3" && nogrep_out "boot-to-boot spread" &&
	grep_out "^task-clock/op .* session$" &&
	tr "\n" " " <"$T/out" | grep -q "Sessions of one boot (one kernel.boot_id) are not boots" ||
		fail "the footer does not say why"
'
test_expect_success PYTHON3 'json: design sessions, one boot of three files a side, verdict session' '
	"$ABSTAT" compare --format json $(sides one) >"$T/one.json" 2>/dev/null &&
	[ "$(json "d[\"design\"]" "$T/one.json")" = sessions ] || fail "design" &&
	[ "$(json "[(s[\"files\"], s[\"boots\"]) for s in d[\"sides\"]]" "$T/one.json")" = "[(3, 1), (3, 1)]" ] ||
		fail "sides: $(json "d[\"sides\"]" "$T/one.json")" &&
	[ "$(json "\",\".join(r[\"deltas\"][0][\"verdict\"] for r in d[\"rows\"] if r[\"primary\"])" "$T/one.json")" = session ] ||
		fail "verdict"
'
test_expect_success PYTHON3 'the same files as three boots: boots 3/3 and a verdict (the control)' '
	expect_exit 0 "$ABSTAT" compare $G/base-b1.json,$G/base-b2.json,$G/base-b3.json $G/slow-b1.json,$G/slow-b2.json,$G/slow-b3.json &&
	grep_out "boots 3/3" && grep_out "boot-to-boot spread" && grep_out "^task-clock/op .* yes$"
'
test_expect_success PYTHON3 '--fail-on-regression: a session difference of one boot fails nothing' '
	expect_exit 0 "$ABSTAT" compare -q --fail-on-regression 1 $(sides one) &&
	"$ABSTAT" compare -q --fail-on-regression 1 $G/base-b1.json,$G/base-b2.json,$G/base-b3.json \
		$G/slow-b1.json,$G/slow-b2.json,$G/slow-b3.json >/dev/null 2>&1
	[ $? -ne 0 ] || fail "three real boots of a +3% regression passed"
'
test_expect_success PYTHON3 'no boot_id: one boot_time is one boot, three are three' '
	expect_exit 0 "$ABSTAT" compare $(sides tm) &&
	grep_out "sessions 3 in 1 boot" && grep_out " session$" &&
	expect_exit 0 "$ABSTAT" compare $(sides tm3) &&
	grep_out "boots 3/3" && grep_out "^task-clock/op .* yes$"
'
test_expect_success PYTHON3 'six sessions in three boots a side: boots are the unit, the header says both' '
	expect_exit 0 "$ABSTAT" compare \
		a=$T/six-base1.json,$T/six-basex1.json,$T/six-base2.json,$T/six-basex2.json,$T/six-base3.json,$T/six-basex3.json \
		b=$T/six-slow1.json,$T/six-slowx1.json,$T/six-slow2.json,$T/six-slowx2.json,$T/six-slow3.json,$T/six-slowx3.json &&
	grep_out "sessions 6 in 3 boots" && grep_out "^task-clock/op .* yes$" &&
	tr "\n" " " <"$T/out" | grep -q "Files of one boot (one kernel.boot_id) are sessions of it" ||
		fail "the footer does not say the files of a boot are pooled"
'
test_expect_success PYTHON3 'three boots against three sessions of one: too few boots on a side' '
	expect_exit 0 "$ABSTAT" compare a=$G/base-b1.json,$G/base-b2.json,$G/base-b3.json \
		b=$T/one-slow1.json,$T/one-slow2.json,$T/one-slow3.json &&
	grep_out "sessions 3/3 in 3/1 boots" && grep_out "^task-clock/op .* <3 boots$" &&
	tr "\n" " " <"$T/out" | grep -q "(here 3/1)" || fail "the footer counts files, not boots"
'
test_done
