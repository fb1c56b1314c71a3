// SPDX-License-Identifier: MIT
/*
 * bench_name: a benchmark's name from its command line, looked through
 * the programs that only run another one (env, taskset, nice, chrt,
 * numactl, setarch, stdbuf, timeout, and the user's --wrapper): "env
 * X=1 taskset -c 1 ./syscall 10" is the benchmark syscall, as "./syscall
 * 10" is, so that both pair in compare. Each wrapper's options that take
 * a separate value, and its positional words before the command (a
 * mask, a priority, an architecture, a duration), are skipped by its
 * row below; a --wrapper program by the rule for unknown ones: options,
 * NAME=VALUE words and numbers.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_name.h"

struct bench_wrapper {
	const char *name;
	const char *short_args; /* short options with a separate value */
	const char *long_args;  /* " long ... ": long ones with one */
	int positional;         /* words before the command */
};

static const struct bench_wrapper bench_wrappers[] = {
	{ "env", "uCS", " unset chdir split-string ", 0 },
	{ "taskset", "", " ", 1 },
	{ "nice", "n", " adjustment ", 0 },
	{ "chrt", "TPD", " sched-runtime sched-period sched-deadline ", 1 },
	{ "numactl", "NmCpiPw",
	  " cpunodebind membind physcpubind interleave preferred weighted-interleave ",
	  0 },
	{ "setarch", "", " ", 1 },
	{ "stdbuf", "ioe", " input output error ", 0 },
	{ "timeout", "sk", " signal kill-after ", 1 },
};

static const char *bench_base(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/* A word an unknown wrapper takes before its command: a number. */
static bool bench_number_word(const char *w)
{
	char *end;

	strtod(w, &end);
	return end != w && !*end;
}

/* Whether option word w (after its dashes) takes the next word too. */
static bool bench_takes_next(const struct bench_wrapper *c, const char *w)
{
	char key[64];

	if (w[1] != '-')
		return w[1] && !w[2] && strchr(c->short_args, w[1]);
	if (strchr(w, '=') || strlen(w) > sizeof(key) - 3)
		return false;
	snprintf(key, sizeof(key), " %s ", w + 2);
	return strstr(c->long_args, key) != NULL;
}

/* The index of the command that wrapper c runs in argv[i..], or -1. */
static int bench_unwrap(const struct bench_wrapper *c, char *const *argv, int i)
{
	int pos = c ? c->positional : 0;
	bool opts = true;

	for (; argv[i]; i++) {
		const char *w = argv[i];

		if (opts && !strcmp(w, "--")) {
			opts = false;
		} else if (opts && w[0] == '-' && w[1]) {
			if (c && bench_takes_next(c, w) && argv[i + 1])
				i++;
		} else if (strchr(w, '=') && (!c || !strcmp(c->name, "env"))) {
			continue; /* NAME=VALUE */
		} else if (pos > 0) {
			pos--;
		} else if (!c && bench_number_word(w)) {
			continue;
		} else {
			return i;
		}
	}
	return -1;
}

size_t bench_name_index(char *const *argv, const char *wrapper)
{
	int i = 0;

	for (int depth = 0; argv[i] && depth < 16; depth++) {
		const char *b = bench_base(argv[i]);
		const struct bench_wrapper *c = NULL;
		int next;

		for (size_t k = 0; k < sizeof(bench_wrappers) / sizeof(*c); k++)
			if (!strcmp(b, bench_wrappers[k].name))
				c = &bench_wrappers[k];
		if (!c && !(wrapper && !strcmp(b, bench_base(wrapper))))
			break;
		next = bench_unwrap(c, argv, i + 1);
		if (next < 0)
			break;
		i = next;
	}
	return (size_t)i;
}

char *bench_name(char *const *argv, const char *wrapper)
{
	return strdup(bench_base(argv[bench_name_index(argv, wrapper)]));
}
