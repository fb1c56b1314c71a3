// SPDX-License-Identifier: MIT
/* STUB */
#include <errno.h>
#include "result.h"
int result_write(const struct result *r, const char *path, bool force, char *err, size_t len) { return -ENOSYS; }
int result_read(const char *path, struct result **out, char *err, size_t len) { return -ENOSYS; }
void result_free(struct result *r) { }
int result_event_index(const struct result *r, const char *name) { return -1; }
