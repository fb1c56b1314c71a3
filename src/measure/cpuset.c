// SPDX-License-Identifier: MIT
/*
 * cpuset: an exclusive cpuset cgroup for the workload (see cpuset.h).
 *
 * cgroup v2 (Documentation/admin-guide/cgroup-v2.rst, "Cpuset"): enable
 * +cpuset in the parent's cgroup.subtree_control, mkdir, write cpuset.cpus
 * and cpuset.mems, then cpuset.cpus.partition = "isolated" (6.2+; "root"
 * before that). The kernel accepts the write even when the partition
 * cannot be formed and reports "... invalid (reason)" on read-back, so the
 * file is always read back.
 *
 * cgroup v1 (Documentation/admin-guide/cgroup-v1/cpusets.rst): a new cpuset
 * has empty cpus and mems, and a task cannot join until both are set, so
 * they are written first (mems copied from the parent). cpu_exclusive=1
 * fails when a sibling cpuset overlaps; that is recorded, not fatal.
 *
 * Files are opened with O_CREAT so that a fake tree of plain files in a
 * temp directory exercises the same code (cgroupfs ignores O_CREAT for the
 * files it already has). For the same reason removal unlinks plain files
 * when the directory is not on a cgroup filesystem.
 */
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <time.h>
#include <unistd.h>

#include "cpuset_priv.h"

#define CGROUP_SUPER_MAGIC 0x27e0eb
#define CGROUP2_SUPER_MAGIC 0x63677270
/* New names tried before giving up (each 64 random bits). */
#define CPUSET_TRIES 8

struct cpuset {
	bool in_use;
	int version;           /* 1 or 2 */
	char dir[PATH_MAX];    /* .../abstat-<pid>-<hex> */
	char parent[PATH_MAX];
	char procs[PATH_MAX];  /* dir/cgroup.procs */
	char parent_procs[PATH_MAX];
	char note[256];
	bool created;          /* dir made by us: the only one we remove */
	int lock_fd;           /* dir, flock(LOCK_EX) while we own it */
};

static struct cpuset cpuset_pool[CPUSET_MAX];

int cpuset_write(const char *dir, const char *file, const char *val)
{
	char path[PATH_MAX];
	size_t n = strlen(val);
	ssize_t w;
	int fd, e = 0;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	w = write(fd, val, n);
	if (w < 0)
		e = -errno;
	else if ((size_t)w != n)
		e = -EIO;
	if (close(fd) && !e)
		e = -errno;
	return e;
}

static int cpuset_read(const char *dir, const char *file, char *buf,
		       size_t len)
{
	char path[PATH_MAX];
	ssize_t n;
	int fd;

	buf[0] = '\0'; /* empty on any error too */
	snprintf(path, sizeof(path), "%s/%s", dir, file);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -errno;
	buf[n] = '\0';
	while (n && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
	return 0;
}

/* Is word in the space-separated list of dir/file? */
static bool cpuset_file_has_word(const char *dir, const char *file,
				 const char *word)
{
	char buf[1024];
	size_t n = strlen(word);

	if (cpuset_read(dir, file, buf, sizeof(buf)))
		return false;
	for (char *p = buf; (p = strstr(p, word)); p += n)
		if ((p == buf || p[-1] == ' ') && (!p[n] || p[n] == ' '))
			return true;
	return false;
}

bool cpuset_on_cgroupfs(const char *dir)
{
	struct statfs sf;

	if (statfs(dir, &sf))
		return false;
	return sf.f_type == CGROUP_SUPER_MAGIC ||
	       sf.f_type == CGROUP2_SUPER_MAGIC;
}

int cpuset_remove(const char *parent, const char *dir)
{
	char path[PATH_MAX], line[64];
	FILE *f;
	int e;

	snprintf(path, sizeof(path), "%s/cgroup.procs", dir);
	f = fopen(path, "re");
	while (f && fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0])
			cpuset_write(parent, "cgroup.procs", line);
	}
	if (f)
		fclose(f);
	if (!rmdir(dir) || errno == ENOENT)
		return 0;
	e = -errno;
	if (e == -ENOTEMPTY && !cpuset_on_cgroupfs(dir)) {
		/* fake tree in tests: plain files left by cpuset_write */
		DIR *d = opendir(dir);
		struct dirent *de;

		while (d && (de = readdir(d))) {
			if (de->d_name[0] == '.')
				continue;
			snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
			unlink(path);
		}
		if (d)
			closedir(d);
		if (!rmdir(dir))
			return 0;
		e = -errno;
	}
	return e;
}

