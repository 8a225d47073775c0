/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * User-space stand-ins for the kernel interfaces aes-gcm-lib.c uses, so that
 * tests/user/lib-test.c runs the library's C unchanged against OpenSSL.
 * The FPU is "usable" as lib_test_fpu_usable says, and kernel_fpu_begin()
 * outside that, or nested, aborts (the rules of the real one).
 */
#ifndef _LIBSHIM_KSHIM_H
#define _LIBSHIM_KSHIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <crypto/aes.h>

typedef uint32_t __be32;
typedef uint64_t __be64;
typedef uint32_t __le32;
typedef uint64_t __le64;

#define be32_to_cpu(x)	__builtin_bswap32(x)
#define cpu_to_be32(x)	__builtin_bswap32(x)
#define be64_to_cpu(x)	__builtin_bswap64(x)
#define cpu_to_be64(x)	__builtin_bswap64(x)
#define le32_to_cpu(x)	(x)
#define cpu_to_le32(x)	(x)
#define le64_to_cpu(x)	(x)
#define cpu_to_le64(x)	(x)

#define __must_check	__attribute__((warn_unused_result))
#define __init
#define __ro_after_init
#define __maybe_unused	__attribute__((unused))
#ifndef __always_inline
#define __always_inline	inline __attribute__((always_inline))
#endif
#define noinline	__attribute__((noinline))
#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)
#define EXPORT_SYMBOL_GPL(x)
#define IS_ENABLED(x)	1	/* only used for the test hook */
#define WRITE_ONCE(x, v)	((x) = (v))
#define READ_ONCE(x)	(x)
#define WARN_ON_ONCE(c)	({ if (c) { fprintf(stderr, "WARN_ON_ONCE at %s:%d\n", __FILE__, __LINE__); abort(); } 0; })
#define min_t(t, a, b)	((t)(a) < (t)(b) ? (t)(a) : (t)(b))
#define round_down(x, y)	((x) & ~((__typeof__(x))(y) - 1))
#define sizeof_field(t, m)	sizeof(((t *)0)->m)
#define EINVAL		22
#define EBADMSG		74

static inline uint32_t ror32(uint32_t x, unsigned int s)
{
	return (x >> s) | (x << ((32 - s) & 31));
}

static inline void memzero_explicit(void *p, size_t n)
{
	memset(p, 0, n);
	__asm__ volatile("" : : "r"(p) : "memory");
}

static inline int crypto_memneq(const void *a, const void *b, size_t n)
{
	return memcmp(a, b, n) != 0;
}

extern int lib_test_fpu_usable, lib_test_in_fpu;

static inline bool in_nmi(void)
{
	return false;
}

static inline bool irq_fpu_usable(void)
{
	return lib_test_fpu_usable && !lib_test_in_fpu;
}

static inline void kernel_fpu_begin(void)
{
	if (lib_test_in_fpu || !lib_test_fpu_usable)
		abort();
	lib_test_in_fpu = 1;
}

static inline void kernel_fpu_end(void)
{
	if (!lib_test_in_fpu)
		abort();
	lib_test_in_fpu = 0;
}

#endif
