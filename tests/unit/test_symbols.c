// SPDX-License-Identifier: MIT
/* symbols: kallsyms and perf-PID.map read from a fake root (a table of
 * lookups, tagged with their line), kptr_restrict's zeros, user lookups
 * in this test binary's own mapping through libdwfl. */
#include <errno.h>
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

#include "symbols.h"

static char root[64];

static void put(const char *rel, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s%s", root, rel);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static int setup(void **state)
{
	char path[128];

	snprintf(root, sizeof(root), "/tmp/abstat-sym-XXXXXX");
	if (!mkdtemp(root))
		return -1;
	snprintf(path, sizeof(path), "%s/proc", root);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/tmp", root);
	mkdir(path, 0755);
	return 0;
}

static int teardown(void **state)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	return system(cmd);
}

static const char kallsyms[] =
	"ffffffff81000000 T _stext\n"
	"ffffffff81001000 t __pfx_do_syscall_64\n"
	"ffffffff81001010 T do_syscall_64\n"
	"ffffffff81002000 D some_data\n"
	"ffffffff81003000 T __x64_sys_getppid\n"
	"ffffffff81003000 t __do_sys_getppid\n"
	"ffffffff81004000 W weak_fn\n"
	"ffffffff81005000 T _etext\n"
	"ffffffff82000000 T _sinittext\n"
	"ffffffff82000000 T init_fn\n"
	"ffffffff82000100 T _einittext\n"
	"ffffffffc0000000 t mod_fn\t[e1000]\n"
	"ffffffffc0000100 t mod_fn2\t[e1000]\n"
	"ffffffffc0100000 t bpf_prog_6deef7357e7b4530_sd_fw\t[bpf]\n"
	"ffffffffc0300000 t late_fn\t[nomod]\n";
/* the module's size: e1000 ends at ffffffffc0000200 */
static const char modules[] =
	"e1000 512 0 - Live 0xffffffffc0000000\n";

struct lookup {
	int line;
	uint64_t addr;
	const char *want; /* NULL: none */
};

static const struct lookup lookups[] = {
	{ __LINE__, 0xffffffff80ffffffull, NULL },
	/* a section's start or end marker names nothing */
	{ __LINE__, 0xffffffff81000000ull, NULL },
	{ __LINE__, 0xffffffff81001008ull, NULL }, /* padding skipped */
	{ __LINE__, 0xffffffff81001010ull, "do_syscall_64" },
	{ __LINE__, 0xffffffff81002500ull, "do_syscall_64" }, /* data skipped */
	{ __LINE__, 0xffffffff81003004ull, "__x64_sys_getppid" }, /* alias */
	{ __LINE__, 0xffffffff81004001ull, "weak_fn" },
	{ __LINE__, 0xffffffffc0000040ull, "mod_fn" },
	{ __LINE__, 0xffffffff81004fffull, "weak_fn" },
	{ __LINE__, 0xffffffff81005000ull, NULL }, /* past _etext */
	{ __LINE__, 0xffffffff81f00000ull, NULL }, /* in the gap */
	{ __LINE__, 0xffffffff82000000ull, "init_fn" }, /* at a marker */
	{ __LINE__, 0xffffffff820000ffull, "init_fn" },
	{ __LINE__, 0xffffffff82000100ull, NULL }, /* past _einittext */
	{ __LINE__, 0xffffffffbfffffffull, NULL },
	{ __LINE__, 0xffffffffc0000180ull, "mod_fn2" },
	{ __LINE__, 0xffffffffc0000200ull, NULL }, /* past the module */
	{ __LINE__, 0xffffffffc0100040ull, "bpf_prog_6deef7357e7b4530_sd_fw" },
	{ __LINE__, 0xffffffffc0101000ull, NULL }, /* a page on: unknown */
	{ __LINE__, 0xffffffffc0300010ull, "late_fn" },
	{ __LINE__, 0xffffffffc0301000ull, NULL }, /* past the last */
};

static void test_kallsyms(void **state)
{
	struct symtab t = { 0 };
	char err[256];

	put("/proc/kallsyms", kallsyms);
	put("/proc/modules", modules);
	assert_int_equal(symtab_kallsyms(root, &t, err, sizeof(err)), 0);
	for (size_t i = 0; i < sizeof(lookups) / sizeof(lookups[0]); i++) {
		const char *got = symtab_find(&t, lookups[i].addr);

		if (!lookups[i].want ? got != NULL :
		    !got || strcmp(got, lookups[i].want))
			fail_msg("line %d: %s, want %s", lookups[i].line,
				 got ? got : "NULL",
				 lookups[i].want ? lookups[i].want : "NULL");
	}
	symtab_free(&t);
}

static void test_kallsyms_restricted(void **state)
{
	struct symtab t = { 0 };
	char err[256];

	put("/proc/kallsyms", "0000000000000000 T _stext\n"
			      "0000000000000000 T do_syscall_64\n");
	assert_int_equal(symtab_kallsyms(root, &t, err, sizeof(err)), -EPERM);
	assert_non_null(strstr(err, "kptr_restrict"));
	symtab_free(&t);
}

static void test_kallsyms_missing(void **state)
{
	struct symtab t = { 0 };
	char err[256];

	assert_int_equal(symtab_kallsyms("/nonexistent", &t, err, sizeof(err)),
			 -ENOENT);
	assert_non_null(strstr(err, "kallsyms"));
}

