# make install into a temporary DESTDIR (PREFIX=/usr/local): the installed
# abstat finds its workloads (libexec/abstat, with exec-target) and chart
# scripts (share/abstat/plots) relative to itself, with no ABSTAT_*_DIR;
# the man pages render; the installed bash completion completes commands,
# options and values from the installed abstat (093-completion.sh holds
# it to every command's --help); make uninstall leaves no file behind.
# install only copies (no rebuild).
# Everything is under $TESTTMP (0700 is fine: nothing runs as another user).
root=$TESTTMP/root
pre=$root/usr/local
A=$pre/bin/abstat
mk() {
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		make --no-print-directory -C "$TOP" "$@" \
		DESTDIR="$root" PREFIX=/usr/local >"$TESTTMP/make.log" 2>&1 ||
		{ cat "$TESTTMP/make.log"; fail "make $*"; }
	if grep -Eq '^ +(CC|LD|WL|UNIT) |(^| )(cc|gcc|clang) ' "$TESTTMP/make.log"; then
		cat "$TESTTMP/make.log"; fail "make $* compiled something"
	fi
	return 0
}

# --- install: only copies
test_expect_success 'make install copies, compiles nothing' '
	mk install
'
test_expect_success 'the installed files are there, programs executable' '
	for f in bin/abstat include/abstat.h share/bash-completion/completions/abstat \
		share/abstat/plots/delta.gp share/abstat/plots/runs.gp \
		share/abstat/plots/scaling.gp libexec/abstat/exec-target \
		share/man/man1/abstat.1 share/man/man1/abstat-run.1 \
		share/man/man5/abstat-result.5 share/man/man7/abstat-workloads.7 \
		share/pkgconfig/abstat.pc; do
		[ -f "$pre/$f" ] || fail "not installed: $f"
	done
	[ -x "$pre/bin/abstat" ] && [ -x "$pre/libexec/abstat/exec-target" ] ||
		fail "installed programs not executable"
'
test_expect_success 'the installed abstat is ./abstat' '
	cmp -s "$pre/bin/abstat" "$ABSTAT" || fail "installed abstat differs from ./abstat"
'

# the installed binary, from elsewhere, with no directory variables
test_expect_success 'installed: abstat workloads lists every workload, each installed' '
	unset ABSTAT_WORKLOAD_DIR ABSTAT_PLOTS_DIR && cd "$TESTTMP" &&
	expect_exit 0 "$A" workloads &&
	if [ -s "$TESTTMP/err" ]; then cat "$TESTTMP/err"; fail "installed workloads: missing ones"; fi &&
	wl=$(awk "NR > 1 && NF == 0 { exit } NR > 1 { print \$1 }" "$TESTTMP/out") &&
	{ [ "$(echo "$wl" | wc -l)" -ge 10 ] || fail "too few workloads listed: $wl"; } &&
	for w in $wl; do
		[ -x "$pre/libexec/abstat/$w" ] || fail "workload $w not installed"
	done &&
	echo "$wl" >"$TESTTMP/wl"
