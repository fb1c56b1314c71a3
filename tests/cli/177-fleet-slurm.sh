# The README's Slurm recipe, run as written (tests/fleet-lib.sh reads it
# out of doc/fleet.md) on a one-node Slurm cluster: munged, slurmctld and
# slurmd from Debian's packages, their configuration, keys, state and
# logs in $TESTTMP, inside a network namespace that has only the loopback
# (so they listen on nothing else) and a PID namespace (so every daemon
# ends with it), each stopped by the driver's trap, also on failure. The
# one thing the test does for the recipe is the reboot: a uname on PATH
# says the kernel the recipe boots into.
# tags: alone
. "$TOP/tests/fleet-lib.sh"
cd "$TESTTMP" || fail "no TESTTMP"
# The recipe run as written takes minutes (151 s here): make check's
# plain pass runs it, the sanitizer pass does not; its guard is 900 s.
test_require PLAIN_BUILD
test_lazy_prereq SLURM 'command -v slurmctld && command -v slurmd && command -v sbatch && command -v munged'

# the driver, run as PID 1 of the namespaces
cat >driver.sh <<'EOF_DRIVER'
set -u
T=$1 NODE=$(hostname -s)
pids=
stop() {
	for p in $pids; do kill "$p" 2>/dev/null; done; sleep 1
	for p in $pids; do kill -9 "$p" 2>/dev/null; done
}
trap stop EXIT
trap 'exit 1' INT TERM
# the loopback only; getaddrinfo(AI_ADDRCONFIG), which slurmctld binds
# with, finds nothing without an address that is not 127/8 or ::1: one
# on lo, which leaves the namespace no more than 127.0.0.1 does
ip link set lo up && ip addr add 169.254.77.1/32 dev lo || exit 1
mkdir -p "$T/m" "$T/state" "$T/spool" "$T/log" "$T/work" && chmod 700 "$T/m" &&
	dd if=/dev/urandom of="$T/m/munge.key" bs=1024 count=1 2>/dev/null &&
	chmod 400 "$T/m/munge.key" || exit 1
cat >"$T/slurm.conf" <<EOF_CONF
ClusterName=abstat-test
SlurmctldHost=$NODE(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$T/m/munge.sock
CredType=cred/munge
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/slurmctld.pid
SlurmdPidFile=$T/slurmd.pid
SlurmctldLogFile=$T/log/slurmctld.log
SlurmdLogFile=$T/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
CommunicationParameters=NoInAddrAny
NodeName=$NODE NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=$NODE Default=YES MaxTime=INFINITE State=UP
EOF_CONF
export SLURM_CONF="$T/slurm.conf"
/usr/sbin/munged -F -f --key-file="$T/m/munge.key" --socket="$T/m/munge.sock" \
	--log-file="$T/log/munged.log" --pid-file="$T/m/munged.pid" \
	--seed-file="$T/m/munged.seed" 2>"$T/log/munged.err" &
pids="$pids $!"
for i in $(seq 100); do [ -S "$T/m/munge.sock" ] && break; sleep 0.1; done
/usr/sbin/slurmctld -D -f "$SLURM_CONF" >"$T/log/slurmctld.out" 2>&1 &
pids="$pids $!"
/usr/sbin/slurmd -D -f "$SLURM_CONF" >"$T/log/slurmd.out" 2>&1 &
pids="$pids $!"
# a guard against a cluster that never comes up, not a measurement
for i in $(seq 300); do
	sinfo -h -o %T 2>/dev/null | grep -qx idle && break; sleep 0.2
done
sinfo -h -o %T 2>/dev/null | grep -qx idle || { echo "the node never came up"; exit 1; }
ss -ltnH | awk '{ print $4 }' >"$T/listening"
ip -o link | awk -F': ' '{ print $2 }' >"$T/links"
cd "$T/work" || exit 1
reboot_into() { echo "$1" >"$T/kernel"; }
. "$T/recipe.sh" >"$T/recipe.out" 2>"$T/recipe.err"
echo "recipe exit $?" >"$T/recipe.rc"
EOF_DRIVER

mkdir -p bin && cat >bin/uname <<EOF_UNAME
#!/bin/sh
# the kernel the recipe booted into (its reboot), else uname itself
[ "\${1:-}" = -r ] && [ -s "$TESTTMP/kernel" ] && exec cat "$TESTTMP/kernel"
exec /bin/uname "\$@"
EOF_UNAME
chmod +x bin/uname && ln -s "$ABSTAT" bin/abstat

test_expect_success 'doc/fleet.md has the Slurm recipe: mkdir res, sbatch twice, a reboot' '
	readme_recipe 1 >recipe.sh &&
	grep -q "^mkdir -p res$" recipe.sh && grep -q "^#SBATCH --output=res/" recipe.sh &&
	[ "$(grep -c "^sbatch " recipe.sh)" -eq 2 ] &&
	[ "$(readme_kernels 1 | wc -l)" -eq 2 ] || { cat recipe.sh; fail "recipe"; }
'
test_expect_success SLURM 'the recipe runs as written on a one-node cluster' '
	PATH="$TESTTMP/bin:$PATH" timeout 900 unshare --net --pid --fork --mount-proc \
		sh driver.sh "$TESTTMP" >driver.out 2>&1 || : # (recipe.rc says how it ended)
	if ! grep -qx "recipe exit 0" recipe.rc 2>/dev/null; then
		cat driver.out recipe.err log/slurmctld.log 2>/dev/null | tail -40
		fail "the recipe failed"
	fi
'
test_expect_success SLURM 'every array task of both kernels wrote its result and log' '
	set -- $(readme_kernels 1) &&
	[ "$(ls work/res/$1/*.json | wc -l)" -eq 3 ] &&
	[ "$(ls work/res/$2/*.json | wc -l)" -eq 3 ] &&
	[ "$(ls work/res/abstat-*.log | wc -l)" -eq 6 ] || { find work; fail "results"; }
'
test_expect_success SLURM 'compare --by host: the node paired with itself, one table, three sessions of one boot' '
	grep -q "^host: $(hostname -s)" recipe.out &&
	grep -Eq "^abstat compare: getppid, 15 runs/side, sessions 3 in 1 boot" recipe.out &&
	grep -Eq "^ns/op " recipe.out || { cat recipe.out recipe.err; fail "compare"; } &&
	if grep -q "boots 3/3\|boot-to-boot spread" recipe.out; then
		cat recipe.out; fail "sessions of one boot reported as boots"; fi
'
test_expect_success SLURM 'the daemons listened inside the namespace only, and are gone' '
	[ -s listening ] && [ "$(cat links)" = lo ] ||
		{ cat links; fail "the namespace has other links"; } &&
	if grep -Ev "^(127\.0\.0\.1|169\.254\.77\.1|0\.0\.0\.0|\[::\]|\*):" listening | grep -q .; then
		cat listening; fail "listening elsewhere"; fi &&
	if grep -l "$TESTTMP/slurm[.]conf" /proc/[0-9]*/cmdline 2>/dev/null | grep -q .; then
		fail "a daemon still runs"; fi
'
test_done
