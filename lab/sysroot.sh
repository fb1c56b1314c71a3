#!/bin/sh
# sysroot.sh TRIPLET DIR: what make CROSS=TRIPLET- needs: the cross
# compiler (gcc-TRIPLET, installed with tests/deps.sh) and a sysroot in DIR
# of the target architecture's libpfm4-dev, libjansson-dev,
# libpcre2-dev and nettle-dev (static libraries and headers), fetched with apt-get
# download and unpacked with dpkg-deb -x, once. No PAPI: the cross build has no PAPI backend.
set -eu
. "$(dirname "$0")/lib.sh"
lab_prep_lock

triplet=${1:?usage: sysroot.sh TRIPLET DIR} dir=${2:?usage: sysroot.sh TRIPLET DIR}
arch=$(dpkg-architecture -t "$triplet" -qDEB_HOST_ARCH 2>/dev/null) ||
	lab_die "sysroot.sh: no Debian architecture for '$triplet'"
# the host's own architecture (make CROSS=x86_64-linux-gnu- on an amd64
# host, the x86_64 lab's static build): the host's -dev packages, whose
# static libraries are on the compiler's own path; an empty sysroot
if [ "$arch" = "$(dpkg --print-architecture)" ]; then
	sh "$TOP/tests/deps.sh" libpfm4-dev libjansson-dev libpcre2-dev nettle-dev
	mkdir -p "$dir/usr/include" "$dir/usr/lib/$triplet"
	: >"$dir/.done"
	exit 0
fi
sh "$TOP/tests/deps.sh" "gcc-$triplet"
[ "$arch" = arm64 ] || lab_die "sysroot.sh: only arm64 is fetched, not $arch"
for p in libpfm4-dev libjansson-dev libpcre2-dev nettle-dev; do
	lab_fetch "$p" "$dir"
done
: >"$dir/.done"
