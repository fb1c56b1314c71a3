// SPDX-License-Identifier: MIT
/*
 * perf_event: the perf backend. Events are encoded by libpfm4 (pfm.c),
 * opened here with perf_event_open(2) as one group per PMU kind (leader
 * disabled + enable_on_exec + inherit, the CPU group pinned), read with
 * read_format TOTAL_TIME_ENABLED | TOTAL_TIME_RUNNING | ID and, where the
 * kernel accepts it with inherit (checked once at init), PERF_FORMAT_GROUP.
 *
 * open() runs in a vfork-style child that shares abstat's memory, so it is
 * async-signal-safe: only syscalls, into arrays prepare() allocated. The
 * counters follow the child across exec and into its own children
 * (inherit); the parent reads them after wait4, when the inherited
 * children's counts have been folded back into these fds.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <linux/perf_event.h>

#include "err.h"
#include "perf_internal.h"

/* L1-dcache-load-misses and LLC-load-misses are counted only where the
 * PMU holds them in one pinned group with the others (perf_fit.c). */
#define PERF_DEFAULT_EVENTS                                                    \
	"cycles,instructions,cache-references,cache-misses,"                  \
	"L1-dcache-load-misses,LLC-load-misses,branches,branch-misses,"       \
	"task-clock,context-switches,cpu-migrations,page-faults"
const char *const counters_default_events = PERF_DEFAULT_EVENTS;

struct counter_set {
	size_t n;
	bool group_read;
	struct perf_event_attr *attr; /* [n], ready to open */
	bool *counted;                /* [n] EVENT_OK at prepare time */
	int *leader;                  /* [n] index of the group leader */
	int *fd;                      /* [n] -1 when not open */
	uint64_t *id;                 /* [n] PERF_EVENT_IOC_ID */
	/* read scratch, so read() does not allocate either */
	size_t *member;               /* [n] */
	uint64_t *ids;                /* [n] */
	struct counter_value *vals;   /* [n] */
	unsigned char *buf;
	size_t buf_len;
	/* tool events (duration_time): no fd, abstat's clock */
	bool *tool;                   /* [n] */
	uint64_t tool_t0, tool_ns;    /* enabled since t0 (0: stopped) */
};

/* -1 unknown, 0 no, 1 yes: does GROUP read work with inherit here? */
static int perf_group_ok = -1;

static long perf_open_raw(struct perf_event_attr *a, pid_t pid, int group)
{
	return syscall(SYS_perf_event_open, a, pid, -1, group,
		       PERF_FLAG_FD_CLOEXEC);
}

/*
 * Whether the kernel takes PERF_FORMAT_GROUP together with inherit is
 * checked once rather than assumed (inherit has been refused with group
 * sampling, PERF_SAMPLE_READ, until 6.12; 6.18 accepts group reads): a
 * user-only software event, which any paranoid level below 3 allows. On
 * EINVAL every counter is read on its own fd instead.
 */
int perf_probe_open(const struct perf_probe *p)
{
	struct perf_event_attr a;
	long fd;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = p->type;
	a.config = p->config;
	a.config1 = p->config1;
	a.config2 = p->config2;
	a.disabled = p->disabled;
	a.inherit = p->inherit;
	a.exclude_user = p->exclude_user;
	a.exclude_kernel = p->exclude_kernel;
	a.exclude_hv = !p->count_hv;
	a.read_format = p->read_format;
	fd = perf_open_raw(&a, p->pid, -1);
	return fd < 0 ? -errno : (int)fd;
}

static void perf_check_group_read(void)
{
	int fd;

	if (perf_group_ok >= 0)
		return;
	fd = perf_probe_open(&(const struct perf_probe){
		.type = PERF_TYPE_SOFTWARE,
		.config = PERF_COUNT_SW_TASK_CLOCK,
		.exclude_kernel = true,
		.disabled = true,
		.inherit = true,
		.read_format = PERF_READ_FORMAT | PERF_FORMAT_GROUP,
	});
	perf_group_ok = fd != -EINVAL;
	if (fd >= 0)
		close(fd);
}