static void test_perf_map(void **state)
{
	struct symtab t = { 0 };

	put("/tmp/perf-4242.map", "7f0000001000 40 jit_loop\n"
				  "7f0000002000 10 Interp::run(int; long)\n"
				  "garbage line\n");
	assert_int_equal(symtab_perf_map(root, 4242, geteuid(), &t), 0);
	assert_int_equal(t.n, 2);
	assert_string_equal(symtab_find(&t, 0x7f0000001000ull), "jit_loop");
	assert_string_equal(symtab_find(&t, 0x7f000000103full), "jit_loop");
	assert_null(symtab_find(&t, 0x7f0000001040ull)); /* past its size */
	assert_string_equal(symtab_find(&t, 0x7f0000002008ull),
			    "Interp::run(int; long)");
	symtab_free(&t);
	assert_int_equal(symtab_perf_map(root, 1, geteuid(), &t), 0); /* none */
	assert_int_equal(t.n, 0);
}

/*
 * A workload makes its own perf map, so it can put anything at the name:
 * a FIFO (abstat would block on it forever), a symlink to a file only
 * root may read, a file another user owns. None of them is read (and
 * none blocks); a regular file of the workload's user or root is.
 */
static void test_perf_map_hostile(void **state)
{
	const char *map = "0 ffffffffffff leaked\n";
	char path[256], secret[256];
	struct symtab t = { 0 };
	uid_t me = geteuid();
	uid_t other = me == 65534 ? 65533 : 65534;

	(void)state;
	snprintf(path, sizeof(path), "%s/tmp/perf-5001.map", root);
	assert_int_equal(mkfifo(path, 0600), 0);
	assert_int_equal(symtab_perf_map(root, 5001, me, &t), 0);
	assert_int_equal(t.n, 0);

	snprintf(secret, sizeof(secret), "%s/secret", root);
	put("/secret", map);
	assert_int_equal(chmod(secret, 0600), 0);
	snprintf(path, sizeof(path), "%s/tmp/perf-5002.map", root);
	assert_int_equal(symlink(secret, path), 0);
	assert_int_equal(symtab_perf_map(root, 5002, me, &t), 0);
	assert_int_equal(t.n, 0);

	put("/tmp/perf-5003.map", map); /* ours: read */
	assert_int_equal(symtab_perf_map(root, 5003, me, &t), 0);
	assert_int_equal(t.n, 1);
	symtab_free(&t);
	/* another user's, read for a workload of a third user: not read,
	 * unless owned by root */
	snprintf(path, sizeof(path), "%s/tmp/perf-5003.map", root);
	if (me != 0 || chown(path, other, other)) {
		print_message("not root: another user's file is not made\n");
		return;
	}
	assert_int_equal(symtab_perf_map(root, 5003, 1234, &t), 0);
	assert_int_equal(t.n, 0);
	assert_int_equal(chown(path, 0, 0), 0); /* root's: read */
	assert_int_equal(symtab_perf_map(root, 5003, 1234, &t), 0);
	assert_int_equal(t.n, 1);
	symtab_free(&t);
}

__attribute__((noinline)) int symbols_probe_fn(int x);
__attribute__((noinline)) int symbols_probe_fn(int x)
{
	return x * 3 + 1;
}

/* A function of one byte, then 64 bytes in no symbol, then another:
 * an address in the gap is the file's, not the function before it. */
__asm__(".text\n"
	".globl symbols_gap_fn\n.type symbols_gap_fn, @function\n"
	"symbols_gap_fn:\n\tret\n.size symbols_gap_fn, 1\n"
	".skip 64, 0xcc\n"
	".globl symbols_gap_after\n.type symbols_gap_after, @function\n"
	"symbols_gap_after:\n\tret\n.size symbols_gap_after, 1\n");
extern char symbols_gap_fn[];

/* This binary's own executable mapping, as a sampler would report it. */
static void test_user(void **state)
{
	uint64_t addr = (uint64_t)(uintptr_t)&symbols_probe_fn + 2;
	struct usyms *u;
	char line[4096], buf[256];
	FILE *f = fopen("/proc/self/maps", "r");
	bool mapped = false;

	assert_non_null(f);
	assert_int_equal(usyms_new("", geteuid(), &u), 0);
	while (fgets(line, sizeof(line), f)) {
		unsigned long long s, e, off;
		char perm[8], path[4096] = "";

		if (sscanf(line, "%llx-%llx %7s %llx %*s %*s %4095s", &s, &e,
			   perm, &off, path) < 4 || perm[2] != 'x')
			continue;
		assert_int_equal(usyms_map(u, 7, s, e - s, off, path), 0);
		mapped |= addr >= s && addr < e;
	}
	fclose(f);
	assert_true(mapped);
	usyms_find(u, 7, addr, buf, sizeof(buf));
	if (!strcmp(usyms_backend, "libdw"))
		assert_string_equal(buf, "symbols_probe_fn");
	else
		assert_string_equal(buf, "[test_symbols]");
	usyms_find(u, 7, (uint64_t)(uintptr_t)symbols_gap_fn + 16, buf,
		   sizeof(buf));
	assert_string_equal(buf, "[test_symbols]");
	usyms_find(u, 8, addr, buf, sizeof(buf)); /* another process */
	assert_string_equal(buf, "[unknown]");
	usyms_find(u, 7, 16, buf, sizeof(buf)); /* nothing mapped there */
	assert_string_equal(buf, "[unknown]");
	usyms_free(u);
	assert_int_equal(symbols_probe_fn(1), 4);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kallsyms),
		cmocka_unit_test(test_kallsyms_restricted),
		cmocka_unit_test(test_kallsyms_missing),
		cmocka_unit_test(test_perf_map),
		cmocka_unit_test(test_perf_map_hostile),
		cmocka_unit_test(test_user),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
