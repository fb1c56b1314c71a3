// SPDX-License-Identifier: MIT
/*
 * flame unit tests: the model (merge, filters, tree, per-function self
 * and total) and the import parsers, as tables of cases with
 * hand-computed expectations; each case names its line.
 */
#include <errno.h>
#include <regex.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "flame.h"

#define N(x) (sizeof(x) / sizeof((x)[0]))

/* The profile's folded form, "frames count\n"..., in a static buffer. */
static const char *folded(const struct flame_profile *p)
{
	static char buf[4096];
	FILE *f = fmemopen(buf, sizeof(buf), "w");

	assert_non_null(f);
	assert_int_equal(flame_write_folded(f, p, NULL), 0);
	fclose(f);
	return buf;
}

static void load(const char *text, enum flame_import kind,
		 struct flame_profile *p)
{
	char err[256];

	memset(p, 0, sizeof(*p));
	if (flame_import_buffer(kind, text, strlen(text), "t", p, err,
				sizeof(err)))
		fail_msg("import: %s", err);
	flame_finish(p);
}

static void test_strip_offset(void **state)
{
	static const struct {
		int line;
		const char *in;
		size_t len;
	} cases[] = {
		{ __LINE__, "memcmp+0x1a", 6 },
		{ __LINE__, "tcp_recvmsg+808", 11 },
		{ __LINE__, "memcmp", 6 },
		{ __LINE__, "operator+", 9 },
		{ __LINE__, "a+b", 3 },       /* not decimal, not 0x */
		{ __LINE__, "f+0x", 4 },      /* no digits */
		{ __LINE__, "x+0xzz", 6 },
		{ __LINE__, "g+1+0x2", 3 },   /* the last '+' only */
		{ __LINE__, "+12", 3 },       /* nothing before it */
	};

	(void)state;
	for (size_t i = 0; i < N(cases); i++) {
		size_t n = flame_strip_offset(cases[i].in,
					      strlen(cases[i].in));

		if (n != cases[i].len)
			fail_msg("line %d: '%s' -> %zu", cases[i].line,
				 cases[i].in, n);
	}
}

static void test_import_ok(void **state)
{
	static const struct {
		int line;
		enum flame_import kind;
		const char *in, *folded;
	} cases[] = {
		/* btrace: no indent, hex offsets merged, leaf first */
		{ __LINE__, FLAME_IMPORT_BPFTRACE,
		  "@[\nmemcmp+0x1a\nnamei+0x43\n]: 40\n"
		  "@[\nmemcmp+0x4f\nnamei+0x43\n]: 34\n"
		  "@[\nuserland\n]: 31\n",
		  "namei_[k];memcmp_[k] 74\nuserland 31\n" },
		/* bpftrace: indented, decimal offsets, chatter around */
		{ __LINE__, FLAME_IMPORT_BPFTRACE,
		  "Attaching 1 probe...\n\n@[\n\t_raw_spin_lock+0\n"
		  "\ttcp_recvmsg+808\n]: 3\n\n",
		  "tcp_recvmsg_[k];_raw_spin_lock_[k] 3\n" },
		/* a named map, addresses before the symbols, one-line keys */
		{ __LINE__, FLAME_IMPORT_BPFTRACE,
		  "@samples[\n    0xffffffff81000000 f+12\n    g+1\n]: 2\n"
		  "@[h]: 5\n",
		  "g_[k];f_[k] 2\nh_[k] 5\n" },
		/* perf script: leaf first, kernel by DSO, offsets gone,
		 * a C++ name with blanks, no blank line at the end */
		{ __LINE__, FLAME_IMPORT_PERF_SCRIPT,
		  "spin 1 [000] 1.0: 1001 cpu-clock:\n"
		  "\tffffffff8140ddb0 __rcu_read_lock+0x0 ([kernel.kallsyms])\n"
		  "\t101829 syscall+0x19 (/usr/lib/libc.so.6)\n\n"
		  "spin 1 [000] 1.1: 1001 cpu-clock:\n"
		  "\t401000 ns::f(int, char)+0x4 (/bin/a)\n"
		  "\t401100 main+0x9 (/bin/a)\n"
		  "spin 1 [000] 1.2: 1001 cpu-clock:\n"
		  "\t101829 syscall+0x2 (/usr/lib/libc.so.6)\n",
		  "main;ns::f(int, char) 1\nsyscall 1\n"
		  "syscall;__rcu_read_lock_[k] 1\n" },
		/* perf script without -g: padded headers, the one frame on
		 * them; a tracepoint's fields are not a frame */
		{ __LINE__, FLAME_IMPORT_PERF_SCRIPT,
		  "            spin 10001 11588.542734:    1001001 cpu-clock:"
		  "      7f41c27ad829 syscall+0x19 (/usr/lib/libc.so.6)\n"
		  "            spin 10001 11588.543725:    1001001 cpu-clock:"
		  "  ffffffff8225a9d6 do_syscall_64+0x46 ([kernel.kallsyms])\n"
		  "  sh 7 [001] 2.5: sched:sched_switch: prev_comm=sh\n",
		  "[unknown] 1\ndo_syscall_64_[k] 1\nsyscall 1\n" },
		/* folded: sorted and merged, blank lines skipped */
		{ __LINE__, FLAME_IMPORT_FOLDED,
		  "b;c 2\n\na 1\nb;c 3\n", "a 1\nb;c 5\n" },
		/* a ';' inside a bpftrace frame cannot split it */
		{ __LINE__, FLAME_IMPORT_BPFTRACE, "@[\na;b+1\n]: 1\n",
		  "a:b_[k] 1\n" },
	};

	(void)state;
	for (size_t i = 0; i < N(cases); i++) {
		struct flame_profile p;

		load(cases[i].in, cases[i].kind, &p);
		if (strcmp(folded(&p), cases[i].folded))
			fail_msg("line %d: got\n%s", cases[i].line, folded(&p));
		flame_free(&p);
	}
}

