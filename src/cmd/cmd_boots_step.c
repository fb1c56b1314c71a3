// SPDX-License-Identifier: MIT
/*
 * cmd_boots_step: abstat boots step DIR, once per boot. The plan's
 * current boot (the first not done, partial or failed) says what to do:
 *  - pending: boot its kernel (the plan's first step, or the next);
 *  - booting: the running kernel must be its (release, the command line
 *    words that tell the sides apart, abstat.boot=N for kexec, and a new
 *    boot_id): then doctor and abstat run into DIR, and the next boot;
 *    another kernel is a mismatch, noted: retried once (--on-mismatch
 *    retry: booted again, then failed and the plan goes on) or the plan
 *    stopped, never counted;
 *  - running: a step was cut off (power loss, reset, a hang past the
 *    limit): the runs its journal holds are recovered (partial), and the
 *    plan goes on.
 * The plan is saved before every command that may not return.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "boots.h"
#include "hold.h"
#include "journal.h"
#include "msg.h"
#include "result.h"
#include "sysroot.h"

/* ROOT and rel's (/proc/...) first line, or "" */
static void step_read(const struct boots_ctx *c, const char *rel, char *buf,
		      size_t len)
{
	FILE *f = sysroot_fopen(c->root, rel);

	buf[0] = '\0';
	if (f) {
		if (!fgets(buf, (int)len, f))
			buf[0] = '\0';
		fclose(f);
	}
	buf[strcspn(buf, "\n")] = '\0';
}

static bool step_has_word(const char *line, const char *w)
{
	size_t n = strlen(w);

	for (const char *q = strstr(line, w); q; q = strstr(q + 1, w))
		if ((q == line || q[-1] == ' ') && (!q[n] || q[n] == ' '))
			return true;
	return false;
}

/* The words of want's command line that other's lacks must all be in
 * line (present: true), and other's that want lacks must not be: false,
 * or true with the first word that breaks it in bad (len bytes). */
static bool step_words(const char *line, const char *want,
		       const char *other, bool present, char *bad,
		       size_t len)
{
	char *dup = strdup(want), *save = NULL, *w;
	bool found = false;

	for (w = dup ? strtok_r(dup, " \t", &save) : NULL; w && !found;
	     w = strtok_r(NULL, " \t", &save))
		if (!step_has_word(other, w) &&
		    step_has_word(line, w) != present) {
			snprintf(bad, len, "%s", w);
			found = true;
		}
	free(dup);
	return found;
}

/* Whether the running kernel is b's; why not in why. */
static bool step_check(const struct boots_ctx *c, const struct boots_plan *p,
		       const struct boots_boot *b, char *why, size_t len)
{
	const struct boots_side *s = &p->sides[b->side];
	const struct boots_side *o = &p->sides[!b->side];
	char rel[256], line[4096], id[64], mark[64], w[512];

	step_read(c, "/proc/sys/kernel/osrelease", rel, sizeof(rel));
	step_read(c, "/proc/cmdline", line, sizeof(line));
	step_read(c, "/proc/sys/kernel/random/boot_id", id, sizeof(id));
	snprintf(mark, sizeof(mark), "abstat.boot=%zu", boots_plan_index(p, b));
	if (*id && b->from_boot && !strcmp(id, b->from_boot))
		snprintf(why, len, "the machine did not reboot (boot_id %s)", id);
	else if (s->release && strcmp(rel, s->release))
		snprintf(why, len, "running %s, expected %s (side %s)", rel,
			 s->release, s->label);
	else if (step_words(line, s->cmdline, o->cmdline, true, w, sizeof(w)))
		snprintf(why, len, "running %s without '%s' (side %s) on its command line",
			 rel, w, s->label);
	else if (step_words(line, o->cmdline, s->cmdline, false, w,
			    sizeof(w)))
		snprintf(why, len, "running %s with '%s' (side %s's) on its command line",
			 rel, w, o->label);
	else if (p->method == BOOTS_KEXEC && !step_has_word(line, mark))
		snprintf(why, len, "running %s, not booted by the plan (no %s on its command line: a reset or panic?)",
			 rel, mark);
	else
		return true;
	return false;
}

static int step_save(const struct boots_ctx *c, const struct boots_plan *p)
{
	char err[1024];

	if (c->dry_run ||
	    !boots_plan_save(c->dfd, c->dir, p, true, err, sizeof(err)))
		return 0;
	msg_error("%s", err);
	return EXIT_IO;
}

/* After a stop signal: the plan is saved as it is and nothing boots (a
 * reboot in the middle of someone's Ctrl-C, never). */
static int step_stopped(const struct boots_ctx *c)
{
	int sig = boots_signalled();

	if (!sig)
		return 0;
	msg_error("%s: stopped by %s: the plan in %s is saved and nothing is booted; the next abstat boots step %s goes on",
		  c->cmd, strsignal(sig), c->dir, c->dir);
	return EXIT_INTERRUPTED;
}

/* Mark b booting and boot its kernel. */
static int step_boot(const struct boots_ctx *c, struct boots_plan *p,
		     struct boots_boot *b)
{
	enum boots_state was = b->state;
	char id[64], *what = "";
	int rc;

