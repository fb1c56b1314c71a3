# The EXAMPLES of every man/*.1 page run: each line between .EX and .EE
# that is an abstat command (after a "$ " prompt when the block shows one,
# "\" continuations joined, roff escapes undone) runs with /bin/sh in a
# directory of its own per page, in page order, with `abstat` being
# $ABSTAT, and exits 0 (1 allowed where it means "found a problem":
# doctor, --fail-on-regression). Files an example takes from another boot
# are made first by short runs (fixtures below); lines that cannot run
# here are listed in NOT_RUNNABLE with the reason. For speed every
# built-in workload runs with -n at 1/100 of its default, through wrapper
# scripts in ABSTAT_WORKLOAD_DIR: what is tested is the command lines
# (no example's duration matters).
#
# One case per page, with the prerequisites its examples need: GNUPLOT
# for abstat plot, CPUS2 for CPU 1 and --copies 2, PIDNS for a killed
# session's journal (kill -9 inside a PID namespace of its own).
test_lazy_prereq PIDNS 'unshare --pid --fork --mount-proc true || unshare --user --map-root-user --pid --fork --mount-proc true'
if unshare --pid --fork --mount-proc true 2>/dev/null; then
	pidns="unshare --pid --fork --mount-proc"
else
	pidns="unshare --user --map-root-user --pid --fork --mount-proc"
fi

# page|text in the command|why it cannot run here
NOT_RUNNABLE='
abstat-versus.1|./old --bench|./old and ./new stand for your two builds
abstat-bisect.1|--good v1.0|needs your repository with tags (tests/cli/250 makes one)
abstat-bisect.1|--good v6.1|a kernel repository and the lab (make lab-bisect runs it)
abstat-recover.1|-o side-a.json -s syscalls|killed by hand mid-session; its journal is a fixture
abstat-run.1|-o syscalls.json|stopped by hand with Ctrl-C; the result it saves is a fixture
abstat-flame.1|perf.txt|needs the output of perf record (tests/cli/142 makes one)
'

# fixtures PAGE: the files PAGE's examples take from other boots
fixtures() {
	case $1 in
	abstat-compare.1) echo defconfig.json paravirt.json a1.json a2.json \
		a3.json b1.json b2.json b3.json good.json test.json \
		k47.json k52.json kcur.json res/k47/b1.json res/k47/b2.json \
		res/k52/b1.json res/k52/b2.json ;;
	abstat-doctor.1) echo a.json b.json ;;
	abstat-plot.1) echo defconfig.json paravirt.json run.json a.json b.json \
		k47-1.json k47-2.json k52-1.json k52-2.json ;;
	abstat-recover.1) echo side-a.json.journal ;;
	abstat-run.1) echo syscalls.json ;;
	abstat-flame.1) echo stat.btrace stat-idle.btrace prof-a.json prof-b.json ;;
	abstat-import.1) echo hyperfine.json bench.txt stat.csv pyperf.json ;;
	esac
}

# abstat on PATH; workloads shortened (wrappers keep argv[0] of the real
# binary, so exec finds exec-target next to it)
mkdir -p "$TESTTMP/bin" "$TESTTMP/wl"
ln -s "$ABSTAT" "$TESTTMP/bin/abstat"
real=${ABSTAT_WORKLOAD_DIR:-$BUILD/workloads}
for w in $("$ABSTAT" workloads | awk 'NR > 1 && NF == 0 { exit } NR > 1 { print $1 }'); do
	def=$("$real/$w" -h 2>&1 | sed -n 's/^ *-n N .*(default \([0-9]*\)).*/\1/p')
	if [ -z "$def" ]; then
		echo "no default -n in '$w -h'" >"$TESTTMP/wrapper-errors"
		continue
	fi
	n=$((def / 100)); [ $n -ge 1 ] || n=1
	printf '#!/bin/sh\nexec "%s" -n %s "$@"\n' "$real/$w" $n >"$TESTTMP/wl/$w"
	chmod +x "$TESTTMP/wl/$w"
