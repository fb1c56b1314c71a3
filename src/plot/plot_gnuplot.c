// SPDX-License-Identifier: MIT
/*
 * plot_gnuplot: find the chart scripts and gnuplot, run gnuplot without a
 * shell in a private directory, and move its output into place.
 *
 * gnuplot gets an explicit argv: "-e" with variable definitions of file
 * names abstat made up in the private directory (never a user string) and
 * the script file name. Nothing a user or a result file wrote reaches
 * gnuplot's command parser: those strings are in the data file only.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hold.h"
#include "paths.h"
#include "plot_data.h"
#include "result.h"

static const char *const plot_exts[] = {
	[PLOT_FMT_PNG] = "png",
	[PLOT_FMT_SVG] = "svg",
	[PLOT_FMT_TXT] = "txt",
	[PLOT_FMT_GP] = "png",
};

static char *plot_read_file(const char *path)
{
	char *buf = NULL, err[256];
	size_t size;

	if (result_slurp(path, 1u << 20, &buf, &size, err, sizeof(err)))
		return NULL;
	return buf;
}

char *plot_script_text(const char *name, char *err, size_t len)
{
	const char *env = getenv("ABSTAT_PLOTS_DIR");
	char exe[PATH_MAX], path[PATH_MAX + 64];
	char *text;

	if (env && *env) {
		snprintf(path, sizeof(path), "%s/%s.gp", env, name);
		text = plot_read_file(path);
		if (text)
			return text;
	}
	if (paths_exe_dir(exe, sizeof(exe)))
		exe[0] = '\0';
	if (*exe) {
		snprintf(path, sizeof(path), "%s/plots/%s.gp", exe, name);
		text = plot_read_file(path);
		if (text)
			return text;
		snprintf(path, sizeof(path), "%s/../share/abstat/plots/%s.gp",
			 exe, name);
		text = plot_read_file(path);
		if (text)
			return text;
	}
	snprintf(err, len,
		 "no %s.gp in $ABSTAT_PLOTS_DIR (%s), %s/plots or %s/../share/abstat/plots; set ABSTAT_PLOTS_DIR to the plots directory",
		 name, env && *env ? env : "unset", *exe ? exe : "?",
		 *exe ? exe : "?");
	return NULL;
}

bool plot_find_gnuplot(char *buf, size_t len)
{
	const char *path = getenv("PATH");
	char *copy, *dir, *save = NULL;
	bool found = false;

	/* No PATH: the system default, as execvp would use. */
	copy = strdup(path ? path : "/bin:/usr/bin");
	if (!copy)
		return false;
	for (dir = strtok_r(copy, ":", &save); dir && !found;
	     dir = strtok_r(NULL, ":", &save)) {
		struct stat st;

		/* An empty or relative entry would search the cwd. */
		if (dir[0] != '/')
			continue;
		snprintf(buf, len, "%s/gnuplot", dir);
		found = !stat(buf, &st) && S_ISREG(st.st_mode) &&
			!access(buf, X_OK);
	}
	free(copy);
	return found;
}

/* The first line of gnuplot's log that says something, for a message. */
static void plot_gnuplot_why(const char *log, char *err, size_t len)
{
	char *text = plot_read_file(log), *line, *save = NULL;
	const char *why = NULL;

	for (line = text ? strtok_r(text, "\n", &save) : NULL; line && !why;
	     line = strtok_r(NULL, "\n", &save)) {
		while (*line == ' ' || *line == '^')
			line++;
		if (*line && !strstr(line, "line ") && strncmp(line, "Warning", 7))
			why = line;
	}
	snprintf(err, len, "%s", why ? why : "see gnuplot's messages");
	for (char *p = err; *p; p++)
		if ((unsigned char)*p < 0x20)
			*p = ' ';
	free(text);
}

int plot_gnuplot_run(const char *gp, const char *dir, enum plot_fmt fmt,
		     char *err, size_t len)
{
	char vars[128], log[PATH_MAX], why[200];
	char *argv[] = { "gnuplot", "-e", vars, "plot.gp", NULL };
	int status;
	pid_t pid;

	snprintf(vars, sizeof(vars),
		 "data='plot.dat'; out='plot.%s'; fmt='%s'", plot_exts[fmt],
		 plot_exts[fmt]);
	snprintf(log, sizeof(log), "%s/gnuplot.log", dir);
	pid = fork();
	if (pid < 0) {
		int e = errno;

		snprintf(err, len, "cannot start gnuplot: %s", strerror(e));
		return -e;
	}
	if (pid == 0) {
		int in = open("/dev/null", O_RDONLY);
		int out = open(log, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW,
			       0600);

		if (in < 0 || out < 0 || chdir(dir) || dup2(in, 0) < 0 ||
		    dup2(out, 1) < 0 || dup2(out, 2) < 0)
			_exit(127);
		execv(gp, argv);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			int e = errno;

			snprintf(err, len, "waiting for gnuplot: %s",
				 strerror(e));
			return -e;
		}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	plot_gnuplot_why(log, why, sizeof(why));
	if (WIFSIGNALED(status))
		snprintf(err, len, "gnuplot (%s) was killed by signal %d: %s",
			 gp, WTERMSIG(status), why);
	else
		snprintf(err, len, "gnuplot (%s) failed with exit status %d: %s",
			 gp, WEXITSTATUS(status), why);
	return -ECHILD; /* gnuplot ran and failed */
}

/* Plot files are readable like any file the user creates: 0666 less
 * the umask, whoever wrote them (abstat's 0600 private files, gnuplot's
 * own). */
static void plot_user_mode(const char *path)
{
	mode_t mask = umask(0);

	umask(mask);
	chmod(path, 0666 & ~mask);
}

/* Copy src to a new temporary file next to dst; its name in tmp. */
static int plot_copy_near(const char *src, const char *dst, char *tmp,
			  size_t len)
{
	char buf[65536];
	int in, out, rc = 0;
	ssize_t n;

	snprintf(tmp, len, "%s.XXXXXX", dst);
	in = open(src, O_RDONLY | O_CLOEXEC);
	if (in < 0)
		return -errno;
	out = mkostemp(tmp, O_CLOEXEC);
	if (out >= 0)
		hold_take(out, false); /* held while written (hold.h) */
	if (out < 0) {
		rc = -errno;
		close(in);
		return rc;
	}
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, (size_t)n) != n) {
			rc = errno ? -errno : -EIO;
			break;
		}
	if (n < 0)
		rc = -errno;
	if (!rc && fsync(out))
		rc = -errno;
	if (close(out) && !rc)
		rc = -errno;
	close(in);
	if (!rc)
		plot_user_mode(tmp);
	if (rc)
		unlink(tmp);
	return rc;
}

int plot_move(const char *src, const char *dst, bool force, char *err,
	      size_t len)
{
	char tmp[PATH_MAX];
	int rc;

	plot_user_mode(src); /* in the private directory: renamed as is */
	rc = result_publish(src, dst, force, err, len);

	if (rc != -EXDEV)
		return rc;
	rc = plot_copy_near(src, dst, tmp, sizeof(tmp));
	if (rc) {
		snprintf(err, len, "cannot write %s: %s", dst, strerror(-rc));
		return rc;
	}
	rc = result_publish(tmp, dst, force, err, len);
	if (rc)
		unlink(tmp);
	else
		unlink(src);
	return rc;
}