static void test_import_errors(void **state)
{
	static const struct {
		int line;
		enum flame_import kind;
		const char *in, *err;
	} cases[] = {
		{ __LINE__, FLAME_IMPORT_BPFTRACE, "@[\nf+1\n]: x\n",
		  "t:3: expected a sample count" },
		{ __LINE__, FLAME_IMPORT_BPFTRACE, "@[\nf+1\ng+2\n",
		  "t:1: the stack opened here is not closed" },
		{ __LINE__, FLAME_IMPORT_BPFTRACE, "@[\nf+1\n] 3\n",
		  "t:3: expected ']: COUNT'" },
		{ __LINE__, FLAME_IMPORT_BPFTRACE, "@x\n",
		  "t:1: expected '@['" },
		{ __LINE__, FLAME_IMPORT_PERF_SCRIPT, "\tffff f (dso)\n",
		  "t:1: a frame line before any sample header" },
		{ __LINE__, FLAME_IMPORT_PERF_SCRIPT,
		  "a 1 1.0: cpu-clock:\n\tzz f (dso)\n",
		  "t:2: expected a frame" },
		{ __LINE__, FLAME_IMPORT_PERF_SCRIPT, "hello\n",
		  "t:1: expected a sample header" },
		{ __LINE__, FLAME_IMPORT_FOLDED, "a;b 1\na;b\n",
		  "t:2: expected 'frame;frame;... COUNT'" },
		{ __LINE__, FLAME_IMPORT_FOLDED, "a;b -1\n",
		  "t:1: expected" },
	};

	(void)state;
	for (size_t i = 0; i < N(cases); i++) {
		struct flame_profile p = { 0 };
		char err[256] = "";
		int rc = flame_import_buffer(cases[i].kind, cases[i].in,
					     strlen(cases[i].in), "t", &p, err,
					     sizeof(err));

		if (rc != -EINVAL || strncmp(err, cases[i].err,
					     strlen(cases[i].err)))
			fail_msg("line %d: rc %d, '%s'", cases[i].line, rc,
				 err);
		if (strchr(err, '\n'))
			fail_msg("line %d: two lines", cases[i].line);
		flame_free(&p);
	}
}

