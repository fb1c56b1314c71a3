#!/bin/sh
# kernel.sh SERIES: the newest Debian kernel of SERIES (6.1, 6.12) for
# LAB_ARCH (arm64: linux-image-*-arm64; x86_64: linux-image-*-amd64),
# resolved with apt at run time (never a version written here), or the
# package named (kernel.sh linux-image-6.12.100+deb12-arm64), fetched
# with apt-get download and unpacked under build/lab/kernels/NAME.
# kernel.sh PATH (a value with a /): your own kernel, an arm64 Image
# (arch/arm64/boot/Image) or the same gzip-compressed (Image.gz, a
# Debian package's /boot/vmlinuz-*), or with LAB_ARCH=x86_64 a bzImage
# (arch/x86/boot/bzImage), copied into
# build/lab/kernels/file-SHA (a rebuild during a run changes no side).
# Prints the kernel's directory, which holds vmlinuz (the image QEMU
# loads), package (the package's name, or the path), version (the
# package's version, or the image's "Linux version" line), release
# (what uname -r says in the guest) and, where it is known, config (the
# kernel's .config: the package's /boot/config-*; for an Image, a file
# named config beside it, as src.sh caches them, or the kbuild tree's
# .config of an arch/arm64/boot/Image), which boot.sh gives the guest as
# /boot/config-RELEASE for abstat to record (env.kernel.config).
set -eu
. "$(dirname "$0")/lib.sh"
lab_prep_lock

series=${1:?usage: kernel.sh SERIES|PACKAGE|PATH (for example 6.1, 6.12 or ./Image)}
case $series in
*/*)
	[ -f "$series" ] && [ -r "$series" ] ||
		lab_die "kernel $series: no such file (a path names an arm64 Image or Image.gz, or an x86_64 bzImage)"
	mkdir -p "$LAB/kernels"
	tmp=$(mktemp -d "$LAB/kernels/.in.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT
	cp "$series" "$tmp/vmlinuz"
	dir=$LAB/kernels/file-$(sha256sum <"$tmp/vmlinuz" | cut -c1-16)
	if [ ! -f "$dir/release" ] && [ "$LAB_ARCH" = x86_64 ]; then
		# a bzImage: "HdrS" at 0x202; its version string, uncompressed,
		# at 0x200 + the 16-bit pointer at 0x20e (Linux's
		# Documentation/arch/x86/boot.rst)
		[ "$(od -An -c -j514 -N4 "$tmp/vmlinuz" 2>/dev/null | tr -d ' ')" = HdrS ] ||
			lab_die "kernel $series: not an x86 bzImage (no HdrS at 0x202); give arch/x86/boot/bzImage"
		_o=$(od -An -tu2 -j526 -N2 "$tmp/vmlinuz" | tr -d ' ')
		ban=$(dd if="$tmp/vmlinuz" bs=1 skip=$((_o + 512)) count=300 2>/dev/null |
			tr '\000' '\n' | head -n 1 | tr -cd '[:print:]')
		rel=${ban%% *}
		[ -n "$rel" ] || lab_die "kernel $series: no version string in the bzImage"
		echo "$ban" >"$tmp/version"
		echo "$rel" >"$tmp/release"
		rm -rf "$dir"
		mv "$tmp" "$dir"
	elif [ ! -f "$dir/release" ]; then
		# the magic of an arm64 Image: "ARM\x64" at byte 56 (Linux's
		# Documentation/arch/arm64/booting.rst); QEMU unpacks gzip
		if [ "$(od -An -tx1 -N2 "$tmp/vmlinuz" | tr -d ' ')" = 1f8b ]; then
			gzip -dc <"$tmp/vmlinuz" >"$tmp/Image" 2>/dev/null ||
				lab_die "kernel $series: gzip data that does not unpack"
		else
			ln "$tmp/vmlinuz" "$tmp/Image"
		fi
		[ "$(od -An -c -j56 -N4 "$tmp/Image" 2>/dev/null | tr -d ' ')" = ARMd ] ||
			lab_die "kernel $series: not an arm64 Image (no ARMd magic at byte 56, raw or gzip); give arch/arm64/boot/Image"
		# the banner: Linux version RELEASE (WHO) (TOOLCHAIN) #N SMP ...
		# (the last one: since 6.1 the first is a placeholder, "# SMP")
		ban=$(LC_ALL=C grep -a -o 'Linux version [^ ]* ([^)]*) .*' "$tmp/Image" |
			tail -n 1 | tr -cd '[:print:]' | cut -c1-300) || true
		rel=$(echo "$ban" | awk '{ print $3 }')
		[ -n "$rel" ] ||
			lab_die "kernel $series: no \"Linux version\" banner in the image"
		uts=$(echo "$ban" | sed -n 's/^.*) \(#.*\)$/\1/p')
		rm -f "$tmp/Image"
		echo "$rel${uts:+ $uts}" >"$tmp/version"
		echo "$rel" >"$tmp/release"
		rm -rf "$dir"
		mv "$tmp" "$dir"
	fi
	readlink -f "$series" >"$dir/package"
	img=$(readlink -f "$series")
	cfg=$(dirname "$img")/config
	case $img in
	*/arch/arm64/boot/Image | */arch/arm64/boot/Image.gz)
		[ -f "$cfg" ] || cfg=${img%/arch/arm64/boot/*}/.config ;;
	*/arch/x86/boot/bzImage)
		[ -f "$cfg" ] || cfg=${img%/arch/x86/boot/*}/.config ;;
	esac
	# one written after the image is not the image's (a menuconfig since)
	if [ -f "$cfg" ] && [ -r "$cfg" ] && [ ! "$cfg" -nt "$img" ]; then
		cp "$cfg" "$dir/config.tmp" && mv "$dir/config.tmp" "$dir/config"
	fi
	echo "$dir"
	exit 0 ;;
esac
lab_apt_ready
case $series in
linux-image-*-"$LAB_DEBARCH")
	re="^$(echo "$series" | sed 's/[.+]/\\&/g')\$" ;;
*[!0-9.]* | '')
	lab_die "kernel.sh: SERIES is like 6.1, a package linux-image-*-$LAB_DEBARCH or a path with a /, got '$series'" ;;
*)
	re="^linux-image-$(echo "$series" | sed 's/\./\\./g')[.][0-9][^ ]*-$LAB_DEBARCH\$" ;;
esac
# every flavour but the generic one (cloud, rt) has its own word; one
# apt-cache show for all (one call each takes seconds with arm64 lists)
resolved=$LAB/kernels/.series$LAB_SFX-$series
if [ -f "$resolved" ] && [ "$resolved" -nt "$LAB_CACHE/.apt-$LAB_DEBARCH" ]; then
	read -r best bestv <"$resolved"
else
	best= bestv=
	pkgs=$(apt-cache search --names-only "$re" | awk -v a="$LAB_DEBARCH" '{print $1 ":" a}' |
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
[ -n "$best" ] || lab_die "no $LAB_DEBARCH kernel package of series $series (apt-cache search '$re')"
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
[ -f "$dir/release" ] || echo "${best#linux-image-}" >"$dir/release"
# the package's .config (kept when it was unpacked, before this was)
if [ ! -f "$dir/config" ]; then
	cfg=$(ls "$dir"/pkg/boot/config-* 2>/dev/null | head -n 1)
	[ -z "$cfg" ] || { cp "$cfg" "$dir/config.tmp" && mv "$dir/config.tmp" "$dir/config"; }
fi
echo "$dir"
