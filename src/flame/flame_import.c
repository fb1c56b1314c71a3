// SPDX-License-Identifier: MIT
/*
 * flame_import: profiles made elsewhere, as folded stacks (flame.h).
 * - bpftrace: the printout of a `@[kstack] = count()` map, bpftrace's
 *   and OpenBSD btrace's alike: "@[" (or "@name["), one frame a line,
 *   leaf first, indented or not, then "]: COUNT". Frames lose their
 *   "+OFFSET" (memcmp+0x2a and memcmp+0x51 are one function: the
 *   thread's sed that cut '+' and the rest), and are kernel frames except btrace's
 *   "userland", which stands for the samples taken in user space.
 * - perf-script: perf script's default output with call chains: a
 *   header line "COMM PID [CPU] TIME: PERIOD EVENT:" then one
 *   "ADDR SYM+OFF (DSO)" line per frame, leaf first, a blank line after
 *   each sample; a sample counts 1 (as stackcollapse-perf.pl counts).
 *   Kernel frames: the DSO is [kernel.kallsyms], a module (.ko) or
 *   another [kernel...] mapping.
 * - folded: "frame;frame;frame COUNT" lines (FlameGraph, inferno).
 * Every error names NAME:LINE.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "flame.h"

const char *const flame_import_names[] = {
	[FLAME_IMPORT_BPFTRACE] = "bpftrace",
	[FLAME_IMPORT_PERF_SCRIPT] = "perf-script",
	[FLAME_IMPORT_FOLDED] = "folded",
	NULL,
};

/* A stack being read leaf first, turned root first when added. */
struct flame_chain {
	char **frames;
	size_t n, cap;
};

static int flame_chain_push(struct flame_chain *c, const char *name,
			    size_t len, bool kernel)
{
	char *f;

	if (c->n == c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 32;
		char **v = realloc(c->frames, cap * sizeof(*v));

		if (!v)
			return -ENOMEM;
		c->frames = v;
		c->cap = cap;
	}
	if (asprintf(&f, "%.*s%s", (int)len, name,
		     kernel ? FLAME_KERNEL_SUFFIX : "") < 0)
		return -ENOMEM;
	/* ';' separates frames in the folded form */
	for (char *s = f; (s = strchr(s, ';'));)
		*s = ':';
	c->frames[c->n++] = f;
	return 0;
}

static void flame_chain_clear(struct flame_chain *c)
{
	for (size_t i = 0; i < c->n; i++)
		free(c->frames[i]);
	c->n = 0;
}

/* Add the chain (leaf first) root first. */
static int flame_chain_add(struct flame_chain *c, struct flame_profile *p,
			   uint64_t count)
{
	size_t len = 0, k = 0;
	char *buf;
	int rc;

	if (!c->n)
		return flame_add(p, "[unknown]", 9, count);
	for (size_t i = 0; i < c->n; i++)
		len += strlen(c->frames[i]) + 1;
	buf = malloc(len);
	if (!buf)
		return -ENOMEM;
	for (size_t i = c->n; i > 0; i--) {
		size_t n = strlen(c->frames[i - 1]);

		memcpy(buf + k, c->frames[i - 1], n);
		k += n;
		buf[k++] = ';';
	}
	rc = flame_add(p, buf, k - 1, count);
	free(buf);
	flame_chain_clear(c);
	return rc;
}

/* One line of buf at a time: *line (not NUL-terminated), *len. */
struct flame_lines {
	const char *p, *end;
	int no;
};

static bool flame_next_line(struct flame_lines *l, const char **line,
			    size_t *len)
{
	const char *nl;

	if (l->p >= l->end)
		return false;
	nl = memchr(l->p, '\n', (size_t)(l->end - l->p));
	*line = l->p;
	*len = (size_t)((nl ? nl : l->end) - l->p);
	if (*len && (*line)[*len - 1] == '\r')
		(*len)--;
	l->p = nl ? nl + 1 : l->end;
	l->no++;
	return true;
}

static void flame_trim(const char **s, size_t *len)
{
	while (*len && isspace((unsigned char)**s))
		(*s)++, (*len)--;
	while (*len && isspace((unsigned char)(*s)[*len - 1]))
		(*len)--;
}

/* A count: digits only, at least 1 digit, no overflow. */
static bool flame_count(const char *s, size_t len, uint64_t *out)
{
	uint64_t v = 0;

	if (!len || len > 19)
		return false;
	for (size_t i = 0; i < len; i++) {
		if (!isdigit((unsigned char)s[i]))
			return false;
		v = v * 10 + (uint64_t)(s[i] - '0');
	}
	*out = v;
	return true;
}

static int flame_bad(char *err, size_t errlen, const char *name, int no,
		     const char *what, const char *line, size_t len)
{
	snprintf(err, errlen, "%s:%d: %s: '%.*s'", name, no, what,
		 (int)(len > 60 ? 60 : len), line);
	result_msg_clean(err);
	return -EINVAL;
}

