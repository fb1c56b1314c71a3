// SPDX-License-Identifier: MIT
/* STUB: to be replaced by its owner. */
#include <errno.h>
#include <stdio.h>
#include "compare.h"
#include "msg.h"
int compare_sides(const struct config *cfg, const struct side *sides, size_t n, FILE *out)
{ msg_error("compare: not implemented yet"); return EXIT_USAGE; }
