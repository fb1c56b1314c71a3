# Issue 44: kill -9 of run --resume at any moment loses no run of the
# session it resumes. The new journal is written under a temporary name
# and replaces the old one only once it holds every old run; a
# .resumed file an interrupted --resume left (the old journal's second
# name) is found and used by recover and by --resume. The old journal is
# made here from a real run's header with 3000 runs, each with its own
# wall_ns, so each run is known again after recovery. The kill comes at
# several moments: at once, once the new journal holds 100 and 1500
# runs, and while the runs after the old ones are measured; which one a
# kill hit depends on the machine, what is checked is the same.
#
# Each --resume runs in a PID namespace of its own: only the PID it
# started is killed, and the namespace ends with whatever is left.
# tags: alone
test_lazy_prereq PIDNS 'unshare --pid --fork --mount-proc true'
test_require PIDNS
cd "$TESTTMP" || fail "no TESTTMP"
N=3000
ARGS="-q -r $((N + 4)) --warmup 0 -e task-clock"
"$ABSTAT" run -q -r 2 --warmup 0 -e task-clock -o base.json -- true \
	>/dev/null 2>&1 || fail "abstat run failed"
python3 - base.json old.journal $N $((N + 4)) <<'PY' || fail "cannot make the journal"
import json, sys
d = json.load(open(sys.argv[1]))
run = d["benchmarks"][0]["runs"][0]
d["benchmarks"][0]["runs"] = []
d["config"]["repeat"] = int(sys.argv[4])
d["status"] = "interrupted"
d["format"] = "abstat-journal"
d["pid"] = 1
with open(sys.argv[2], "w") as f:
    f.write(json.dumps(d) + "\n")
    for i in range(int(sys.argv[3])):
        run.update(index=i, wall_ns=10**9 + i)
        f.write(json.dumps({"bench": 0, "session": d["config"]["session"],
                            "run": run}) + "\n")
PY
# every old run (its wall_ns) is in result FILE
all_old() {
	python3 -c "import json, sys
w = set(r['wall_ns'] for r in json.load(open(sys.argv[1]))['benchmarks'][0]['runs'])
lost = [i for i in range($N) if 10**9 + i not in w]
sys.exit('%d of $N old runs lost (first: %s)' % (len(lost), lost[:3]) if lost else 0)" "$1"
}
cat >kill9.sh <<'SH'
# kill9.sh DIR WHEN ARGS...: run --resume DIR/k.json.journal, kill -9
# at WHEN: 0 at once, a number once a new journal (the resumed session's,
# at the name or under a temporary one) has that many lines,
# "measuring" once the journal at the name has more lines than the old.
d=$1 when=$2 old=$(wc -l <"$1/k.json.journal")
sid=$(head -n 1 "$1/k.json.journal" | python3 -c "import json, sys; print(json.load(sys.stdin)['config']['session'])")
shift 2
# the lines of the longest journal of another session than the old one
new_lines() {
	for f in "$d/k.json.journal" "$d"/.k.json.journal.*; do
		[ -f "$f" ] && ! head -n 1 "$f" | grep -q "$sid" && wc -l <"$f"
	done | sort -n | tail -n 1
}
"$ABSTAT" run "$@" --resume "$d/k.json.journal" -- true >"$d/out" 2>"$d/err" &
pid=$! i=0
while :; do
	case $when in
	0) break ;;
	measuring) [ "$(wc -l <"$d/k.json.journal")" -gt "$old" ] && break ;;
	*) [ "$(new_lines)" -ge "$when" ] 2>/dev/null && break ;;
	esac
	kill -0 $pid 2>/dev/null || break
	# a guard against a hang, not a timing check: 6000 polls of 10 ms
	i=$((i + 1))
	[ $i -ge 6000 ] && break
	sleep 0.01
done
kill -9 $pid
wait $pid
echo "abstat exit $?"
echo "new journal: $(new_lines) lines"
SH
for when in 0 100 1500 measuring; do
	test_expect_success "kill -9 of --resume ($when): every old run recovered" '
		d=$TESTTMP/k$when && mkdir -p "$d" && cp old.journal "$d/k.json.journal" || fail "cannot make $d" &&
		{ unshare --pid --fork --mount-proc sh kill9.sh "$d" $when $ARGS >"$d/log" 2>&1 || :; } &&
		grep -q "^abstat exit 137\$" "$d/log" ||
			{ cat "$d/log" "$d/err"; fail "abstat was not killed by SIGKILL"; }
		[ ! -e "$d/k.json" ] || fail "a result appeared"
		expect_exit 0 "$ABSTAT" recover "$d/k.json.journal" -o "$d/rec.json" &&
		all_old "$d/rec.json" || fail "recover lost runs"
	'
