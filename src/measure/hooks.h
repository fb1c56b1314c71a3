/* SPDX-License-Identifier: MIT */
/*
 * hooks: the commands run around a benchmark, with hyperfine's names and
 * meaning: --setup once before a benchmark's first run, --cleanup once
 * after its last, --prepare before every run (warm-ups too), --conclude
 * after every run. Each goes through /bin/sh -c as abstat itself (not
 * pinned, not counted, outside the cpuset, never --user), stdin and
 * stdout on /dev/null, stderr through; a non-zero exit is fatal.
 */
#ifndef ABSTAT_HOOKS_H
#define ABSTAT_HOOKS_H

#include <jansson.h>
#include <stddef.h>

/* The hooks given (NULL: none), into the result's config ("setup",
 * "cleanup", "prepare", "conclude": the commands). 0 or -ENOMEM. */
int hooks_config(json_t *config, const char *setup, const char *cleanup,
		 const char *prepare, const char *conclude);

/* Run cmd (hook name, e.g. "prepare") with /bin/sh -c and wait for it.
 * 0; -ECANCELED when it ran and failed, with "--NAME 'CMD' exited with
 * status N" (or "was killed by signal N") in err; or -errno when it
 * could not start or be waited for ("could not start: why"). */
int hooks_run(const char *name, const char *cmd, char *err, size_t len);

#endif
