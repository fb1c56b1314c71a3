// SPDX-License-Identifier: MIT
/*
 * papi_err: the PAPI backend's error sentences. PAPI folds the kernel's
 * errno into a few codes (ENOENT and friends all become PAPI_ENOEVNT), so
 * where the kernel's reason matters the perf_event_open that PAPI made is
 * repeated here to get the errno back.
 */
#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "counters.h"
#include "perf_internal.h"

#if HAVE_PAPI

#include "papi_int.h"

static int papi_last_err;
static char papi_last_msg[512];

int papi_attach_check(pid_t pid, bool exclude_kernel)
{
	/* The same event and domain as PAPI's check_permissions(). */
	int fd = perf_probe_open(&(const struct perf_probe){
		.type = PERF_TYPE_HARDWARE,
		.config = PERF_COUNT_HW_INSTRUCTIONS,
		.pid = pid,
		.exclude_kernel = exclude_kernel,
		.disabled = true,
	});

	if (fd < 0)
		return -fd;
	close(fd);
	return 0;
}

int papi_event_check(const struct event *ev)
{
	int fd = perf_probe_open(&(const struct perf_probe){
		.type = ev->type,
		.config = ev->config,
		.config1 = ev->config1,
		.config2 = ev->config2,
		.exclude_user = ev->exclude_user,
		.exclude_kernel = ev->exclude_kernel,
		.count_hv = !ev->exclude_hv,
		.disabled = true,
	});

	if (fd < 0)
		return -fd;
	close(fd);
	return 0;
}

static int papi_paranoid(void)
{
	FILE *f = fopen("/proc/sys/kernel/perf_event_paranoid", "r");
	int v = -100;

	if (f) {
		if (fscanf(f, "%d", &v) != 1)
			v = -100;
		fclose(f);
	}
	return v;
}

void papi_kernel_reason(int err, char *buf, size_t len)
{
	const char *hint = "";

	switch (err) {
	case ENOENT:
	case ENODEV:
	case EOPNOTSUPP:
		hint = " (the kernel exposes no hardware PMU here, as in most VMs)";
		break;
	case ESRCH:
		hint = " (the process is gone)";
		break;
	default:
		break;
	}
	if (err == EACCES || err == EPERM)
		snprintf(buf, len, "perf_event_open: %s (perf_event_paranoid is %d: run as root, or sysctl kernel.perf_event_paranoid=1, or use --user-only)",
			 strerror(err), papi_paranoid());
	else
		snprintf(buf, len, "perf_event_open: %s%s", strerror(err),
			 hint);
}

void papi_set_last_error(int err, const char *msg)
{
	papi_last_err = err < 0 ? -err : err;
	snprintf(papi_last_msg, sizeof(papi_last_msg), "%s", msg);
}

const char *papi_last_error(int err)
{
	if (err < 0)
		err = -err;
	return papi_last_err && err == papi_last_err ? papi_last_msg : NULL;
}

void papi_strerror_fill(const struct event *ev, int err, char *buf,
			size_t len)
{
	const char *name = ev && ev->name ? ev->name : "event";
	const char *last = papi_last_error(err);
	char why[200];

	if (err < 0)
		err = -err;
	if (last) {
		snprintf(buf, len, "%s", last);
		return;
	}
	papi_kernel_reason(err, why, sizeof(why));
	switch (err) {
	case EACCES:
	case EPERM:
		snprintf(buf, len, "papi: %s: %s", name, why);
		break;
	case ENOENT:
	case ENODEV:
	case EOPNOTSUPP:
		snprintf(buf, len, "papi: %s cannot be counted here: %s; see abstat list --backend papi",
			 name, why);
		break;
	case EBUSY:
		snprintf(buf, len, "papi: %s: the events do not fit the counters together: count fewer events per run",
			 name);
		break;
	default:
		snprintf(buf, len, "papi: %s: %s", name, strerror(err));
		break;
	}
}

bool papi_name_matches(const char *name, const char *pattern)
{
	size_t n, i;

	if (!pattern || !*pattern)
		return true;
	if (strpbrk(pattern, "*?["))
		return fnmatch(pattern, name, FNM_CASEFOLD) == 0;
	n = strlen(pattern);
	for (; *name; name++) {
		for (i = 0; i < n && name[i]; i++)
			if (tolower((unsigned char)name[i]) !=
			    tolower((unsigned char)pattern[i]))
				break;
		if (i == n)
			return true;
	}
	return false;
}

#endif
