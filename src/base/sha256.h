/* SPDX-License-Identifier: MIT */
/*
 * sha256: SHA-256 (FIPS 180-4) of a file, to record which workload binary
 * a result measured (and which abstat a boot plan runs). The digest is
 * nettle's (sha256.c); this interface keeps its callers off nettle's
 * names.
 */
#ifndef ABSTAT_SHA256_H
#define ABSTAT_SHA256_H

#include <stddef.h>
#include <stdint.h>

#include <nettle/sha2.h>

/* nettle's names are macros (sha256_init is nettle_sha256_init): ours
 * are the same words, so nettle's are taken by their own names */
#define sha256_init_ctx nettle_sha256_init
#define sha256_update_ctx nettle_sha256_update
#define sha256_digest_ctx nettle_sha256_digest
#undef sha256_init
#undef sha256_update
#undef sha256_digest

struct sha256 {
	struct sha256_ctx ctx;
};

void sha256_init(struct sha256 *s);
void sha256_update(struct sha256 *s, const void *data, size_t len);
/* Finish; hex is 65 bytes (64 hex digits and a NUL). */
void sha256_final_hex(struct sha256 *s, char hex[65]);
/* Digest of a file's contents as hex. 0 or -errno. */
int sha256_file(const char *path, char hex[65]);
/* The same of an open file, read from its start (pread: its offset
 * stays). 0 or -errno. */
int sha256_fd(int fd, char hex[65]);

#endif
