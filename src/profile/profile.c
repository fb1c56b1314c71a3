// SPDX-License-Identifier: MIT
/*
 * profile: samplers per copy, raw chains while a run goes, folded stacks
 * at its end (see profile.h). A chain is kept raw (pid, kernel ips, user
 * ips) and counted while the run goes: symbolising waits for the end of
 * the run, when every mapping of the process is known (the sampler's
 * mmap records; the process itself may be gone). Return addresses are
 * looked up one byte back (the call instruction, not the next one, which
 * may already be another function), the sampled ip as it is.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "profile.h"
#include "sampler.h"
#include "symbols.h"

/*
 * A workload that marks its region itself (abstat.h) toggles the sampler
 * with its counters and stores its first begin's time in the region page
 * (begin_ns) before it starts the sampler: a drain that reads the ring's
 * head and then finds that time 0 holds only samples from before it.
 * Those wait in pre: out of the run once a region began, the run's whole
 * profile if none did.
 */
struct profile_copy {
	struct profile *p;
	struct sampler *smp;
	json_t *chains;     /* "pid k IP... u IP..." -> count */
	uint64_t samples;
	json_t *pre;        /* chains drained while begin was 0 */
	uint64_t pre_samples;
	const uint64_t *begin_ns; /* the region page's, or NULL */
	uint64_t begin;     /* *begin_ns at this drain's head */
	uint64_t lost;      /* at the region's start; from the close on,
			     * what the run lost after it */
};

/* --call-graph dwarf: user stack bytes per sample (perf record's default)
 * and a ring that holds a few hundred of them */
#define PROFILE_DWARF_STACK 8192
#define PROFILE_DWARF_PAGES 1024
#define PROFILE_MAX_IPS 127

struct profile {
	struct event ev;
	unsigned freq;
	bool user_only, dwarf;
	struct symtab kernel;
	struct usyms *user;
	struct profile_copy *copies;
	size_t n_copies;
	char note[512];
};

static void profile_sample(void *ctx, const struct sampler_sample *s)
{
	struct profile_copy *c = ctx;
	uint64_t uw[PROFILE_MAX_IPS];
	const uint64_t *user = s->user;
	size_t n_user = s->n_user;
	char key[8192];
	size_t k = 0;
	json_t *v, *into = c->begin ? c->chains : c->pre;

	if (c->begin && s->time_ns < c->begin)
		return; /* before the region */
	if (s->regs) {
		/* dwarf: unwound here, while the maps seen so far are the
		 * process's (the stack copy is gone after this sample) */
		n_user = usyms_unwind(c->p->user, (pid_t)s->pid, s->regs,
				      SAMPLER_DWARF_REGS, s->stack,
				      s->stack_len, uw, PROFILE_MAX_IPS);
		if (!n_user)
			uw[n_user++] = s->regs[SAMPLER_DWARF_REGS - 1];
		user = uw;
	}
	k += snprintf(key + k, sizeof(key) - k, "%" PRIu32 " k", s->pid);
	for (size_t i = 0; i < s->n_kernel && k < sizeof(key) - 20; i++)
		k += snprintf(key + k, sizeof(key) - k, " %" PRIx64,
			      s->kernel[i]);
	k += snprintf(key + k, sizeof(key) - k, " u");
	for (size_t i = 0; i < n_user && k < sizeof(key) - 20; i++)
		k += snprintf(key + k, sizeof(key) - k, " %" PRIx64, user[i]);
	if (c->begin)
		c->samples++;
	else
		c->pre_samples++;
	v = json_object_get(into, key);
	if (v)
		json_integer_set(v, json_integer_value(v) + 1);
	else
		json_object_set_new(into, key, json_integer(1));
}

static void profile_map(void *ctx, const struct sampler_map *m)
{
	struct profile_copy *c = ctx;

	usyms_map(c->p->user, (pid_t)m->pid, m->start, m->len, m->pgoff,
		  m->file);
}

static void profile_head(void *ctx)
{
	struct profile_copy *c = ctx;

	c->begin = c->begin_ns ? __atomic_load_n(c->begin_ns, __ATOMIC_ACQUIRE) :
				 0;
}

static void profile_drain(void *sample)
{
	struct profile_copy *c = sample;
	const struct sampler_sink k = { .ctx = c, .head = profile_head,
					.sample = profile_sample,
					.map = profile_map };

	sampler_drain(c->smp, &k);
}

static void profile_begin_at(void *sample, const uint64_t *begin_ns)
{
	((struct profile_copy *)sample)->begin_ns = begin_ns;
}

/* The run's samples, once the last is drained: pre goes, or is all. */
static void profile_settle(struct profile_copy *c)
{
	json_t *t;

	if (!c->begin_ns || !__atomic_load_n(c->begin_ns, __ATOMIC_ACQUIRE)) {
		t = c->chains;
		c->chains = c->pre;
		c->pre = t;
		c->samples += c->pre_samples;
	}
	json_object_clear(c->pre);
	c->pre_samples = 0;
}

