# doc/verdicts.md (issue 29, the README's examples of the verdicts): every
# "$ abstat ..." block runs again from the top of the tree, abstat being
# $ABSTAT, stdout and stderr together, and prints what the page shows.
# After an intended change of the output: UPDATE_DOCS=1 sh tests/run.sh
# tests/cli/132-doc-verdicts.sh writes each block's new output into the
# page (review the diff before committing).
# tags: sanitize
test_lazy_prereq JQ 'command -v jq'
DOC=doc/verdicts.md
mkdir -p "$TESTTMP/bin" && ln -s "$ABSTAT" "$TESTTMP/bin/abstat"

# the blocks as NAME.cmd and NAME.want in $TESTTMP/doc
mkdir -p "$TESTTMP/doc"
awk -v d="$TESTTMP/doc" '
	/^```$/ && !in_block { in_block = 1; n++; first = 1; next }
	/^```$/ && in_block { in_block = 0; next }
	in_block && first { first = 0; sub(/^\$ /, ""); print > (d "/" n ".cmd"); next }
	in_block { print > (d "/" n ".want") }
' "$DOC"

test_expect_success "$DOC has its examples" '
	[ "$(ls "$TESTTMP/doc" | grep -c "[.]cmd$")" -ge 8 ] || fail "fewer than 8 examples"
'
for c in "$TESTTMP"/doc/*.cmd; do
	n=$(basename "$c" .cmd)
	pre=
	grep -q "jq " "$c" && pre=JQ
	test_expect_success $pre "$DOC example $n: $(cut -c1-60 "$c")" '
		: >>"$TESTTMP/doc/$n.want" &&
		NO_COLOR=1 PATH="$TESTTMP/bin:$PATH" sh -c "{ $(cat "$c")
} 2>&1" >"$TESTTMP/doc/$n.got" &&
		diff -u "$TESTTMP/doc/$n.want" "$TESTTMP/doc/$n.got" || fail "example $n prints otherwise"
	'
done
if [ "${UPDATE_DOCS:-0}" = 1 ]; then
	# each block's output replaced by what it prints now
	awk -v d="$TESTTMP/doc" '
		/^```$/ && !in_block { in_block = 1; n++; first = 1; print; next }
		/^```$/ && in_block {
			in_block = 0
			f = d "/" n ".got"
			while ((getline l < f) > 0) print l
			close(f); print; next
		}
		in_block && first { first = 0; print; next }
		in_block { next }
		{ print }
	' "$DOC" >"$TESTTMP/new.md" && cp "$TESTTMP/new.md" "$DOC"
fi
test_done
