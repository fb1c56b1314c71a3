// SPDX-License-Identifier: MIT
/* STUB: to be replaced by its owner. */
#include <errno.h>
#include <stdio.h>
#include "counters.h"
static int papi_init(char *err, size_t len) { snprintf(err, len, "PAPI backend: not implemented yet"); return -ENOSYS; }
const struct backend_ops papi_backend = { .name = "papi", .init = papi_init };
