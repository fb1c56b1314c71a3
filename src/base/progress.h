/* SPDX-License-Identifier: MIT */
/*
 * progress: the one line on stderr that says how far a session is: the
 * benchmark, runs done of all, the rate and the time left, redrawn in
 * place (a carriage return, then spaces over what the last one left, no
 * escape sequence, so TERM=dumb is served too) and cut to fit the
 * terminal's width, so that it never wraps. progress_line is pure and
 * makes the text; progress_* draw it.
 */
#ifndef ABSTAT_PROGRESS_H
#define ABSTAT_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "term.h"

struct progress {
	FILE *out;       /* stderr */
	bool on;         /* drawing (--progress, -q, a terminal) */
	double start_s;  /* monotonic clock when progress_start ran */
	size_t total;    /* runs planned */
	size_t shown;    /* columns the last line took (to blank them) */
	int width;       /* columns of the terminal */
};

/* The line for done of total runs after elapsed_s seconds, within width
 * columns (width - 1 characters, so that no terminal wraps it): the most
 * of "abstat: NAME 13/31 runs 4.2/s ETA 0:05" that fits, giving up the name's
 * end first, then "abstat: ", the rate, the ETA. Plain ASCII (a name's
 * other bytes are shown as '?'). Returns its length. */
size_t progress_line(char *buf, size_t len, int width, const char *name,
		     size_t done, size_t total, double elapsed_s);
/* Start: on when when is TERM_ALWAYS, or TERM_AUTO, not quiet and out a
 * terminal. The width from the terminal, else $COLUMNS, else 80. */
void progress_start(struct progress *p, FILE *out, enum term_when when,
		    bool quiet, size_t total);
void progress_update(struct progress *p, const char *name, size_t done);
/* Blank the line and leave the cursor at its start: before a message, so
 * that it starts a line of its own (the next update draws again). */
void progress_clear(struct progress *p);
/* Blank the line and stop drawing. */
void progress_end(struct progress *p);

#endif
