// SPDX-License-Identifier: MIT
/*
 * boots_plan: DIR/plan.json, read and written whole (boots_plan.h). The
 * order of the boots is fixed at init: ABAB..., or K of each side
 * shuffled (Fisher-Yates) with splitmix64 from --seed, so the plan file
 * says the whole order before the first reboot.
 */
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "boots_plan.h"
#include "err.h"
#include "escape.h"

const char *const boots_state_names[] = {
	"pending", "booting", "running", "done", "partial", "failed", NULL
};
const char *const boots_method_names[] = { "kexec", "grub", "cmd", NULL };
const char *const boots_mismatch_names[] = { "retry", "stop", NULL };

static char *plan_dup(const char *s)
{
	return s ? strdup(s) : NULL;
}

static uint64_t plan_splitmix(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* K boots a side: ABAB..., or shuffled with seed. */
static int plan_order(struct boots_plan *p, unsigned k, bool random,
		      uint64_t seed)
{
	uint64_t x = seed;

	p->n_boots = 2 * (size_t)k;
	p->boots = calloc(p->n_boots, sizeof(*p->boots));
	if (!p->boots)
		return -ENOMEM;
	for (size_t i = 0; i < p->n_boots; i++)
		p->boots[i].side = i % 2;
	for (size_t i = p->n_boots - 1; random && i > 0; i--) {
		size_t j = plan_splitmix(&x) % (i + 1);
		unsigned t = p->boots[i].side;

		p->boots[i].side = p->boots[j].side;
		p->boots[j].side = t;
	}
	if (random && asprintf(&p->order, "random seed %llu",
			       (unsigned long long)seed) < 0)
		return -ENOMEM;
	return random ? 0 : (p->order = strdup("abab")) ? 0 : -ENOMEM;
}

/* The release of a kernel image named /boot/vmlinuz-RELEASE, or NULL. */
static char *plan_release_of(const char *kernel)
{
	const char *base = strrchr(kernel, '/');

	base = base ? base + 1 : kernel;
	if (strncmp(base, "vmlinuz-", 8) || !base[8])
		return NULL;
	return strdup(base + 8);
}

/* Whether some word of a's command line is not in b's. */
static bool plan_word_apart(const char *a, const char *b)
{
	char *dup = strdup(a ? a : ""), *save = NULL, *w;
	bool apart = false;

	for (w = strtok_r(dup, " \t", &save); w && !apart;
	     w = strtok_r(NULL, " \t", &save)) {
		const char *h = b ? b : "";
		size_t n = strlen(w);

		apart = true;
		for (const char *q = strstr(h, w); q; q = strstr(q + 1, w))
			if ((q == h || q[-1] == ' ' || q[-1] == '\t') &&
			    (!q[n] || q[n] == ' ' || q[n] == '\t'))
				apart = false;
	}
	free(dup);
	return apart;
}

static int plan_sides(const struct boots_plan_input *in, struct boots_plan *p,
		      char *err, size_t len)
{
	struct boots_side *s = p->sides;

	for (int i = 0; i < 2; i++) {
		const char *eq = strchr(in->side[i], '=');

		s[i].label = strndup(in->side[i],
				     (size_t)(eq - in->side[i]));
		s[i].kernel = strdup(eq + 1);
		s[i].initrd = plan_dup(in->initrd[i]);
		s[i].cmdline = strdup(in->cmdline[i] ?
					      in->cmdline[i] : "");
		s[i].release = in->release[i] ?
				       strdup(in->release[i]) :
				       plan_release_of(s[i].kernel);
		if (!s[i].label || !s[i].kernel || !s[i].cmdline ||
		    (in->initrd[i] && !s[i].initrd))
			return err_nomem(err, len);
	}
	if ((s[0].release && s[1].release &&
	     strcmp(s[0].release, s[1].release)) ||
	    plan_word_apart(s[0].cmdline, s[1].cmdline) ||
	    plan_word_apart(s[1].cmdline, s[0].cmdline))
		return 0;
	snprintf(err, len,
		 "boots init: the running kernel cannot tell side %s from side %s (%s); give --release-a and --release-b (what uname -r says on each, e.g. --release-a 6.1.0-44-amd64 --release-b 6.12.57+deb13-amd64), or command lines that differ",
		 s[0].label, s[1].label,
		 s[0].release && s[1].release ? "same release and command line" :
						"release unknown");
	return -EINVAL;
}

int boots_plan_new(const struct boots_plan_input *in, struct boots_plan *p,
		   char *err, size_t len)
{
	int rc;

	memset(p, 0, sizeof(*p));
	p->method = in->method;
	p->mismatch = in->mismatch;
	p->limit_s = in->limit_s;
	p->next = plan_dup(in->next);
	rc = plan_sides(in, p, err, len);
	if (rc)
		return rc;
	p->n_run = in->n_run;
	p->run = calloc(p->n_run + 1, sizeof(*p->run));
	if (!p->run || (in->next && !p->next))
		return err_nomem(err, len);
	for (size_t i = 0; i < p->n_run; i++)
		if (!(p->run[i] = strdup(in->run[i])))
			return err_nomem(err, len);
	if (plan_order(p, in->k, in->random, in->seed))
		return err_nomem(err, len);
	return 0;
}

bool boots_plan_label_ok(const char *s, size_t n)
{
	if (!n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!s[i] || !strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
				     "0123456789._+-", s[i]))
			return false;
	return true;
}

