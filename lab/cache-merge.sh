#!/bin/sh
# cache-merge.sh RESULT CACHE EVENTS: the cache model's counts (CACHE, the
# cache.jsonl that lab/plugin/cache.c wrote in one boot) added to
# RESULT (the abstat run result of that boot) as the events of EVENTS
# (a comma list of lab:LEVEL-WHAT[:u|:k], LEVEL l1i, l1d or l2, WHAT
# accesses or misses; no :u or :k: user and kernel summed), one value a
# run, RESULT rewritten in place (a temporary file, renamed).
#
# The regions taken are those between the file's first two marks (the
# guest job runs tests/progs/lab_mark before and after abstat run), one
# a run in the order the runs started (warm-ups too); any other number
# is an error, nothing is written. Each event is marked "modelled": true
# with the model in its fstr, so that abstat shows it as a model's count
# (the [m] mark), never as a hardware counter's; its pmu is "lab-model".
# A run's value is enabled and running for its region's time (not
# scaled). Needs jq. Exit 0, or 1 with "lab: error: ..." on stderr.
set -eu
. "$(dirname "$0")/lib.sh"

[ $# -eq 3 ] || lab_die "usage: cache-merge.sh RESULT CACHE EVENTS"
result=$1 cache=$2 events=$3
command -v jq >/dev/null || lab_die "cache-merge.sh needs jq (apt-get install jq)"
[ -f "$result" ] || lab_die "$result: no result file"
[ -s "$cache" ] || lab_die "$cache: the cache model wrote no counts"
for e in $(echo "$events" | tr ',' ' '); do lab_model_event "$e"; done

tmp=$result.merge.$$
trap 'rm -f "$tmp"' EXIT
if ! msg=$(jq -n --slurpfile r "$result" --slurpfile c "$cache" \
	--arg events "$events" -f "$(dirname "$0")/cache-merge.jq" 2>&1 >"$tmp"); then
	lab_die "$result: the cache model's counts were not added: $(echo "$msg" | sed -n 's/^jq: error[^:]*: //p' | head -n 1)"
fi
mv "$tmp" "$result"
trap - EXIT
