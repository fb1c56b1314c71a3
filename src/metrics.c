// SPDX-License-Identifier: MIT
/* STUB: to be replaced by its owner. */
#include <errno.h>
#include <stdio.h>
#include "metrics.h"
int metrics_extract(const struct result *r, const struct benchmark *b, struct metric_set *out) { return -ENOSYS; }
void metrics_free(struct metric_set *set) { }
const struct metric *metrics_find(const struct metric_set *set, const char *name) { return NULL; }
