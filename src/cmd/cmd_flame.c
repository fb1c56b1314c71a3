// SPDX-License-Identifier: MIT
/*
 * cmd_flame: `abstat flame [OPTIONS] FILE [FILE] -o OUT`. Each FILE is a
 * side: a result of abstat profile (FILE,FILE,... and LABEL=FILE as in
 * compare: the stacks of its measured runs, summed), or with --import a
 * profile made elsewhere (flame_import.c). One side: its flame graph,
 * folded stacks or function table; two: the differential of A to B. The
 * filters (--exclude, --kernel, --user) act on each side alike. OUT's
 * extension (or --format) picks the output; '-' is stdout. OUT is
 * written whole to a temporary file next to it and published, never
 * replacing a file without --force (abstat(1)).
 */
#include <errno.h>
#include <limits.h>
#include <regex.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd_entry.h"
#include "commands.h"
#include "escape.h"
#include "flame.h"
#include "hold.h"
#include "msg.h"
#include "result_keys.h"

/* in the order of --format's values (cli_opts.c) */
enum flame_fmt { FLAME_SVG, FLAME_FOLDED, FLAME_TEXT, FLAME_MAIL };

struct flame_job {
	const struct config *cfg;
	enum flame_fmt fmt;
	regex_t re;
	bool have_re;
	struct flame_profile prof[2];
	char *label[2];
	/* a result's benchmark (or how many) and CPU, escaped, else "" */
	char prog[2][128], cpu[2][160];
	size_t n;
};

/* The benchmark of r (or how many) and the CPU it ran on, escaped,
 * for the titles (flame_title_what). */
static void flame_what(const struct result *r, char *prog, size_t plen,
		       char *cpu, size_t clen)
{
	char raw[128];

	if (r->n_bench == 1)
		snprintf(raw, sizeof(raw), "%s", r->bench[0].name);
	else
		snprintf(raw, sizeof(raw), "%zu benchmarks", r->n_bench);
	escape_str(raw, prog, plen);
	escape_str(result_cpu_name(r), cpu, clen);
}

static int flame_fmt_of(const struct config *cfg, enum flame_fmt *fmt)
{
	static const char *const exts[] = {
		[FLAME_SVG] = ".svg", [FLAME_FOLDED] = ".folded",
		[FLAME_TEXT] = ".txt",
	};
	const char *out = cfg->output, *slash = strrchr(out, '/');
	const char *dot = strrchr(slash ? slash + 1 : out, '.');

	if (cfg->flame.format >= 0) {
		*fmt = (enum flame_fmt)cfg->flame.format;
		return 0;
	}
	if (!strcmp(out, "-")) {
		*fmt = FLAME_TEXT;
		return 0;
	}
	for (size_t i = 0; dot && i < sizeof(exts) / sizeof(*exts); i++)
		if (!strcmp(dot, exts[i])) {
			*fmt = (enum flame_fmt)i;
			return 0;
		}
	return msg_usage("flame: cannot tell the output of '%s'; OUT must end in .svg, .folded or .txt, or give --format svg|folded|text|mail",
			 out);
}

static char *flame_base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return strdup(s && s[1] ? s + 1 : path);
}

static int flame_read_import(struct flame_job *j, size_t i)
{
	const char *path = j->cfg->files[i];
	char err[PATH_MAX + 256], *buf;
	size_t size;
	int rc = result_slurp(path, RESULT_MAX_BYTES, &buf, &size, err,
			      sizeof(err));

	if (rc) {
		msg_error("flame: %s", err);
		return cmd_status(rc, EXIT_USAGE);
	}
	rc = flame_import_buffer((enum flame_import)j->cfg->flame.import, buf,
				 size, path, &j->prof[i], err, sizeof(err));
	free(buf);
	if (rc == -EINVAL) {
		msg_error("flame: %s", err);
		return EXIT_USAGE;
	}
	if (!rc && !j->prof[i].n) {
		msg_error("flame: %s: no stacks in it; --import %s expects %s",
			  path, flame_import_names[j->cfg->flame.import],
			  j->cfg->flame.import == FLAME_IMPORT_BPFTRACE ?
				  "a map printout '@[' frames ']: COUNT'" :
			  j->cfg->flame.import == FLAME_IMPORT_FOLDED ?
				  "lines 'frame;frame COUNT'" :
				  "perf script's output of a perf record -g");
		return EXIT_USAGE;
	}
	if (!rc && !(j->label[i] = flame_base_name(path)))
		rc = -ENOMEM;
	return rc;
}

