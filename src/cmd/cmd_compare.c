// SPDX-License-Identifier: MIT
/*
 * cmd_compare: `abstat compare [OPTIONS] BASE OTHER...`. Reads the sides
 * (side.c), puts the --baseline side first, builds the delta model
 * (compare.c), prints its warnings once and the table in --format
 * (format.c); --fail-on-regression sets the exit status. With --by host,
 * one table per host, each side restricted to that host's files (the
 * formats head each with its host, compare_model.host_table). versus
 * prints its table through cmd_compare_sides() too.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd_entry.h"
#include "commands.h"
#include "escape.h"
#include "msg.h"

/* The table of sides; host_table: its place among --by host's tables
 * (compare_opts.host_table), 0 without. */
static int cmd_compare_table(const struct config *cfg,
			     const struct side *sides, size_t n,
			     size_t host_table, FILE *out)
{
	struct compare_opts o;
	struct compare_model *m;
	int rc = 0;

	if (n < 2) {
		msg_error("compare: needs a baseline and at least one other side");
		return EXIT_USAGE;
	}
	cmd_compare_opts(cfg, &o);
	/* the sides a session measured (versus) have no profile */
	o.where = cfg->cmd->flags & CMD_SESSION ? 0 : cfg->model.where;
	o.host_table = host_table;
	rc = cmd_compare_build("compare", &o, sides, n, &m);
	if (rc)
		return rc;
	format_print(cfg->format, m, out);
	rc = cmd_compare_regressions(m, cfg->model.fail_on_regression_pct,
				     cfg->model.within_session) ?
		     EXIT_REGRESSION : EXIT_OK;
	compare_model_free(m);
	return rc;
}

int cmd_compare_sides(const struct config *cfg, const struct side *sides,
		      size_t n, FILE *out)
{
	return cmd_compare_table(cfg, sides, n, 0, out);
}

static const char *cmd_compare_label(const struct side *s)
{
	return s->label ? s->label : s->files[0]->label ? s->files[0]->label :
							 "";
}

/* --baseline LABEL: that side first, the others in their order. */
static int cmd_compare_baseline(const char *label, struct side *sides,
				size_t n)
{
	char list[512] = "";
	size_t k = 0;

	for (size_t s = 0; s < n; s++) {
		if (!strcmp(cmd_compare_label(&sides[s]), label)) {
			struct side b = sides[s];

			memmove(sides + 1, sides, s * sizeof(*sides));
			sides[0] = b;
			return 0;
		}
		if (k < sizeof(list))
			k += (size_t)snprintf(list + k, sizeof(list) - k,
					      "%s%s", s ? ", " : "",
					      cmd_compare_label(&sides[s]));
	}
	msg_error("compare: --baseline %s: no side has that label; the labels are %s",
		  label, list);
	return EXIT_USAGE;
}

/* The hosts of the sides' files, in order of first appearance ("unknown"
 * for files that do not say). */
static size_t cmd_compare_hosts(const struct side *sides, size_t n,
				const char **hosts, size_t max)
{
	size_t nh = 0;

	for (size_t s = 0; s < n; s++)
		for (size_t f = 0; f < sides[s].n_files; f++) {
			const char *h = side_host(sides[s].files[f]);
			bool seen = false;

			h = h ? h : "unknown";
			for (size_t i = 0; i < nh && !seen; i++)
				seen = !strcmp(hosts[i], h);
			if (!seen && nh < max)
				hosts[nh++] = h;
		}
	return nh;
}

static bool cmd_compare_on(const struct result *r, const char *host)
{
	const char *h = side_host(r);

	return !strcmp(h ? h : "unknown", host);
}

/* Whether some host has a file on every side. */
static bool cmd_compare_pairs(const struct side *sides, size_t n,
			      const char *const *hosts, size_t nh)
{
	for (size_t h = 0; h < nh; h++) {
		size_t with = 0;

		for (size_t s = 0; s < n; s++)
			for (size_t f = 0; f < sides[s].n_files; f++)
				if (cmd_compare_on(sides[s].files[f],
						   hosts[h])) {
					with++;
					break;
				}
		if (with == n)
			return true;
	}
	return false;
}

