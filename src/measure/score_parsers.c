// SPDX-License-Identifier: MIT
/*
 * score_parsers: --parser NAME, a named table of score definitions in the
 * --score form (abstat-run(1) lists them). The regexes were written
 * against the tools' real output (tests/cli/fixtures/scores/). A parser's
 * scores are optional: a tool prints some lines only in some modes
 * (sysbench's "events per second" only for cpu), and a score missing
 * from a run is left out, not a failure. The first score a tool prints
 * is the benchmark's primary row: throughput where there is one, else
 * the average latency (sysbench threads with a fixed --events).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "score.h"

/* bonnie++ -q: the CSV line (format 1.98); fields 26.. are the file
 * creation tests (per second; "+++++" when too fast to measure). */
#define BF "[^,\n]*,"
#define BONNIE_HEAD "1\\.9[0-9]*," BF BF "[0-9]+,[0-9]+," \
	BF BF BF BF BF BF BF BF BF BF BF BF BF BF BF BF \
	BF BF BF BF BF
#define BONNIE(skip) BONNIE_HEAD skip "([0-9]+),"

/* fio --output-format=json: the first job's read or write block */
#define FIO(dir, key) "\"" dir "\" : \\{[^}]*\"" key "\" : ([0-9.]+)"

/* UnixBench's first results block: "NAME   VALUE UNIT (...)" */
#define UB(test, unit) test " +([0-9.]+) " unit

/* lmbench's lat_* lines: "Simple syscall: 0.1023 microseconds" */
#define LM(what) what ": ([0-9.]+) microseconds"

/* stress-ng --metrics-brief: "stressor bogo-ops real usr sys ops/s" */
#define SNG "\\] +[a-z][a-z0-9-]* +"
#define SNGN "[0-9.]+ +"

/* A parser: its definitions, and the score that counts the tool's
 * operations (--ops-from by itself), NULL where it prints none. */
struct score_parser {
	const char *name;
	const char *const *specs;
	const char *ops;
};

static const struct score_parser score_table[] = {
	{ "sysbench", (const char *const[]){
		  "events/s=events per second: *([0-9.]+)|\\(([0-9.]+) per second\\)",
		  "latency-avg:ms:lower=Latency \\(ms\\):[^a]*avg: *([0-9.]+)",
		  "latency-95th:ms:lower=95th percentile: *([0-9.]+)",
		  "events=total number of events: *([0-9]+)",
		  NULL }, "events" },
	{ "bonnie", (const char *const[]){
		  "seq-create/s=" BONNIE(""),
		  "seq-stat/s=" BONNIE(BF BF),
		  "seq-delete/s=" BONNIE(BF BF BF BF),
		  "random-create/s=" BONNIE(BF BF BF BF BF BF),
		  "random-stat/s=" BONNIE(BF BF BF BF BF BF BF BF),
		  "random-delete/s=" BONNIE(BF BF BF BF BF BF BF BF BF BF),
		  NULL }, NULL },
	{ "fio", (const char *const[]){
		  "read-iops=" FIO("read", "iops"),
		  "read-bw:KiB/s=" FIO("read", "bw"),
		  "write-iops=" FIO("write", "iops"),
		  "write-bw:KiB/s=" FIO("write", "bw"),
		  NULL }, NULL },
	{ "unixbench", (const char *const[]){
		  "index=System Benchmarks Index Score[^0-9\n]*([0-9.]+)",
		  "dhrystone:lps=" UB("Dhrystone 2 using register variables", "lps"),
		  "whetstone:MWIPS=" UB("Double-Precision Whetstone", "MWIPS"),
		  "execl:lps=" UB("Execl Throughput", "lps"),
		  "pipe:lps=" UB("Pipe Throughput", "lps"),
		  "context-switch:lps=" UB("Pipe-based Context Switching", "lps"),
		  "process-creation:lps=" UB("Process Creation", "lps"),
		  "shell-1:lpm=" UB("Shell Scripts \\(1 concurrent\\)", "lpm"),
		  "syscall:lps=" UB("System Call Overhead", "lps"),
		  /* one test program alone: COUNT|loops|1|lps (on stderr) */
		  "loops=COUNT\\|([0-9]+)\\|",
		  NULL }, "loops" },
	{ "lmbench", (const char *const[]){
		  "syscall:us:lower=" LM("Simple syscall"),
		  "read:us:lower=" LM("Simple read"),
		  "write:us:lower=" LM("Simple write"),
		  "stat:us:lower=" LM("Simple stat"),
		  "fstat:us:lower=" LM("Simple fstat"),
		  "open-close:us:lower=" LM("Simple open/close"),
		  "fork-exit:us:lower=" LM("Process fork\\+exit"),
		  "fork-exec:us:lower=" LM("Process fork\\+execve"),
		  "sig-handler:us:lower=" LM("Signal handler overhead"),
		  NULL }, NULL },
	{ "stress-ng", (const char *const[]){
		  "bogo-ops/s=" SNG SNGN SNGN SNGN SNGN "([0-9.]+)",
		  "bogo-ops=" SNG "([0-9]+) +[0-9.]+ ",
		  NULL }, "bogo-ops" },
};

const char *const score_parsers[] = {
	"sysbench", "bonnie", "fio", "unixbench", "lmbench", "stress-ng", NULL,
};

const char *score_parser_ops(const char *name)
{
	for (size_t p = 0; p < sizeof(score_table) / sizeof(score_table[0]);
	     p++)
		if (!strcmp(score_table[p].name, name))
			return score_table[p].ops;
	return NULL;
}

int score_parser_defs(const char *name, struct score_def **defs, size_t *n)
{
	char err[256];

	for (size_t p = 0; p < sizeof(score_table) / sizeof(score_table[0]);
	     p++) {
		if (strcmp(score_table[p].name, name))
			continue;
		for (const char *const *s = score_table[p].specs; *s; s++) {
			struct score_def d;
			int rc = score_parse_spec(*s, &d, err, sizeof(err));

			if (rc)
				return rc; /* the table is tested */
			d.optional = true;
			rc = score_defs_add(defs, n, &d);
			score_def_clear(&d);
			if (rc)
				return rc;
		}
		return 0;
	}
	return -ENOENT;
}
