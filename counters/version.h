/* SPDX-License-Identifier: MIT */
/*
 * version: the versions of the counting libraries abstat runs with, for
 * the result's env. Lives in counters/ because nothing else may include
 * libpfm4 or PAPI headers.
 */
#ifndef ABSTAT_COUNTERS_VERSION_H
#define ABSTAT_COUNTERS_VERSION_H

#include <stddef.h>

/* "4.13.0" (the loaded library's file name), or the header's version;
 * returns buf. */
const char *counters_libpfm_version(char *buf, size_t len);
/* "7.0.0.0", or "not built" when abstat was built without PAPI. */
const char *counters_papi_version(char *buf, size_t len);

#endif