void perf_group_read_reset(bool allow)
{
	perf_group_ok = allow ? -1 : 0;
}

bool perf_group_read(void)
{
	perf_check_group_read();
	return perf_group_ok == 1;
}

static void perf_release_keys(void);

/* libpfm4 is set up by the first event that needs it (pfm_resolve):
 * the software events, tracepoints and sysfs PMUs perf_encode spells
 * itself never load it (a millisecond of start-up, RESULTS.md). */
static int perf_init(char *err, size_t len)
{
	(void)err;
	(void)len;
	perf_check_group_read();
	return 0;
}

static void perf_fini(void)
{
	perf_release_keys();
	pfm_teardown();
}

static int perf_resolve(const char *name, bool user_only, struct event *ev,
			char *err, size_t len)
{
	return perf_encode(name, user_only, ev, err, len);
}

/* CLOCK_MONOTONIC in ns; clock_gettime is async-signal-safe. */
static uint64_t perf_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/*
 * Opening the first software event of a type (page-faults,
 * context-switches, ...) turns a kernel static key on, and closing the
 * last one turns it off: each switch patches kernel text, about 60 us
 * here, per event and per run (measured by bench/, see RESULTS.md). abstat
 * keeps one disabled event of each software type it counts open on itself
 * for the session, so the per-run open/close finds the key already on.
 * The holders never count (disabled, not inherited).
 */
static int perf_holder[PERF_COUNT_SW_MAX];

static void perf_hold_keys(const struct event *evs, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct perf_event_attr a;
		uint64_t c = evs[i].config;

		if (evs[i].state != EVENT_OK ||
		    evs[i].type != PERF_TYPE_SOFTWARE ||
		    c >= PERF_COUNT_SW_MAX || perf_holder[c] > 0)
			continue;
		perf_attr(&evs[i], &a, false);
		a.disabled = 1;
		a.inherit = 0;
		a.read_format = 0;
		perf_holder[c] = (int)perf_open_raw(&a, 0, -1) + 1;
	}
}

static void perf_release_keys(void)
{
	for (size_t c = 0; c < PERF_COUNT_SW_MAX; c++) {
		if (perf_holder[c] > 0)
			close(perf_holder[c] - 1);
		perf_holder[c] = 0;
	}
}

static int perf_probe(struct event *ev, char *err, size_t len)
{
	struct perf_event_attr a;
	char why[200];
	bool hold;
	long fd;
	int e;

	if (ev->state != EVENT_OK || ev->type == PERF_TYPE_ABSTAT_TOOL)
		return 0;
	if (ev->pmu && strcmp(ev->pmu, "unknown") && pfm_knows_pmu(ev->pmu) &&
	    !pfm_pmu_present(ev->pmu)) {
		snprintf(why, sizeof(why), "not supported: PMU %s is not this machine's (encoded offline)",
			 ev->pmu);
		goto unsupported;
	}
	perf_attr(ev, &a, false);
	a.disabled = 1;
	a.pinned = ev->pinned;
	/* A software event's probe stays open as its key's holder (see
	 * perf_holder): closed, the key would go off and the counters'
	 * open turn it on again, two more patches of kernel text. Holders
	 * are not inherited (abstat's children would carry copies);
	 * inherit changes nothing of whether a software event opens. */
	hold = ev->type == PERF_TYPE_SOFTWARE &&
	       ev->config < PERF_COUNT_SW_MAX && !perf_holder[ev->config];
	if (hold)
		a.inherit = 0;
	fd = perf_open_raw(&a, 0, -1);
	if (fd >= 0 && hold)
		perf_holder[ev->config] = (int)fd + 1;
	else if (fd >= 0)
		close(fd);
	if (fd >= 0)
		return 0;
	e = errno;
	if (!perf_unsupported_reason(ev, e, why + 15, sizeof(why) - 15)) {
		perf_strerror(ev, e, err, len);
		return -e;
	}
	memcpy(why, "not supported: ", 15);
unsupported:
	free(ev->reason);
	ev->reason = strdup(why);
	if (!ev->reason)
		return err_nomem(err, len);
	ev->state = EVENT_NOT_SUPPORTED;
	return 0;
}

