# abstat boots for real, in the lab's guest: a persistent virtio disk
# (a raw ext4 image QEMU gives as virtio-blk on virtio-mmio) holds the
# plan, both kernels' images and the initrd; the guest's job loads the
# disk's modules (lab/kexec.sh) and runs abstat boots step on it,
# and the step kexecs (kexec_load) into the next kernel, 6.1 and 6.12 in
# turn, 2 boots a side (A B A B), all in one QEMU process. The host then
# reads the plan's directory back from the image (debugfs rdump) and
# abstat boots report's user-space instructions/op must equal, to the
# count (icount), what the host-driven lab (lab.sh, a QEMU per boot)
# gives for the same kernels and workload. A second plan has a side
# whose kernel panics (rdinit=/no-such-init): the reset comes back on
# the first kernel, which is a mismatch (no abstat.boot=N), the boot is
# booted once more, panics again, is recorded failed, and the plan goes
# on to its end. The lab's longest file (5 to 6 minutes): it starts
# first in make lab-check, the others beside it.
# tags: slow
. "$TOP/tests/lab/t/lib.sh"
test_lazy_prereq E2FS 'command -v mkfs.ext4 && command -v debugfs'
# kexec-tools:arm64 and zlib1g:arm64 from the mirrors (or build/lab's cache)
test_lazy_prereq KEXEC_TOOLS 'sh "$TOP/lab/kexec.sh" "$LABT/kexec-guest" >/dev/null'
test_require QEMU,XBUILD,KERNELS,E2FS,KEXEC_TOOLS
KA=$(lab_kernel 6.1) KB=$(lab_kernel 6.12)
RA=$(cat "$KA/release") RB=$(cat "$KB/release")
N=$(($("$TOP/build/workloads/getppid" -h | sed -n 's/.*(default \([0-9]*\)).*/\1/p') / 40))
EVENTS=instructions:u,instructions
RUNS=3
CMDLINE="console=ttyAMA0 loglevel=1 panic=1"
# 6.12 under -cpu max (52-bit VA, LPA2) oopses in kexec_load
# (trans_pgd_create_copy from machine_kexec_post_load: a translation
# fault): 48-bit VA on its side, in both labs
CMDLINE_B="$CMDLINE arm64.nolva"
KX=$LABT/kexec-guest
BASE=$(sh "$TOP/lab/initramfs.sh") || fail "no initramfs"

# the guest's job: the disk's modules, the disk, one step
cat >"$LABT/kexec-job" <<'JOB'
rel=$(uname -r)
for m in $(cat /lib/modules/$rel/load); do
	insmod /lib/modules/$rel/$m.ko || { echo "insmod $m failed" >&2; exit 125; }
done
i=0
while [ ! -b /dev/vda ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
mkdir -p /mnt && mount -t ext4 /dev/vda /mnt || exit 126
echo "$(date +%s) step on $rel: $(cat /proc/cmdline)" >>/mnt/steps.log
abstat boots step /mnt/plan >>/mnt/steps.log 2>&1
rc=$?
echo "$(date +%s) step exited $rc" >>/mnt/steps.log
cp /mnt/steps.log /out/
umount /mnt
exit $rc
JOB

# kexec_plan NAME [INIT OPTIONS]: the plan A=6.1 B=6.12 in a new disk,
# booted on 6.1 until the plan ends (the guest powers off); its DIR read
# back into $LABT/NAME/plan
kexec_plan() {
	d=$LABT/$1; shift
	rm -rf "$d" && mkdir -p "$d/disk/boot" "$d/job/lab" || return 1
	cp "$KA/vmlinuz" "$d/disk/boot/vmlinuz-$RA" &&
	cp "$KB/vmlinuz" "$d/disk/boot/vmlinuz-$RB" &&
	cp -R "$KX"/. "$d/job/" && cp "$LABT/kexec-job" "$d/job/lab/job" &&
	(cd "$d/job" && find . | cpio -o -H newc --quiet -R 0:0) | gzip -1 >"$d/job.cpio.gz" &&
	cat "$BASE" "$d/job.cpio.gz" >"$d/disk/boot/initrd.img" &&
	"$TOP/abstat" boots init "$d/disk/plan" "6.1=/mnt/boot/vmlinuz-$RA" \
		"6.12=/mnt/boot/vmlinuz-$RB" --initrd-a /mnt/boot/initrd.img \
		--initrd-b /mnt/boot/initrd.img --cmdline-a "$CMDLINE" \
		--cmdline-b "$CMDLINE_B" --limit 600 --no-check "$@" \
		-- -q -r $RUNS -e $EVENTS -w "getppid:-n $N" 2>"$d/init.err" &&
	mkfs.ext4 -q -F -L abstat -d "$d/disk" "$d/disk.img" 384M || return 1
	t0=$(date +%s)
	timeout -k 5 "${LAB_PLAN_TIMEOUT:-1500}" qemu-system-aarch64 -M virt \
		-cpu max,pauth-impdef=on -smp 1 -m 1024 -icount shift=0 \
		-nographic -kernel "$KA/vmlinuz" -initrd "$d/disk/boot/initrd.img" \
		-append "$CMDLINE" \
		-drive if=none,file="$d/disk.img",format=raw,id=d0 \
		-device virtio-blk-device,drive=d0 </dev/null >"$d/console.log" 2>&1
	echo "qemu exit $? after $(($(date +%s) - t0)) s" >"$d/wall"
	debugfs -R "rdump /plan $d" "$d/disk.img" >/dev/null 2>&1 &&
	debugfs -R "dump /steps.log $d/steps.log" "$d/disk.img" >/dev/null 2>&1
	[ -f "$d/plan/plan.json" ] || { cat "$d/console.log" | tail -n 30; return 1; }
}
state() { json "\" \".join(b[\"state\"] for b in d[\"boots\"])" "$1/plan.json"; }

test_expect_success 'the kexec plan: 6.1 and 6.12, 2 boots a side, A B A B, in one QEMU' '
	kexec_plan kexec -k 2 || { cat "$LABT/kexec/steps.log"; fail "the plan did not run"; }
	cat "$LABT/kexec/wall" "$LABT/kexec/steps.log" &&
	[ "$(state "$LABT/kexec/plan")" = "done done done done" ] ||
		{ "$TOP/abstat" boots status "$LABT/kexec/plan"; fail "not every boot done"; }
'
test_expect_success 'each boot ran the kernel the plan said, kexec-booted (abstat.boot=N)' '
	for n in 1 2 3 4; do
		case $n in 1 | 3) r=$RA ;; *) r=$RB ;; esac
		grep -q "step on $r: .*abstat.boot=$n\$" "$LABT/kexec/steps.log" || fail "boot $n: not on $r"
	done &&
	[ "$(grep -c "step on " "$LABT/kexec/steps.log")" = 5 ]
