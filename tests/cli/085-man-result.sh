# abstat-result(5) and abstat-recover(1): clean under groff -ww, in
# man-pages(7) section order, and the EXAMPLES of abstat-result(5) work on
# a real result file.
test_lazy_prereq GROFF 'command -v groff'
test_lazy_prereq JQ 'command -v jq'

# in_order PAGE: its .SH sections follow man-pages(7) order (others skipped)
in_order() {
	grep '^\.SH' "$1" | sed 's/^\.SH //; s/"//g' >"$TESTTMP/sections"
	prev=0
	while read -r s; do
		i=0
		for k in NAME SYNOPSIS DESCRIPTION OPTIONS "EXIT STATUS" ENVIRONMENT FILES NOTES EXAMPLES "SEE ALSO"; do
			i=$((i + 1))
			[ "$k" = "$s" ] && break
		done
		[ $i -eq 10 ] && [ "$s" != "SEE ALSO" ] && continue # extra section
		[ $i -ge $prev ] || fail "$1: section $s out of order"
		prev=$i
	done <"$TESTTMP/sections"
	[ "$prev" -gt 0 ] || fail "$1: no known section"
}
for m in man/abstat-result.5 man/abstat-recover.1; do
	test_expect_success GROFF "${m#man/}: clean under groff -ww" '
		groff -ww -man -Tutf8 "$m" >/dev/null 2>"$TESTTMP/groff" || fail "$m: groff failed"
		if [ -s "$TESTTMP/groff" ]; then cat "$TESTTMP/groff"; fail "$m: groff warnings"; fi
	'
	test_expect_success "${m#man/}: sections in man-pages(7) order" '
		in_order "$m"
	'
done

# every key the writer emits is documented
keys=$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
keys = set(d) | set(d["events"][0]) | set(d["benchmarks"][0])
r = d["benchmarks"][0]["runs"][0]
keys |= set(r) | set(r["counters"][0]) | set(r["copies"][0])
print("\n".join(sorted(keys)))' tests/fuzz/corpus/result/ok-copies.json)
test_expect_success 'the keys of a result (ok-copies.json) were read' '
	[ "$(echo "$keys" | wc -l)" -ge 20 ] || fail "only keys: $keys"
'
for k in $keys; do
	test_expect_success "key $k is in abstat-result(5)" '
		grep -q "^\.[RBI]* .*\b$k\b" man/abstat-result.5 || fail "key $k not in abstat-result(5)"
	'
done

f=tests/fuzz/corpus/result/ok-plain.json
test_expect_success JQ 'EXAMPLES: the median wall_ns of the measured runs' '
	got=$(jq "[.benchmarks[0].runs[] | select(.status == \"ok\" and
  (.warmup | not)) | .wall_ns] | sort | .[length / 2 | floor]" "$f") &&
	{ [ "$got" = 20 ] || fail "median example: $got, not 20"; }
'
test_expect_success JQ 'EXAMPLES: the events not supported, with their reason' '
	got=$(jq -r ".events[] | select(.supported | not) | .name + \": \" +
  .reason" "$f") &&
	{ [ "$got" = "cycles: not supported: no PMU (hypervisor)" ] || fail "events example: $got"; }
'
test_done
