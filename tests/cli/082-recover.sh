# abstat recover: a journal (header line + one line per run) becomes a
# result marked partial; a torn last line is ignored with a warning; the
# output is never overwritten without --force (exit 5); a malformed journal
# exits 2 naming the file and the line.
j=$TESTTMP/r.json.journal
python3 - tests/fuzz/corpus/result/ok-plain.json "$j" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
runs = r["benchmarks"][0]["runs"]
r["benchmarks"][0]["runs"] = []
r["format"] = "abstat-journal"
with open(sys.argv[2], "w") as f:
    f.write(json.dumps(r) + "\n")
    for run in runs:
        f.write(json.dumps({"bench": 0, "run": run}) + "\n")
PY
expect_exit 0 "$ABSTAT" recover "$j" -o "$TESTTMP/rec.json"
grep_err 'recovered 3 runs into .*rec.json \(status partial\)'
[ "$(json 'd["status"]' "$TESTTMP/rec.json")" = partial ] || fail "status not partial"
[ "$(json 'len(d["benchmarks"][0]["runs"])' "$TESTTMP/rec.json")" = 3 ] || fail "runs lost"
[ "$(json 'd["benchmarks"][0]["runs"][1]["counters"][2]' "$TESTTMP/rec.json")" = None ] || fail "unsupported counter not null"
expect_exit 0 "$ABSTAT" show "$TESTTMP/rec.json"

# existing output: refused, untouched; --force replaces it
echo keep >"$TESTTMP/rec.json"
expect_exit 2 "$ABSTAT" recover "$j" -o "$TESTTMP/rec.json"
one_line_err
grep_err 'rec.json exists; use --force'
[ "$(cat "$TESTTMP/rec.json")" = keep ] || fail "existing output changed"
expect_exit 0 "$ABSTAT" recover "$j" -o "$TESTTMP/rec.json" --force
[ "$(json 'd["status"]' "$TESTTMP/rec.json")" = partial ] || fail "--force did not write"
[ "$(ls -a "$TESTTMP" | grep -c '^\.rec')" = 0 ] || fail "temporary file left behind"

# torn last line (crash in the middle of a write): tolerated, said
cp "$j" "$TESTTMP/torn.journal"
printf '{"bench":0,"run":{"index":3,"warm' >>"$TESTTMP/torn.journal"
expect_exit 0 "$ABSTAT" recover "$TESTTMP/torn.journal" -o "$TESTTMP/torn.json"
grep_err 'warning: .*torn.journal: line 5 was cut off'
[ "$(json 'len(d["benchmarks"][0]["runs"])' "$TESTTMP/torn.json")" = 3 ] || fail "torn: runs lost"
json 'd["warnings"][-1]' "$TESTTMP/torn.json" | grep -q 'journal line 5 was incomplete' || fail "torn: no warning in the result"

# a bad line before the end is corruption, not a crash: exit 2
sed '3s/.*/{"bench":0,"run":{"index":"x"}}/' "$j" >"$TESTTMP/bad.journal"
expect_exit 2 "$ABSTAT" recover "$TESTTMP/bad.journal" -o "$TESTTMP/bad.json"
one_line_err
grep_err 'bad.journal: line 3: run.index: expected an integer'
[ ! -e "$TESTTMP/bad.json" ] || fail "output written from a bad journal"

# not a journal, missing, empty
expect_exit 2 "$ABSTAT" recover tests/fuzz/corpus/result/ok-compact.json -o "$TESTTMP/x.json"
grep_err 'a result file, not a journal'
expect_exit 2 "$ABSTAT" recover "$TESTTMP/none.journal" -o "$TESTTMP/x.json"
grep_err 'none.journal: No such file'
: >"$TESTTMP/empty.journal"
expect_exit 2 "$ABSTAT" recover "$TESTTMP/empty.journal" -o "$TESTTMP/x.json"
grep_err 'empty.journal: line 1: empty file'

# output directory missing: write failure, exit 5
expect_exit 5 "$ABSTAT" recover "$j" -o "$TESTTMP/no/such/dir/x.json"
one_line_err
grep_err 'no/such/dir'

# usage
expect_exit 2 "$ABSTAT" recover "$j"
grep_err '\-o FILE is required'

# the fuzz seed journals: ok-* recover, bad-* are refused naming the file
for f in tests/fuzz/corpus/journal/*; do
	case ${f##*/} in
	ok-*) expect_exit 0 "$ABSTAT" recover "$f" -o "$TESTTMP/seed.json" --force ;;
	*) expect_exit 2 "$ABSTAT" recover "$f" -o "$TESTTMP/seed.json" --force
	   one_line_err
	   grep -qF "$f: " "$TESTTMP/err" || fail "$f: error does not name it" ;;
	esac
done