/* A bpftrace frame: an optional "0xADDR " first, then SYM[+OFF]. */
static int flame_bpftrace_frame(struct flame_chain *c, const char *s,
				size_t len)
{
	const char *sp = memchr(s, ' ', len);
	size_t n;

	if (sp && len > 2 && s[0] == '0' && s[1] == 'x') {
		len -= (size_t)(sp + 1 - s);
		s = sp + 1;
		flame_trim(&s, &len);
	}
	n = flame_strip_offset(s, len);
	return flame_chain_push(c, s, n, !(n == 8 && !memcmp(s, "userland", 8)));
}

/* A key's text (a line of it, or before ']'): a frame unless empty; the
 * ',' before a next key dropped. */
static int flame_bpftrace_key(struct flame_chain *c, const char *s, size_t n)
{
	flame_trim(&s, &n);
	if (n && s[n - 1] == ',')
		n--;
	flame_trim(&s, &n);
	return n ? flame_bpftrace_frame(c, s, n) : 0;
}

/* What follows ']': ": COUNT". NULL, or what is wrong. */
static const char *flame_bpftrace_count(const char *s, size_t n,
					uint64_t *count)
{
	if (!n || *s != ':')
		return "expected ']: COUNT' to close the stack";
	s++, n--;
	flame_trim(&s, &n);
	return flame_count(s, n, count) ? NULL :
					  "expected a sample count after ']:'";
}

static int flame_import_bpftrace(struct flame_lines *l, const char *name,
				 struct flame_profile *p, char *err, size_t elen)
{
	struct flame_chain c = { 0 };
	const char *line, *what;
	bool in = false;
	size_t len;
	int rc = 0, start = 0;

	while (!rc && flame_next_line(l, &line, &len)) {
		const char *s = line, *br, *close;
		size_t n = len;
		uint64_t count;

		flame_trim(&s, &n);
		if (!in && (!n || s[0] != '@'))
			continue; /* btrace's and bpftrace's other chatter */
		if (!in) {
			br = memchr(s, '[', n);
			if (!br) {
				rc = flame_bad(err, elen, name, l->no,
					       "expected '@[' to open a stack",
					       line, len);
				break;
			}
			in = true;
			start = l->no;
			n -= (size_t)(br + 1 - s);
			s = br + 1;
		}
		close = memchr(s, ']', n);
		rc = flame_bpftrace_key(&c, s, close ? (size_t)(close - s) : n);
		if (rc || !close)
			continue;
		what = flame_bpftrace_count(close + 1,
					    n - (size_t)(close + 1 - s), &count);
		if (what)
			rc = flame_bad(err, elen, name, l->no, what, line, len);
		else
			rc = flame_chain_add(&c, p, count);
		in = false;
	}
	if (!rc && in) {
		snprintf(err, elen, "%s:%d: the stack opened here is not closed by ']: COUNT'",
			 name, start);
		rc = -EINVAL;
	}
	flame_chain_clear(&c);
	free(c.frames);
	return rc;
}

static bool flame_perf_kernel(const char *dso, size_t len, const char *addr)
{
	if (len >= 7 && !memcmp(dso, "[kernel", 7))
		return true;
	if (len >= 3 && !memcmp(dso + len - 3, ".ko", 3))
		return true;
	/* [unknown] in the upper half: a kernel address on x86-64, arm64 */
	return len && dso[0] == '[' && strtoull(addr, NULL, 16) >> 63;
}

/* "ADDR SYM+OFF (DSO)": SYM may hold blanks (C++), DSO is the last
 * parenthesis. */
static int flame_perf_frame(struct flame_chain *c, const char *s, size_t n)
{
	const char *sp = memchr(s, ' ', n), *sym, *dso = NULL;
	char addr[24];
	size_t k, dlen = 0;

	if (!sp || (size_t)(sp - s) >= sizeof(addr))
		return -EINVAL;
	for (const char *a = s; a < sp; a++)
		if (!isxdigit((unsigned char)*a))
			return -EINVAL;
	memcpy(addr, s, (size_t)(sp - s));
	addr[sp - s] = '\0';
	sym = sp + 1;
	k = n - (size_t)(sym - s);
	flame_trim(&sym, &k);
	if (k && sym[k - 1] == ')') {
		for (size_t i = k - 1; i > 0; i--)
			if (sym[i - 1] == '(' && (i == 1 || sym[i - 2] == ' ')) {
				dso = sym + i;
				dlen = k - i - 1;
				k = i > 1 ? i - 2 : 0;
				break;
			}
	}
	if (!k)
		return flame_chain_push(c, "[unknown]", 9, false);
	return flame_chain_push(c, sym, flame_strip_offset(sym, k),
				dso && flame_perf_kernel(dso, dlen, addr));
}

