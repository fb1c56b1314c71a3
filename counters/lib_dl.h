/* SPDX-License-Identifier: MIT */
/*
 * lib_dl: a shared library opened with dlopen() when abstat first calls
 * it, not when abstat starts. libpfm4 relocates its event tables at load
 * time (about 2 MB of dirtied pages), so compare, show, plot, flame,
 * import and recover, which never count, should not map it: pfm_dl.c,
 * papi_dl.c (and src/measure/usyms_dl.c for libdw, which profile alone
 * uses) define the library functions abstat calls, with the headers' own
 * prototypes, and forward them to the pointers bound here.
 *
 * Only with LAZY_LIBS=1 (the Makefile's default; a static build links
 * the libraries instead). The SONAMEs come from the build (objdump -p of
 * the libraries the linker would use: PFM_SONAME, PAPI_SONAME,
 * DW_SONAME).
 */
#ifndef ABSTAT_COUNTERS_LIB_DL_H
#define ABSTAT_COUNTERS_LIB_DL_H

#include <stdbool.h>
#include <stddef.h>

/* One function to bind: its name and where its pointer goes. */
struct lib_dl_sym {
	const char *name;
	void **slot;
};

struct lib_dl {
	const char *soname;  /* "libpfm.so.4" */
	const char *package; /* what to install: "libpfm4" */
	const struct lib_dl_sym *syms;
	size_t n_syms;
	int state;           /* 0 not tried, 1 bound, -1 cannot be loaded */
	char why[320];       /* when state is -1: one sentence */
};

/* dlopen lib once and bind every symbol; true when bound. On failure
 * (later calls too) lib->why says why and what to install. */
bool lib_dl_bind(struct lib_dl *lib);

/* The version in the name of the file path resolves to (the text after
 * ".so.") in buf: 1, or 0 when it has none. */
int lib_dl_file_version(const char *path, char *buf, size_t len);

/* The version in the file name of the library the loader finds for
 * soname ("4.13.0" for libpfm.so.4 -> libpfm.so.4.13.0) in buf: 1, 0
 * when the file name holds no version, -1 when it cannot be loaded.
 * A library not loaded yet is looked for where the loader would look
 * first (LD_LIBRARY_PATH, the system's library directory), and only
 * when it is in neither loaded and unloaded to ask the loader. */
int lib_dl_version(const char *soname, char *buf, size_t len);

#endif
