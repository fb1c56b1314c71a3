// SPDX-License-Identifier: MIT
/*
 * result_fast: one run object decoded straight into a struct run, without
 * a jansson tree. A 4.3 MB result is 5000 runs of about 20 members and 10
 * counter objects each; building a tree of 50 json_t (each with its hash
 * table) per run, reading it and freeing it was three quarters of what
 * compare spent (bench/RESULTS.md, section 4). Here the usual run, as
 * abstat writes it, is read in one pass: plain keys, integers, true,
 * false, null, and strings without escapes.
 *
 * It only ever accepts what result_parse_run accepts and fills the same
 * struct run, and it declines (-EAGAIN: the caller gives that run to
 * jansson and result_parse_run, which also word any error) on anything
 * else: an escape or a byte outside printable ASCII in a string, a real,
 * an integer of more than 18 digits, a leading zero, a duplicate, missing
 * or unknown key, copies, a value out of its range, a counter for an
 * unsupported event. An unknown key declines too, so a key added to
 * result_parse_run later is read there without a change here.
 */
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "result_parse_priv.h"

/* The members of a run, in the order result_write.c writes them. */
enum fast_key {
	FK_INDEX, FK_WARMUP, FK_STATUS, FK_REASON, FK_WALL, FK_USER, FK_SYS,
	FK_MAXRSS, FK_EXIT, FK_SIGNAL, FK_OPS, FK_REGION, FK_CPU, FK_START,
	FK_END, FK_COUNTERS, FK_N
};

/* A key and its length. */
struct fast_name {
	const char *s;
	size_t n;
};
#define FAST_NAME(lit) { lit, sizeof(lit) - 1 }

static const struct fast_name fast_keys[FK_N] = {
	[FK_INDEX] = FAST_NAME("index"), [FK_WARMUP] = FAST_NAME("warmup"),
	[FK_STATUS] = FAST_NAME("status"), [FK_REASON] = FAST_NAME("reason"),
	[FK_WALL] = FAST_NAME("wall_ns"), [FK_USER] = FAST_NAME("user_ns"),
	[FK_SYS] = FAST_NAME("sys_ns"), [FK_MAXRSS] = FAST_NAME("maxrss_kb"),
	[FK_EXIT] = FAST_NAME("exit_status"), [FK_SIGNAL] = FAST_NAME("signal"),
	[FK_OPS] = FAST_NAME("ops"), [FK_REGION] = FAST_NAME("region_ns"),
	[FK_CPU] = FAST_NAME("cpu"), [FK_START] = FAST_NAME("start_ns"),
	[FK_END] = FAST_NAME("end_ns"), [FK_COUNTERS] = FAST_NAME("counters"),
};

/* Every member but ops must be there (result_parse_run's rule). */
#define FAST_REQUIRED (((1u << FK_N) - 1) & ~(1u << FK_OPS))

struct fast {
	const char *p, *end;
};

/* JSON's whitespace (RFC 8259: space, tab, newline, return). The cursor
 * is copied to locals in the loops: a char store may alias f->p. */
static const bool fast_space[256] = {
	[' '] = true, ['\t'] = true, ['\n'] = true, ['\r'] = true,
};

static void fast_ws(struct fast *f)
{
	const char *p = f->p, *end = f->end;

	while (p < end && fast_space[(unsigned char)*p])
		p++;
	f->p = p;
}

static bool fast_char(struct fast *f, char c)
{
	fast_ws(f);
	if (f->p < f->end && *f->p == c) {
		f->p++;
		return true;
	}
	return false;
}

/* What a plain string may hold: printable ASCII but the quote and the
 * backslash. */
static bool fast_plain(unsigned char c)
{
	return c >= 0x20 && c <= 0x7e && c != '"' && c != '\\';
}

/* A string of printable ASCII without escapes, quotes included. */
static bool fast_str(struct fast *f, const char **s, size_t *n)
{
	const char *q, *end = f->end;

	if (!fast_char(f, '"'))
		return false;
	for (q = f->p; q < end && fast_plain((unsigned char)*q); q++)
		;
	if (q >= end || *q != '"')
		return false;
	*s = f->p;
	*n = (size_t)(q - f->p);
	f->p = q + 1;
	return true;
}

/* What may follow a value inside an object or array. */
static bool fast_delim(const struct fast *f)
{
	return f->p < f->end && (*f->p == ',' || *f->p == '}' ||
				 *f->p == ']' ||
				 fast_space[(unsigned char)*f->p]);
}

/* A JSON integer in min..max (jansson's grammar: no leading zero, no
 * fraction or exponent; 18 digits at most, so it fits a long long). */
