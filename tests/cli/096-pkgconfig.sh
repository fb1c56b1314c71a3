# abstat.pc: make install writes it for the directories it installs to;
# pkg-config then finds abstat.h, and a program built with its flags
# alone includes it.
test_lazy_prereq PKG_CONFIG 'command -v pkg-config && command -v cc'
root=$TESTTMP/root
mk() {
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		make --no-print-directory -C "$TOP" "$@" >"$TESTTMP/make.log" 2>&1 ||
		{ cat "$TESTTMP/make.log"; fail "make $*"; }
}
pc() {
	PKG_CONFIG_PATH= PKG_CONFIG_LIBDIR="$root$1/share/pkgconfig" \
		PKG_CONFIG_SYSROOT_DIR="$root" pkg-config "$2" abstat
}

test_expect_success 'make install writes share/pkgconfig/abstat.pc' '
	mk install DESTDIR="$root" PREFIX=/usr/local &&
	[ -f "$root/usr/local/share/pkgconfig/abstat.pc" ] || fail "no abstat.pc"
'
test_expect_success PKG_CONFIG 'pkg-config: the version, and -I the installed include directory' '
	[ "$(pc /usr/local --modversion)" = "$(cat VERSION)" ] || fail "version $(pc /usr/local --modversion)" &&
	cflags=$(echo $(pc /usr/local --cflags)) && libs=$(echo $(pc /usr/local --libs)) &&
	{ [ "$cflags" = "-I$root/usr/local/include" ] || fail "cflags: $cflags"; } &&
	{ [ -z "$libs" ] || fail "libs for a header-only package: $libs"; }
'
test_expect_success PKG_CONFIG 'a program built with its --cflags alone includes abstat.h' '
	printf "#include <abstat.h>\nint main(void) { abstat_begin(); abstat_end(); return abstat_ops(1); }\n" \
		>"$TESTTMP/p.c" &&
	cc -std=c99 -D_POSIX_C_SOURCE=200809L $(pc /usr/local --cflags) -o "$TESTTMP/p" "$TESTTMP/p.c" &&
	"$TESTTMP/p" || fail "the program does not build or run"
'
test_expect_success PKG_CONFIG 'PREFIX=/usr INCLUDEDIR=/usr/include/x: the file says so' '
	mk install DESTDIR="$TESTTMP/root2" PREFIX=/usr INCLUDEDIR=/usr/include/x &&
	grep -qx "includedir=/usr/include/x" "$TESTTMP/root2/usr/share/pkgconfig/abstat.pc" &&
	grep -qx "prefix=/usr" "$TESTTMP/root2/usr/share/pkgconfig/abstat.pc" ||
		{ cat "$TESTTMP/root2/usr/share/pkgconfig/abstat.pc"; fail "directories not in abstat.pc"; }
'
test_expect_success 'make uninstall removes it' '
	mk uninstall DESTDIR="$root" PREFIX=/usr/local &&
	if [ -e "$root/usr/local/share/pkgconfig/abstat.pc" ]; then fail "abstat.pc left"; fi
'
test_done
