# debian/: a copy of the tree (no build outputs, no .git) under $TESTTMP
# builds a .deb with dpkg-buildpackage -us -uc -b (bounded by timeout),
# lintian finds no error in it (the two static helpers are overridden,
# with the reason, in debian/abstat.lintian-overrides), and the abstat it
# holds, unpacked anywhere, finds its workloads and chart scripts. Its
# Depends names libpfm4, libpapi and libdw (dlopen()ed: dpkg-shlibdeps
# cannot see them).
# tags: slow
test_require PLAIN_BUILD
test_lazy_prereq DEB 'command -v dpkg-buildpackage && command -v dh &&
	command -v lintian && command -v timeout && dpkg-checkbuilddeps "$TOP/debian/control"'
src=$TESTTMP/pkg/abstat
ver=$(cat VERSION)
arch=$(dpkg --print-architecture 2>/dev/null)
deb=$TESTTMP/pkg/abstat_${ver}_$arch.deb

test_expect_success 'debian/changelog names the version of VERSION' '
	head -1 debian/changelog | grep -q "^abstat ($ver) " ||
		fail "changelog: $(head -1 debian/changelog), VERSION: $ver"
'
test_expect_success DEB 'dpkg-buildpackage -us -uc -b builds the .deb' '
	mkdir -p "$src" &&
	tar -C "$TOP" --exclude=./build --exclude=./abstat --exclude=./.git -cf - . |
		tar -C "$src" -xf - &&
	(cd "$src" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		timeout 600 dpkg-buildpackage -us -uc -b) >"$TESTTMP/build.log" 2>&1 ||
		{ tail -30 "$TESTTMP/build.log"; fail "dpkg-buildpackage failed"; }
	[ -f "$deb" ] || { ls "$TESTTMP/pkg"; fail "no $deb"; }
'
test_expect_success DEB 'lintian: no error' '
	[ -f "$deb" ] || fail "no .deb (case above)"
	timeout 300 lintian --fail-on error "$TESTTMP/pkg/abstat_${ver}_$arch.changes" \
		>"$TESTTMP/lintian" 2>&1 || { cat "$TESTTMP/lintian"; fail "lintian errors"; }
	if grep "^E:" "$TESTTMP/lintian"; then fail "lintian errors"; fi
'
test_expect_success DEB 'the .deb holds abstat, its workloads, plots, pages, completion, abstat.pc' '
	dpkg-deb -c "$deb" | awk "{ print \$6 }" >"$TESTTMP/files" &&
	for f in usr/bin/abstat usr/libexec/abstat/abstat-spawn usr/libexec/abstat/getppid \
		usr/share/abstat/plots/delta.gp usr/share/man/man1/abstat.1.gz \
		usr/share/man/man5/abstat-json.5.gz usr/share/bash-completion/completions/abstat \
		usr/include/abstat.h usr/share/pkgconfig/abstat.pc usr/share/doc/abstat/copyright; do
		grep -qx "./$f" "$TESTTMP/files" || fail "not in the .deb: $f"
	done
'
test_expect_success DEB 'Depends names libpfm4, libpapi and libdw, which abstat dlopen()s' '
	dpkg-deb -f "$deb" Depends >"$TESTTMP/depends" &&
	grep -Eq "(^|, )libpfm4(,|$| )" "$TESTTMP/depends" &&
	grep -Eq "(^|, )libpapi[0-9.]+(,|$| )" "$TESTTMP/depends" &&
	grep -Eq "(^|, )libdw1(,|$| )" "$TESTTMP/depends" ||
		fail "Depends: $(cat "$TESTTMP/depends")"
'
test_expect_success DEB 'unpacked: abstat.pc says /usr/include; abstat finds its workloads' '
	dpkg-deb -x "$deb" "$TESTTMP/x" &&
	grep -qx "includedir=/usr/include" "$TESTTMP/x/usr/share/pkgconfig/abstat.pc" ||
		fail "abstat.pc: $(cat "$TESTTMP/x/usr/share/pkgconfig/abstat.pc")"
	unset ABSTAT_WORKLOAD_DIR ABSTAT_PLOTS_DIR &&
	expect_exit 0 "$TESTTMP/x/usr/bin/abstat" --version &&
	grep_out "$ver" &&
	expect_exit 0 "$TESTTMP/x/usr/bin/abstat" workloads &&
	if [ -s "$TESTTMP/err" ]; then cat "$TESTTMP/err"; fail "unpacked: workloads missing"; fi
'
test_done
