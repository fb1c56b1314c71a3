// SPDX-License-Identifier: MIT
/*
 * papi_dl: the PAPI functions abstat calls, loaded on first use (see
 * lib_dl.h); only --backend papi and `abstat list --backend papi` call
 * them. Each keeps the prototype of <papi.h> (the pointers are declared
 * from the functions' own types, so the compiler checks them) and forwards
 * to libpapi. When the library cannot be loaded every call fails as an
 * uninitialised PAPI does (PAPI_ENOINIT, a NULL component) and
 * PAPI_strerror() gives the loader's reason and what to install, which
 * papi_lib_init() puts in its one-line error.
 */
#if LAZY_LIBS && HAVE_PAPI

#include <stddef.h>

#include <papi.h>

#include "lib_dl.h"

_Static_assert(sizeof(PAPI_SONAME) > 1, "PAPI_SONAME: objdump -p libpapi.so");

static struct {
	__typeof__(PAPI_library_init) *library_init;
	__typeof__(PAPI_shutdown) *shutdown;
	__typeof__(PAPI_strerror) *strerror;
	__typeof__(PAPI_get_component_index) *get_component_index;
	__typeof__(PAPI_get_component_info) *get_component_info;
	__typeof__(PAPI_get_opt) *get_opt;
	__typeof__(PAPI_set_opt) *set_opt;
	__typeof__(PAPI_create_eventset) *create_eventset;
	__typeof__(PAPI_assign_eventset_component) *assign_eventset_component;
	__typeof__(PAPI_add_named_event) *add_named_event;
	__typeof__(PAPI_attach) *attach;
	__typeof__(PAPI_start) *start;
	__typeof__(PAPI_read) *read;
	__typeof__(PAPI_stop) *stop;
	__typeof__(PAPI_cleanup_eventset) *cleanup_eventset;
	__typeof__(PAPI_destroy_eventset) *destroy_eventset;
	__typeof__(PAPI_enum_event) *enum_event;
	__typeof__(PAPI_enum_cmp_event) *enum_cmp_event;
	__typeof__(PAPI_event_code_to_name) *event_code_to_name;
	__typeof__(PAPI_event_name_to_code) *event_name_to_code;
	__typeof__(PAPI_get_event_info) *get_event_info;
	__typeof__(PAPI_query_event) *query_event;
} papi_fn;

static const struct lib_dl_sym papi_syms[] = {
	{ "PAPI_library_init", (void **)&papi_fn.library_init },
	{ "PAPI_shutdown", (void **)&papi_fn.shutdown },
	{ "PAPI_strerror", (void **)&papi_fn.strerror },
	{ "PAPI_get_component_index", (void **)&papi_fn.get_component_index },
	{ "PAPI_get_component_info", (void **)&papi_fn.get_component_info },
	{ "PAPI_get_opt", (void **)&papi_fn.get_opt },
	{ "PAPI_set_opt", (void **)&papi_fn.set_opt },
	{ "PAPI_create_eventset", (void **)&papi_fn.create_eventset },
	{ "PAPI_assign_eventset_component",
	  (void **)&papi_fn.assign_eventset_component },
	{ "PAPI_add_named_event", (void **)&papi_fn.add_named_event },
	{ "PAPI_attach", (void **)&papi_fn.attach },
	{ "PAPI_start", (void **)&papi_fn.start },
	{ "PAPI_read", (void **)&papi_fn.read },
	{ "PAPI_stop", (void **)&papi_fn.stop },
	{ "PAPI_cleanup_eventset", (void **)&papi_fn.cleanup_eventset },
	{ "PAPI_destroy_eventset", (void **)&papi_fn.destroy_eventset },
	{ "PAPI_enum_event", (void **)&papi_fn.enum_event },
	{ "PAPI_enum_cmp_event", (void **)&papi_fn.enum_cmp_event },
	{ "PAPI_event_code_to_name", (void **)&papi_fn.event_code_to_name },
	{ "PAPI_event_name_to_code", (void **)&papi_fn.event_name_to_code },
	{ "PAPI_get_event_info", (void **)&papi_fn.get_event_info },
	{ "PAPI_query_event", (void **)&papi_fn.query_event },
};

static struct lib_dl papi_lib = {
	.soname = PAPI_SONAME,
	.package = "libpapi7.0",
	.syms = papi_syms,
	.n_syms = sizeof(papi_syms) / sizeof(papi_syms[0]),
};

