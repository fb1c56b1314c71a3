// SPDX-License-Identifier: MIT
/*
 * result_window: the pages of a mapped result file (result_map.c) given
 * back behind the streaming reader (result_stream.c) as it goes, so
 * that reading a large file does not keep it all resident.
 */
#include <sys/mman.h>
#include <unistd.h>

#include "result_parse_priv.h"

/* The system's page size (4096 if sysconf cannot say), asked once. */
size_t result_page_size(void)
{
	static size_t page;

	if (!page) {
		long p = sysconf(_SC_PAGESIZE);

		page = p > 0 ? (size_t)p : 4096;
	}
	return page;
}

void result_window_release(struct result_window *w, size_t pos)
{
	size_t page = result_page_size(), upto = pos & ~(page - 1);

	if (!w)
		return;
	/* the reader went back (a second pass): the window starts again */
	if (pos < w->given)
		w->given = upto;
	if (pos - w->given < w->every || upto <= w->given)
		return;
	/* a failure keeps the pages: still correct, only not smaller */
	madvise((char *)w->base + w->given, upto - w->given, MADV_DONTNEED);
	w->given = upto;
}
