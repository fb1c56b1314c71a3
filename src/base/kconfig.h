/* SPDX-License-Identifier: MIT */
/*
 * kconfig: what a kernel configuration option looks like in a result
 * file, the one definition the capture (env_kconfig.c, from a .config)
 * and the result reader (result_check.c, from a file that may be
 * hostile) share. A .config sets an option with a line CONFIG_NAME=VALUE
 * (scripts/kconfig/confdata.c writes them so); an option that is not set
 * is a comment ("# CONFIG_NAME is not set") and is recorded as absent.
 * The bounds are far above a real configuration's (Debian's arm64 6.12:
 * some 300 kB, 8000 options set, the longest value under 300 bytes).
 * Pure: no I/O.
 */
#ifndef ABSTAT_KCONFIG_H
#define ABSTAT_KCONFIG_H

#include <stdbool.h>
#include <stddef.h>

#define KCONFIG_MAX_BYTES (4u << 20) /* a configuration's text, unpacked */
#define KCONFIG_OPTIONS_MAX 32768    /* options set */
#define KCONFIG_NAME_MAX 128         /* bytes of CONFIG_NAME */
#define KCONFIG_VALUE_MAX 1024       /* bytes of a value */

/* s is an option's name: CONFIG_ then letters, digits and _ (at least
 * one), at most KCONFIG_NAME_MAX bytes. */
bool kconfig_name_ok(const char *s);
/* s is a value a result may hold: printable ASCII (a string option's
 * quotes too), at most KCONFIG_VALUE_MAX bytes, not empty. */
bool kconfig_value_ok(const char *s);
/* One line of a .config (no newline): true when it sets an option,
 * with *name and *value pointing into line (the '=' cut to '\0');
 * false for a comment, a blank line or a line that breaks the rules
 * above, which is left out. */
bool kconfig_line(char *line, char **name, char **value);

#endif
