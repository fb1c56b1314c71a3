# make install into a temporary DESTDIR (PREFIX=/usr/local): the installed
# abstat finds its workloads (libexec/abstat, with exec-target) and chart
# scripts (share/abstat/plots) relative to itself, with no ABSTAT_*_DIR;
# the man pages render; the installed bash completion completes commands,
# options and values from the installed abstat (093-completion.sh holds
# it to every command's --help); make uninstall leaves no file behind.
# install only copies (no rebuild).
root=$TESTTMP/root
pre=$root/usr/local
mk() {
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		make --no-print-directory -C "$TOP" "$@" \
		DESTDIR="$root" PREFIX=/usr/local >"$TESTTMP/make.log" 2>&1 ||
		{ cat "$TESTTMP/make.log"; fail "make $*"; }
	grep -Eq '^ +(CC|LD|WL|UNIT) |(^| )(cc|gcc|clang) ' "$TESTTMP/make.log" &&
		{ cat "$TESTTMP/make.log"; fail "make $* compiled something"; }
	return 0
}

# --- install: only copies
mk install
for f in bin/abstat include/abstat.h share/bash-completion/completions/abstat \
	share/abstat/plots/delta.gp share/abstat/plots/runs.gp \
	share/abstat/plots/scaling.gp libexec/abstat/exec-target \
	share/man/man1/abstat.1 share/man/man1/abstat-run.1 \
	share/man/man5/abstat-result.5 share/man/man7/abstat-workloads.7; do
	[ -f "$pre/$f" ] || fail "not installed: $f"
done
[ -x "$pre/bin/abstat" ] && [ -x "$pre/libexec/abstat/exec-target" ] ||
	fail "installed programs not executable"
cmp -s "$pre/bin/abstat" "$ABSTAT" || fail "installed abstat differs from ./abstat"
n=$(find "$root" -type f | wc -l)
nfixed=$(( $(ls man/*.[157] | wc -l) + $(ls plots/*.gp | wc -l) + 4 ))

# the installed binary, from elsewhere, with no directory variables
unset ABSTAT_WORKLOAD_DIR ABSTAT_PLOTS_DIR
cd "$TESTTMP" || fail "cd"
A=$pre/bin/abstat
expect_exit 0 "$A" workloads
[ -s "$TESTTMP/err" ] && { cat "$TESTTMP/err"; fail "installed workloads: missing ones"; }
wl=$(awk 'NR > 1 && NF == 0 { exit } NR > 1 { print $1 }' "$TESTTMP/out")
[ "$(echo "$wl" | wc -l)" -ge 10 ] || fail "too few workloads listed: $wl"
for w in $wl; do
	[ -x "$pre/libexec/abstat/$w" ] || fail "workload $w not installed"
done
[ "$n" -eq $((nfixed + $(echo "$wl" | wc -l))) ] ||
	{ find "$root" -type f; fail "installed $n files, expected $((nfixed + $(echo "$wl" | wc -l)))"; }
expect_exit 0 "$A" run -q -r 2 -w getppid -o x.json
ran=$(json 'd["benchmarks"][0]["argv"][0]' x.json)
[ "$(realpath "$ran")" = "$(realpath "$pre/libexec/abstat/getppid")" ] ||
	fail "ran $ran, not the installed getppid"
expect_exit 0 "$A" run -q -r 1 --warmup 0 -w exec
expect_exit 0 "$A" plot x.json -o x.gp
grep -q . x.gp || fail "empty x.gp"
if command -v gnuplot >/dev/null 2>&1; then
	expect_exit 0 "$A" plot x.json -o x.txt
	grep -q . x.txt || fail "empty x.txt"
fi
# and it is those directories that were found: hide them and it fails
mv "$pre/libexec/abstat" "$pre/libexec/hidden"
expect_exit 2 "$A" run -q -r 1 -w getppid
grep_err "not built or installed"
mv "$pre/libexec/hidden" "$pre/libexec/abstat"
mv "$pre/share/abstat/plots" "$pre/share/abstat/hidden"
"$A" plot --force x.json -o x.gp >"$TESTTMP/out" 2>"$TESTTMP/err" &&
	fail "plot found a script with share/abstat/plots hidden"
grep_err 'share/abstat/plots'
mv "$pre/share/abstat/hidden" "$pre/share/abstat/plots"

# man pages render
for m in "$pre"/share/man/man?/*; do
	if command -v man >/dev/null 2>&1; then
		MANWIDTH=80 man -l "$m" >"$TESTTMP/man" 2>"$TESTTMP/w"
	else
		groff -man -Tutf8 "$m" >"$TESTTMP/man" 2>"$TESTTMP/w"
	fi
	grep -q NAME "$TESTTMP/man" || fail "$m does not render"
	[ -s "$TESTTMP/w" ] && { cat "$TESTTMP/w"; fail "$m: warnings"; }
done

# bash completion, installed copy, driving _abstat as bash would
ic=$pre/share/bash-completion/completions/abstat
complete_() {
	bash -c '. "$0"; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _abstat
		echo "${COMPREPLY[*]}"' "$ic" "$A" "$@"
}
[ "$(complete_ ru)" = run ] || fail "abstat ru<TAB>: $(complete_ ru)"
[ "$(complete_ run --rep)" = --repeat ] || fail "abstat run --rep<TAB>: $(complete_ run --rep)"
[ "$(complete_ run -w getp)" = getppid ] || fail "-w getp<TAB>: $(complete_ run -w getp)"
[ "$(complete_ run -w getppid,ex)" = getppid,exec ] || fail "-w getppid,ex<TAB>"
[ "$(complete_ run --suite sy)" = syscalls ] || fail "--suite sy<TAB>"
[ "$(complete_ versus --format m)" = "mail markdown" ] || fail "--format m<TAB>"
[ "$(complete_ versus --format = b)" = benchstat ] || fail "--format=b<TAB>"
[ "$(complete_ plot --kind sc)" = scaling ] || fail "--kind sc<TAB>"
[ "$(complete_ list --backend p)" = "perf papi" ] || fail "--backend p<TAB>"
[ "$(complete_ compare x.j)" = x.json ] || fail "compare x.j<TAB>: $(complete_ compare x.j)"
[ "$(complete_ run -r '')" = "" ] || fail "run -r <TAB> offers $(complete_ run -r '')"

# --- uninstall: nothing left but (at most) empty directories
cd "$TOP" || fail "cd"
mk uninstall
left=$(find "$root" ! -type d)
[ -z "$left" ] || fail "left after uninstall: $left"
