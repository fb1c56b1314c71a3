# Sourced by the kernel lab's scripts (lab/*.sh): where things live
# and the small helpers they share. LAB is the lab's build directory
# (build/lab), where every download is cached so that reruns are fast.
TOP=${TOP:-$(cd "$(dirname "$0")/.." && pwd)}
LAB=${LAB:-$TOP/build/lab}
LAB_CACHE=${LAB_CACHE:-$LAB/cache}
# the guest's architecture: arm64 (the default: qemu-system-aarch64 and
# its emulated PMU) or x86_64 (qemu-system-x86_64, no PMU: the lab's
# instruction counter, lab/plugin/count.c, counts instead; doc/lab.md)
LAB_ARCH=${LAB_ARCH:-arm64}
case $LAB_ARCH in
arm64 | aarch64) LAB_ARCH=arm64 LAB_DEBARCH=arm64 _cross=aarch64-linux-gnu- ;;
x86_64 | amd64) LAB_ARCH=x86_64 LAB_DEBARCH=amd64 _cross=x86_64-linux-gnu- ;;
*) echo "lab: error: LAB_ARCH=$LAB_ARCH: arm64 or x86_64" >&2; exit 1 ;;
esac
export LAB_ARCH
# the static build for the guest (make CROSS=aarch64-linux-gnu-, or
# x86_64-linux-gnu- for x86_64): abstat and workloads
LAB_CROSS=${LAB_CROSS:-$_cross}
# what is the architecture's own under $LAB: arm64's names have no suffix
LAB_SFX=
[ "$LAB_ARCH" = arm64 ] || LAB_SFX=-$LAB_ARCH
LAB_XBUILD=${LAB_XBUILD:-$TOP/build/${LAB_CROSS%-}}
# a boot's wall-clock limit in seconds: a hang or a panic is killed
LAB_TIMEOUT=${LAB_TIMEOUT:-600}

lab_say() { echo "lab: $*" >&2; }
lab_die() { echo "lab: error: $*" >&2; exit 1; }

# lab_lock: where several people share one machine's lab, LAB_LOCK names
# a file and the boots run under flock on it (fd 9, held until the
# process exits; its children inherit it): make lab, make lab-src and the
# lab's tests take it before their first boot. A process that already
# holds it (LAB_LOCK_HELD, exported) does not wait for itself.
lab_lock() {
	[ -n "${LAB_LOCK:-}" ] || return 0
	[ "${LAB_LOCK_HELD:-}" != "$LAB_LOCK" ] || return 0
	command -v flock >/dev/null || lab_die "LAB_LOCK=$LAB_LOCK needs flock (apt-get install util-linux)"
	exec 9>>"$LAB_LOCK" || lab_die "LAB_LOCK=$LAB_LOCK cannot be opened"
	if ! flock -n 9; then
		lab_say "waiting for $LAB_LOCK (another lab is booting)"
		flock 9 || lab_die "flock $LAB_LOCK failed"
	fi
	LAB_LOCK_HELD=$LAB_LOCK
	export LAB_LOCK_HELD
}

# lab_prep_lock: the lab's caches (LAB_CACHE's packages; under LAB the
# kernels, the initramfs, busybox, kexec's tree; the sysroot) are filled
# under flock on LAB_CACHE/.prep.lock, so that labs run side by side
# (make lab-check's two files at once, a LAB of its own on a shared
# LAB_CACHE) fetch, unpack and build each thing once and never read it
# half written: kernel.sh, initramfs.sh, sysroot.sh and kexec.sh take it
# first (fd 8, held until that script exits; a script it runs inherits
# it and LAB_PREP_HELD, and does not wait for it again)
lab_prep_lock() {
	[ "${LAB_PREP_HELD:-}" != "$LAB_CACHE" ] || return 0
	command -v flock >/dev/null || lab_die "flock is missing (apt-get install util-linux)"
	mkdir -p "$LAB_CACHE" && exec 8>>"$LAB_CACHE/.prep.lock" ||
		lab_die "$LAB_CACHE/.prep.lock cannot be opened"
	flock 8 || lab_die "flock $LAB_CACHE/.prep.lock failed"
	LAB_PREP_HELD=$LAB_CACHE
	export LAB_PREP_HELD
}

# lab_apt_ready: arm64 is a foreign architecture and its lists are fetched
# (once per lab directory; apt-get update again after a day); amd64 is
# the host's own on an x86_64 host
lab_apt_ready() {
	_s=$LAB_CACHE/.apt-$LAB_DEBARCH
	if [ -f "$_s" ] && [ -z "$(find "$_s" -mmin +1440 2>/dev/null)" ]; then
		return 0
	fi
	[ "$(dpkg --print-architecture)" = "$LAB_DEBARCH" ] ||
	dpkg --print-foreign-architectures | grep -qx "$LAB_DEBARCH" ||
		dpkg --add-architecture "$LAB_DEBARCH" ||
		lab_die "dpkg --add-architecture $LAB_DEBARCH failed (run as root)"
	apt-get update -qq >/dev/null ||
		lab_die "apt-get update failed (no network to the Debian mirrors?)"
	mkdir -p "$LAB_CACHE" && : >"$_s"
}

# lab_fetch PKG DIR: PKG:$LAB_DEBARCH downloaded into the cache (kept) and
# unpacked into DIR (once); prints nothing, dies on failure
lab_fetch() {
	_p=$1 _d=$2
	[ -f "$_d/.unpacked-$_p" ] && return 0
	mkdir -p "$LAB_CACHE/debs" "$_d"
	_deb=$(ls "$LAB_CACHE/debs/${_p}_"*_"$LAB_DEBARCH".deb 2>/dev/null | tail -n 1)
	if [ -z "$_deb" ]; then
		lab_apt_ready
		(cd "$LAB_CACHE/debs" && apt-get download -q "$_p:$LAB_DEBARCH" >/dev/null 2>&1) ||
			lab_die "apt-get download $_p:$LAB_DEBARCH failed"
		_deb=$(ls "$LAB_CACHE/debs/${_p}_"*_"$LAB_DEBARCH".deb | tail -n 1)
	fi
	dpkg-deb -x "$_deb" "$_d" || lab_die "dpkg-deb -x $_deb failed"
	: >"$_d/.unpacked-$_p"
}

# lab_modules VAR DIR KERNEL_DIR: the modules directory of a boot,
# DIR/lib/modules/RELEASE (RELEASE: KERNEL_DIR/release), printed; dies
# naming VAR when it is not there
lab_modules() {
	_r=$(cat "$3/release" 2>/dev/null) || _r=
	[ -n "$_r" ] && [ -d "$2/lib/modules/$_r" ] ||
		lab_die "$1=$2: no lib/modules/${_r:-RELEASE} in it (the kernel is ${_r:-unknown}; make modules_install INSTALL_MOD_PATH=$2 writes it)"
	echo "$2/lib/modules/$_r"
}

# lab_model_event NAME: dies unless NAME is an event of the lab's cache
# model (lab/plugin/cache.c): lab:LEVEL-WHAT[:u|:k]
lab_model_event() {
	case ${1%:[uk]} in
	lab:l1i-accesses | lab:l1i-misses | lab:l1d-accesses | lab:l1d-misses | \
	lab:l2-accesses | lab:l2-misses) ;;
	*) lab_die "LAB_EVENTS: unknown model event '$1'; lab:LEVEL-accesses or lab:LEVEL-misses, LEVEL l1i, l1d or l2, with :u, :k or neither (doc/lab.md)" ;;
	esac
}
