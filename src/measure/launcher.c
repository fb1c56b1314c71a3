// SPDX-License-Identifier: MIT
/* launcher: spawn, pin, count, reap (see launcher.h for the design). This
 * file starts the copies (pipes, environment, one of the spawn paths of
 * launcher_spawn.c) and turns what they did into samples;
 * launcher_wait.c serves the region protocol until they are reaped. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "launcher_priv.h"
#include "spawn_proto.h"

/* A regular file (not a directory that happens to be searchable). */
static bool launcher_is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int launcher_resolve(const char *cmd, char *buf, size_t len)
{
	const char *path = getenv("PATH");
	int saw_eacces = 0, saw_dir = 0;

	if (strchr(cmd, '/')) {
		if (snprintf(buf, len, "%s", cmd) >= (int)len)
			return -ENAMETOOLONG;
		return access(buf, X_OK) ? -errno : 0;
	}
	if (!path || !*path)
		path = "/usr/local/bin:/usr/bin:/bin";
	while (*path) {
		const char *end = strchrnul(path, ':');
		int n = (int)(end - path);

		snprintf(buf, len, "%.*s%s%s", n, path, n ? "/" : "", cmd);
		if (!access(buf, X_OK)) {
			if (launcher_is_file(buf))
				return 0;
			saw_dir = 1; /* as execvp, go on looking */
		} else if (errno == EACCES) {
			saw_eacces = 1;
		}
		path = *end ? end + 1 : end;
	}
	return saw_eacces ? -EACCES : saw_dir ? -EISDIR : -ENOENT;
}

/* The kept output as a string: a NUL byte becomes '?'; when the ring
 * wrapped, from the first whole line on. NULL when out of memory. */
static char *launcher_output(const struct copy_state *cs)
{
	size_t n = cs->out_len, start, skip = 0;
	char *text = malloc(n + 1);

	if (!text)
		return NULL;
	start = n < RESULT_OUTPUT_MAX ? 0 : cs->out_head;
	for (size_t i = 0; i < n; i++) {
		char c = cs->out[(start + i) % RESULT_OUTPUT_MAX];

		text[i] = c ? c : '?';
	}
	text[n] = '\0';
	if (n == RESULT_OUTPUT_MAX) {
		char *nl = memchr(text, '\n', n);

		skip = nl ? (size_t)(nl - text) + 1 : 0;
		memmove(text, text + skip, n - skip + 1);
	}
	return text;
}

static void launcher_sample(const struct launch_spec *s,
			    const struct launch_copy *cp,
			    const struct copy_state *cs, struct proc_sample *p)
{
	p->wall_ns = cs->end_ns - cs->start_ns;
	p->user_ns = cs->ru.ru_utime.tv_sec * 1000000000ull +
		     cs->ru.ru_utime.tv_usec * 1000ull;
	p->sys_ns = cs->ru.ru_stime.tv_sec * 1000000000ull +
		    cs->ru.ru_stime.tv_usec * 1000ull;
	p->maxrss_kb = cs->ru.ru_maxrss;
	if (WIFSIGNALED(cs->status)) {
		p->exit_status = -1;
		p->term_signal = WTERMSIG(cs->status);
	} else {
		p->exit_status = WEXITSTATUS(cs->status);
		p->term_signal = 0;
	}
	p->has_ops = cs->has_ops;
	p->ops = cs->ops;
	p->region_ns = cs->region_ns;
	p->cpu = cp->cpu;
	p->start_ns = cs->start_ns;
	p->end_ns = cs->end_ns;
	if (!cs->region_seen)
		return;
	for (size_t e = 0; e < s->n_events; e++) {
		struct counter_value *v = &p->counters[e];
		const struct counter_value *b = &cs->baseline[e];

		v->value = v->value >= b->value ? v->value - b->value : 0;
		v->enabled_ns = v->enabled_ns >= b->enabled_ns ?
					v->enabled_ns - b->enabled_ns : 0;
		v->running_ns = v->running_ns >= b->running_ns ?
					v->running_ns - b->running_ns : 0;
	}
}

/* Pipes of one copy: control (child writes), ack (parent writes), stderr. */
static int launcher_pipes(struct copy_state *cs, struct child_ctx *c,
			  bool show_output)
{
	int ctl[2], ack[2], err[2] = { -1, -1 };

	if (pipe2(ctl, O_CLOEXEC) < 0)
		return -errno;
	if (pipe2(ack, O_CLOEXEC) < 0)
		goto fail_ctl;
	if (!show_output && pipe2(err, O_CLOEXEC) < 0)
		goto fail_ack;
	cs->ctl_r = ctl[0];
	cs->ack_w = ack[1];
	cs->err_r = err[0];
	c->ctl_w = ctl[1];
	c->ack_r = ack[0];
	c->err_w = err[1];
	fcntl(cs->ctl_r, F_SETFL, O_NONBLOCK);
	if (cs->err_r >= 0)
		fcntl(cs->err_r, F_SETFL, O_NONBLOCK);
	return 0;
fail_ack:
	close(ack[0]);
	close(ack[1]);
fail_ctl:
	close(ctl[0]);
	close(ctl[1]);
	return -errno;
}

