#!/bin/sh
# src.sh: make lab-src, a config A/B from source (issue 30, the PARAVIRT
# thread's workflow: shared/seeds/003). Debian's linux-source-6.1 (the
# tarball in /usr/src) is built for arm64 with the lab's small config
# (lab/src.config merged into allnoconfig) in three variants that
# differ from the first in one option each:
#   pv        CONFIG_PARAVIRT=y (as Debian's arm64 kernels)
#   nopv      CONFIG_PARAVIRT unset
#   initfree  CONFIG_PARAVIRT=y, CONFIG_INIT_ON_FREE_DEFAULT_ON=y
# and the lab (lab.sh) runs each pair of LAB_SRC_PAIRS on them, the
# images given as LAB_A and LAB_B, named 6.1-VARIANT.
# LAB_ARCH=x86_64: a bzImage with the host's gcc and lab/src-x86_64.config,
# in four variants (smp is pv's image: the same lines, the same key):
#   pv, smp   CONFIG_PARAVIRT=y, CONFIG_SMP=y (as Debian's amd64 kernels)
#   nopv      CONFIG_PARAVIRT unset
#   xxl       CONFIG_XEN_PV=y (with the CONFIG_XEN it needs): it selects
#             CONFIG_PARAVIRT_XXL, the pv ops of the 2009 thread
#   up        CONFIG_SMP unset: a uniprocessor kernel
# and the pairs pv:nopv pv:xxl smp:up (their own object tree, configs
# and runs: obj-x86_64, configs-x86_64, runs-x86_64).
#
#   src.sh                  build what is not cached, run every pair
#   src.sh config VARIANT   the variant's .config, printed (no build)
#   src.sh image VARIANT    the variant's Image, built unless cached
#                           (LAB_SRC_NOBUILD=1: an error instead); its
#                           path printed
#
#   LAB_SRC_TARBALL         the kernel source (/usr/src/linux-source-6.1.tar.xz)
#   LAB_SRC_PAIRS           "pv:nopv pv:initfree" (x86_64: "pv:nopv pv:xxl
#                           smp:up"): A:B pairs of variants
#   LAB_SRC_JOBS            make -j (2), under nice -n 19
#   LAB_LOCK                a file: the boots under flock FILE (none)
#   LAB_SRC_RUNS            where the pairs' results go (build/lab/src/runs)
#   LAB_WORKLOADS           mmap, lat-mmap and the syscalls suite's
#   LAB_BOOTS, LAB_RUNS, LAB_SCALE, LAB_EVENTS   as lab.sh's
#
# Images are cached in build/lab/src/images/KEY/Image (with its config,
# build.log and built: the seconds it took), KEY a hash of the config's
# inputs, the source's version, the compiler and the build's fixed
# identity (KBUILD_BUILD_*: the same inputs give the same banner), so a
# second run builds nothing. One object tree (build/lab/src/obj) is
# shared by the variants: kbuild rebuilds only what reads the option that
# changed. A pair's results: build/lab/src/runs/A-vs-B-DATE (lab.sh's
# files: compare.txt, compare.json, boots/).
set -eu
. "$(dirname "$0")/lib.sh"

SRC=$LAB/src
tarball=${LAB_SRC_TARBALL:-/usr/src/linux-source-6.1.tar.xz}
jobs=${LAB_SRC_JOBS:-2}
# the architecture's own: the fragment, the image, the object tree, the
# configs and the runs (arm64's names have no suffix: LAB_SFX)
if [ "$LAB_ARCH" = x86_64 ]; then
	frag=$TOP/lab/src-x86_64.config karch=x86_64 kimg=bzImage
	kpath=arch/x86/boot/bzImage gccpkg=gcc
	pairs_def="pv:nopv pv:xxl smp:up"
else
	frag=$TOP/lab/src.config karch=arm64 kimg=Image
	kpath=arch/arm64/boot/Image gccpkg=gcc-aarch64-linux-gnu
	pairs_def="pv:nopv pv:initfree"
fi
OBJ=$SRC/obj$LAB_SFX CONFIGS=$SRC/configs$LAB_SFX
kmake="make -s ARCH=$karch CROSS_COMPILE=$LAB_CROSS KBUILD_BUILD_USER=abstat KBUILD_BUILD_HOST=lab KBUILD_BUILD_VERSION=1"
export KBUILD_BUILD_TIMESTAMP='Thu Jan  1 00:00:00 UTC 1970'

