# abstat-result(5) and abstat-recover(1): clean under groff -ww, in
# man-pages(7) section order, and the EXAMPLES of abstat-result(5) work on
# a real result file.
need_cmd groff
for m in man/abstat-result.5 man/abstat-recover.1; do
	groff -ww -man -Tutf8 "$m" >/dev/null 2>"$TESTTMP/groff" || fail "$m: groff failed"
	[ -s "$TESTTMP/groff" ] && { cat "$TESTTMP/groff"; fail "$m: groff warnings"; }
	grep '^\.SH' "$m" | sed 's/^\.SH //; s/"//g' >"$TESTTMP/sections"
	prev=0
	while read -r s; do
		i=0
		for k in NAME SYNOPSIS DESCRIPTION OPTIONS "EXIT STATUS" ENVIRONMENT FILES NOTES EXAMPLES "SEE ALSO"; do
			i=$((i + 1))
			[ "$k" = "$s" ] && break
		done
		[ $i -eq 10 ] && [ "$s" != "SEE ALSO" ] && continue # extra section
		[ $i -ge $prev ] || fail "$m: section $s out of order"
		prev=$i
	done <"$TESTTMP/sections"
done
# every key the writer emits is documented
for k in $(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
keys = set(d) | set(d["events"][0]) | set(d["benchmarks"][0])
r = d["benchmarks"][0]["runs"][0]
keys |= set(r) | set(r["counters"][0]) | set(r["copies"][0])
print("\n".join(sorted(keys)))' tests/fuzz/corpus/result/ok-copies.json); do
	grep -q "^\.[RBI]* .*\b$k\b" man/abstat-result.5 || fail "key $k not in abstat-result(5)"
done
need_cmd jq
f=tests/fuzz/corpus/result/ok-plain.json
[ "$(jq '[.benchmarks[0].runs[] | select(.status == "ok" and
  (.warmup | not)) | .wall_ns] | sort | .[length / 2 | floor]' "$f")" = 20 ] || fail "median example"
[ "$(jq -r '.events[] | select(.supported | not) | .name + ": " +
  .reason' "$f")" = "cycles: not supported: no PMU (hypervisor)" ] || fail "events example"
