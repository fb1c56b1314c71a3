// SPDX-License-Identifier: MIT
/*
 * cmd_plot: `abstat plot [OPTIONS] FILE... -o OUT`. Each FILE is a side
 * (as in compare). Writes a data file (plot_data.c, plot_runs.c) from the
 * compare model or the runs, and a script
 * (plots/KIND.gp with a short header) into a private directory, runs
 * gnuplot there (plot_gnuplot.c) and moves the chart to OUT. OUT's
 * extension picks the output: .png, .svg, .txt (gnuplot's dumb terminal,
 * 72 columns, for a mail) or .gp (script and data to edit and re-run).
 * Without gnuplot, the .gp and .dat files are written next to OUT and the
 * exit status is EXIT_NOPLOT.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "msg.h"
#include "plot_data.h"

/* The .txt chart is pasted into mail: DESIGN.md "Output". */
#define PLOT_TXT_WIDTH 72

static const char *const plot_kind_names[] = {
	[PLOT_DELTA] = "delta",
	[PLOT_RUNS] = "runs",
	[PLOT_SCALING] = "scaling",
	[PLOT_DIST] = "dist",
};

struct plot_job {
	const struct config *cfg;
	enum plot_fmt fmt;
	enum plot_kind kind;
	char *base;          /* OUT without its extension (for .gp, .dat) */
	char dir[PATH_MAX];  /* private directory, "" when none yet */
	struct side *sides;
	size_t n;
	bool regressed;      /* --fail-on-regression tripped (delta) */
};

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
	if (j->cfg->plot_kind != PLOT_AUTO)
		return j->cfg->plot_kind;
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

/* A new file in the private directory: never an existing one, never
 * through a symlink (O_EXCL | O_NOFOLLOW). */
static FILE *plot_fopen_new(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
				    O_CLOEXEC, 0600);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;

	if (fd >= 0 && !f)
		close(fd);
	return f;
}

/* plot.gp: a header that only uses names abstat chose, then the script.
 * Run by hand, it finds its data next to itself (ARG0 is the script). */
