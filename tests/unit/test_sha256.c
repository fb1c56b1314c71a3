// SPDX-License-Identifier: MIT
/* sha256: the standard's vectors (FIPS 180-4 examples, NIST CSRC), fed
 * whole and in 7-byte pieces, and random messages of every length to 300
 * bytes and some longer, fed whole and in odd pieces: the same digest
 * both ways, and that of sha256_file on the same bytes. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "sha256.h"

static void digest(const void *p, size_t n, size_t piece, char hex[65])
{
	const unsigned char *c = p;
	struct sha256 s;

	sha256_init(&s);
	for (size_t at = 0; at < n; at += piece)
		sha256_update(&s, c + at, n - at < piece ? n - at : piece);
	sha256_final_hex(&s, hex);
}

static const struct {
	const char *msg;
	size_t repeat;  /* the message is msg this many times */
	const char *want;
	int line;
} vectors[] = {
	{ "abc", 1,
	  "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
	  __LINE__ },
	{ "", 1,
	  "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
	  __LINE__ },
	{ "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 1,
	  "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
	  __LINE__ },
	{ "a", 1000000,
	  "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
	  __LINE__ },
};

static void test_vectors(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(vectors) / sizeof(vectors[0]); i++) {
		size_t n = strlen(vectors[i].msg) * vectors[i].repeat;
		char *m = malloc(n + 1), hex[65];

		assert_non_null(m);
		for (size_t k = 0; k < vectors[i].repeat; k++)
			memcpy(m + k * strlen(vectors[i].msg), vectors[i].msg,
			       strlen(vectors[i].msg));
		digest(m, n, n ? n : 1, hex);
		if (strcmp(hex, vectors[i].want))
			fail_msg("line %d: %s", vectors[i].line, hex);
		digest(m, n, 7, hex);
		if (strcmp(hex, vectors[i].want))
			fail_msg("line %d, in pieces: %s", vectors[i].line, hex);
		free(m);
	}
}

static void test_random_lengths(void **state)
{
	static unsigned char m[70000];
	static const size_t longer[] = { 1023, 4096, 65536, 65601, 70000 };
	uint64_t x = 0x9e3779b97f4a7c15u;
	char a[65], b[65];

	(void)state;
	for (size_t i = 0; i < sizeof(m); i++) {
		x = x * 6364136223846793005u + 1442695040888963407u;
		m[i] = (unsigned char)(x >> 56);
	}
	for (size_t n = 0; n <= 300 + 5; n++) {
		size_t len = n <= 300 ? n : longer[n - 301];

		digest(m, len, len ? len : 1, a);
		digest(m, len, 65, b);
		if (strcmp(a, b))
			fail_msg("length %zu: whole %s, in pieces %s", len, a, b);
		digest(m, len, 1 + len / 3, b);
		assert_string_equal(a, b);
	}
}

/* sha256_file: the digest of the file's bytes, as sha256sum prints it */
static void test_file(void **state)
{
	char path[] = "/tmp/abstat-sha256.XXXXXX", hex[65];
	int fd = mkstemp(path);

	(void)state;
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "abc", 3), 3);
	close(fd);
	assert_int_equal(sha256_file(path, hex), 0);
	unlink(path);
	assert_string_equal(hex, vectors[0].want);
	assert_int_equal(sha256_file(path, hex), -ENOENT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_vectors),
		cmocka_unit_test(test_random_lengths),
		cmocka_unit_test(test_file),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
