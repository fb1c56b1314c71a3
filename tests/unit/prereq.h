/* SPDX-License-Identifier: MIT */
/*
 * prereq.h: lazy prerequisites for the unit tests, the same names and the
 * same probe (build/tests/prereq) as tests/lib.sh. A test that needs what
 * the machine lacks calls PREREQ("PMU"): it prints "missing prerequisite
 * PMU" (counted by tests/run.sh) and is skipped; "!PMU" asks for absence.
 */
#ifndef ABSTAT_TEST_PREREQ_H
#define ABSTAT_TEST_PREREQ_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

static inline const char *prereq_tool(void)
{
	static char path[4096];
	const char *b = getenv("BUILD");

	snprintf(path, sizeof(path), "%s/tests/prereq", b ? b : "build");
	return path;
}

/* name: "PMU" or "!PMU"; each probe runs once per process. */
static inline bool prereq_have(const char *name)
{
	static struct { char name[32]; int have; } cache[16];
	bool neg = name[0] == '!';
	const char *n = neg ? name + 1 : name;
	char cmd[4200];
	int st, have = -1;
	size_t i;

	for (i = 0; i < 16 && cache[i].name[0]; i++)
		if (!strcmp(cache[i].name, n))
			have = cache[i].have;
	if (have < 0) {
		snprintf(cmd, sizeof(cmd), "'%s' '%s' >/dev/null 2>&1",
			 prereq_tool(), n);
		st = system(cmd);
		have = st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == 0;
		if (i < 16) {
			snprintf(cache[i].name, sizeof(cache[i].name), "%s", n);
			cache[i].have = have;
		}
	}
	return neg ? !have : have;
}

/* The first line of `prereq what` ("foreign-event", "cpu-pmu") into buf;
 * false when there is none. */
static inline bool prereq_value(const char *what, char *buf, size_t len)
{
	char cmd[4200];
	FILE *p;
	bool ok;

	snprintf(cmd, sizeof(cmd), "'%s' '%s' 2>/dev/null", prereq_tool(),
		 what);
	p = popen(cmd, "r");
	if (!p)
		return false;
	ok = fgets(buf, (int)len, p) != NULL;
	if (pclose(p) != 0)
		ok = false;
	if (ok)
		buf[strcspn(buf, "\n")] = '\0';
	return ok && buf[0];
}

#define PREREQ(name)                                                    \
	do {                                                            \
		if (!prereq_have(name)) {                               \
			print_message("missing prerequisite %s\n", name); \
			skip();                                         \
		}                                                       \
	} while (0)

#endif
