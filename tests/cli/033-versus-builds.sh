# versus compares different commands by design: two builds of one program
# (their binaries differ: not refused as an environment difference), a
# built-in workload per -w, --allow-env-diff; without -o every run is still
# journaled (in $XDG_STATE_HOME/abstat, else ~/.local/state/abstat), kept
# and named when versus stops before its table, removed after it.
# tags: alone
P=$BUILD/tests/progs
test_lazy_prereq CC 'command -v cc'

# two builds of one tiny program: "new" does three times the work of "old",
# enough work (20M loops, tens of ms) that a process start and a busy
# machine cannot hide it (with 1M loops CI once saw +40% instead of +200%)
build() {
	mkdir -p "$TESTTMP/b" && cd "$TESTTMP/b" || return 1
	for v in old:20 new:60; do
		printf 'int main(void) { volatile long i; for (i = 0; i < %d000000L; i++); return 0; }\n' \
			"${v#*:}" >"${v%:*}.c" &&
			cc -O1 -o "${v%:*}" "${v%:*}.c" || return 1
	done
}

test_expect_success CC 'two builds: versus -n old,new ./old ./new runs, exit 0' '
	build &&
	expect_exit 0 $ABSTAT versus -q -r 4 -e task-clock -n old,new ./old ./new &&
	grep_out "^versus old: \./old\$" && grep_out "^ +new: \./new\$" &&
	grep_out "^task-clock "
'
test_expect_success CC 'two builds: the binaries differ, new is slower, no env difference shown' '
	cd "$TESTTMP/b" &&
	expect_exit 0 $ABSTAT versus -q -r 5 -e task-clock --format json -n old,new -o "$TESTTMP/bv" ./old ./new &&
	python3 - "$TESTTMP/out" "$TESTTMP/bv-old.json" "$TESTTMP/bv-new.json" <<-\PY
	import json, sys
	d = json.load(open(sys.argv[1]))
	assert not [e for e in d["env_diff"] if e["key"].startswith("workloads")], d["env_diff"]
	dl = [r for r in d["rows"] if r["metric"] == "task-clock"][0]["deltas"][0]
	print(dl)
	assert dl["delta"] > 1.0, dl
	a = json.load(open(sys.argv[2]))["env"]["workloads"]
	b = json.load(open(sys.argv[3]))["env"]["workloads"]
	print(a, b)
	assert a[0]["sha256"] != b[0]["sha256"], (a, b)
	PY
'
test_expect_success CC 'two builds saved: compared later as one interleaved session, binaries not refused' '
	expect_exit 0 $ABSTAT compare -q "$TESTTMP/bv-old.json" "$TESTTMP/bv-new.json" &&
	grep_out "interleaved" && nogrep_out "workloads\." &&
	expect_exit 0 $ABSTAT compare -q --format json "$TESTTMP/bv-old.json" "$TESTTMP/bv-new.json" &&
	json "d[\"design\"]" "$TESTTMP/out" | grep -q "^interleaved\$" || fail "not one interleaved session"
'
test_expect_success CC 'the saved sides as if from two sessions: the binaries are refused unless allowed' '
	python3 -c "import json,sys; d=json.load(open(sys.argv[1])); d[\"config\"][\"session\"]=\"0123456789abcdef\"; json.dump(d, open(sys.argv[2], \"w\"))" \
		"$TESTTMP/bv-new.json" "$TESTTMP/other.json" &&
	expect_exit 2 $ABSTAT compare -q "$TESTTMP/bv-old.json" "$TESTTMP/other.json" &&
	one_line_err && grep_err "workloads" &&
	expect_exit 0 $ABSTAT compare -q --allow-env-diff workloads "$TESTTMP/bv-old.json" "$TESTTMP/other.json" &&
	grep_out "1 session/side"
'
test_expect_success 'a wrapper script against the program it wraps: exit 0' '
	printf "#!/bin/sh\nexec %s \"\$@\"\n" "$P/spin" >"$TESTTMP/wrap" && chmod +x "$TESTTMP/wrap" &&
	expect_exit 0 $ABSTAT versus -q -r 4 -e task-clock "$P/spin 1000" "$TESTTMP/wrap 1000" &&
	grep_out "^task-clock "
'

test_expect_success '-w per side: -w getppid:-n 1000 -w getuid:-n 1000, sides shown as given' '
	expect_exit 0 $ABSTAT versus -q -r 4 -e task-clock -w "getppid:-n 1000" -w "getuid:-n 1000" &&
	grep_out "^versus A: -w getppid:-n 1000\$" && grep_out "^ +B: -w getuid:-n 1000\$" &&
	grep_out "^(ns|task-clock)/op "
