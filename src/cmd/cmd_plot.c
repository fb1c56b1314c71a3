// SPDX-License-Identifier: MIT
/*
 * cmd_plot: `abstat plot [OPTIONS] FILE... -o OUT`. Each FILE is a side
 * (as in compare). Writes a data file (plot_data.c, plot_runs.c) from the
 * compare model or the runs, and a script
 * (plots/KIND.gp with a short header) into a private directory, runs
 * gnuplot there (plot_gnuplot.c) and moves the chart to OUT (the files:
 * cmd_plot_job.c). OUT's
 * extension picks the output: .png, .svg, .txt (gnuplot's dumb terminal,
 * 72 columns, for a mail) or .gp (script and data to edit and re-run).
 * Without gnuplot, the .gp and .dat files are written next to OUT and the
 * exit status is EXIT_NOPLOT.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cmd_plot_job.h"
#include "cmd_entry.h"
#include "commands.h"
#include "msg.h"

static int plot_fmt_of(const char *out, enum plot_fmt *fmt, char **base)
{
	static const char *const exts[] = {
		[PLOT_FMT_PNG] = ".png", [PLOT_FMT_SVG] = ".svg",
		[PLOT_FMT_TXT] = ".txt", [PLOT_FMT_GP] = ".gp",
	};
	const char *slash = strrchr(out, '/');
	const char *dot = strrchr(slash ? slash + 1 : out, '.');

	for (size_t i = 0; dot && i < sizeof(exts) / sizeof(*exts); i++)
		if (!strcmp(dot, exts[i]) && dot != (slash ? slash + 1 : out)) {
			*fmt = (enum plot_fmt)i;
			*base = strndup(out, (size_t)(dot - out));
			return *base ? 0 : -ENOMEM;
		}
	return msg_usage("plot: cannot tell the chart type of '%s'; OUT must end in .png, .svg, .txt (ASCII, for mail) or .gp (script and data)",
			 out);
}

/* Sides come from the compare side-spec parser (FILE, FILE,FILE,
 * LABEL=FILE[,FILE...]). */
static int plot_read_sides(struct plot_job *j)
{
	if (j->borrowed)
		return 0;
	return cmd_read_sides(j->cfg, "plot", &j->sides, &j->n);
}

/* Results of a scan (benchmarks with params) answer "does it scale?". */
static bool plot_scanned(const struct plot_job *j)
{
	for (size_t s = 0; s < j->n; s++)
		for (size_t f = 0; f < j->sides[s].n_files; f++) {
			const struct result *r = j->sides[s].files[f];

			for (size_t b = 0; b < r->n_bench; b++)
				if (json_object_size(r->bench[b].params))
					return true;
		}
	return false;
}

static enum plot_kind plot_choose(const struct plot_job *j)
{
	if (j->cfg->plot.kind != PLOT_AUTO)
		return j->cfg->plot.kind;
	if (plot_scanned(j))
		return PLOT_SCALING;
	if (j->n == 1)
		return PLOT_RUNS;
	/* Results of different --copies answer "does it scale?". */
	for (size_t s = 1; s < j->n; s++)
		if (plot_side_copies(&j->sides[s]) !=
		    plot_side_copies(&j->sides[0]))
			return PLOT_SCALING;
	return PLOT_DELTA;
}

/* The delta chart: the compare model, its warnings and regressions. */
static int plot_delta(struct plot_job *j, FILE *f, bool ascii)
{
	struct compare_opts o;
	struct compare_model *m;
	char err[512];
	int rc;

	if (j->n < 2) {
		msg_error("plot: the delta chart needs a baseline and at least one other result; plot one result with --kind runs");
		return EXIT_USAGE;
	}
	if (j->model) {
		/* the caller's: its warnings and regressions said */
		rc = plot_data_delta(j->model, f, ascii, err, sizeof(err));
	} else {
		cmd_compare_opts(j->cfg, &o);
		rc = cmd_compare_build("plot", &o, j->sides, j->n, &m);
		if (rc)
			return rc;
		j->regressed = cmd_compare_regressions(
			m, j->cfg->model.fail_on_regression_pct,
			j->cfg->model.within_session);
		rc = plot_data_delta(m, f, ascii, err, sizeof(err));
		compare_model_free(m);
	}
	if (rc == -EINVAL) {
		msg_error("plot: %s", err);
		return EXIT_USAGE;
	}
	return rc;
}

static int plot_scaling(struct plot_job *j, FILE *f, bool ascii)
{
	struct compare_opts all, o;
	struct compare_model *m;
	char err[512], *allow = NULL;
	int rc;

	cmd_compare_opts(j->cfg, &all);
	rc = plot_data_scaling_opts(&all, &o, &allow, err, sizeof(err));
	if (!rc)
		rc = plot_data_scaling_check(&o, j->sides, j->n, err,
					     sizeof(err));
	if (rc) {
		free(allow);
		if (rc == -ENOMEM)
			return rc;
		msg_error("plot: %s", err);
		return EXIT_USAGE;
	}
	rc = cmd_compare_build("plot", &o, j->sides, j->n, &m);
	if (rc) {
		free(allow);
		return rc;
	}
	rc = plot_data_scaling(m, j->sides, o.metrics, f, ascii, err,
			       sizeof(err));
	compare_model_free(m);
	free(allow);
	if (rc == -EINVAL) {
		msg_error("plot: %s", err);
		return EXIT_USAGE;
	}
	return rc;
}

