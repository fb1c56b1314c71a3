# The JSON abstat prints: every document has format and schema_version,
# every key of every output is documented in abstat-json(5), the seed is
# a string that jq keeps and --seed takes back (the default seed is above
# 2^53, where a double, hence jq, rounds it), and no integer needs more
# than a double holds.
# tags: sanitize
test_lazy_prereq JQ 'command -v jq'
G=tests/golden
PAGE=man/abstat-json.5

# keys FILE: every key of the JSON document in FILE, one a line
keys() {
	python3 -c '
import json, sys
def walk(o):
    if isinstance(o, dict):
        for k, v in o.items():
            print(k)
            walk(v)
    elif isinstance(o, list):
        for v in o:
            walk(v)
walk(json.load(open(sys.argv[1])))' "$1" | sort -u
}
# documented FILE: each key of FILE is a bold word of a .BR/.B line
documented() {
	for k in $(keys "$1"); do
		grep -q "^\.[RBI]* .*\b$k\b" "$PAGE" || echo "$k"
	done
}
# big_ints FILE: the integers at or above 2^53, one a line
big_ints() {
	python3 -c '
import json, sys
def walk(o):
    if isinstance(o, dict):
        o = o.values()
    if isinstance(o, list) or not isinstance(o, (int, float, str, type(None))) and hasattr(o, "__iter__"):
        for v in o:
            walk(v)
    elif isinstance(o, int) and not isinstance(o, bool) and abs(o) >= 2**53:
        print(o)
walk(json.load(open(sys.argv[1])))' "$1"
}

# the outputs: compare (sessions, boots, forced env, three sides),
# versus, show, run
test_expect_success 'compare, versus, show and run print JSON' '
	$ABSTAT compare --format json $G/base.json $G/slow.json \
		>"$TESTTMP/compare.json" 2>/dev/null &&
	$ABSTAT compare --format json $G/base-b1.json,$G/base-b2.json,$G/base-b3.json \
		$G/slow-b1.json,$G/slow-b2.json,$G/slow-b3.json \
		>"$TESTTMP/boots.json" 2>/dev/null &&
	$ABSTAT compare --format json --allow-env-diff benchmarks -e page-faults \
		$G/argv-a.json $G/argv-b.json >"$TESTTMP/env.json" 2>/dev/null &&
	$ABSTAT compare --format json -e task-clock $G/cmdline-a.json \
		$G/cmdline-b.json $G/cmdline-c.json >"$TESTTMP/three.json" 2>/dev/null &&
	$ABSTAT show --format json $G/base.json >"$TESTTMP/show.json" &&
	$ABSTAT versus -q -r 4 --warmup 0 -e task-clock --format json true true \
		>"$TESTTMP/versus.json" 2>/dev/null &&
	$ABSTAT run -q -r 2 --warmup 0 -e task-clock --format json -- true \
		>"$TESTTMP/run.json" 2>/dev/null
'
for o in compare boots env three show versus run; do
	test_expect_success "$o: format and schema_version first" '
		got=$(json "\" \".join(list(d)[:2]), d[\"format\"], d[\"schema_version\"]" "$TESTTMP/$o.json") &&
		case $o in
		show|run) want="format schema_version abstat-show 1" ;;
		*) want="format schema_version abstat-compare 4" ;;
		esac &&
		{ [ "$got" = "$want" ] || fail "$o: $got, not $want"; }
	'
	test_expect_success "$o: every key is in abstat-json(5)" '
		[ "$(keys "$TESTTMP/$o.json" | wc -l)" -ge 8 ] || fail "too few keys" &&
		missing=$(documented "$TESTTMP/$o.json" | tr "\n" " ") &&
		{ [ -z "$missing" ] || fail "not in $PAGE: $missing"; }
	'
	test_expect_success "$o: no integer at or above 2^53" '
		big=$(big_ints "$TESTTMP/$o.json" | tr "\n" " ") &&
		{ [ -z "$big" ] || fail "integers a double cannot hold: $big"; }
	'
done

test_expect_success 'the walk sees the nested keys (a row, a side, a delta)' '
	keys "$TESTTMP/compare.json" >"$TESTTMP/k" &&
	for k in higher_is_better median_ci_level p_holm env_diff values; do
		grep -qx "$k" "$TESTTMP/k" || fail "key $k not walked"
	done
'
test_expect_success 'the default seed is a string, above 2^53, as the footer says' '
	seed=$(json "d[\"seed\"]" "$TESTTMP/compare.json") &&
	json "isinstance(d[\"seed\"], str) or exit(1)" "$TESTTMP/compare.json" >/dev/null &&
	[ "$seed" -gt 9007199254740992 ] || fail "seed $seed not above 2^53" &&
	$ABSTAT compare $G/base.json $G/slow.json >"$TESTTMP/text" 2>/dev/null &&
	grep -q "seed $seed\." "$TESTTMP/text" || fail "footer lacks seed $seed"
'
test_expect_success JQ 'jq -r .seed keeps it; --seed with it gives the same intervals' '
	seed=$(jq -r .seed "$TESTTMP/compare.json") &&
	[ "$seed" = "$(json "d[\"seed\"]" "$TESTTMP/compare.json")" ] || fail "jq changed the seed: $seed" &&
	$ABSTAT compare --format json --seed "$seed" $G/base.json $G/slow.json \
		>"$TESTTMP/again.json" 2>/dev/null &&
	cmp -s "$TESTTMP/compare.json" "$TESTTMP/again.json" || fail "--seed $seed: other output"
'
test_expect_success JQ 'a small --seed round-trips as well' '
	$ABSTAT compare --format json --seed 12345 $G/base.json $G/slow.json \
		>"$TESTTMP/s1.json" 2>/dev/null &&
	seed=$(jq -r .seed "$TESTTMP/s1.json") && [ "$seed" = 12345 ] || fail "seed $seed" &&
	if cmp -s "$TESTTMP/s1.json" "$TESTTMP/compare.json"; then fail "the seed changes nothing"; fi
'
test_expect_success JQ 'EXAMPLES: the primary rows that got worse' '
	got=$(jq -r ".rows[] | select(.primary and .deltas[0].regression) |
    .benchmark + \" \" + (.deltas[0].delta * 100 | tostring)" "$TESTTMP/compare.json") &&
	case $got in "getppid 3.66"*) ;; *) fail "example: $got" ;; esac
'
test_expect_success 'abstat-json(5) is in abstat(1) SEE ALSO' '
	grep -q "abstat\\\\-json (5)" man/abstat.1 || fail "abstat.1 does not name abstat-json(5)"
'
test_done