static bool fast_int(struct fast *f, long long min, long long max,
		     long long *out)
{
	const char *p, *d, *stop;
	bool neg = false;
	long long x = 0;

	fast_ws(f);
	p = f->p;
	if (p < f->end && *p == '-') {
		neg = true;
		p++;
	}
	d = p;
	stop = f->end - p > 18 ? p + 18 : f->end;
	while (p < stop && *p >= '0' && *p <= '9')
		x = x * 10 + (*p++ - '0');
	f->p = p;
	/* a 19th digit, '.', 'e' or anything else but a delimiter: jansson */
	if (p == d || (*d == '0' && p - d > 1) || (neg && x == 0) ||
	    !fast_delim(f))
		return false;
	x = neg ? -x : x;
	if (x < min || x > max)
		return false;
	*out = x;
	return true;
}

static bool fast_u64(struct fast *f, uint64_t *out)
{
	long long x;

	if (!fast_int(f, 0, LLONG_MAX, &x))
		return false;
	*out = (uint64_t)x;
	return true;
}

static bool fast_i32(struct fast *f, long long min, long long max, int *out)
{
	long long x;

	if (!fast_int(f, min, max, &x))
		return false;
	*out = (int)x;
	return true;
}

static bool fast_word(struct fast *f, const char *w)
{
	size_t n = strlen(w);

	fast_ws(f);
	if ((size_t)(f->end - f->p) < n || memcmp(f->p, w, n))
		return false;
	f->p += n;
	return fast_delim(f);
}

/* The key name (quoted in the text: only plain characters) and its
 * colon, compared in place: a key's bytes cost a compare each, not a
 * loop's turn (a run has 45 keys, 30 of them in its counters). */
static bool fast_name(struct fast *f, const struct fast_name *name)
{
	const char *p;

	fast_ws(f);
	p = f->p;
	if ((size_t)(f->end - p) < name->n + 2 || p[0] != '"' ||
	    memcmp(p + 1, name->s, name->n) || p[name->n + 1] != '"')
		return false;
	f->p = p + name->n + 2;
	return true;
}

static bool fast_key(struct fast *f, enum fast_key guess, enum fast_key *k)
{
	const char *s;
	size_t n;

	/* the member after the last one first: abstat writes them in order */
	if (fast_name(f, &fast_keys[guess])) {
		*k = guess;
		return fast_char(f, ':');
	}
	if (!fast_str(f, &s, &n) || !fast_char(f, ':'))
		return false;
	for (int i = 0; i < FK_N; i++) {
		int j = (guess + i) % FK_N;

		if (fast_keys[j].n == n && !memcmp(fast_keys[j].s, s, n)) {
			*k = (enum fast_key)j;
			return true;
		}
	}
	return false;
}

/* {"value": V, "enabled_ns": E, "running_ns": R}, in that order, or null
 * (not counted: stays zero) */
static bool fast_counter(struct fast *f, const struct event *ev,
			 struct counter_value *cv)
{
	static const struct fast_name names[3] = {
		FAST_NAME("value"), FAST_NAME("enabled_ns"),
		FAST_NAME("running_ns"),
	};
	uint64_t *dst[3] = { &cv->value, &cv->enabled_ns, &cv->running_ns };

	if (fast_word(f, "null"))
		return true;
	if ((ev && ev->state != EVENT_OK) || !fast_char(f, '{'))
		return false;
	for (int i = 0; i < 3; i++) {
		if ((i && !fast_char(f, ',')) || !fast_name(f, &names[i]) ||
		    !fast_char(f, ':') || !fast_u64(f, dst[i]))
			return false;
	}
	return fast_char(f, '}') && cv->running_ns <= cv->enabled_ns;
}

static bool fast_counters(const struct ctx *c, struct fast *f,
			  struct counter_value **out)
{
	size_t i = 0;

	if (!fast_char(f, '['))
		return false;
	/* no slot to spare: 10000 runs of 10 events are 240 kB less */
	*out = calloc(c->n_events ? c->n_events : 1, sizeof(**out));
	if (!*out)
		return false;
	if (fast_char(f, ']'))
		return c->n_events == 0;
	do {
		if (i >= c->n_events ||
		    !fast_counter(f, c->events ? &c->events[i] : NULL,
				  &(*out)[i]))
			return false;
		i++;
	} while (fast_char(f, ','));
	return fast_char(f, ']') && i == c->n_events;
}

static bool fast_status(struct fast *f, struct run *run)
{
	const char *s;
	size_t n;

	if (!fast_str(f, &s, &n))
		return false;
	if (n == 2 && !memcmp(s, "ok", 2))
		run->status = RUN_OK;
	else if (n == 6 && !memcmp(s, "failed", 6))
		run->status = RUN_FAILED;
	else if (n == 7 && !memcmp(s, "timeout", 7))
		run->status = RUN_TIMEOUT;
	else
		return false;
	return fast_delim(f);
}

static bool fast_reason(struct fast *f, struct run *run)
{
	const char *s;
	size_t n;

	if (fast_word(f, "null"))
		return true;
	if (!fast_str(f, &s, &n) || !fast_delim(f))
		return false;
	run->reason = strndup(s, n);
	return run->reason != NULL;
}

