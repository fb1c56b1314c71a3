# abstat bisect --measure in the lab, without a compile (make lab-bisect
# builds kernels; doc/bisect.md): a git repository of six commits whose
# "build" selects one of the two Debian kernels the lab boots (the file
# kernel: 6.1, then 6.12 from commit 4; commit 2 does not build), each
# side measured by lab/bisect.sh measure (lab.sh, the side's
# kernel on both sides: 4 boots a call under QEMU icount), getppid-sve
# (6.12 +12%: doc/lab.md). The first bad commit is commit 4, the one
# that does not build is skipped, and the repository is left as it was.
. "$TOP/tests/lab/t/lib.sh"
test_require QEMU,XBUILD,KERNELS

repo=$LABT/bisect-repo
rm -rf "$repo" && mkdir -p "$repo" && cd "$repo" &&
git init -q . && git symbolic-ref HEAD refs/heads/trunk || exit 1
commit() { git add -A && git -c user.name=lab -c user.email=lab@abstat.invalid -c commit.gpgsign=false commit -q -m "$1"; }
i=1
for k in 6.1 broken 6.1 6.12 6.12 6.12; do
	echo "$k" >kernel
	echo "note $i" >>README
	commit "step $i: kernel $k"
	i=$((i + 1))
done
cd "$TOP" || exit 1
rev() { git -C "$repo" rev-list --reverse trunk | sed -n "${1}p"; }

test_expect_success 'bisect --measure boots each side: the first bad commit is the 6.12 one' '
	LAB_BOOTS=2 LAB_RUNS=5 LAB_WORKLOADS=getppid-sve "$ABSTAT" bisect --repo "$repo" \
		--good "$(rev 1)" --bad "$(rev 6)" --max-runs 8 --build "[ \"\$(cat kernel)\" != broken ]" \
		--measure "sh $TOP/lab/bisect.sh measure \"\$(cat kernel)\"" \
		-o "$LABT/bisect.json" --force >"$LABT/bisect.out" 2>"$LABT/bisect.err" ||
		{ cat "$LABT/bisect.out" "$LABT/bisect.err"; false; } &&
	cat "$LABT/bisect.out" &&
	grep -q "^first bad commit: $(rev 4)\$" "$LABT/bisect.out" &&
	grep -Eq "^bad against good: \+1[0-9]\.[0-9]% .*\(instructions/op, [0-9]+ boots a side\)\$" "$LABT/bisect.out" &&
	json "[s[\"reason\"] for s in d[\"steps\"] if s[\"commit\"] == \"$(rev 2)\"] or [\"the build failed (not a step)\"]" \
		"$LABT/bisect.json" | grep -q "the build failed" &&
	[ "$(git -C "$repo" rev-parse --abbrev-ref HEAD)" = trunk ] &&
	[ ! -e "$repo/.git/abstat-bisect" ] && [ ! -e "$repo/.git/BISECT_LOG" ]
'
test_done
