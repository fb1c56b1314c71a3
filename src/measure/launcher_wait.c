// SPDX-License-Identifier: MIT
/*
 * launcher_wait: from the copies' start to their end. One ppoll loop over
 * every copy's pidfd, control pipe and stderr pipe serves the region
 * protocol (enable, disable, ops; the first enable of every copy released
 * together), keeps the tail of stderr, enforces the timeout and the stop
 * flag, and reaps each copy with its rusage (see launcher.h).
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "launcher_priv.h"

#define LAUNCH_POLL 4

static void launcher_ack(struct copy_state *cs)
{
	/* A dead reader gives EPIPE (abstat ignores SIGPIPE): nothing to do. */
	if (write(cs->ack_w, "ack\n", 4) != 4)
		return;
}

/* Every copy that is alive has asked to start: release them together. */
static void launcher_release(struct copy_state *cs, size_t n)
{
	unsigned long long now;

	for (size_t i = 0; i < n; i++)
		if (!cs[i].done && !cs[i].waiting_ack && !cs[i].region_seen)
			return;
	now = launcher_now_ns();
	for (size_t i = 0; i < n; i++) {
		if (!cs[i].waiting_ack)
			continue;
		cs[i].waiting_ack = false;
		cs[i].in_region = true;
		cs[i].region_start_ns = now;
		launcher_ack(&cs[i]);
	}
}

static int launcher_command(const struct launch_spec *s,
			    struct launch_copy *cp, struct copy_state *cs,
			    struct copy_state *all, size_t n, const char *cmd,
			    struct launch_outcome *o)
{
	const struct backend_ops *b = s->backend;
	char err[128];

	if (!strcmp(cmd, "enable")) {
		o->handshake = true;
		if (!cs->region_seen) {
			/* Everything before the first enable is excluded:
			 * subtract a read taken now. */
			cs->region_seen = true;
			if (b->read(cp->set, cs->baseline, err, sizeof(err)))
				snprintf(o->read_err, sizeof(o->read_err),
					 "region start: %s", err);
			cs->waiting_ack = true;
			if (s->sampling)
				s->sampling->region(cp->sample,
						    LAUNCH_REGION_FIRST);
			launcher_release(all, n);
			return 0;
		}
		if (b->enable(cp->set) < 0)
			return -EIO;
		if (s->sampling)
			s->sampling->region(cp->sample, LAUNCH_REGION_ON);
		cs->in_region = true;
		cs->region_start_ns = launcher_now_ns();
		launcher_ack(cs);
		return 0;
	}
	if (!strcmp(cmd, "disable")) {
		if (b->disable(cp->set) < 0)
			return -EIO;
		if (s->sampling)
			s->sampling->region(cp->sample, LAUNCH_REGION_OFF);
		if (cs->in_region)
			cs->region_ns += launcher_now_ns() - cs->region_start_ns;
		cs->in_region = false;
		launcher_ack(cs);
		return 0;
	}
	if (!strncmp(cmd, "ops ", 4)) {
		char *end;
		unsigned long long v;

		errno = 0;
		v = strtoull(cmd + 4, &end, 10);
		if (*end || errno || cmd[4] < '0' || cmd[4] > '9')
			return -EINVAL;
		cs->has_ops = true;
		cs->ops = v;
		return 0;
	}
	return -EINVAL;
}

/* Read protocol lines from a copy's control pipe; bytes read (0 at EOF or
 * when nothing is there yet). */
static ssize_t launcher_serve(const struct launch_spec *s,
			   struct launch_copy *cp, struct copy_state *cs,
			   struct copy_state *all, size_t n,
			   struct launch_outcome *o)
{
	char buf[256];
	ssize_t got = read(cs->ctl_r, buf, sizeof(buf));

	if (got <= 0) {
		if (got == 0 || (errno != EAGAIN && errno != EINTR))
			launcher_close(&cs->ctl_r);
		return 0;
	}
	for (ssize_t i = 0; i < got; i++) {
		if (buf[i] != '\n') {
			if (cs->line_len < sizeof(cs->line) - 1)
				cs->line[cs->line_len++] = buf[i];
			else
				o->protocol_error = true;
			continue;
		}
		cs->line[cs->line_len] = '\0';
		cs->line_len = 0;
		if (launcher_command(s, cp, cs, all, n, cs->line, o) < 0)
			o->protocol_error = true;
	}
	return got;
}

