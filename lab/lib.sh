# Sourced by the kernel lab's scripts (lab/*.sh): where things live
# and the small helpers they share. LAB is the lab's build directory
# (build/lab), where every download is cached so that reruns are fast.
TOP=${TOP:-$(cd "$(dirname "$0")/.." && pwd)}
LAB=${LAB:-$TOP/build/lab}
LAB_CACHE=${LAB_CACHE:-$LAB/cache}
# the cross build (make CROSS=aarch64-linux-gnu-): abstat and workloads
LAB_CROSS=${LAB_CROSS:-aarch64-linux-gnu-}
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

# lab_apt_ready: arm64 is a foreign architecture and its lists are fetched
# (once per lab directory; apt-get update again after a day)
lab_apt_ready() {
	_s=$LAB_CACHE/.apt-arm64
	if [ -f "$_s" ] && [ -z "$(find "$_s" -mmin +1440 2>/dev/null)" ]; then
		return 0
	fi
	dpkg --print-foreign-architectures | grep -qx arm64 ||
		dpkg --add-architecture arm64 ||
		lab_die "dpkg --add-architecture arm64 failed (run as root)"
	apt-get update -qq >/dev/null ||
		lab_die "apt-get update failed (no network to the Debian mirrors?)"
	mkdir -p "$LAB_CACHE" && : >"$_s"
}

# lab_fetch PKG DIR: PKG:arm64 downloaded into the cache (kept) and
# unpacked into DIR (once); prints nothing, dies on failure
lab_fetch() {
	_p=$1 _d=$2
	[ -f "$_d/.unpacked-$_p" ] && return 0
	mkdir -p "$LAB_CACHE/debs" "$_d"
	_deb=$(ls "$LAB_CACHE/debs/${_p}_"*_arm64.deb 2>/dev/null | tail -n 1)
	if [ -z "$_deb" ]; then
		lab_apt_ready
		(cd "$LAB_CACHE/debs" && apt-get download -q "$_p:arm64" >/dev/null 2>&1) ||
			lab_die "apt-get download $_p:arm64 failed"
		_deb=$(ls "$LAB_CACHE/debs/${_p}_"*_arm64.deb | tail -n 1)
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
