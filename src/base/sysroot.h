/* SPDX-License-Identifier: MIT */
/*
 * sysroot: a file of /proc or /sys under a root (ABSTAT_SYSROOT: a
 * test's fake /proc and /sys; NULL or "": the real ones), the one place
 * such a path is made: the environment's readers (env_open), doctor,
 * boots and the kernel's symbols name their files through it, never
 * with a "%s/proc" of their own (test 342).
 */
#ifndef ABSTAT_SYSROOT_H
#define ABSTAT_SYSROOT_H

#include <stddef.h>
#include <stdio.h>

/* <root><rel> (rel starts with '/') in buf: 0, or -ENAMETOOLONG when it
 * does not fit (buf then holds what fits). */
int sysroot_path(const char *root, const char *rel, char *buf, size_t len);
/* <root><rel> opened read-only, close-on-exec: a descriptor, or -1 with
 * errno (ENAMETOOLONG where the path does not fit). */
int sysroot_open(const char *root, const char *rel);
/* The same as a stream, or NULL with errno. */
FILE *sysroot_fopen(const char *root, const char *rel);

#endif