int cpuset_partition_check(const char *dir, char *err, size_t len)
{
	char buf[512];
	int rc = cpuset_read(dir, "cpuset.cpus.partition", buf, sizeof(buf));

	if (rc) {
		snprintf(err, len, "cannot read %s/cpuset.cpus.partition: %s; the kernel may lack cgroup v2 cpuset partitions (5.11+); drop --cpuset",
			 dir, strerror(-rc));
		return rc;
	}
	if (strstr(buf, "invalid") || (strcmp(buf, "root") &&
				       strcmp(buf, "isolated"))) {
		snprintf(err, len, "%s/cpuset.cpus.partition is '%s': the CPUs cannot form an exclusive partition; free them from other cgroups' cpuset.cpus or pick others with -C",
			 dir, buf);
		return -EINVAL;
	}
	return 0;
}

/* Where the cgroup v2 hierarchy with a cpuset controller is, or NULL. */
static const char *cpuset_find_v2(const char *root, char *buf, size_t len)
{
	snprintf(buf, len, "%s", root);
	if (cpuset_file_has_word(buf, "cgroup.controllers", "cpuset"))
		return buf;
	snprintf(buf, len, "%s/unified", root);
	if (cpuset_file_has_word(buf, "cgroup.controllers", "cpuset"))
		return buf;
	return NULL;
}

