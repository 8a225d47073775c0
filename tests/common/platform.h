/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The contract between the shared test driver (tests/common) and a platform
 * that runs it: user space (tests/user) or the bare-metal image (emu/).
 *
 * Building tests/common/ *.c
 * ---------------------------
 * The files compile, unchanged, with
 *
 *	gcc -ffreestanding -mno-red-zone -O2 -Wall -Wextra \
 *	    -I tests/compat -I <repo root>
 *
 * and include only <stdint.h>, <stddef.h>, <stdbool.h>, <stdarg.h>, the
 * compat headers of tests/compat (this file takes u8/u32/u64 from its
 * <crypto/aes.h>) and this file.  -ffreestanding implies
 * -fno-builtin; gcc may still emit calls to memcpy/memset/memmove/memcmp
 * for structure copies, so a platform must define those four anyway.
 *
 * The platform provides exactly the C library subset declared below:
 *
 *	memcpy memset memcmp memmove strlen strcmp
 *	printf with conversions %s %c %d %u %x %ld %lu %lx %llu %llx %zu,
 *	optionally with the '0' flag and a field width (e.g. "%02x").
 *
 * The platform links every assembly file of the module (aesni-intel-asm
 * in Kbuild) and aes-gcm-keys.c: impls.c references their functions
 * strongly, so a missing one fails the link.
 *
 * Output
 * ------
 * run_tests() prints one summary line per test, e.g.
 *
 *	xts vaes_avx2 aes256 enc: PASS (131072 cases)
 *	gcm aesni aes192: FAIL (3 of 5000 cases)
 *	xts vaes_avx10_512: SKIPPED (CPU lacks AVX512F)
 *	gcm vaes_avx2: FAIL (CPU lacks VAES, yet the platform has every
 *	    feature it needs)		(see test_platform.expect_feats)
 *
 * (each such line is one test; a failure is preceded by reproducer lines
 * starting with "  FAIL "), and as its very last line
 *
 *	N passed, N failed, N skipped
 *
 * A runner may treat that line as the end of the run.
 */
#ifndef _TESTS_PLATFORM_H
#define _TESTS_PLATFORM_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <crypto/aes.h>		/* tests/compat: u8, u32, u64 */
#include <linux/compiler_attributes.h>	/* tests/compat: __printf */

void *memcpy(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
void *memmove(void *dst, const void *src, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
int printf(const char *fmt, ...) __printf(1, 2);

/* Number of independent buffers the driver asks test_platform.buf() for. */
#define TEST_BUF_SLOTS		7
/*
 * A buffer may be up to TEST_BUF_MAX(max_random_len) + TEST_BUF_SLACK bytes
 * long: every length up to 1024 is tested, and so are a few XTS messages of
 * up to TEST_XTS_LONG_LEN bytes (whose main loop then takes its AMD form,
 * from 4096 bytes on zmm), whatever max_random_len.
 */
#define TEST_BUF_SLACK		256
#define TEST_XTS_LONG_LEN	5120
#define TEST_BUF_MAX(max_random_len)					\
	((max_random_len) > TEST_XTS_LONG_LEN ? (max_random_len) : TEST_XTS_LONG_LEN)

/* One Wycheproof test case; absent fields have length 0. */
struct wp_case {
	unsigned int tc_id;
	const u8 *key, *iv, *aad, *msg, *ct, *tag;
	unsigned int keylen, ivlen, aadlen, msglen, ctlen, taglen;
	bool valid;		/* "valid" or "acceptable": must be accepted */
};

struct test_platform {
	const char *name;		/* printed in the banner */
	u64 seed;			/* for the driver's own PRNG */
	unsigned int random_cases;	/* random cases per implementation */
	unsigned int max_random_len;	/* longest random message, bytes */
	/* every length up to this is tested (0: 1024, the full set) */
	unsigned int exhaustive_len;
	/* GCM messages per impl and key size tampered bit by bit (0: 8) */
	unsigned int flip_messages;

	/*
	 * buf() returns slot @slot (0 .. TEST_BUF_SLOTS - 1) as a buffer of
	 * @len bytes.  With @guard_before the buffer starts right after a
	 * guard region, else it ends right before one; in user space a guard
	 * is an inaccessible page (so an over-read or over-write faults), on
	 * bare metal it may be ordinary memory.  The buffer stays valid until
	 * the next call for the same slot; its contents are undefined.
	 * @len <= TEST_BUF_MAX(max_random_len) + TEST_BUF_SLACK.
	 */
	u8 *(*buf)(unsigned int slot, size_t len, bool guard_before);

	/*
	 * Optional (NULL on bare metal): independent references.  Each
	 * returns false if it does not support the request (e.g. OpenSSL
	 * has no XTS-AES-192), true when it has written the result.
	 * @keylen is the AES key size in bytes (XTS: of each half; @key
	 * holds both halves).
	 */
	bool (*xts_oracle)(bool enc, const u8 *key, unsigned int keylen,
			   const u8 iv[16], const u8 *src,
			   u8 *dst, size_t len);
	/* GCM encryption with a 12-byte IV; writes the full 16-byte tag. */
	bool (*gcm_oracle)(const u8 *key, unsigned int keylen,
			   const u8 iv[12], const u8 *aad,
			   size_t aadlen, const u8 *src, u8 *dst,
			   size_t len, u8 tag[16]);

	/*
	 * @mode "ecb", "cbc", "ctr" (128-bit big-endian counter in @iv) or
	 * "cts" (CBC-CS3): @len bytes from @src to @dst, IV not updated.
	 */
	bool (*mode_oracle)(const char *mode, bool enc, const u8 *key,
			    unsigned int keylen, const u8 iv[16],
			    const u8 *src, u8 *dst, size_t len);

	/*
	 * Optional (NULL on bare metal): calls @fn for every test case of
	 * the Wycheproof file @file ("aes_xts_test.json", ...).  Returns the
	 * number of cases, or -1 if the vectors are not available.
	 */
	int (*wycheproof_each)(const char *file,
			       void (*fn)(const struct wp_case *c, void *ctx),
			       void *ctx);

	/*
	 * The CPU features (BIT(CPU_*) of cpu.h) the platform vouches for,
	 * apart from CPUID: Linux's /proc/cpuinfo flags in user space, the
	 * emulated CPU model on bare metal.  An implementation that needs
	 * only these and still cannot run is FAILED, not SKIPPED.  0: none.
	 */
	unsigned int expect_feats;

	/*
	 * Optional, for proving the rig can fail: "xts:<impl>",
	 * "gcm:<impl>" or "<mode>:<impl>" (modes.c) makes the driver flip
	 * one output byte of that implementation after every call.  NULL
	 * normally.
	 */
	const char *corrupt;
};

/* Runs every test; returns the number of failed tests. */
unsigned int run_tests(const struct test_platform *p);

/*
 * Prints the test case in progress ("  CRASH in xts aesni aes128 enc: len
 * ..."); a platform may call it from its fault handler before giving up.
 */
void test_report_crash(void);

#endif /* _TESTS_PLATFORM_H */
