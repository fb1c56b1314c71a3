// SPDX-License-Identifier: MIT
/*
 * papi_list: `abstat list --backend papi [PATTERN]`. A header says which
 * PAPI and component this is and, when abstat cannot count with it here,
 * why (PAPI's own disabled reason, or the kernel's answer to the event
 * PAPI_attach depends on). Then every PAPI preset and every native event
 * of the perf_event component, one line each: name, yes/no, and the
 * description or, where not available, the reason. "yes" means PAPI can
 * count the event on this machine (it was opened on abstat itself).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "counters.h"

#if HAVE_PAPI

#include <papi.h>

#include "papi_int.h"

#define LIST_WIDTH 80

/* "name  yes  text", cut to LIST_WIDTH columns, plain ASCII. */
static void list_line(FILE *out, const char *name, bool yes,
		      const char *text, int namew)
{
	char line[LIST_WIDTH + 1];
	int n;

	n = snprintf(line, sizeof(line), "%-*s %-3s %s", namew, name,
		     yes ? "yes" : "no", text);
	if (n > LIST_WIDTH)
		memcpy(line + LIST_WIDTH - 3, "...", 3);
	for (n = 0; line[n]; n++)
		if ((unsigned char)line[n] < 0x20 || (unsigned char)line[n] > 0x7e)
			line[n] = ' ';
	fprintf(out, "%s\n", line);
}

/* A long sentence as "#   " lines of at most LIST_WIDTH columns. */
static void list_wrap(FILE *out, const char *text)
{
	const int w = LIST_WIDTH - 4;
	int n, cut;

	while (*text) {
		n = (int)strlen(text);
		cut = n;
		if (n > w) {
			for (cut = w; cut > 0 && text[cut] != ' '; cut--)
				;
			if (cut == 0)
				cut = w;
		}
		fprintf(out, "#   %.*s\n", cut, text);
		text += cut;
		while (*text == ' ')
			text++;
	}
}

/* Can PAPI add this event to an EventSet on abstat itself? */
static int list_try(const char *name)
{
	int es = PAPI_NULL, r;

	r = PAPI_create_eventset(&es);
	if (r == PAPI_OK)
		r = PAPI_assign_eventset_component(es, papi_cidx);
	if (r == PAPI_OK)
		r = PAPI_add_named_event(es, name);
	if (es != PAPI_NULL) {
		PAPI_cleanup_eventset(es);
		PAPI_destroy_eventset(&es);
	}
	return r;
}

static int list_presets(const char *pattern, bool encode, bool down,
			const char *kreason, FILE *out)
{
	int shown = 0;

	PAPI_event_info_t info;
	char text[2048];
	int code = PAPI_PRESET_MASK;
	bool yes;

	fprintf(out, "\nPAPI preset events\n");
	if (PAPI_enum_event(&code, PAPI_ENUM_FIRST) != PAPI_OK)
		return 0;
	do {
		if (PAPI_get_event_info(code, &info) != PAPI_OK ||
		    !info.symbol[0] || !papi_name_matches(info.symbol, pattern))
			continue;
		yes = !down && info.count > 0 &&
		      PAPI_query_event(code) == PAPI_OK &&
		      list_try(info.symbol) == PAPI_OK;
		if (yes && encode && info.count > 0)
			snprintf(text, sizeof(text), "%s = %s%s",
				 info.short_descr, info.name[0],
				 info.count > 1 ? " ..." : "");
		else if (yes)
			snprintf(text, sizeof(text), "%s", info.long_descr);
		else if (down)
			snprintf(text, sizeof(text), "%s (component down)",
				 info.short_descr);
		else if (info.count == 0)
			snprintf(text, sizeof(text), "%s (no native event on this CPU)",
				 info.short_descr);
		else
			snprintf(text, sizeof(text), "%s (%s)",
				 info.short_descr, kreason);
		list_line(out, info.symbol, yes, text, 13);
		shown++;
	} while (PAPI_enum_event(&code, PAPI_ENUM_EVENTS) == PAPI_OK);
	return shown;
}

static int list_natives(const char *pattern, bool encode,
			const char *kreason, FILE *out)
{
	int shown = 0;

	PAPI_event_info_t info;
	char name[PAPI_HUGE_STR_LEN], text[2048];
	int code = PAPI_NATIVE_MASK, r;

	fprintf(out, "\nperf_event component native events\n");
	if (PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, papi_cidx) != PAPI_OK)
		return 0;
	do {
		if (PAPI_event_code_to_name(code, name) != PAPI_OK ||
		    !papi_name_matches(name, pattern))
			continue;
		if (PAPI_get_event_info(code, &info) != PAPI_OK)
			info.long_descr[0] = '\0';
		r = list_try(name);
		if (r == PAPI_OK && encode) {
			struct event ev;
			char err[256];

			if (papi_backend.resolve(name, false, &ev, err,
						 sizeof(err)) == 0) {
				snprintf(text, sizeof(text), "type=%u config=%#llx %s",
					 ev.type, (unsigned long long)ev.config,
					 ev.fstr);
				event_free(&ev);
			} else {
				snprintf(text, sizeof(text), "%s", err);
			}
		} else if (r == PAPI_OK) {
			snprintf(text, sizeof(text), "%s", info.long_descr);
		} else if (r == PAPI_ENOEVNT) {
			snprintf(text, sizeof(text), "%s", kreason);
		} else {
			snprintf(text, sizeof(text), "PAPI says: %s",
				 PAPI_strerror(r));
		}
		list_line(out, name, r == PAPI_OK, text, 32);
		shown++;
	} while (PAPI_enum_cmp_event(&code, PAPI_ENUM_EVENTS, papi_cidx) ==
		 PAPI_OK);
	return shown;
}

int papi_list(const char *pattern, bool encode, bool user_only, FILE *out)
{
	const PAPI_component_info_t *ci;
	char err[512], kreason[200];
	int r, ver, kerr, shown;

	r = papi_lib_init(err, sizeof(err));
	if (r) {
		fprintf(out, "# %s\n", err);
		return r;
	}
	ci = PAPI_get_component_info(papi_cidx);
	ver = PAPI_get_opt(PAPI_LIB_VERSION, NULL);
	fprintf(out, "# PAPI %d.%d.%d, component %s: %s\n",
		PAPI_VERSION_MAJOR(ver), PAPI_VERSION_MINOR(ver),
		PAPI_VERSION_REVISION(ver), ci ? ci->name : "perf_event",
		ci && !ci->disabled ? "enabled" : "disabled");
	kerr = papi_attach_check(0, true);
	papi_kernel_reason(kerr ? kerr : ENOENT, kreason, sizeof(kreason));
	if (papi_component_check(err, sizeof(err)) ||
	    papi_attach_ready(true, err, sizeof(err)))
	{
		fprintf(out, "# abstat run --backend papi cannot count here:\n");
		list_wrap(out, err);
	}
	shown = list_presets(pattern, encode, !ci || ci->disabled, kreason,
			     out);
	if (ci && !ci->disabled)
		shown += list_natives(pattern, encode, kreason, out);
	/* cmd_list.c: -ENOENT is "nothing matches PATTERN" (exit 2). */
	return shown ? 0 : -ENOENT;
}

#endif