/* What the run should record about the cpuset (truncation is harmless). */
static void cpuset_set_note(struct cpuset *cs, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void cpuset_set_note(struct cpuset *cs, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(cs->note, sizeof(cs->note), fmt, ap);
	va_end(ap);
}

/* dir/name exists. */
static bool cpuset_has(const char *dir, const char *name)
{
	char f[PATH_MAX];

	if (snprintf(f, sizeof(f), "%s/%s", dir, name) >= (int)sizeof(f))
		return false;
	return !access(f, F_OK);
}

/* A cgroup v1 cpuset hierarchy: has cpuset.cpus (or cpus, noprefix). */
static bool cpuset_is_v1(const char *dir)
{
	return cpuset_has(dir, "cpuset.cpus") || cpuset_has(dir, "cpus");
}

/* 16 hex digits no other session can predict: getrandom, else the clock
 * mixed with the pid and a counter (never the pid alone). */
static void cpuset_random_hex(char out[17])
{
	static uint64_t n;
	struct timespec ts;
	uint64_t v;

	if (getrandom(&v, sizeof(v), GRND_NONBLOCK) != (ssize_t)sizeof(v)) {
		clock_gettime(CLOCK_MONOTONIC, &ts);
		v = ((uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec) ^
		    ((uint64_t)getpid() << 40) ^ (++n * 0x9e3779b97f4a7c15u);
	}
	snprintf(out, 17, "%016" PRIx64, v);
}

/*
 * Take the owner's lock on our new directory: flock(LOCK_EX) on an
 * O_RDONLY descriptor of it, held until destroy (or the process's death:
 * the kernel drops it, so a SIGKILLed session leaves an unlocked, hence
 * stale, cgroup). Blocking, because a stale-cgroup check may hold it for
 * a moment; then the directory must still be the one we made (the check
 * removes unlocked ones). 0, -ESTALE (gone: try another name) or -errno.
 */
static int cpuset_lock(struct cpuset *cs, const struct stat *made)
{
	struct stat now;
	int fd = open(cs->dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

	if (fd < 0)
		return errno == ENOENT ? -ESTALE : -errno;
	while (flock(fd, LOCK_EX) < 0) {
		if (errno != EINTR) {
			int e = -errno;

			close(fd);
			return e;
		}
	}
	if (stat(cs->dir, &now) || now.st_ino != made->st_ino ||
	    now.st_dev != made->st_dev) {
		close(fd);
		return -ESTALE;
	}
	cs->lock_fd = fd;
	return 0;
}

/*
 * mkdir <parent>/abstat-<pid>-<16 random hex digits>: a name no other
 * session (in this or another PID namespace, where the pid alone repeats)
 * can predict. What exists is never touched: on EEXIST, or when a stale
 * check removed our directory before we locked it, another name.
 */
static int cpuset_mkdir(struct cpuset *cs, char *err, size_t len)
{
	int e = EEXIST;

	for (int tries = 0; tries < CPUSET_TRIES; tries++) {
		char hex[17];
		struct stat st;
		int rc;

		cpuset_random_hex(hex);
		if (snprintf(cs->dir, sizeof(cs->dir), "%s/" CPUSET_PREFIX "%d-%s",
			     cs->parent, (int)getpid(), hex) >=
			    (int)sizeof(cs->dir) ||
		    snprintf(cs->procs, sizeof(cs->procs), "%s/cgroup.procs",
			     cs->dir) >= (int)sizeof(cs->procs) ||
		    snprintf(cs->parent_procs, sizeof(cs->parent_procs),
			     "%s/cgroup.procs", cs->parent) >=
			    (int)sizeof(cs->parent_procs)) {
			snprintf(err, len, "cgroup path under %.200s is too long",
				 cs->parent);
			return -ENAMETOOLONG;
		}
		if (mkdir(cs->dir, 0755)) {
			e = errno;
			if (e == EEXIST)
				continue;
			break;
		}
		cs->created = true;
		if (stat(cs->dir, &st)) {
			e = errno;
			break;
		}
		rc = cpuset_lock(cs, &st);
		if (!rc)
			return 0;
		cs->created = false;
		if (rc != -ESTALE) {
			cpuset_remove(cs->parent, cs->dir);
			e = -rc;
			break;
		}
		e = ESTALE;
	}
	if (e == EACCES || e == EPERM || e == EROFS)
		snprintf(err, len, "cannot create %s: %s; run abstat as root (or in a delegated cgroup), or drop --cpuset",
			 cs->dir, strerror(e));
	else if (e == EEXIST || e == ESTALE)
		snprintf(err, len, "cannot create a new cgroup under %s: %d names tried were taken; see 'abstat doctor'",
			 cs->parent, CPUSET_TRIES);
	else
		snprintf(err, len, "cannot create %s: %s; drop --cpuset",
			 cs->dir, strerror(e));
	return -e;
}

static int cpuset_setup_v2(struct cpuset *cs, const char *cpus, char *err,
			   size_t len)
{
	char mems[256];
	int rc;

	if (!cpuset_file_has_word(cs->parent, "cgroup.subtree_control",
				  "cpuset")) {
		rc = cpuset_write(cs->parent, "cgroup.subtree_control",
				  "+cpuset");
		if (rc) {
			snprintf(err, len, "cannot enable +cpuset in %s/cgroup.subtree_control: %s; run as root, or drop --cpuset",
				 cs->parent, strerror(-rc));
			return rc;
		}
	}
	rc = cpuset_mkdir(cs, err, len);
	if (rc)
		return rc;
	rc = cpuset_write(cs->dir, "cpuset.cpus", cpus);
	if (rc) {
		snprintf(err, len, "cannot write CPUs %s to %s/cpuset.cpus: %s; check -C against %s/cpuset.cpus.effective",
			 cpus, cs->dir, strerror(-rc), cs->parent);
		return rc;
	}
	/* an empty v2 cpuset.mems means the parent's: copy when known */
	if (!cpuset_read(cs->parent, "cpuset.mems.effective", mems,
			 sizeof(mems)) && mems[0])
		cpuset_write(cs->dir, "cpuset.mems", mems);
	if (cpuset_write(cs->dir, "cpuset.cpus.partition", "isolated")) {
		rc = cpuset_write(cs->dir, "cpuset.cpus.partition", "root");
		if (rc) {
			snprintf(err, len, "cannot make %s a partition: %s; the kernel needs cgroup v2 cpuset partitions (5.11+), or drop --cpuset",
				 cs->dir, strerror(-rc));
			return rc;
		}
		cpuset_set_note(cs, "cpuset partition is \"root\", not \"isolated\": CPUs %s still load-balanced",
				cpus);
	}
	return cpuset_partition_check(cs->dir, err, len);
}

static int cpuset_setup_v1(struct cpuset *cs, const char *cpus, char *err,
			   size_t len)
{
	char mems[256], file[64];
	const char *pre = "cpuset.";
	int rc;

	/* mounted with -o noprefix: "cpus" instead of "cpuset.cpus" */
	if (!cpuset_has(cs->parent, "cpuset.cpus"))
		pre = "";
	snprintf(file, sizeof(file), "%smems", pre);
	rc = cpuset_read(cs->parent, file, mems, sizeof(mems));
	if (rc || !mems[0])
		snprintf(mems, sizeof(mems), "0");
	rc = cpuset_mkdir(cs, err, len);
	if (rc)
		return rc;
	/* both before any task joins: an empty cpuset refuses tasks */
	snprintf(file, sizeof(file), "%scpus", pre);
	rc = cpuset_write(cs->dir, file, cpus);
	if (rc) {
		snprintf(err, len, "cannot write CPUs %s to %s/%s: %s; check -C against %s/%s",
			 cpus, cs->dir, file, strerror(-rc), cs->parent, file);
		return rc;
	}
	snprintf(file, sizeof(file), "%smems", pre);
	rc = cpuset_write(cs->dir, file, mems);
	if (rc) {
		snprintf(err, len, "cannot write memory nodes %s to %s/%s: %s; drop --cpuset",
			 mems, cs->dir, file, strerror(-rc));
		return rc;
	}
	snprintf(file, sizeof(file), "%scpu_exclusive", pre);
	rc = cpuset_write(cs->dir, file, "1");
	if (rc)
		cpuset_set_note(cs, "cpuset %s not exclusive (%s: %s): another cpuset shares CPUs %s",
				cs->dir, file, strerror(-rc), cpus);
	return 0;
}

int cpuset_create(const char *cgroup_root, const struct cpu_list *cpus,
		  struct cpuset **out, char *err, size_t len)
{
	char list[4096], v2[PATH_MAX], v1[PATH_MAX];
	struct cpuset *cs = NULL;
	int rc;

	*out = NULL;
	if (!cpus || !cpus->n) {
		snprintf(err, len, "no CPU to put in the cpuset; give -C LIST");
		return -EINVAL;
	}
	for (size_t i = 0; i < CPUSET_MAX && !cs; i++)
		if (!cpuset_pool[i].in_use)
			cs = &cpuset_pool[i];
	if (!cs) {
		snprintf(err, len, "more than %d cpusets at once", CPUSET_MAX);
		return -EBUSY;
	}
	memset(cs, 0, sizeof(*cs));
	cs->lock_fd = -1;
	cpu_list_format(cpus, list, sizeof(list));
	snprintf(v1, sizeof(v1), "%s/cpuset", cgroup_root);
	if (cpuset_find_v2(cgroup_root, v2, sizeof(v2))) {
		cs->version = 2;
		snprintf(cs->parent, sizeof(cs->parent), "%s", v2);
		rc = cpuset_setup_v2(cs, list, err, len);
	} else if (cpuset_is_v1(v1)) {
		cs->version = 1;
		snprintf(cs->parent, sizeof(cs->parent), "%s", v1);
		rc = cpuset_setup_v1(cs, list, err, len);
	} else {
		snprintf(err, len, "no cpuset controller: none in cgroup v2 (%s/cgroup.controllers, %s/unified) and no cgroup v1 cpuset at %s; mount one (mount -t cgroup -o cpuset cpuset %s) or drop --cpuset",
			 cgroup_root, cgroup_root, v1, v1);
		return -ENOENT;
	}
	if (rc) {
		if (cs->created)
			cpuset_remove(cs->parent, cs->dir);
		if (cs->lock_fd >= 0)
			close(cs->lock_fd);
		return rc;
	}
	cs->in_use = true;
	*out = cs;
	return 0;
}

const char *cpuset_procs_path(const struct cpuset *cs)
{
	return cs ? cs->procs : NULL;
}

const char *cpuset_version(const struct cpuset *cs)
{
	return !cs ? NULL : cs->version == 2 ? "v2" : "v1";
}

const char *cpuset_dir(const struct cpuset *cs)
{
	return cs ? cs->dir : NULL;
}

const char *cpuset_note(const struct cpuset *cs)
{
	return cs && cs->note[0] ? cs->note : NULL;
}

int cpuset_destroy(struct cpuset *cs)
{
	int rc;

	if (!cs || !cs->in_use)
		return 0;
	rc = cs->created ? cpuset_remove(cs->parent, cs->dir) : 0;
	if (!rc) {
		/* unlocked only once gone: never stale while it exists */
		if (cs->lock_fd >= 0)
			close(cs->lock_fd);
		cs->lock_fd = -1;
		cs->in_use = false;
	}
	return rc;
}

/* Every pid in the procs file at path, killed with SIGKILL and moved to
 * parent_procs; the count seen. Async-signal-safe (open, read, kill,
 * write), so the buffer is static and the parsing by hand. */
static int cpuset_evict_signal_safe(const char *path, const char *parent_procs)
{
	static char buf[4096];
	int fd = open(path, O_RDONLY | O_CLOEXEC), out, seen = 0;
	ssize_t n, ignore;

	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	out = open(parent_procs, O_WRONLY | O_CLOEXEC);
	for (char *p = buf; *p;) {
		char *end = p;
		long pid = 0;

		while (*end >= '0' && *end <= '9')
			pid = pid * 10 + (*end++ - '0');
		if (end > p && pid > 0) {
			kill((pid_t)pid, SIGKILL);
			/* exiting anyway: a failure shows as rmdir's */
			if (out >= 0)
				ignore = write(out, p, (size_t)(end - p));
			seen++;
		}
		p = *end ? end + 1 : end;
	}
	if (out >= 0)
		close(out);
	(void)ignore;
	return seen;
}

void cpuset_destroy_signal_safe(struct cpuset *cs)
{
	if (!cs || !cs->in_use || !cs->created)
		return;
	/* The workload may still be inside: kill it and move it out, or
	 * rmdir fails with EBUSY and the cgroup outlives us. */
	for (int i = 0; i < 4 && cpuset_evict_signal_safe(cs->procs,
							  cs->parent_procs); i++)
		;
	/* a task killed a moment ago may still be leaving (EBUSY): retry
	 * for up to a second, evicting again (nanosleep is async-signal-safe) */
	for (int i = 0; i < 100 && rmdir(cs->dir) && errno == EBUSY; i++) {
		struct timespec ts = { 0, 10 * 1000 * 1000 };

		cpuset_evict_signal_safe(cs->procs, cs->parent_procs);
		nanosleep(&ts, NULL);
	}
}
