# --parser: the tools' real output through the real path (a run of the
# tool under abstat), each parser's scores as rows; a parser's scores the
# tool did not print are left out, not a failure. The regexes themselves
# are unit-tested on captured output (test_score, tests/fixtures/scores).
# tags: sanitize
test_lazy_prereq SYSBENCH 'command -v sysbench >/dev/null'
test_lazy_prereq BONNIE 'command -v bonnie++ >/dev/null'
test_lazy_prereq FIO 'command -v fio >/dev/null'

test_expect_success SYSBENCH 'sysbench threads: events and latency rows, no events/s (it prints none)' '
	expect_exit 0 $ABSTAT run -q -r 2 -e task-clock --parser sysbench -o "$TESTTMP/sb.json" \
		-- sysbench threads --threads=2 --time=1 run &&
	grep_out "^events +[0-9]" && grep_out "^latency-avg +[0-9.]+ .* ms\$" &&
	grep_out "^latency-95th " && nogrep_out "^events/s "
'
test_expect_success SYSBENCH 'sysbench cpu: events/s, higher is better; latency lower' '
	expect_exit 0 $ABSTAT run -q -r 2 -e task-clock --parser sysbench -o "$TESTTMP/sc.json" \
		-- sysbench cpu --time=1 run &&
	grep_out "^events/s +[0-9]" &&
	json "[(s[\"name\"], s[\"better\"]) for s in d[\"scores\"] if s[\"name\"] in (\"events/s\", \"latency-avg\")]" "$TESTTMP/sc.json" |
		grep -q "(.events/s., .higher.), (.latency-avg., .lower.)"
'
test_expect_success BONNIE 'bonnie++ -q: the file creation rates of its CSV line' '
	mkdir "$TESTTMP/bd" &&
	expect_exit 0 $ABSTAT run -q -r 2 -e task-clock --parser bonnie -o "$TESTTMP/bo.json" \
		-- bonnie++ -q -d "$TESTTMP/bd" -s 0 -n 16 -u root &&
	# a value, or bonnie++ said "+++++" (too fast to measure) there
	json "all((\"seq-create/s\" in r[\"scores\"]) == (r[\"output\"].strip().split(\",\")[26] != \"+++++\") for r in d[\"benchmarks\"][0][\"runs\"])" "$TESTTMP/bo.json" |
		grep -q True || { cat "$TESTTMP/out"; fail "seq-create/s does not follow the CSV line"; }
'
test_expect_success FIO 'fio --output-format=json: read and write iops and bandwidth' '
	expect_exit 0 $ABSTAT run -q -r 2 -e task-clock --parser fio -o "$TESTTMP/fio.json" \
		-- fio --name=t --rw=randrw --size=1M --bs=4k --ioengine=psync \
		--filename="$TESTTMP/fio.dat" --output-format=json &&
	grep_out "^read-iops +[0-9]" && grep_out "^write-bw +[0-9].* KiB/s\$"
'
test_done
