// SPDX-License-Identifier: MIT
/* err: the error line for -ENOMEM (err.h). */
#include <errno.h>
#include <stdio.h>

#include "err.h"

int err_nomem(char *err, size_t len)
{
	if (len)
		snprintf(err, len, "out of memory");
	return -ENOMEM;
}
