/* SPDX-License-Identifier: MIT */
/*
 * sha256: SHA-256 (FIPS 180-4) of a file, to record which workload binary
 * a result measured. Written here rather than linking a crypto library:
 * abstat links no crypto library and needs only this one digest.
 */
#ifndef ABSTAT_SHA256_H
#define ABSTAT_SHA256_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct sha256 {
	uint32_t h[8];
	uint64_t bytes;     /* message length so far */
	unsigned char buf[64];
	size_t used;        /* bytes in buf */
};

/* true: never the CPU's SHA instructions (tests compare the two). */
extern bool sha256_portable;

void sha256_init(struct sha256 *s);
void sha256_update(struct sha256 *s, const void *data, size_t len);
/* Finish; hex is 65 bytes (64 hex digits and a NUL). */
void sha256_final_hex(struct sha256 *s, char hex[65]);
/* Digest of a file's contents as hex. 0 or -errno. */
int sha256_file(const char *path, char hex[65]);

#endif
