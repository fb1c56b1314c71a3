# make recipe-check (issue 52): the documented recipes held to the whole
# suite. What is checked here is its preparation (tests/recipe-check.sh),
# not the suite it then runs in the copy (make check's time and more;
# run on a quiet machine): the copy holds the tree and one commit a
# recipe (a command, an option, a format, an import source, not under
# the names 232, 233 and 340 add: those tests run on the copy too),
# each of its recipe's files only, nothing left uncommitted; the files the
# recipes add or change compile there (against this build's objects,
# warnings as errors); a recipe that changes a file of another is
# refused, naming the recipe; and make -n recipe-check prepares
# RECIPE_DIR and runs make check there, and does nothing under -n.
# In make recipe-check's own copy (the recipes are in it already) the
# recipes cannot be applied again: there the cases skip (NOT_A_COPY).
# tags: slow
test_lazy_prereq GIT 'command -v git'
test_lazy_prereq NOT_A_COPY '! [ -e "$TOP/src/cmd/cmd_howdy.c" ]'
R=$TESTTMP/recipe
nomake() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL "$@"; }

test_expect_success GIT,NOT_A_COPY 'the copy holds the tree and a commit a recipe, each of its files' '
	BUILD=$BUILD sh tests/recipe-check.sh "$R" >"$TESTTMP/out" 2>"$TESTTMP/err" ||
		{ cat "$TESTTMP/out" "$TESTTMP/err"; fail "the preparation failed"; }
	git -C "$R" log --format=%s >"$TESTTMP/log" &&
	printf "%s\n" "recipe: import" "recipe: format" "recipe: option" "recipe: command" tree \
		>"$TESTTMP/want" &&
	{ diff "$TESTTMP/want" "$TESTTMP/log" || fail "not the tree and the four recipes"; } &&
	git -C "$R" show --format= --name-only HEAD~2 >"$TESTTMP/files" &&
	printf "%s\n" man/abstat-howdy.1 src/cli/cli.h src/cli/cli_opts.c src/cli/cli_priv.h \
		src/cmd/cmd_howdy.c >"$TESTTMP/want" &&
	{ diff "$TESTTMP/want" "$TESTTMP/files" || fail "the option changed other files"; } &&
	git -C "$R" status --porcelain >"$TESTTMP/st" &&
	[ ! -s "$TESTTMP/st" ] || fail "left uncommitted: $(cat "$TESTTMP/st")"
'
test_expect_success GIT,NOT_A_COPY 'what the recipes add or change compiles in the copy' '
	[ -f "$R/src/cmd/cmd_howdy.c" ] || fail "no copy (the case before failed)" &&
	scratch_make "$R" WERROR=1 build/src/cmd/cmd_howdy.o build/src/cmd/cmd_table.o \
		build/src/cli/cli_opts.o build/src/format/fmt_tally.o build/src/import/import_stamps.o &&
	grep -c " CC " "$TESTTMP/make.log" >"$TESTTMP/n" &&
	[ "$(cat "$TESTTMP/n")" -eq 5 ] || { cat "$TESTTMP/make.log"; fail "not the five files compiled"; }
'
test_expect_success GIT,NOT_A_COPY 'a recipe that changes another file is refused, by name' '
	T=$TESTTMP/tree &&
	BUILD=$TESTTMP/none scratch_repo "$T" &&
	sed -i "s|^\trecipe_format_reader \"\$_r_dir\" \"\$_r_name\"\$|& \&\& echo >>\"\$_r_dir/README.md\"|" \
		"$T/tests/recipes.sh" &&
	grep -q "README.md" "$T/tests/recipes.sh" || fail "not planted" &&
	(cd "$T" && BUILD=$TESTTMP/none sh tests/recipe-check.sh "$TESTTMP/r2") \
		>"$TESTTMP/out" 2>&1; rc=$?
	[ $rc -ne 0 ] || { cat "$TESTTMP/out"; fail "a format recipe that changed README.md passed"; }
	grep -q "^recipe-check: option (howdy): " "$TESTTMP/out" &&
	! grep -q "^recipe-check: format " "$TESTTMP/out" &&
	grep -q "README.md" "$TESTTMP/out" || { cat "$TESTTMP/out"; fail "the refusal names no file"; }
'
test_expect_success 'make -n recipe-check: the preparation, then make check in RECIPE_DIR' '
	nomake make -n -C "$TOP" recipe-check RECIPE_DIR="$TESTTMP/mk" >"$TESTTMP/out" 2>"$TESTTMP/err" ||
		{ cat "$TESTTMP/err"; fail "make -n recipe-check failed"; }
	grep_out "^BUILD=.* sh tests/recipe-check\.sh \"$TESTTMP/mk\"\$" &&
	grep_out "^cd \"$TESTTMP/mk\" && " &&
	grep_out "make --no-print-directory check " &&
	[ ! -e "$TESTTMP/mk" ] || fail "make -n made RECIPE_DIR"
'
test_done
