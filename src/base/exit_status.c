// SPDX-License-Identifier: MIT
/* exit_status: the exit status of a -errno from below (exit_status.h). */
#include <errno.h>

#include "exit_status.h"

int exit_status_of(int rc, int otherwise)
{
	switch (rc) {
	case 0:
		return EXIT_OK;
	case -ENOMEM:
		return EXIT_IO;
	case -EEXIST:
	case -EBUSY: /* another session holds it (hold.h) */
		return EXIT_USAGE;
	default:
		return otherwise;
	}
}
