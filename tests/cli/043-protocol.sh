# The region protocol spoken by every workload and by abstat.h, checked
# with a fake launcher: ABSTAT_CTL=<ctl>,<ack>; the program writes
# "enable\n", waits for "ack\n", "disable\n", waits, then "ops N\n".
cat >"$TESTTMP/fake.py" <<'PY'
import os, select, subprocess, sys, time
# fake.py ACK_REPLY WAIT_S CMD... : print every line received, one per
# line, then "exit STATUS".
reply, wait = sys.argv[1].encode() + b"\n", float(sys.argv[2])
ctl_r, ctl_w = os.pipe()
ack_r, ack_w = os.pipe()
env = dict(os.environ, ABSTAT_CTL="%d,%d" % (ctl_w, ack_r))
p = subprocess.Popen(sys.argv[3:], env=env, pass_fds=(ctl_w, ack_r),
                     stdout=subprocess.DEVNULL)
os.close(ctl_w)
os.close(ack_r)
buf = b""
while True:
    chunk = os.read(ctl_r, 4096)
    if not chunk:
        break
    buf += chunk
    while b"\n" in buf:
        line, buf = buf.split(b"\n", 1)
        print(line.decode())
        if line in (b"enable", b"disable"):
            if wait:
                # Blocked until acknowledged: still running, silent.
                time.sleep(wait)
                r, _, _ = select.select([ctl_r], [], [], 0)
                if r or p.poll() is not None:
                    print("did-not-wait")
            try:
                os.write(ack_w, reply)
            except BrokenPipeError:
                pass
if buf:
    print("partial:" + buf.decode())
print("exit %d" % p.wait())
PY
W=$BUILD/workloads
# messages WANT...: the fake launcher's output ($TESTTMP/out) is these lines
messages() {
	printf '%s\n' "$@" >"$TESTTMP/want"
	cmp -s "$TESTTMP/out" "$TESTTMP/want" ||
		{ diff "$TESTTMP/want" "$TESTTMP/out"; fail "wrong messages (- wanted, + got)"; }
}

for spec in syscall:1000 getppid:1000 getuid:1000 gettimeofday:1000 \
	clock_gettime:1000 write:1000 socket:200 select:1000 pipe:200 \
	open-close:1000 stat:1000 mmap:1000 lat-mmap:5 page-fault:64 \
	fork:5 exec:5 threads:100 create:300; do
	name=${spec%:*} n=${spec#*:}
	test_expect_success "$name -n $n: enable, disable, ops $n, exit 0" '
		expect_exit 0 python3 "$TESTTMP/fake.py" ack 0 "$W/$name" -n "$n" &&
		messages enable disable "ops $n" "exit 0"
	'
done

# The fake launcher holds each ack back and checks the program sent
# nothing and did not exit meanwhile ("did-not-wait" otherwise).
test_expect_success 'getppid blocks until the ack' '
	expect_exit 0 python3 "$TESTTMP/fake.py" ack 0.3 "$W/getppid" -n 10 &&
	messages enable disable "ops 10" "exit 0"
'
test_expect_success 'abstat.h in a user program (region_example) speaks it' '
	expect_exit 0 python3 "$TESTTMP/fake.py" ack 0 "$BUILD/tests/progs/region_example" 7 10 &&
	messages enable disable "ops 7" "exit 0"
'
test_expect_success 'a wrong acknowledgement turns the protocol off; the program still runs' '
	expect_exit 0 python3 "$TESTTMP/fake.py" nak 0 "$W/getppid" -n 10 &&
	messages enable "exit 0"
'
test_expect_success 'large op counts are written in full' '
	expect_exit 0 python3 "$TESTTMP/fake.py" ack 0 "$W/page-fault" -n 123457 &&
	grep_out "^ops 123457\$"
'
test_done
