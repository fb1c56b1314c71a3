// SPDX-License-Identifier: MIT
/*
 * result_map: a regular result file's text mapped instead of read, and
 * given back behind the reader. result_slurp copies a file into one
 * malloc'd buffer, so a 4.3 MB result held its 4.3 MB of text at
 * compare's peak (bench/RESULTS.md, "compare's memory"). Here the file is
 * mapped (MAP_PRIVATE, read-only) and the streaming reader gives back the
 * pages behind its cursor once a window of them is behind it
 * (MADV_DONTNEED, result_window.c), so the text's share of the peak is
 * the window, not the file. Nothing read keeps a pointer into the text
 * (every string is copied), and a page given back and touched again (the
 * streaming reader declining to the whole-tree reader, the key an error
 * message quotes) is read back from the file: correct, only slower.
 *
 * A mapping shows the file as it is now, not as it was when opened: a
 * file that another program rewrites in place meanwhile could be read
 * half old, half new. Its size and modification time are compared before
 * and after, and any change fails the read. A file that shrinks raises
 * SIGBUS on the pages past its new end: while the text is read, a handler
 * maps zeros there instead (bytes that are no JSON: the reader stops),
 * and the read fails the same way. A pipe, a FIFO or /dev/stdin is read
 * as before (result_io.c).
 */
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "result_parse_priv.h"

/* The mapping being read: the SIGBUS handler's to know. One read at a
 * time (abstat reads its files one after the other, in one thread). */
static char *volatile map_lo, *volatile map_hi;
static volatile sig_atomic_t map_shrank;
static struct sigaction map_old;

static void map_sigbus(int sig, siginfo_t *si, void *uc)
{
	char *a = si->si_addr, *lo = map_lo, *hi = map_hi, *pg;

	(void)sig;
	(void)uc;
	if (lo && a >= lo && a < hi) {
		/* past the file's new end, and so is everything after it */
		pg = lo + ((size_t)(a - lo) & ~(result_page_size() - 1));
		if (mmap(pg, (size_t)(hi - pg), PROT_READ,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1,
			 0) != MAP_FAILED) {
			map_shrank = 1;
			return;
		}
	}
	/* not ours: the fault comes again and goes where it went before */
	sigaction(SIGBUS, &map_old, NULL);
}

static bool map_same(const struct stat *a, const struct stat *b)
{
	return a->st_size == b->st_size &&
	       a->st_mtim.tv_sec == b->st_mtim.tv_sec &&
	       a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

int result_map_read(int fd, const struct stat *st, const char *path,
		    size_t window, struct result **out, char *err, size_t len)
{
	size_t size = (size_t)st->st_size, page = result_page_size();
	struct sigaction sa = { 0 };
	struct result_window w;
	struct stat after;
	char *buf;
	int rc;

	*out = NULL;
	buf = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
	if (buf == MAP_FAILED)
		return -ENOTSUP;
	w = (struct result_window){ buf, 0, window };
	sa.sa_sigaction = map_sigbus;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	map_shrank = 0;
	map_lo = buf;
	map_hi = buf + ((size + page - 1) & ~(page - 1));
	sigaction(SIGBUS, &sa, &map_old);
	rc = result_parse_text(buf, size, path, window ? &w : NULL, out, err,
			       len);
	sigaction(SIGBUS, &map_old, NULL);
	map_lo = map_hi = NULL;
	munmap(buf, size);
	if (map_shrank || fstat(fd, &after) || !map_same(st, &after)) {
		if (*out)
			result_free(*out);
		*out = NULL;
		snprintf(err, len,
			 "%s: the file changed while it was read (another program is writing it); read it again once it is complete",
			 path);
		return -EIO;
	}
	return rc;
}