done
export ABSTAT_WORKLOAD_DIR="$TESTTMP/wl" PATH="$TESTTMP/bin:$PATH"

test_expect_success 'every workload has a shortened wrapper' '
	if [ -s "$TESTTMP/wrapper-errors" ]; then fail "$(cat "$TESTTMP/wrapper-errors")"; fi
	[ "$(ls "$TESTTMP/wl" | wc -l)" -ge 10 ] || fail "only $(ls "$TESTTMP/wl" | wc -l) wrappers"
'

# examples PAGE: its example commands, one a line
examples() {
	sed -n '/^\.SH EXAMPLES/,/^\.SH /p' "$1" |
		sed 's/\\-/-/g; s/\\(aq/'"'"'/g; s/\\(dq/"/g; s/\\&//g; s/\\e/\\/g' |
		awk '
		/^\.EX/ { n = 0; prompt = 0; inb = 1; next }
		/^\.EE/ {
			inb = 0; cmd = ""; take = 0
			for (i = 1; i <= n; i++) {
				l = line[i]
				if (cmd == "") {
					take = !prompt || l ~ /^\$ /
					if (!take)
						continue
					sub(/^\$ /, "", l)
				}
				if (l ~ /\\$/) {
					sub(/ *\\$/, " ", l); sub(/^ +/, "", l)
					cmd = cmd l; continue
				}
				sub(/^ +/, "", l)
				print cmd l; cmd = ""
			}
			next
		}
		inb { line[++n] = $0; if ($0 ~ /^\$ /) prompt = 1 }'
}

# journal.sh OUT: as PID 1 of a PID namespace, a session on OUT killed
# with kill -9 once its journal has the header and 3 runs (-r 100000:
# it cannot end by itself first, whatever the machine's speed)
cat >"$TESTTMP/journal.sh" <<'SH'
out=$1
abstat run -r 100000 --warmup 0 -e task-clock -o "$out" -- sleep 0.02 \
	>/dev/null 2>&1 &
pid=$! i=0
# a guard against a hang, not a timing check: 2400 polls of 50 ms
while [ "$(cat "$out.journal" 2>/dev/null | wc -l)" -lt 4 ]; do
	i=$((i + 1))
	if [ $i -ge 2400 ] || ! kill -0 $pid 2>/dev/null; then
		kill -9 $pid 2>/dev/null; echo "no journal"; exit 1
	fi
	sleep 0.05
done
kill -9 $pid
wait $pid
exit 0
SH
# fixture FILE: a result from "another boot", or a killed session's journal
fixture() {
	case $1 in
	*.journal)
		$pidns sh "$TESTTMP/journal.sh" "${1%.journal}" || fail "fixture $1: no journal" ;;
	*.btrace)
		cp "$TOP/tests/fixtures/flame/$1" . || fail "fixture $1" ;;
	prof-*.json)
		# a profile result: a run's result with folded stacks added
		abstat run -q -r 3 -w getppid -n "${1%.json}" -o "run-$1" >/dev/null 2>&1 &&
			python3 "$TOP/tests/fixtures/flame/add-profile.py" "run-$1" "$1" \
				"$TOP/tests/fixtures/flame/$(echo "$1" | sed 's/prof-\(.\).json/\1/').folded" ||
			fail "fixture $1" ;;
	*-[0-9].json)
		# LABEL-N.json: N copies, labelled LABEL (a scaling chart)
		c=${1##*-} && abstat run -q -r 3 -w getppid -n "${1%-*}" \
			--copies "${c%.json}" -o "$1" >/dev/null 2>&1 ||
			fail "fixture $1" ;;
	syscalls.json)
		# what Ctrl-C leaves (abstat-run.1's --resume): the suite's
		# session, cut in its third benchmark
		abstat run -q -r 10 -s syscalls -o "$1" >/dev/null 2>&1 &&
			python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
