// SPDX-License-Identifier: MIT
/* STUB: to be replaced by its owner. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "workloads.h"
#include "commands.h"
#include "msg.h"
const char *const workloads_suites[] = { "syscalls", "vm", "sched", "fs", "all", NULL };
const char *const workloads_cflags = "";
size_t workloads_count(void) { return 0; }
const struct workload_info *workloads_get(size_t i) { return NULL; }
const struct workload_info *workloads_find(const char *name) { return NULL; }
bool workloads_in_suite(const struct workload_info *w, const char *suite) { return false; }
int workloads_path(const char *name, char *buf, size_t len) { return -ENOENT; }
int workloads_exe_dir(char *buf, size_t len) { return -ENOENT; }
int cmd_workloads(const struct config *cfg) { msg_error("workloads: not implemented yet"); return EXIT_USAGE; }
