// SPDX-License-Identifier: MIT
/* launcher_base: what every launcher file uses (launcher_priv.h): the
 * clock runs are timed with, a copy's affinity, the environment names
 * that are abstat's own, and an SCM_RIGHTS message. */
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include "launcher_priv.h"

unsigned long long launcher_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (unsigned long long)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

void launcher_cpu_set(const struct launch_copy *cp, cpu_set_t *set)
{
	const struct cpu_list *l = cp->cpus;

	CPU_ZERO(set);
	if (cp->cpu < 0)
		return;
	CPU_SET(cp->cpu, set);
	for (size_t i = 0; l && i < l->n; i++)
		if (l->cpu[i] >= 0 && l->cpu[i] < CPU_SETSIZE)
			CPU_SET(l->cpu[i], set);
}

bool launcher_env_ours(const char *var)
{
	return !strncmp(var, "ABSTAT_CTL=", 11) ||
	       !strncmp(var, "ABSTAT_REGION=", 14);
}

void launcher_rights(struct msghdr *m, char *buf, size_t cap, const int *fds,
		     size_t nfd)
{
	struct cmsghdr *h;

	memset(buf, 0, cap);
	m->msg_control = buf;
	m->msg_controllen = CMSG_SPACE(nfd * sizeof(int));
	h = CMSG_FIRSTHDR(m);
	h->cmsg_level = SOL_SOCKET;
	h->cmsg_type = SCM_RIGHTS;
	h->cmsg_len = CMSG_LEN(nfd * sizeof(int));
	memcpy(CMSG_DATA(h), fds, nfd * sizeof(int));
}
