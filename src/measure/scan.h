/* SPDX-License-Identifier: MIT */
/*
 * scan: parameter scans (hyperfine's --parameter-scan and
 * --parameter-list, and a --copies list). A parameter is a name and its
 * values, as strings; a scan of several parameters runs every
 * combination, the first parameter varying slowest. {NAME} in a command
 * or a hook is replaced by the value. Pure functions.
 */
#ifndef ABSTAT_SCAN_H
#define ABSTAT_SCAN_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

struct scan_param {
	char *name;
	char **values; /* n of them */
	size_t n;
};

/* A parameter name: letters, digits, '_' and '-', not empty. */
bool scan_name_ok(const char *name);

/* -P NAME LO HI [STEP]: integers LO..HI by STEP (default 1), or decimals
 * when any of them has a point (written with the most decimals given).
 * 0, or -EINVAL with the reason in err (the caller names the option),
 * or -ENOMEM. At most SCAN_MAX values. */
#define SCAN_MAX 1000
int scan_range(const char *name, const char *lo, const char *hi,
	       const char *step, struct scan_param *p, char *err, size_t len);
/* -L NAME A,B,...: the values as given (none empty). */
int scan_list(const char *name, const char *list, struct scan_param *p,
	      char *err, size_t len);
void scan_param_clear(struct scan_param *p);

/* How many combinations params make (1 for none). */
size_t scan_count(const struct scan_param *params, size_t n);
/* Combination k (0 <= k < scan_count) as an object NAME -> value. */
json_t *scan_combination(const struct scan_param *params, size_t n, size_t k);

/* s with every {NAME} of params replaced by its value (unknown names
 * are left as they are). NULL when out of memory. */
char *scan_substitute(const char *s, const json_t *params);

/* "BASE k=v k2=v2" in the order of params: a scanned benchmark's name.
 * NULL when out of memory. */
char *scan_name(const char *base, const json_t *params);

#endif
