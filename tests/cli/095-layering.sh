# The layers of STYLE.md, held by the includes:
# - cli.h (the parsed command line) and msg.h (printing diagnostics, exit
#   statuses) only in the command layer: src/cmd_*.c, main.c, cli*.c,
#   msg.c, commands.h and the session driver (session*.c, session*.h)
#   that run and versus share. A header that includes one of them carries
#   it: including that header counts the same. (Tests and fuzzers may
#   drive the command line: this holds for src/, counters/, workloads/.)
# - libpfm4 (perfmon/*.h) and PAPI (papi.h) only in counters/; nor
#   linux/perf_event.h in src/ or workloads/.
cd "$TOP" || fail "no tree at $TOP"
srcs=$(git ls-files '*.c' '*.h' 2>/dev/null)
[ -n "$srcs" ] || srcs=$(find src counters workloads tests -name '*.[ch]')

allowed() {
	case $1 in
	src/cmd_*.c | src/main.c | src/cli*.c | src/cli*.h | src/msg.c | \
	src/msg.h | src/commands.h | src/session*.c | src/session*.h) return 0 ;;
	esac
	return 1
}
# includes FILE: the "..." headers FILE includes, one a line
includes() { sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$1"; }

# the headers that carry cli.h or msg.h, to a fixed point
carry="cli.h msg.h"
while :; do
	more=$carry
	for h in $(echo "$srcs" | grep '^src/.*\.h$'); do
		b=${h##*/}
		case " $more " in *" $b "*) continue ;; esac
		for i in $(includes "$h"); do
			case " $carry " in *" $i "*) more="$more $b"; break ;; esac
		done
	done
	[ "$more" = "$carry" ] && break
	carry=$more
done

bad=
for f in $srcs; do
	case $f in src/* | counters/* | workloads/*) ;; *) continue ;; esac
	allowed "$f" && continue
	for i in $(includes "$f"); do
		case " $carry " in
		*" $i "*) bad="$bad
$f includes $i (the command line and diagnostics belong to src/cmd_*.c; pass a narrow option struct and an err buffer)" ;;
		esac
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
[ -z "$bad" ] || fail "layering:$bad"
exit 0
