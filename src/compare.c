// SPDX-License-Identifier: MIT
/* STUB: to be replaced by its owner. */
#include <errno.h>
#include <stdio.h>
#include "compare.h"
#include "msg.h"
int compare_sides(const struct config *cfg, const struct side *sides, size_t n, FILE *out)
{ msg_error("compare: not implemented yet"); return EXIT_USAGE; }
int compare_build(const struct config *cfg, const struct side *sides, size_t n, struct compare_model **out) { return -ENOSYS; }
void compare_model_free(struct compare_model *m) { }
int compare_print(const struct config *cfg, const struct compare_model *m, FILE *out) { return 0; }
const char *compare_verdict_name(enum compare_verdict v) { return "?"; }
