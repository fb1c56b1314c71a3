#!/bin/sh
# kernel.sh SERIES: the newest Debian arm64 kernel of SERIES (6.1, 6.12),
# resolved with apt at run time (never a version written here), or the
# package named (kernel.sh linux-image-6.12.100+deb12-arm64), fetched
# with apt-get download and unpacked under build/lab/kernels/NAME. Prints
# the kernel's directory, which holds vmlinuz (an arm64 Image QEMU can
# load) and the package's name and version.
set -eu
. "$(dirname "$0")/lib.sh"

series=${1:?usage: kernel.sh SERIES|PACKAGE (for example 6.1 or 6.12)}
lab_apt_ready
case $series in
linux-image-*-arm64)
	re="^$(echo "$series" | sed 's/[.+]/\\&/g')\$" ;;
*[!0-9.]* | '')
	lab_die "kernel.sh: SERIES is like 6.1, or a package linux-image-*-arm64, got '$series'" ;;
*)
	re="^linux-image-$(echo "$series" | sed 's/\./\\./g')[.][0-9][^ ]*-arm64\$" ;;
esac
# every flavour but the generic one (cloud, rt) has its own word; one
# apt-cache show for all (one call each takes seconds with arm64 lists)
resolved=$LAB/kernels/.series-$series
if [ -f "$resolved" ] && [ "$resolved" -nt "$LAB_CACHE/.apt-arm64" ]; then
	read -r best bestv <"$resolved"
else
	best= bestv=
	pkgs=$(apt-cache search --names-only "$re" | awk '{print $1 ":arm64"}' |
		grep -v -e '-cloud-' -e '-rt-') || true
	[ -z "$pkgs" ] ||
	for pv in $(apt-cache show --no-all-versions $pkgs 2>/dev/null |
		awk '/^Package: /{p=$2} /^Version: /{print p "=" $2}'); do
		p=${pv%%=*} v=${pv#*=}
		if [ -z "$best" ] || dpkg --compare-versions "$v" gt "$bestv"; then
			best=$p bestv=$v
		fi
	done
	[ -z "$best" ] || { mkdir -p "$LAB/kernels" && echo "$best $bestv" >"$resolved"; }
fi
[ -n "$best" ] || lab_die "no arm64 kernel package of series $series (apt-cache search '$re')"
dir=$LAB/kernels/$best
if [ ! -f "$dir/vmlinuz" ]; then
	lab_say "fetching $best $bestv"
	lab_fetch "$best" "$dir/pkg"
	img=$(ls "$dir"/pkg/boot/vmlinuz-* | head -n 1)
	[ -f "$img" ] || lab_die "$best has no /boot/vmlinuz-*"
	cp "$img" "$dir/vmlinuz.tmp" && mv "$dir/vmlinuz.tmp" "$dir/vmlinuz"
	echo "$best" >"$dir/package"
	echo "$bestv" >"$dir/version"
	# the modules are not needed (results come back on the console)
	rm -rf "$dir/pkg/lib/modules"
fi
echo "$dir"