static void perf_free(struct counter_set *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n; i++)
		if (s->fd && s->fd[i] >= 0)
			close(s->fd[i]);
	free(s->attr);
	free(s->counted);
	free(s->leader);
	free(s->fd);
	free(s->id);
	free(s->member);
	free(s->ids);
	free(s->vals);
	free(s->buf);
	free(s->tool);
	free(s);
}

/*
 * The first counted event of a group leads it. Unpinned hardware events
 * (--allow-multiplex) lead their own: the kernel refuses a group larger
 * than the PMU whole, so only single events can be rotated, scaled and
 * flagged. OTHER events (tracepoints, breakpoints, sysfs PMUs) lead their
 * own too. The user's {a,b} groups are kept as given, as perf keeps them.
 */
static bool perf_joins_group(const struct event *ev)
{
	if (ev->group >= EVENT_GROUP_USER)
		return true;
	if (ev->group == PERF_GROUP_OTHER)
		return false;
	return ev->pinned || !perf_type_is_cpu(ev->type);
}

static int perf_prepare(struct event *evs, size_t n, struct counter_set **out)
{
	struct counter_set *s = calloc(1, sizeof(*s));
	size_t m = n ? n : 1;

	*out = NULL;
	if (!s)
		return -ENOMEM;
	s->n = n;
	s->attr = calloc(m, sizeof(*s->attr));
	s->counted = calloc(m, sizeof(*s->counted));
	s->leader = calloc(m, sizeof(*s->leader));
	s->fd = calloc(m, sizeof(*s->fd));
	s->id = calloc(m, sizeof(*s->id));
	s->member = calloc(m, sizeof(*s->member));
	s->ids = calloc(m, sizeof(*s->ids));
	s->vals = calloc(m, sizeof(*s->vals));
	s->buf_len = perf_group_size(m);
	s->buf = calloc(1, s->buf_len);
	s->tool = calloc(m, sizeof(*s->tool));
	if (!s->attr || !s->counted || !s->leader || !s->fd || !s->id ||
	    !s->member || !s->ids || !s->vals || !s->buf || !s->tool) {
		perf_free(s);
		return -ENOMEM;
	}
	perf_check_group_read();
	perf_hold_keys(evs, n);
	s->group_read = perf_group_ok == 1;
	for (size_t i = 0; i < n; i++) {
		s->fd[i] = -1;
		s->leader[i] = -1;
		s->counted[i] = evs[i].state == EVENT_OK;
		s->tool[i] = evs[i].type == PERF_TYPE_ABSTAT_TOOL;
		if (!s->counted[i] || s->tool[i])
			continue;
		for (size_t j = 0; j < i && s->leader[i] < 0 &&
				   perf_joins_group(&evs[i]);
		     j++)
			if (s->counted[j] && !s->tool[j] &&
			    evs[j].group == evs[i].group)
				s->leader[i] = s->leader[j];
		if (s->leader[i] < 0)
			s->leader[i] = (int)i;
		perf_attr(&evs[i], &s->attr[i], s->group_read);
		if (s->leader[i] == (int)i) {
			s->attr[i].disabled = 1;
			s->attr[i].pinned = evs[i].pinned;
		}
	}
	*out = s;
	return 0;
}

static void perf_close(struct counter_set *s)
{
	for (size_t i = 0; i < s->n; i++) {
		if (s->fd[i] >= 0)
			close(s->fd[i]);
		s->fd[i] = -1;
	}
}