static int flame_read_results(struct flame_job *j)
{
	char err[PATH_MAX + 256];
	struct side *sides = NULL;
	size_t n = 0;
	int rc = side_read(j->cfg->files, j->cfg->n_files, &sides, &n, err,
			   sizeof(err));

	if (rc) {
		msg_error("flame: %s", err);
		rc = cmd_status(rc, EXIT_USAGE);
	}
	for (size_t i = 0; !rc && i < n; i++) {
		const char *label;

		for (size_t f = 0; !rc && f < sides[i].n_files; f++) {
			const struct result *r = sides[i].files[f];

			rc = flame_from_result(&j->prof[i], r);
			if (rc == -ENOENT) {
				msg_error("flame: %s has no profiled run; make one with abstat profile, or read a profile made elsewhere with --import",
					  r->path ? r->path : sides[i].label);
				rc = EXIT_USAGE;
			}
		}
		if (!rc && sides[i].n_files)
			flame_what(sides[i].files[0], j->prog[i],
				   sizeof(j->prog[i]), j->cpu[i],
				   sizeof(j->cpu[i]));
		/* unlabelled: the results' label (side.h) */
		label = sides[i].label ? sides[i].label :
			sides[i].n_files ? sides[i].files[0]->label : NULL;
		if (!rc && !(j->label[i] = strdup(label ? label : "profile")))
			rc = -ENOMEM;
	}
	side_free(sides, n);
	return rc;
}

static int flame_read(struct flame_job *j)
{
	const struct flame_filter f = { j->have_re ? &j->re : NULL,
					j->cfg->flame.kernel,
					j->cfg->flame.user };
	int rc = 0;

	j->n = j->cfg->n_files;
	if (j->cfg->flame.import < 0)
		rc = flame_read_results(j);
	for (size_t i = 0; !rc && j->cfg->flame.import >= 0 && i < j->n; i++)
		rc = flame_read_import(j, i);
	/* a label (a result's, a file's name) reaches titles and messages
	 * escaped: a control in it never reaches a terminal raw */
	for (size_t i = 0; !rc && i < j->n; i++)
		rc = escape_inplace(&j->label[i]);
	for (size_t i = 0; !rc && i < j->n; i++) {
		rc = flame_finish(&j->prof[i]);
		if (rc == -EOVERFLOW) {
			msg_error("flame: the sample counts of %s sum beyond 2^64; check its counts",
				  j->label[i]);
			return EXIT_USAGE;
		}
		if (!rc)
			rc = flame_filter(&j->prof[i], &f);
		if (!rc && !j->prof[i].total) {
			msg_error("flame: no samples of %s are left after --exclude, --kernel or --user; loosen them",
				  j->label[i]);
			rc = EXIT_USAGE;
		}
	}
	return rc;
}

/* "PROG: N samples on CPU" of side i when it is a result's, else "",
 * after sep: a second line of the text tables, the SVG's one title */
static void flame_title_what(const struct flame_job *j, size_t i,
			     const char *sep, char *buf, size_t len)
{
	buf[0] = '\0';
	if (j->prog[i][0])
		snprintf(buf, len, "%s%.40s: %llu samples on %.40s", sep,
			 j->prog[i], (unsigned long long)j->prof[i].total,
			 j->cpu[i]);
}

