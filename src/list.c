// SPDX-License-Identifier: MIT
/* STUB: to be replaced by its owner. */
#include <errno.h>
#include <stdio.h>
#include "commands.h"
#include "msg.h"
int cmd_list(const struct config *cfg) { msg_error("list: not implemented yet"); return EXIT_USAGE; }