static int profile_open_copy(void *sample, pid_t pid, int cpu, bool on_exec)
{
	struct profile_copy *c = sample;

	return sampler_open(c->smp, pid, cpu, on_exec);
}

static int profile_fd(void *sample)
{
	return sampler_fd(((struct profile_copy *)sample)->smp);
}

static void profile_region(void *sample, enum launch_region what)
{
	struct profile_copy *c = sample;

	switch (what) {
	case LAUNCH_REGION_FIRST:
		/* the measured region starts: what came before is not in
		 * it (the counters subtract a baseline read) */
		profile_drain(c);
		json_object_clear(c->chains);
		json_object_clear(c->pre);
		c->samples = c->pre_samples = 0;
		c->lost = sampler_lost(c->smp);
		break;
	case LAUNCH_REGION_ON:
		sampler_enable(c->smp);
		break;
	case LAUNCH_REGION_OFF:
		profile_drain(c);
		sampler_disable(c->smp);
		break;
	}
}

static void profile_close_copy(void *sample)
{
	struct profile_copy *c = sample;

	if (sampler_fd(c->smp) < 0)
		return;
	profile_drain(c);
	profile_settle(c);
	c->lost = sampler_lost(c->smp) - c->lost;
	sampler_close(c->smp);
}

static const struct launch_sampling profile_launch = {
	.open = profile_open_copy,
	.begin_at = profile_begin_at,
	.fd = profile_fd,
	.region = profile_region,
	.drain = profile_drain,
	.close = profile_close_copy,
};

const struct launch_sampling *profile_hooks(const struct profile *p)
{
	return &profile_launch;
}

void *profile_copy(struct profile *p, size_t i)
{
	return &p->copies[i];
}

/* --sample-event, or cycles where it samples, else cpu-clock. */
static int profile_event(struct profile *p, const struct profile_opts *o,
			 char *err, size_t len)
{
	const char *name = o->event ? o->event : "cycles";
	char why[512] = "";
	int rc;

	for (;;) {
		memset(&p->ev, 0, sizeof(p->ev));
		err[0] = '\0';
		rc = perf_backend.resolve(name, o->user_only, &p->ev, err, len);
		if (rc < 0) {
			if (!err[0])
				snprintf(err, len, "%s: %s", name,
					 strerror(-rc));
			return rc;
		}
		rc = sampler_probe(&p->ev, o->freq, o->dwarf, why,
				   sizeof(why));
		if (!rc || o->event || !strcmp(name, "cpu-clock"))
			break;
		snprintf(p->note, sizeof(p->note),
			 "cycles cannot sample here (%s); sampling cpu-clock (recorded)",
			 why);
		event_free(&p->ev);
		name = "cpu-clock";
	}
	if (rc < 0)
		snprintf(err, len, "%s", why);
	return rc;
}

int profile_open(const struct profile_opts *o, struct profile **out,
		 char *err, size_t len)
{
	struct profile *p = calloc(1, sizeof(*p));
	char why[512];
	int rc;

	if (!p)
		return err_nomem(err, len);
	p->freq = o->freq;
	p->user_only = o->user_only;
	p->dwarf = o->dwarf;
	if (o->dwarf && !sampler_dwarf) {
		snprintf(err, len, "--call-graph dwarf: not built for this architecture (x86-64 only); use --call-graph fp");
		free(p);
		return -EOPNOTSUPP;
	}
	rc = perf_backend.init(err, len);
	if (rc < 0)
		goto fail;
	rc = profile_event(p, o, err, len);
	if (rc < 0)
		goto fail;
	if (!o->user_only && !p->ev.exclude_kernel &&
	    symtab_kallsyms(o->root, &p->kernel, why, sizeof(why)) < 0 &&
	    !p->note[0])
		snprintf(p->note, sizeof(p->note), "%s", why);
	if (!usyms_dw_ready(why, sizeof(why))) {
		size_t at = strlen(p->note);

		snprintf(p->note + at, sizeof(p->note) - at, "%s%s",
			 at ? "; " : "", why);
	}
	rc = usyms_new(o->root, o->uid, &p->user);
	p->copies = calloc(o->n_copies, sizeof(*p->copies));
	if (rc < 0 || !p->copies) {
		rc = err_nomem(err, len);
		goto fail;
	}
	p->n_copies = o->n_copies;
	for (size_t i = 0; i < o->n_copies; i++) {
		struct sampler_opts so = {
			.ev = &p->ev, .freq = o->freq, .dwarf = o->dwarf,
			.stack_bytes = PROFILE_DWARF_STACK,
			.data_pages = o->dwarf ? PROFILE_DWARF_PAGES : 0,
		};
		struct profile_copy *c = &p->copies[i];

		c->p = p;
		c->chains = json_object();
		c->pre = json_object();
		if (!c->chains || !c->pre || sampler_new(&so, &c->smp) < 0) {
			rc = err_nomem(err, len);
			goto fail;
		}
	}
	*out = p;
	return 0;
fail:
	if (rc == -ENOMEM)
		err_nomem(err, len);
	profile_free(p);
	return rc;
}

