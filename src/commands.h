/* SPDX-License-Identifier: MIT */
/* commands: one entry point per abstat command; each returns an exit status
 * (msg.h). main() only parses and dispatches. */
#ifndef ABSTAT_COMMANDS_H
#define ABSTAT_COMMANDS_H

#include "cli.h"

int cmd_run(const struct config *cfg);       /* run.c */
int cmd_versus(const struct config *cfg);    /* versus.c */
int cmd_compare(const struct config *cfg);   /* compare_cmd.c */
int cmd_show(const struct config *cfg);      /* report.c */
int cmd_plot(const struct config *cfg);      /* plot.c */
int cmd_list(const struct config *cfg);      /* list.c */
int cmd_doctor(const struct config *cfg);    /* doctor.c */
int cmd_workloads(const struct config *cfg); /* workloads.c */
int cmd_recover(const struct config *cfg);   /* journal.c */

#endif