	step_read(c, "/proc/sys/kernel/random/boot_id", id, sizeof(id));
	free(b->from_boot);
	b->from_boot = *id ? strdup(id) : NULL;
	b->state = BOOT_BOOTING;
	b->tries++;
	b->booted_at = (long long)time(NULL);
	rc = step_stopped(c) ?: step_save(c, p);
	if (rc)
		return rc;
	msg_info("%s: booting boot %zu of %zu (side %s, %s%s%s)", c->cmd,
		 boots_plan_index(p, b), p->n_boots, p->sides[b->side].label,
		 p->sides[b->side].kernel, b->tries > 1 ? ", again" : "",
		 c->dry_run ? "; dry run: the commands" : "");
	rc = boots_boot_kernel(c, p, b, &what);
	if (!rc)
		return EXIT_OK;
	if (boots_signalled()) {
		/* stopped before or while it booted: as it was */
		b->state = was;
		b->tries--;
		return step_save(c, p) ?: step_stopped(c);
	}
	b->state = BOOT_FAILED;
	boots_plan_note(b, "%s failed (%s %d)", what,
			rc < 0 ? "errno" : "exit", rc < 0 ? -rc : rc);
	if (asprintf(&p->stopped, "boot %zu: %s", boots_plan_index(p, b),
		     b->note) < 0)
		p->stopped = NULL;
	step_save(c, p);
	msg_error("%s: boot %zu: %s; the plan is stopped (fix it, then abstat boots init --force)",
		  c->cmd, boots_plan_index(p, b), b->note);
	return EXIT_IO;
}

/* The next boot, or the end of the plan. */
static int step_next(const struct boots_ctx *c, struct boots_plan *p)
{
	struct boots_boot *b = boots_plan_current(p);

	if (b)
		return step_boot(c, p, b);
	msg_info("%s: the plan in %s is complete; abstat boots report %s",
		 c->cmd, c->dir, c->dir);
	return EXIT_OK;
}

/* b's result as the run left it, when it holds a run: done when
 * complete, else partial; the note says so. 0, or -ENOENT (none). */
static int step_result(const char *res, struct boots_boot *b,
		       const char *what)
{
	char err[1024];
	struct result *r = NULL;
	size_t runs = 0;
	bool complete;

	if (access(res, F_OK) || result_read(res, &r, err, sizeof(err))) {
		result_free(r);
		return -ENOENT;
	}
	for (size_t i = 0; i < r->n_bench; i++)
		for (size_t k = 0; k < r->bench[i].n_runs; k++)
			runs += !r->bench[i].runs[k].warmup;
	complete = r->status && !strcmp(r->status, "complete");
	result_free(r);
	if (!runs)
		return -ENOENT;
	b->state = complete ? BOOT_DONE : BOOT_PARTIAL;
	boots_plan_note(b, "%s; its result holds %zu runs%s", what, runs,
			complete ? " (complete)" : "");
	return 0;
}

/* msg with at (DIR's /proc/self/fd/N) shown as dir, into buf */
static void step_shown(const char *msg, const char *at, const char *dir,
		       char *buf, size_t len)
{
	size_t n = strlen(at), k = 0;

	for (const char *q = msg; *q && k + 1 < len;) {
		if (!strncmp(q, at, n) && q[n] == '/') {
			k += (size_t)snprintf(buf + k, len - k, "%s", dir);
			k = k < len ? k : len - 1;
			q += n;
		} else {
			buf[k++] = *q++;
		}
	}
	buf[k] = '\0';
}

/* b cut off (a step killed, a power loss) or its run killed: the result
 * the run wrote (done when complete, partial when interrupted), else the
 * runs its journal holds recovered into b's result (partial), else b
 * failed; what, then the note says which. */
static void step_recover(const struct boots_ctx *c, struct boots_plan *p,
			 struct boots_boot *b, const char *what)
{
	char res[4200], jp[4300], err[1024], at[64], shown[1200];
	struct result *r = NULL;
	unsigned torn;
	size_t runs = 0;

	/* read and written through DIR's fd (/proc/self/fd/N), never by
	 * DIR's path again */
	snprintf(at, sizeof(at), "/proc/self/fd/%d", c->dfd);
	boots_plan_result(at, p, b, ".json", res, sizeof(res));
	snprintf(jp, sizeof(jp), "%s.journal", res);
	b->state = BOOT_FAILED;
	if (!c->dry_run && !step_result(res, b, what)) {
		/* written, then cut off before the journal went */
		if (!access(jp, F_OK) && !hold_check_free(jp, err, sizeof(err)))
			unlink(jp);
		return;
	}
	if (access(jp, F_OK)) {
		boots_plan_note(b, "%s before a run finished", what);
		return;
	}
	if (c->dry_run) {
		boots_plan_note(b, "%s; its journal would be recovered", what);
		return;
	}
	if (hold_check_free(jp, err, sizeof(err)) ||
	    journal_load(jp, &r, &torn, err, sizeof(err)) ||
	    result_write(r, res, true, err, sizeof(err))) {
		step_shown(err, at, c->dir, shown, sizeof(shown));
		boots_plan_note(b, "%s; its journal is not recovered: %s", what,
				shown);
		result_free(r);
		return;
	}
	for (size_t i = 0; i < r->n_bench; i++) /* measured: no warm-up */
		for (size_t k = 0; k < r->bench[i].n_runs; k++)
			runs += !r->bench[i].runs[k].warmup;
	result_free(r);
	unlink(jp);
	b->state = BOOT_PARTIAL;
	boots_plan_note(b, "%s; %zu runs recovered from its journal", what,
			runs);
}

