// SPDX-License-Identifier: MIT
/* Unit tests: journal append, crash (abandon), recover, finish. */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "journal.h"
#include "result_fixture.h"

struct jt {
	char dir[64];
	char out[128];
	char jpath[160];
	struct result *r;
};

static int setup(void **state)
{
	struct jt *t = calloc(1, sizeof(*t));

	snprintf(t->dir, sizeof(t->dir), "/tmp/abstat-journal.XXXXXX");
	if (!mkdtemp(t->dir))
		return -1;
	snprintf(t->out, sizeof(t->out), "%s/r.json", t->dir);
	snprintf(t->jpath, sizeof(t->jpath), "%s.journal", t->out);
	t->r = fix_result();
	*state = t;
	return 0;
}

static int teardown(void **state)
{
	struct jt *t = *state;
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", t->dir);
	if (system(cmd))
		return -1;
	result_free(t->r);
	free(t);
	return 0;
}

/* Write every run of the fixture to a journal, then "crash". */
static void journal_all(struct jt *t, struct journal **keep)
{
	struct journal *j;
	char err[512];

	assert_int_equal(journal_open(t->out, t->r, false, &j, err,
				      sizeof(err)), 0);
	assert_string_equal(journal_path(j), t->jpath);
	for (size_t b = 0; b < t->r->n_bench; b++)
		for (size_t i = 0; i < t->r->bench[b].n_runs; i++)
			assert_int_equal(journal_append(j, b,
							&t->r->bench[b].runs[i],
							err, sizeof(err)), 0);
	if (keep)
		*keep = j;
	else
		journal_abandon(j);
}

static void append_text(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_APPEND);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
}

static void test_crash_recover(void **state)
{
	struct jt *t = *state;
	struct result *back;
	char err[512], *a, *b;

	journal_all(t, NULL);
	assert_int_equal(access(t->out, F_OK), -1); /* nothing published */
	assert_int_equal(journal_recover(t->jpath, &back, err, sizeof(err)), 0);
	assert_string_equal(back->status, "partial");
	/* the same runs: equal once the status is the same */
	free(t->r->status);
	t->r->status = strdup("partial");
	a = fix_text(t->r);
	b = fix_text(back);
	assert_string_equal(a, b);
	assert_int_equal(back->bench[0].n_runs, 3);
	assert_int_equal(back->bench[1].runs[0].n_copies, 2);
	free(a);
	free(b);
	result_free(back);
}

static void test_torn_line(void **state)
{
	struct jt *t = *state;
	struct result *back;
	char err[512];
	size_t nw;

	journal_all(t, NULL);
	/* a crash in the middle of writing a run */
	append_text(t->jpath, "{\"bench\":0,\"run\":{\"index\":3,\"warm");
	assert_int_equal(journal_recover(t->jpath, &back, err, sizeof(err)), 0);
	assert_int_equal(back->bench[0].n_runs, 3);
	nw = json_array_size(back->warnings);
	assert_true(nw >= 2);
	assert_non_null(strstr(json_string_value(json_array_get(back->warnings,
		nw - 1)), "journal line 6 was incomplete"));
	result_free(back);
}

struct bad_journal {
	int line;
	const char *append; /* after the good lines */
	const char *want;
};

static const struct bad_journal bad_journals[] = {
	{ __LINE__, "garbage\n{\"bench\":0}\n", ": line 6, column 7: invalid JSON" },
	{ __LINE__, "{\"bench\":9,\"run\":{}}\n{}\n", ": line 6: bench: expected a benchmark index below 2" },
	{ __LINE__, "{\"bench\":0,\"run\":{\"index\":0}}\n{}\n", ": line 6: run.warmup: missing" },
	{ __LINE__, "{\"bench\":0}\n{}\n", ": line 6: run: expected an object" },
};

