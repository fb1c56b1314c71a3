/* SPDX-License-Identifier: MIT */
/*
 * err: the one error rule below the commands (doc/development.md's
 * conventions, commands.h): a function returns 0 or -errno, and every
 * negative return has said why in the caller's buffer err[len] (one
 * line, lower case, what to do), so a caller may always print it. err_nomem() is that line for -ENOMEM.
 * (A code that a function's header names as a signal to its own caller,
 * such as result_map_read's -ENOTSUP "read it instead" or the streaming
 * reader's -EAGAIN "parse it the other way", never reaches a command.)
 */
#ifndef ABSTAT_ERR_H
#define ABSTAT_ERR_H

#include <errno.h>
#include <stddef.h>
#include <stdio.h>

/* "out of memory" in err (nothing when len is 0). */
static inline void err_nomem_say(char *err, size_t len)
{
	if (len)
		snprintf(err, len, "out of memory");
}
/* err_nomem_say, then -ENOMEM: inline, so that the compiler and clang's
 * analyzer (test 288) see that it never returns 0. */
static inline int err_nomem(char *err, size_t len)
{
	err_nomem_say(err, len);
	return -ENOMEM;
}

#endif
