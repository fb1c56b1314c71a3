/* SPDX-License-Identifier: MIT */
/*
 * paths: where abstat's own files are, found from the running executable
 * (the workloads next to it or in ../libexec/abstat, the chart scripts in
 * plots/ or ../share/abstat/plots), so any PREFIX works.
 */
#ifndef ABSTAT_PATHS_H
#define ABSTAT_PATHS_H

#include <stddef.h>

/* Directory holding abstat's own executable (from /proc/self/exe). */
int paths_exe_dir(char *buf, size_t len);

#endif
