// SPDX-License-Identifier: MIT
/*
 * score: a definition from its written form, a number from its text, a
 * value from a run's output, a run's scores from its copies. The regex is
 * PCRE2's (pcre2pattern(3): Perl's syntax, of which POSIX extended is
 * nearly all), matched against the whole kept output as one string with
 * PCRE2_DOTALL, so '.' and '[^x]' also match a newline (a parser's regex
 * can reach from a heading to its value), and PCRE2_DOLLAR_ENDONLY, so
 * '$' is the end of the output as in POSIX; the value is the first
 * capture group that took part in the first match (alternatives may each
 * have their own group).
 *
 * A backtracking matcher can take exponential time ("(.*)(.*)(.*)\1x" on
 * a long output); so the matching is bounded: PCRE2's match limit at
 * each starting position, and a callout before every pattern item
 * (PCRE2_AUTO_CALLOUT) that counts the steps of the whole search, both
 * SCORE_STEPS_MAX. Past it the score fails, in one line that names it and
 * the limit, within about a second (20 ns a step on a 2020 server).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "err.h"
#include "score.h"

#define SCORE_PCRE2_OPTIONS (PCRE2_DOTALL | PCRE2_DOLLAR_ENDONLY | \
			     PCRE2_NEVER_UTF | PCRE2_NEVER_UCP)

void score_def_clear(struct score_def *d)
{
	free(d->name);
	free(d->unit);
	free(d->regex);
	memset(d, 0, sizeof(*d));
}

/* Compile re; the code, or NULL with PCRE2's words and the group check
 * in err (-EINVAL), or -ENOMEM in *rc. */
static pcre2_code *score_compile(const char *name, const char *re, int *rc,
				 char *err, size_t len)
{
	PCRE2_UCHAR why[128];
	PCRE2_SIZE at;
	uint32_t groups = 0;
	int code;
	pcre2_code *c = pcre2_compile((PCRE2_SPTR)re, PCRE2_ZERO_TERMINATED,
				      SCORE_PCRE2_OPTIONS | PCRE2_AUTO_CALLOUT,
				      &code, &at, NULL);

	*rc = -EINVAL;
	if (!c) {
		if (code == PCRE2_ERROR_HEAPLIMIT ||
		    code == PCRE2_ERROR_NOMEMORY)
			*rc = -ENOMEM;
		pcre2_get_error_message(code, why, sizeof(why));
		snprintf(err, len, "score %s: bad regex /%s/: %s at offset %zu",
			 name, re, (const char *)why, (size_t)at);
		return NULL;
	}
	pcre2_pattern_info(c, PCRE2_INFO_CAPTURECOUNT, &groups);
	if (groups < 1) {
		pcre2_code_free(c);
		snprintf(err, len,
			 "score %s: the regex /%s/ has no capture group; put the number in ( )",
			 name, re);
		return NULL;
	}
	*rc = 0;
	return c;
}

/* The steps of one search so far, against SCORE_STEPS_MAX. */
static int score_step(pcre2_callout_block *b, void *data)
{
	unsigned long *steps = data;

	(void)b;
	return ++*steps > SCORE_STEPS_MAX ? PCRE2_ERROR_CALLOUT : 0;
}

/*
 * The first match of c in text (n bytes) into the match data md: 0,
 * -ENOENT (none), -E2BIG (past SCORE_STEPS_MAX steps, or PCRE2's memory
 * for backtracking), -ENOMEM.
 */
static int score_match(const pcre2_code *c, const char *text, size_t n,
		       pcre2_match_data *md)
{
	pcre2_match_context *mc = pcre2_match_context_create(NULL);
	unsigned long steps = 0;
	int rc;

	if (!mc)
		return -ENOMEM;
	pcre2_set_match_limit(mc, SCORE_STEPS_MAX);
	pcre2_set_callout(mc, score_step, &steps);
	rc = pcre2_match(c, (PCRE2_SPTR)text, n, 0, 0, md, mc);
	pcre2_match_context_free(mc);
	if (rc >= 0)
		return 0;
	switch (rc) {
	case PCRE2_ERROR_NOMATCH:
		return -ENOENT;
	case PCRE2_ERROR_NOMEMORY:
		return -ENOMEM;
	case PCRE2_ERROR_CALLOUT:
	case PCRE2_ERROR_MATCHLIMIT:
	case PCRE2_ERROR_DEPTHLIMIT:
	case PCRE2_ERROR_HEAPLIMIT:
		return -E2BIG;
	default: /* no other error comes from a compiled pattern and text */
		return -EINVAL;
	}
}

