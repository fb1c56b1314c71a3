# Bring your own kernel: LAB_A and LAB_B as paths to arm64 images, here
# copies of the two Debian kernels the other tests boot (6.1's vmlinuz as
# the package ships it, a raw Image; 6.12's gzip-compressed, as an
# Image.gz would be), in a lab directory of its own (LAB; the download
# cache shared). The sides are named by the images' releases, those
# kernels boot (kernel.release in every result), and the SVE rows go the
# ways they go with the packages (020-kernels.sh). A second run gets a
# directory of its own: the first is left as it was, latest is the
# second. LAB_A_MODULES / boot.sh's LAB_MODULES: a module of the 6.1
# package (dummy, from the cached .deb) is loaded before the job; the same
# module given to 6.12 does not load, and the job exits 125 saying so.
. "$TOP/tests/lab/t/lib.sh"
test_require QEMU,XBUILD,KERNELS
OWN=$LABT/own
set -- ${LAB_SVE_DELTA:-8 16}
SMIN=$1 SMAX=$2
set -- ${LAB_NOSVE_DELTA:--4 -1}
NMIN=$1 NMAX=$2
k61=$(lab_kernel 6.1) k612=$(lab_kernel 6.12)
r61=$(cat "$k61/release") r612=$(cat "$k612/release")
rm -rf "$OWN" && mkdir -p "$OWN/img"
cp "$k61/vmlinuz" "$OWN/img/vmlinuz-6.1"
gzip -1 -c "$k612/vmlinuz" >"$OWN/img/Image-6.12.gz"
# own NAME SETTINGS...: make lab's driver on the two images, in $OWN/lab
own() {
	_n=$1; shift
	env LAB="$OWN/lab" LAB_CACHE="$TOP/build/lab/cache" \
		LAB_A="$OWN/img/vmlinuz-6.1" LAB_B="$OWN/img/Image-6.12.gz" \
		LAB_RUNS=5 LAB_SCALE=40 "$@" \
		sh "$TOP/lab/lab.sh" >"$OWN/$_n.out" 2>"$OWN/$_n.err" ||
		{ cat "$OWN/$_n.err"; false; }
}

test_expect_success 'LAB_A, LAB_B paths to a raw Image and an Image.gz: 3 boots per side, named by their releases' '
	own first LAB_BOOTS=3 LAB_WORKLOADS="getppid-sve getppid-nosve" &&
	cat "$OWN/first.err" &&
	grep -q "^lab: A = $r61 ($OWN/img/vmlinuz-6.1 $r61 #" "$OWN/first.err" &&
	grep -q "^lab: B = $r612 ($OWN/img/Image-6.12.gz $r612 #" "$OWN/first.err" &&
	grep -q "^abstat compare: 2 benchmarks, .*boots 3/3" "$OWN/first.out" &&
	[ -d "$OWN/lab/latest/boots" ] &&
	for f in "$OWN"/lab/latest/boots/A*/result.json; do
		json "d[\"env\"][\"kernel\"][\"release\"]" "$f" | grep -qx "$r61" || fail "$f: not $r61"
	done &&
	for f in "$OWN"/lab/latest/boots/B*/result.json; do
		json "d[\"env\"][\"kernel\"][\"release\"]" "$f" | grep -qx "$r612" || fail "$f: not $r612"
	done
'
test_expect_success "own images: getppid-sve delta in [+$SMIN%, +$SMAX%], getppid-nosve in [$NMIN%, $NMAX%]" '
	lab_check_row "$OWN/lab/latest" getppid-sve 3 $SMIN $SMAX &&
	lab_check_row "$OWN/lab/latest" getppid-nosve 3 $NMIN $NMAX
'
# dummy.ko of the 6.1 package, for 6.1 and (wrongly) for 6.12
deb=$(ls "$TOP/build/lab/cache/debs/$(cat "$k61/package")"_*_arm64.deb 2>/dev/null | tail -n 1)
for r in "$r61" "$r612"; do
	mkdir -p "$OWN/mods-$r/lib/modules/$r"
	[ -z "$deb" ] || dpkg-deb --fsys-tarfile "$deb" |
		tar -x -C "$OWN/mods-$r/lib/modules/$r" --strip-components 7 \
			"./lib/modules/$r61/kernel/drivers/net/dummy.ko" 2>/dev/null
done
test_expect_success 'a second run, with LAB_A_MODULES: its own directory, latest, the first left as it was' '
	first=$(readlink "$OWN/lab/latest") &&
	sum=$(cat "$OWN/lab/$first/compare.txt" "$OWN"/lab/$first/boots/*/result.json | sha256sum) &&
	[ -f "$OWN/mods-$r61/lib/modules/$r61/dummy.ko" ] || fail "no dummy.ko in $deb" &&
	own second LAB_BOOTS=1 LAB_WORKLOADS=getppid LAB_A_MODULES="$OWN/mods-$r61" &&
	second=$(readlink "$OWN/lab/latest") &&
	{ [ "$second" != "$first" ] || fail "latest is still $first"; } &&
	[ "$(ls "$OWN/lab/runs" | wc -l)" -eq 2 ] &&
	[ "$(cat "$OWN/lab/$first/compare.txt" "$OWN"/lab/$first/boots/*/result.json | sha256sum)" = "$sum" ] &&
	grep -q "^abstat compare: getppid, 5 runs/side, 1 session/side" "$OWN/lab/$second/compare.txt" &&
	grep -q "^lab: A = .*, modules $OWN/mods-$r61)" "$OWN/second.err" &&
	[ -f "$OWN/lab/$second/boots/A1/modprobe.txt" ] &&
	[ ! -e "$OWN/lab/$second/boots/B1/modprobe.txt" ]
'
test_expect_success 'LAB_MODULES: the module is loaded before the job; one for another kernel fails the job (125)' '
	echo "cat /proc/modules >modules.txt" >"$TESTTMP/job" &&
	LAB_MODULES="$OWN/mods-$r61" lab_boot mod-ok 6.1 "" "$TESTTMP/job" &&
	[ "$(cat "$LABT/mod-ok/rc")" = 0 ] &&
	grep -q "^dummy " "$LABT/mod-ok/modules.txt" &&
	LAB_MODULES="$OWN/mods-$r612" lab_boot mod-bad 6.12 "" "$TESTTMP/job" &&
	[ "$(cat "$LABT/mod-bad/rc")" = 125 ] &&
	grep -q "^lab: error: modprobe -a dummy failed: " "$LABT/mod-bad/stderr" &&
	[ ! -f "$LABT/mod-bad/modules.txt" ]
'
test_done
