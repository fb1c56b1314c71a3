/* SPDX-License-Identifier: MIT */
/*
 * escape: strings from result files, labels, benchmark names, the
 * workload's stderr, as they are shown: every control character (bytes
 * below 0x20, a newline too, and 0x7f) written as \xHH, so nothing that
 * abstat prints can move the cursor, retitle a terminal or break a table
 * row. Bytes from 0x80 up (UTF-8) pass; the formats that must be ASCII
 * deal with them. Pure: no I/O.
 */
#ifndef ABSTAT_ESCAPE_H
#define ABSTAT_ESCAPE_H

#include <stdbool.h>
#include <stddef.h>

/* True when s holds a byte escape_str would rewrite. */
bool escape_needed(const char *s);
/* s escaped into buf (always terminated, cut on a whole escape when it
 * does not fit); returns the length the whole escaped string needs. */
size_t escape_str(const char *s, char *buf, size_t len);
/* A malloc'd escaped copy (NULL stays NULL; NULL on allocation failure
 * otherwise). */
char *escape_dup(const char *s);
/* Escape s in place when needed: *s is replaced by an escaped copy (the
 * old one freed). 0 or -ENOMEM. */
int escape_inplace(char **s);

#endif