/* capture_output: the last RESULT_OUTPUT_MAX bytes, in a ring. */
static void launcher_keep_output(struct copy_state *cs, const char *buf,
				 size_t n)
{
	for (size_t i = 0; i < n; i++) {
		cs->out[cs->out_head] = buf[i];
		cs->out_head = (cs->out_head + 1) % RESULT_OUTPUT_MAX;
	}
	cs->out_len = cs->out_len + n > RESULT_OUTPUT_MAX ? RESULT_OUTPUT_MAX :
							    cs->out_len + n;
}

/* Keep the first and the last bytes of a copy's stderr; bytes read (0 at
 * EOF or when nothing is there yet). */
static ssize_t launcher_drain_stderr(struct copy_state *cs)
{
	char buf[4096];
	ssize_t got = read(cs->err_r, buf, sizeof(buf));
	size_t keep = LAUNCH_TAIL - 1;

	if (got <= 0) {
		if (got == 0 || (errno != EAGAIN && errno != EINTR))
			launcher_close(&cs->err_r);
		return 0;
	}
	if (cs->out)
		launcher_keep_output(cs, buf, got);
	if (cs->head_len < LAUNCH_HEAD - 1) {
		size_t room = LAUNCH_HEAD - 1 - cs->head_len;
		size_t n = (size_t)got < room ? (size_t)got : room;

		memcpy(cs->head + cs->head_len, buf, n);
		cs->head_len += n;
	}
	cs->err_bytes += (size_t)got;
	if ((size_t)got >= keep) {
		memcpy(cs->tail, buf + got - keep, keep);
		cs->tail_len = keep;
		return got;
	}
	if (cs->tail_len + got > keep) {
		size_t drop = cs->tail_len + got - keep;

		memmove(cs->tail, cs->tail + drop, cs->tail_len - drop);
		cs->tail_len -= drop;
	}
	memcpy(cs->tail + cs->tail_len, buf, got);
	cs->tail_len += got;
	return got;
}

void launcher_reap(struct copy_state *cs, struct launch_outcome *o)
{
	if (wait4(cs->pid, &cs->status, 0, &cs->ru) < 0)
		return;
	cs->end_ns = launcher_now_ns();
	cs->done = true;
	launcher_page_gone(cs->page, cs->index);
	launcher_close(&cs->pidfd);
	if (cs->in_region)
		cs->region_ns += cs->end_ns - cs->region_start_ns;
	cs->in_region = false;
}

void launcher_kill_all(struct copy_state *cs, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (cs[i].started && !cs[i].done)
			kill(-cs[i].pid, SIGKILL);
}

/* A deferred go (launcher.c, launcher_attach), the last thing abstat
 * does before it sleeps. */
static void launcher_wait_go(struct copy_state *cs, struct launch_outcome *o,
			     int *rc)
{
	int r;

	if (!cs->go_pending)
		return;
	cs->go_pending = false;
	r = launcher_go(cs->gate, 'g', cs->index, cs->go_fd, cs->go_n);
	if (r < 0 && !*rc) {
		*rc = r;
		kill(-cs->pid, SIGKILL);
	}
}

/* A copy's poll entries: pidfd, control, stderr, the sampler's ring. */
static void launcher_wait_fds(const struct launch_spec *s,
			      struct launch_copy *cp, const struct copy_state *cs,
			      struct pollfd *p)
{
	p[0] = (struct pollfd){ cs->done ? -1 : cs->pidfd, POLLIN, 0 };
	p[1] = (struct pollfd){ cs->ctl_r, POLLIN, 0 };
	p[2] = (struct pollfd){ cs->err_r, POLLIN, 0 };
	p[3] = (struct pollfd){ s->sampling && !cs->done && !cs->sampler_hup ?
					s->sampling->fd(cp->sample) : -1,
				POLLIN, 0 };
}