static int plot_write_script(const struct plot_job *j, const char *path)
{
	static const char *const fmts[] = {
		[PLOT_FMT_PNG] = "png", [PLOT_FMT_SVG] = "svg",
		[PLOT_FMT_TXT] = "txt", [PLOT_FMT_GP] = "png",
	};
	const char *kind = plot_kind_names[j->kind];
	char err[512], *text = plot_script_text(kind, err, sizeof(err));
	FILE *f;
	int rc = 0;

	if (!text) {
		msg_error("plot: %s", err);
		return EXIT_USAGE;
	}
	f = plot_fopen_new(path);
	if (!f) {
		free(text);
		return -errno;
	}
	fprintf(f,
		"# abstat plot --kind %s: plots/%s.gp with this header. Its data\n"
		"# is the file of the same name ending in .dat (columns:\n"
		"# abstat-plot(1), PLOT DATA FILES). Render it with\n"
		"#   gnuplot THIS.gp                   (THIS.%s next to it)\n"
		"#   gnuplot -e \"fmt='svg'\" THIS.gp    (or 'png', or 'txt')\n"
		"if (!exists(\"data\")) { data = ARG0[1:strlen(ARG0) - 3] . \".dat\" }\n"
		"if (!exists(\"fmt\")) { fmt = \"%s\" }\n"
		"if (!exists(\"out\")) { out = ARG0[1:strlen(ARG0) - 3] . \".\" . fmt }\n\n",
		kind, kind, fmts[j->fmt], fmts[j->fmt]);
	fputs(text, f);
	free(text);
	if (ferror(f))
		rc = -EIO;
	if (fclose(f) && !rc)
		rc = -errno;
	return rc;
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
	cmd_compare_opts(j->cfg, &o);
	rc = cmd_compare_build("plot", &o, j->sides, j->n, &m);
	if (rc)
		return rc;
	j->regressed = cmd_compare_regressions(m,
					       j->cfg->fail_on_regression_pct,
					       j->cfg->within_session);
	rc = plot_data_delta(m, f, ascii, err, sizeof(err));
	compare_model_free(m);
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
	const struct plot_rows rows = { j->cfg->metrics, j->cfg->events,
					j->cfg->primary, j->kind == PLOT_DIST };
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
	FILE *f = plot_fopen_new(path);
	bool ascii = j->fmt == PLOT_FMT_TXT;
	int rc;

	if (!f)
		return -errno;
	fprintf(f, "# abstat plot --kind %s data: tab-separated, gnuplot index blocks;\n"
		   "# columns in abstat-plot(1), PLOT DATA FILES\n",
		plot_kind_names[j->kind]);
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

/* The dumb terminal pads lines with blanks and the chart with blank
 * lines: trim both, and keep plain ASCII within the mail width. */
static int plot_clean_txt(const char *src, const char *dst)
{
	FILE *in = fopen(src, "re"), *out = in ? plot_fopen_new(dst) : NULL;
	char line[1024];
	size_t blank = 0;
	bool started = false;
	int rc = 0;

	if (!out) {
		rc = -errno;
		goto out;
	}
	while (fgets(line, sizeof(line), in)) {
		size_t len = strcspn(line, "\n");

		/* Multiplot on the dumb terminal starts pages with \f. */
		for (char *ff; (ff = memchr(line, '\f', len)); len--)
			memmove(ff, ff + 1, len - (size_t)(ff - line));
		while (len && line[len - 1] == ' ')
			len--;
		if (len > PLOT_TXT_WIDTH)
			len = PLOT_TXT_WIDTH;
		for (size_t i = 0; i < len; i++)
			if ((unsigned char)line[i] < 0x20 ||
			    (unsigned char)line[i] > 0x7e)
				line[i] = line[i] == '\t' ? ' ' : '?';
		if (!len) {
			blank += started;
			continue;
		}
		for (; blank; blank--)
			fputc('\n', out);
		started = true;
		fprintf(out, "%.*s\n", (int)len, line);
	}
	if (ferror(in) || ferror(out))
		rc = -EIO;
	if (fclose(out) && !rc)
		rc = -errno;
out:
	if (in)
		fclose(in);
	return rc;
}

static void plot_cleanup(const struct plot_job *j)
{
	static const char *const names[] = {
		"plot.gp", "plot.dat", "plot.png", "plot.svg", "plot.txt",
		"plot.clean", "gnuplot.log",
	};
	char path[PATH_MAX + 32];

	if (!j->dir[0])
		return;
	for (size_t i = 0; i < sizeof(names) / sizeof(*names); i++) {
		snprintf(path, sizeof(path), "%s/%s", j->dir, names[i]);
		unlink(path);
	}
	rmdir(j->dir);
}

/* Refuse to replace OUT, or the .gp/.dat pair, unless --force. */
static int plot_check_out(const char *path, bool force)
{
	char err[PATH_MAX + 128];
	int rc = result_check_output(path, force, err, sizeof(err));

	if (rc == -ENOMEM)
		msg_error("plot: out of memory");
	else if (rc)
		msg_error("plot: %s", err);
	return cmd_status(rc, EXIT_IO);
}

/* Move plot.gp and plot.dat to BASE.gp and BASE.dat. */
static int plot_keep_script(const struct plot_job *j)
{
	char src[PATH_MAX + 32], dst[PATH_MAX + 8], err[2 * PATH_MAX + 128];
	const char *what[] = { "gp", "dat" };
	int rc = 0;

	for (size_t i = 0; i < 2 && !rc; i++) {
		snprintf(dst, sizeof(dst), "%s.%s", j->base, what[i]);
		rc = plot_check_out(dst, j->cfg->force);
	}
	for (size_t i = 0; i < 2 && !rc; i++) {
		snprintf(src, sizeof(src), "%s/plot.%s", j->dir, what[i]);
		snprintf(dst, sizeof(dst), "%s.%s", j->base, what[i]);
		rc = plot_move(src, dst, j->cfg->force, err, sizeof(err));
		if (rc) {
			msg_error("plot: %s", err);
			rc = cmd_status(rc, EXIT_IO);
		}
	}
	return rc;
}

static int plot_render(struct plot_job *j, const char *gp)
{
	char src[PATH_MAX + 32], clean[PATH_MAX + 32], err[2 * PATH_MAX + 128];
	static const char *const outs[] = {
		[PLOT_FMT_PNG] = "plot.png", [PLOT_FMT_SVG] = "plot.svg",
		[PLOT_FMT_TXT] = "plot.txt",
	};
	int rc;

	if (plot_gnuplot_run(gp, j->dir, j->fmt, err, sizeof(err))) {
		msg_error("plot: %s", err);
		return EXIT_IO;
	}
	snprintf(src, sizeof(src), "%s/%s", j->dir, outs[j->fmt]);
	if (j->fmt == PLOT_FMT_TXT) {
		snprintf(clean, sizeof(clean), "%s/plot.clean", j->dir);
		rc = plot_clean_txt(src, clean);
		if (rc) {
			msg_error("plot: cannot read gnuplot's chart: %s",
				  strerror(-rc));
			return EXIT_IO;
		}
		memcpy(src, clean, sizeof(src));
	}
	rc = plot_move(src, j->cfg->output, j->cfg->force, err, sizeof(err));
	if (rc) {
		msg_error("plot: %s", err);
		return cmd_status(rc, EXIT_IO);
	}
	return 0;
}

static int plot_make_dir(struct plot_job *j)
{
	const char *tmp = getenv("TMPDIR");

	snprintf(j->dir, sizeof(j->dir), "%s/abstat-plot.XXXXXX",
		 tmp && *tmp == '/' ? tmp : "/tmp");
	if (mkdtemp(j->dir))
		return 0;
	msg_error("plot: cannot create a private directory %s: %s; set TMPDIR to a writable directory",
		  j->dir, strerror(errno));
	j->dir[0] = '\0';
	return EXIT_IO;
}

static int plot_job_run(struct plot_job *j)
{
	char path[PATH_MAX + 32], gp[PATH_MAX];
	int rc;

	rc = plot_fmt_of(j->cfg->output, &j->fmt, &j->base);
	if (!rc && j->fmt != PLOT_FMT_GP)
		rc = plot_check_out(j->cfg->output, j->cfg->force);
	if (!rc)
		rc = plot_read_sides(j);
	if (rc)
		return rc;
	j->kind = plot_choose(j);
	rc = plot_make_dir(j);
	if (rc)
		return rc;
	snprintf(path, sizeof(path), "%s/plot.dat", j->dir);
	rc = plot_write_data(j, path);
	snprintf(path, sizeof(path), "%s/plot.gp", j->dir);
	if (!rc)
		rc = plot_write_script(j, path);
	if (rc < 0) {
		msg_error("plot: cannot write %s: %s", path, strerror(-rc));
		return EXIT_IO;
	}
	if (rc)
		return rc;
	if (j->fmt == PLOT_FMT_GP) {
		rc = plot_keep_script(j);
		if (!rc)
			msg_info("wrote %s.gp and %s.dat; render with: gnuplot %s.gp",
				 j->base, j->base, j->base);
		return rc;
	}
	if (!plot_find_gnuplot(gp, sizeof(gp))) {
		rc = plot_keep_script(j);
		if (rc)
			return rc;
		msg_notice("gnuplot is not in PATH; wrote %s.gp and %s.dat: install gnuplot, then render with: gnuplot %s.gp",
			   j->base, j->base, j->base);
		return EXIT_NOPLOT;
	}
	return plot_render(j, gp);
}

int cmd_plot(const struct config *cfg)
{
	struct plot_job j = { .cfg = cfg };
	int rc = plot_job_run(&j);

	/* The chart is written; the regression decides the status. */
	if (!rc && j.regressed)
		rc = EXIT_REGRESSION;
	if (rc < 0) {
		msg_error("plot: %s", strerror(-rc));
		rc = cmd_status(rc, EXIT_IO);
	}
	plot_cleanup(&j);
	if (j.sides)
		side_free(j.sides, j.n);
	free(j.base);
	return rc;
}
