// SPDX-License-Identifier: MIT
/*
 * version: libpfm4 and PAPI versions (see version.h).
 *
 * pfm_get_version() only returns the API version (4.0 for every 4.x
 * release), so the loaded library's real file name is used instead: dladdr()
 * on one of its functions gives "libpfm.so.4" and realpath() resolves the
 * symlink to "libpfm.so.4.13.0". The compile-time header version is the
 * fallback (static link, unusual layout).
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

#include "version.h"

/* Version from the file name of the object holding sym: the text after
 * ".so." in the resolved path. 1, or 0 when unknown. */
static int version_from_object(const void *sym, char *buf, size_t len)
{
	Dl_info info;
	char real[PATH_MAX];
	const char *so;

	if (!dladdr(sym, &info) || !info.dli_fname)
		return 0;
	if (!realpath(info.dli_fname, real))
		return 0;
	so = strstr(real, ".so.");
	if (!so || !so[4])
		return 0;
	snprintf(buf, len, "%s", so + 4);
	return 1;
}

const char *counters_libpfm_version(char *buf, size_t len)
{
	int v;

	if (version_from_object((const void *)pfm_get_version, buf, len))
		return buf;
	v = pfm_get_version();
	snprintf(buf, len, "%d.%d", PFM_MAJ_VERSION(v), PFM_MIN_VERSION(v));
	return buf;
}

const char *counters_papi_version(char *buf, size_t len)
{
#if HAVE_PAPI
	if (version_from_object((const void *)PAPI_library_init, buf, len))
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
