/* SPDX-License-Identifier: MIT */
/*
 * session_priv: what session.c (set-up) and session_measure.c (the
 * measuring loop) share; not an API, session.h is.
 */
#ifndef ABSTAT_SESSION_PRIV_H
#define ABSTAT_SESSION_PRIV_H

#include <stdbool.h>

#include "session.h"

/*
 * A first stop signal (SIGINT, SIGTERM, SIGHUP, SIGUSR1... session.c)
 * has come: schedule no more runs. The
 * flag it reads stays at file scope in session.c, next to its handler,
 * because a signal handler can reach nothing else.
 */
bool session_stopping(void);

/* A run warning: printed (msg_warn) and recorded in every result of the
 * session in the same words. */
void session_warn(struct session *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
