/* SPDX-License-Identifier: MIT */
/*
 * side: one configuration in a comparison: one or more result files (the
 * boots of that configuration) and its label. side.c reads the operands of
 * compare and plot (FILE, FILE,FILE, LABEL=FILE[,FILE...], each item a
 * file, a directory or a glob) into sides.
 */
#ifndef ABSTAT_SIDE_H
#define ABSTAT_SIDE_H

#include <stddef.h>

#include "result.h"

struct side {
	char *label;           /* from LABEL=..., or the results' label */
	bool label_given;      /* label came from LABEL=... */
	struct result **files; /* one per boot */
	size_t n_files;
};

/* Read one side per spec. 0, or -errno with a one-line reason in err
 * (-EINVAL: a malformed spec or result file, -ENOMEM, or an errno from
 * reading). *out and *n_out hold what was read either way: free them with
 * side_free(). Unlabelled sides sharing a label are named after their
 * first file. */
int side_read(char *const *specs, size_t n_specs, struct side **out,
	      size_t *n_out, char *err, size_t len);
void side_free(struct side *sides, size_t n);

/* The host a result was measured on (env.host), or NULL when it does not
 * say (files from before it was recorded). */
const char *side_host(const struct result *r);
/* 0, or -EINVAL naming the side and two of its hosts when a side pools
 * files of several hosts (compare and plot refuse it without
 * --pool-hosts). */
int side_check_hosts(const struct side *sides, size_t n, char *err,
		     size_t len);

/* 0, or -EINVAL naming the side, the key, two of its values and their
 * files when a side pools files that differ in kernel release, kernel
 * command line or a benchmark's arguments (a mistyped comma list puts
 * an A boot into side B): compare and plot refuse it without
 * --allow-mixed. */
int side_check_mixed(const struct side *sides, size_t n, char *err,
		     size_t len);
/* What side s pools that side_check_mixed refuses without --allow-mixed,
 * as one phrase in buf ("kernel.release 6.1.0-a, 6.1.0-b; 2 kernel
 * command lines; the arguments of getppid"): how many of the three it
 * mixes, 0 (buf empty) when none. */
size_t side_pooled(const struct side *s, char *buf, size_t len);
/* The distinct boots among side s's files: files with one
 * kernel.boot_id (or, where a file lacks it, one kernel.boot_time) are
 * sessions of one boot; the files that record neither (imports, older
 * files) are sessions of one unknown boot, or with assume (--assume-boots)
 * each a boot of its own. boot_of, when not NULL (s->n_files), gets each
 * file's boot, 0 to the count - 1 in order of first appearance. */
size_t side_boots(const struct side *s, size_t *boot_of, bool assume);
/* Side s's files that record neither kernel.boot_id nor boot_time. */
size_t side_unknown_boot(const struct side *s);
/* true, with a one-line hint in buf, when three or more unlabelled
 * one-file sides of as many boots share a kernel release and command
 * line (boots given with blanks, not commas, are six sides:
 * "LABEL=f1,f2,f3" makes them one). */
bool side_hint_pool(const struct side *sides, size_t n, char *buf,
		    size_t len);

#endif