done
test_expect_success 'then --resume completes with every old run, no journal left' '
	d=$TESTTMP/k1500 &&
	expect_exit 0 $ABSTAT run $ARGS --resume "$d/k.json.journal" -- true &&
	all_old "$d/k.json" &&
	[ "$(json "len(d[\"benchmarks\"][0][\"runs\"])" "$d/k.json")" = $((N + 4)) ] ||
		fail "not $((N + 4)) runs"
	[ ! -e "$d/k.json.journal" ] && [ ! -e "$d/k.json.journal.resumed" ] ||
		fail "a journal left"
'
cat >second.sh <<'SH'
# second.sh DIR ARGS...: run --resume DIR/k.json.journal; once its new
# journal has 100 lines, it is stopped (SIGSTOP) and a second --resume of
# the same journal runs (its exit and stderr in DIR/second.*); then kill
# -9 of the first
d=$1
shift
"$ABSTAT" run "$@" --resume "$d/k.json.journal" -- true >"$d/out" 2>"$d/err" &
pid=$! i=0
# a guard against a hang, not a timing check: 6000 polls of 10 ms
while [ "$(cat "$d"/.k.json.journal.* 2>/dev/null | wc -l)" -lt 100 ] &&
	kill -0 $pid 2>/dev/null && [ $i -lt 6000 ]; do
	i=$((i + 1))
	sleep 0.01
done
# held still in the middle of its copy (its lock with it), so that
# neither a slow second (a sanitizer build) nor a fast first decides
kill -STOP $pid
"$ABSTAT" run "$@" --resume "$d/k.json.journal" -- true >"$d/second.out" 2>"$d/second.err"
echo $? >"$d/second.rc"
kill -9 $pid
wait $pid
echo "abstat exit $?"
SH
test_expect_success 'a second --resume while one copies: refused, no run lost' '
	d=$TESTTMP/second && mkdir -p "$d" && cp old.journal "$d/k.json.journal" || fail "cannot make $d" &&
	{ unshare --pid --fork --mount-proc sh second.sh "$d" $ARGS >"$d/log" 2>&1 || :; } &&
	grep -q "^abstat exit 137\$" "$d/log" ||
		{ cat "$d/log" "$d/err"; fail "the first was not killed by SIGKILL"; }
	[ "$(cat "$d/second.rc")" = 2 ] || { cat "$d/second.err"; fail "the second was not refused"; }
	grep -q "^abstat: error: .*k.json.journal" "$d/second.err" ||
		{ cat "$d/second.err"; fail "no error naming the journal"; }
	expect_exit 0 "$ABSTAT" recover "$d/k.json.journal" -o "$d/rec.json" &&
	all_old "$d/rec.json" || fail "recover lost runs"
'
# what an earlier abstat left (the old journal unlinked before its runs
# were copied): a new journal of a few runs, the old one only as .resumed
python3 - old.journal short.journal <<'PY' || fail "cannot make the short journal"
import json, sys
lines = open(sys.argv[1]).read().splitlines()[:59]
h = json.loads(lines[0])
h["config"]["session"] = "0123456789abcdef"
with open(sys.argv[2], "w") as f:
    f.write(json.dumps(h) + "\n")
    for l in lines[1:]:
        o = json.loads(l)
        o["session"] = "0123456789abcdef"
        f.write(json.dumps(o) + "\n")
PY
test_expect_success 'recover: a short journal beside .resumed: .resumed is used, said' '
	mkdir -p legacy && cp short.journal legacy/k.json.journal &&
	cp old.journal legacy/k.json.journal.resumed &&
	expect_exit 0 "$ABSTAT" recover legacy/k.json.journal -o legacy/rec.json &&
	all_old legacy/rec.json &&
	grep_err "warning: legacy/k.json.journal lacks runs of legacy/k.json.journal.resumed" &&
	grep_err "recovered $N runs .* legacy/k.json.journal and legacy/k.json.journal.resumed can now be removed"
'
test_expect_success 'recover: only .resumed left (the journal gone)' '
	rm legacy/k.json.journal &&
	expect_exit 0 "$ABSTAT" recover legacy/k.json.journal -o legacy/rec2.json &&
	all_old legacy/rec2.json
'
test_expect_success '--resume of that journal: every old run, nothing left' '
	cp short.journal legacy/k.json.journal &&
	# without -q: the warning is the case
	expect_exit 0 $ABSTAT run ${ARGS#-q } --resume legacy/k.json -- true &&
	grep_err "warning: --resume: legacy/k.json.journal lacks runs" &&
	all_old legacy/k.json &&
	[ ! -e legacy/k.json.journal ] && [ ! -e legacy/k.json.journal.resumed ] ||
		fail "a journal left"
'
test_done
