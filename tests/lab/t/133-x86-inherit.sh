# The x86_64 lab's counter follows the region's threads and children,
# as perf's inherit does on a PMU (lab/plugin/count.c: copy_thread's
# store of the child's stack pointer names its parent). On Debian's
# amd64 6.1 and 6.12, one boot each: fork in regions of 10, 20 and 40
# forks counts 11, 21 and 41 tasks and exactly one fork's user
# instructions more per fork at each size (the child's side too: the
# least region of each size is N forks and the empty region's count);
# thread-create counts each thread; tls's 4 threads, made before the
# region begins, are counted, and 400,000 more additions add exactly an
# integer number of instructions each (the loop's); a process spinning
# on the only vCPU, started before the workload, is not counted.
# tags: alone
. "$TOP/tests/lab/t/lib.sh"
test_require QEMU_X86,XBUILD_X86,KERNELS_X86
LAB_ARCH=x86_64
export LAB_ARCH
cat >"$TESTTMP/job" <<'JOB'
lab_mark
for n in 10 20 40; do
	abstat run -q -r 3 -e task-clock -w "fork:-n $n" -o fork$n.json >/dev/null 2>>err.txt || exit 1
done
lab_mark
for n in 10 20; do
	abstat run -q -r 3 -e task-clock -w "thread-create:-n $n" -o tc$n.json >/dev/null 2>>err.txt || exit 1
done
lab_mark
for n in 400000 800000; do
	abstat run -q -r 3 -e task-clock -w "tls:-n $n" -o tls$n.json >/dev/null 2>>err.txt || exit 1
done
lab_mark
sh -c 'while :; do :; done' &
busy=$!
abstat run -q -r 3 -e task-clock -w "fork:-n 20" -o busy.json >/dev/null 2>>err.txt
rc=$?
kill $busy
lab_mark
exit $rc
JOB

for k in 6.1 6.12; do
	test_expect_success "Debian amd64 $k runs forks, threads and tls under the counter" '
		lab_boot x86inherit$k $k "" "$TESTTMP/job" &&
		[ "$(cat "$LABT/x86inherit$k/rc")" = 0 ] || { cat "$LABT/x86inherit$k/status" "$LABT/x86inherit$k/stderr" "$LABT/x86inherit$k/err.txt"; false; }
	'

	test_expect_success "$k: every region counts its task and each one it made: fork N+1, thread-create N+1, tls 5" '
		python3 - "$LABT/x86inherit$k/count.jsonl" "$TOP/tests/lab/t" <<-PY
		import sys
		sys.path.insert(0, sys.argv[2])
		from count_sections import sections
		fork, tc, tls, busy = sections(sys.argv[1])
		want = [11] * 4 + [21] * 4 + [41] * 4, [11] * 4 + [21] * 4, [5] * 8, [21] * 4
		got = [[r["tasks"] for r in s] for s in (fork, tc, tls, busy)]
		print("tasks:", got)
		assert got == [list(w) for w in want], got
		assert all(r["per"] == "task" for s in (fork, tc, tls, busy) for r in s)
		PY
	'

	test_expect_success "$k: fork in regions of 10, 20, 40: the same user instructions a fork at each step, child and parent" '
		python3 - "$LABT/x86inherit$k/count.jsonl" "$TOP/tests/lab/t" <<-PY
		import sys
		sys.path.insert(0, sys.argv[2])
		from count_sections import sections, least
		fork = sections(sys.argv[1])[0]
		u = least(fork, "instructions:u", 3)
		k = least(fork, "instructions:k", 3)
		c = (u[1] - u[0]) // 10
		print("fork user %s: %d a fork, %d outside; kernel %s: %.0f a fork" % (u, c, u[0] - 10 * c, k, (k[2] - k[1]) / 20))
		assert u[1] - u[0] == 10 * c and u[2] - u[1] == 20 * c, u
		assert 100 <= c <= 2000, c
		# the child exits and is reaped inside the region: its kernel side
		# counted too, so more than the parent alone (over 100,000)
		assert 100000 <= (k[2] - k[1]) / 20 <= 2000000, k
		assert 1.9 <= k[2] / k[1] <= 2.1, k
		PY
	'

	test_expect_success "$k: tls counts its 4 threads: 400,000 more additions, an integer number of instructions each" '
		python3 - "$LABT/x86inherit$k/count.jsonl" "$TOP/tests/lab/t" <<-PY
		import sys
		sys.path.insert(0, sys.argv[2])
		from count_sections import sections, least
		tls = sections(sys.argv[1])[2]
		u = least(tls, "instructions:u", 2)
		per = (u[1] - u[0]) / 400000
		print("tls user %s: %.5f instructions an addition" % (u, per))
		assert abs(per - round(per)) < 0.001 and 2 <= round(per) <= 12, per
		PY
	'

	test_expect_success "$k: a process spinning on the same vCPU is not counted" '
		python3 - "$LABT/x86inherit$k/count.jsonl" "$TOP/tests/lab/t" <<-PY
		import sys
		sys.path.insert(0, sys.argv[2])
		from count_sections import sections, least
		s = sections(sys.argv[1])
		alone, busy = s[0][4:8], s[3]
		for ev in ("instructions:u", "instructions:k"):
		    a, b = least(alone, ev, 1)[0], least(busy, ev, 1)[0]
		    print("%s: fork 20 alone %d, with the spinner %d" % (ev, a, b))
		    assert a == b if ev == "instructions:u" else abs(b / a - 1) < 0.03, (a, b)
		PY
	'
done
test_done
