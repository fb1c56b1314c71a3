// SPDX-License-Identifier: MIT
/* cpuset: fake v1/v2 trees (plain files in a temp dir) and, as root, the
 * real cgroup v1 cpuset of this machine. */
#include <errno.h>
#include <limits.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
		snprintf(dir, sizeof(dir), "%s%s/abstat-%d", tmp, c->parent,
			 (int)getpid());
		assert_string_equal(cpuset_version(cs), c->version);
		assert_string_equal(cpuset_dir(cs), dir);
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

static void test_stale_fake(void **state)
{
	char dead[64], alive[64], mine[64], path[PATH_MAX];

	/* pid 999999999 is above any pid_max (4194304): never alive */
	snprintf(dead, sizeof(dead), "cpuset/abstat-999999999/cpuset.cpus");
	snprintf(alive, sizeof(alive), "cpuset/abstat-%d/cpuset.cpus",
		 (int)getppid());
	snprintf(mine, sizeof(mine), "cpuset/abstat-%d/cpuset.cpus",
		 (int)getpid());
	put(dead, "1");
	put(alive, "1");
	put(mine, "1");
	put("cpuset/other-1/cpuset.cpus", "1");
	assert_int_equal(cpuset_cleanup_stale(tmp), 1);
	snprintf(path, sizeof(path), "%s/cpuset/abstat-999999999", tmp);
	assert_int_equal(access(path, F_OK), -1);
	snprintf(path, sizeof(path), "%s/cpuset/abstat-%d", tmp,
		 (int)getppid());
	assert_int_equal(access(path, F_OK), 0);
	snprintf(path, sizeof(path), "%s/cpuset/abstat-%d", tmp,
		 (int)getpid());
	assert_int_equal(access(path, F_OK), 0);
	assert_int_equal(cpuset_cleanup_stale(tmp), 0);
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
	snprintf(want, sizeof(want), ":cpuset:/abstat-%d\n", (int)getpid());
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
	assert_int_equal(cpuset_destroy(cs), 0);
	snprintf(path, sizeof(path), "/sys/fs/cgroup/cpuset/abstat-%d",
		 (int)getpid());
	assert_int_equal(access(path, F_OK), -1);
	close(go[0]), close(go[1]), close(ready[0]), close(ready[1]);
}

static void test_real_stale(void **state)
{
	const char *dir = "/sys/fs/cgroup/cpuset/abstat-999999999";

	if (!real_v1_usable()) {
		print_message("skip: needs root, /sys/fs/cgroup/cpuset, CPU 1\n");
		skip();
	}
	assert_int_equal(mkdir(dir, 0755), 0);
	assert_true(cpuset_cleanup_stale("/sys/fs/cgroup") >= 1);
	assert_int_equal(access(dir, F_OK), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_fake_trees, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_partition_check, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_stale_fake, setup,
						teardown),
		cmocka_unit_test(test_real_v1),
		cmocka_unit_test(test_real_stale),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