d[\"status\"] = \"interrupted\"
d[\"benchmarks\"][2][\"runs\"] = d[\"benchmarks\"][2][\"runs\"][:4]
for b in d[\"benchmarks\"][3:]:
    b[\"runs\"] = []
json.dump(d, open(sys.argv[1], \"w\"))" "$1" || fail "fixture $1" ;;
	hyperfine.json | pyperf.json | bench.txt | stat.csv)
		# other tools' files (abstat-import.1): the real samples
		im=$TOP/tests/fixtures/import
		case $1 in bench.txt) f=gobench.txt ;; stat.csv) f=perf-stat.csv ;; *) f=$1 ;; esac
		cp "$im/$f" "$1" || fail "fixture $1" ;;
	*)
		mkdir -p "$(dirname "$1")" &&
			abstat run -q -r 3 -w getppid -n "${1%.json}" -o "$1" >/dev/null 2>&1 ||
			fail "fixture $1" ;;
	esac
	return 0
}

# run_page MAN: its fixtures, then every runnable example in order;
# the count that ran goes to $TESTTMP/ran.PAGE
run_page() {
	page=${1##*/} dir=$TESTTMP/$page ranpage=0
	mkdir "$dir" || fail "mkdir $dir"
	examples "$1" >"$TESTTMP/cmds.$page"
	for f in $(fixtures "$page"); do (cd "$dir" && fixture "$f") || exit 1; done
	while IFS= read -r cmd; do
		echo "$cmd" | grep -Eq '^([A-Z_]+=[^ ]* )*abstat ' || continue
		why=$(echo "$NOT_RUNNABLE" | while IFS='|' read -r pg text reason; do
			[ "$pg" = "$page" ] && case $cmd in *"$text"*) echo "$reason" ;; esac
		done)
		if [ -n "$why" ]; then
			echo "$page: not run: $cmd ($why)"
			continue
		fi
		(cd "$dir" && sh -c "$cmd") >"$TESTTMP/log" 2>&1 </dev/null
		rc=$?
		case $rc:$cmd in
		0:*|1:*doctor*|1:*--fail-on-regression*) ;;
		*) cat "$TESTTMP/log"; fail "$page: exit $rc: $cmd" ;;
		esac
		echo "$page: ok ($rc): $cmd"
		ranpage=$((ranpage + 1))
	done <"$TESTTMP/cmds.$page"
	[ $ranpage -gt 0 ] || fail "$page: no example ran (extraction broken?)"
	echo $ranpage >"$TESTTMP/ran.$page"
}

for m in man/*.1; do
	pg=${m##*/} req=
	cmds=$(examples "$m")
	case $cmds in *"abstat plot"*) req=$req,GNUPLOT ;; esac
	if echo "$cmds" | grep -Eq -- '-C [1-9]|--copies'; then req=$req,CPUS2; fi
	case $(fixtures "$pg") in *.journal*) req=$req,PIDNS ;; esac
	req=${req#,}
	if [ -n "$req" ]; then
		test_expect_success "$req" "$pg: every example runs" 'run_page "$m"'
	else
		test_expect_success "$pg: every example runs" 'run_page "$m"'
	fi
done

# every NOT_RUNNABLE entry still matches a line (no stale excuses)
echo "$NOT_RUNNABLE" | while IFS='|' read -r pg text reason; do
	[ -n "$pg" ] && echo "$pg|$text"
done >"$TESTTMP/not-runnable"
while IFS='|' read -r pg text; do
	test_expect_success "NOT_RUNNABLE $pg: '$text' is still an example there" '
		examples "man/$pg" | grep -qF -- "$text" || fail "NOT_RUNNABLE: $text not in $pg"
	'
done <"$TESTTMP/not-runnable"

test_expect_success GNUPLOT,CPUS2,PIDNS 'at least 25 examples ran over all pages' '
	ran=$(cat "$TESTTMP"/ran.* 2>/dev/null | awk "{ s += \$1 } END { print s + 0 }")
	[ "$ran" -ge 25 ] || fail "only $ran examples ran"
'
test_done
