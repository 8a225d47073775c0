/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aesni-gcm.h: the AES-GCM library exported by the aesni-intel module.
 *
 * The same functions, with the same arguments and meaning, as Linux's
 * <crypto/aes-gcm.h> (aes_gcm_preparekey(), aes_gcm_encrypt(), ...), with
 * the names prefixed "aesni_".  Code written for the mainline names builds
 * unchanged against kernels that lack them with <aesni-gcm-compat.h>.
 *
 * Every function may be called in any context, hard IRQ and NMI included.
 * Where the FPU can be used, the work is done by the fastest implementation
 * of the module that the CPU runs (chosen when the module loads, as for the
 * crypto API); elsewhere by portable constant-time C that gives the same
 * results.  A whole message of up to AESNI_GCM_ONESHOT_MAX_DATA bytes with up
 * to AESNI_GCM_ONESHOT_MAX_AD bytes of associated data is one assembly call
 * in one kernel FPU section; longer ones are processed in FPU sections of at
 * most AESNI_GCM_SECTION_MAX bytes, so preemption is never held off for long.
 *
 * Nonces are 12 bytes.  Tags are 4, 8, 12, 13, 14, 15 or 16 bytes (fixed by
 * aesni_gcm_preparekey()).  The buffers may have any alignment; the key and
 * context structs need only their natural alignment (16 bytes).
 */
#ifndef _AESNI_GCM_H
#define _AESNI_GCM_H

#include <linux/compiler.h>
#include <linux/types.h>

#define AESNI_GCM_ONESHOT_MAX_DATA	16384
#define AESNI_GCM_ONESHOT_MAX_AD	512
#define AESNI_GCM_SECTION_MAX		16384

/**
 * struct aesni_gcm_key - a key prepared for AES-GCM by aesni_gcm_preparekey()
 *
 * It may be copied (it holds no pointer).  Zeroize it with memzero_explicit()
 * at the end of its life.
 */
struct aesni_gcm_key {
	/* private: */
	/* the key struct of the implementation in use (aesni-intel.h) */
	u8 impl_key[832] __aligned(16);
	/* H = AES_K(0^128) as two big-endian halves, for the portable path */
	u64 h[2];
	u32 authtag_len;
	u32 key_len;
};

/**
 * struct aesni_gcm_ctx - state of a message en/decrypted piece by piece
 *
 * The key must outlive it.  aesni_gcm_{en,de}crypt_final() zeroize it; a
 * caller that abandons a message must zeroize it itself.
 */
struct aesni_gcm_ctx {
	/* private: */
	const struct aesni_gcm_key *key;
	u64 ad_len;
	u64 data_len;
	u32 le_ctr[4];		/* counter block of the next keystream block */
	u8 ghash_acc[16];	/* GHASH state, in the implementation's form */
	u8 partial[16];		/* bytes of an unfinished AAD or data block */
	u8 keystream[16];	/* keystream of an unfinished data block */
};

int __must_check aesni_gcm_preparekey(struct aesni_gcm_key *key,
				      const u8 *in_key, size_t key_len,
				      size_t authtag_len);
void aesni_gcm_encrypt(u8 *dst, const u8 *src, size_t data_len, u8 *authtag,
		       const u8 *ad, size_t ad_len, const u8 nonce[12],
		       const struct aesni_gcm_key *key);
int __must_check aesni_gcm_decrypt(u8 *dst, const u8 *src, size_t data_len,
				   const u8 *authtag, const u8 *ad,
				   size_t ad_len, const u8 nonce[12],
				   const struct aesni_gcm_key *key);
void aesni_gcm_init(struct aesni_gcm_ctx *ctx, const u8 nonce[12],
		    const struct aesni_gcm_key *key);
void aesni_gcm_auth_update(struct aesni_gcm_ctx *ctx, const u8 *ad,
			   size_t len);
void aesni_gcm_encrypt_update(struct aesni_gcm_ctx *ctx, u8 *dst,
			      const u8 *src, size_t len);
void aesni_gcm_decrypt_update(struct aesni_gcm_ctx *ctx, u8 *dst,
			      const u8 *src, size_t len);
void aesni_gcm_encrypt_final(struct aesni_gcm_ctx *ctx, u8 *authtag);
int __must_check aesni_gcm_decrypt_final(struct aesni_gcm_ctx *ctx,
					 const u8 *authtag);

#endif /* _AESNI_GCM_H */
