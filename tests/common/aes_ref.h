/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Portable C reference model of AES, AES-XTS and AES-GCM, the oracle the
 * driver compares every implementation against.  It favours being obviously
 * right over being fast or constant time (it only ever sees test keys).
 */
#ifndef _TESTS_AES_REF_H
#define _TESTS_AES_REF_H

#include "aesni-intel.h"

/*
 * Expands @key (16, 24 or 32 bytes) into @ctx with the layout of the kernel's
 * lib/crypto/aes.c: key_enc[] the round keys as little-endian words, key_dec[]
 * the round keys of the equivalent inverse cipher in the order aesdec uses
 * them (key_enc's last round key first, the inner ones through InvMixColumns,
 * key_enc's first last), key_length in bytes.  Returns 0, or -1 for a bad
 * @keylen.
 */
int aes_expandkey(struct crypto_aes_ctx *ctx, const u8 *key,
		  unsigned int keylen);

void aes_ref_encrypt(const struct crypto_aes_ctx *ctx, u8 out[16],
		     const u8 in[16]);
/* Decrypts with key_dec[], so it also proves the key_dec layout. */
void aes_ref_decrypt(const struct crypto_aes_ctx *ctx, u8 out[16],
		     const u8 in[16]);

/*
 * IEEE 1619 XTS with ciphertext stealing, @len >= 16.  @tweak holds the first
 * tweak (already encrypted with the tweak key); when @len is a multiple of 16
 * it is advanced to the tweak of the next block, as the assembly does.
 */
void xts_ref_crypt(bool enc, const struct crypto_aes_ctx *key,
		   const u8 *src, u8 *dst, size_t len, u8 tweak[16]);

/*
 * GCM with a 96-bit IV: encrypts or decrypts @len bytes and returns the full
 * tag (computed over the ciphertext) in @tag.  The first data block uses the
 * 32-bit counter @ctr (2 in real GCM; the driver also tests the wrap of
 * GCM's inc32 by starting near 2^32, which the assembly's le_ctr allows);
 * the tag mask always uses counter 1.
 */
void gcm_ref_crypt(bool enc, const struct crypto_aes_ctx *key,
		   const u8 iv[12], u32 ctr, const u8 *aad, size_t aadlen,
		   const u8 *src, u8 *dst, size_t len, u8 tag[16]);

/*
 * SP 800-38A ECB and CBC on the whole blocks of @len; CBC reads the chaining
 * value from @iv and leaves the next one there.
 */
void ecb_ref_crypt(bool enc, const struct crypto_aes_ctx *key,
		   const u8 *src, u8 *dst, size_t len);
void cbc_ref_crypt(bool enc, const struct crypto_aes_ctx *key,
		   const u8 *src, u8 *dst, size_t len, u8 iv[16]);
/*
 * SP 800-38A CTR with the standard incrementing function on all 128 bits of
 * the big-endian counter block @ctr, left at the block after the message.
 */
void ctr_ref_crypt(const struct crypto_aes_ctx *key, const u8 *src,
		   u8 *dst, size_t len, u8 ctr[16]);
/* HCTR2's XCTR: block i (from @ctr) is XORed with E(iv ^ le128(i)). */
void xctr_ref_crypt(const struct crypto_aes_ctx *key, const u8 *src,
		    u8 *dst, size_t len, const u8 iv[16], u64 ctr);
/*
 * CBC-CS3 (SP 800-38A addendum, the kernel's cts(cbc(aes))) of a whole
 * message of @len >= 16 bytes; @len == 16 is plain CBC.
 */
void cts_cbc_ref_crypt(bool enc, const struct crypto_aes_ctx *key,
		       const u8 *src, u8 *dst, size_t len, const u8 iv[16]);

/*
 * The tag gcm_ref_crypt() computes, from the ciphertext alone (GHASH and
 * the tag mask, no keystream): cheap where many messages share one
 * keystream.
 */
void gcm_ref_tag(const struct crypto_aes_ctx *key, const u8 iv[12],
		 const u8 *aad, size_t aadlen, const u8 *ct, size_t len,
		 u8 tag[16]);

#endif /* _TESTS_AES_REF_H */
