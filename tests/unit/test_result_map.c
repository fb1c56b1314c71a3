// SPDX-License-Identifier: MIT
/*
 * Unit tests: a regular file read through a mapping whose pages are given
 * back behind the reader (src/result/result_map.c), against the same text read
 * from memory (result_parse_buffer): the same result or the same error,
 * for the usual file and for the texts that send the reader back over
 * pages it gave back (the streaming reader declining, an error quoting a
 * key). A FIFO is read, not mapped. A file truncated or rewritten while
 * it is read fails the read. The window is one page here, so a file of
 * a few hundred runs gives pages back hundreds of times.
 *
 * madvise is defined here, so the calls from result_map.c land in it: it
 * counts them and, when a test asks, changes the file on the first one.
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "result_fixture.h"
#include "result_parse_priv.h"

enum hook { HOOK_NONE, HOOK_TRUNCATE, HOOK_REWRITE };

static int n_madvise;
static enum hook hook;
static int hook_fd = -1;

int madvise(void *addr, size_t len, int advice)
{
	if (n_madvise++ == 0 && hook == HOOK_TRUNCATE)
		assert_int_equal(ftruncate(hook_fd, 100), 0);
	if (n_madvise == 1 && hook == HOOK_REWRITE) {
		off_t end = lseek(hook_fd, 0, SEEK_END);

		/* the same size, one byte other near the end */
		assert_int_equal(pwrite(hook_fd, " ", 1, end - 2), 1);
	}
	return (int)syscall(SYS_madvise, addr, len, advice);
}

static char tmpdir[] = "/tmp/abstat-map-XXXXXX";

static int setup(void **state)
{
	(void)state;
	return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[64];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf %s", tmpdir);
	return system(cmd) ? -1 : 0;
}

/* The fixture with n runs in its first benchmark, as abstat writes it
 * (indented), "benchmarks" last. */
static char *big_text(unsigned n, size_t flags)
{
	struct result *r = fix_result();
	struct benchmark *b = &r->bench[0];
	json_t *j;
	char *s;

	for (size_t i = 0; i < b->n_runs; i++)
		result_run_free(&b->runs[i]);
	free(b->runs);
	b->n_runs = n;
	b->runs = calloc(n, sizeof(*b->runs));
	assert_non_null(b->runs);
	for (unsigned i = 0; i < n; i++) {
		b->runs[i].index = i;
		b->runs[i].n_copies = 1;
		fix_proc(&b->runs[i].total, i % 7 + 1, i % 3 != 0);
	}
	b->runs[0].warmup = true;
	j = result_to_json(r);
	assert_non_null(j);
	s = json_dumps(j, flags);
	assert_non_null(s);
	json_decref(j);
	result_clear(r);
	free(r);
	return s;
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	assert_int_equal(fputs(text, f) >= 0, 1);
	assert_int_equal(fclose(f), 0);
}

/* path read through a mapping with a one-page window */
static int map_read(const char *path, struct result **out, char *err,
		    size_t len)
{
	int fd = open(path, O_RDWR | O_CLOEXEC), rc;
	struct stat st;

	assert_true(fd >= 0);
	assert_int_equal(fstat(fd, &st), 0);
	hook_fd = fd;
	n_madvise = 0;
	rc = result_map_read(fd, &st, path, (size_t)sysconf(_SC_PAGESIZE),
			     out, err, len);
	close(fd);
	hook_fd = -1;
	return rc;
}

/* Read text both ways: the same rc, error and result. */
static void same_both_ways(const char *text, int want)
{
	char path[64], err[512], err2[512];
	struct result *a, *b;
	int ra, rb;

	snprintf(path, sizeof(path), "%s/r.json", tmpdir);
	write_file(path, text);
	ra = result_parse_buffer(text, strlen(text), path, &a, err,
				 sizeof(err));
	rb = map_read(path, &b, err2, sizeof(err2));
	assert_int_equal(ra, want);
	assert_int_equal(rb, want);
	assert_true(n_madvise > 0);
	if (ra) {
		assert_string_equal(err, err2);
		return;
	}
	assert_true(fix_same(a, b));
	result_free(a);
	result_free(b);
}

