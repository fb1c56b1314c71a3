#!/bin/sh
# SPDX-License-Identifier: MIT
# bench/run.sh [SECTION...]: measure abstat against perf stat, hyperfine
# and the bare fork/spawn limits (`make bench` runs it after `make all
# progs`). Sections: launch fidelity power speed errors, profile
# (bench/profile_overhead.sh: the sampling overhead) and startup
# (bench/startup.py BUILD...: before the first run) (default: all but startup,
# about 7 minutes; BENCH_QUICK=1 about 2; errors alone about 5, 1 with
# BENCH_QUICK=1: 200 trials per design and kind, 50 quick, see
# bench/errors.py). Prints details, then one summary
# table with each figure, its target and pass/MISS. These are
# measurements, not tests: the exit status is 0 whatever they show.
# bench/RESULTS.md keeps the latest figures and the machine.

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
: "${ABSTAT:=$root/abstat}" "${BUILD:=$root/build}" "${CC:=cc}"
export ABSTAT BUILD

bin=$(mktemp -d "${TMPDIR:-/tmp}/abstat-bench-bin.XXXXXX") || exit 0
trap 'rm -rf "$bin"' EXIT INT TERM

# The reference launch loops are built here, with fixed flags, not by the
# Makefile: they are part of the measurement, not of abstat.
for p in loop_fork loop_spawn loop_vfork_count stamp; do
	if ! $CC -std=c11 -O2 -D_GNU_SOURCE -Wall -Wextra \
	    -o "$bin/$p" "$here/$p.c"; then
		echo "bench: cannot build bench/$p.c with $CC; skipping bench" >&2
		exit 0
	fi
done
BENCH_BIN=$bin
export BENCH_BIN

if ! command -v python3 >/dev/null 2>&1; then
	echo "bench: python3 is needed; skipping bench" >&2
	exit 0
fi
# the start-up before the first run (bench/startup.py): section startup,
# of $ABSTAT or of the builds named after it, side by side
if [ "${1:-}" = startup ]; then
	shift
	[ $# -gt 0 ] || set -- "$ABSTAT"
	python3 "$here/startup.py" "$@"
	exit 0
fi
# the sampling overhead (abstat profile): its own script, section profile
if [ "${1:-}" = profile ]; then
	sh "$here/profile_overhead.sh"
	exit 0
fi
python3 "$here/bench.py" "$@" || echo "bench: bench.py failed" >&2
[ $# -eq 0 ] && sh "$here/profile_overhead.sh"
exit 0