/* NAME[:UNIT][:higher|lower]: the fields before '=' */
static int score_parse_head(const char *head, size_t n, struct score_def *d,
			    char *err, size_t len)
{
	const char *c1 = memchr(head, ':', n), *c2 = NULL, *dir = NULL;
	size_t dn = 0;

	if (c1)
		c2 = memchr(c1 + 1, ':', head + n - c1 - 1);
	if (c2 && memchr(c2 + 1, ':', head + n - c2 - 1)) {
		snprintf(err, len, "--score: '%.*s' has too many ':'; expected NAME[:UNIT][:higher|lower]=REGEX",
			 (int)n, head);
		return -EINVAL;
	}
	d->higher = true;
	if (c1) {
		/* NAME:higher is a direction, NAME:ms a unit */
		dir = c2 ? c2 + 1 : c1 + 1;
		dn = head + n - dir;
		if ((dn == 6 && !strncmp(dir, "higher", 6)) ||
		    (dn == 5 && !strncmp(dir, "lower", 5))) {
			d->higher = dn == 6;
		} else if (c2) {
			snprintf(err, len, "--score: '%.*s' is not higher or lower",
				 (int)dn, dir);
			return -EINVAL;
		} else {
			dir = NULL;
		}
	}
	d->name = strndup(head, c1 ? (size_t)(c1 - head) : n);
	if (c1 && (c2 || !dir))
		d->unit = strndup(c1 + 1, (c2 ? c2 : head + n) - c1 - 1);
	else
		d->unit = strdup("");
	if (!d->name || !d->unit)
		return err_nomem(err, len);
	if (!*d->name) {
		snprintf(err, len, "--score: empty score name; expected NAME[:UNIT][:higher|lower]=REGEX");
		return -EINVAL;
	}
	return 0;
}

int score_parse_spec(const char *spec, struct score_def *d, char *err,
		     size_t len)
{
	const char *eq = strchr(spec, '=');
	pcre2_code *c;
	int rc;

	memset(d, 0, sizeof(*d));
	if (!eq || !eq[1]) {
		snprintf(err, len, "--score: '%s' has no regex; expected NAME[:UNIT][:higher|lower]=REGEX",
			 spec);
		return -EINVAL;
	}
	rc = score_parse_head(spec, eq - spec, d, err, len);
	if (!rc) {
		d->regex = strdup(eq + 1);
		c = d->regex ? score_compile(d->name, d->regex, &rc, err, len) :
			       NULL;
		if (!d->regex)
			rc = err_nomem(err, len);
		pcre2_code_free(c);
	}
	if (rc)
		score_def_clear(d);
	return rc;
}

int score_defs_add(struct score_def **defs, size_t *n,
		   const struct score_def *d)
{
	struct score_def copy = {
		.name = strdup(d->name),
		.unit = strdup(d->unit ? d->unit : ""),
		.regex = strdup(d->regex),
		.higher = d->higher,
		.optional = d->optional,
	};
	struct score_def *grown;

	if (!copy.name || !copy.unit || !copy.regex) {
		score_def_clear(&copy);
		return -ENOMEM;
	}
	for (size_t i = 0; i < *n; i++)
		if (!strcmp((*defs)[i].name, d->name)) {
			score_def_clear(&(*defs)[i]);
			(*defs)[i] = copy;
			return 0;
		}
	grown = realloc(*defs, (*n + 1) * sizeof(*grown));
	if (!grown) {
		score_def_clear(&copy);
		return -ENOMEM;
	}
	*defs = grown;
	grown[(*n)++] = copy;
	return 0;
}

/* SI prefixes a score may carry ("12.5k", "3 M", "850u"). */
static const struct {
	char c;
	double mul;
} score_si[] = {
	{ 'k', 1e3 }, { 'K', 1e3 }, { 'M', 1e6 }, { 'G', 1e9 },
	{ 'T', 1e12 }, { 'm', 1e-3 }, { 'u', 1e-6 }, { 'n', 1e-9 },
};

int score_number(const char *s, size_t n, double *out)
{
	char buf[64], *end, *p = buf;
	double v;

	while (n && (*s == ' ' || *s == '\t'))
		s++, n--;
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n'))
		n--;
	if (!n || n >= sizeof(buf))
		return -EINVAL;
	for (size_t i = 0; i < n; i++)
		if (s[i] != ',')
			*p++ = s[i];
	*p = '\0';
	if (!(buf[0] >= '0' && buf[0] <= '9') && buf[0] != '-' &&
	    buf[0] != '+' && buf[0] != '.')
		return -EINVAL; /* no "inf", "nan", hex */
	if (strchr(buf, 'x') || strchr(buf, 'X'))
		return -EINVAL;
	errno = 0;
	v = strtod(buf, &end);
	if (end == buf)
		return -EINVAL;
	/* 1e309: no value; 1e-320 (underflow, a subnormal or 0) is one */
	if (!isfinite(v) || (errno == ERANGE && fabs(v) > 1))
		return -ERANGE;
	while (*end == ' ' || *end == '\t')
		end++;
	if (*end) {
		size_t i;

		for (i = 0; i < sizeof(score_si) / sizeof(score_si[0]); i++)
			if (*end == score_si[i].c)
				break;
		if (i == sizeof(score_si) / sizeof(score_si[0]) || end[1])
			return -EINVAL;
		v *= score_si[i].mul;
		if (!isfinite(v))
			return -ERANGE; /* 1.7e308T: no value, not inf */
	}
	*out = v;
	return 0;
}

