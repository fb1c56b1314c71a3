# compare --format markdown escapes what markdown and HTML would eat:
# "<not supported>" is text, not a tag GitHub drops; a label's '|' does
# not split a cell and its '*', '_', '`' start no emphasis or code. With
# cmark-gfm (GitHub's own parser) the rendered table is checked too.
# tags: sanitize
test_lazy_prereq CMARK_GFM 'command -v cmark-gfm'
G=tests/golden
L='*bold* _it_ <em>x|y `c` a\*b &amp;'

test_expect_success 'markdown of a hostile label and an unsupported row' '
	expect_exit 0 $ABSTAT compare -q --all-rows --format markdown "$L=$G/base.json" $G/slow.json &&
	cp "$TESTTMP/out" "$TESTTMP/md" &&
	grep_out "^\| cycles \| "
'
test_expect_success 'no unescaped < & * _ ` past the title'"'"'s bold' '
	python3 - "$TESTTMP/md" <<-\EOF
	import re, sys
	lines = open(sys.argv[1]).read().split("\n")
	lines[0] = lines[0][2:-2]
	for i, l in enumerate(lines):
	    # a character is escaped when an odd number of backslashes precede it
	    for m in re.finditer(r"(\\*)([<&*_`|])", l):
	        if len(m.group(1)) % 2 == 0 and not (m.group(2) == "|" and l.startswith("|")):
	            sys.exit("line %d: unescaped %s: %s" % (i + 1, m.group(2), l))
	EOF
'
test_expect_success '<not supported> is written \<not supported>' '
	grep -qF "| cycles | \\<not supported> |" "$TESTTMP/md" || fail "not escaped"
'
test_expect_success 'every table row has the header'"'"'s cells (a label'"'"'s | splits none)' '
	python3 - "$TESTTMP/md" <<-\EOF
	import re, sys
	rows = [l for l in open(sys.argv[1]) if l.startswith("|")]
	cells = {len(re.split(r"(?<!\\)\|", r)) for r in rows}
	if len(rows) < 10 or len(cells) != 1:
	    sys.exit("%d rows, cell counts %s" % (len(rows), cells))
	EOF
'
# html: the table as GitHub renders it; cells: its <th>/<td> texts with
# HTML entities decoded, one a line
test_expect_success CMARK_GFM 'cmark-gfm renders <not supported> as text' '
	cmark-gfm -e table "$TESTTMP/md" >"$TESTTMP/html" &&
	grep -q ">&lt;not supported&gt;</td>" "$TESTTMP/html" ||
		{ cat "$TESTTMP/html"; fail "the cell is not the text <not supported>"; }
'
test_expect_success CMARK_GFM 'cmark-gfm shows the label as it is: no emphasis, code or tag' '
	python3 - "$TESTTMP/html" "$L" <<-\EOF
	import html, re, sys
	page = open(sys.argv[1]).read()
	for tag in ("<em>", "<strong>", "<code>"):
	    if tag in page.split("<table>")[1]:
	        sys.exit("markup in the table: " + tag)
	th = re.findall(r"<th[^>]*>(.*?)</th>", page)
	want = sys.argv[2] + " median"
	if html.unescape(th[1]) != want:
	    sys.exit("header cell %r, not %r" % (html.unescape(th[1]), want))
	EOF
'
test_expect_success CMARK_GFM 'cmark-gfm: the title and footer are plain text' '
	python3 - "$TESTTMP/html" "$TESTTMP/md" <<-\EOF
	import sys
	page = open(sys.argv[1]).read()
	if "<strong>abstat compare: getppid" not in page:
	    sys.exit("title not rendered bold")
	if "(&gt;= 10 per side)" not in page and "(>= 10 per side)" not in page:
	    sys.exit("footer changed")
	EOF
'
test_done
