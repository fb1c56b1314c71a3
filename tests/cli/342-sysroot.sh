# One opener for the files of /proc and /sys under a root (issue 52;
# src/base/sysroot.h): no file of src/ but sysroot.c makes such a path
# by hand ("%s/proc...", "%s/sys..."), and what reads through it still
# reads a fake root (ABSTAT_SYSROOT): doctor's governor and boot_id.
# And one reader of a result's config and environment (issue 52:
# src/result/result_keys.h, the keys named in src/base/rkeys.h): no file
# above src/result looks a key of a result's config or env up by a
# string of its own.
cd "$TOP" || fail "no tree at $TOP"

test_expect_success 'no path under a root made by hand in src/' '
	grep -rnE "\"%s/(proc|sys)" src --include="*.c" --include="*.h" |
		grep -v "^src/base/sysroot\.[ch]:" >"$TESTTMP/hand" || : &&
	{ [ ! -s "$TESTTMP/hand" ] || { cat "$TESTTMP/hand"; fail "paths under a root made by hand (use sysroot.h)"; }; }
'
test_expect_success 'a planted one is found' '
	printf "%s\n" "snprintf(p, n, \"%s/proc/x\", root);" >"$TESTTMP/x.c" &&
	grep -qE "\"%s/(proc|sys)" "$TESTTMP/x.c" || fail "the pattern misses a planted path"
'
test_expect_success 'no key of a result.s config or env looked up by a string above src/result' '
	pat="json_object_get\\([][a-z0-9_>.-]*(->|\\.)(config|env), *\"" &&
	grep -rnE "$pat" src --include="*.c" | grep -v "^src/result/" >"$TESTTMP/keys" || : &&
	{ [ ! -s "$TESTTMP/keys" ] || { cat "$TESTTMP/keys"; fail "keys looked up by hand (use result_keys.h)"; }; } &&
	printf "%s\n" "v = json_object_get(r->config, \"repeat\");" >"$TESTTMP/y.c" &&
	grep -qE "$pat" "$TESTTMP/y.c" || fail "the pattern misses a planted lookup"
'
test_expect_success 'doctor reads a fake root through it' '
	d=$TESTTMP/root/sys/devices/system/cpu/cpu0/cpufreq &&
	mkdir -p "$d" && echo sysroot-governor >"$d/scaling_governor" &&
	ABSTAT_SYSROOT=$TESTTMP/root "$ABSTAT" doctor >"$TESTTMP/out" 2>&1 || : &&
	grep -q "sysroot-governor" "$TESTTMP/out" || { cat "$TESTTMP/out"; fail "doctor did not read the fake root"; }
'
test_done
