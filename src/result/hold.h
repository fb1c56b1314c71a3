/* SPDX-License-Identifier: MIT */
/*
 * hold: the files a live abstat session holds, and the one rule about
 * them: no output names one, not even with --force.
 *
 * A session holds its journal (journal.c) from its creation to the
 * session's end, and each temporary file it writes a result, chart or
 * flame graph into until that is published, by an exclusive flock(2) on
 * it. The lock is the proof of life: it goes with the process, so a
 * session killed by SIGKILL holds nothing and its journal is recovered.
 * Every output is checked against the rule when a command starts
 * (result_check_output) and again at the rename that publishes it
 * (result_publish, under the lock of what it replaces).
 */
#ifndef ABSTAT_HOLD_H
#define ABSTAT_HOLD_H

#include <stdbool.h>
#include <stddef.h>

/* Lock fd (a file this session has just made) for as long as it is open.
 * journal: the session's own journal, which its result may be published
 * next to (the rule looks at "OUTPUT.journal"). 0 or -errno. */
int hold_take(int fd, bool journal);
/* Before closing a journal taken with hold_take (the lock goes with the
 * close; the inode may be another file's later). */
void hold_drop(int fd);
/* Whether another process holds a lock on the regular file open at fd
 * (an open file that holds none itself; this process's own journals
 * never count). */
bool hold_held(int fd);
/* The pid in the header of the journal open at fd ("pid"), or 0. */
long hold_pid(int fd);
/* err: "PATH is in use: a live session (pid N) is writing ..." for the
 * held file open at fd, found at path. */
void hold_busy(int fd, const char *path, char *err, size_t len);
/*
 * The rule for an output path: -EBUSY when another live session holds
 * path or "path.journal" (err names its pid: wait for it or choose
 * another name), -EEXIST when path is an abstat journal nobody holds (a
 * session was cut off: err says how to recover it; it is never an
 * output), else 0 (also when path does not exist). -ENOMEM.
 */
int hold_check_output(const char *path, char *err, size_t len);
/* Its parts, for a file already open and locked (result_publish):
 * -EEXIST when the file open at fd, found at path, is a journal; -EBUSY
 * when a live session holds "path.journal". */
int hold_check_journal(int fd, const char *path, char *err, size_t len);
int hold_check_next(const char *path, char *err, size_t len);
/* For a journal to read (recover): -EBUSY when a live session holds it
 * (err names its pid), else 0. */
int hold_check_free(const char *path, char *err, size_t len);

#endif