'
test_expect_success '-w per side: the runs are the workloads with their arguments' '
	expect_exit 0 $ABSTAT versus -q -r 4 -e task-clock -o "$TESTTMP/w" -w "getppid:-n 1000" -w getuid:"-n 2000" &&
	got=$(json "d[\"benchmarks\"][0][\"workload\"], d[\"benchmarks\"][0][\"argv\"][1:], d[\"benchmarks\"][0][\"runs\"][1][\"ops\"]" "$TESTTMP/w-A.json")/$(json "d[\"benchmarks\"][0][\"workload\"], d[\"benchmarks\"][0][\"runs\"][1][\"ops\"]" "$TESTTMP/w-B.json") &&
	[ "$got" = "getppid ['"'"'-n'"'"', '"'"'1000'"'"'] 1000/getuid 2000" ] || fail "sides: $got"
'
test_expect_success '-w LIST and a command: one side each, workloads first' '
	expect_exit 0 $ABSTAT versus -q -r 4 -e task-clock -w getppid:"-n 1000",getuid:"-n 1000" "$P/spin 1000" &&
	grep_out "^versus A: -w getppid" && grep_out "^ +B: -w getuid" && grep_out "^ +C: .*spin 1000\$"
'
test_expect_success 'one -w alone is one side: exit 2, one line' '
	expect_exit 2 $ABSTAT versus -q -r 4 -w getppid &&
	one_line_err && grep_err "at least two sides"
'

test_expect_success 'versus --allow-env-diff KEYS is taken (as by compare)' '
	expect_exit 0 $ABSTAT versus -q -r 4 -e task-clock --allow-env-diff cpufreq.governor,kernel.cmdline "$P/spin 1000" "$P/spin 1000" &&
	grep_out "^task-clock "
'
test_expect_success 'versus --allow-env-diff without its value: exit 2' '
	expect_exit 2 $ABSTAT versus -q --allow-env-diff &&
	one_line_err
'

# without -o: the journals
st=$TESTTMP/state/abstat
test_expect_success 'without -o, a table printed: no journal left' '
	rm -rf "$st" &&
	XDG_STATE_HOME=$TESTTMP/state expect_exit 0 $ABSTAT versus -q -r 4 -e task-clock "$P/spin 1000" "$P/spin 1000" &&
	[ -d "$st" ] || fail "no state directory $st" &&
	[ -z "$(ls "$st")" ] || fail "left in $st: $(ls "$st")"
'
test_expect_success 'without -o, a refusal: each side'"'"'s journal kept and named with abstat recover' '
	rm -rf "$st" &&
	XDG_STATE_HOME=$TESTTMP/state expect_exit 2 $ABSTAT versus -q -r 4 -e task-clock --metric no-such -n x,y "$P/spin 1000" "$P/spin 2000" &&
	grep_err "^abstat: error: compare: --metric" &&
	ls "$st"/versus-*-x.json.journal "$st"/versus-*-y.json.journal &&
	j=$(ls "$st"/versus-*-x.json.journal) &&
	grep_err "side x: its runs are kept in $j; .abstat recover $j -o x.json." &&
	[ "$(grep -c "abstat recover" "$TESTTMP/err")" -eq 2 ] || fail "not one line per side"
'
test_expect_success 'the kept journal recovers into a result with every run' '
	j=$(ls "$st"/versus-*-x.json.journal) &&
	expect_exit 0 $ABSTAT recover "$j" -o "$TESTTMP/x.json" &&
	got=$(json "d[\"label\"], len(d[\"benchmarks\"][0][\"runs\"]), d[\"benchmarks\"][0][\"argv\"][-1]" "$TESTTMP/x.json") &&
	[ "$got" = "x 5 1000" ] || fail "recovered: $got"
'
test_expect_success 'without -o and XDG_STATE_HOME: journaled in ~/.local/state/abstat' '
	mkdir -p "$TESTTMP/home" &&
	(unset XDG_STATE_HOME; HOME=$TESTTMP/home expect_exit 2 $ABSTAT versus -q -r 4 -e task-clock --metric no-such "$P/spin 1000" "$P/spin 1000") &&
	ls "$TESTTMP/home/.local/state/abstat"/versus-*-A.json.journal &&
	[ "$(stat -c %a "$TESTTMP/home/.local/state/abstat")" = 700 ] || fail "state directory not 0700"
'
test_expect_success 'without -o, every run of a side fails (-i): journals kept, exit 1' '
	rm -rf "$st" &&
	XDG_STATE_HOME=$TESTTMP/state expect_exit 1 $ABSTAT versus -q -i -r 3 -e task-clock "$P/spin 1000" /bin/false &&
	ls "$st"/versus-*-A.json.journal "$st"/versus-*-B.json.journal &&
	grep_err "side B: its runs are kept in"
'
test_done