static int flame_emit(const struct flame_job *j, FILE *out)
{
	const struct flame_profile *b = &j->prof[j->n - 1];
	const struct flame_profile *a = j->n == 2 ? &j->prof[0] : NULL;
	char title[1024], what[320];
	struct flame_out o = { title, j->fmt == FLAME_MAIL ? 72 : 80 };

	flame_title_what(j, j->n - 1, j->fmt == FLAME_SVG ? ", " : "\n", what,
			 sizeof(what));
	if (a)
		snprintf(title, sizeof(title),
			 "abstat flame: %s -> %s (differential)%s", j->label[0],
			 j->label[1], what);
	else
		snprintf(title, sizeof(title), "abstat flame: %s%s",
			 j->label[0], what);
	switch (j->fmt) {
	case FLAME_SVG:
		return flame_write_svg(out, b, a, &o);
	case FLAME_FOLDED:
		return flame_write_folded(out, b, a);
	case FLAME_TEXT:
	case FLAME_MAIL:
		break;
	}
	return flame_write_text(out, b, a, &o);
}

/* Folded stacks to a terminal: each line escaped (escape.h), so a frame's
 * ESC, BEL or C1 control reaches no terminal; the raw bytes the folded
 * form keeps go only to a file or a pipe. */
static int flame_emit_shown(const struct flame_job *j)
{
	char *text = NULL, *save;
	size_t size = 0;
	FILE *m = open_memstream(&text, &size);
	int rc = m ? flame_emit(j, m) : -ENOMEM;

	if (m && fclose(m) && !rc)
		rc = -ENOMEM;
	for (char *line = rc ? NULL : strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *shown = escape_dup(line);

		if (!shown) {
			rc = -ENOMEM;
			break;
		}
		printf("%s\n", shown);
		free(shown);
	}
	free(text);
	return rc ? rc : ferror(stdout) ? -EIO : 0;
}

/* The temporary file while it is written: a signal that ends abstat
 * (^C on a big graph) removes it first, as every other exit path does. */
static char flame_tmp_path[PATH_MAX + 32];
static const int flame_tmp_sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };

static void flame_tmp_on_signal(int sig)
{
	if (flame_tmp_path[0])
		unlink(flame_tmp_path);
	signal(sig, SIG_DFL);
	raise(sig);
}

/* tmp NULL: the file is gone or published; the signals as they were. */
static void flame_tmp_guard(const char *tmp)
{
	static struct sigaction old[4];
	struct sigaction sa = { .sa_handler = flame_tmp_on_signal };
	sigset_t all, was;

	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &was);
	for (size_t i = 0; i < 4; i++)
		if (tmp)
			sigaction(flame_tmp_sigs[i], &sa, &old[i]);
		else if (flame_tmp_path[0])
			sigaction(flame_tmp_sigs[i], &old[i], NULL);
	snprintf(flame_tmp_path, sizeof(flame_tmp_path), "%s", tmp ? tmp : "");
	sigprocmask(SIG_SETMASK, &was, NULL);
}

/* Write to a temporary file next to OUT, then publish it. */
static int flame_write(const struct flame_job *j)
{
	const char *path = j->cfg->output;
	char err[2 * PATH_MAX + 128], *dir, tmp[PATH_MAX + 32];
	mode_t mask;
	FILE *f;
	int fd, rc;

	/* stdout's write errors are main's to report, once (main.c) */
	if (!strcmp(path, "-")) {
		rc = j->fmt == FLAME_FOLDED && isatty(STDOUT_FILENO) ?
			     flame_emit_shown(j) : flame_emit(j, stdout);
		return rc == -EIO ? 0 : rc;
	}
	dir = result_dirname(path);
	if (!dir)
		return -ENOMEM;
	snprintf(tmp, sizeof(tmp), "%s/.abstat-flame.XXXXXX", dir);
	free(dir);
	fd = mkstemp(tmp);
	if (fd >= 0) {
		flame_tmp_guard(tmp);
		hold_take(fd, false); /* held while written (hold.h) */
	}
	if (fd < 0) {
		msg_error("flame: cannot create a file next to %s: %s", path,
			  strerror(errno));
		return EXIT_IO;
	}
	/* mkstemp makes 0600; OUT is shared like any file written */
	mask = umask(0);
	umask(mask);
	f = fchmod(fd, 0666 & ~mask) ? NULL : fdopen(fd, "w");
	if (!f) {
		rc = -errno;
		close(fd);
		unlink(tmp);
		flame_tmp_guard(NULL);
		return rc;
	}
	rc = flame_emit(j, f);
	if (!rc && (fflush(f) || fsync(fd)))
		rc = -errno;
	if (fclose(f) && !rc)
		rc = -errno;
	if (!rc)
		rc = result_publish(tmp, path, j->cfg->force, err, sizeof(err));
	else
		snprintf(err, sizeof(err), "cannot write %s: %s", path,
			 strerror(-rc));
	if (rc)
		unlink(tmp);
	flame_tmp_guard(NULL);
	if (rc) {
		msg_error("flame: %s", err);
		return cmd_status(rc, EXIT_IO);
	}
	return 0;
}