'
test_expect_success 'report: the table of the kexec boots, 2 a side' '
	"$TOP/abstat" boots report "$LABT/kexec/plan" | tee "$LABT/kexec/report.txt" &&
	"$TOP/abstat" boots report -q --format json "$LABT/kexec/plan" >"$LABT/kexec/report.json" &&
	grep -q "boots 2/2" "$LABT/kexec/report.txt"
'
test_expect_success 'the host-driven lab, same kernels and workload, 2 boots a side' '
	rm -rf "$LABT/kexec-host" &&
	LAB_B=6.12 LAB_B_LABEL=6.12 LAB_B_CMDLINE=arm64.nolva LAB_BOOTS=2 LAB_RUNS=$RUNS LAB_EVENTS=$EVENTS LAB_WORKLOADS=getppid LAB_SCALE=40 \
		LAB_OUT="$LABT/kexec-host" sh "$TOP/lab/lab.sh" >"$LABT/kexec-host.out" 2>"$LABT/kexec-host.err" ||
		{ cat "$LABT/kexec-host.err"; false; }
'
test_expect_success 'the kexec plan and the host-driven lab: user-space instructions/op equal to the count' '
	python3 - "$LABT/kexec/report.json" "$LABT/kexec-host/compare.json" <<-PY
	import json, sys
	def rows(p):
	    d = json.load(open(p))
	    return {r["metric"]: [s["center"] for s in r["sides"]] for r in d["rows"]
	            if r["benchmark"] == "getppid" and r["metric"].startswith("instructions")}
	k, h = rows(sys.argv[1]), rows(sys.argv[2])
	print("kexec:", k); print("host: ", h)
	u = [m for m in k if ":u" in m or "user" in m]
	assert u, "no user-space instructions row in %s" % sorted(k)
	for m in u:
	    assert k[m] == h[m], "%s: kexec %s, host %s" % (m, k[m], h[m])
	PY
'
test_expect_success 'a side whose kernel panics: recorded failed after a retry, the plan goes on' '
	kexec_plan kexec-panic -k 1 --cmdline-b "$CMDLINE_B rdinit=/no-such-init" ||
		{ cat "$LABT/kexec-panic/steps.log"; fail "the plan did not run"; }
	cat "$LABT/kexec-panic/wall" "$LABT/kexec-panic/steps.log" &&
	[ "$(state "$LABT/kexec-panic/plan")" = "done failed" ] &&
	"$TOP/abstat" boots status "$LABT/kexec-panic/plan" | tee "$LABT/kexec-panic/status.txt" &&
	grep -q "^2 .*failed .*2 .*mismatch, try 2: running $RA, expected $RB" "$LABT/kexec-panic/status.txt" &&
	[ "$(grep -c "Kernel panic" "$LABT/kexec-panic/console.log")" -ge 2 ] &&
	grep -q "the plan in /mnt/plan is complete" "$LABT/kexec-panic/steps.log"
'
test_done