int PAPI_library_init(int version)
{
	if (!lib_dl_bind(&papi_lib))
		return PAPI_ENOINIT;
	return papi_fn.library_init(version);
}

void PAPI_shutdown(void)
{
	if (lib_dl_bind(&papi_lib))
		papi_fn.shutdown();
}

char *PAPI_strerror(int code)
{
	if (!lib_dl_bind(&papi_lib))
		return papi_lib.why;
	return papi_fn.strerror(code);
}

int PAPI_get_component_index(const char *name)
{
	if (!lib_dl_bind(&papi_lib))
		return PAPI_ENOINIT;
	return papi_fn.get_component_index(name);
}

const PAPI_component_info_t *PAPI_get_component_info(int cidx)
{
	if (!lib_dl_bind(&papi_lib))
		return NULL;
	return papi_fn.get_component_info(cidx);
}

int PAPI_get_opt(int option, PAPI_option_t *ptr)
{
	if (!lib_dl_bind(&papi_lib))
		return PAPI_ENOINIT;
	return papi_fn.get_opt(option, ptr);
}

int PAPI_set_opt(int option, PAPI_option_t *ptr)
{
	if (!lib_dl_bind(&papi_lib))
		return PAPI_ENOINIT;
	return papi_fn.set_opt(option, ptr);
}

int PAPI_create_eventset(int *EventSet)
{
	if (!lib_dl_bind(&papi_lib))
		return PAPI_ENOINIT;
	return papi_fn.create_eventset(EventSet);
}

int PAPI_assign_eventset_component(int EventSet, int cidx)
{
	if (!lib_dl_bind(&papi_lib))
		return PAPI_ENOINIT;
	return papi_fn.assign_eventset_component(EventSet, cidx);
}

int PAPI_add_named_event(int EventSet, const char *EventName)
{
	if (!lib_dl_bind(&papi_lib))
		return PAPI_ENOINIT;
	return papi_fn.add_named_event(EventSet, EventName);
}

int PAPI_attach(int EventSet, unsigned long tid)
{
	if (!lib_dl_bind(&papi_lib))
		return PAPI_ENOINIT;
	return papi_fn.attach(EventSet, tid);
}

int PAPI_start(int EventSet)
{
	if (!lib_dl_bind(&papi_lib))
		return PAPI_ENOINIT;
	return papi_fn.start(EventSet);
}

int PAPI_read(int EventSet, long long *values)
{
	if (!lib_dl_bind(&papi_lib))
		return PAPI_ENOINIT;
	return papi_fn.read(EventSet, values);
}

int PAPI_stop(int EventSet, long long *values)
{
	if (!lib_dl_bind(&papi_lib))
		return PAPI_ENOINIT;
	return papi_fn.stop(EventSet, values);
}

int PAPI_cleanup_eventset(int EventSet)
{
	if (!lib_dl_bind(&papi_lib))
		return PAPI_ENOINIT;
	return papi_fn.cleanup_eventset(EventSet);
}

int PAPI_destroy_eventset(int *EventSet)
{
	if (!lib_dl_bind(&papi_lib))
		return PAPI_ENOINIT;
	return papi_fn.destroy_eventset(EventSet);
}

int PAPI_enum_event(int *EventCode, int modifier)
{
	if (!lib_dl_bind(&papi_lib))
		return PAPI_ENOINIT;
	return papi_fn.enum_event(EventCode, modifier);
}

int PAPI_enum_cmp_event(int *EventCode, int modifier, int cidx)
{
	if (!lib_dl_bind(&papi_lib))
		return PAPI_ENOINIT;
	return papi_fn.enum_cmp_event(EventCode, modifier, cidx);
}

int PAPI_event_code_to_name(int EventCode, char *out)
{
	if (!lib_dl_bind(&papi_lib))
		return PAPI_ENOINIT;
	return papi_fn.event_code_to_name(EventCode, out);
}

int PAPI_event_name_to_code(const char *in, int *out)
{
	if (!lib_dl_bind(&papi_lib))
		return PAPI_ENOINIT;
	return papi_fn.event_name_to_code(in, out);
}

int PAPI_get_event_info(int EventCode, PAPI_event_info_t *info)
{
	if (!lib_dl_bind(&papi_lib))
		return PAPI_ENOINIT;
	return papi_fn.get_event_info(EventCode, info);
}

int PAPI_query_event(int EventCode)
{
	if (!lib_dl_bind(&papi_lib))
		return PAPI_ENOINIT;
	return papi_fn.query_event(EventCode);
}
#endif
