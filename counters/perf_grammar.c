// SPDX-License-Identifier: MIT
/*
 * perf_grammar: perf's event list syntax, pure string work (perf's
 * util/parse-events.l and .y, read for understanding): a list splits at
 * top-level commas, not inside pmu/term=v,term=v/ nor inside {a,b}, which
 * is the user's group; a trailing ":MODS" (u k h G H I D p P, perf's
 * letters) modifies one event or, after '}', every member of the group.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "perf_internal.h"

#define GRAMMAR_MODS "ukhGHIDpP"
/* perf's other letters, refused by name rather than misread: S
 * (sample_read) and R (retire latency) are for sampling, W (weak group:
 * perf breaks the group when it does not fit) and e (exclusive) change
 * scheduling in a way the result could not record, b counts through BPF. */
#define GRAMMAR_REFUSED "SRWeb"

/* True when s[0..n) is a non-empty string of modifier letters. */
static bool grammar_is_mods(const char *s, size_t n)
{
	if (!n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!strchr(GRAMMAR_MODS, s[i]))
			return false;
	return true;
}

static void grammar_mods_add(struct perf_mods *m, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		switch (s[i]) {
		case 'u': m->u = true; break;
		case 'k': m->k = true; break;
		case 'h': m->h = true; break;
		case 'G': m->guest = true; break;
		case 'H': m->host = true; break;
		case 'I': m->no_idle = true; break;
		case 'D': m->pinned = true; break;
		case 'p': m->precise += m->precise < 3; break;
		case 'P': m->precise = 3; break;
		}
	}
}

int perf_mods_split(char *name, struct perf_mods *m)
{
	memset(m, 0, sizeof(*m));
	for (;;) {
		char *c = strrchr(name, ':');
		size_t n;

		if (!c || c == name || c[-1] == ':')
			return 0;
		n = strlen(c + 1);
		if (n && strspn(c + 1, GRAMMAR_MODS GRAMMAR_REFUSED) == n &&
		    strcspn(c + 1, GRAMMAR_REFUSED) < n) {
			m->refused = c[1 + strcspn(c + 1, GRAMMAR_REFUSED)];
			return -EINVAL;
		}
		if (!grammar_is_mods(c + 1, n))
			return 0;
		grammar_mods_add(m, c + 1, n);
		*c = '\0';
	}
}

/* Modifiers after a PMU's closing '/': "u", ":u", or none. */
int perf_mods_tail(const char *tail, struct perf_mods *m)
{
	if (*tail == ':')
		tail++;
	if (!*tail)
		return 0;
	if (!grammar_is_mods(tail, strlen(tail)))
		return -EINVAL;
	grammar_mods_add(m, tail, strlen(tail));
	return 0;
}

void counters_split_free(struct event_token *t, size_t n)
{
	for (size_t i = 0; t && i < n; i++)
		free(t[i].name);
	free(t);
}

static int grammar_push(struct event_token **t, size_t *n, const char *s,
			size_t len, int group)
{
	struct event_token *p = realloc(*t, (*n + 1) * sizeof(*p));

	if (!p)
		return -ENOMEM;
	*t = p;
	p[*n].name = strndup(s, len);
	p[*n].group = group;
	if (!p[*n].name)
		return -ENOMEM;
	(*n)++;
	return 0;
}

/* Length of one event at s: up to a top-level ',' or '}' or the end;
 * commas inside pmu/.../ terms belong to the event ("mem:A/LEN" has one
 * slash and no terms). */
static size_t grammar_event_len(const char *s)
{
	bool slashes = strncmp(s, "mem:", 4) != 0;
	bool inside = false;
	size_t i;

	for (i = 0; s[i]; i++) {
		if (s[i] == '/' && slashes)
			inside = !inside;
		else if (!inside && (s[i] == ',' || s[i] == '}' || s[i] == '{'))
			break;
	}
	return i;
}

/* Append ":mods" to members first..n-1 (the group's own modifiers). */
static int grammar_group_mods(struct event_token *t, size_t first, size_t n,
			      const char *mods, size_t mn)
{
	for (size_t i = first; i < n; i++) {
		char *s;

		if (asprintf(&s, "%s:%.*s", t[i].name, (int)mn, mods) < 0)
			return -ENOMEM;
		free(t[i].name);
		t[i].name = s;
	}
	return 0;
}

static int grammar_fail(char *err, size_t len, const char *list,
			const char *what)
{
	snprintf(err, len, "%s in '%.128s'; expected EVENT[,EVENT...] or {EVENT,EVENT...}[:MODS]",
		 what, list);
	return -EINVAL;
}

static int grammar_split(const char *list, struct event_token **out,
			 size_t *n, char *err, size_t len)
{
	const char *p = list;
	int groups = 0, group = 0, rc = 0;
	size_t first = 0;

	*out = NULL;
	*n = 0;
	while (!rc) {
		size_t l;

		if (*p == '{') {
			if (group)
				return grammar_fail(err, len, list, "nested '{'");
			group = ++groups;
			first = *n;
			p++;
		}
		l = grammar_event_len(p);
		if (!l)
			return grammar_fail(err, len, list, "empty event name");
		rc = grammar_push(out, n, p, l, group);
		p += l;
		if (*p == '{')
			return grammar_fail(err, len, list, "'{' inside a name");
		if (*p == '}') {
			size_t mn;

			if (!group)
				return grammar_fail(err, len, list, "'}' without '{'");
			p++;
			mn = *p == ':' ? strcspn(p + 1, ",") : 0;
			if (mn && !grammar_is_mods(p + 1, mn))
				return grammar_fail(err, len, list, "unknown group modifier");
			if (mn && !rc)
				rc = grammar_group_mods(*out, first, *n, p + 1, mn);
			p += mn ? mn + 1 : 0;
			group = 0;
			if (*p && *p != ',')
				return grammar_fail(err, len, list, "text after '}'");
		}
		if (!*p)
			break;
		p++; /* ',' */
		if (!*p)
			return grammar_fail(err, len, list, "empty event name");
	}
	if (!rc && group)
		return grammar_fail(err, len, list, "'{' without '}'");
	return rc;
}

int counters_split(const char *list, struct event_token **out, size_t *n,
		   char *err, size_t len)
{
	int rc = grammar_split(list, out, n, err, len);

	if (rc) {
		if (rc == -ENOMEM)
			err_nomem(err, len);
		counters_split_free(*out, *n);
		*out = NULL;
		*n = 0;
	}
	return rc;
}