/* Append one frame (';' in a name would split it: ':' instead). */
static int profile_frame(char **buf, size_t *len, size_t *cap,
			 const char *name, bool kernel)
{
	size_t n = strlen(name), need = *len + n + 6;

	if (need > *cap) {
		char *b = realloc(*buf, need * 2);

		if (!b)
			return -ENOMEM;
		*buf = b;
		*cap = need * 2;
	}
	if (*len)
		(*buf)[(*len)++] = ';';
	for (size_t i = 0; i < n; i++)
		(*buf)[(*len)++] = name[i] == ';' ? ':' : name[i];
	if (kernel) {
		memcpy(*buf + *len, "_[k]", 4);
		*len += 4;
	}
	(*buf)[*len] = '\0';
	return 0;
}

/* The folded form of one raw chain key (see profile_sample). */
static int profile_fold(struct profile *p, const char *key, char **buf,
			size_t *cap)
{
	uint64_t kern[512], user[512];
	size_t nk = 0, nu = 0, len = 0;
	char name[1024], *end;
	pid_t pid = (pid_t)strtol(key, &end, 10);
	uint64_t *dst = kern;
	size_t *nd = &nk;
	int rc = 0;

	for (const char *c = end; *c;) {
		while (*c == ' ')
			c++;
		if (*c == 'k' || *c == 'u') {
			dst = *c == 'k' ? kern : user;
			nd = *c == 'k' ? &nk : &nu;
			c++;
			continue;
		}
		if (*nd < 512)
			dst[(*nd)++] = strtoull(c, &end, 16);
		else
			strtoull(c, &end, 16);
		if (end == c)
			break;
		c = end;
	}
	for (size_t i = nu; i-- > 0 && !rc;) {
		usyms_find(p->user, pid, i ? user[i] - 1 : user[i], name,
			   sizeof(name));
		rc = profile_frame(buf, &len, cap, name, false);
	}
	for (size_t i = nk; i-- > 0 && !rc;) {
		const char *s = symtab_find(&p->kernel, i ? kern[i] - 1 :
							     kern[i]);

		rc = profile_frame(buf, &len, cap, s ? s : "[unknown]", true);
	}
	if (!rc && !len)
		rc = profile_frame(buf, &len, cap, "[unknown]", false);
	return rc;
}

static int profile_stack_cmp(const void *a, const void *b)
{
	const struct run_stack *x = a, *y = b;

	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return strcmp(x->frames, y->frames);
}

/* folded (frames -> count) into run->stacks, most samples first. */
static int profile_stacks(json_t *folded, struct run *run)
{
	size_t n = json_object_size(folded), k = 0;
	const char *frames;
	json_t *v;

	run->stacks = calloc(n ? n : 1, sizeof(*run->stacks));
	if (!run->stacks)
		return -ENOMEM;
	json_object_foreach(folded, frames, v) {
		run->stacks[k].frames = strdup(frames);
		if (!run->stacks[k].frames)
			return -ENOMEM;
		run->stacks[k++].count = (uint64_t)json_integer_value(v);
		run->n_stacks = k;
	}
	qsort(run->stacks, k, sizeof(*run->stacks), profile_stack_cmp);
	return 0;
}

int profile_collect(struct profile *p, struct run *run)
{
	json_t *folded = json_object();
	char *buf = NULL;
	size_t cap = 0;
	int rc = folded ? 0 : -ENOMEM;

	run->profiled = true;
	for (size_t i = 0; i < p->n_copies && !rc; i++) {
		struct profile_copy *c = &p->copies[i];
		const char *key;
		json_t *v;

		run->samples += c->samples;
		run->lost += c->lost;
		json_object_foreach(c->chains, key, v) {
			json_t *have;
			json_int_t n = json_integer_value(v);

			rc = profile_fold(p, key, &buf, &cap);
			if (rc)
				break;
			have = json_object_get(folded, buf);
			if (have)
				json_integer_set(have,
						 json_integer_value(have) + n);
			else if (json_object_set_new(folded, buf,
						     json_integer(n)))
				rc = -ENOMEM;
		}
		json_object_clear(c->chains);
		c->samples = c->lost = 0;
	}
	if (!rc)
		rc = profile_stacks(folded, run);
	usyms_reset(p->user);
	json_decref(folded);
	free(buf);
	return rc;
}

json_t *profile_config(const struct profile *p)
{
	return json_pack("{s:s, s:I, s:s, s:s}", "event", p->ev.name,
			 "freq", (json_int_t)p->freq, "call_graph",
			 p->dwarf ? "dwarf" : "fp",
			 "symbols", usyms_dw_ready(NULL, 0) ? usyms_backend :
							     "none");
}

const char *profile_note(const struct profile *p)
{
	return p->note[0] ? p->note : NULL;
}

void profile_free(struct profile *p)
{
	if (!p)
		return;
	for (size_t i = 0; p->copies && i < p->n_copies; i++) {
		sampler_free(p->copies[i].smp);
		json_decref(p->copies[i].chains);
		json_decref(p->copies[i].pre);
	}
	free(p->copies);
	symtab_free(&p->kernel);
	usyms_free(p->user);
	event_free(&p->ev);
	free(p);
}
