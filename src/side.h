/* SPDX-License-Identifier: MIT */
/*
 * side: one configuration in a comparison: one or more result files (the
 * boots of that configuration) and its label. side.c reads the operands of
 * compare and plot (FILE, FILE,FILE, LABEL=FILE[,FILE...]) into sides.
 */
#ifndef ABSTAT_SIDE_H
#define ABSTAT_SIDE_H

#include <stddef.h>

#include "result.h"

struct side {
	char *label;           /* from LABEL=..., or the results' label */
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

#endif
