// SPDX-License-Identifier: MIT
/* cpuset: fake v1/v2 trees (plain files in a temp dir) and, as root, the
 * real cgroup v1 cpuset of this machine. */
/* tags: alone */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <limits.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "cpuset.h"

static char tmp[256];

static void put(const char *rel, const char *text)
{
	char path[PATH_MAX], *slash;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", tmp, rel);
	for (slash = strchr(path + strlen(tmp) + 1, '/'); slash;
	     slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		mkdir(path, 0755);
		*slash = '/';
	}
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static const char *get(const char *path)
{
	static char buf[512];
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	return buf;
}

static int setup(void **state)
{
	snprintf(tmp, sizeof(tmp), "/tmp/abstat-cpuset.XXXXXX");
	assert_non_null(mkdtemp(tmp));
	return 0;
}

static int teardown(void **state)
{
	char cmd[PATH_MAX + 16];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmp);
	return system(cmd) == 0 ? 0 : -1;
}

/* dir is <parent>/abstat-<our pid>-<16 lowercase hex digits>. */
static void assert_our_name(const char *dir, const char *parent)
{
	char want[PATH_MAX];
	size_t n;

	n = (size_t)snprintf(want, sizeof(want), "%s/abstat-%d-", parent,
			     (int)getpid());
	if (strncmp(dir, want, n) || strlen(dir) != n + 16 ||
	    strspn(dir + n, "0123456789abcdef") != 16)
		fail_msg("cgroup %s is not %s<16 hex>", dir, want);
}

/* One fake tree: files to create, what create must do. */
struct tree_case {
	int line;
	const char *files[6][2]; /* {rel path, content} */
	int rc;                  /* expected return */
	const char *version;
	const char *parent;      /* rel dir holding abstat-<pid> */
	const char *expect[4][2]; /* {file in the new dir, content} */
	const char *err_has;
};

static const struct tree_case tree_cases[] = {
	{ __LINE__,
	  { { "cgroup.controllers", "cpu io memory cpuset\n" },
	    { "cgroup.subtree_control", "" },
	    { "cpuset.mems.effective", "0\n" } },
	  0, "v2", "",
	  { { "cpuset.cpus", "1" }, { "cpuset.mems", "0" },
	    { "cpuset.cpus.partition", "isolated" } },
	  NULL },
	{ __LINE__,
	  { { "cpuset/cpuset.cpus", "0-3\n" },
	    { "unified/cgroup.controllers", "memory cpuset\n" } },
	  0, "v2", "/unified",
	  { { "cpuset.cpus", "1" } }, NULL },
	{ __LINE__,
	  { { "cpuset/cpuset.cpus", "0-3\n" }, { "cpuset/cpuset.mems", "0\n" },
	    { "unified/cgroup.controllers", "memory pids\n" } },
	  0, "v1", "/cpuset",
	  { { "cpuset.cpus", "1" }, { "cpuset.mems", "0" },
	    { "cpuset.cpu_exclusive", "1" } },
	  NULL },
	{ __LINE__,
	  { { "cpuset/cpus", "0-3\n" }, { "cpuset/mems", "0-1\n" } },
	  0, "v1", "/cpuset",
	  { { "cpus", "1" }, { "mems", "0-1" } }, NULL },
	{ __LINE__,
	  { { "unified/cgroup.controllers", "memory pids\n" } },
	  -ENOENT, NULL, NULL, { { NULL } }, "no cpuset controller" },
};

