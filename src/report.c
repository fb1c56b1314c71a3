// SPDX-License-Identifier: MIT
/* STUB: to be replaced by its owner. */
#include <errno.h>
#include <stdio.h>
#include "report.h"
#include "commands.h"
#include "msg.h"
void report_result(const struct config *cfg, const struct result *r, FILE *out) { fprintf(out, "(report not implemented yet)\n"); }
int cmd_show(const struct config *cfg) { msg_error("show: not implemented yet"); return EXIT_USAGE; }
