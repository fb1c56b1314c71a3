// SPDX-License-Identifier: MIT
/*
 * boots_exec: what a step runs: doctor and abstat run (this abstat, the
 * binary the step hashed, by its fd), each under the plan's limit, and the commands that
 * boot the next kernel: kexec -l IMAGE [--initrd=F] --append=... then
 * kexec -e (kexec_load: Debian's arm64 kernels have no kexec_file_load,
 * so never -s), grub-reboot ENTRY then reboot, or sh -c NEXT with the
 * side in ABSTAT_BOOTS_* variables. --dry-run prints each command as a
 * shell line on stdout instead of running it.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "boots.h"
#include "escape.h"

static volatile sig_atomic_t boots_sig; /* a stop signal came */

static void boots_on_signal(int sig)
{
	boots_sig = sig;
}

void boots_signals(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
	struct sigaction sa = { .sa_handler = boots_on_signal };

	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaction(sigs[i], &sa, NULL);
}

int boots_signalled(void)
{
	return boots_sig;
}

/* A word sh reads back as itself (escape_shell_append). */
static void boots_print_word(FILE *f, const char *w)
{
	char small[512] = "", *buf = small;
	size_t n = escape_shell_append(w, small, sizeof(small));

	if (n >= sizeof(small) && (buf = calloc(n + 1, 1)))
		escape_shell_append(w, buf, n + 1);
	fputs(buf ? buf : small, f);
	if (buf != small)
		free(buf);
}

void boots_print_argv(FILE *f, char *const *env, char *const *argv)
{
	for (size_t i = 0; env && env[i]; i++) {
		const char *eq = strchr(env[i], '=');

		/* NAME='VALUE': a quoted NAME=VALUE would be a command */
		fprintf(f, "%.*s", (int)(eq - env[i] + 1), env[i]);
		boots_print_word(f, eq + 1);
		fputc(' ', f);
	}
	for (size_t i = 0; argv[i]; i++) {
		fputs(i ? " " : "", f);
		boots_print_word(f, argv[i]);
	}
	fputc('\n', f);
}

static void boots_child(const struct boots_ctx *c, char *const *argv,
			char *const *env, int out)
{
	/* its own group (a terminal's ^C reaches the step, which passes
	 * it on once), and ended with a step that dies (kill -9) */
	setpgid(0, 0);
	prctl(PR_SET_PDEATHSIG, SIGTERM);
	for (size_t i = 0; env && env[i]; i++)
		putenv(env[i]);
	if (out >= 0) {
		dup2(out, STDOUT_FILENO);
		dup2(out, STDERR_FILENO);
	}
	if (c->self && argv[0] == c->self && c->self_fd >= 0)
		fexecve(c->self_fd, argv, environ);
	else
		execvp(argv[0], argv);
	fprintf(stderr, "abstat: error: boots: cannot run %s: %s\n", argv[0],
		strerror(errno));
	_exit(127);
}

/* The child's exit status, 128 + its signal, or BOOTS_KILLED after it
 * ran past limit_s (SIGTERM, then SIGKILL 10 s later). A stop signal to
 * the step is passed on to the child, which is waited for (SIGKILL 30 s
 * later). */
static int boots_wait(pid_t pid, unsigned limit_s)
{
	struct timespec tick = { 0, 100 * 1000 * 1000 };
	unsigned long ticks = 0, limit = limit_s ? limit_s * 10UL : 0;
	unsigned long passed = 0;
	bool killed = false;
	int st;

	for (;;) {
		pid_t r = waitpid(pid, &st, WNOHANG);

		if (r == pid)
			break;
		if (r < 0 && errno != EINTR)
			return -errno;
		if (boots_sig && !passed) {
			kill(pid, boots_sig);
			passed = ticks + 1;
		} else if (passed && ticks == passed + 300) {
			kill(pid, SIGKILL);
		}
		nanosleep(&tick, NULL);
		ticks++;
		if (limit && ticks == limit) {
			kill(pid, SIGTERM);
			killed = true;
		} else if (limit && ticks == limit + 100) {
			kill(pid, SIGKILL);
		}
	}
	if (killed)
		return BOOTS_KILLED;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

int boots_spawn(const struct boots_ctx *c, char *const *argv,
		char *const *env, const char *out, unsigned limit_s)
{
	char err[4400];
	int fd = -1;
	pid_t pid;

	if (c->dry_run) {
		boots_print_argv(stdout, env, argv);
		return 0;
	}
	if (boots_sig)
		return 128 + boots_sig; /* stopped: start nothing more */
	if (out) {
		const char *name = strrchr(out, '/');

		fd = boots_plan_create(c->dfd, c->dir, name ? name + 1 : out,
				       err, sizeof(err));
		if (fd < 0) {
			boots_say(c, SAY_ERROR, "%s", err);
			return fd;
		}
	}
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		pid = -errno;
		if (fd >= 0)
			close(fd);
		return pid;
	}
	if (!pid)
		boots_child(c, argv, env, fd);
	if (fd >= 0)
		close(fd);
	return boots_wait(pid, limit_s);
}

