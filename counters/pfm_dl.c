// SPDX-License-Identifier: MIT
/*
 * pfm_dl: the libpfm4 functions abstat calls, loaded on first use (see
 * lib_dl.h). Each keeps the prototype of <perfmon/pfmlib.h> (the compiler
 * checks it: the pointers are declared from the functions' own types) and
 * forwards to libpfm.so.4. When the library cannot be loaded every call
 * fails as an uninitialised libpfm4 does (PFM_ERR_NOINIT), and
 * pfm_strerror() gives the loader's reason, so pfm_setup()'s "cannot
 * initialise libpfm4: ..." says what is missing and what to install.
 */
#if LAZY_LIBS

#include <perfmon/pfmlib_perf_event.h>

#include "lib_dl.h"

_Static_assert(sizeof(PFM_SONAME) > 1, "PFM_SONAME: objdump -p libpfm.so");

static struct {
	__typeof__(pfm_initialize) *initialize;
	__typeof__(pfm_terminate) *terminate;
	__typeof__(pfm_strerror) *strerror;
	__typeof__(pfm_get_version) *get_version;
	__typeof__(pfm_get_event_next) *get_event_next;
	__typeof__(pfm_get_event_info) *get_event_info;
	__typeof__(pfm_get_event_attr_info) *get_event_attr_info;
	__typeof__(pfm_get_pmu_info) *get_pmu_info;
	__typeof__(pfm_get_os_event_encoding) *get_os_event_encoding;
} pfm_fn;

static const struct lib_dl_sym pfm_syms[] = {
	{ "pfm_initialize", (void **)&pfm_fn.initialize },
	{ "pfm_terminate", (void **)&pfm_fn.terminate },
	{ "pfm_strerror", (void **)&pfm_fn.strerror },
	{ "pfm_get_version", (void **)&pfm_fn.get_version },
	{ "pfm_get_event_next", (void **)&pfm_fn.get_event_next },
	{ "pfm_get_event_info", (void **)&pfm_fn.get_event_info },
	{ "pfm_get_event_attr_info", (void **)&pfm_fn.get_event_attr_info },
	{ "pfm_get_pmu_info", (void **)&pfm_fn.get_pmu_info },
	{ "pfm_get_os_event_encoding", (void **)&pfm_fn.get_os_event_encoding },
};

static struct lib_dl pfm_lib = {
	.soname = PFM_SONAME,
	.package = "libpfm4",
	.syms = pfm_syms,
	.n_syms = sizeof(pfm_syms) / sizeof(pfm_syms[0]),
};

pfm_err_t pfm_initialize(void)
{
	return lib_dl_bind(&pfm_lib) ? pfm_fn.initialize() : PFM_ERR_NOINIT;
}

void pfm_terminate(void)
{
	if (lib_dl_bind(&pfm_lib))
		pfm_fn.terminate();
}

const char *pfm_strerror(int code)
{
	return lib_dl_bind(&pfm_lib) ? pfm_fn.strerror(code) : pfm_lib.why;
}

int pfm_get_version(void)
{
	return lib_dl_bind(&pfm_lib) ? pfm_fn.get_version() : PFM_ERR_NOINIT;
}

int pfm_get_event_next(int idx)
{
	return lib_dl_bind(&pfm_lib) ? pfm_fn.get_event_next(idx) : -1;
}

pfm_err_t pfm_get_event_info(int idx, pfm_os_t os, pfm_event_info_t *output)
{
	return lib_dl_bind(&pfm_lib) ? pfm_fn.get_event_info(idx, os, output) :
				       PFM_ERR_NOINIT;
}

pfm_err_t pfm_get_event_attr_info(int eidx, int aidx, pfm_os_t os,
				  pfm_event_attr_info_t *output)
{
	return lib_dl_bind(&pfm_lib) ?
		       pfm_fn.get_event_attr_info(eidx, aidx, os, output) :
		       PFM_ERR_NOINIT;
}

pfm_err_t pfm_get_pmu_info(pfm_pmu_t pmu, pfm_pmu_info_t *output)
{
	return lib_dl_bind(&pfm_lib) ? pfm_fn.get_pmu_info(pmu, output) :
				       PFM_ERR_NOINIT;
}

pfm_err_t pfm_get_os_event_encoding(const char *str, int dfl_plm,
				    pfm_os_t os, void *args)
{
	return lib_dl_bind(&pfm_lib) ?
		       pfm_fn.get_os_event_encoding(str, dfl_plm, os, args) :
		       PFM_ERR_NOINIT;
}

#endif
