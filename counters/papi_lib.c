// SPDX-License-Identifier: MIT
/*
 * papi_lib: the PAPI library and its perf_event component, up (once) and
 * down, and whether PAPI can attach to a workload here; PAPI's error
 * codes as errno values. What the backend's other files (papi.c,
 * papi_set.c, papi_list.c) start from.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>

#include "counters.h"

#if HAVE_PAPI

#include <papi.h>

#include "papi_int.h"

int papi_cidx = -1;
static bool papi_ready;

int papi_to_errno(int papi_err)
{
	switch (papi_err) {
	case PAPI_OK:
		return 0;
	case PAPI_ENOMEM:
		return -ENOMEM;
	case PAPI_EPERM:
		return -EACCES;
	case PAPI_ENOEVNT:
	case PAPI_ENOTPRESET:
		return -ENOENT;
	case PAPI_ECNFLCT:
	case PAPI_EMULPASS:
		return -EBUSY;
	case PAPI_ECMP:
	case PAPI_ENOSUPP:
	case PAPI_ENOCNTR:
		return -EOPNOTSUPP;
	case PAPI_ENOCMP:
	case PAPI_ENOINIT:
		return -ENODEV;
	case PAPI_ECOUNT:
		return -EMFILE;
	case PAPI_EINVAL:
		return -EINVAL;
	default:
		return -EIO;
	}
}

int papi_lib_init(char *err, size_t len)
{
	int r;

	if (papi_ready)
		return 0;
	r = PAPI_library_init(PAPI_VER_CURRENT);
	if (r != PAPI_VER_CURRENT) {
		snprintf(err, len, "papi: PAPI_library_init failed: %s; %s",
			 r > 0 ? "libpapi is not the version abstat was built with" :
			 PAPI_strerror(r), PAPI_USE_PERF);
		return r > 0 ? -ENOEXEC : papi_to_errno(r);
	}
	papi_cidx = PAPI_get_component_index("perf_event");
	if (papi_cidx < 0) {
		snprintf(err, len, "papi: this libpapi has no perf_event component; %s",
			 PAPI_USE_PERF);
		PAPI_shutdown();
		return -ENODEV;
	}
	papi_ready = true;
	return 0;
}

int papi_component_check(char *err, size_t len)
{
	const PAPI_component_info_t *ci = PAPI_get_component_info(papi_cidx);

	if (!ci) {
		snprintf(err, len, "papi: no information on the perf_event component; %s",
			 PAPI_USE_PERF);
		return -ENODEV;
	}
	if (ci->disabled) {
		snprintf(err, len, "papi: perf_event component disabled: %s; %s",
			 ci->disabled_reason[0] ? ci->disabled_reason :
			 PAPI_strerror(ci->disabled), PAPI_USE_PERF);
		return -ENODEV;
	}
	return 0;
}

int papi_attach_ready(bool exclude_kernel, char *err, size_t len)
{
	char why[200];
	int kerr;

	/*
	 * The component can be up (libpfm4 knows the CPU from CPUID) while
	 * the kernel has no PMU to count with (a VM). PAPI_attach() and
	 * PAPI_set_opt(PAPI_INHERIT / PAPI_DOMAIN) first open
	 * PERF_COUNT_HW_INSTRUCTIONS on the target as a permission check,
	 * so without a hardware PMU they fail even for software events.
	 */
	kerr = papi_attach_check(0, exclude_kernel);
	if (!kerr)
		return 0;
	papi_kernel_reason(kerr, why, sizeof(why));
	snprintf(err, len, "papi: PAPI cannot attach to a workload here: PAPI_attach first opens the hardware instructions event and %s; %s",
		 why, PAPI_USE_PERF);
	return -kerr;
}

void papi_lib_fini(void)
{
	if (!papi_ready)
		return;
	PAPI_shutdown();
	papi_ready = false;
	papi_cidx = -1;
}

#endif
