// SPDX-License-Identifier: MIT
/*
 * sha256: FIPS 180-4 section 6.2 (SHA-256), written from the standard:
 * constants K are the first 32 bits of the fractional parts of the cube
 * roots of the first 64 primes (4.2.2), H0 those of the square roots of the
 * first 8 primes (5.3.3); padding per 5.1.1 (a 1 bit, zeros, 64-bit
 * big-endian bit length).
 *
 * Where the CPU has the SHA extensions (x86: SHA-NI, CPUID.7.0:EBX[29])
 * the blocks go through them: hashing the workloads is part of every
 * session's start-up, and a 20 MB binary took 0.28 s of the portable
 * rounds here, 0.06-0.11 s with SHA-NI (bench/RESULTS.md). Both give
 * the same digest (test_sha256 checks them against each other and the
 * standard's vectors).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#if defined(__x86_64__) && defined(__GNUC__)
#define SHA256_NI 1
#include <cpuid.h>
#include <immintrin.h>
#else
#define SHA256_NI 0
#endif

#include "sha256.h"

static const uint32_t sha256_k[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
	0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
	0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
	0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
	0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
	0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
	0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static uint32_t ror(uint32_t x, unsigned n)
{
	return (x >> n) | (x << (32 - n));
}

/* One 512-bit block (6.2.2 steps 1-4). */
static void sha256_block(struct sha256 *s, const unsigned char *p)
{
	uint32_t w[64], a, b, c, d, e, f, g, h;

	for (int t = 0; t < 16; t++)
		w[t] = (uint32_t)p[4 * t] << 24 | (uint32_t)p[4 * t + 1] << 16 |
		       (uint32_t)p[4 * t + 2] << 8 | p[4 * t + 3];
	for (int t = 16; t < 64; t++) {
		uint32_t s0 = ror(w[t - 15], 7) ^ ror(w[t - 15], 18) ^
			      (w[t - 15] >> 3);
		uint32_t s1 = ror(w[t - 2], 17) ^ ror(w[t - 2], 19) ^
			      (w[t - 2] >> 10);

		w[t] = w[t - 16] + s0 + w[t - 7] + s1;
	}
	a = s->h[0], b = s->h[1], c = s->h[2], d = s->h[3];
	e = s->h[4], f = s->h[5], g = s->h[6], h = s->h[7];
	for (int t = 0; t < 64; t++) {
		uint32_t t1 = h + (ror(e, 6) ^ ror(e, 11) ^ ror(e, 25)) +
			      ((e & f) ^ (~e & g)) + sha256_k[t] + w[t];
		uint32_t t2 = (ror(a, 2) ^ ror(a, 13) ^ ror(a, 22)) +
			      ((a & b) ^ (a & c) ^ (b & c));

		h = g, g = f, f = e, e = d + t1;
		d = c, c = b, b = a, a = t1 + t2;
	}
	s->h[0] += a, s->h[1] += b, s->h[2] += c, s->h[3] += d;
	s->h[4] += e, s->h[5] += f, s->h[6] += g, s->h[7] += h;
}

#if SHA256_NI
/*
 * n blocks with SHA-NI. The state lives as ABEF and CDGH (what
 * sha256rnds2 takes); each step is 4 rounds: two sha256rnds2 of W + K,
 * the schedule of W[4g..4g+3] begun by sha256msg1 three steps earlier
 * (W[t-16] + s0(W[t-15])) and finished by W[t-7] and sha256msg2 the step
 * before (s1(W[t-2])), in four registers m[g % 4].
 */
