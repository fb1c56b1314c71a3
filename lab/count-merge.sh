#!/bin/sh
# count-merge.sh RESULT COUNT: the x86_64 lab's instruction counts
# (COUNT, the count.jsonl that lab/plugin/count.c wrote in one boot)
# added to RESULT (the abstat run result of that boot, counted with
# task-clock alone: x86 TCG has no PMU) as the events instructions,
# instructions:u and instructions:k, one value a run, RESULT rewritten in
# place (a temporary file, renamed).
#
# The regions taken are those between the file's first two marks (the
# guest job runs tests/progs/lab_mark before and after abstat run), one
# a run in the order the runs started (warm-ups too); any other number
# is an error, nothing is written. Each event is marked "emulated": true,
# its pmu "lab-emulator" and its fstr saying that the emulator counted
# it (per task or per vCPU), so that abstat shows it as the emulator's
# count (the [e] mark), never as a hardware counter's. Needs jq. Exit 0,
# or 1 with "lab: error: ..." on stderr.
set -eu
. "$(dirname "$0")/lib.sh"

[ $# -eq 2 ] || lab_die "usage: count-merge.sh RESULT COUNT"
result=$1 count=$2
command -v jq >/dev/null || lab_die "count-merge.sh needs jq (apt-get install jq)"
[ -f "$result" ] || lab_die "$result: no result file"
[ -s "$count" ] || lab_die "$count: the instruction counter wrote no counts"
tmp=$result.merge.$$
trap 'rm -f "$tmp"' EXIT
if ! msg=$(jq -n --slurpfile r "$result" --slurpfile c "$count" \
	-f "$(dirname "$0")/count-merge.jq" 2>&1 >"$tmp"); then
	lab_die "$result: the instruction counts were not added: $(echo "$msg" | sed -n 's/^jq: error[^:]*: //p' | head -n 1)"
fi
mv "$tmp" "$result"
trap - EXIT
