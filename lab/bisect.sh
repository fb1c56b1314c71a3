#!/bin/sh
# bisect.sh: make lab-bisect, a kernel bisect in the lab (issue 41).
# Debian's linux-source-6.1 (the tarball src.sh builds) made into a git
# repository, build/lab/bisect/linux, branch trunk: the tarball as its
# first commit and a series of 11 more (neutral ones, one that does not
# build, one that adds a loop to getppid in kernel/sys.c: the
# regression), bisected by abstat bisect --measure between the first
# and the last. Each side is built incrementally in one object tree
# (build/lab/bisect/obj: the lab's small config, src.sh config pv, and
# the build's fixed identity, as src.sh's) and measured by boots: this
# script's measure verb, lab.sh with the side's Image.
#
#   bisect.sh               make the repository (once) and bisect it
#   bisect.sh repo          make the repository only
#   bisect.sh build         the --build of a side: make Image in the work
#                           tree (abstat runs it there), timed
#   bisect.sh measure KERNEL   the --measure of a side: lab.sh with KERNEL
#                           (a Debian series or an Image: kernel.sh) as
#                           both A and B (an A/A: the two sides' boots are
#                           all this side's, LAB_JOBS of them at once),
#                           each boot's result.json copied into
#                           $ABSTAT_BISECT_OUT as BOOT.json, timed
#
#   LAB_BOOTS               lab.sh's boots a side per measure call (2:
#                           4 boots of the side's kernel a call)
#   LAB_WORKLOADS           getppid; LAB_RUNS, LAB_SCALE, LAB_EVENTS as
#                           lab.sh's
#   LAB_SRC_JOBS            make -j (2), under nice -n 19
#   LAB_LOCK                a file: each measure's boots under flock FILE
#                           (lab.sh takes it; never held while building)
#   LAB_BISECT_MAX          abstat bisect --max-runs: a side's boots (12)
#
# The report: build/lab/bisect/report.json and report.txt (abstat
# bisect's output), times.txt (each build and measure, in seconds).
set -eu
. "$(dirname "$0")/lib.sh"
[ "$LAB_ARCH" = arm64 ] ||
	lab_die "make lab-bisect: arm64 only for now, not LAB_ARCH=$LAB_ARCH (make lab LAB_ARCH=x86_64 compares Debian's amd64 kernels)"

BIS=$LAB/bisect
tree=$BIS/linux obj=$BIS/obj
tarball=${LAB_SRC_TARBALL:-/usr/src/linux-source-6.1.tar.xz}
jobs=${LAB_SRC_JOBS:-2}
kmake="make -s ARCH=arm64 CROSS_COMPILE=$LAB_CROSS KBUILD_BUILD_USER=abstat KBUILD_BUILD_HOST=lab KBUILD_BUILD_VERSION=1"
export KBUILD_BUILD_TIMESTAMP='Thu Jan  1 00:00:00 UTC 1970'

# commit SUBJECT: every change, committed as the lab (-f: Debian's
# .gitignore of the source ignores everything at its top)
commit() {
	git -C "$tree" add -A -f
	git -C "$tree" -c user.name=lab -c user.email=lab@abstat.invalid \
		-c commit.gpgsign=false commit -q -m "$1"
}

# note FILE TEXT: a line added to FILE (a C comment in a .c file)
note() {
	case $1 in
	*.c) echo "/* lab: $2 */" >>"$tree/$1" ;;
	*) echo "$2" >>"$tree/$1" ;;
	esac
	commit "$(dirname "$1" | sed 's|^\.$|top|'): $2"
}

# the series after the tarball: commit 8 is the regression (16 turns of
# a loop in getppid, about 40 instructions a call), 6 does not build
series() {
	note README "a note on the lab's bisect"
	note kernel/sys.c "getppid is measured here"
	note MAINTAINERS "a note"
	note drivers/gpu/drm/nouveau/nouveau_drm.c "a file this config does not build"
	echo 'static int lab_broken(void) { return }' >>"$tree/kernel/sys.c"
	commit "kernel/sys.c: a helper that does not build"
	sed -i '$d' "$tree/kernel/sys.c"
	commit "kernel/sys.c: mend the build"
	awk '/^SYSCALL_DEFINE0\(getppid\)$/ { f = 1 }
		{ print }
		f && $0 == "\tint pid;" {
			print "\tunsigned int i;"; print ""
			print "\tfor (i = 0; i < 16; i++)"; print "\t\tbarrier();"
			f = 0 }' "$tree/kernel/sys.c" >"$tree/kernel/sys.c.new"
	mv "$tree/kernel/sys.c.new" "$tree/kernel/sys.c"
	commit "kernel/sys.c: getppid turns a loop (the regression)"
	note mm/mmap.c "a comment"
	note README "another note"
	note Documentation/admin-guide/README.rst "a note"
	note kernel/sys.c "a last comment"
}

