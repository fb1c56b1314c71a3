// SPDX-License-Identifier: MIT
/*
 * version: libpfm4 and PAPI versions (see version.h).
 *
 * pfm_get_version() only returns the API version (4.0 for every 4.x
 * release), so the library's real file name is used instead: realpath()
 * of the file behind "libpfm.so.4" gives "libpfm.so.4.13.0". abstat loads
 * the libraries on first use (LAZY_LIBS, lib_dl.h): lib_dl_version() asks
 * the loader for the file it maps for the SONAME (the one abstat counts
 * with). A static link (LAZY_LIBS=0) asks dladdr() for the object that
 * holds one of the library's functions. The header's version is the
 * fallback (a file name without a version).
 */
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <perfmon/pfmlib.h>
#if HAVE_PAPI
#include <papi.h>
#endif

#include "lib_dl.h"
#include "version.h"

#if LAZY_LIBS

/* 1 with the version in buf, 0 when the file name has none, -1 (and
 * "cannot be loaded" in buf) when the library cannot be loaded. */
static int version_of(const char *soname, const void *sym, char *buf,
		      size_t len)
{
	int rc = lib_dl_version(soname, buf, len);

	if (rc < 0)
		snprintf(buf, len, "cannot be loaded");
	return rc;
}

#else

/* Version from the file name of the object holding sym: the text after
 * ".so." in the resolved path. 1, or 0 when unknown. */
static int version_of(const char *soname, const void *sym, char *buf,
		      size_t len)
{
	Dl_info info;

	if (!dladdr(sym, &info) || !info.dli_fname)
		return 0;
	return lib_dl_file_version(info.dli_fname, buf, len);
}

#define PFM_SONAME NULL
#define PAPI_SONAME NULL

#endif

const char *counters_libpfm_version(char *buf, size_t len)
{
	int v;

	if (version_of(PFM_SONAME, (const void *)pfm_get_version, buf, len))
		return buf;
	v = pfm_get_version();
	snprintf(buf, len, "%d.%d", PFM_MAJ_VERSION(v), PFM_MIN_VERSION(v));
	return buf;
}

const char *counters_papi_version(char *buf, size_t len)
{
#if HAVE_PAPI
	if (version_of(PAPI_SONAME, (const void *)PAPI_library_init, buf, len))
		return buf;
	snprintf(buf, len, "%d.%d.%d.%d", PAPI_VERSION_MAJOR(PAPI_VERSION),
		 PAPI_VERSION_MINOR(PAPI_VERSION),
		 PAPI_VERSION_REVISION(PAPI_VERSION),
		 PAPI_VERSION_INCREMENT(PAPI_VERSION));
#else
	snprintf(buf, len, "not built");
#endif
	return buf;
}
