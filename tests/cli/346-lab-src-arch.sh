# make lab-src LAB_ARCH=x86_64 (issue 54; lab/src.sh) without a build or
# the kernel source: the cache keys and the messages of src.sh, driven
# with a stand-in tarball and LAB_SRC_NOBUILD=1 (the error names the
# image it would build and its key). x86_64's variants are pv, nopv,
# xxl, smp and up, arm64's stay pv, nopv and initfree; smp is pv (the
# same lines, the same key, so the same bzImage); a key reads its own
# architecture's fragment (lab/src-x86_64.config or lab/src.config) and
# not the other's, so arm64's cached Images survive a change to x86_64's.
test_lazy_prereq GCC_X86 'command -v x86_64-linux-gnu-gcc'
test_lazy_prereq GCC_ARM64 'command -v aarch64-linux-gnu-gcc'
test_require GCC_X86,GCC_ARM64
T=$TESTTMP/top
mkdir -p "$T/lab"
cp "$TOP/lab/src.sh" "$TOP/lab/lib.sh" "$TOP/lab/src.config" "$TOP/lab/src-x86_64.config" "$T/lab/"
: >"$TESTTMP/linux-source-6.1.tar.xz"

# key ARCH VARIANT: the variant's cache key (from the error of an image
# not cached), in $TESTTMP/key; the error in $TESTTMP/err
key() {
	env TOP="$T" LAB="$TESTTMP/lab" LAB_ARCH=$1 LAB_SRC_NOBUILD=1 \
		LAB_SRC_TARBALL="$TESTTMP/linux-source-6.1.tar.xz" \
		sh "$T/lab/src.sh" image "$2" >"$TESTTMP/out" 2>"$TESTTMP/err" &&
		fail "image $2 ($1): built or found, not an error"
	[ "$(wc -l <"$TESTTMP/err")" -eq 1 ] || { cat "$TESTTMP/err"; fail "image $2 ($1): not one line"; }
	sed -n 's|.*(.*/src/images/\([0-9a-f]\{16\}\)).*|\1|p' "$TESTTMP/err" >"$TESTTMP/key"
	[ -s "$TESTTMP/key" ] || { cat "$TESTTMP/err"; fail "image $2 ($1): no key in the error"; }
}

test_expect_success 'x86_64: a bzImage not cached is an error naming it, its key and LAB_ARCH' '
	key x86_64 xxl &&
	grep_err "^lab: error: variant xxl: no cached bzImage \($TESTTMP/lab/src/images/[0-9a-f]{16}\); run make lab-src LAB_ARCH=x86_64\$"
'
test_expect_success 'arm64: the same message as before, an Image, no LAB_ARCH' '
	key arm64 pv &&
	grep_err "^lab: error: variant pv: no cached Image \($TESTTMP/lab/src/images/[0-9a-f]{16}\); run make lab-src\$"
'
test_expect_success 'the keys: smp is pv, every other variant its own, each architecture its own' '
	for v in x86_64:pv x86_64:smp x86_64:nopv x86_64:xxl x86_64:up arm64:pv arm64:nopv arm64:initfree; do
		key ${v%:*} ${v#*:} && echo "$(cat "$TESTTMP/key") $v" >>"$TESTTMP/keys" || return 1
	done &&
	cat "$TESTTMP/keys" &&
	[ "$(grep -c " x86_64:pv\$\| x86_64:smp\$" "$TESTTMP/keys")" -eq 2 ] &&
	[ "$(grep " x86_64:pv\$" "$TESTTMP/keys" | cut -d" " -f1)" = "$(grep " x86_64:smp\$" "$TESTTMP/keys" | cut -d" " -f1)" ] &&
	[ "$(cut -d" " -f1 "$TESTTMP/keys" | sort -u | wc -l)" -eq 7 ]
'
test_expect_success 'a key reads its own fragment only: arm64 keeps its keys when x86_64s changes' '
	key arm64 pv && cp "$TESTTMP/key" "$TESTTMP/arm0" &&
	key x86_64 pv && cp "$TESTTMP/key" "$TESTTMP/x860" &&
	echo CONFIG_HZ_1000=y >>"$T/lab/src-x86_64.config" &&
	key arm64 pv && cmp "$TESTTMP/arm0" "$TESTTMP/key" &&
	key x86_64 pv && ! cmp -s "$TESTTMP/x860" "$TESTTMP/key" &&
	cp "$TESTTMP/key" "$TESTTMP/x861" &&
	echo CONFIG_HZ_1000=y >>"$T/lab/src.config" &&
	key x86_64 pv && cmp "$TESTTMP/x861" "$TESTTMP/key" &&
	key arm64 pv && ! cmp -s "$TESTTMP/arm0" "$TESTTMP/key"
'
test_expect_success 'an unknown variant: the architecture'"'"'s list, one line' '
	expect_exit 1 env TOP="$T" LAB="$TESTTMP/lab" LAB_ARCH=x86_64 LAB_SRC_TARBALL="$TESTTMP/linux-source-6.1.tar.xz" \
		sh "$T/lab/src.sh" image initfree &&
	[ "$(cat "$TESTTMP/err")" = "lab: error: variant '\''initfree'\'': one of pv, nopv, xxl, smp, up (LAB_ARCH=x86_64)" ] &&
	expect_exit 1 env TOP="$T" LAB="$TESTTMP/lab" LAB_ARCH=arm64 LAB_SRC_TARBALL="$TESTTMP/linux-source-6.1.tar.xz" \
		sh "$T/lab/src.sh" image xxl &&
	[ "$(cat "$TESTTMP/err")" = "lab: error: variant '\''xxl'\'': one of pv, nopv, initfree" ]
'
test_done