__attribute__((target("sha,sse4.1,ssse3")))
static void sha256_blocks_ni(uint32_t h[8], const unsigned char *p,
			     size_t n)
{
	const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL,
					     0x0405060700010203ULL);
	__m128i st0, st1, tmp, msg, abef, cdgh, m[4];

	tmp = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&h[0]),
				0xB1);                      /* CDAB */
	st1 = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&h[4]),
				0x1B);                      /* EFGH */
	st0 = _mm_alignr_epi8(tmp, st1, 8);                 /* ABEF */
	st1 = _mm_blend_epi16(st1, tmp, 0xF0);              /* CDGH */
	for (; n; n--, p += 64) {
		abef = st0;
		cdgh = st1;
		for (int i = 0; i < 16; i++) {
			__m128i *cur = &m[i % 4], *prev = &m[(i + 3) % 4];
			__m128i *next = &m[(i + 1) % 4];

			if (i < 4)
				*cur = _mm_shuffle_epi8(
					_mm_loadu_si128((const __m128i *)
							(p + 16 * i)),
					bswap);
			msg = _mm_add_epi32(*cur, _mm_loadu_si128(
				(const __m128i *)&sha256_k[4 * i]));
			st1 = _mm_sha256rnds2_epu32(st1, st0, msg);
			if (i >= 3 && i <= 14) {
				tmp = _mm_alignr_epi8(*cur, *prev, 4);
				*next = _mm_sha256msg2_epu32(
					_mm_add_epi32(*next, tmp), *cur);
			}
			msg = _mm_shuffle_epi32(msg, 0x0E);
			st0 = _mm_sha256rnds2_epu32(st0, st1, msg);
			if (i >= 1 && i <= 12)
				*prev = _mm_sha256msg1_epu32(*prev, *cur);
		}
		st0 = _mm_add_epi32(st0, abef);
		st1 = _mm_add_epi32(st1, cdgh);
	}
	tmp = _mm_shuffle_epi32(st0, 0x1B);                 /* FEBA */
	st1 = _mm_shuffle_epi32(st1, 0xB1);                 /* DCHG */
	_mm_storeu_si128((__m128i *)&h[0],
			 _mm_blend_epi16(tmp, st1, 0xF0));  /* DCBA */
	_mm_storeu_si128((__m128i *)&h[4],
			 _mm_alignr_epi8(st1, tmp, 8));     /* HGFE */
}

static bool sha256_have_ni(void)
{
	static int have = -1;
	unsigned a, b, c, d;

	if (have >= 0)
		return have;
	have = __get_cpuid(1, &a, &b, &c, &d) && (c & bit_SSE4_1) &&
	       (c & bit_SSSE3) && __get_cpuid_count(7, 0, &a, &b, &c, &d) &&
	       (b & bit_SHA);
	return have;
}
#endif

bool sha256_portable;

/* n whole blocks at p: SHA-NI when the CPU has it (and sha256_portable
 * is false), else the portable rounds. */
static void sha256_blocks(struct sha256 *s, const unsigned char *p,
			  size_t n)
{
#if SHA256_NI
	if (!sha256_portable && sha256_have_ni()) {
		sha256_blocks_ni(s->h, p, n);
		return;
	}
#endif
	for (; n; n--, p += 64)
		sha256_block(s, p);
}

void sha256_init(struct sha256 *s)
{
	static const uint32_t h0[8] = {
		0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
		0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
	};

	memcpy(s->h, h0, sizeof(h0));
	s->bytes = 0;
	s->used = 0;
}

void sha256_update(struct sha256 *s, const void *data, size_t len)
{
	const unsigned char *p = data;

	s->bytes += len;
	while (len) {
		size_t n = 64 - s->used;

		if (!s->used && len >= 64) {
			/* whole blocks straight from the caller's buffer */
			n = len / 64;
			sha256_blocks(s, p, n);
			p += 64 * n;
			len -= 64 * n;
			continue;
		}
		if (n > len)
			n = len;
		memcpy(s->buf + s->used, p, n);
		s->used += n;
		p += n;
		len -= n;
		if (s->used == 64) {
			sha256_blocks(s, s->buf, 1);
			s->used = 0;
		}
	}
}

void sha256_final_hex(struct sha256 *s, char hex[65])
{
	uint64_t bits = s->bytes * 8;
	unsigned char pad[72] = { 0x80 };
	size_t npad = (s->used < 56 ? 56 : 120) - s->used;

	for (int i = 0; i < 8; i++)
		pad[npad + i] = (unsigned char)(bits >> (56 - 8 * i));
	sha256_update(s, pad, npad + 8);
	for (int i = 0; i < 8; i++)
		snprintf(hex + 8 * i, 9, "%08x", s->h[i]);
}

int sha256_file(const char *path, char hex[65])
{
	unsigned char buf[65536];
	struct sha256 s;
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	sha256_init(&s);
	while ((n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0) {
			int e = errno;

			if (e == EINTR)
				continue;
			close(fd);
			return -e;
		}
		sha256_update(&s, buf, (size_t)n);
	}
	close(fd);
	sha256_final_hex(&s, hex);
	return 0;
}