static void test_filter(void **state)
{
	static const char in[] = "main;f 3\nmain;f;sys_x_[k];copyout_[k] 5\n"
				 "sched_idle_[k];cpu_idle_[k] 100\nmain 2\n";
	static const struct {
		int line;
		const char *exclude;
		bool kernel, user;
		const char *folded;
	} cases[] = {
		{ __LINE__, NULL, false, false,
		  "main 2\nmain;f 3\nmain;f;sys_x_[k];copyout_[k] 5\n"
		  "sched_idle_[k];cpu_idle_[k] 100\n" },
		{ __LINE__, "idle", false, false,
		  "main 2\nmain;f 3\nmain;f;sys_x_[k];copyout_[k] 5\n" },
		{ __LINE__, "^f$", false, false,
		  "main 2\nsched_idle_[k];cpu_idle_[k] 100\n" },
		{ __LINE__, "idle", true, false,
		  "sys_x_[k];copyout_[k] 5\n" },
		{ __LINE__, NULL, false, true, "main 2\nmain;f 3\n" },
		{ __LINE__, "idle", true, true,
		  "main 2\nmain;f 3\nmain;f;sys_x_[k];copyout_[k] 5\n" },
	};

	(void)state;
	for (size_t i = 0; i < N(cases); i++) {
		struct flame_profile p;
		regex_t re;
		struct flame_filter f = { NULL, cases[i].kernel,
					  cases[i].user };

		load(in, FLAME_IMPORT_FOLDED, &p);
		if (cases[i].exclude) {
			assert_int_equal(regcomp(&re, cases[i].exclude,
						 REG_EXTENDED | REG_NOSUB), 0);
			f.exclude = &re;
		}
		assert_int_equal(flame_filter(&p, &f), 0);
		if (strcmp(folded(&p), cases[i].folded))
			fail_msg("line %d: got\n%s", cases[i].line, folded(&p));
		if (cases[i].exclude)
			regfree(&re);
		flame_free(&p);
	}
}

static void test_funcs(void **state)
{
	/* a recursive a: its stacks count once in its total */
	static const char in[] = "a;b;a 2\na 1\nc;b 4\n";
	static const struct {
		const char *name;
		uint64_t self, total;
	} want[] = { { "b", 4, 6 }, { "a", 3, 3 }, { "c", 0, 4 } };
	struct flame_profile p;
	struct flame_func *f;
	size_t n;

	(void)state;
	load(in, FLAME_IMPORT_FOLDED, &p);
	assert_int_equal(p.total, 7);
	assert_int_equal(flame_funcs(&p, NULL, &f, &n), 0);
	assert_int_equal(n, N(want));
	for (size_t i = 0; i < n; i++) {
		assert_string_equal(f[i].name, want[i].name);
		assert_int_equal(f[i].self, want[i].self);
		assert_int_equal(f[i].total, want[i].total);
	}
	flame_funcs_free(f, n);
	flame_free(&p);
}

static void test_tree_diff(void **state)
{
	struct flame_profile a, b;
	struct flame_node root;
	struct flame_func *f;
	size_t n;

	(void)state;
	load("m;grow 3\nm;shrink 7\ngone 2\n", FLAME_IMPORT_FOLDED, &a);
	load("m;grow 7\nm;shrink 3\n", FLAME_IMPORT_FOLDED, &b);
	assert_int_equal(flame_tree(&b, &a, &root), 0);
	assert_int_equal(root.total, 10);
	assert_int_equal(root.base, 12);
	assert_int_equal(root.n_kids, 1);
	assert_string_equal(root.kids[0].name, "m");
	assert_int_equal(root.kids[0].total, 10);
	assert_int_equal(root.kids[0].base, 10);
	assert_int_equal(root.kids[0].n_kids, 2);
	assert_string_equal(root.kids[0].kids[0].name, "grow");
	assert_int_equal(root.kids[0].kids[0].self, 7);
	assert_int_equal(root.kids[0].kids[0].base, 3);
	assert_int_equal(flame_tree_depth(&root), 2);
	flame_tree_free(&root);
	assert_int_equal(flame_funcs(&b, &a, &f, &n), 0);
	assert_int_equal(n, 4);
	assert_string_equal(f[0].name, "grow");
	assert_int_equal(f[0].base_self, 3);
	assert_string_equal(f[3].name, "gone");
	assert_int_equal(f[3].self, 0);
	assert_int_equal(f[3].base_self, 2);
	flame_funcs_free(f, n);
	flame_free(&a);
	flame_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_strip_offset),
		cmocka_unit_test(test_import_ok),
		cmocka_unit_test(test_import_errors),
		cmocka_unit_test(test_filter),
		cmocka_unit_test(test_funcs),
		cmocka_unit_test(test_tree_diff),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