static void test_fake_trees(void **state)
{
	for (size_t i = 0; i < sizeof(tree_cases) / sizeof(tree_cases[0]);
	     i++) {
		const struct tree_case *c = &tree_cases[i];
		struct cpu_list cpus;
		struct cpuset *cs = NULL;
		char err[512] = "", dir[512], path[PATH_MAX];
		int rc;

		teardown(state);
		setup(state);
		for (size_t f = 0; f < 6 && c->files[f][0]; f++)
			put(c->files[f][0], c->files[f][1]);
		assert_int_equal(cpu_list_parse("1", &cpus, NULL), 0);
		rc = cpuset_create(tmp, &cpus, &cs, err, sizeof(err));
		if (rc != c->rc)
			fail_msg("line %d: rc %d, want %d (%s)", c->line, rc,
				 c->rc, err);
		if (rc) {
			assert_null(cs);
			assert_non_null(strstr(err, c->err_has));
			assert_null(strchr(err, '\n'));
			continue;
		}
		snprintf(path, sizeof(path), "%s%s", tmp, c->parent);
		assert_string_equal(cpuset_version(cs), c->version);
		assert_our_name(cpuset_dir(cs), path);
		snprintf(dir, sizeof(dir), "%s", cpuset_dir(cs));
		snprintf(path, sizeof(path), "%s/cgroup.procs", dir);
		assert_string_equal(cpuset_procs_path(cs), path);
		for (size_t f = 0; f < 4 && c->expect[f][0]; f++) {
			snprintf(path, sizeof(path), "%s/%s", dir,
				 c->expect[f][0]);
			if (!get(path) || strcmp(get(path), c->expect[f][1]))
				fail_msg("line %d: %s is '%s', want '%s'",
					 c->line, path, get(path),
					 c->expect[f][1]);
		}
		if (!strcmp(c->version, "v2")) {
			snprintf(path, sizeof(path),
				 "%s%s/cgroup.subtree_control", tmp,
				 c->parent);
			assert_string_equal(get(path), "+cpuset");
		}
		assert_int_equal(cpuset_destroy(cs), 0);
		assert_int_equal(access(dir, F_OK), -1);
		assert_int_equal(cpuset_destroy(cs), 0); /* twice is fine */
	}
}

static const struct {
	int line;
	const char *content;
	int rc;
	const char *err_has;
} partition_cases[] = {
	{ __LINE__, "isolated\n", 0, NULL },
	{ __LINE__, "root\n", 0, NULL },
	{ __LINE__, "isolated invalid (Cpu list in cpuset.cpus not exclusive)\n",
	  -EINVAL, "not exclusive" },
	{ __LINE__, "root invalid (Parent is not a partition root)\n",
	  -EINVAL, "Parent is not a partition root" },
	{ __LINE__, "member\n", -EINVAL, "'member'" },
};

static void test_partition_check(void **state)
{
	for (size_t i = 0;
	     i < sizeof(partition_cases) / sizeof(partition_cases[0]); i++) {
		char err[512] = "", dir[300];
		int rc;

		put("cg/cpuset.cpus.partition", partition_cases[i].content);
		snprintf(dir, sizeof(dir), "%s/cg", tmp);
		rc = cpuset_partition_check(dir, err, sizeof(err));
		if (rc != partition_cases[i].rc)
			fail_msg("line %d: rc %d", partition_cases[i].line, rc);
		if (partition_cases[i].err_has &&
		    !strstr(err, partition_cases[i].err_has))
			fail_msg("line %d: err '%s'", partition_cases[i].line,
				 err);
	}
}

static const struct {
	int line;
	const char *name;
	bool ours;
} name_cases[] = {
	{ __LINE__, "abstat-12-0123456789abcdef", true },
	{ __LINE__, "abstat-4194304-ffffffffffffffff", true },
	{ __LINE__, "abstat-12", true }, /* older versions */
	{ __LINE__, "abstat-12-0123456789ABCDEF", false },
	{ __LINE__, "abstat-12-0123456789abcde", false },
	{ __LINE__, "abstat-12-0123456789abcdef0", false },
	{ __LINE__, "abstat-12-", false },
	{ __LINE__, "abstat-0-0123456789abcdef", false },
	{ __LINE__, "abstat-x", false },
	{ __LINE__, "abstat-", false },
	{ __LINE__, "abstat-12x", false },
	{ __LINE__, "other-12", false },
	{ __LINE__, "user.slice", false },
};

static void test_names(void **state)
{
	for (size_t i = 0; i < sizeof(name_cases) / sizeof(name_cases[0]); i++)
		if (cpuset_name_ours(name_cases[i].name) != name_cases[i].ours)
			fail_msg("line %d: %s", name_cases[i].line,
				 name_cases[i].name);
}

static const char *const v1_tree[][2] = {
	{ "cpuset/cpuset.cpus", "0-3\n" }, { "cpuset/cpuset.mems", "0\n" },
};

static void put_v1(void)
{
	for (size_t i = 0; i < sizeof(v1_tree) / sizeof(v1_tree[0]); i++)
		put(v1_tree[i][0], v1_tree[i][1]);
}

