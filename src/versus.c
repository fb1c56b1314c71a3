// SPDX-License-Identifier: MIT
/* STUB */
#include "commands.h"
#include "msg.h"
int cmd_versus(const struct config *cfg) { msg_error("versus: not implemented yet"); return EXIT_USAGE; }
