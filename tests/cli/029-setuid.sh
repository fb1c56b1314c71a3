# Installed set-user-ID or set-group-ID (AT_SECURE), abstat refuses to run
# with one error line and exit 7, before it reads its command line: the
# issue's reproducer (nobody runs a set-user-ID root copy with --user root
# to read /etc/shadow) prints nothing of the file. The copies live in a
# directory only root and nobody's group can reach, removed afterwards.

# suid_copy MODE: a copy of abstat with MODE in a directory only root and
# nobody's group may enter; prints its path. The caller removes it.
suid_copy() {
	_d=$(mktemp -d "${TMPDIR:-/tmp}/abstat-suid.XXXXXX") &&
		chgrp "$(id -g nobody)" "$_d" && chmod 0750 "$_d" &&
		cp "$ABSTAT" "$_d/abstat" && chmod "$1" "$_d/abstat" &&
		echo "$_d/abstat"
}
# on_nosuid PATH: PATH's filesystem ignores set-user-ID bits
on_nosuid() { findmnt -n -o OPTIONS -T "$1" | tr , '\n' | grep -qx nosuid; }
as_nobody() { setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups -- "$@"; }

test_expect_success ROOT,NOBODY 'set-user-ID root: one error line, exit 7, no shadow read' '
	bin=$(suid_copy 4755) || fail "cannot make the copy"
	trap "rm -rf \"${bin%/abstat}\"" EXIT
	if on_nosuid "$bin"; then skip "missing prerequisite SUID_FS: $bin is on a nosuid mount"; fi
	expect_exit 7 as_nobody "$bin" run -q -r 1 --warmup 0 --user root --show-output -e task-clock -- /bin/sh -c "head -c 20 /etc/shadow" &&
	one_line_err &&
	grep_err "^abstat: error: abstat is installed set-user-ID or set-group-ID" &&
	[ ! -s "$TESTTMP/out" ] || fail "stdout not empty"
'

test_expect_success ROOT,NOBODY 'set-group-ID: refused the same way, even --version' '
	bin=$(suid_copy 2755) && chgrp root "$bin" && chmod 2755 "$bin" || fail "cannot make the copy"
	trap "rm -rf \"${bin%/abstat}\"" EXIT
	if on_nosuid "$bin"; then skip "missing prerequisite SUID_FS: $bin is on a nosuid mount"; fi
	expect_exit 7 as_nobody "$bin" --version &&
	one_line_err && [ ! -s "$TESTTMP/out" ] || fail "stdout not empty"
'

test_expect_success ROOT,NOBODY 'the same copy without the bits runs for nobody' '
	bin=$(suid_copy 0755) || fail "cannot make the copy"
	trap "rm -rf \"${bin%/abstat}\"" EXIT
	expect_exit 0 as_nobody "$bin" --version &&
	grep_out "^abstat "
'

test_expect_success ROOT 'root running the set-user-ID root copy gains nothing: it runs' '
	bin=$(suid_copy 4755) || fail "cannot make the copy"
	trap "rm -rf \"${bin%/abstat}\"" EXIT
	if on_nosuid "$bin"; then skip "missing prerequisite SUID_FS: $bin is on a nosuid mount"; fi
	# euid == ruid: no AT_SECURE, nothing gained; abstat runs
	expect_exit 0 "$bin" --version
'
test_done
