// SPDX-License-Identifier: MIT
/* err: the error line for -ENOMEM (err.h). */
#include <stdio.h>

#include "err.h"

void err_nomem_say(char *err, size_t len)
{
	if (len)
		snprintf(err, len, "out of memory");
}