/* One table per host: the sides' files of that host (borrowed, not
 * copied); a host where some side has no file is left out, warned; no
 * host on every side is an error. */
static int cmd_compare_by_host(const struct config *cfg,
			       const struct side *sides, size_t n)
{
	const char *hosts[256];
	size_t nh = cmd_compare_hosts(sides, n, hosts, 256);
	struct side *view;
	int worst = EXIT_OK;
	size_t shown_n = 0;

	if (!cmd_compare_pairs(sides, n, hosts, nh)) {
		msg_error("compare: --by host: no host has a result of every side (%zu host%s, none on every side); run every side on each host: boot it into each kernel in turn",
			  nh, nh == 1 ? "" : "s");
		return EXIT_USAGE;
	}
	view = calloc(n, sizeof(*view));
	if (!view) {
		msg_error("compare: out of memory");
		return EXIT_IO;
	}
	for (size_t h = 0; h < nh; h++) {
		bool complete = true;
		char shown[512];
		int rc;

		for (size_t s = 0; s < n; s++) {
			view[s].label = (char *)cmd_compare_label(&sides[s]);
			view[s].n_files = 0;
			free(view[s].files);
			view[s].files = calloc(sides[s].n_files,
					       sizeof(*view[s].files));
			if (!view[s].files) {
				worst = EXIT_IO;
				complete = false;
				break;
			}
			for (size_t f = 0; f < sides[s].n_files; f++)
				if (cmd_compare_on(sides[s].files[f], hosts[h]))
					view[s].files[view[s].n_files++] =
						sides[s].files[f];
			complete &= view[s].n_files > 0;
		}
		escape_str(hosts[h], shown, sizeof(shown));
		if (!complete) {
			msg_warn("compare: host %s: not every side has a result from it; left out",
				 shown);
			continue;
		}
		/* the formats head each table with its host */
		rc = cmd_compare_table(cfg, view, n, shown_n + 1, stdout);
		if (rc == EXIT_OK || rc == EXIT_REGRESSION)
			shown_n++;
		if (rc != EXIT_OK && (worst == EXIT_OK ||
				      worst == EXIT_REGRESSION))
			worst = rc;
	}
	for (size_t s = 0; s < n; s++)
		free(view[s].files);
	free(view);
	if (!shown_n && worst == EXIT_OK) {
		msg_error("compare: --by host: no host has a result of every side");
		return EXIT_USAGE;
	}
	return worst;
}

static int cmd_compare(const struct config *cfg)
{
	struct side *sides = NULL;
	size_t n = 0;
	int rc = cmd_read_sides(cfg, "compare", &sides, &n);

	if (!rc && cfg->model.baseline)
		rc = cmd_compare_baseline(cfg->model.baseline, sides, n);
	if (!rc && cfg->model.by_host)
		rc = cmd_compare_by_host(cfg, sides, n);
	else if (!rc)
		rc = cmd_compare_sides(cfg, sides, n, stdout);
	side_free(sides, n);
	return rc;
}

static const struct cli_use compare_opts[] = {
	MODEL_OPTS, USE(OPT_DETECT), USE(OPT_FORMAT),
	USE_HELP(OPT_EVENTS, "counter rows to show"),
	READ_OPTS, USE_HELP(OPT_QUIET, "no warnings"), USE(OPT_BASELINE),
	USE(OPT_TIME_UNIT), USE(OPT_BY), USE(OPT_COLOR), USE(OPT_WHERE), END,
};

const struct cmd_entry cmd_entry_compare = {
	.name = "compare",
	.summary = "delta table from saved results (first is the baseline)",
	.run = cmd_compare,
	.usage = "abstat compare [OPTIONS] BASE OTHER [OTHER...]",
	.intro = "  BASE and OTHER are result files, or FILE,FILE... (several\n"
		 "  boots of one side), optionally LABEL=FILE[,FILE...]; a DIR\n"
		 "  or a 'GLOB' stands for its *.json files\n",
	.opts = compare_opts,
	.min_operands = 2, .max_operands = CMD_ANY,
	.operands_error = "needs a baseline and at least one other result; usage: abstat compare [OPTIONS] BASE OTHER",
};
