/* SPDX-License-Identifier: MIT */
/*
 * escape: strings from result files, labels, benchmark names, the
 * workload's stderr, as they are shown: every control character (bytes
 * below 0x20, a newline too, 0x7f, and the C1 controls U+0080-U+009F as
 * UTF-8 writes them, 0xc2 0x80-0x9f: U+009B is a CSI on many terminals)
 * written as \xHH a byte, so nothing that abstat prints can move the
 * cursor, retitle a terminal or break a table row. Other bytes from 0x80
 * up (UTF-8) pass; the formats that must be ASCII deal with them. This
 * is the one place that says what a control character is: the SVG, the
 * charts' labels and the messages ask escape_control. Pure: no I/O.
 */
#ifndef ABSTAT_ESCAPE_H
#define ABSTAT_ESCAPE_H

#include <stdbool.h>
#include <stddef.h>

/* The length of the control character s starts with: 1 (C0, DEL), 2 (a
 * C1 control in UTF-8), or 0 (none; also at the end of s). */
size_t escape_control(const char *s);
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
/* s as one word a POSIX shell reads back as s: as it is when it holds
 * only letters, digits and _@%+=:,./-, else in single quotes (a ' as
 * '\''), appended to buf (always terminated, cut when it does not fit);
 * returns the length buf then needs. Controls are left to escape_str. */
size_t escape_shell_append(const char *s, char *buf, size_t len);

#endif
