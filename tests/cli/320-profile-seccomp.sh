# Issue 51: kernel code that /proc/kallsyms does not list (a seccomp
# filter's JIT'd BPF) is [unknown], never the symbol before it. A
# program under a seccomp filter that reads getppid's argument (so the
# kernel's seccomp cache must run it) makes 2M getppid calls; profiled,
# no frame is named after a text section's marker (_einittext, _etext,
# _sinittext, __*_text_start or _end: the names every address past the
# kernel's text took before), and where the filter ran outside any
# listed symbol its frames are [unknown]_[k] (or a bpf_prog_ name where
# kallsyms lists the program).
# tags: alone
P=$BUILD/tests/progs
test_lazy_prereq KSAMPLING '{ [ "$(id -u)" -eq 0 ] || [ "$(cat /proc/sys/kernel/perf_event_paranoid)" -le 1 ]; } &&
	"$ABSTAT" profile -q -r 1 --warmup 0 -o "$TESTTMP/.k.json" -- true >/dev/null 2>&1'
test_lazy_prereq SECCOMP '"$BUILD/tests/progs/seccomp_spin" 1'

test_expect_success KSAMPLING,SECCOMP 'profile of a seccomp-filtered program' '
	expect_exit 0 $ABSTAT profile -q -r 3 -o "$TESTTMP/s.json" -- $P/seccomp_spin 2000000 &&
	json "\"\\n\".join(s for r in d[\"benchmarks\"][0][\"runs\"] for s, c in r[\"profile\"][\"stacks\"])" "$TESTTMP/s.json" |
		tr ";" "\n" | sort | uniq -c >"$TESTTMP/frames" &&
	grep -q "seccomp_filter_\[k\]" "$TESTTMP/frames" ||
		{ cat "$TESTTMP/frames"; fail "no sample in the kernel seccomp filter"; }
'

test_expect_success KSAMPLING,SECCOMP 'no frame is named after a section marker' '
	if grep -E " (_einittext|_etext|_sinittext|_stext|__[a-z_]*_text_(start|end))_\[k\]$" "$TESTTMP/frames"; then
		fail "a section marker names a frame"
	fi
'

test_expect_success KSAMPLING,SECCOMP 'a frame the filter calls is a symbol, a bpf_prog_ or [unknown]' '
	json "\"\\n\".join(s for r in d[\"benchmarks\"][0][\"runs\"] for s, c in r[\"profile\"][\"stacks\"])" "$TESTTMP/s.json" |
		grep -o "seccomp_filter_\[k\];[^;]*" | cut -d";" -f2 | sort -u >"$TESTTMP/callees" &&
	cat "$TESTTMP/callees" &&
	while read -r f; do
		case $f in
		"[unknown]_[k]"|bpf_prog_*_\[k\]) ;;
		*_\[k\]) grep -q " ${f%_\[k\]}$" /proc/kallsyms ||
			fail "$f is not in kallsyms" ;;
		*) fail "$f under the filter is not a kernel frame" ;;
		esac
	done <"$TESTTMP/callees"
'
test_done