/* Async-signal-safe: syscalls and stores into prepared memory only. */
static int perf_open(struct counter_set *s, pid_t pid, bool region, int *bad)
{
	s->tool_ns = 0;
	s->tool_t0 = region ? 0 : perf_now_ns();
	for (size_t i = 0; i < s->n; i++) {
		int l = s->leader[i];
		long fd;

		if (!s->counted[i] || s->tool[i])
			continue;
		if (l == (int)i)
			s->attr[i].enable_on_exec = !region;
		fd = perf_open_raw(&s->attr[i], pid, l == (int)i ? -1 : s->fd[l]);
		if (fd < 0 || ioctl((int)fd, PERF_EVENT_IOC_ID, &s->id[i]) < 0) {
			int e = errno;

			if (fd >= 0)
				close((int)fd);
			perf_close(s);
			if (bad)
				*bad = (int)i;
			return -e;
		}
		s->fd[i] = (int)fd;
	}
	return 0;
}

static int perf_start(struct counter_set *s)
{
	return 0; /* enable_on_exec starts the counters */
}

/* A group counts while its leader does: the leaders alone are toggled.
 * With PERF_IOC_FLAG_GROUP the members, once disabled, stay stopped when
 * the group is enabled again (6.18: a second region counted nothing). */
static int perf_ioctl_leaders(struct counter_set *s, unsigned long req)
{
	for (size_t i = 0; i < s->n; i++) {
		if (!s->counted[i] || s->leader[i] != (int)i || s->fd[i] < 0)
			continue;
		if (ioctl(s->fd[i], req, 0) < 0)
			return -errno;
	}
	return 0;
}

static int perf_enable(struct counter_set *s)
{
	if (!s->tool_t0)
		s->tool_t0 = perf_now_ns();
	return perf_ioctl_leaders(s, PERF_EVENT_IOC_ENABLE);
}

static int perf_disable(struct counter_set *s)
{
	if (s->tool_t0)
		s->tool_ns += perf_now_ns() - s->tool_t0;
	s->tool_t0 = 0;
	return perf_ioctl_leaders(s, PERF_EVENT_IOC_DISABLE);
}

/* The region's descriptors: each group's leader, toggled, and its read
 * (one group read, or every counter on its own fd). */
static size_t perf_members(const struct counter_set *s, size_t l)
{
	size_t nr = 0;

	for (size_t i = l; i < s->n; i++)
		nr += s->counted[i] && s->leader[i] == (int)l;
	return nr;
}

static int perf_region_fds(const struct counter_set *s,
			   struct counter_region_fd *out, size_t max)
{
	size_t k = 0;

	for (size_t i = 0; i < s->n; i++) {
		bool lead = s->leader[i] == (int)i;

		if (!s->counted[i] || s->tool[i] || (s->group_read && !lead))
			continue;
		if (k == max)
			return -E2BIG;
		out[k].fd = s->fd[i];
		out[k].toggle = lead;
		out[k].read_len = (uint32_t)(s->group_read ?
			perf_group_size(perf_members(s, i)) :
			4 * sizeof(uint64_t));
		k++;
	}
	return (int)k;
}

static void perf_less(struct counter_value *v, const struct counter_value *b)
{
	v->value = v->value >= b->value ? v->value - b->value : 0;
	v->enabled_ns = v->enabled_ns >= b->enabled_ns ?
				v->enabled_ns - b->enabled_ns : 0;
	v->running_ns = v->running_ns >= b->running_ns ?
				v->running_ns - b->running_ns : 0;
}

static int perf_region_apply(const struct counter_set *s,
			     const void *const *base, uint64_t region_ns,
			     struct counter_value *vals, char *err, size_t len)
{
	struct counter_value one, grp[s->n ? s->n : 1];
	uint64_t ids[s->n ? s->n : 1];
	size_t k = 0;