static int flame_run(struct flame_job *j)
{
	const struct config *cfg = j->cfg;
	char err[PATH_MAX + 128];
	int rc = flame_fmt_of(cfg, &j->fmt);

	if (rc)
		return rc;
	if (strcmp(cfg->output, "-")) {
		rc = result_check_output(cfg->output, cfg->force, err,
					 sizeof(err));
		if (rc) {
			msg_error("flame: %s", err);
			return cmd_status(rc, EXIT_IO);
		}
	}
	if (cfg->flame.exclude) {
		rc = regcomp(&j->re, cfg->flame.exclude,
			     REG_EXTENDED | REG_NOSUB);
		if (rc) {
			regerror(rc, &j->re, err, sizeof(err));
			return msg_usage("flame: --exclude '%s' is not a regex: %s",
					 cfg->flame.exclude, err);
		}
		j->have_re = true;
	}
	rc = flame_read(j);
	if (!rc)
		rc = flame_write(j);
	return rc;
}

static int cmd_flame(const struct config *cfg)
{
	struct flame_job j = { .cfg = cfg };
	int rc = flame_run(&j);

	if (rc < 0) {
		msg_error("flame: %s", strerror(-rc));
		rc = cmd_status(rc, EXIT_IO);
	}
	for (size_t i = 0; i < 2; i++) {
		flame_free(&j.prof[i]);
		free(j.label[i]);
	}
	if (j.have_re)
		regfree(&j.re);
	return rc;
}

static const struct cli_use flame_opts[] = {
	{ OPT_OUTPUT, "OUT", ".svg, .folded or .txt ('-': stdout)", NULL },
	USE(OPT_FLAME_FORMAT), USE(OPT_IMPORT), USE(OPT_EXCLUDE),
	USE(OPT_KERNEL), USE(OPT_USER_FRAMES), USE(OPT_DIFF),
	USE_HELP(OPT_FORCE, "overwrite OUT"), END,
};

/* A profile, or two sides (--diff needs two); -o - by default. */
static int cmd_flame_operands(struct config *cfg, int argc, char **argv)
{
	if (cfg->flame.diff && argc != 2)
		return cli_usage("flame: --diff needs two sides, A and B; usage: abstat flame --diff A B -o OUT.svg");
	if (!cfg->output)
		cfg->output = "-";
	cfg->files = argv;
	cfg->n_files = argc;
	return 0;
}

const struct cmd_entry cmd_entry_flame = {
	.name = "flame",
	.summary = "flame graphs (.svg), folded stacks, function tables",
	.run = cmd_flame,
	.usage = "abstat flame [OPTIONS] FILE [FILE] -o OUT.{svg,folded,txt}",
	.intro = "  FILE: a result of abstat profile (FILE,FILE...: one side), or\n"
		 "  with --import a profile made elsewhere; two: differential\n",
	.opts = flame_opts,
	.min_operands = 1, .max_operands = 2,
	.operands_error = "needs one profile, or two (A B) for a differential; usage: abstat flame FILE [FILE] -o OUT.svg",
	.operands = cmd_flame_operands,
};
