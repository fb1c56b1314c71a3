// SPDX-License-Identifier: MIT
/*
 * prereq: what this machine has, for the tests' lazy prerequisites (git
 * t/'s test_lazy_prereq). Decided at run time, never by CPU name:
 *
 *	prereq NAME           exit 0 when the machine has NAME, 1 when not
 *	prereq foreign-event  print an event of a libpfm4 PMU that is not
 *	                      this machine's (chosen by iterating libpfm4)
 *	prereq foreign-encoding  that event's "TYPE CONFIG" (decimal, hex)
 *	prereq cpu-pmu        print libpfm4's PMU for this CPU, or nothing
 *	prereq all            one line per NAME: "NAME yes|no"
 *
 * NAMEs: PMU (a hardware instructions counter counts here), CORE_PMU (the
 * kernel exposes a core PMU in sysfs: perf_cpu_pmu_present), LIBPFM_CPU
 * (libpfm4 knows this CPU model), FOREIGN_PMU (some libpfm4 PMU is not
 * this machine's), PAPI (built with PAPI), PAPI_PERF (PAPI's perf_event
 * component is enabled). tests/lib.sh and tests/unit/prereq.h call it.
 */
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "counters.h"
#include "perf_internal.h"

/* A user-only instructions counter on this process opens and counts. */
static int have_pmu(void)
{
	unsigned long long v = 0;
	volatile unsigned long x = 0;
	int fd = perf_probe_open(&(const struct perf_probe){
		.type = PERF_TYPE_HARDWARE,
		.config = PERF_COUNT_HW_INSTRUCTIONS,
		.exclude_kernel = true,
	});

	if (fd < 0)
		return 0;
	for (unsigned long i = 0; i < 100000; i++)
		x += i;
	(void)x; /* the loop, not its sum, is what is counted */
	if (read(fd, &v, sizeof(v)) != sizeof(v))
		v = 0;
	close(fd);
	return v > 0;
}

static int perf_up(void)
{
	char err[256];

	return perf_backend.init(err, sizeof(err)) == 0;
}

static int have_libpfm_cpu(void)
{
	return perf_up() && pfm_cpu_pmu() != NULL;
}

static int foreign(char *buf, size_t len)
{
	return perf_up() && pfm_foreign_event(buf, len) == 0;
}

static int have_foreign_pmu(void)
{
	char buf[256];

	return foreign(buf, sizeof(buf));
}

static int have_papi(void)
{
	return HAVE_PAPI;
}

static int have_papi_perf(void)
{
	char err[512];
	int up = papi_backend.init && papi_backend.init(err, sizeof(err)) == 0;

	if (papi_backend.fini)
		papi_backend.fini();
	return up;
}

/* The kernel exposes a core PMU (cpu, cpu_core, armv8_pmuv3...). */
static int have_core_pmu(void)
{
	return perf_cpu_pmu_present();
}

static const struct {
	const char *name;
	int (*have)(void);
} prereqs[] = {
	{ "PMU", have_pmu },
	{ "CORE_PMU", have_core_pmu },
	{ "LIBPFM_CPU", have_libpfm_cpu },
	{ "FOREIGN_PMU", have_foreign_pmu },
	{ "PAPI", have_papi },
	{ "PAPI_PERF", have_papi_perf },
};

#define NPREREQ (sizeof(prereqs) / sizeof(prereqs[0]))

int main(int argc, char **argv)
{
	char buf[256];

	/* offline encodings for foreign PMUs; the machine's own PMUs only */
	setenv("LIBPFM_ENCODE_INACTIVE", "1", 1);
	unsetenv("LIBPFM_FORCE_PMU");
	if (argc != 2) {
		fprintf(stderr, "usage: prereq NAME|foreign-event|cpu-pmu|all\n");
		return 2;
	}
	if (!strcmp(argv[1], "foreign-event")) {
		if (!foreign(buf, sizeof(buf)))
			return 1;
		printf("%s\n", buf);
		return 0;
	}
	if (!strcmp(argv[1], "foreign-encoding")) {
		struct event ev;
		char err[256];

		if (!foreign(buf, sizeof(buf)) ||
		    perf_backend.resolve(buf, false, &ev, err, sizeof(err)))
			return 1;
		printf("%u %#llx\n", ev.type, (unsigned long long)ev.config);
		event_free(&ev);
		return 0;
	}
	if (!strcmp(argv[1], "cpu-pmu")) {
		if (!have_libpfm_cpu())
			return 1;
		printf("%s\n", pfm_cpu_pmu());
		return 0;
	}
	for (size_t i = 0; i < NPREREQ; i++) {
		if (!strcmp(argv[1], "all"))
			printf("%s %s\n", prereqs[i].name,
			       prereqs[i].have() ? "yes" : "no");
		else if (!strcmp(argv[1], prereqs[i].name))
			return prereqs[i].have() ? 0 : 1;
	}
	if (strcmp(argv[1], "all")) {
		fprintf(stderr, "prereq: unknown prerequisite '%s'\n", argv[1]);
		return 2;
	}
	return 0;
}