/* The value of the first group of the match in md that took part. */
static int score_group(const struct score_def *d, const char *text,
		       pcre2_match_data *md, double *out, char *err,
		       size_t len)
{
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
	uint32_t n_ov = pcre2_get_ovector_count(md);

	for (uint32_t g = 1; g < n_ov; g++) {
		size_t so = ov[2 * g], eo = ov[2 * g + 1], n;

		if (so == PCRE2_UNSET || eo < so)
			continue;
		int rc = score_number(text + so, eo - so, out);

		if (rc == 0)
			return 0;
		n = strcspn(text + so, "\n");
		if (n > eo - so)
			n = eo - so;
		snprintf(err, len, "score %s: '%.*s' is %s", d->name,
			 (int)(n > 40 ? 40 : n), text + so,
			 rc == -ERANGE ? "beyond the largest number a score holds (1.8e308)" :
					 "not a number");
		return -EINVAL;
	}
	snprintf(err, len, "score %s: no group of /%s/ took part in the match",
		 d->name, d->regex);
	return -ENOENT;
}

int score_extract(const struct score_def *d, const char *text, double *out,
		  char *err, size_t len)
{
	pcre2_match_data *md = NULL;
	pcre2_code *c;
	int rc;

	c = score_compile(d->name, d->regex, &rc, err, len);
	if (!c)
		return rc;
	if (!text)
		text = "";
	md = pcre2_match_data_create_from_pattern(c, NULL);
	rc = md ? score_match(c, text, strlen(text), md) : -ENOMEM;
	if (!rc)
		rc = score_group(d, text, md, out, err, len);
	else if (rc == -ENOENT)
		snprintf(err, len, "score %s: no match for /%s/ in the output",
			 d->name, d->regex);
	else if (rc == -E2BIG)
		snprintf(err, len,
			 "score %s: matching /%s/ took more than %d steps (the limit); make the regex cheaper: a literal before each .*, [^x]* for .*",
			 d->name, d->regex, SCORE_STEPS_MAX);
	else
		snprintf(err, len, "score %s: %s", d->name, rc == -ENOMEM ?
			 "out of memory" : "cannot match the regex");
	pcre2_match_data_free(md);
	pcre2_code_free(c);
	return rc;
}

/* One score over the copies: the sum (higher is better) or the mean. */
static int score_one(const struct score_def *d, const struct run *run,
		     double *out, char *err, size_t len)
{
	size_t n = run->copies ? run->n_copies : 1;
	double sum = 0;

	for (size_t i = 0; i < n; i++) {
		const struct proc_sample *p = run->copies ? &run->copies[i] :
							    &run->total;
		double v;
		int rc = score_extract(d, p->output, &v, err, len);

		if (rc) {
			if (n > 1) {
				size_t k = strlen(err);

				snprintf(err + k, len - k, " of copy %zu", i);
			}
			return rc;
		}
		sum += v;
	}
	*out = d->higher ? sum : sum / (double)n;
	return 0;
}

static bool score_has_output(const struct run *run)
{
	if (!run->copies)
		return run->total.output != NULL;
	for (size_t i = 0; i < run->n_copies; i++)
		if (run->copies[i].output)
			return true;
	return false;
}

int score_result(struct result *r, const struct score_def *defs, size_t n,
		 char *err, size_t len)
{
	bool any = false;

	for (size_t i = 0; i < n; i++)
		if (score_defs_add(&r->scores, &r->n_scores, &defs[i]) < 0)
			return err_nomem(err, len);
	for (size_t b = 0; b < r->n_bench; b++)
		for (size_t k = 0; k < r->bench[b].n_runs; k++) {
			struct run *run = &r->bench[b].runs[k];

			if (!score_has_output(run))
				continue;
			any = true;
			if (!run->scores && !(run->scores = json_object()))
				return err_nomem(err, len);
			for (size_t i = 0; i < n; i++) {
				double v;
				int rc = score_one(&defs[i], run, &v, err,
						   len);

				if (rc == -E2BIG)
					return rc;
				if (rc == -ENOMEM)
					return err_nomem(err, len);
				if (rc)
					json_object_del(run->scores,
							defs[i].name);
				else if (json_object_set_new(run->scores,
							     defs[i].name,
							     json_real(v)))
					return err_nomem(err, len);
			}
		}
	if (!any) {
		snprintf(err, len, "no run kept its output to read scores from");
		return -ENODATA;
	}
	return 0;
}

char *score_run(const struct score_def *defs, size_t n, struct run *run)
{
	char err[512], *reason = NULL;

	json_decref(run->scores);
	run->scores = json_object();
	if (!run->scores)
		return strdup("out of memory");
	for (size_t i = 0; i < n; i++) {
		double v;
		int rc = score_one(&defs[i], run, &v, err, sizeof(err));

		if (!rc) {
			json_object_set_new(run->scores, defs[i].name,
					    json_real(v));
			continue;
		}
		if ((rc == -ENOENT && defs[i].optional) || reason)
			continue; /* the step limit is -E2BIG: never skipped */
		reason = strdup(err);
	}
	return reason;
}