static bool exists(const char *rel)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", tmp, rel);
	return access(path, F_OK) == 0;
}

/* Two sessions of one process (as two PID namespaces give one pid): two
 * names, and a name that exists is left alone. */
static void test_unique_names(void **state)
{
	const char *other = "cpuset/abstat-1-00000000deadbeef";
	struct cpuset *a, *b;
	struct cpu_list cpus;
	char err[512] = "", dir_a[PATH_MAX - 32], path[PATH_MAX];

	put_v1();
	put("cpuset/abstat-1-00000000deadbeef/cpuset.cpus", "0\n");
	assert_int_equal(cpu_list_parse("1", &cpus, NULL), 0);
	assert_int_equal(cpuset_create(tmp, &cpus, &a, err, sizeof(err)), 0);
	assert_int_equal(cpu_list_parse("0", &cpus, NULL), 0);
	assert_int_equal(cpuset_create(tmp, &cpus, &b, err, sizeof(err)), 0);
	snprintf(path, sizeof(path), "%s/cpuset", tmp);
	assert_our_name(cpuset_dir(a), path);
	assert_our_name(cpuset_dir(b), path);
	assert_string_not_equal(cpuset_dir(a), cpuset_dir(b));
	snprintf(dir_a, sizeof(dir_a), "%s", cpuset_dir(a));
	snprintf(path, sizeof(path), "%s/cpuset.cpus", dir_a);
	assert_string_equal(get(path), "1");
	snprintf(path, sizeof(path), "%s/cpuset.cpus", cpuset_dir(b));
	assert_string_equal(get(path), "0");
	/* b's creation and removal leave a's cgroup and the other alone */
	assert_int_equal(cpuset_destroy(b), 0);
	assert_int_equal(access(dir_a, F_OK), 0);
	assert_true(exists(other));
	assert_int_equal(cpuset_destroy(a), 0);
	assert_int_equal(access(dir_a, F_OK), -1);
	assert_true(exists(other));
}

/* A process holding rel's lock as a session does, until killed. */
static pid_t lock_holder(const char *rel)
{
	char path[PATH_MAX];
	int ready[2];
	pid_t pid;
	char c;

	snprintf(path, sizeof(path), "%s/%s", tmp, rel);
	assert_int_equal(pipe(ready), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		int fd = open(path, O_RDONLY | O_DIRECTORY);

		if (fd < 0 || flock(fd, LOCK_EX) < 0 ||
		    write(ready[1], "r", 1) != 1)
			_exit(1);
		for (;;)
			pause();
	}
	close(ready[1]);
	assert_int_equal(read(ready[0], &c, 1), 1);
	close(ready[0]);
	return pid;
}

static void kill_holder(pid_t pid)
{
	int status;

	kill(pid, SIGKILL);
	assert_int_equal(waitpid(pid, &status, 0), pid);
}

struct seen {
	char dirs[8][PATH_MAX];
	size_t n;
	int rc;
};

static void seen_add(const char *dir, int rc, void *arg)
{
	struct seen *s = arg;

	if (s->n < 8)
		snprintf(s->dirs[s->n++], PATH_MAX, "%s", dir);
	if (rc)
		s->rc = rc;
}

static bool seen_has(const struct seen *s, const char *rel)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/%s", tmp, rel);
	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->dirs[i], path))
			return true;
	return false;
}

/*
 * Stale: abstat's names whose lock nobody holds (its session was killed),
 * and older abstat-<pid> names whose pid is dead. Alive: a lock holder
 * (another process, or this one's own cpuset), an older name with a live
 * pid. Other names are never looked at.
 */