'
test_expect_success 'installed: exactly the expected files (pages, plots, 6 more, workloads)' '
	[ -s "$TESTTMP/wl" ] || fail "no workload list (case above)"
	n=$(find "$root" -type f | wc -l)
	nexp=$(( $(ls man/*.[157] | wc -l) + $(ls plots/*.gp | wc -l) + 6 + $(wc -l <"$TESTTMP/wl") ))
	[ "$n" -eq "$nexp" ] || { find "$root" -type f; fail "installed $n files, expected $nexp"; }
'
test_expect_success 'installed: -w getppid runs libexec/abstat/getppid' '
	unset ABSTAT_WORKLOAD_DIR ABSTAT_PLOTS_DIR && cd "$TESTTMP" &&
	expect_exit 0 "$A" run -q -r 2 -w getppid -o x.json &&
	ran=$(json "d[\"benchmarks\"][0][\"argv\"][0]" x.json) &&
	{ [ "$(realpath "$ran")" = "$(realpath "$pre/libexec/abstat/getppid")" ] ||
		fail "ran $ran, not the installed getppid"; }
'
test_expect_success 'installed: runs are born from libexec/abstat/abstat-spawn' '
	unset ABSTAT_WORKLOAD_DIR ABSTAT_PLOTS_DIR && cd "$TESTTMP" &&
	[ -x "$pre/libexec/abstat/abstat-spawn" ] || fail "abstat-spawn not installed"
	expect_exit 0 "$A" run -q -r 1 --warmup 0 -- /bin/true &&
	if grep abstat-spawn "$TESTTMP/err"; then fail "installed abstat-spawn not found"; fi
'
test_expect_success 'installed: -w exec finds exec-target' '
	unset ABSTAT_WORKLOAD_DIR ABSTAT_PLOTS_DIR && cd "$TESTTMP" &&
	expect_exit 0 "$A" run -q -r 1 --warmup 0 -w exec
'
test_expect_success 'installed: plot -o x.gp finds the chart scripts' '
	unset ABSTAT_WORKLOAD_DIR ABSTAT_PLOTS_DIR && cd "$TESTTMP" &&
	[ -s x.json ] || fail "no x.json (case above)"
	expect_exit 0 "$A" plot x.json -o x.gp &&
	grep -q . x.gp || fail "empty x.gp"
'
test_expect_success GNUPLOT 'installed: plot -o x.txt renders' '
	unset ABSTAT_WORKLOAD_DIR ABSTAT_PLOTS_DIR && cd "$TESTTMP" &&
	expect_exit 0 "$A" plot x.json -o x.txt &&
	grep -q . x.txt || fail "empty x.txt"
'
# and it is those directories that were found: hide them and it fails
test_expect_success 'installed: with libexec/abstat hidden, -w fails (not built or installed)' '
	unset ABSTAT_WORKLOAD_DIR ABSTAT_PLOTS_DIR && cd "$TESTTMP" &&
	mv "$pre/libexec/abstat" "$pre/libexec/hidden" &&
	"$A" run -q -r 1 -w getppid >"$TESTTMP/out" 2>"$TESTTMP/err"
	rc=$?
	mv "$pre/libexec/hidden" "$pre/libexec/abstat" || fail "cannot put libexec/abstat back"
	[ $rc -eq 2 ] || { cat "$TESTTMP/err"; fail "exit $rc, expected 2"; }
	grep_err "not built or installed"
'
test_expect_success 'installed: with share/abstat/plots hidden, plot fails naming it' '
	unset ABSTAT_WORKLOAD_DIR ABSTAT_PLOTS_DIR && cd "$TESTTMP" &&
	mv "$pre/share/abstat/plots" "$pre/share/abstat/hidden" &&
	"$A" plot --force x.json -o x.gp >"$TESTTMP/out" 2>"$TESTTMP/err"
	rc=$?
	mv "$pre/share/abstat/hidden" "$pre/share/abstat/plots" || fail "cannot put the plots back"
	[ $rc -ne 0 ] || fail "plot found a script with share/abstat/plots hidden"
	grep_err "share/abstat/plots"
'

# man pages render
for m in man/*.[157]; do
	sec=${m##*.} im=$pre/share/man/man${m##*.}/${m##*/}
	test_expect_success "installed man page man$sec/${m##*/} renders without warnings" '
		[ -f "$im" ] || fail "$im not installed"
		if command -v man >/dev/null 2>&1; then
			MANWIDTH=80 man -l "$im" >"$TESTTMP/man" 2>"$TESTTMP/w" || fail "$im: man failed"
		else
			groff -man -Tutf8 "$im" >"$TESTTMP/man" 2>"$TESTTMP/w" || fail "$im: groff failed"
		fi
		grep -q NAME "$TESTTMP/man" || fail "$im does not render"
		if [ -s "$TESTTMP/w" ]; then cat "$TESTTMP/w"; fail "$im: warnings"; fi
	'
done

# bash completion, installed copy, driving _abstat as bash would
ic=$pre/share/bash-completion/completions/abstat
complete_() {
	(cd "$TESTTMP" && bash -c '. "$0"; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _abstat
		echo "${COMPREPLY[*]}"' "$ic" "$A" "$@")
}
# expect_completion WANT WORD...: abstat WORD...<TAB> offers WANT
expect_completion() {
	exp=$1; shift
	got=$(complete_ "$@")
	[ "$got" = "$exp" ] || fail "abstat $*<TAB>: offers '$got', expected '$exp'"
}
for spec in "run|ru" "--repeat|run --rep" "getuid|run -w getu" \
	"getppid,exec|run -w getppid,ex" "syscalls|run --suite sy" \
	"mail markdown|versus --format m" "benchstat|versus --format = b" \
	"scaling|plot --kind sc" "perf papi|list --backend p" \
	"x.json|compare x.j"; do
	exp=${spec%%|*} words=${spec#*|}
	test_expect_success "installed completion: abstat $words<TAB> offers $exp" '
		[ -f "$ic" ] || fail "$ic not installed"
		expect_completion "$exp" $words
	'
done
test_expect_success 'installed completion: abstat run -r <TAB> offers nothing' '
	[ -f "$ic" ] || fail "$ic not installed"
	expect_completion "" run -r ""
'

# --- uninstall: nothing left but (at most) empty directories
test_expect_success 'make uninstall leaves no file behind' '
	[ -d "$root" ] || fail "nothing installed (case above)"
	mk uninstall
	left=$(find "$root" ! -type d)
	[ -z "$left" ] || fail "left after uninstall: $left"
'
test_done
