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
#include <unistd.h>

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

int lib_dl_file_version(const char *path, char *buf, size_t len)
{
	char real[PATH_MAX];
	const char *so;

	if (!realpath(path, real))
		return 0;
	so = strstr(real, ".so.");
	if (!so || !so[4])
		return 0;
	snprintf(buf, len, "%s", so + 4);
	return 1;
}

/* dir/soname in out when that file exists. */
static bool lib_dl_in(const char *dir, size_t n, const char *soname,
		      char *out, size_t len)
{
	int w = snprintf(out, len, "%.*s/%s", (int)n, dir, soname);

	return n && w > 0 && (size_t)w < len && !access(out, R_OK);
}

struct lib_dl_find {
	const char *soname;
	char path[PATH_MAX];
	bool found, loaded;
};

/* Each object loaded: soname itself (loaded: its file), else the first
 * directory of one that holds soname. */
static int lib_dl_beside(struct dl_phdr_info *info, size_t size, void *arg)
{
	struct lib_dl_find *f = arg;
	const char *slash = info->dlpi_name ? strrchr(info->dlpi_name, '/') :
					      NULL;

	(void)size;
	if (!slash)
		return 0;
	if (!strcmp(slash + 1, f->soname)) {
		snprintf(f->path, sizeof(f->path), "%s", info->dlpi_name);
		f->loaded = f->found = true;
		return 1;
	}
	if (!f->found)
		f->found = lib_dl_in(info->dlpi_name,
				     (size_t)(slash - info->dlpi_name),
				     f->soname, f->path, sizeof(f->path));
	return 0;
}

/*
 * The file of soname: the one mapped when it is loaded already (abstat
 * counts with it), else where the loader would find it, without loading
 * it (libpfm4's tables alone cost a millisecond of relocations per
 * start): the directories of LD_LIBRARY_PATH in order, then those of the
 * libraries abstat was loaded with (libc's, libjansson's: the system's
 * library directory). false when none has it: only the loader can say.
 */
static bool lib_dl_find(const char *soname, char *out, size_t len)
{
	struct lib_dl_find f = { .soname = soname };
	const char *p = getenv("LD_LIBRARY_PATH");

	dl_iterate_phdr(lib_dl_beside, &f);
	for (; !f.loaded && p && *p; p += strcspn(p, ":"), p += *p == ':')
		if (lib_dl_in(p, strcspn(p, ":"), soname, out, len))
			return true;
	if (f.found)
		snprintf(out, len, "%s", f.path);
	return f.found;
}

int lib_dl_version(const char *soname, char *buf, size_t len)
{
	struct link_map *map = NULL;
	char path[PATH_MAX];
	int ok = 0;
	void *h;

	if (lib_dl_find(soname, path, sizeof(path)))
		return lib_dl_file_version(path, buf, len);
	/* RTLD_LAZY: only the file name is wanted, no function is called */
	h = dlopen(soname, RTLD_LAZY | RTLD_LOCAL);
	if (!h)
		return -1;
	if (!dlinfo(h, RTLD_DI_LINKMAP, &map) && map && map->l_name)
		ok = lib_dl_file_version(map->l_name, buf, len);
	dlclose(h);
	return ok;
}