static void test_stale_fake(void **state)
{
	const char *killed = "cpuset/abstat-7-0123456789abcdef";
	const char *held = "cpuset/abstat-7-fedcba9876543210";
	const char *old_dead = "cpuset/abstat-999999999"; /* > pid_max */
	char old_alive[64], path[PATH_MAX];
	struct cpuset *mine;
	struct cpu_list cpus;
	struct seen s = { .n = 0 };
	char err[512];
	pid_t holder, victim;

	put_v1();
	put("cpuset/abstat-7-0123456789abcdef/cpuset.cpus", "1");
	put("cpuset/abstat-7-fedcba9876543210/cpuset.cpus", "1");
	put("cpuset/abstat-999999999/cpuset.cpus", "1");
	snprintf(old_alive, sizeof(old_alive), "cpuset/abstat-%d",
		 (int)getppid());
	snprintf(path, sizeof(path), "%s/cpuset.cpus", old_alive);
	put(path, "1");
	put("cpuset/other-1/cpuset.cpus", "1");
	put("cpuset/abstat-7-0123/cpuset.cpus", "1");
	assert_int_equal(cpu_list_parse("1", &cpus, NULL), 0);
	assert_int_equal(cpuset_create(tmp, &cpus, &mine, err, sizeof(err)), 0);
	victim = lock_holder(killed);
	holder = lock_holder(held);
	/* while every owner lives, nothing is stale */
	assert_int_equal(cpuset_stale(tmp, false, seen_add, &s), 1);
	assert_true(seen_has(&s, old_dead));
	/* SIGKILL of a session leaves its cgroup unlocked: stale */
	kill_holder(victim);
	s.n = 0;
	assert_int_equal(cpuset_stale(tmp, false, seen_add, &s), 2);
	assert_true(seen_has(&s, killed) && seen_has(&s, old_dead));
	assert_true(exists(killed) && exists(old_dead)); /* only named */
	s.n = 0;
	assert_int_equal(cpuset_stale(tmp, true, seen_add, &s), 2);
	assert_int_equal(s.rc, 0);
	assert_false(exists(killed) || exists(old_dead));
	assert_true(exists(held) && exists(old_alive) &&
		    exists("cpuset/other-1") && exists("cpuset/abstat-7-0123"));
	assert_int_equal(access(cpuset_dir(mine), F_OK), 0);
	assert_int_equal(cpuset_stale(tmp, true, NULL, NULL), 0);
	kill_holder(holder);
	assert_int_equal(cpuset_stale(tmp, true, NULL, NULL), 1);
	assert_false(exists(held));
	assert_int_equal(cpuset_destroy(mine), 0);
	assert_int_equal(cpuset_stale(tmp, false, NULL, NULL), 0);
}

/* The owner's lock is gone with the cgroup: nothing is locked after
 * destroy, and a removed name is not stale. */
static void test_lock_lifetime(void **state)
{
	struct cpuset *cs;
	struct cpu_list cpus;
	char err[512], dir[PATH_MAX];
	int fd;

	put_v1();
	assert_int_equal(cpu_list_parse("1", &cpus, NULL), 0);
	assert_int_equal(cpuset_create(tmp, &cpus, &cs, err, sizeof(err)), 0);
	snprintf(dir, sizeof(dir), "%s", cpuset_dir(cs));
	fd = open(dir, O_RDONLY | O_DIRECTORY);
	assert_true(fd >= 0);
	assert_int_equal(flock(fd, LOCK_EX | LOCK_NB), -1);
	assert_int_equal(errno, EWOULDBLOCK);
	close(fd);
	assert_int_equal(cpuset_destroy(cs), 0);
	assert_int_equal(access(dir, F_OK), -1);
	assert_int_equal(cpuset_stale(tmp, false, NULL, NULL), 0);
}

static bool real_v1_usable(void)
{
	struct cpu_list on;

	if (geteuid() != 0 || access("/sys/fs/cgroup/cpuset/cpuset.cpus", F_OK))
		return false;
	return cpu_online("", &on) == 0 && cpu_list_has(&on, 1);
}

