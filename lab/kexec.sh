#!/bin/sh
# kexec.sh DIR: what a guest needs to kexec between the lab's kernels and
# keep its results on a virtio disk, as a tree DIR to add to its initrd
# (tests/lab/t/060-boots-kexec.sh): /usr/bin/kexec, Debian's kexec-tools
# for arm64 (kexec_load: Debian's arm64 kernels have CONFIG_KEXEC but
# not CONFIG_KEXEC_FILE) run by its own loader from /lab/kexec with
# arm64 glibc (the cross toolchain's), zlib (zlib1g:arm64) and a stub of
# libxenctrl (kexec-tools links it for Xen dom0s, which the guest is
# not: every stub fails, so kexec takes its plain Linux path); and per
# kernel release the modules of a virtio-mmio disk with ext4,
# /lib/modules/RELEASE/*.ko (uncompressed) with load, their insmod order.
# The kernels: LAB_KERNELS ("6.1 6.12"), from build/lab's cache.
set -eu
. "$(dirname "$0")/lib.sh"
lab_prep_lock

dir=${1:?usage: kexec.sh DIR}
cc=${LAB_CROSS}gcc
libc=$("$cc" -print-file-name=libc.so.6)
ld=$("$cc" -print-file-name=ld-linux-aarch64.so.1)
[ -f "$libc" ] && [ -f "$ld" ] || lab_die "$cc has no arm64 libc.so.6 (apt-get install gcc-$LAB_CROSS)"
rm -rf "$dir"
mkdir -p "$dir/lab/kexec" "$dir/usr/bin"
lab_fetch kexec-tools "$LAB/kexec-tools"
lab_fetch zlib1g "$LAB/zlib1g"
cp "$LAB/kexec-tools/sbin/kexec" "$dir/lab/kexec/kexec.bin"
cp "$libc" "$dir/lab/kexec/libc.so.6"
cp "$ld" "$dir/lab/kexec/ld-linux-aarch64.so.1"
cp "$(ls "$LAB"/zlib1g/lib/aarch64-linux-gnu/libz.so.1* | head -n 1)" "$dir/lab/kexec/libz.so.1"
# the stub: every symbol kexec takes from libxenctrl, versioned as it asks
syms=$(aarch64-linux-gnu-nm -D --undefined-only "$dir/lab/kexec/kexec.bin" |
	sed -n 's/^ *U \(xc_[A-Za-z0-9_]*\)@VERS_4.17.0$/\1/p')
[ -n "$syms" ] || lab_die "kexec.sh: kexec-tools takes nothing from libxenctrl: update the stub"
{
	echo 'char xc__hypercall_buffer_HYPERCALL_BUFFER_NULL[64];'
	for s in $syms; do
		[ "$s" = xc__hypercall_buffer_HYPERCALL_BUFFER_NULL ] ||
			echo "long $s(void) { return -1; }"
	done
} | sed 's/long xc_interface_open(void) { return -1; }/void *xc_interface_open(void) { return 0; }/' >"$dir/xenstub.c"
echo 'VERS_4.17.0 { global: xc_*; local: *; };' >"$dir/xenstub.map"
"$cc" -shared -fPIC -nostdlib -o "$dir/lab/kexec/libxenctrl.so.4.17" \
	-Wl,-soname,libxenctrl.so.4.17 -Wl,--version-script="$dir/xenstub.map" \
	"$dir/xenstub.c" || lab_die "kexec.sh: the libxenctrl stub does not build"
rm -f "$dir/xenstub.c" "$dir/xenstub.map"
cat >"$dir/usr/bin/kexec" <<'SH'
#!/bin/sh
exec /lab/kexec/ld-linux-aarch64.so.1 --library-path /lab/kexec /lab/kexec/kexec.bin "$@"
SH
chmod 755 "$dir/usr/bin/kexec"

# the disk's modules, in their insmod order (ext4: jbd2, mbcache, crc16;
# jbd2 and ext4 want crc32c first)
mods="virtio_mmio virtio_blk crc32c_generic crc16 mbcache jbd2 ext4"
for s in ${LAB_KERNELS:-6.1 6.12}; do
	k=$(sh "$TOP/lab/kernel.sh" "$s")
	rel=$(cat "$k/release")
	deb=$(ls "$LAB_CACHE/debs/$(cat "$k/package")_"*_arm64.deb | tail -n 1)
	m=$dir/lib/modules/$rel
	mkdir -p "$m" "$dir/tmp-$rel"
	dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$dir/tmp-$rel" --wildcards \
		$(for n in $mods; do printf '*/%s.ko* ' "$n"; done) ||
		lab_die "kexec.sh: $deb lacks one of: $mods"
	for n in $mods; do
		f=$(find "$dir/tmp-$rel" -name "$n.ko*" | head -n 1)
		case $f in
		*.ko.xz) xz -dc "$f" >"$m/$n.ko" ;;
		*.ko.zst) zstd -qdc "$f" >"$m/$n.ko" ;;
		*.ko) cp "$f" "$m/$n.ko" ;;
		*) lab_die "kexec.sh: no $n module in $deb" ;;
		esac
		echo "$n" >>"$m/load"
	done
	rm -rf "$dir/tmp-$rel"
done
echo "$dir"
