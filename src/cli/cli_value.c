// SPDX-License-Identifier: MIT
/*
 * cli_value: one value of the command line, parsed strictly: whole
 * numbers and reals (the whole string, in range), a fixed value of an
 * option, a command string split into words without a shell; and the
 * one usage error line (-EINVAL) they all return.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_priv.h"
#include "msg.h"

int cli_usage(const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	msg_error("%s", buf);
	return -EINVAL;
}

int cli_parse_u64(const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
	char *end;
	unsigned long long v;

	if (!s || !*s || *s == '-' || *s == '+' || *s == ' ')
		return -EINVAL;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (*end)
		return -EINVAL;
	if (errno == ERANGE || v < min || v > max)
		return -ERANGE;
	*out = v;
	return 0;
}

int cli_parse_double(const char *s, double min, double max, double *out)
{
	char *end;
	double v;

	if (!s || !*s || *s == ' ')
		return -EINVAL;
	errno = 0;
	v = strtod(s, &end);
	if (*end || isnan(v) || isinf(v))
		return -EINVAL;
	if (errno == ERANGE || v < min || v > max)
		return -ERANGE;
	*out = v;
	return 0;
}

/* The error line of a value that cli_parse_u64 or cli_parse_double
 * refused with rc (-EINVAL: not a what; -ERANGE: out of range, the
 * range as text); 0 when rc is 0. */
static int cli_refused(const char *opt, const char *s, int rc,
		       const char *what, const char *range)
{
	if (rc == -EINVAL)
		return cli_usage("%s: '%s' is not %s", opt, s, what);
	if (rc == -ERANGE)
		return cli_usage("%s: %s is out of range (%s)", opt, s, range);
	return 0;
}

int cli_number(const char *opt, const char *s, uint64_t min, uint64_t max,
	       uint64_t *out)
{
	char range[48];

	snprintf(range, sizeof(range), "%" PRIu64 " to %" PRIu64, min, max);
	return cli_refused(opt, s, cli_parse_u64(s, min, max, out),
			   "a whole number", range);
}

int cli_real(const char *opt, const char *s, double min, double max,
	     double *out)
{
	char range[64];

	snprintf(range, sizeof(range), "%g to %g", min, max);
	return cli_refused(opt, s, cli_parse_double(s, min, max, out),
			   "a number", range);
}

int cli_choice(const struct cli_opt *o, const char *s)
{
	const struct cli_values *v = o->values;
	char list[256];

	for (int i = 0; v->names[i]; i++)
		if (!strcmp(s, v->names[i]))
			return i;
	cli_values_join(v, ", ", " or ", false, list, sizeof(list));
	cli_usage("--%s: '%s' is not %s", o->name, s, list);
	return -1;
}

void cli_free_words(char **argv)
{
	if (!argv)
		return;
	for (char **p = argv; *p; p++)
		free(*p);
	free(argv);
}

int cli_split_words(const char *s, char ***argv_out)
{
	size_t cap = 8, n = 0, len = strlen(s);
	char **argv = calloc(cap, sizeof(*argv));
	char *word = malloc(len + 1);

	if (!argv || !word)
		goto err_nomem;
	while (*s) {
		size_t w = 0;
		bool any = false;

		while (*s == ' ' || *s == '\t' || *s == '\n')
			s++;
		if (!*s)
			break;
		while (*s && *s != ' ' && *s != '\t' && *s != '\n') {
			char q = *s;

			any = true;
			if (q == '\'' || q == '"') {
				s++;
				while (*s && *s != q) {
					if (q == '"' && *s == '\\' && s[1])
						s++;
					word[w++] = *s++;
				}
				if (!*s)
					goto err_quote;
				s++;
			} else if (q == '\\' && s[1]) {
				word[w++] = s[1];
				s += 2;
			} else {
				word[w++] = *s++;
			}
		}
		if (!any)
			continue;
		word[w] = '\0';
		if (n + 2 > cap) {
			char **p = realloc(argv, (cap *= 2) * sizeof(*argv));

			if (!p)
				goto err_nomem;
			argv = p;
		}
		argv[n] = strdup(word);
		if (!argv[n++])
			goto err_nomem;
		argv[n] = NULL;
	}
	free(word);
	*argv_out = argv;
	return 0;
err_quote:
	free(word);
	cli_free_words(argv);
	return -EINVAL;
err_nomem:
	free(word);
	cli_free_words(argv);
	return -ENOMEM;
}

void cli_values_join(const struct cli_values *v, const char *sep,
		     const char *last, bool mark, char *buf, size_t len)
{
	size_t k = 0;

	buf[0] = '\0';
	for (size_t i = 0; v->names[i] && k < len; i++)
		k += snprintf(buf + k, len - k, "%s%s%s",
			      !i ? "" : v->names[i + 1] ? sep : last,
			      v->names[i], mark && !i ? " (default)" : "");
}
