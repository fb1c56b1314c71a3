# make recipe-check's preparation (the Makefile runs make check in DIR
# after it): DIR becomes a copy of the tree as tests/lib.sh's
# scratch_repo makes one (the files git has and would add, a git
# repository of its own, this build's objects), and the documented
# recipes are applied to it one by one (tests/recipes.sh): a command
# (abstat howdy), an option of it (howdy --greeting), a format
# (--format tally), an import source (abstat import stamps); not the
# names tests 232, 233 and 340 add, so that they pass on the copy too.
# Each must change its recipe's files and no other (git counts them),
# and is committed as a commit of its own ("recipe: NAME"). Nothing is
# built or run here.
# Usage, from the top of the tree: BUILD=build sh tests/recipe-check.sh DIR
set -u
[ $# -eq 1 ] && [ -n "$1" ] || { echo "usage: sh tests/recipe-check.sh DIR" >&2; exit 2; }
case $1 in /*) D=$1 ;; *) D=$(pwd)/$1 ;; esac
TOP=$(pwd) BUILD=$(cd "${BUILD:-build}" 2>/dev/null && pwd || echo "$(pwd)/build")
TESTTMP=$(mktemp -d "${TMPDIR:-/tmp}/abstat-recipe.XXXXXX") || exit 1
trap 'rm -rf "$TESTTMP"' EXIT
. "$TOP/tests/lib.sh"
. "$TOP/tests/recipes.sh"

# recipe KIND NAME FILE...: recipe_KIND applied to D under NAME,
# changing FILE... only, committed
recipe() {
	_kind=$1 _n=$2; shift 2
	"recipe_$_kind" "$D" "$_n" || fail "recipe $_kind ($_n): a step failed"
	scratch_files "$D" "$@" || exit 1
	git -C "$D" -c user.name=recipe -c user.email=recipe@abstat \
		commit -qm "recipe: $_kind" || fail "recipe $_kind: cannot commit"
	echo "recipe-check: $_kind ($_n): $*"
}

scratch_repo "$D" || fail "cannot copy the tree to $D"
recipe command howdy man/abstat-howdy.1 src/cmd/cmd_howdy.c src/cmd/cmd_table.c
recipe option howdy man/abstat-howdy.1 src/cli/cli.h src/cli/cli_opts.c \
	src/cli/cli_priv.h src/cmd/cmd_howdy.c
recipe format tally src/format/fmt_tally.c src/format/format.h \
	tests/cli/038-verdict-formats.sh
recipe import stamps man/abstat-import.1 src/import/import.h \
	src/import/import_stamps.c
echo "recipe-check: $D holds the tree and the four recipes"