static void test_bad_lines(void **state)
{
	struct jt *t = *state;

	journal_all(t, NULL);
	for (size_t i = 0; i < sizeof(bad_journals) / sizeof(bad_journals[0]);
	     i++) {
		const struct bad_journal *c = &bad_journals[i];
		char copy[200], cmd[400], err[512] = "";
		struct result *back = NULL;
		int rc;

		snprintf(copy, sizeof(copy), "%s/r.json.journal.%zu", t->dir, i);
		snprintf(cmd, sizeof(cmd), "cp '%s' '%s'", t->jpath, copy);
		assert_int_equal(system(cmd), 0);
		append_text(copy, c->append);
		rc = journal_recover(copy, &back, err, sizeof(err));
		if (rc != -EINVAL || !strstr(err, c->want) ||
		    strncmp(err, copy, strlen(copy)))
			fail_msg("case at line %d: rc %d err '%s'", c->line, rc,
				 err);
		assert_null(back);
	}
}

static void test_bad_header(void **state)
{
	struct jt *t = *state;
	struct result *back;
	char err[512];
	FILE *f;

	/* a result file is not a journal */
	assert_int_equal(result_write(t->r, t->out, false, err, sizeof(err)),
			 0);
	assert_int_equal(journal_recover(t->out, &back, err, sizeof(err)),
			 -EINVAL);
	f = fopen(t->jpath, "w");
	fputs("{\"format\":\"abstat-journal\",\"schema_ver", f);
	fclose(f);
	assert_int_equal(journal_recover(t->jpath, &back, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "line 1: the header is incomplete"));
	f = fopen(t->jpath, "w");
	fclose(f);
	assert_int_equal(journal_recover(t->jpath, &back, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "empty file"));
	assert_int_equal(journal_recover("/nonexistent-abstat.journal", &back,
					 err, sizeof(err)), -ENOENT);
}

static void test_finish(void **state)
{
	struct jt *t = *state;
	struct journal *j;
	struct result *back;
	char err[512];

	journal_all(t, &j);
	assert_int_equal(access(t->jpath, F_OK), 0);
	assert_int_equal(journal_finish(j, t->r, false, err, sizeof(err)), 0);
	assert_int_equal(access(t->jpath, F_OK), -1); /* removed after */
	assert_int_equal(result_read(t->out, &back, err, sizeof(err)), 0);
	assert_string_equal(back->status, "complete");
	result_free(back);

	/* a journal already there: refused with how to recover it */
	unlink(t->out);
	journal_all(t, NULL);
	assert_int_equal(journal_open(t->out, t->r, true, &j, err, sizeof(err)),
			 0); /* --force: starts over */
	journal_abandon(j);
	unlink(t->out);
	assert_int_equal(journal_open(t->out, t->r, false, &j, err,
				      sizeof(err)), -EEXIST);
	assert_non_null(strstr(err, "abstat recover"));
}

static void test_finish_fails(void **state)
{
	struct jt *t = *state;
	struct journal *j;
	struct result *back;
	char err[512];
	FILE *f;

	journal_all(t, &j);
	/* someone else took the name meanwhile: no overwrite, journal kept */
	f = fopen(t->out, "w");
	fputs("theirs\n", f);
	fclose(f);
	assert_int_equal(journal_finish(j, t->r, false, err, sizeof(err)),
			 -EEXIST);
	assert_non_null(strstr(err, "abstat recover"));
	assert_non_null(strstr(err, t->jpath));
	assert_int_equal(access(t->jpath, F_OK), 0);
	assert_int_equal(journal_recover(t->jpath, &back, err, sizeof(err)), 0);
	assert_int_equal(back->bench[0].n_runs, 3);
	result_free(back);
	f = fopen(t->out, "r");
	assert_non_null(fgets(err, sizeof(err), f));
	fclose(f);
	assert_string_equal(err, "theirs\n");
}

static void test_output_exists(void **state)
{
	struct jt *t = *state;
	struct journal *j;
	char err[512];

	assert_int_equal(result_write(t->r, t->out, false, err, sizeof(err)),
			 0);
	assert_int_equal(journal_open(t->out, t->r, false, &j, err,
				      sizeof(err)), -EEXIST);
	assert_non_null(strstr(err, "--force"));
	assert_int_equal(access(t->jpath, F_OK), -1);
}

#define TEST(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		TEST(test_crash_recover),
		TEST(test_torn_line),
		TEST(test_bad_lines),
		TEST(test_bad_header),
		TEST(test_finish),
		TEST(test_finish_fails),
		TEST(test_output_exists),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
