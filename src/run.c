// SPDX-License-Identifier: MIT
/* STUB */
#include "commands.h"
#include "msg.h"
int cmd_run(const struct config *cfg) { msg_error("run: not implemented yet"); return EXIT_USAGE; }
