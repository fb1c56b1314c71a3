# The README's GNU parallel recipe, run as written (tests/fleet-lib.sh
# reads it out of doc/fleet.md) over ssh to three hosts: three sshd, each in
# its own UTS namespace (its hostname host-a, host-b, host-c) with its
# own home (scp's and the commands' directory), keys and configuration
# made here, on 127.0.0.1 inside a network namespace that has only the
# loopback and a PID namespace that ends them all, stopped by the
# driver's trap, also on failure. ssh and scp on PATH add the test's
# ssh_config (-F; ssh reads no $HOME) and start each remote command in
# that host's home; a uname on PATH says the kernel the recipe booted.
# tags: alone
. "$TOP/tests/fleet-lib.sh"
cd "$TESTTMP" || fail "no TESTTMP"
# The recipes run as written take minutes (178: 299 s of make check's 30
# minutes on an AMD EPYC VM): make check's plain pass runs them, the
# sanitizer pass (the same recipe) does not, and their guard is 900 s.
test_require PLAIN_BUILD
test_lazy_prereq PARALLEL 'command -v parallel && [ -x /usr/sbin/sshd ] && command -v ssh && command -v scp'
H="host-a host-b host-c"
mkdir -p bin home && ln -s "$ABSTAT" bin/abstat || fail "bin"
ssh-keygen -q -t ed25519 -N "" -f hostkey && ssh-keygen -q -t ed25519 -N "" -f key &&
	cp key.pub authorized_keys || fail "keys"
port=2200
for h in $H; do
	port=$((port + 1))
	mkdir -p "hosts/$h" && echo "$port" >"hosts/$h/port"
	cat >"hosts/$h/sshd_config" <<EOF_SSHD
ListenAddress 127.0.0.1:$port
HostKey $TESTTMP/hostkey
AuthorizedKeysFile $TESTTMP/authorized_keys
PidFile $TESTTMP/hosts/$h/sshd.pid
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
Subsystem sftp internal-sftp -d $TESTTMP/hosts/$h
EOF_SSHD
	cat >>ssh_config <<EOF_SSH
Host $h
	HostName 127.0.0.1
	Port $port
	User root
	IdentityFile $TESTTMP/key
	IdentitiesOnly yes
	StrictHostKeyChecking no
	UserKnownHostsFile $TESTTMP/known_hosts
	LogLevel ERROR
EOF_SSH
done
cat >bin/ssh <<EOF_W
#!/bin/sh
# ssh -F the test's config; the remote command starts in the host's home
# with the test's PATH (abstat, uname)
a= host=
while [ \$# -gt 0 ]; do
	case \$1 in
	-[bcDEeFIiJLlmOopQRSWw]) a="\$a \$1 \$2"; shift 2 ;;
	-*) a="\$a \$1"; shift ;;
	*) host=\$1; shift; break ;;
	esac
done
[ "\${1:-}" = -- ] && shift
exec /usr/bin/ssh -F "$TESTTMP/ssh_config" \$a "\$host" \\
	"cd $TESTTMP/hosts/\$host && export HOME=$TESTTMP/hosts/\$host PATH=$TESTTMP/bin:\\\$PATH &&" "\$@"
EOF_W
cat >bin/scp <<EOF_W
#!/bin/sh
exec /usr/bin/scp -F "$TESTTMP/ssh_config" "\$@"
EOF_W
cat >bin/uname <<EOF_W
#!/bin/sh
# the kernel this host booted into (the recipe's reboot), else uname
k=\$(cat "$TESTTMP/kernel" 2>/dev/null)
[ "\${1:-}" = -r ] && [ -n "\$k" ] && { echo "\$k"; exit 0; }
exec /bin/uname "\$@"
EOF_W
chmod +x bin/ssh bin/scp bin/uname
cat >driver.sh <<'EOF_DRIVER'
set -u
T=$1 pids=
stop() {
	for p in $pids; do kill "$p" 2>/dev/null; done; sleep 1
	for p in $pids; do kill -9 "$p" 2>/dev/null; done
}
trap stop EXIT
trap 'exit 1' INT TERM
ip link set lo up || exit 1
# sshd's privilege separation directory, in this mount namespace only
mount -t tmpfs -o mode=755 abstat-run /run && mkdir -m 755 /run/sshd || exit 1
for h in host-a host-b host-c; do
	unshare --uts sh -c 'hostname "$1" && exec /usr/sbin/sshd -D -e -f "$2"' \
		sh "$h" "$T/hosts/$h/sshd_config" 2>"$T/hosts/$h/sshd.log" &
	pids="$pids $!"
