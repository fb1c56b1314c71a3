/* SPDX-License-Identifier: MIT */
/*
 * cmd_plot_job: the files of one abstat plot (cmd_plot_job.c): its
 * private directory, script and data, gnuplot's chart moved to OUT.
 * Each int function returns 0 or an exit status after its one error line
 * (msg.h), or -errno where it says so.
 */
#ifndef ABSTAT_CMD_PLOT_JOB_H
#define ABSTAT_CMD_PLOT_JOB_H

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>

#include "cli.h"
#include "plot_data.h"
#include "side.h"

/* One abstat plot, from the command line to the chart. */
struct plot_job {
	const struct config *cfg;
	const char *out;     /* OUT: -o, or boots report --plot */
	bool force;          /* replace OUT */
	/* the delta chart's model, built (its warnings said) by the
	 * caller, or NULL: built here from sides */
	const struct compare_model *model;
	bool borrowed;       /* sides are the caller's: not read, not freed */
	enum plot_fmt fmt;
	enum plot_kind kind;
	char *base;          /* OUT without its extension (for .gp, .dat) */
	char dir[PATH_MAX];  /* private directory, "" when none yet */
	struct side *sides;
	size_t n;
	bool regressed;      /* --fail-on-regression tripped (delta) */
};

/* "delta", "runs", "scaling", "dist": the kind of j (plots/KIND.gp). */
const char *cmd_plot_job_kind(const struct plot_job *j);
/* j->dir: a new private directory under TMPDIR (else /tmp). */
int cmd_plot_job_dir(struct plot_job *j);
/* A new file in j->dir (never an existing one, never through a link);
 * NULL with errno. */
FILE *cmd_plot_job_fopen(const char *path);
/* plot.gp at path: plots/KIND.gp with its header; -errno when it cannot
 * be written. */
int cmd_plot_job_script(const struct plot_job *j, const char *path);
/* Refuse to replace OUT unless force (result_check_output). */
int cmd_plot_job_check_out(const char *path, bool force);
/* plot.gp and plot.dat moved to BASE.gp and BASE.dat (.gp, no gnuplot). */
int cmd_plot_job_keep(const struct plot_job *j);
/* gnuplot (at gp) run in j->dir; the chart (.txt trimmed for mail)
 * moved to OUT. */
int cmd_plot_job_render(struct plot_job *j, const char *gp);
/* j->dir and everything abstat made in it removed. */
void cmd_plot_job_cleanup(const struct plot_job *j);

#endif
