# Where abstat waits (--launcher-cpu): by default abstat and its spawn
# helper move to the workload's CPU when one copy runs on one CPU (no
# cross-CPU interrupt per counter, local wake-ups), and say so in the
# result; any, --copies, a CPU list and profile leave them where they
# are. And the plumbing a lone copy keeps from run to run: nothing a run
# leaves in it reaches the next, and abstat's descriptors do not grow.
# tags: alone
P=$BUILD/tests/progs

# The workload reports the affinity of its parent (abstat: the helper
# clones with CLONE_PARENT) and of abstat's other child, the helper.
cat >"$TESTTMP/where.sh" <<'SH'
#!/bin/sh
echo "abstat:$(sed -n "s/^Cpus_allowed_list:[[:space:]]*//p" /proc/$PPID/status)"
for c in $(cat /proc/$PPID/task/$PPID/children); do
	[ "$(cat /proc/$c/comm)" = abstat-spawn ] &&
		echo "helper:$(sed -n "s/^Cpus_allowed_list:[[:space:]]*//p" /proc/$c/status)"
done
exit 0
SH
chmod +x "$TESTTMP/where.sh"

test_expect_success CPUS2 'default: abstat and its helper wait on the CPU of -C' '
	expect_exit 0 $ABSTAT run -q -r 2 --warmup 0 --show-output -e task-clock -C 1 -o "$TESTTMP/same.json" -- "$TESTTMP/where.sh" &&
	[ "$(grep -c "^abstat:1\$" "$TESTTMP/out")" -eq 2 ] &&
	[ "$(grep -c "^helper:1\$" "$TESTTMP/out")" -eq 2 ] || { cat "$TESTTMP/out"; fail "abstat or its helper not on CPU 1"; }
'
test_expect_success CPUS2 'default: the result records launcher_cpu 1' '
	got=$(json "d[\"config\"][\"launcher_cpu\"]" "$TESTTMP/same.json") &&
	[ "$got" = 1 ] || fail "launcher_cpu: $got"
'
test_expect_success CPUS2 '--launcher-cpu any: abstat keeps the affinity it was started with' '
	mine=$(sed -n "s/^Cpus_allowed_list:[[:space:]]*//p" /proc/self/status) &&
	expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 --show-output -e task-clock -C 1 --launcher-cpu any -o "$TESTTMP/any.json" -- "$TESTTMP/where.sh" &&
	grep_out "^abstat:$mine\$" && grep_out "^helper:$mine\$" &&
	got=$(json "d[\"config\"][\"launcher_cpu\"]" "$TESTTMP/any.json") &&
	[ "$got" = None ] || fail "launcher_cpu: $got"
'
test_expect_success CPUS2 'a -C list for one copy, and --copies 2: abstat is not moved' '
	mine=$(sed -n "s/^Cpus_allowed_list:[[:space:]]*//p" /proc/self/status) &&
	expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 --show-output -e task-clock -C 0-1 -- "$TESTTMP/where.sh" &&
	grep_out "^abstat:$mine\$" &&
	expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 --show-output -e task-clock -C 0-1 --copies 2 -- "$TESTTMP/where.sh" &&
	[ "$(grep -c "^abstat:$mine\$" "$TESTTMP/out")" -eq 2 ] || { cat "$TESTTMP/out"; fail "abstat moved"; }
'
test_expect_success CPUS2 'profile: abstat is not moved by default (it reads samples during the run)' '
	mine=$(sed -n "s/^Cpus_allowed_list:[[:space:]]*//p" /proc/self/status) &&
	expect_exit 0 $ABSTAT profile -q -r 1 --warmup 0 --show-output -C 1 -o "$TESTTMP/p.json" -- "$TESTTMP/where.sh" &&
	grep_out "^abstat:$mine\$"
'
test_expect_success '--launcher-cpu: a bad value is one usage line naming the choices' '
	expect_exit 2 $ABSTAT run --launcher-cpu here -- /bin/true &&
	one_line_err && grep_err "same" && grep_err "any"
'

# The kept plumbing. A workload that asks for the region ("enable") and
# exits without reading abstat's ack leaves the ack in the pipe: the
# next run must start on an empty one (it checks before asking).
cat >"$TESTTMP/noack.sh" <<'SH'
#!/bin/bash
IFS=, read -r ctl ack <<<"$ABSTAT_CTL"
if read -r -t 0 -u "$ack"; then
	echo "stale ack" >&2
	exit 3
fi
echo enable >&"$ctl"
exit 0
SH
chmod +x "$TESTTMP/noack.sh"
test_expect_success 'an ack left unread by one run is not seen by the next' '
	expect_exit 0 $ABSTAT run -q -r 4 --warmup 0 -e task-clock -o "$TESTTMP/noack.json" -- "$TESTTMP/noack.sh" &&
	got=$(json "sum(1 for r in d[\"benchmarks\"][0][\"runs\"] if r[\"exit_status\"] == 0)" "$TESTTMP/noack.json") &&
	[ "$got" = 4 ] || { cat "$TESTTMP/err"; fail "runs that exited 0: $got of 4"; }
'

# abstat's open pipes and sockets, seen from each run: the same ones in
# every run that ends cleanly (the set is kept), new ones after a run
# that left a process behind (the set is dropped), never more of them.
cat >"$TESTTMP/fds.sh" <<'SH'
#!/bin/sh
echo "fds: $(ls -l /proc/$PPID/fd | sed -n "s/.* -> \(pipe:.*\|socket:.*\)/\1/p" | sort | tr "\n" " ")"
if [ "${1:-}" = leave ]; then
	sleep 30 >/dev/null 2>&1 &
fi
exit 0
SH
chmod +x "$TESTTMP/fds.sh"
test_expect_success 'clean runs: the same pipes and sockets in run 8 as in run 1' '
	expect_exit 0 $ABSTAT run -q -r 8 --warmup 0 --show-output -e task-clock -- "$TESTTMP/fds.sh" &&
	[ "$(grep -c "^fds: .*pipe:" "$TESTTMP/out")" -eq 8 ] &&
	[ "$(grep "^fds:" "$TESTTMP/out" | sort -u | wc -l)" -eq 1 ] || { cat "$TESTTMP/out"; fail "the plumbing changed from run to run"; }
'
test_expect_success 'runs that leave a process behind: new plumbing each run, as many descriptors' '
	expect_exit 0 $ABSTAT run -q -r 6 --warmup 0 --show-output -e task-clock -- "$TESTTMP/fds.sh" leave &&
	[ "$(grep "^fds:" "$TESTTMP/out" | sort -u | wc -l)" -eq 6 ] &&
	[ "$(grep "^fds:" "$TESTTMP/out" | awk "{ print NF }" | sort -u | wc -l)" -eq 1 ] || { cat "$TESTTMP/out"; fail "kept after a left-behind process, or descriptors grew"; }
'
test_expect_success CPUS2 '--copies 1,2,1: a lone copy after several makes new plumbing (the helper dropped the kept set)' '
	expect_exit 0 $ABSTAT run -q -r 2 --warmup 0 -C 0-1 --copies 1,2,1 -e task-clock -o "$TESTTMP/c121.json" -- /bin/true &&
	got=$(json "[len(b[\"runs\"]) for b in d[\"benchmarks\"]]" "$TESTTMP/c121.json") &&
	[ "$got" = "[2, 2, 2]" ] || fail "runs per benchmark: $got"
'
test_done
