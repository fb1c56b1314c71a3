#!/bin/sh
# initramfs.sh: the lab's guest userland, build/lab/initramfs.cpio.gz
# (LAB_ARCH=x86_64: initramfs-x86_64.cpio.gz, busybox-static:amd64 and the
# static x86_64 build): busybox-static:arm64, the cross-built abstat (/usr/bin) and workloads
# (/usr/libexec/abstat, where abstat looks), the test programs
# (/lab/progs), the static programs of $LAB_EXTRA if set (/lab/extra),
# and /init (lab/init). Keyed by content: the SHA-256 of every input
# file's path and bytes (and of busybox) is kept beside the archive
# ($out.key), and the archive is rebuilt whenever it differs, so a file
# changed, added, removed or older than the archive (cp -p, an
# unpacked tarball) is always put in. A boot adds its job as a second
# archive (boot.sh); the kernel unpacks both.
set -eu
. "$(dirname "$0")/lib.sh"
lab_prep_lock

out=$LAB/initramfs$LAB_SFX.cpio.gz
x=$LAB_XBUILD
for f in "$x/abstat" "$x/workloads/getppid" "$x/tests/progs/insn_loop"; do
	[ -x "$f" ] || lab_die "$f is not built; run make CROSS=$LAB_CROSS all progs"
done
lab_fetch busybox-static "$LAB/busybox$LAB_SFX"
[ -z "${LAB_EXTRA:-}" ] || [ -d "$LAB_EXTRA" ] ||
	lab_die "LAB_EXTRA=$LAB_EXTRA: not a directory (its files go to the guest's /lab/extra)"
# hash_in NAME PATH: "SHA-256  NAME/FILE" for each file under PATH (a
# directory, its names relative to it), or "SHA-256  NAME" for a file
hash_in() {
	if [ -d "$2" ]; then
		(cd "$2" && find . -type f -print0 | LC_ALL=C sort -z |
			xargs -0r sha256sum) | sed "s|  \./|  $1/|"
	else
		echo "$(sha256sum <"$2" | cut -d' ' -f1)  $1"
	fi
}
key=$({
	hash_in abstat "$x/abstat"
	hash_in workloads "$x/workloads"
	hash_in progs "$x/tests/progs"
	hash_in init "$TOP/lab/init"
	hash_in busybox "$LAB/busybox$LAB_SFX/bin/busybox"
	[ -z "${LAB_EXTRA:-}" ] || hash_in extra "$LAB_EXTRA"
} | sha256sum | cut -d' ' -f1)
if [ -f "$out" ] && [ "$(cat "$out.key" 2>/dev/null)" = "$key" ]; then
	echo "$out"
	exit 0
fi
root=$LAB/initramfs$LAB_SFX.d
rm -rf "$root"
mkdir -p "$root/bin" "$root/usr/bin" "$root/usr/libexec/abstat" \
	"$root/lab/progs" "$root/lab/extra" "$root/etc" "$root/proc" \
	"$root/sys" "$root/dev" "$root/tmp" "$root/out"
cp "$LAB/busybox$LAB_SFX/bin/busybox" "$root/bin/busybox"
ln -s busybox "$root/bin/sh"
cp "$TOP/lab/init" "$root/init"
chmod 755 "$root/init"
cp "$x/abstat" "$root/usr/bin/abstat"
for f in "$x"/workloads/*; do
	case $f in *.o | *.d) continue ;; esac
	cp "$f" "$root/usr/libexec/abstat/"
done
for f in "$x"/tests/progs/*; do
	case $f in *.d) continue ;; esac
	cp "$f" "$root/lab/progs/"
done
[ -z "${LAB_EXTRA:-}" ] || cp -r "$LAB_EXTRA"/. "$root/lab/extra/"
printf 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/:/bin/sh\n' >"$root/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' >"$root/etc/group"
# strip: a smaller archive unpacks faster under emulation
strip=${LAB_CROSS}strip
command -v "$strip" >/dev/null || strip=strip
"$strip" "$root/usr/bin/abstat" "$root"/usr/libexec/abstat/* \
	"$root"/lab/progs/* 2>/dev/null || true
(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0) |
	gzip -1 >"$out.tmp"
mv "$out.tmp" "$out"
echo "$key" >"$out.key"
echo "$out"
