# profile reads a JIT's /tmp/perf-PID.map as perf does (issue 27, D3):
# only a regular file owned by the workload's user or root, opened
# without following a symlink and without blocking. The workload makes
# the map itself, so it can put a FIFO there (abstat blocked forever),
# a symlink to a file only root may read, or another user's file.
#
# Each case runs in a private mount namespace whose /tmp is a directory of
# $TESTTMP (bound over it: nothing is made in the machine's /tmp); abstat
# runs from $TESTTMP (its working directory is kept), under a timeout. A
# checkout under /tmp (a CI clone in mktemp -d) is bound back into the
# private /tmp at its own path, or abstat would vanish with the real /tmp.
# The workload is sh counting in a loop: its samples fall in dash, which
# has no symbols, so every one is looked up in the perf map. Each map (or
# the secret a link points to) names every address: a name read from it
# shows in the profile.
# tags: alone
test_require ROOT
test_lazy_prereq MOUNTNS 'unshare --mount true'
test_lazy_prereq SAMPLING '"$ABSTAT" profile -q -r 1 --warmup 0 --user-only -o "$TESTTMP/.s.json" -- true'
cd "$TESTTMP" || fail "no TESTTMP"
mkdir tmp && chmod 1777 tmp &&
echo "0 ffffffffffff SECRET_NAME" >tmp/secret && chmod 600 tmp/secret ||
	fail "cannot make the private /tmp"
# the workload: make the map ($1), then count
work='m=/tmp/perf-$$.map
case $1 in
fifo) mkfifo $m ;;
link) ln -s /tmp/secret $m ;;
other) echo "0 ffffffffffff OTHERS_NAME" >$m; chown 65534 $m ;;
mine) echo "0 ffffffffffff MY_JIT_NAME" >$m ;;
esac
i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done'

# profile KIND [abstat options]: profile the workload in the private /tmp;
# the result in KIND.json, the exit status in KIND.rc
profile() {
	k=$1; shift
	unshare --mount sh -c 'p=$1/tmp && shift &&
		case $TOP in /tmp/*) k=$p/${TOP#/tmp/} &&
			mkdir -p "$k" && mount --bind "$TOP" "$k" ;; esac &&
		mount --rbind "$p" /tmp && exec timeout -k 5 120 "$@"' sh "$TESTTMP" \
		"$ABSTAT" profile -q -r 1 --warmup 0 --user-only "$@" -o "$k.json" \
		-- /bin/sh -c "$work" sh "$k" >/dev/null 2>"$k.err"
	echo $? >"$k.rc"
}
# names KIND: the map names in its profile
names() {
	json "\" \".join(sorted({f for r in d[\"benchmarks\"][0][\"runs\"] for s, n in r[\"profile\"][\"stacks\"] for f in s.split(\";\") if f.endswith(\"_NAME\")}))" "$1.json"
}
ok() {
	[ "$(cat "$1.rc")" -eq 0 ] || { cat "$1.err"; fail "$1: exit $(cat "$1.rc")"; }
	[ "$(json "d[\"benchmarks\"][0][\"runs\"][0][\"status\"]" "$1.json")" = ok ] ||
		fail "$1: the run failed"
}

test_expect_success MOUNTNS,SAMPLING 'the workload'"'"'s own map is read (the names below would show)' '
	profile mine && ok mine &&
	[ "$(names mine)" = MY_JIT_NAME ] || fail "the map was not read: $(names mine)"
'
test_expect_success MOUNTNS,SAMPLING 'a FIFO at the map: no hang, not read' '
	profile fifo && ok fifo &&
	ls -l tmp | grep -q "^p.*perf-" || fail "no FIFO was made"
	[ -z "$(names fifo)" ] || fail "read: $(names fifo)"
'
test_expect_success MOUNTNS,SAMPLING 'another user'"'"'s map for a root workload: not read' '
	profile other && ok other &&
	[ -z "$(names other)" ] || fail "read: $(names other)"
'
test_expect_success MOUNTNS,SAMPLING,NOBODY '--user nobody: a symlink to a root-only file is not followed' '
	profile link --user nobody && ok link &&
	[ -z "$(names link)" ] || fail "read the secret: $(names link)"
'
test_expect_success MOUNTNS,SAMPLING,NOBODY '--user nobody: a FIFO, no hang; its own map is read' '
	rm -f fifo.json mine.json &&
	profile fifo --user nobody && ok fifo &&
	profile mine --user nobody && ok mine &&
	[ "$(names mine)" = MY_JIT_NAME ] || fail "nobody'"'"'s own map was not read"
'
test_done
