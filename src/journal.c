// SPDX-License-Identifier: MIT
/* STUB: to be replaced by its owner. */
#include <errno.h>
#include <stdio.h>
#include "commands.h"
#include "msg.h"
int cmd_recover(const struct config *cfg) { msg_error("recover: not implemented yet"); return EXIT_USAGE; }