done
for h in host-a host-b host-c; do # a guard, not a measurement
	for i in $(seq 100); do ssh -o BatchMode=yes "$h" true 2>/dev/null && break; sleep 0.1; done
done
ss -ltnH | awk '{ print $4 }' >"$T/listening"
ip -o link | awk -F': ' '{ print $2 }' >"$T/links"
mkdir -p "$T/work" && cd "$T/work" || exit 1
reboot_into() { echo "$1" >"$T/kernel"; }
. "$T/recipe.sh" >"$T/recipe.out" 2>"$T/recipe.err"
echo "recipe exit $?" >"$T/recipe.rc"
EOF_DRIVER

test_expect_success 'doc/fleet.md has the parallel recipe: mkdir res there, both kernels, scp home' '
	readme_recipe 2 >recipe.sh &&
	[ "$(grep -c "mkdir -p res &&" recipe.sh)" -eq 2 ] && grep -q "scp -q" recipe.sh &&
	[ "$(readme_kernels 2 | wc -l)" -eq 2 ] || { cat recipe.sh; fail "recipe"; }
'
test_expect_success PARALLEL 'the recipe runs as written over ssh to three hosts' '
	PATH="$TESTTMP/bin:$PATH" HOME="$TESTTMP/home" timeout 900 \
		unshare --net --pid --fork --mount-proc sh driver.sh "$TESTTMP" >driver.out 2>&1 || : # (recipe.rc says how it ended)
	if ! grep -qx "recipe exit 0" recipe.rc 2>/dev/null; then
		cat driver.out recipe.err hosts/*/sshd.log 2>/dev/null | tail -40
		fail "the recipe failed"
	fi
'
test_expect_success PARALLEL 'each host ran three sessions of both kernels, copied home' '
	set -- $(readme_kernels 2) &&
	for h in $H; do
		[ "$(ls work/res/$h/$1-*.json | wc -l)" -eq 3 ] &&
		[ "$(ls work/res/$h/$2-*.json | wc -l)" -eq 3 ] || { find work; fail "$h"; }
		[ "$(json "d[\"env\"][\"host\"]" "$(ls work/res/$h/$1-*.json | head -1)")" = "$h" ] ||
			fail "$h: env.host is not the host"
	done
'
test_expect_success PARALLEL 'compare --by host: one table per host, each host paired with itself, its sessions of one boot as sessions' '
	[ "$(grep -c "^host: host-[abc]$" recipe.out)" -eq 3 ] &&
	[ "$(grep -c "^abstat compare: getppid, 15 runs/side, sessions 3 in 1 boot" recipe.out)" -eq 3 ] ||
		{ cat recipe.out recipe.err; fail "compare"; } &&
	if grep -q "boots 3/3\|boot-to-boot spread" recipe.out; then
		cat recipe.out; fail "sessions of one boot reported as boots"; fi
'
test_expect_success PARALLEL 'the sshds listened on the loopback only, and are gone' '
	[ -s listening ] && [ "$(cat links)" = lo ] || { cat links; fail "links"; } &&
	if grep -v "^127\\.0\\.0\\.1:" listening | grep -q .; then
		cat listening; fail "listening elsewhere"; fi &&
	if grep -l "$TESTTMP/hosts/host-a/sshd[_]config" /proc/[0-9]*/cmdline 2>/dev/null | grep -q .; then
		fail "an sshd still runs"; fi
'
test_done