/* The end of a sample header's time field ("12.345678:"), or NULL. */
static const char *flame_perf_time(const char *s, size_t n)
{
	const char *end = s + n;

	while (s < end) {
		const char *t = s, *dot = NULL;

		while (s < end && !isspace((unsigned char)*s))
			s++;
		for (const char *c = t; c < s - 1; c++)
			if (*c == '.' && !dot && c > t)
				dot = c;
			else if (!isdigit((unsigned char)*c))
				break;
			else if (c == s - 2 && dot && s[-1] == ':')
				return s;
		while (s < end && isspace((unsigned char)*s))
			s++;
	}
	return NULL;
}

/* Without -g, perf script prints the one frame on the header line,
 * after "PERIOD EVENT:"; anything else there (a tracepoint's fields) is
 * left alone. */
static int flame_perf_header_frame(struct flame_chain *c, const char *t,
				   const char *end)
{
	size_t n;

	while (t < end) {
		const char *tok = t;

		while (t < end && !isspace((unsigned char)*t))
			t++;
		if (t > tok && t[-1] == ':' && !isdigit((unsigned char)*tok))
			break;
		while (t < end && isspace((unsigned char)*t))
			t++;
	}
	n = (size_t)(end - t);
	flame_trim(&t, &n);
	if (n && flame_perf_frame(c, t, n) == -ENOMEM)
		return -ENOMEM;
	return 0;
}

static int flame_import_perf(struct flame_lines *l, const char *name,
			     struct flame_profile *p, char *err, size_t elen)
{
	struct flame_chain c = { 0 };
	const char *line, *t;
	bool in = false;
	size_t len;
	int rc = 0;

	while (!rc && flame_next_line(l, &line, &len)) {
		const char *s = line;
		size_t n = len;

		flame_trim(&s, &n);
		if (!n || s[0] == '#') {
			if (in && !n)
				rc = flame_chain_add(&c, p, 1);
			in = in && n;
			continue;
		}
		/* a header: at the line's start, or indented (perf pads
		 * COMM without -g) with its time field */
		t = flame_perf_time(s, n);
		if (!isspace((unsigned char)line[0]) || t) {
			/* one without a blank line before it ends the
			 * sample before */
			if (in)
				rc = flame_chain_add(&c, p, 1);
			if (!rc && !memchr(s, ':', n))
				rc = flame_bad(err, elen, name, l->no,
					       "expected a sample header 'COMM PID [CPU] TIME: EVENT:'",
					       line, len);
			if (!rc && t)
				rc = flame_perf_header_frame(&c, t, s + n);
			in = true;
			continue;
		}
		if (!in)
			rc = flame_bad(err, elen, name, l->no,
				       "a frame line before any sample header",
				       line, len);
		else if (flame_perf_frame(&c, s, n) == -EINVAL)
			rc = flame_bad(err, elen, name, l->no,
				       "expected a frame 'ADDR SYMBOL (DSO)'",
				       line, len);
	}
	if (!rc && in)
		rc = flame_chain_add(&c, p, 1);
	flame_chain_clear(&c);
	free(c.frames);
	return rc;
}

static int flame_import_folded(struct flame_lines *l, const char *name,
			       struct flame_profile *p, char *err, size_t elen)
{
	const char *line;
	size_t len;
	int rc = 0;

	while (!rc && flame_next_line(l, &line, &len)) {
		const char *s = line, *sp;
		size_t n = len;
		uint64_t count;

		flame_trim(&s, &n);
		if (!n)
			continue;
		for (sp = s + n; sp > s && sp[-1] != ' ' && sp[-1] != '\t';)
			sp--;
		if (sp == s || !flame_count(sp, n - (size_t)(sp - s), &count))
			return flame_bad(err, elen, name, l->no,
					 "expected 'frame;frame;... COUNT'",
					 line, len);
		n = (size_t)(sp - s);
		flame_trim(&s, &n);
		rc = flame_add(p, s, n, count);
	}
	return rc;
}

int flame_import_buffer(enum flame_import kind, const char *buf,
			size_t size, const char *name, struct flame_profile *p,
			char *err, size_t len)
{
	struct flame_lines l = { buf, buf + size, 0 };
	int rc = -EINVAL;

	switch (kind) {
	case FLAME_IMPORT_BPFTRACE:
		rc = flame_import_bpftrace(&l, name, p, err, len);
		break;
	case FLAME_IMPORT_PERF_SCRIPT:
		rc = flame_import_perf(&l, name, p, err, len);
		break;
	case FLAME_IMPORT_FOLDED:
		rc = flame_import_folded(&l, name, p, err, len);
		break;
	default:
		snprintf(err, len, "%s: no such import kind", name);
		break;
	}
	return rc == -ENOMEM ? err_nomem(err, len) : rc;
}
