/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The implementations under test, as two tables of function pointers, so
 * that one driver serves every implementation.
 */
#ifndef _TESTS_IMPLS_H
#define _TESTS_IMPLS_H

#include "platform.h"
#include "aesni-intel.h"

typedef void (*xts_fn)(const struct crypto_aes_ctx *key, const u8 *src,
		       u8 *dst, unsigned int len, u8 tweak[16]);

struct xts_impl {
	const char *name;
	unsigned int feats;		/* CPU_FEATS_* it needs */
	xts_fn enc, dec;
};

/*
 * The GCM key structs differ per implementation, so the table's functions
 * take the key as void *; impls.c wraps each assembly function.
 */
struct gcm_impl {
	const char *name;
	unsigned int feats;
	size_t key_size;		/* of its key struct (align <= 64) */
	/* the bytes that the precompute functions fill */
	size_t powers_start, powers_end;
	void (*precompute)(void *key);
	void (*precompute_c)(void *key, const u8 h[16]);
	void (*aad_update)(const void *key, u8 ghash_acc[16], const u8 *aad,
			   int aadlen);
	void (*enc_update)(const void *key, const u32 le_ctr[4],
			   u8 ghash_acc[16], const u8 *src, u8 *dst,
			   int datalen);
	void (*dec_update)(const void *key, const u32 le_ctr[4],
			   u8 ghash_acc[16], const u8 *src, u8 *dst,
			   int datalen);
	void (*enc_final)(const void *key, const u32 le_ctr[4],
			  u8 ghash_acc[16], u64 total_aadlen,
			  u64 total_datalen);
	bool (*dec_final)(const void *key, const u32 le_ctr[4],
			  const u8 ghash_acc[16], u64 total_aadlen,
			  u64 total_datalen, const u8 tag[16], int taglen);
	/* the one-call functions; both NULL while not implemented yet */
	void (*enc_oneshot)(const void *key, const u32 le_ctr[4],
			    const u8 *aad, unsigned int aadlen, const u8 *src,
			    u8 *dst, unsigned int datalen, u8 tag[16]);
	bool (*dec_oneshot)(const void *key, const u32 le_ctr[4],
			    const u8 *aad, unsigned int aadlen, const u8 *src,
			    u8 *dst, unsigned int datalen, const u8 *tag,
			    unsigned int taglen);
};

#define NR_XTS_IMPLS	8	/* 5, vaes_avx2 and _avx10_256/512 twice */
#define NR_GCM_IMPLS	6	/* 5, vaes_avx10_512 twice */
/* The first 5 rows: the glue's implementations, in its order */
#define NR_GCM_GLUE_IMPLS 5

extern const struct xts_impl xts_impls[NR_XTS_IMPLS];
extern const struct gcm_impl gcm_impls[NR_GCM_IMPLS];

/* aes_xts_encrypt_iv() */
extern void (*const xts_encrypt_iv)(const struct crypto_aes_ctx *tweak_key,
				    u8 iv[16]);

/*
 * NULL if the implementation can run here, else the CPU's reason (see
 * cpu_missing()).  The string is valid until the next call.
 */
const char *xts_impl_unavailable(const struct xts_impl *impl);
const char *gcm_impl_unavailable(const struct gcm_impl *impl);
/* the same for aes_xts_encrypt_iv(), which needs only AES-NI */
const char *xts_iv_unavailable(void);

#endif /* _TESTS_IMPLS_H */
