# make recipe-check's preparation (the Makefile runs make check in DIR
# after it): DIR becomes a copy of the tree as tests/lib.sh's
# scratch_repo makes one (the files git has and would add, a git
# repository of its own, this build's objects), and the documented
# recipes are applied to it one by one (tests/recipes.sh): a command
# (abstat hello), an option (hello --greeting), a format (--format
# lines), an import source (abstat import times). Each must change its
# recipe's files and no other (git counts them), and is committed as a
# commit of its own ("recipe: NAME"). Nothing is built or run here.
# Usage, from the top of the tree: BUILD=build sh tests/recipe-check.sh DIR
set -u
[ $# -eq 1 ] && [ -n "$1" ] || { echo "usage: sh tests/recipe-check.sh DIR" >&2; exit 2; }
case $1 in /*) D=$1 ;; *) D=$(pwd)/$1 ;; esac
TOP=$(pwd) BUILD=$(cd "${BUILD:-build}" 2>/dev/null && pwd || echo "$(pwd)/build")
TESTTMP=$(mktemp -d "${TMPDIR:-/tmp}/abstat-recipe.XXXXXX") || exit 1
trap 'rm -rf "$TESTTMP"' EXIT
. "$TOP/tests/lib.sh"
. "$TOP/tests/recipes.sh"

# recipe NAME FILE...: recipe_NAME applied to D, changing FILE... only,
# committed
recipe() {
	_name=$1; shift
	"recipe_$_name" "$D" || fail "recipe $_name: a step failed"
	scratch_files "$D" "$@" || exit 1
	git -C "$D" -c user.name=recipe -c user.email=recipe@abstat \
		commit -qm "recipe: $_name" || fail "recipe $_name: cannot commit"
	echo "recipe-check: $_name: $*"
}

scratch_repo "$D" || fail "cannot copy the tree to $D"
recipe command man/abstat-hello.1 src/cmd/cmd_hello.c src/cmd/cmd_table.c
recipe option man/abstat-hello.1 src/cli/cli.h src/cli/cli_opts.c \
	src/cli/cli_priv.h src/cmd/cmd_hello.c
recipe format src/format/fmt_lines.c src/format/format.h \
	tests/cli/038-verdict-formats.sh
recipe import man/abstat-import.1 src/import/import.h \
	src/import/import_times.c
echo "recipe-check: $D holds the tree and the four recipes"