/* The real v1 path: a child joins via the procs path and is confined. */
static void test_real_v1(void **state)
{
	char err[512] = "", want[64], line[512], path[64];
	struct cpu_list cpus;
	struct cpuset *cs;
	int go[2], ready[2], status;
	pid_t child;
	FILE *f;
	bool found = false;

	if (!real_v1_usable()) {
		print_message("skip: needs root, /sys/fs/cgroup/cpuset, CPU 1\n");
		skip();
	}
	assert_int_equal(cpu_list_parse("1", &cpus, NULL), 0);
	assert_int_equal(cpuset_create("/sys/fs/cgroup", &cpus, &cs, err,
				       sizeof(err)), 0);
	assert_string_equal(cpuset_version(cs), "v1");
	assert_int_equal(pipe(go), 0);
	assert_int_equal(pipe(ready), 0);
	child = fork();
	assert_true(child >= 0);
	if (child == 0) {
		FILE *p = fopen(cpuset_procs_path(cs), "w");
		cpu_set_t set;
		char c;

		if (!p || fputs("0", p) == EOF || fclose(p))
			_exit(10);
		/* the cpuset confines affinity to CPU 1 */
		if (sched_getaffinity(0, sizeof(set), &set) ||
		    CPU_COUNT(&set) != 1 || !CPU_ISSET(1, &set))
			_exit(11);
		if (write(ready[1], "r", 1) != 1 || read(go[0], &c, 1) != 1)
			_exit(12);
		_exit(0);
	}
	{
		char c;

		assert_int_equal(read(ready[0], &c, 1), 1);
	}
	snprintf(path, sizeof(path), "/proc/%d/cgroup", (int)child);
	snprintf(want, sizeof(want), ":cpuset:/%s\n",
		 strrchr(cpuset_dir(cs), '/') + 1);
	f = fopen(path, "r");
	assert_non_null(f);
	while (fgets(line, sizeof(line), f))
		found |= strstr(line, want) != NULL;
	fclose(f);
	assert_int_equal(write(go[1], "g", 1), 1);
	assert_int_equal(waitpid(child, &status, 0), child);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	assert_true(found);
	snprintf(line, sizeof(line), "%s", cpuset_dir(cs));
	assert_int_equal(cpuset_destroy(cs), 0);
	assert_int_equal(access(line, F_OK), -1);
	close(go[0]), close(go[1]), close(ready[0]), close(ready[1]);
}

/* A real v1 cpuset at dir with CPU 1 and node 0 (this test's own). */
static void real_mkcg(const char *dir)
{
	char path[PATH_MAX];
	FILE *f;

	assert_int_equal(mkdir(dir, 0755), 0);
	snprintf(path, sizeof(path), "%s/cpuset.cpus", dir);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("1", f);
	assert_int_equal(fclose(f), 0);
	snprintf(path, sizeof(path), "%s/cpuset.mems", dir);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("0", f);
	assert_int_equal(fclose(f), 0);
}

/*
 * On cgroupfs: an unlocked abstat name is removed, a live session's
 * cgroup (locked) is not. Under a cgroup of the test's own, used as the
 * root (<root>/cpuset is a v1 cpuset), so no other cgroup is touched.
 */
static char real_root[128], real_v1[160], real_dead[224];
static struct cpuset *real_cs;

/* What test_real_stale made, removed also when an assertion failed. */
static int real_teardown(void **state)
{
	if (real_cs)
		cpuset_destroy(real_cs);
	real_cs = NULL;
	if (real_dead[0])
		rmdir(real_dead);
	if (real_v1[0])
		rmdir(real_v1);
	if (real_root[0])
		rmdir(real_root);
	return 0;
}

static void test_real_stale(void **state)
{
	char *root = real_root, *v1 = real_v1, *dead = real_dead;
	char err[512] = "";
	struct cpu_list cpus;

	if (!real_v1_usable()) {
		print_message("skip: needs root, /sys/fs/cgroup/cpuset, CPU 1\n");
		skip();
	}
	snprintf(real_root, sizeof(real_root),
		 "/sys/fs/cgroup/cpuset/abstat-unit-%d", (int)getpid());
	real_mkcg(root);
	snprintf(real_v1, sizeof(real_v1), "%s/cpuset", root);
	real_mkcg(v1);
	assert_int_equal(cpu_list_parse("1", &cpus, NULL), 0);
	assert_int_equal(cpuset_create(root, &cpus, &real_cs, err,
				       sizeof(err)), 0);
	snprintf(real_dead, sizeof(real_dead),
		 "%s/abstat-999999999-0123456789abcdef", v1);
	assert_int_equal(mkdir(dead, 0755), 0);
	assert_int_equal(cpuset_stale(root, true, NULL, NULL), 1);
	assert_int_equal(access(dead, F_OK), -1);
	assert_int_equal(access(cpuset_dir(real_cs), F_OK), 0);
	assert_int_equal(cpuset_destroy(real_cs), 0);
	real_cs = NULL;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_fake_trees, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_partition_check, setup,
						teardown),
		cmocka_unit_test(test_names),
		cmocka_unit_test_setup_teardown(test_unique_names, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_stale_fake, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_lock_lifetime, setup,
						teardown),
		cmocka_unit_test(test_real_v1),
		cmocka_unit_test_teardown(test_real_stale, real_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
