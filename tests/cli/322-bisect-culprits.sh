# Issue 51: a regression made of two commits is told as two. A git
# repository of a small C program, 16 commits: commit 7 touches 4% more
# pages, commit 12 4% more again (page-faults, the tested row, a count
# that does not depend on the machine's speed: 3000, 3120, 3245 pages).
# Commits 7 to 11 lie between the ends; bisect names both 7 and 12, each
# with its delta against its parent (about +4% each, its interval
# excluding 0), on stdout, in the report's culprits and in the mail, and
# exits 0. Again with 3240 pages from commit 12 (7 to 11 exactly halfway:
# steps skipped "between the ends", git names commit 7 alone, as a
# bisect before issue 51 reported it): both named, exit 0.
# tags: alone
test_lazy_prereq BUILD_TOOLS 'command -v git && command -v make && command -v cc'

repo=$TESTTMP/repo
opts="-q -r 10 --max-runs 40 --warmup 1 --primary page-faults"
rev() { git -C "$repo" rev-list --reverse trunk | sed -n "${1}p"; }
loop() { # loop PAGES
	cat >"$repo/loop.c" <<C
#include <sys/mman.h>
#include <unistd.h>
int main(void)
{
	size_t pages = $1, size = (size_t)sysconf(_SC_PAGESIZE);
	char *mem = mmap(0, pages * size, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (mem == MAP_FAILED)
		return 1;
	madvise(mem, pages * size, MADV_NOHUGEPAGE);
	for (size_t p = 0; p < pages; p++)
		mem[p * size] = 1;
	return 0;
}
C
}
setup() { # setup [PAGES of commit 12]
	rm -rf "$repo"
	mkdir -p "$repo" && cd "$repo" && git init -q . &&
	git symbolic-ref HEAD refs/heads/trunk &&
	git config user.email bisect@example.org && git config user.name bisect &&
	git config commit.gpgsign false &&
	printf "loop: loop.c\n\t\$(CC) -O1 -o loop loop.c\n" >Makefile &&
	echo loop >.gitignore && loop 3000 && echo notes >README &&
	git add -A && git commit -q -m "loop: 3000 pages" || return 1
	for i in $(seq 2 16); do
		case $i in
		7) loop 3120; m="loop: 4% more pages (the first part)" ;;
		12) loop "${1:-3245}"; m="loop: 4% more pages again (the second part)" ;;
		*) echo "note $i" >>README; m="readme: note $i" ;;
		esac
		git add -A && git commit -q -m "$m" || return 1
	done
	cd "$TESTTMP"
}

# both_named REPORT ARG: bisect good..bad (setup ARG made the repository)
# names commits 7 and 12, each +2..6% against its parent, in its output,
# REPORT and the mail, and leaves the repository as it was
both_named() {
	setup ${2:+"$2"} || fail "cannot make the repository"
	(cd "$repo" && "$ABSTAT" bisect --good "$(rev 1)" --bad "$(rev 16)" --build make \
		-o "$1" $opts -- ./loop) >"$TESTTMP/out" 2>"$TESTTMP/err"
	rc=$?
	[ $rc -eq 0 ] || { cat "$TESTTMP/out" "$TESTTMP/err"; fail "exit $rc"; }
	grep_out "^the change is made of 2 commits:$" &&
	grep_out "^commit $(rev 7)$" && grep_out "^commit $(rev 12)$" &&
	json "\" \".join(c[\"commit\"] + \":\" + c[\"parent\"] for c in d[\"culprits\"])" "$1" >"$TESTTMP/culprits" &&
	[ "$(cat "$TESTTMP/culprits")" = "$(rev 7):$(rev 6) $(rev 12):$(rev 11)" ] ||
		{ cat "$TESTTMP/culprits" "$TESTTMP/out"; fail "the report names other culprits"; }
	json "all(2 < 100 * c[\"vs_parent\"][\"delta\"] < 6 and c[\"vs_parent\"][\"lo\"] > 0 for c in d[\"culprits\"])" "$1" |
		grep -qx True || { cat "$TESTTMP/out"; fail "a culprit without its +4% against its parent"; }
	json "d[\"mail\"]" "$1" >"$TESTTMP/mail" &&
	width_ascii "$TESTTMP/mail" 72 && width_ascii "$TESTTMP/out" 80 &&
	grep -q "due to 2 commits:$" "$TESTTMP/mail" &&
	grep -q "^commit: $(rev 7 | cut -c1-12) (" "$TESTTMP/mail" &&
	grep -q "^commit: $(rev 12 | cut -c1-12) (" "$TESTTMP/mail" ||
		{ cat "$TESTTMP/mail"; fail "the mail does not name both"; }
	[ "$(git -C "$repo" rev-parse --abbrev-ref HEAD)" = trunk ] &&
	[ ! -e "$repo/.git/abstat-bisect" ] &&
	[ "$(git -C "$repo" worktree list | wc -l)" -eq 1 ] || fail "the repository is not as it was"
}

test_expect_success BUILD_TOOLS 'two 4% commits: both named, each against its parent' '
	both_named "$TESTTMP/report.json"
'
test_expect_success BUILD_TOOLS '7 to 11 halfway, skipped: both named, exit 0' '
	both_named "$TESTTMP/report2.json" 3240
'
test_done