/* defer: one copy, whose exec report can wait for its end (no other copy
 * is started after it). */
/* What a child that failed before or at exec tells the outcome. */
static int launcher_failed(const struct child_ctx *c, struct launch_outcome *o)
{
	if (c->stage == STAGE_COUNTERS) {
		o->open_errno = c->err;
		o->bad_event = c->bad;
	} else {
		o->exec_failed = true;
		o->exec_errno = c->err;
	}
	return -(c->err ? c->err : EIO);
}

/* A deferred exec report, once the copy is reaped: a failure is the
 * run's outcome as if it had been read at exec. */
static int launcher_deferred(struct copy_state *cs, struct launch_outcome *o)
{
	struct child_ctx c = { .gate = -1 };

	if (cs->gate < 0)
		return 0;
	launcher_exec_report(&c, cs->gate, cs->kept);
	if (!cs->kept)
		cs->gate = -1;
	if (c.stage == STAGE_EXEC && !c.err)
		return 0;
	return launcher_failed(&c, o);
}

static int launcher_start(const struct launch_spec *s, struct launch_copy *cp,
			  struct copy_state *cs, struct child_ctx *c,
			  int devnull, const sigset_t *child_mask,
			  struct launch_outcome *o, bool defer)
{
	struct launch_page *page = cs->page;
	size_t index = cs->index;
	struct launch_keep *keep;
	char ctl_env[64];
	bool reuse;
	char **env;
	int rc;

	memset(c, 0, sizeof(*c));
	c->spec = s;
	c->copy = cp;
	c->devnull = devnull;
	c->gate = -1;
	c->bad = -1;
	c->mask = *child_mask;
	c->page = page;
	c->index = index;
	keep = launcher_helper_keep(s->helper);
	if (!defer && keep) {
		/* several copies send their own fds, and the helper drops
		 * the kept ones for them (--copies 1,2 in one session) */
		launcher_keep_drop(keep);
		keep = NULL;
	}
	reuse = keep && launcher_keep_ready(keep, !s->show_output);
	if (reuse) {
		cs->ctl_r = keep->ctl_r;
		cs->ack_w = keep->ack_w;
		cs->err_r = keep->err_r;
		c->ctl_w = keep->ctl_w;
		c->ack_r = keep->ack_r;
		c->err_w = keep->err_w;
	} else {
		if (keep)
			launcher_keep_drop(keep);
		rc = launcher_pipes(cs, c, s->show_output);
		if (rc < 0)
			return rc;
		if (keep)
			launcher_keep_store(keep, cs, c->ctl_w, c->ack_r,
					    c->err_w);
	}
	cs->kept = keep != NULL;
	snprintf(ctl_env, sizeof(ctl_env), "ABSTAT_CTL=%d,%d", c->ctl_w,
		 c->ack_r);
	env = s->helper ? NULL : launcher_env(s->envp, ctl_env, &c->env_n);
	if (!s->helper && !env)
		return -ENOMEM;
	c->envp = env;
	cs->start_ns = launcher_now_ns();
	if (s->helper)
		rc = launcher_spawn_helper(c, &cs->pid, o,
					   defer ? cs : NULL, keep, reuse);
	else if (s->backend->self_open)
		rc = launcher_spawn_vfork(c, &cs->pid);
	else
		rc = launcher_spawn_attach(c, &cs->pid, o);
	free(env);
	if (defer) { /* one copy: two more descriptors, not two per copy */
		cs->hold_ctl = c->ctl_w;
		cs->hold_err = c->err_w;
		c->ctl_w = c->err_w = -1;
	}
	if (cs->kept)
		c->ack_r = -1; /* the set's */
	launcher_close(&c->ctl_w);
	launcher_close(&c->ack_r);
	launcher_close(&c->err_w);
	if (rc < 0 && cs->pid <= 0)
		return rc;
	cs->started = true;
	if (rc < 0 || c->stage != STAGE_EXEC || c->err) {
		/* The child failed before or at exec and has exited. */
		waitpid(cs->pid, NULL, 0);
		cs->done = true;
		if (rc < 0)
			return rc;
		return launcher_failed(c, o);
	}
	cs->pidfd = (int)syscall(SYS_pidfd_open, cs->pid, 0);
	if (cs->pidfd < 0)
		return -errno;
	/* the vfork path: the child opened the sampler on itself */
	if (s->sampling && !s->helper && s->backend->self_open &&
	    s->sampling->begin_at)
		s->sampling->begin_at(cp->sample,
				      launcher_page_begin(page, index));
	return rc;
}