/* The file kexec reads: path, checked root's and as hashed at init
 * (boots_trust_hashed), as /proc/self/fd/N of an fd kexec inherits
 * (never the path looked up again); *fd is that fd (-1: none, dry run). */
static int boots_kexec_file(const struct boots_ctx *c, const char *path,
			    const char *want, const char *what, int *fd,
			    char *buf, size_t len)
{
	char err[4400];

	*fd = boots_trust_hashed(path, want, what, err, sizeof(err));
	if (*fd < 0 && !c->dry_run) {
		boots_say(c, SAY_ERROR, "%s", err);
		return *fd;
	}
	if (c->dry_run) { /* refused: boots_check said why */
		if (*fd >= 0)
			close(*fd);
		*fd = -1;
		snprintf(buf, len, "%s", path);
		return 0;
	}
	fcntl(*fd, F_SETFD, 0); /* kexec -l reads it */
	snprintf(buf, len, "/proc/self/fd/%d", *fd);
	return 0;
}

/* kexec: load, then boot it (sync first: kexec -e does not). */
static int boots_kexec(const struct boots_ctx *c, const struct boots_side *s,
		       size_t n, char **what)
{
	char initrd[4220], append[4200], image[4200], rd[4200];
	char *load[] = { "kexec", "-l", image, append, NULL, NULL };
	char *exec[] = { "kexec", "-e", NULL };
	int rc, kfd = -1, ifd = -1;

	snprintf(append, sizeof(append), "--append=%s%sabstat.boot=%zu",
		 s->cmdline, *s->cmdline ? " " : "", n);
	*what = "the kernel's check";
	rc = boots_kexec_file(c, s->kernel, s->kernel_sha256, "kernel", &kfd,
			      image, sizeof(image));
	if (!rc && s->initrd) {
		rc = boots_kexec_file(c, s->initrd, s->initrd_sha256, "initrd",
				      &ifd, rd, sizeof(rd));
		snprintf(initrd, sizeof(initrd), "--initrd=%s", rd);
		load[4] = initrd;
	}
	if (!rc) {
		*what = "kexec -l";
		rc = boots_spawn(c, load, NULL, NULL, 300);
	}
	if (kfd >= 0)
		close(kfd);
	if (ifd >= 0)
		close(ifd);
	if (rc)
		return rc;
	if (!c->dry_run)
		sync();
	*what = "kexec -e";
	return boots_spawn(c, exec, NULL, NULL, 0);
}

int boots_boot_kernel(const struct boots_ctx *c, const struct boots_plan *p,
		      const struct boots_boot *b, char **what)
{
	const struct boots_side *s = &p->sides[b->side];
	size_t n = boots_plan_index(p, b);
	char *grub[] = { "grub-reboot", s->kernel, NULL };
	char *reboot[] = { "reboot", NULL };
	char *sh[] = { "/bin/sh", "-c", p->next, NULL };
	char env[6][4200], *envp[7];
	int rc;

	switch (p->method) {
	case BOOTS_KEXEC:
		return boots_kexec(c, s, n, what);
	case BOOTS_GRUB:
		*what = "grub-reboot";
		rc = boots_spawn(c, grub, NULL, NULL, 300);
		if (!rc && !c->dry_run)
			sync();
		*what = "reboot";
		return rc ? rc : boots_spawn(c, reboot, NULL, NULL, 0);
	case BOOTS_CMD:
		break;
	}
	snprintf(env[0], sizeof(env[0]), "ABSTAT_BOOTS_KERNEL=%s", s->kernel);
	snprintf(env[1], sizeof(env[1]), "ABSTAT_BOOTS_INITRD=%s",
		 s->initrd ? s->initrd : "");
	snprintf(env[2], sizeof(env[2]), "ABSTAT_BOOTS_CMDLINE=%s", s->cmdline);
	snprintf(env[3], sizeof(env[3]), "ABSTAT_BOOTS_SIDE=%s", s->label);
	snprintf(env[4], sizeof(env[4]), "ABSTAT_BOOTS_BOOT=%zu", n);
	snprintf(env[5], sizeof(env[5]), "ABSTAT_BOOTS_DIR=%s", c->dir);
	for (int i = 0; i < 6; i++)
		envp[i] = env[i];
	envp[6] = NULL;
	*what = "--next";
	if (!c->dry_run)
		sync();
	return boots_spawn(c, sh, envp, NULL, 0);
}

void boots_say(const struct boots_ctx *c, enum say_level level,
	       const char *fmt, ...)
{
	char *text;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&text, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	sink_say(&c->sink, level, "%s: %s", c->cmd, text);
	free(text);
}