/* What the poll said of copy i. */
static void launcher_wait_copy(const struct launch_spec *s,
			       struct launch_copy *copies, struct copy_state *cs,
			       size_t n, size_t i, const struct pollfd *p,
			       struct launch_outcome *o)
{
	/* The sampler's fd hangs up once the task exits, before the pidfd
	 * says so: drained, then left out, or the poll would spin (at
	 * SCHED_FIFO, on the CPU the exiting task needs) */
	if (p[3].revents & (POLLHUP | POLLERR))
		cs[i].sampler_hup = true;
	if (p[3].revents)
		s->sampling->drain(copies[i].sample);
	if (p[1].revents)
		launcher_serve(s, &copies[i], &cs[i], cs, n, o);
	if (p[2].revents)
		launcher_drain_stderr(&cs[i]);
	if (p[0].revents) {
		launcher_reap(&cs[i], o);
		/* A copy that ends unblocks the barrier. */
		launcher_release(cs, n);
	}
}

/* Poll until every copy is reaped; serve the protocol meanwhile. */
int launcher_wait(const struct launch_spec *s, struct launch_copy *copies,
		  struct copy_state *cs, size_t n, const sigset_t *mask,
		  struct launch_outcome *o)
{
	unsigned long long deadline = 0;
	/* per copy: pidfd, control, stderr, the sampler's ring */
	struct pollfd *pfd = calloc(LAUNCH_POLL * n, sizeof(*pfd));
	int rc = 0;

	if (!pfd)
		return -ENOMEM;
	if (s->timeout_s > 0)
		deadline = cs[0].start_ns +
			   (unsigned long long)(s->timeout_s * 1e9);
	for (;;) {
		struct timespec ts, *tsp = NULL;
		size_t k = 0, live = 0;

		for (size_t i = 0; i < n; i++) {
			live += !cs[i].done;
			launcher_wait_fds(s, &copies[i], &cs[i], &pfd[k]);
			k += LAUNCH_POLL;
		}
		if (!live)
			break;
		for (size_t i = 0; i < n; i++)
			launcher_wait_go(&cs[i], o, &rc);
		if (s->stop_flag && *s->stop_flag) {
			o->interrupted = true;
			rc = -EINTR;
			launcher_kill_all(cs, n);
			deadline = 0;
		}
		if (deadline && !o->timed_out) {
			unsigned long long now = launcher_now_ns();

			if (now >= deadline) {
				o->timed_out = true;
				launcher_kill_all(cs, n);
			} else {
				ts.tv_sec = (deadline - now) / 1000000000ull;
				ts.tv_nsec = (deadline - now) % 1000000000ull;
				tsp = &ts;
			}
		}
		if (ppoll(pfd, k, tsp, mask) < 0) {
			if (errno == EINTR)
				continue;
			rc = -errno;
			launcher_kill_all(cs, n);
			for (size_t i = 0; i < n; i++)
				if (!cs[i].done)
					launcher_reap(&cs[i], o);
			break;
		}
		for (size_t i = 0; i < n; i++)
			launcher_wait_copy(s, copies, cs, n, i,
					   &pfd[LAUNCH_POLL * i], o);
	}
	/* What the copies wrote just before exiting ("ops N", stderr). A
	 * process that escaped the group may still hold a pipe, and abstat
	 * holds one end of each (hold_ctl, hold_err): read what is there,
	 * never wait for its end. */
	for (size_t i = 0; i < n; i++) {
		if (!cs[i].kept) { /* kept ones stay open (launcher_keep.c) */
			launcher_close(&cs[i].hold_ctl);
			launcher_close(&cs[i].hold_err);
		}
		while (cs[i].ctl_r >= 0 &&
		       launcher_serve(s, &copies[i], &cs[i], cs, n, o) > 0)
			;
		while (cs[i].err_r >= 0 && launcher_drain_stderr(&cs[i]) > 0)
			;
		if (!cs[i].kept) {
			launcher_close(&cs[i].ctl_r);
			launcher_close(&cs[i].err_r);
		}
	}
	free(pfd);
	return rc;
}
