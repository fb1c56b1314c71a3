// SPDX-License-Identifier: MIT
/* STUB: to be replaced by its owner. */
#include <errno.h>
#include <stdio.h>
#include "commands.h"
#include "env.h"
#include "msg.h"
int cmd_doctor(const struct config *cfg) { msg_error("doctor: not implemented yet"); return EXIT_USAGE; }
int doctor_run(const struct doctor_ctx *ctx, struct doctor_check **out, size_t *n) { *out = NULL; *n = 0; return 0; }
void doctor_free(struct doctor_check *c, size_t n) { }
