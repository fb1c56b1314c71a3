// SPDX-License-Identifier: MIT
/*
 * usyms_dl: the elfutils libdwfl functions usyms.c calls, loaded
 * on first use like libpfm4 and PAPI (counters/lib_dl.h): libdw and what
 * it links (libelf, libz, liblzma, libbz2: about 0.5 MB) are mapped by
 * abstat profile only, not by compare, show or run. Each keeps the
 * prototype of <elfutils/libdwfl.h> (the pointers are declared from the
 * functions' own types). When libdw cannot be loaded dwfl_begin() returns
 * NULL, as it does when it fails, and every other call fails the same way;
 * profile says so in its note (usyms_dw_ready()) and records "none".
 */
#include <stdbool.h>
#include <stdio.h>

#include "symbols.h"

#if LAZY_LIBS && HAVE_LIBDW

#include <elfutils/libdwfl.h>

#include "lib_dl.h"

_Static_assert(sizeof(DW_SONAME) > 1, "DW_SONAME: objdump -p libdw.so");

static struct {
	__typeof__(dwfl_begin) *begin;
	__typeof__(dwfl_end) *end;
	__typeof__(dwfl_report_begin_add) *report_begin_add;
	__typeof__(dwfl_report_elf) *report_elf;
	__typeof__(dwfl_report_end) *report_end;
	__typeof__(dwfl_addrmodule) *addrmodule;
	__typeof__(dwfl_module_addrinfo) *module_addrinfo;
	__typeof__(dwfl_attach_state) *attach_state;
	__typeof__(dwfl_getthread_frames) *getthread_frames;
	__typeof__(dwfl_frame_pc) *frame_pc;
	__typeof__(dwfl_thread_state_registers) *thread_state_registers;
	__typeof__(dwfl_build_id_find_elf) *build_id_find_elf;
	__typeof__(dwfl_standard_find_debuginfo) *standard_find_debuginfo;
} dw_fn;

static const struct lib_dl_sym dw_syms[] = {
	{ "dwfl_begin", (void **)&dw_fn.begin },
	{ "dwfl_end", (void **)&dw_fn.end },
	{ "dwfl_report_begin_add", (void **)&dw_fn.report_begin_add },
	{ "dwfl_report_elf", (void **)&dw_fn.report_elf },
	{ "dwfl_report_end", (void **)&dw_fn.report_end },
	{ "dwfl_addrmodule", (void **)&dw_fn.addrmodule },
	{ "dwfl_module_addrinfo", (void **)&dw_fn.module_addrinfo },
	{ "dwfl_attach_state", (void **)&dw_fn.attach_state },
	{ "dwfl_getthread_frames", (void **)&dw_fn.getthread_frames },
	{ "dwfl_frame_pc", (void **)&dw_fn.frame_pc },
	{ "dwfl_thread_state_registers",
	  (void **)&dw_fn.thread_state_registers },
	{ "dwfl_build_id_find_elf", (void **)&dw_fn.build_id_find_elf },
	{ "dwfl_standard_find_debuginfo",
	  (void **)&dw_fn.standard_find_debuginfo },
};

static struct lib_dl dw_lib = {
	.soname = DW_SONAME,
	.package = "libdw1",
	.syms = dw_syms,
	.n_syms = sizeof(dw_syms) / sizeof(dw_syms[0]),
};

bool usyms_dw_ready(char *why, size_t len)
{
	if (lib_dl_bind(&dw_lib))
		return true;
	snprintf(why, len, "user frames named by their file only: %s",
		 dw_lib.why);
	return false;
}

Dwfl *dwfl_begin(const Dwfl_Callbacks *callbacks)
{
	return lib_dl_bind(&dw_lib) ? dw_fn.begin(callbacks) : NULL;
}

void dwfl_end(Dwfl *dwfl)
{
	if (lib_dl_bind(&dw_lib))
		dw_fn.end(dwfl);
}

void dwfl_report_begin_add(Dwfl *dwfl)
{
	if (lib_dl_bind(&dw_lib))
		dw_fn.report_begin_add(dwfl);
}

Dwfl_Module *dwfl_report_elf(Dwfl *dwfl, const char *name,
			     const char *file_name, int fd, GElf_Addr base,
			     bool add_p_vaddr)
{
	if (!lib_dl_bind(&dw_lib))
		return NULL;
	return dw_fn.report_elf(dwfl, name, file_name, fd, base, add_p_vaddr);
}

int dwfl_report_end(Dwfl *dwfl,
		    int (*removed)(Dwfl_Module *, void *, const char *,
				   Dwarf_Addr, void *arg),
		    void *arg)
{
	return lib_dl_bind(&dw_lib) ? dw_fn.report_end(dwfl, removed, arg) :
				      -1;
}

Dwfl_Module *dwfl_addrmodule(Dwfl *dwfl, Dwarf_Addr address)
{
	return lib_dl_bind(&dw_lib) ? dw_fn.addrmodule(dwfl, address) : NULL;
}

const char *dwfl_module_addrinfo(Dwfl_Module *mod, GElf_Addr address,
				 GElf_Off *offset, GElf_Sym *sym,
				 GElf_Word *shndxp, Elf **elfp,
				 Dwarf_Addr *bias)
{
	if (!lib_dl_bind(&dw_lib))
		return NULL;
	return dw_fn.module_addrinfo(mod, address, offset, sym, shndxp, elfp,
				     bias);
}

bool dwfl_attach_state(Dwfl *dwfl, Elf *elf, pid_t pid,
		       const Dwfl_Thread_Callbacks *thread_callbacks,
		       void *dwfl_arg)
{
	if (!lib_dl_bind(&dw_lib))
		return false;
	return dw_fn.attach_state(dwfl, elf, pid, thread_callbacks, dwfl_arg);
}

int dwfl_getthread_frames(Dwfl *dwfl, pid_t tid,
			  int (*callback)(Dwfl_Frame *thread, void *arg),
			  void *arg)
{
	if (!lib_dl_bind(&dw_lib))
		return -1;
	return dw_fn.getthread_frames(dwfl, tid, callback, arg);
}

bool dwfl_frame_pc(Dwfl_Frame *state, Dwarf_Addr *pc, bool *isactivation)
{
	if (!lib_dl_bind(&dw_lib))
		return false;
	return dw_fn.frame_pc(state, pc, isactivation);
}

bool dwfl_thread_state_registers(Dwfl_Thread *thread, int firstreg,
				 unsigned nregs, const Dwarf_Word *regs)
{
	if (!lib_dl_bind(&dw_lib))
		return false;
	return dw_fn.thread_state_registers(thread, firstreg, nregs, regs);
}

int dwfl_build_id_find_elf(Dwfl_Module *mod, void **userdata,
			   const char *modname, Dwarf_Addr base,
			   char **file_name, Elf **elfp)
{
	if (!lib_dl_bind(&dw_lib))
		return -1;
	return dw_fn.build_id_find_elf(mod, userdata, modname, base,
				       file_name, elfp);
}

int dwfl_standard_find_debuginfo(Dwfl_Module *mod, void **userdata,
				 const char *modname, Dwarf_Addr base,
				 const char *file_name,
				 const char *debuglink_file,
				 GElf_Word debuglink_crc,
				 char **debuginfo_file_name)
{
	if (!lib_dl_bind(&dw_lib))
		return -1;
	return dw_fn.standard_find_debuginfo(mod, userdata, modname, base,
					     file_name, debuglink_file,
					     debuglink_crc,
					     debuginfo_file_name);
}

#else

bool usyms_dw_ready(char *why, size_t len)
{
	return true;
}

#endif