# variant NAME: the lines the variant adds to the fragment
variant() {
	case $LAB_ARCH-$1 in
	arm64-pv) echo 'CONFIG_PARAVIRT=y' ;;
	arm64-nopv) echo '# CONFIG_PARAVIRT is not set' ;;
	arm64-initfree) printf '%s\n' 'CONFIG_PARAVIRT=y' 'CONFIG_INIT_ON_FREE_DEFAULT_ON=y' ;;
	arm64-*) lab_die "variant '$1': one of pv, nopv, initfree" ;;
	x86_64-pv | x86_64-smp) printf '%s\n' 'CONFIG_PARAVIRT=y' 'CONFIG_SMP=y' ;;
	x86_64-nopv) printf '%s\n' '# CONFIG_PARAVIRT is not set' 'CONFIG_SMP=y' ;;
	x86_64-xxl) printf '%s\n' 'CONFIG_PARAVIRT=y' 'CONFIG_SMP=y' 'CONFIG_XEN=y' \
		'CONFIG_XEN_PV=y' 'CONFIG_PARAVIRT_XXL=y' ;;
	x86_64-up) printf '%s\n' 'CONFIG_PARAVIRT=y' '# CONFIG_SMP is not set' ;;
	*)	lab_die "variant '$1': one of pv, nopv, xxl, smp, up (LAB_ARCH=x86_64)" ;;
	esac
}

# the source: its version (the package's, or the tarball's size and time)
# and where it is unpacked
[ -r "$tarball" ] ||
	lab_die "$tarball: no kernel source; apt-get install linux-source-6.1 (or set LAB_SRC_TARBALL)"
srcver=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null) || srcver=
case $tarball in /usr/src/linux-source-6.1.tar.*) ;; *) srcver= ;; esac
[ -n "$srcver" ] || srcver=$(stat -c %s-%Y "$tarball")
tree=$SRC/$(basename "$tarball" | sed 's/\.tar\..*//')

# unpack: the source tree, once per tarball (its version in the marker)
unpack() {
	[ -f "$tree/.unpacked-$srcver" ] && return 0
	lab_say "unpacking $tarball ($srcver)"
	rm -rf "$tree"
	mkdir -p "$SRC"
	tar -xf "$tarball" -C "$SRC" || lab_die "tar -xf $tarball failed"
	[ -f "$tree/Makefile" ] || lab_die "$tarball does not unpack to $tree"
	: >"$tree/.unpacked-$srcver"
}

# config NAME: the variant's .config in $CONFIGS/NAME (allnoconfig
# with the fragment and the variant's lines forced), each forced line
# checked; prints its path (unpack first)
config() {
	variant "$1" >/dev/null
	_d=$CONFIGS/$1
	mkdir -p "$_d"
	{ cat "$frag"; variant "$1"; } >"$_d/fragment"
	(cd "$tree" && $kmake O="$_d" KCONFIG_ALLCONFIG="$_d/fragment" \
		allnoconfig >"$_d/kconfig.log" 2>&1) ||
		lab_die "allnoconfig for $1 failed: $(tail -n 1 "$_d/kconfig.log")"
	grep -v -e '^#' -e '^$' "$_d/fragment" >"$_d/want"
	grep '^# CONFIG_.* is not set$' "$_d/fragment" >>"$_d/want" || true
	while read -r _l; do
		grep -qxF "$_l" "$_d/.config" ||
			lab_die "variant $1: '$_l' did not stay in the .config (a dependency is missing; see $_d/.config)"
	done <"$_d/want"
	echo "$_d/.config"
}

# key NAME: the variant's cache key, a hash of what makes its Image: the
# config's inputs (the fragment, the variant's lines), the source's
# version, the compiler and the build's fixed identity (ARCH= in kmake:
# the architecture)
key() {
	{ cat "$frag"; variant "$1"; echo "$srcver"; echo "$kmake"
	  echo "$KBUILD_BUILD_TIMESTAMP"; "${LAB_CROSS}gcc" --version | head -n 1
	} | sha256sum | cut -c1-16
}

