// SPDX-License-Identifier: MIT
/*
 * score: a definition from its written form, a number from its text, a
 * value from a run's output, a run's scores from its copies. The regex is
 * POSIX extended (regex(7)) and matched against the whole kept output as
 * one string, so '.' and '[^x]' also match a newline (a parser's regex can
 * reach from a heading to its value); the value is the first capture
 * group that took part in the first match (alternatives may each have
 * their own group).
 */
#include <errno.h>
#include <math.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "score.h"

void score_def_clear(struct score_def *d)
{
	free(d->name);
	free(d->unit);
	free(d->regex);
	memset(d, 0, sizeof(*d));
}

/* Compile re; 0, or -EINVAL with regerror's words and the group check. */
static int score_compile(const char *name, const char *re, regex_t *out,
			 char *err, size_t len)
{
	int rc = regcomp(out, re, REG_EXTENDED);
	char why[128];

	if (rc) {
		regerror(rc, out, why, sizeof(why));
		regfree(out);
		snprintf(err, len, "score %s: bad regex /%s/: %s", name, re, why);
		return -EINVAL;
	}
	if (out->re_nsub < 1) {
		regfree(out);
		snprintf(err, len,
			 "score %s: the regex /%s/ has no capture group; put the number in ( )",
			 name, re);
		return -EINVAL;
	}
	return 0;
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
	regex_t re;
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
		rc = d->regex ? score_compile(d->name, d->regex, &re, err, len) :
				-ENOMEM;
		if (!rc)
			regfree(&re);
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
	if (end == buf || errno == ERANGE || !isfinite(v))
		return -EINVAL;
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
	}
	*out = v;
	return 0;
}

int score_extract(const struct score_def *d, const char *text, double *out,
		  char *err, size_t len)
{
	regmatch_t m[10];
	regex_t re;
	size_t n;
	int rc = score_compile(d->name, d->regex, &re, err, len);

	if (rc)
		return rc;
	rc = regexec(&re, text ? text : "", 10, m, 0);
	regfree(&re);
	if (rc) {
		snprintf(err, len, "score %s: no match for /%s/ in the output",
			 d->name, d->regex);
		return -ENOENT;
	}
	for (size_t g = 1; g < 10; g++) {
		if (m[g].rm_so < 0)
			continue;
		if (score_number(text + m[g].rm_so, m[g].rm_eo - m[g].rm_so,
				 out) == 0)
			return 0;
		n = strcspn(text + m[g].rm_so, "\n");
		if (n > (size_t)(m[g].rm_eo - m[g].rm_so))
			n = m[g].rm_eo - m[g].rm_so;
		snprintf(err, len, "score %s: '%.*s' is not a number",
			 d->name, (int)(n > 40 ? 40 : n), text + m[g].rm_so);
		return -EINVAL;
	}
	snprintf(err, len, "score %s: no group of /%s/ took part in the match",
		 d->name, d->regex);
	return -ENOENT;
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

int score_result(struct result *r, const struct score_def *defs, size_t n)
{
	bool any = false;
	char err[512];

	for (size_t i = 0; i < n; i++)
		if (score_defs_add(&r->scores, &r->n_scores, &defs[i]) < 0)
			return -ENOMEM;
	for (size_t b = 0; b < r->n_bench; b++)
		for (size_t k = 0; k < r->bench[b].n_runs; k++) {
			struct run *run = &r->bench[b].runs[k];

			if (!score_has_output(run))
				continue;
			any = true;
			if (!run->scores && !(run->scores = json_object()))
				return -ENOMEM;
			for (size_t i = 0; i < n; i++) {
				double v;

				if (score_one(&defs[i], run, &v, err,
					      sizeof(err)))
					json_object_del(run->scores,
							defs[i].name);
				else if (json_object_set_new(run->scores,
							     defs[i].name,
							     json_real(v)))
					return -ENOMEM;
			}
		}
	return any ? 0 : -ENODATA;
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
			continue;
		reason = strdup(err);
	}
	return reason;
}
