/* SPDX-License-Identifier: MIT */
/*
 * term: whether output to a file descriptor may carry colour. The one
 * rule for tables and messages: --color always, or --color auto (the
 * default) and a terminal, NO_COLOR unset or empty (no-color.org: only a
 * non-empty value disables), and TERM not "dumb". --color never: none.
 */
#ifndef ABSTAT_TERM_H
#define ABSTAT_TERM_H

#include <stdbool.h>

/* --color and --progress: the order of their values in --help */
enum term_when { TERM_NEVER, TERM_AUTO, TERM_ALWAYS };

/* The --color setting for the process (main, once, after parsing). */
void term_colour_set(enum term_when when);
bool term_colour(int fd);
/* Columns of the terminal on fd, else $COLUMNS, else 80. */
int term_width(int fd);

#endif
