// SPDX-License-Identifier: MIT
/*
 * cmd_doctor: `abstat doctor`, the printing edge of the doctor checks
 * (doctor.c).
 * One line per check ("WARN  governor      ..."), wrapped to 80 columns
 * with continuation lines indented, then the file it read and the fix for
 * every WARN and FAIL, then a summary. Exit 0 without a FAIL, else 1.
 * With --clean-cgroups: remove the stale abstat cgroups instead, one
 * "removed DIR" line each; exit 5 when one cannot be removed.
 */
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd_entry.h"
#include "commands.h"
#include "cpuset.h"
#include "doctor.h"
#include "msg.h"
#include "sysroot.h"

#define DOCTOR_WIDTH 80
#define DOCTOR_DETAIL_COL 20 /* "WARN  " + 14 columns of name */

/* Print text after prefix, word-wrapped at DOCTOR_WIDTH; continuation
 * lines are indented by indent. A word longer than a line is cut. */
static void doctor_wrap(FILE *out, const char *prefix, size_t indent,
			const char *text)
{
	size_t col = strlen(prefix);
	bool first = true; /* first word on this line: no space before it */

	fputs(prefix, out);
	for (const char *p = text; *p;) {
		size_t w;

		p += strspn(p, " ");
		w = strcspn(p, " ");
		if (!w)
			break;
		if (!first && col + 1 + w > DOCTOR_WIDTH) {
			fprintf(out, "\n%*s", (int)indent, "");
			col = indent;
			first = true;
		}
		if (!first) {
			fputc(' ', out);
			col++;
		}
		if (w > DOCTOR_WIDTH - col)
			w = DOCTOR_WIDTH - col;
		fwrite(p, 1, w, out);
		col += w;
		p += w;
		first = false;
	}
	fputc('\n', out);
}

static const char *const doctor_level_name[] = {
	[DOCTOR_OK] = "OK",
	[DOCTOR_WARN] = "WARN",
	[DOCTOR_FAIL] = "FAIL",
};

static void doctor_clean_one(const char *dir, int rc, void *arg)
{
	size_t *failed = arg;

	if (!rc) {
		printf("removed %s\n", dir);
		return;
	}
	(*failed)++;
	if (rc == -EACCES || rc == -EPERM || rc == -EROFS)
		msg_error("doctor: cannot remove %s: %s; run 'abstat doctor --clean-cgroups' as root",
			  dir, strerror(-rc));
	else
		msg_error("doctor: cannot remove %s: %s; move its tasks to the parent's cgroup.procs, then rmdir it",
			  dir, strerror(-rc));
}

/* --clean-cgroups: the cgroups the "cgroups" check names, removed. */
static int doctor_clean(const char *root)
{
	char cg[PATH_MAX];
	size_t failed = 0;
	int n;

	sysroot_path(root, "/sys/fs/cgroup", cg, sizeof(cg));
	n = cpuset_stale(cg, true, doctor_clean_one, &failed);
	printf("%zu stale abstat cgroup%s removed\n", (size_t)n - failed,
	       (size_t)n - failed == 1 ? "" : "s");
	return failed ? EXIT_IO : EXIT_OK;
}

static int cmd_doctor(const struct config *cfg)
{
	const struct measure_opts *m = &cfg->measure;
	const char *root = getenv("ABSTAT_SYSROOT");
	struct doctor_ctx ctx = {
		.root = root ? root : "",
		.pinned = &m->cpus,
		.user_only = m->user_only,
		.backend = m->backend == BACKEND_PAPI ? "papi" : "perf",
	};
	struct doctor_check *c;
	size_t n, count[3] = { 0 };
	char prefix[64], cpus[256];
	struct cpu_list online;
	int rc;

	if (cfg->doctor.clean_cgroups)
		return doctor_clean(ctx.root);
	rc = doctor_run(&ctx, &c, &n);
	if (rc) {
		msg_error("doctor: cannot run the checks: %s; retry",
			  strerror(-rc));
		return EXIT_IO;
	}
	if (m->cpus.n)
		cpu_list_format(&m->cpus, cpus, sizeof(cpus));
	else if (!cpu_online(ctx.root, &online) && online.n)
		snprintf(cpus, sizeof(cpus), "%d (default)",
			 cpu_default(&online));
	else
		snprintf(cpus, sizeof(cpus), "unknown");
	printf("abstat doctor: CPU %s, %s counting, %s backend\n", cpus,
	       m->user_only ? "user-only" : "user+kernel", ctx.backend);
	for (size_t i = 0; i < n; i++) {
		count[c[i].level]++;
		snprintf(prefix, sizeof(prefix), "%-5s %-13s ",
			 doctor_level_name[c[i].level], c[i].name);
		doctor_wrap(stdout, prefix, DOCTOR_DETAIL_COL, c[i].detail);
		if (c[i].level == DOCTOR_OK)
			continue;
		if (c[i].file[0])
			doctor_wrap(stdout, "      read: ", 12, c[i].file);
		if (c[i].fix)
			doctor_wrap(stdout, "      fix:  ", 12, c[i].fix);
	}
	printf("%zu checks: %zu OK, %zu WARN, %zu FAIL\n", n, count[DOCTOR_OK],
	       count[DOCTOR_WARN], count[DOCTOR_FAIL]);
	doctor_free(c, n);
	return count[DOCTOR_FAIL] ? EXIT_REGRESSION : EXIT_OK;
}

static const struct cli_use doctor_opts[] = {
	USE_HELP(OPT_CPU, "CPUs that will run the workload"),
	USE_HELP(OPT_USER_ONLY, "checks for user-space counting"),
	USE(OPT_BACKEND), USE(OPT_CLEAN_CGROUPS), END,
};

const struct cmd_entry cmd_entry_doctor = {
	.name = "doctor",
	.summary = "what will make results noisy or wrong, and the fix",
	.run = cmd_doctor,
	.usage = "abstat doctor [-C CPU] [--user-only] [--clean-cgroups]",
	.opts = doctor_opts,
};