	for (size_t i = 0; i < s->n; i++) {
		size_t nr = 0;
		bool lead = s->leader[i] == (int)i;

		if (!s->counted[i])
			continue;
		if (s->tool[i]) {
			vals[i].value = vals[i].enabled_ns =
				vals[i].running_ns = region_ns;
			continue;
		}
		if (s->group_read && !lead)
			continue;
		if (!s->group_read) {
			if (perf_parse_single(base[k++], 4 * sizeof(uint64_t),
					      s->id[i], &one, err, len))
				return -EIO;
			perf_less(&vals[i], &one);
			continue;
		}
		for (size_t j = i; j < s->n; j++)
			if (s->counted[j] && s->leader[j] == (int)i)
				ids[nr++] = s->id[j];
		if (perf_parse_group(base[k++], (ssize_t)perf_group_size(nr),
				     nr, ids, grp, err, len))
			return -EIO;
		nr = 0;
		for (size_t j = i; j < s->n; j++)
			if (s->counted[j] && s->leader[j] == (int)i)
				perf_less(&vals[j], &grp[nr++]);
	}
	return 0;
}

/* duration_time: ns enabled so far, like perf's (from the counters'
 * start, at exec, to the read after the workload's exit). */
static void perf_read_tool(const struct counter_set *s,
			   struct counter_value *v)
{
	uint64_t ns = s->tool_ns;

	if (s->tool_t0)
		ns += perf_now_ns() - s->tool_t0;
	v->value = v->enabled_ns = v->running_ns = ns;
}

static int perf_read_group(struct counter_set *s, size_t l,
			   struct counter_value *vals, char *err, size_t len)
{
	size_t nr = 0;
	ssize_t got;

	for (size_t i = l; i < s->n; i++) {
		if (s->counted[i] && s->leader[i] == (int)l) {
			s->member[nr] = i;
			s->ids[nr++] = s->id[i];
		}
	}
	got = read(s->fd[l], s->buf, perf_group_size(nr));
	if (got < 0)
		got = -errno;
	if (perf_parse_group(s->buf, got, nr, s->ids, s->vals, err, len))
		return -EIO;
	for (size_t k = 0; k < nr; k++)
		vals[s->member[k]] = s->vals[k];
	return 0;
}

static int perf_read(struct counter_set *s, struct counter_value *vals,
		     char *err, size_t len)
{
	memset(vals, 0, s->n * sizeof(*vals));
	for (size_t i = 0; i < s->n; i++) {
		ssize_t got;

		if (!s->counted[i])
			continue;
		if (s->tool[i]) {
			perf_read_tool(s, &vals[i]);
			continue;
		}
		if (s->fd[i] < 0) {
			snprintf(err, len, "counter %zu is not open", i);
			return -EIO;
		}
		if (s->group_read) {
			if (s->leader[i] == (int)i &&
			    perf_read_group(s, i, vals, err, len))
				return -EIO;
			continue;
		}
		got = read(s->fd[i], s->buf, 4 * sizeof(uint64_t));
		if (got < 0)
			got = -errno;
		if (perf_parse_single(s->buf, got, s->id[i], &vals[i], err, len))
			return -EIO;
	}
	return 0;
}

const struct backend_ops perf_backend = {
	.name = "perf",
	.self_open = true,
	.init = perf_init,
	.fini = perf_fini,
	.resolve = perf_resolve,
	.probe = perf_probe,
	.prepare = perf_prepare,
	.open = perf_open,
	.start = perf_start,
	.enable = perf_enable,
	.disable = perf_disable,
	.region_fds = perf_region_fds,
	.region_apply = perf_region_apply,
	.read = perf_read,
	.close = perf_close,
	.free = perf_free,
	.strerror = perf_strerror,
	.list = perf_list,
	.list_setup = pfm_setup,
	.default_events = PERF_DEFAULT_EVENTS,
	.fit = perf_fit,
};