static bool fast_member(const struct ctx *c, struct fast *f, enum fast_key k,
			struct run *run)
{
	struct proc_sample *p = &run->total;
	long long index;

	switch (k) {
	case FK_INDEX:
		if (!fast_int(f, 0, UINT_MAX, &index))
			return false;
		run->index = (unsigned)index;
		return true;
	case FK_WARMUP:
		run->warmup = fast_word(f, "true");
		return run->warmup || fast_word(f, "false");
	case FK_STATUS:
		return fast_status(f, run);
	case FK_REASON:
		return fast_reason(f, run);
	case FK_WALL:
		return fast_u64(f, &p->wall_ns);
	case FK_USER:
		return fast_u64(f, &p->user_ns);
	case FK_SYS:
		return fast_u64(f, &p->sys_ns);
	case FK_MAXRSS:
		return fast_u64(f, &p->maxrss_kb);
	case FK_EXIT:
		return fast_i32(f, -1, 255, &p->exit_status);
	case FK_SIGNAL:
		return fast_i32(f, 0, 64, &p->term_signal);
	case FK_OPS:
		p->has_ops = true;
		return fast_u64(f, &p->ops);
	case FK_REGION:
		return fast_u64(f, &p->region_ns);
	case FK_CPU:
		return fast_i32(f, -1, INT_MAX, &p->cpu);
	case FK_START:
		return fast_u64(f, &p->start_ns);
	case FK_END:
		return fast_u64(f, &p->end_ns);
	case FK_COUNTERS:
		return fast_counters(c, f, &p->counters);
	default:
		return false;
	}
}

int result_run_fast(const struct ctx *c, const char *buf, size_t size,
		    size_t *pos, struct run *run)
{
	struct fast f = { buf + *pos, buf + size };
	unsigned seen = 0;
	enum fast_key k = FK_INDEX;
	bool ok;

	memset(run, 0, sizeof(*run));
	run->n_copies = 1;
	ok = fast_char(&f, '{');
	while (ok) {
		ok = fast_key(&f, k, &k) && !(seen & (1u << k));
		if (!ok)
			break;
		seen |= 1u << k;
		ok = fast_member(c, &f, k, run);
		k = (enum fast_key)((k + 1) % FK_N);
		if (ok && !fast_char(&f, ','))
			break;
	}
	ok = ok && fast_char(&f, '}') &&
	     (seen & FAST_REQUIRED) == FAST_REQUIRED &&
	     run->total.end_ns >= run->total.start_ns;
	if (!ok) {
		result_run_free(run);
		run->n_copies = 1;
		return -EAGAIN;
	}
	*pos = (size_t)(f.p - buf);
	return 0;
}

/* A plain string, or null when nullable, copied into *out. */
static bool fast_strdup(struct fast *f, bool nullable, char **out)
{
	const char *s;
	size_t n;

	if (nullable && fast_word(f, "null"))
		return true;
	if (!fast_str(f, &s, &n) || !fast_delim(f))
		return false;
	*out = strndup(s, n);
	return *out != NULL;
}

/* ["a", "b", ...] of plain strings into a NULL-terminated array. */
static bool fast_strv(struct fast *f, char ***out)
{
	size_t n = 0, cap = 4;
	char **v;

	if (!fast_char(f, '['))
		return false;
	v = calloc(cap + 1, sizeof(*v));
	*out = v;
	if (!v)
		return false;
	if (fast_char(f, ']'))
		return true;
	do {
		if (n == cap) {
			char **nv = realloc(v, (2 * cap + 1) * sizeof(*v));

			if (!nv)
				return false;
			memset(nv + cap, 0, (cap + 1) * sizeof(*v));
			*out = v = nv;
			cap *= 2;
		}
		if (!fast_strdup(f, false, &v[n]))
			return false;
		n++;
	} while (fast_char(f, ','));
	return fast_char(f, ']');
}

int result_bench_fast(const char *buf, size_t size, size_t *pos,
		      const char *key, size_t klen, struct benchmark *b,
		      unsigned *seen)
{
	static const char *const keys[] = { "name", "argv", "workload",
					    "copies" };
	struct fast f = { buf + *pos, buf + size };
	long long copies;
	unsigned k = 0;
	bool ok;

	while (k < 4 && (strlen(keys[k]) != klen ||
			 memcmp(keys[k], key, klen)))
		k++;
	if (k == 4 || (*seen & (1u << k)))
		return -EAGAIN;
	switch (k) {
	case 0:
		ok = fast_strdup(&f, false, &b->name);
		break;
	case 1:
		ok = fast_strv(&f, &b->argv);
		break;
	case 2:
		ok = fast_strdup(&f, true, &b->workload);
		break;
	default:
		ok = fast_int(&f, 1, 1 << 20, &copies);
		b->copies = ok ? (unsigned)copies : 0;
		break;
	}
	*seen |= 1u << k;
	if (!ok)
		return -EAGAIN;
	*pos = (size_t)(f.p - buf);
	return 0;
}