/* Whether s holds a control character (but tabs and newlines where
 * words: the shell's). */
static bool plan_controls(const char *s, bool words)
{
	for (; s && *s; s++) {
		size_t n = escape_control(s);

		if (n && !(words && (*s == '\t' || *s == '\n')))
			return true;
		s += n ? n - 1 : 0;
	}
	return false;
}

/* A sha256 as recorded: 64 lowercase hex digits, or none. */
static bool plan_hash_ok(const char *h)
{
	return !h || (strlen(h) == 64 && strspn(h, "0123456789abcdef") == 64);
}

static int plan_check_sides(const struct boots_plan *p, char *err,
			    size_t len)
{
	for (int i = 0; i < 2; i++) {
		const struct boots_side *s = &p->sides[i];

		if (!boots_plan_label_ok(s->label, strlen(s->label))) {
			snprintf(err, len, "side %d's label is not letters, digits and . _ + -",
				 i + 1);
			return -EINVAL;
		}
		if (!*s->kernel || plan_controls(s->kernel, false) ||
		    plan_controls(s->initrd, false) ||
		    plan_controls(s->cmdline, false) ||
		    plan_controls(s->release, false) ||
		    (s->initrd && !*s->initrd) || (s->release && !*s->release) ||
		    !plan_hash_ok(s->kernel_sha256) ||
		    !plan_hash_ok(s->initrd_sha256)) {
			snprintf(err, len, "side %s: an empty name or a control character",
				 s->label);
			return -EINVAL;
		}
	}
	if (!strcmp(p->sides[0].label, p->sides[1].label)) {
		snprintf(err, len, "both sides are labelled '%s'",
			 p->sides[0].label);
		return -EINVAL;
	}
	return 0;
}

int boots_plan_check(const struct boots_plan *p, char *err, size_t len)
{
	size_t per[2] = { 0, 0 };
	int rc = plan_check_sides(p, err, len);

	if (rc)
		return rc;
	if (!p->limit_s || p->limit_s > BOOTS_LIMIT_MAX) {
		snprintf(err, len, "limit_s %u is not 1 to %u", p->limit_s,
			 BOOTS_LIMIT_MAX);
		return -EINVAL;
	}
	if ((p->method == BOOTS_CMD) != !!p->next ||
	    (p->next && (!*p->next || plan_controls(p->next, true)))) {
		snprintf(err, len, "next: a command for method cmd only, without control characters");
		return -EINVAL;
	}
	for (size_t i = 0; i < p->n_run; i++)
		if (plan_controls(p->run[i], true)) {
			snprintf(err, len, "run word %zu has a control character",
				 i + 1);
			return -EINVAL;
		}
	for (size_t i = 0; i < p->n_boots && i < 2 * BOOTS_K_MAX + 1; i++) {
		per[p->boots[i].side]++;
		if (p->boots[i].tries > BOOTS_MAX_TRIES ||
		    p->boots[i].booted_at < 0) {
			snprintf(err, len, "boot %zu: tries or booted_at out of range",
				 i + 1);
			return -EINVAL;
		}
	}
	if (!p->n_run || !p->order || plan_controls(p->order, false) ||
	    p->n_boots > 2 * BOOTS_K_MAX || per[0] != per[1] || !per[0]) {
		snprintf(err, len, "%zu boots, %zu of side %s: not K of each side, K 1 to %d",
			 p->n_boots, per[0], p->sides[0].label, BOOTS_K_MAX);
		return -EINVAL;
	}
	return 0;
}

void boots_plan_free(struct boots_plan *p)
{
	for (int i = 0; i < 2; i++) {
		free(p->sides[i].label);
		free(p->sides[i].kernel);
		free(p->sides[i].initrd);
		free(p->sides[i].cmdline);
		free(p->sides[i].release);
		free(p->sides[i].kernel_sha256);
		free(p->sides[i].initrd_sha256);
	}
	for (size_t i = 0; p->run && i < p->n_run; i++)
		free(p->run[i]);
	free(p->run);
	for (size_t i = 0; i < p->n_boots; i++) {
		free(p->boots[i].note);
		free(p->boots[i].from_boot);
	}
	free(p->boots);
	free(p->next);
	free(p->order);
	free(p->stopped);
	memset(p, 0, sizeof(*p));
}

struct boots_boot *boots_plan_current(struct boots_plan *p)
{
	for (size_t i = 0; i < p->n_boots; i++)
		if (p->boots[i].state < BOOT_DONE)
			return &p->boots[i];
	return NULL;
}

size_t boots_plan_index(const struct boots_plan *p, const struct boots_boot *b)
{
	return (size_t)(b - p->boots) + 1;
}

void boots_plan_result(const char *dir, const struct boots_plan *p,
		       const struct boots_boot *b, const char *suffix,
		       char *buf, size_t len)
{
	snprintf(buf, len, "%s/boot-%02zu-%s%s", dir, boots_plan_index(p, b),
		 p->sides[b->side].label, suffix);
}

int boots_plan_note(struct boots_boot *b, const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0)
		return -ENOMEM;
	free(b->note);
	b->note = s;
	return 0;
}