static void launcher_cleanup(const struct launch_spec *s,
			     struct launch_copy *copies, struct copy_state *cs,
			     size_t n, struct launch_outcome *o)
{
	launcher_kill_all(cs, n);
	for (size_t i = 0; i < n; i++) {
		if (cs[i].started && !cs[i].done)
			launcher_reap(&cs[i], o);
		launcher_close(&cs[i].pidfd);
		launcher_close(&cs[i].ctl_r);
		launcher_close(&cs[i].ack_w);
		launcher_close(&cs[i].err_r);
		launcher_close(&cs[i].hold_ctl);
		launcher_close(&cs[i].hold_err);
		s->backend->close(copies[i].set);
		if (s->sampling)
			s->sampling->close(copies[i].sample);
		free(cs[i].baseline);
		free(cs[i].out);
	}
	free(cs);
	launcher_sweep(launcher_helper_pid(s->helper), o);
}

int launcher_run(const struct launch_spec *s, struct launch_copy *copies,
		 size_t n, struct proc_sample *out, struct launch_outcome *o)
{
	struct copy_state *cs = calloc(n, sizeof(*cs));
	struct launch_page *page;
	struct child_ctx c;
	sigset_t child_mask;
	int devnull, rc = 0;

	memset(o, 0, sizeof(*o));
	o->bad_event = -1;
	if (!cs)
		return -ENOMEM;
	/* Only abstat's own children need it: the helper holds its own. */
	devnull = s->helper || s->show_output ? -1 :
		  open("/dev/null", O_RDWR | O_CLOEXEC);
	if (devnull < 0 && !s->helper && !s->show_output) {
		free(cs);
		return -errno;
	}
	sigprocmask(SIG_SETMASK, NULL, &child_mask);
	if (s->stop_signals)
		for (int sig = 1; sig < NSIG; sig++)
			if (sigismember(s->stop_signals, sig) == 1)
				sigdelset(&child_mask, sig);
	page = launcher_page_prepare(s, copies, n);
	for (size_t i = 0; i < n; i++) {
		cs[i].page = page;
		cs[i].index = i;
		cs[i].pidfd = cs[i].ctl_r = cs[i].ack_w = cs[i].err_r = -1;
		cs[i].gate = cs[i].hold_ctl = cs[i].hold_err = -1;
		cs[i].baseline = calloc(s->n_events ? s->n_events : 1,
					sizeof(*cs[i].baseline));
		if (s->capture_output)
			cs[i].out = malloc(RESULT_OUTPUT_MAX);
		if (!cs[i].baseline || (s->capture_output && !cs[i].out))
			rc = -ENOMEM;
	}
	for (size_t i = 0; i < n && !rc; i++)
		rc = launcher_start(s, &copies[i], &cs[i], &c, devnull,
				    &child_mask, o, n == 1);
	launcher_close(&devnull);
	if (!rc)
		rc = launcher_wait(s, copies, cs, n, &child_mask, o);
	for (size_t i = 0; i < n; i++) {
		int r = launcher_deferred(&cs[i], o);

		rc = rc ? rc : r;
	}
	for (size_t i = 0; i < n && (!rc || rc == -EINTR); i++) {
		char err[200];

		if (!cs[i].started)
			continue;
		if (s->backend->read(copies[i].set, out[i].counters, err,
				     sizeof(err)) < 0 &&
		    !o->read_err[0])
			snprintf(o->read_err, sizeof(o->read_err), "%s", err);
		launcher_sample(s, &copies[i], &cs[i], &out[i]);
		launcher_page_apply(page, i, s, &copies[i], &out[i],
				    cs[i].start_ns, cs[i].end_ns, o);
		if (cs[i].out)
			out[i].output = launcher_output(&cs[i]);
	}
	for (size_t i = 0; i < n; i++) {
		bool failed = !WIFEXITED(cs[i].status) ||
			      WEXITSTATUS(cs[i].status);

		if (cs[i].tail_len && (failed || !o->stderr_tail[0])) {
			memcpy(o->stderr_tail, cs[i].tail, cs[i].tail_len);
			o->stderr_tail[cs[i].tail_len] = '\0';
			memcpy(o->stderr_head, cs[i].head, cs[i].head_len);
			o->stderr_head[cs[i].head_len] = '\0';
			o->stderr_bytes = cs[i].err_bytes;
			if (failed)
				break;
		}
	}
	if (n == 1)
		launcher_keep_end(launcher_helper_keep(s->helper), &cs[0],
				  !rc && !o->timed_out && !o->interrupted &&
				  !o->protocol_error && !cs[0].line_len);
	launcher_cleanup(s, copies, cs, n, o);
	if (n == 1 && o->leftover && s->helper)
		launcher_keep_drop(launcher_helper_keep(s->helper));
	return rc;
}
