// SPDX-License-Identifier: MIT
/*
 * lib_dl: dlopen a counting library on first use (see lib_dl.h).
 *
 * RTLD_LOCAL: the library's symbols do not become the global scope, so
 * libpapi's calls into libpfm4 bind to libpfm.so.4 itself (its DT_NEEDED),
 * never to abstat's forwarding functions of the same names (abstat does
 * not export them either: it is not linked with -rdynamic). RTLD_NOW:
 * a library that lacks a symbol is refused here, in one sentence, not by
 * a lazy-binding abort in the middle of a run.
 */
#include <dlfcn.h>
#include <limits.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib_dl.h"

bool lib_dl_bind(struct lib_dl *lib)
{
	void *h;

	if (lib->state)
		return lib->state > 0;
	lib->state = -1;
	h = dlopen(lib->soname, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		snprintf(lib->why, sizeof(lib->why), "%s; install %s",
			 dlerror(), lib->package);
		return false;
	}
	for (size_t i = 0; i < lib->n_syms; i++) {
		*lib->syms[i].slot = dlsym(h, lib->syms[i].name);
		if (!*lib->syms[i].slot) {
			snprintf(lib->why, sizeof(lib->why),
				 "%s has no %s; install the %s abstat was built with",
				 lib->soname, lib->syms[i].name, lib->package);
			dlclose(h);
			return false;
		}
	}
	lib->state = 1;
	return true;
}

int lib_dl_version(const char *soname, char *buf, size_t len)
{
	struct link_map *map = NULL;
	char real[PATH_MAX];
	const char *so;
	int ok = 0;
	void *h;

	/* RTLD_LAZY: only the file name is wanted, no function is called */
	h = dlopen(soname, RTLD_LAZY | RTLD_LOCAL);
	if (!h)
		return -1;
	if (!dlinfo(h, RTLD_DI_LINKMAP, &map) && map && map->l_name &&
	    realpath(map->l_name, real)) {
		so = strstr(real, ".so.");
		if (so && so[4]) {
			snprintf(buf, len, "%s", so + 4);
			ok = 1;
		}
	}
	dlclose(h);
	return ok;
}