# image NAME: the variant's Image (x86_64: bzImage), built unless cached
# (LAB_SRC_NOBUILD=1: an error instead); prints its path
image() {
	variant "$1" >/dev/null
	command -v "${LAB_CROSS}gcc" >/dev/null ||
		lab_die "${LAB_CROSS}gcc is missing (apt-get install $gccpkg)"
	_k=$(key "$1")
	_i=$SRC/images/$_k
	if [ ! -f "$_i/$kimg" ]; then
		[ -z "${LAB_SRC_NOBUILD:-}" ] ||
			lab_die "variant $1: no cached $kimg ($_i); run make lab-src${LAB_SFX:+ LAB_ARCH=$LAB_ARCH}"
		unpack
		_c=$(config "$1")
		mkdir -p "$OBJ" "$_i"
		cp "$_c" "$OBJ/.config"
		lab_say "building $1 ($_k): make -j$jobs $kimg, under nice -n 19"
		_t0=$(date +%s)
		(cd "$tree" && nice -n 19 $kmake O="$OBJ" -j"$jobs" \
			olddefconfig $kimg >"$_i/build.log" 2>&1) ||
			lab_die "building $1 failed: $(tail -n 3 "$_i/build.log" | tr '\n' ' ')(see $_i/build.log)"
		cmp -s "$_c" "$OBJ/.config" ||
			lab_die "building $1: olddefconfig changed the .config (see $OBJ/.config)"
		_t1=$(date +%s)
		cp "$_c" "$_i/config"
		echo "$1 $((_t1 - _t0)) s, make -j$jobs, load $(cut -d' ' -f1-3 /proc/loadavg)" >"$_i/built"
		cp "$OBJ/$kpath" "$_i/$kimg.tmp"
		mv "$_i/$kimg.tmp" "$_i/$kimg"
		lab_say "built $1 in $((_t1 - _t0)) s"
	fi
	echo "$_i/$kimg"
}

# pair A B: the lab on the two variants' images
pair() {
	_a=$(image "$1") _b=$(image "$2")
	_o=${LAB_SRC_RUNS:-$SRC/runs$LAB_SFX}/6.1-$1-vs-6.1-$2-$(date +%Y%m%d-%H%M%S)
	lab_say "6.1-$1 vs 6.1-$2: $(diff "${_a%/$kimg}/config" "${_b%/$kimg}/config" | grep '^[<>]' | tr '\n' ' ')"
	# a uniprocessor kernel has no SMT control: cpu.smt_control differs
	_e=
	case " $1 $2 " in *" up "*) _e=cpu.smt_control ;; esac
	LAB_A="$_a" LAB_B="$_b" LAB_A_LABEL="6.1-$1" LAB_B_LABEL="6.1-$2" \
		LAB_ALLOW_ENV_DIFF=$_e LAB_OUT="$_o" sh "$TOP/lab/lab.sh"
}

case ${1:-all} in
config)	[ $# -eq 2 ] || lab_die "usage: src.sh config VARIANT"
	unpack
	config "$2" ;;
image)	[ $# -eq 2 ] || lab_die "usage: src.sh image VARIANT"
	image "$2" ;;
all)	[ $# -le 1 ] || lab_die "usage: src.sh [config VARIANT | image VARIANT]"
	t0=$(date +%s)
	if [ -z "${LAB_WORKLOADS:-}" ]; then
		LAB_WORKLOADS="mmap lat-mmap $("$TOP/abstat" workloads |
			awk 'NR > 1 && $NF ~ /(^|,)syscalls(,|$)/ { print $1 }' | tr '\n' ' ')"
		export LAB_WORKLOADS
	fi
	pairs=${LAB_SRC_PAIRS:-$pairs_def}
	# every image first: a build that fails stops before any boot
	for p in $pairs; do
		image "${p%%:*}" >/dev/null
		image "${p#*:}" >/dev/null
	done
	# the lab's lock, held from the first boot to the last (fd 9)
	lab_lock
	t1=$(date +%s)
	for p in $pairs; do
		pair "${p%%:*}" "${p#*:}"
	done
	t2=$(date +%s)
	lab_say "lab-src: $((t1 - t0)) s to build (or find) the images (and for the lock), $((t2 - t1)) s of lab, $((t2 - t0)) s wall" ;;
*)	lab_die "usage: src.sh [config VARIANT | image VARIANT]" ;;
esac
