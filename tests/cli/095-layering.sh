# The layers of doc/development.md (its conventions), held by the folders
# of src/ and their includes.
# - A folder is a layer or a component. The table below says which folders'
#   headers a folder's files may include (its own folder's always): a
#   folder not in it, or a .c file directly in src/, fails; so does any
#   #include "..." of src/, counters/ or workloads/ that resolves to a
#   folder its row does not list. (Tests and fuzzers may include anything:
#   the rule holds for src/, counters/, workloads/.)
# - cli.h (the parsed command line) and msg.h (printing diagnostics) live
#   in src/cli, which only the two top layers include: src/cli (the
#   parser, messages) and src/cmd (main, the command table, the cmd_*
#   commands): cmd -> cli -> engines, never back. The engines below
#   (src/engine, the session driver that run, versus, profile and bisect
#   share; src/boots; src/bisect) declare the inputs they take in their
#   own headers (src/cli fills them: cli.h includes session_input.h),
#   say what they say through a sink the command gives them, and return
#   exit statuses of src/base (exit_status.h) or their own.
# - The same table holds for calls, and no circle of includes or calls
#   crosses a folder (tools/graph.py --check --rules).
# - libpfm4 (perfmon/*.h) and PAPI (papi.h) only in counters/; nor
#   linux/perf_event.h in src/ or workloads/.
# tags: slow
cd "$TOP" || fail "no tree at $TOP"

# The folders, lowest layer first: src/base (CPU lists, escaping, errors, the
# terminal, progress, sha256, paths), counters/ (the counting backends),
# workloads/ (the workload programs), src/result (result files, the
# journal, sides), src/env (the environment captured, read, diffed),
# src/measure (launcher, cpusets, hooks, scores, the workloads table,
# doctor, a benchmark's name; it speaks the region protocol whose page
# workloads/abstat.h lays out), src/profile (sampling, symbols),
# src/compare (delta model, statistics), src/format (one file a format,
# the where table, run/show reports), src/plot, src/flame, src/import,
# src/boots (the boot planner: its plan's enums are the parser's too),
# src/engine (the session driver: its input, session_input.h, is the
# parser's measure options), src/bisect (the bisect engine: its course,
# steps, measurements, state, git, the report), src/cli (the parser,
# msg), src/cmd (main, the command table, the commands). A row: FOLDER:
# the folders it may include (* any).
rules='
src/base:
counters: src/base
workloads:
src/result: src/base counters
src/env: src/base counters
src/measure: src/base counters workloads src/result src/env
src/profile: src/base counters workloads src/result src/env src/measure
src/compare: src/base counters src/result src/env
src/format: src/base counters src/result src/env src/compare
src/plot: src/base counters src/result src/env src/compare
src/flame: src/base counters src/result
src/import: src/base counters src/result
src/boots: src/base counters src/result
src/engine: src/base counters workloads src/result src/env src/measure src/profile
src/bisect: src/base counters src/result src/env src/measure src/compare src/format
src/cli: src/base counters workloads src/result src/env src/measure src/format src/flame src/import src/boots src/engine
src/cmd: *
'
# what git has and what it would add (a new file counts before its commit)
srcs=$(git ls-files -co --exclude-standard 'src/*' 'counters/*' \
	'workloads/*' 2>/dev/null | grep '\.[ch]$')
[ -n "$srcs" ] || srcs=$(find src counters workloads -name '*.[ch]')

rule() { echo "$rules" | sed -n "s|^$1:||p"; }
# includes FILE: the headers FILE includes, "x.h" and <x.h> alike (every
# folder is on -I: <compare.h> is src/compare's header), one a line
includes() { sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*["<]\([^">]*\)[">].*/\1/p' "$1"; }

bad=
for f in $srcs; do
	d=${f%/*}
	case $d in
	src) bad="$bad
$f: a file directly in src/ (put it in the folder of its layer)"; continue ;;
	esac
	case $rules in
	*"
$d:"*) ;;
	*) bad="$bad
$f: folder $d is not in test 095's table (give it a row: what it may include)"; continue ;;
	esac
	ok=$(rule "$d")
	for i in $(includes "$f"); do
		# the compiler's search: the file's own folder, then every folder
		# (a system header, <stdio.h>, is in none of them)
		if [ -f "$d/$i" ]; then
			continue
		fi
		hit=$(echo "$srcs" | grep -E "(^|/)$i\$" | head -n 1)
		[ -n "$hit" ] || continue
		g=${hit%/*}
		case " $ok " in *" $g "* | *" * "*) continue ;; esac
		case $g in
		src/cli | src/cmd) why="the command line and diagnostics belong to the top layers (src/cli up); take an input struct of the folder's own and say things through a sink or an err buffer" ;;
		*) why="$d may include only${ok:- its own folder}" ;;
		esac
		bad="$bad
$f includes $i ($g): $why"
	done
done
for f in $srcs; do
	case $f in counters/*) continue ;; esac
	grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"](perfmon/|papi\.h)' "$f" |
		sed "s|^|$f:|" >"$TESTTMP/pmu"
	[ -s "$TESTTMP/pmu" ] && bad="$bad
$(sed 's/$/ (libpfm4 and PAPI belong to counters\/)/' "$TESTTMP/pmu")"
done
# perf_event_open's header too: abstat's code above counters/ sees struct
# event and the sampler's plain records (counters/sampler.h), never it
for f in $srcs; do
	case $f in src/* | workloads/*) ;; *) continue ;; esac
	grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*<linux/perf_event\.h>' "$f" |
		sed "s|^|$f:|" >"$TESTTMP/perf"
	[ -s "$TESTTMP/perf" ] && bad="$bad
$(sed 's/$/ (perf_event_open belongs to counters\/)/' "$TESTTMP/perf")"
done
# calls too (a function called with no include of its header counts),
# and no circle of includes or calls through two folders
echo "$rules" >"$TESTTMP/rules"
python3 tools/graph.py --check --rules "$TESTTMP/rules" >/dev/null \
	2>"$TESTTMP/graph" || bad="$bad
$(cat "$TESTTMP/graph")"
[ -z "$bad" ] || fail "layering:$bad"
exit 0