/* The running kernel is b's: doctor, then abstat run. */
static void step_measure(const struct boots_ctx *c, struct boots_plan *p,
			 struct boots_boot *b, const char *self)
{
	char res[4200], doc[4200], log[4200], why[4400];
	char **argv = calloc(p->n_run + 5, sizeof(*argv));
	char *doctor[] = { (char *)self, "doctor", NULL };
	int rc;

	boots_plan_result(c->dir, p, b, ".json", res, sizeof(res));
	boots_plan_result(c->dir, p, b, ".doctor.txt", doc, sizeof(doc));
	boots_plan_result(c->dir, p, b, ".log", log, sizeof(log));
	boots_spawn(c, doctor, NULL, doc, p->limit_s);
	if (!argv) {
		boots_plan_note(b, "out of memory");
		b->state = BOOT_FAILED;
		return;
	}
	argv[0] = (char *)self;
	argv[1] = "run";
	argv[2] = "-o";
	argv[3] = res;
	memcpy(argv + 4, p->run, p->n_run * sizeof(*argv));
	rc = boots_spawn(c, argv, NULL, log, p->limit_s);
	free(argv);
	b->state = BOOT_DONE;
	if (rc == BOOTS_KILLED)
		snprintf(why, sizeof(why),
			 "no result within the limit (%u s): killed",
			 p->limit_s);
	else if (rc < 0)
		snprintf(why, sizeof(why), "abstat run did not start: %s",
			 strerror(-rc));
	else if (rc)
		snprintf(why, sizeof(why), "abstat run exited %d (see %s)", rc,
			 log);
	else if (!c->dry_run && access(res, F_OK))
		snprintf(why, sizeof(why), "abstat run wrote no result");
	else
		return;
	step_recover(c, p, b, why);
}

/* b booted: its kernel or another (noted; retried, failed or stopped). */
static int step_booted(const struct boots_ctx *c, struct boots_plan *p,
		       struct boots_boot *b, const char *self)
{
	long long late = (long long)time(NULL) - b->booted_at;
	char why[1024];
	int rc;

	if (step_check(c, p, b, why, sizeof(why))) {
		b->state = BOOT_RUNNING;
		rc = step_save(c, p);
		if (rc)
			return rc;
		msg_info("%s: boot %zu of %zu (side %s) is running; doctor and abstat run",
			 c->cmd, boots_plan_index(p, b), p->n_boots,
			 p->sides[b->side].label);
		step_measure(c, p, b, self);
		if (b->state != BOOT_DONE)
			msg_warn("%s: boot %zu: %s; the plan goes on", c->cmd,
				 boots_plan_index(p, b), b->note);
		rc = step_save(c, p);
		return rc ? rc : step_stopped(c) ?: step_next(c, p);
	}
	boots_plan_note(b, "mismatch, try %u: %s%s", b->tries, why,
			late > (long long)p->limit_s ?
				"; no result within the limit" : "");
	msg_warn("%s: boot %zu: %s", c->cmd, boots_plan_index(p, b), b->note);
	if (p->mismatch == BOOTS_STOP) {
		b->state = BOOT_FAILED;
		if (asprintf(&p->stopped, "boot %zu: %s",
			     boots_plan_index(p, b), b->note) < 0)
			p->stopped = NULL;
		step_save(c, p);
		msg_error("%s: the plan is stopped at boot %zu (--on-mismatch stop); abstat boots status %s",
			  c->cmd, boots_plan_index(p, b), c->dir);
		return EXIT_FAILED;
	}
	if (b->tries < BOOTS_MAX_TRIES)
		return step_boot(c, p, b);
	b->state = BOOT_FAILED;
	return step_save(c, p) ?: step_next(c, p);
}

int boots_step(const struct boots_ctx *c, struct boots_plan *p)
{
	struct boots_boot *b = boots_plan_current(p);
	const char *self = c->self;

	if (p->stopped) {
		msg_error("%s: the plan in %s is stopped: %s; abstat boots status %s",
			  c->cmd, c->dir, p->stopped, c->dir);
		return EXIT_FAILED;
	}
	if (!b)
		return step_next(c, p);
	if (b->state == BOOT_RUNNING) {
		step_recover(c, p, b, "interrupted (power loss, reset or a hang)");
		msg_warn("%s: boot %zu: %s; the plan goes on", c->cmd,
			 boots_plan_index(p, b), b->note);
		return step_save(c, p) ?: step_next(c, p);
	}
	if (b->state == BOOT_PENDING)
		return step_boot(c, p, b);
	return step_booted(c, p, b, self);
}