static void test_map_window(void **state)
{
	static const struct {
		bool last;
		const char *from, *to;
		int want;
	} edits[] = {
		/* the big benchmark's head read again by jansson, after its
		 * runs gave their pages back */
		{ false, "\"copies\": 1", "\"copies\": 1, \"extra\": [1]", 0 },
		/* errors at the end: the whole tree's message */
		{ true, "\"copies\": 2", "\"copies\": 2.5", -EINVAL },
		{ true, "\"region_ns\": ", "\"region_ns\": NaN, \"x\": ",
		  -EINVAL },
	};
	char *text = big_text(400, JSON_INDENT(2)), *sorted;

	(void)state;
	assert_true(strlen(text) > 32 * 4096);
	same_both_ways(text, 0);
	/* "benchmarks" first: read a second time from the start */
	sorted = big_text(400, JSON_INDENT(2) | JSON_SORT_KEYS);
	same_both_ways(sorted, 0);
	free(sorted);
	for (size_t i = 0; i < sizeof(edits) / sizeof(edits[0]); i++) {
		char *v = fix_replaced(text, edits[i].from, edits[i].to,
				       edits[i].last);

		assert_non_null(v);
		same_both_ways(v, edits[i].want);
		free(v);
	}
	free(text);
}

static void test_map_fifo(void **state)
{
	char path[64], err[512], err2[512];
	char *text = big_text(400, JSON_INDENT(2));
	struct result *a, *b;
	pid_t pid;
	int st;

	(void)state;
	snprintf(path, sizeof(path), "%s/fifo", tmpdir);
	assert_int_equal(mkfifo(path, 0600), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		int fd = open(path, O_WRONLY);
		size_t n = strlen(text), off = 0;

		while (fd >= 0 && off < n) {
			ssize_t w = write(fd, text + off, n - off);

			if (w <= 0)
				_exit(1);
			off += (size_t)w;
		}
		_exit(fd < 0);
	}
	n_madvise = 0;
	assert_int_equal(result_read(path, &b, err2, sizeof(err2)), 0);
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	assert_int_equal(n_madvise, 0);
	assert_int_equal(result_parse_buffer(text, strlen(text), path, &a, err,
					     sizeof(err)), 0);
	assert_true(fix_same(a, b));
	result_free(a);
	result_free(b);
	free(text);
	unlink(path);
}

/* The file changes on the reader's first madvise: the read fails. */
static void changed_while_read(enum hook h)
{
	char path[64], err[512], *text = big_text(400, JSON_INDENT(2));
	/* an old mtime, so that the change shows in the coarse clock */
	struct timespec old[2] = { { 946684800, 0 }, { 946684800, 0 } };
	struct result *r = NULL;

	snprintf(path, sizeof(path), "%s/changed.json", tmpdir);
	write_file(path, text);
	assert_int_equal(utimensat(AT_FDCWD, path, old, 0), 0);
	hook = h;
	assert_int_equal(map_read(path, &r, err, sizeof(err)), -EIO);
	hook = HOOK_NONE;
	assert_null(r);
	assert_non_null(strstr(err, "changed.json: the file changed while it "
				    "was read"));
	free(text);
}

static void test_map_truncated(void **state)
{
	(void)state;
	changed_while_read(HOOK_TRUNCATE);
}

static void test_map_rewritten(void **state)
{
	(void)state;
	changed_while_read(HOOK_REWRITE);
}

/* result_read: a mapped file, the usual window (no page given back in a
 * file this small), the limit and an empty file as before */
static void test_map_read(void **state)
{
	char path[64], err[512], *text = big_text(3, JSON_INDENT(2));
	struct result *r;

	(void)state;
	snprintf(path, sizeof(path), "%s/small.json", tmpdir);
	write_file(path, text);
	n_madvise = 0;
	assert_int_equal(result_read(path, &r, err, sizeof(err)), 0);
	assert_int_equal(n_madvise, 0);
	assert_int_equal(r->bench[0].n_runs, 3);
	result_free(r);
	write_file(path, "");
	assert_int_equal(result_read(path, &r, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "empty file"));
	assert_int_equal(truncate(path, (off_t)RESULT_MAX_BYTES + 1), 0);
	assert_int_equal(result_read(path, &r, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "larger than the 256 MiB limit"));
	unlink(path);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_map_window),
		cmocka_unit_test(test_map_fifo),
		cmocka_unit_test(test_map_truncated),
		cmocka_unit_test(test_map_rewritten),
		cmocka_unit_test(test_map_read),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
