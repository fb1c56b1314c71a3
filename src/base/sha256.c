// SPDX-License-Identifier: MIT
/*
 * sha256: the digest of a file (sha256.h), computed by nettle (Debian
 * nettle-dev), which picks the CPU's SHA instructions at run time where
 * there are some (its "fat" build: x86 SHA-NI, arm64's SHA2); hashing the
 * workloads is part of every session's start-up. Here only the file is
 * read and the digest written in hex.
 */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "sha256.h"

void sha256_init(struct sha256 *s)
{
	sha256_init_ctx(&s->ctx);
}

void sha256_update(struct sha256 *s, const void *data, size_t len)
{
	sha256_update_ctx(&s->ctx, len, data);
}

void sha256_final_hex(struct sha256 *s, char hex[65])
{
	static const char digits[] = "0123456789abcdef";
	uint8_t d[SHA256_DIGEST_SIZE];

	sha256_digest_ctx(&s->ctx, sizeof(d), d);
	for (size_t i = 0; i < sizeof(d); i++) {
		hex[2 * i] = digits[d[i] >> 4];
		hex[2 * i + 1] = digits[d[i] & 15];
	}
	hex[64] = '\0';
}

int sha256_fd(int fd, char hex[65])
{
	unsigned char buf[65536];
	struct sha256 s;
	off_t off = 0;
	ssize_t n;

	sha256_init(&s);
	while ((n = pread(fd, buf, sizeof(buf), off)) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		sha256_update(&s, buf, (size_t)n);
		off += n;
	}
	sha256_final_hex(&s, hex);
	return 0;
}

int sha256_file(const char *path, char hex[65])
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), rc;

	if (fd < 0)
		return -errno;
	rc = sha256_fd(fd, hex);
	close(fd);
	return rc;
}
