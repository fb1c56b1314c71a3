// SPDX-License-Identifier: MIT
/*
 * launcher_keep: the plumbing of a lone copy, kept from run to run. Each
 * run of one copy needs a control pipe, an ack pipe, a stderr pipe and a
 * gate socket (launcher.h); making them and closing them again is about
 * 17 us a run on a 2-CPU VM (pipe2 and its closes 3.3 us each, a unix
 * socketpair 6.7 us), and the helper's copies came over SCM_RIGHTS every
 * time. Here they are made once and reused while the runs end cleanly:
 * the child execed and was reaped, the protocol was well formed, nothing
 * is left unread in any of them (an ack the workload did not read, a
 * report on the gate) and no process was left behind that could still
 * hold one. Anything else drops the set, and the next run makes a new
 * one. The helper keeps its copies of the child's ends until it is sent
 * new ones (spawn_proto.h).
 */
#include <sys/ioctl.h>

#include "launcher_priv.h"

void launcher_keep_init(struct launch_keep *k)
{
	k->ctl_r = k->ctl_w = k->ack_r = k->ack_w = -1;
	k->err_r = k->err_w = k->gate = -1;
	k->valid = false;
}

void launcher_keep_drop(struct launch_keep *k)
{
	launcher_close(&k->ctl_r);
	launcher_close(&k->ctl_w);
	launcher_close(&k->ack_r);
	launcher_close(&k->ack_w);
	launcher_close(&k->err_r);
	launcher_close(&k->err_w);
	launcher_close(&k->gate);
	k->valid = false;
}

bool launcher_keep_ready(const struct launch_keep *k, bool with_err)
{
	return k->valid && k->gate >= 0 && (k->err_r >= 0) == with_err;
}

void launcher_keep_store(struct launch_keep *k, const struct copy_state *cs,
			 int ctl_w, int ack_r, int err_w)
{
	k->ctl_r = cs->ctl_r;
	k->ack_w = cs->ack_w;
	k->err_r = cs->err_r;
	k->ctl_w = ctl_w;
	k->ack_r = ack_r;
	k->err_w = err_w;
	k->gate = -1; /* the helper's answer brings it */
	k->valid = false;
}

/* Nothing waiting to be read in the pipe. */
static bool launcher_keep_empty(int fd)
{
	int n = 0;

	return ioctl(fd, FIONREAD, &n) == 0 && n == 0;
}

/* An end the run closed (an error on it) is gone from the set too. */
static bool launcher_keep_still(int *kept, int *used)
{
	bool open = *used >= 0;

	if (!open)
		*kept = -1;
	*used = -1;
	return open;
}

void launcher_keep_end(struct launch_keep *k, struct copy_state *cs,
		       bool clean)
{
	bool ok = clean;

	if (!k || !cs->kept)
		return;
	ok &= launcher_keep_still(&k->ctl_r, &cs->ctl_r);
	ok &= launcher_keep_still(&k->ack_w, &cs->ack_w);
	if (k->err_r >= 0)
		ok &= launcher_keep_still(&k->err_r, &cs->err_r);
	cs->gate = cs->hold_ctl = cs->hold_err = -1; /* never closed with cs */
	cs->kept = false;
	/* The control and stderr pipes were read to the end after the
	 * reaping, and the gate's report is read then too (a failure is not
	 * clean); an ack the workload did not read would greet the next. */
	ok = ok && launcher_keep_empty(k->ack_r);
	if (ok)
		k->valid = true;
	else
		launcher_keep_drop(k);
}
