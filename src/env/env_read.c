// SPDX-License-Identifier: MIT
/*
 * env_read: small readers of /proc and /sys below a root directory, shared
 * by the environment capture and the doctor checks (see env.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "env.h"
#include "sysroot.h"

#define SYSCPU "/sys/devices/system/cpu"

int env_open(const char *root, const char *rel)
{
	return sysroot_open(root, rel);
}

/* open, read to the end or len - 1 bytes, close: no stdio (its fstat and
 * buffer), as a session reads some 45 of these before its first run */
int env_read(const char *root, const char *rel, char *buf, size_t len)
{
	size_t n = 0;
	int fd;

	if (len)
		buf[0] = '\0';
	fd = env_open(root, rel);
	if (fd < 0)
		return -errno;
	while (len && n < len - 1) {
		ssize_t got = read(fd, buf + n, len - 1 - n);

		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			int e = errno;

			close(fd);
			return -e;
		}
		if (!got)
			break;
		n += (size_t)got;
	}
	close(fd);
	if (!len)
		return 0;
	buf[n] = '\0';
	while (n && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
	return 0;
}

int env_read_long(const char *root, const char *rel, long *out)
{
	char buf[64], *end;
	int rc = env_read(root, rel, buf, sizeof(buf));

	if (rc)
		return rc;
	errno = 0;
	*out = strtol(buf, &end, 10);
	if (end == buf || *end || errno)
		return -EINVAL;
	return 0;
}

bool env_cmdline_value(const char *cmdline, const char *key, char *buf,
		       size_t len)
{
	size_t klen = strlen(key);
	const char *p = cmdline;
	bool found = false;

	while (p && *p) {
		const char *end;

		while (*p == ' ')
			p++;
		end = strchr(p, ' ');
		if (!end)
			end = p + strlen(p);
		/* "--" ends the kernel's parameters: the rest is init's. */
		if (end - p == 2 && !strncmp(p, "--", 2))
			break;
		if ((size_t)(end - p) >= klen && !strncmp(p, key, klen) &&
		    (p[klen] == '=' || p + klen == end)) {
			const char *v = p[klen] == '=' ? p + klen + 1 : end;

			snprintf(buf, len, "%.*s", (int)(end - v), v);
			found = true;
		}
		p = end;
	}
	return found;
}

const char *env_bracketed(const char *s, char *buf, size_t len)
{
	const char *a = strchr(s, '['), *b = a ? strchr(a, ']') : NULL;

	if (!a || !b)
		return s;
	snprintf(buf, len, "%.*s", (int)(b - a - 1), a + 1);
	return buf;
}

const char *env_boost(const char *root, int cpu, char *file, size_t flen)
{
	long v;

	/* the global acpi-cpufreq/amd-pstate knob, the per-policy one (newer
	 * amd-pstate), or intel_pstate's inverted no_turbo */
	snprintf(file, flen, SYSCPU "/cpufreq/boost");
	if (!env_read_long(root, file, &v))
		return v ? "on" : "off";
	snprintf(file, flen, SYSCPU "/cpu%d/cpufreq/boost", cpu);
	if (!env_read_long(root, file, &v))
		return v ? "on" : "off";
	snprintf(file, flen, SYSCPU "/intel_pstate/no_turbo");
	if (!env_read_long(root, file, &v))
		return v ? "off" : "on";
	if (flen)
		file[0] = '\0';
	return "unknown";
}
