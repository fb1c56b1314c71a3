# Hooks are bounded and hear the stop signals (issue 27, D4): a hook that
# hangs obeys --timeout (exit 4, one line, its process group killed), a
# first SIGINT or SIGTERM kills it with its process group (exit 130, the
# finished runs saved), and a finished run is journaled before its
# --conclude, so after SIGKILL during a conclude recover has that run.
# Suite lines' hook keys are bounded the same way.
#
# The hanging hook writes its pid, then becomes (exec) a private copy of
# sleep that ignores SIGINT and SIGTERM, so a case can tell it is gone,
# and kill it by that pid when abstat was killed with SIGKILL and could
# not.
# tags: alone
cd "$TESTTMP" || fail "no TESTTMP"
cp /bin/sleep nap || fail "cannot copy /bin/sleep"
# hang NAME: a hook that records its pid in NAME.pid, ignores SIGINT and
# SIGTERM, and sleeps
hang() { echo "echo \$\$ >$TESTTMP/$1.pid; trap \"\" INT TERM; exec $TESTTMP/nap 1000"; }
# gone NAME: the hook (pid in NAME.pid) has ended (a zombie has: when
# abstat left first, the hook waits there for whoever reaps it)
gone() {
	[ -s "$1.pid" ] || fail "the $1 hook never ran"
	sleep 0.2
	case $(ps -o stat= -p "$(cat "$1.pid")") in
	"" | Z*) ;;
	*) fail "the $1 hook is still running" ;;
	esac
}
# until_file FILE: wait (60 s at most) until FILE exists and is not empty
until_file() {
	for _ in $(seq 600); do [ -s "$1" ] && return 0; sleep 0.1; done
	return 1
}

test_expect_success 'a hanging --setup obeys --timeout: exit 4, one line, killed' '
	expect_exit 4 "$ABSTAT" run -q -r 2 -e task-clock --timeout 1 \
		--setup "$(hang setup)" -- /bin/true &&
	one_line_err &&
	grep_err "true, before its first run: --setup .* timed out after 1 s \\(--timeout\\); its process group was killed; stopping" &&
	gone setup
'
cat >hung.suite <<EOF
name=hung prepare='$(hang suite)' cmd=/bin/true
EOF
test_expect_success 'a hanging suite prepare= key obeys --timeout too' '
	expect_exit 4 "$ABSTAT" run -q -r 1 -e task-clock --timeout 1 -S hung.suite &&
	one_line_err &&
	grep_err "hung, before a run: --prepare .* timed out after 1 s" &&
	gone suite
'

# The signal cases: abstat in the background, signalled from out here (a
# case body is a subshell that cannot wait for it); the cases check after.
# signalled SIG HOOK OUT ARGS...: abstat run ARGS -o OUT.json in the
# background; once the hook HOOK runs, SIG to abstat; its exit status in
# OUT.rc, its stderr in OUT.err
signalled() {
	sig=$1 hook=$2 o=$3
	shift 3
	rm -f "$hook.pid"
	"$ABSTAT" run -q -r 3 --warmup 0 -e task-clock "$@" -o "$o.json" \
		-- /bin/true >/dev/null 2>"$o.err" &
	pid=$!
	until_file "$hook.pid" && sleep 0.2
	kill -"$sig" $pid; wait $pid 2>/dev/null; echo $? >"$o.rc"
}
signalled INT prepare p --prepare "$(hang prepare)"
test_expect_success 'SIGINT during a hanging --prepare: exit 130, the hook killed' '
	[ "$(cat p.rc)" -eq 130 ] || { cat p.err; fail "exit $(cat p.rc), expected 130"; }
	grep -q -- "--prepare .* was stopped by signal 2 (Interrupt): its process group was killed" p.err ||
		{ cat p.err; fail "no line about the hook"; }
	[ "$(json "d[\"status\"]" p.json)" = interrupted ] || fail "not saved as interrupted"
	gone prepare
'
signalled TERM conclude c --conclude "$(hang conclude)"
test_expect_success 'SIGTERM during a hanging --conclude: exit 130, the run before it kept' '
	[ "$(cat c.rc)" -eq 130 ] || { cat c.err; fail "exit $(cat c.rc), expected 130"; }
	[ "$(json "d[\"status\"], len(d[\"benchmarks\"][0][\"runs\"])" c.json)" = "interrupted 1" ] ||
		fail "expected the one finished run, interrupted"
	gone conclude
'
signalled KILL conclude k --conclude "$(hang conclude)"
# abstat could not end its hook: end it here, by the pid it wrote
kill -9 "$(cat conclude.pid)" 2>/dev/null
test_expect_success 'SIGKILL during a --conclude: recover has the run it followed' '
	[ -s k.json.journal ] || fail "no journal"
	expect_exit 0 "$ABSTAT" recover k.json.journal -o rec.json &&
	[ "$(json "len(d[\"benchmarks\"][0][\"runs\"])" rec.json)" -eq 1 ] ||
		fail "the run before the conclude is lost"
'

rm -f cleanup.pid
"$ABSTAT" run -q -r 100 --warmup 0 -e task-clock --cleanup "$(hang cleanup)" \
	-o x.json -- "$TESTTMP/nap" 0.1 >/dev/null 2>x.err &
pid=$!
for _ in $(seq 600); do [ "$(cat x.json.journal 2>/dev/null | wc -l)" -ge 2 ] && break; sleep 0.1; done
kill -INT $pid
# a second signal, not a copy of the first: more than a second after it
until_file cleanup.pid && sleep 1.3
kill -INT $pid; wait $pid; echo $? >x.rc
test_expect_success 'a --cleanup after SIGINT runs; a second SIGINT ends it and abstat' '
	[ "$(cat x.rc)" -eq 130 ] || { cat x.err; fail "exit $(cat x.rc), expected 130"; }
	gone cleanup &&
	expect_exit 0 "$ABSTAT" recover x.json.journal -o xrec.json
'
test_done
