// SPDX-License-Identifier: MIT
/*
 * cmd_profile: `abstat profile`, a run (cmd_run_session, cmd_run.c) that
 * samples every run as well (the session's profile, profile.c) and saves
 * the folded stacks in the result; then, from the saved result, the
 * functions with the most self samples over the measured runs, with
 * their share and the grand total, for a mail.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd_entry.h"
#include "commands.h"
#include "where.h"
#include "escape.h"
#include "msg.h"
#include "result_keys.h"

#define PROFILE_TOP 10

struct cmd_self {
	const char *func;
	uint64_t n;
};

static int cmd_self_cmp(const void *a, const void *b)
{
	const struct cmd_self *x = a, *y = b;

	if (x->n != y->n)
		return x->n > y->n ? -1 : 1;
	return strcmp(x->func, y->func);
}

/* One benchmark: self samples per function over its measured runs;
 * its title names the program and the CPU it ran on (cpu). */
static int cmd_profile_bench(const struct benchmark *b, const char *cpu,
			     FILE *out)
{
	json_t *acc = json_object();
	struct cmd_self *rows;
	uint64_t total = 0, lost = 0;
	size_t n = 0, runs = 0;
	const char *k;
	json_t *v;

	if (!acc)
		return EXIT_IO;
	for (size_t i = 0; i < b->n_runs; i++) {
		const struct run *r = &b->runs[i];

		if (r->warmup || r->status != RUN_OK || !r->profiled)
			continue;
		runs++;
		lost += r->lost;
		for (size_t s = 0; s < r->n_stacks; s++)
			total += r->stacks[s].count;
		if (where_run_self(r, acc) < 0) {
			json_decref(acc);
			return EXIT_IO;
		}
	}
	rows = calloc(json_object_size(acc) + 1, sizeof(*rows));
	if (!rows) {
		json_decref(acc);
		return EXIT_IO;
	}
	json_object_foreach(acc, k, v)
		rows[n++] = (struct cmd_self){ k, (uint64_t)json_integer_value(v) };
	qsort(rows, n, sizeof(*rows), cmd_self_cmp);
	{
		char name[128], on[160];

		escape_str(b->name, name, sizeof(name));
		escape_str(cpu ? cpu : "an unknown CPU", on, sizeof(on));
		fprintf(out, "\n%.40s: %" PRIu64 " samples in %zu runs (%" PRIu64 " lost), on %.60s\n",
			name, total, runs, lost, on);
	}
	fprintf(out, "%7s %7s  %s\n", "self", "self%", "function");
	for (size_t i = 0; i < n && i < PROFILE_TOP; i++) {
		char name[512];

		escape_str(rows[i].func, name, sizeof(name));
		fprintf(out, "%7" PRIu64 " %6.1f%%  %.62s\n", rows[i].n,
			total ? 100.0 * (double)rows[i].n / (double)total : 0,
			name);
	}
	fprintf(out, "%7" PRIu64 " %6.1f%%  total\n", total,
		total ? 100.0 : 0);
	free(rows);
	json_decref(acc);
	return EXIT_OK;
}

static int cmd_profile(const struct config *cfg)
{
	struct result *r = NULL;
	char err[512];
	int rc = cmd_run_session(cfg);

	if (rc || !cfg->output || cfg->format != FMT_TEXT)
		return rc;
	if (result_read(cfg->output, &r, err, sizeof(err)) < 0) {
		msg_error("%s", err);
		return EXIT_IO;
	}
	for (size_t b = 0; b < r->n_bench && !rc; b++)
		rc = cmd_profile_bench(&r->bench[b], result_cpu_name(r),
				       stdout);
	result_free(r);
	return rc;
}

static const struct cli_use profile_opts[] = {
	MEASURE_OPTS_HEAD, MEASURE_OPTS_READ
	USE_HELP(OPT_OUTPUT, "save the result with its profile (JSON)"),
	MEASURE_OPTS_TAIL, USE(OPT_FREQ), USE(OPT_SAMPLE_EVENT),
	USE(OPT_CALL_GRAPH),
	USE_VALUES(OPT_FORMAT, &cmd_formats_single), USE(OPT_WORKLOAD),
	USE(OPT_SUITE), USE(OPT_TIME_UNIT), USE(OPT_PROGRESS), USE(OPT_COLOR),
	END,
};

const struct cmd_entry cmd_entry_profile = {
	.name = "profile",
	.summary = "run, sampling where the time goes (call stacks); -o",
	.run = cmd_profile,
	.flags = CMD_MEASURES | CMD_SESSION | CMD_SAMPLES,
	.in_order = true,
	.usage = "abstat profile [OPTIONS] (-- COMMAND [ARG...] | "
		 "-w WORKLOAD[,...] | -s SUITE) -o FILE",
	.opts = profile_opts,
	.output_error = "-o FILE is required (the profile is saved in the result)",
	.operands = cli_run_operands,
};
