/* SPDX-License-Identifier: MIT */
/*
 * term: whether output to a file descriptor may carry colour. The one
 * rule for tables and messages: a terminal, NO_COLOR unset or empty
 * (no-color.org: only a non-empty value disables), and TERM not "dumb".
 */
#ifndef ABSTAT_TERM_H
#define ABSTAT_TERM_H

#include <stdbool.h>

bool term_colour(int fd);

#endif
