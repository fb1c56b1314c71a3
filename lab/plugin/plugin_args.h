/* SPDX-License-Identifier: MIT */
/*
 * plugin_args.h: the install-time checks both lab plugins make (the
 * cache model, cache.c; the instruction counter, count.c): system
 * emulation only, every argument parsed by the plugin's own parse(),
 * an out=FILE given, and the guest's vCPUs within the plugin's tables.
 */
#ifndef ABSTAT_PLUGIN_ARGS_H
#define ABSTAT_PLUGIN_ARGS_H

#include <stdio.h>

#include "qemu_plugin_api.h"

/* the plugin's output, out=FILE, closed when QEMU exits (on_atexit) */
static FILE *out;

static void on_atexit(qemu_plugin_id_t id, void *udata)
{
	(void)id;
	(void)udata;
	if (out) {
		fclose(out);
		out = NULL;
	}
}

/* The out=FILE path, or NULL after saying why on stderr as "NAME: error:
 * ..." (expected: the arguments NAME takes, for the message); *n_vcpus
 * the guest's vCPUs, at most max. */
static const char *plugin_args(const char *name, const qemu_info_t *info,
			       int argc, char **argv,
			       int (*parse)(const char *, const char **),
			       const char *expected, int *n_vcpus, int max)
{
	const char *path = NULL;

	if (!info->system_emulation) {
		fprintf(stderr, "%s: error: system emulation only (qemu-system-*)\n", name);
		return NULL;
	}
	for (int i = 0; i < argc; i++)
		if (parse(argv[i], &path)) {
			fprintf(stderr, "%s: error: bad argument '%s'; expected %s\n",
				name, argv[i], expected);
			return NULL;
		}
	if (!path) {
		fprintf(stderr, "%s: error: no out=FILE; the counts go to a file\n", name);
		return NULL;
	}
	*n_vcpus = info->system.max_vcpus;
	if (*n_vcpus < 1 || *n_vcpus > max) {
		fprintf(stderr, "%s: error: %d vCPUs; at most %d\n", name,
			*n_vcpus, max);
		return NULL;
	}
	return path;
}

#endif