static int plot_runs(struct plot_job *j, FILE *f, bool ascii)
{
	const struct plot_rows rows = {
		j->cfg->model.metrics, j->cfg->measure.events,
		j->cfg->model.primary, j->kind == PLOT_DIST
	};
	size_t panels = 0;
	char err[512];
	int rc = plot_data_runs(&rows, j->sides, j->n, f, ascii, &panels, err,
				sizeof(err));

	if (rc == -EINVAL) {
		msg_error("plot: %s", err);
		return EXIT_USAGE;
	}
	if (!rc && !rows.metrics && !rows.events &&
	    panels > PLOT_RUNS_MAX_PANELS)
		msg_info("plot: showing %d of %zu panels; choose them with --metric",
			 PLOT_RUNS_MAX_PANELS, panels);
	return rc;
}

static int plot_write_data(struct plot_job *j, const char *path)
{
	FILE *f = cmd_plot_job_fopen(path);
	bool ascii = j->fmt == PLOT_FMT_TXT;
	int rc;

	if (!f)
		return -errno;
	fprintf(f, "# abstat plot --kind %s data: tab-separated, gnuplot index blocks;\n"
		   "# columns in abstat-plot(1), PLOT DATA FILES\n",
		cmd_plot_job_kind(j));
	if (j->kind == PLOT_DELTA)
		rc = plot_delta(j, f, ascii);
	else if (j->kind == PLOT_RUNS || j->kind == PLOT_DIST)
		rc = plot_runs(j, f, ascii);
	else
		rc = plot_scaling(j, f, ascii);
	if (!rc && ferror(f))
		rc = -EIO;
	if (fclose(f) && !rc)
		rc = -errno;
	return rc;
}

static int plot_job_run(struct plot_job *j)
{
	char path[PATH_MAX + 32], gp[PATH_MAX];
	int rc;

	rc = plot_fmt_of(j->out, &j->fmt, &j->base);
	if (!rc && j->fmt != PLOT_FMT_GP)
		rc = cmd_plot_job_check_out(j->out, j->force);
	if (!rc)
		rc = plot_read_sides(j);
	if (rc)
		return rc;
	j->kind = plot_choose(j);
	rc = cmd_plot_job_dir(j);
	if (rc)
		return rc;
	snprintf(path, sizeof(path), "%s/plot.dat", j->dir);
	rc = plot_write_data(j, path);
	snprintf(path, sizeof(path), "%s/plot.gp", j->dir);
	if (!rc)
		rc = cmd_plot_job_script(j, path);
	if (rc < 0) {
		msg_error("plot: cannot write %s: %s", path, strerror(-rc));
		return EXIT_IO;
	}
	if (rc)
		return rc;
	if (j->fmt == PLOT_FMT_GP) {
		rc = cmd_plot_job_keep(j);
		if (!rc)
			msg_info("wrote %s.gp and %s.dat; render with: gnuplot %s.gp",
				 j->base, j->base, j->base);
		return rc;
	}
	if (!plot_find_gnuplot(gp, sizeof(gp))) {
		rc = cmd_plot_job_keep(j);
		if (rc)
			return rc;
		msg_notice("gnuplot is not in PATH; wrote %s.gp and %s.dat: install gnuplot, then render with: gnuplot %s.gp",
			   j->base, j->base, j->base);
		return EXIT_NOPLOT;
	}
	return cmd_plot_job_render(j, gp);
}

/* The job j: the chart written; the regression decides the status. */
static int plot_job_status(struct plot_job *j)
{
	int rc = plot_job_run(j);

	if (!rc && j->regressed)
		rc = EXIT_REGRESSION;
	if (rc < 0) {
		msg_error("plot: %s", strerror(-rc));
		rc = cmd_status(rc, EXIT_IO);
	}
	cmd_plot_job_cleanup(j);
	if (j->sides && !j->borrowed)
		side_free(j->sides, j->n);
	free(j->base);
	return rc;
}

int cmd_plot_sides(const struct config *cfg, const char *out,
		   struct side *sides, size_t n,
		   const struct compare_model *model)
{
	struct plot_job j = {
		.cfg = cfg, .out = out, .force = cfg->force, .model = model,
		.sides = sides, .n = n, .borrowed = true,
	};

	return plot_job_status(&j);
}

static int cmd_plot(const struct config *cfg)
{
	struct plot_job j = { .cfg = cfg, .out = cfg->output,
			      .force = cfg->force };

	return plot_job_status(&j);
}
static const struct cli_use plot_opts[] = {
	{ OPT_OUTPUT, "OUT", ".png, .svg, .txt (ASCII, for mail),\n"
			     ".gp (script and data to edit)", NULL },
	USE(OPT_KIND), MODEL_OPTS, USE_HELP(OPT_EVENTS, "counters to plot"),
	READ_OPTS, USE_HELP(OPT_FORCE, "overwrite OUT"),
	USE_HELP(OPT_QUIET, "no warnings"), END,
};

const struct cmd_entry cmd_entry_plot = {
	.name = "plot",
	.summary = "gnuplot charts: delta, runs, scaling, dist (.png .svg .txt .gp)",
	.run = cmd_plot,
	.usage = "abstat plot [OPTIONS] FILE... -o OUT.{png,svg,txt,gp}",
	.opts = plot_opts,
	.min_operands = 1, .max_operands = CMD_ANY,
	.operands_error = "needs at least one result file; usage: abstat plot FILE... -o OUT.png",
	.output_error = "-o OUT is required (.png, .svg, .txt or .gp)",
};
