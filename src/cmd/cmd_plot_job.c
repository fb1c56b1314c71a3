// SPDX-License-Identifier: MIT
/*
 * cmd_plot_job: the files of one abstat plot (cmd_plot_job.h): a private
 * directory under TMPDIR, plot.gp and plot.dat made there (never through
 * a link, never over a file), gnuplot run in it, the chart trimmed for
 * mail (.txt) and moved to OUT, or the script and data kept next to OUT;
 * then the directory removed. cmd_plot.c decides what to draw.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd_plot_job.h"
#include "commands.h"
#include "msg.h"

/* The .txt chart is pasted into mail: DESIGN.md "Output". */
#define PLOT_TXT_WIDTH 72

static const char *const plot_kind_names[] = {
	[PLOT_DELTA] = "delta",
	[PLOT_RUNS] = "runs",
	[PLOT_SCALING] = "scaling",
	[PLOT_DIST] = "dist",
};

const char *cmd_plot_job_kind(const struct plot_job *j)
{
	return plot_kind_names[j->kind];
}

/* A new file in the private directory: never an existing one, never
 * through a symlink (O_EXCL | O_NOFOLLOW). */
FILE *cmd_plot_job_fopen(const char *path)
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
int cmd_plot_job_script(const struct plot_job *j, const char *path)
{
	static const char *const fmts[] = {
		[PLOT_FMT_PNG] = "png", [PLOT_FMT_SVG] = "svg",
		[PLOT_FMT_TXT] = "txt", [PLOT_FMT_GP] = "png",
	};
	const char *kind = cmd_plot_job_kind(j);
	char err[512], *text = plot_script_text(kind, err, sizeof(err));
	FILE *f;
	int rc = 0;

	if (!text) {
		msg_error("plot: %s", err);
		return EXIT_USAGE;
	}
	f = cmd_plot_job_fopen(path);
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

/* The dumb terminal pads lines with blanks and the chart with blank
 * lines: trim both, and keep plain ASCII within the mail width. */
static int plot_clean_txt(const char *src, const char *dst)
{
	FILE *in = fopen(src, "re"), *out = in ? cmd_plot_job_fopen(dst) : NULL;
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

void cmd_plot_job_cleanup(const struct plot_job *j)
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
int cmd_plot_job_check_out(const char *path, bool force)
{
	char err[PATH_MAX + 128];
	int rc = result_check_output(path, force, err, sizeof(err));

	if (rc)
		msg_error("plot: %s", err);
	return cmd_status(rc, EXIT_IO);
}

/* Move plot.gp and plot.dat to BASE.gp and BASE.dat. */
int cmd_plot_job_keep(const struct plot_job *j)
{
	char src[PATH_MAX + 32], dst[PATH_MAX + 8], err[2 * PATH_MAX + 128];
	const char *what[] = { "gp", "dat" };
	int rc = 0;

	for (size_t i = 0; i < 2 && !rc; i++) {
		snprintf(dst, sizeof(dst), "%s.%s", j->base, what[i]);
		rc = cmd_plot_job_check_out(dst, j->force);
	}
	for (size_t i = 0; i < 2 && !rc; i++) {
		snprintf(src, sizeof(src), "%s/plot.%s", j->dir, what[i]);
		snprintf(dst, sizeof(dst), "%s.%s", j->base, what[i]);
		rc = plot_move(src, dst, j->force, err, sizeof(err));
		if (rc) {
			msg_error("plot: %s", err);
			rc = cmd_status(rc, EXIT_IO);
		}
	}
	return rc;
}

int cmd_plot_job_render(struct plot_job *j, const char *gp)
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
	rc = plot_move(src, j->out, j->force, err, sizeof(err));
	if (rc) {
		msg_error("plot: %s", err);
		return cmd_status(rc, EXIT_IO);
	}
	return 0;
}

int cmd_plot_job_dir(struct plot_job *j)
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