# repo: the repository, made once (the tarball unpacked, its commits)
repo() {
	[ -f "$BIS/.repo-done" ] && return 0
	[ -r "$tarball" ] ||
		lab_die "$tarball: no kernel source; apt-get install linux-source-6.1 (or set LAB_SRC_TARBALL)"
	if [ ! -f "$tree/Makefile" ]; then
		lab_say "unpacking $tarball into $tree"
		rm -rf "$tree" "$BIS/linux-source-6.1"
		mkdir -p "$BIS"
		tar -xf "$tarball" -C "$BIS" || lab_die "tar -xf $tarball failed"
		mv "$BIS/linux-source-6.1" "$tree"
	fi
	lab_say "making $tree a git repository (the tarball and 11 commits)"
	rm -rf "$tree/.git"
	git -C "$tree" init -q
	git -C "$tree" symbolic-ref HEAD refs/heads/trunk
	commit "linux-source-6.1 $(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null || echo '(tarball)')"
	series
	: >"$BIS/.repo-done"
}

# timed WHAT CMD...: CMD, its seconds appended to times.txt
timed() {
	_w=$1
	shift
	_t0=$(date +%s)
	_rc=0
	"$@" || _rc=$?
	mkdir -p "$BIS"
	echo "$_w ${ABSTAT_BISECT_SIDE:-?} $(echo "${ABSTAT_BISECT_COMMIT:-?}" | cut -c1-12) $(($(date +%s) - _t0)) s, exit $_rc" >>"$BIS/times.txt"
	return $_rc
}

build() {
	[ -f "$obj/.config" ] || { mkdir -p "$obj"; cp "$(sh "$TOP/lab/src.sh" config pv)" "$obj/.config"; }
	nice -n 19 $kmake O="$obj" -j"$jobs" olddefconfig Image
}

measure() {
	_o=${ABSTAT_BISECT_OUT:?bisect.sh measure is abstat bisect --measure\'s (ABSTAT_BISECT_OUT)}
	_l=$(echo "${ABSTAT_BISECT_COMMIT:-side}" | cut -c1-12)-${ABSTAT_BISECT_ROUND:-1}
	LAB_A=$1 LAB_B=$1 LAB_A_LABEL=$_l-a LAB_B_LABEL=$_l-b LAB_OUT=$_o/lab \
		LAB_BOOTS=${LAB_BOOTS:-2} LAB_WORKLOADS=${LAB_WORKLOADS:-getppid} \
		sh "$TOP/lab/lab.sh" >"$_o/lab.txt"
	for _f in "$_o"/lab/boots/*/result.json; do
		[ -f "$_f" ] || continue
		cp "$_f" "$_o/$(basename "$(dirname "$_f")").json"
	done
}

case ${1:-all} in
repo)	repo ;;
build)	timed build build ;;
measure) [ $# -eq 2 ] || lab_die "usage: bisect.sh measure KERNEL"
	timed measure measure "$2" ;;
all)	[ $# -le 1 ] || lab_die "usage: bisect.sh [repo | build | measure KERNEL]"
	t0=$(date +%s)
	repo
	rm -f "$BIS/times.txt"
	good=$(git -C "$tree" rev-list --max-parents=0 trunk)
	"$TOP/abstat" bisect --repo "$tree" --good "$good" --bad trunk \
		--max-runs "${LAB_BISECT_MAX:-12}" --force -o "$BIS/report.json" \
		--build "sh $TOP/lab/bisect.sh build" \
		--measure "sh $TOP/lab/bisect.sh measure $obj/arch/arm64/boot/Image" |
		tee "$BIS/report.txt"
	lab_say "lab-bisect: $(($(date +%s) - t0)) s wall; each build and measure in $BIS/times.txt" ;;
*)	lab_die "usage: bisect.sh [repo | build | measure KERNEL]" ;;
esac
