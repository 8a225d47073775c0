/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aesni-intel: the interface between the C glue (and the test rigs) and the
 * AES-XTS / AES-GCM assembly.
 *
 * This header is the single source of every structure layout the assembly
 * relies on.  The *_OFFSET constants are used by the .S files (this header is
 * included with __ASSEMBLY__ defined) and are checked against offsetof() at
 * build time below, so a layout change that forgets one side fails to build.
 *
 * Implementations, from oldest to newest CPUs:
 *   aesni           AES-NI + PCLMULQDQ + SSE4.1, legacy (non-VEX) encodings
 *   aesni_avx       the same algorithms with VEX encodings (AVX)
 *   vaes_avx2       VAES + VPCLMULQDQ on 256-bit ymm, AVX2, 16 registers
 *   vaes_avx10_256  VAES + VPCLMULQDQ with EVEX on ymm (AVX512VL/BW), 32 regs
 *   vaes_avx10_512  the same on 512-bit zmm registers
 */
#ifndef _AESNI_INTEL_H
#define _AESNI_INTEL_H

/*
 * AESNI_INTEL_VAES is 0 where the assembler does not know VAES, VPCLMULQDQ
 * or AVX-512 (Kconfig's CRYPTO_AES_GCM_XTS_X86_VAES, or Kbuild's own test
 * out of tree): the vaes_avx2 and vaes_avx10 code is then left out.  The
 * test rigs, built with the distribution's assembler, get all of it.
 */
#ifndef AESNI_INTEL_VAES
#define AESNI_INTEL_VAES 1
#endif

/* struct crypto_aes_ctx, as filled by aes_expandkey() */
#define AES_KEY_ENC_OFFSET		0	/* u32 key_enc[60] */
#define AES_KEY_DEC_OFFSET		240	/* u32 key_dec[60] */
#define AES_KEYLEN_OFFSET		480	/* u32 key_length, in bytes */

/* struct aes_gcm_key: common prefix of every GCM key struct */
#define GCM_RFC4106_NONCE_OFFSET	484
/* The VAES key structs store their powers of H starting here. */
#define GCM_H_POWERS_OFFSET		512

/* struct aes_gcm_key_vaes_avx10 */
#define GCM_AVX10_PADDING_OFFSET	768	/* 3 zero blocks after H^1 */
#define GCM_AVX10_KEY_SIZE		832

/* struct aes_gcm_key_vaes_avx2 */
#define GCM_AVX2_H_POWERS_XORED_OFFSET	640
#define GCM_AVX2_H_TIMES_X64_OFFSET	704
#define GCM_AVX2_KEY_SIZE		736

/* struct aes_gcm_key_aesni (aesni and aesni_avx) */
#define GCM_AESNI_H_POWERS_OFFSET	496
#define GCM_AESNI_H_POWERS_XORED_OFFSET	624
#define GCM_AESNI_H_TIMES_X64_OFFSET	688
#define GCM_AESNI_KEY_SIZE		704

#ifndef __ASSEMBLY__

#include <crypto/aes.h>
#include <linux/build_bug.h>

/*
 * Representation of GHASH field elements used by every implementation (the
 * powers of H, and the opaque ghash_acc between calls):
 *
 * GCM numbers the bits of a block so that the most significant bit of byte 0
 * is the coefficient of x^0 and the least significant bit of byte 15 that of
 * x^127.  Byte-reversing the block and reading it as a little-endian 128-bit
 * integer A therefore gives bit (127 - k) of A = coefficient of x^k: the
 * polynomial bit-reversed.  A carryless product of two such integers holds
 * the bit-reversed product in bits 254..0, i.e. one position short of the
 * 256-bit bit-reversed form; the powers of H are therefore stored multiplied
 * by x^-1 so that the product comes out right without an extra shift.
 *
 * So h_powers[i] holds H^(n-i) * x^-1 (n = number of powers) as that
 * little-endian 128-bit integer: h_powers[i][0] is its low 64 bits.
 * aes_gcm_precompute_c_*() in aes-gcm-keys.c compute exactly this, in
 * portable constant-time C, for use where SIMD registers cannot be used.
 */
struct aes_gcm_key {
	struct crypto_aes_ctx aes_key;	/* round keys; key_length at 480 */
	u32 rfc4106_nonce;		/* rfc4106 salt, as in the key bytes */
};

/* Key for vaes_avx10_256 and vaes_avx10_512 */
struct aes_gcm_key_vaes_avx10 {
	struct aes_gcm_key base;
	/* H^16 .. H^1, so that any vector of N blocks loads H^N..H^1 */
	u64 h_powers[16][2] __aligned(64);
	/*
	 * Three zero blocks, so that a masked 512-bit load of the last powers
	 * for a partial vector never reads past the struct.
	 */
	u64 padding[3][2];
};

/* Key for vaes_avx2 */
struct aes_gcm_key_vaes_avx2 {
	struct aes_gcm_key base;
	/* H^8 .. H^1: a main-loop iteration hashes 4 ymm = 8 blocks */
	u64 h_powers[8][2] __aligned(32);
	/*
	 * high ^ low half of each power above, for Karatsuba multiplication,
	 * in the order H^8, H^6, H^7, H^5, H^4, H^2, H^3, H^1: each 256-bit
	 * half then holds, per 128-bit lane, the values for the two ymm
	 * vectors of powers [H^8|H^7], [H^6|H^5] (resp. [H^4|H^3], [H^2|H^1])
	 * that the assembly multiplies in one VPCLMULQDQ each.
	 */
	u64 h_powers_xored[8] __aligned(32);
	/* H^1 * x^64, for the one-block multiplication used in the tails */
	u64 h_times_x64[2];
	/* zero, so that every byte after base is defined */
	u64 padding[2];
};

/* Key for aesni and aesni_avx */
struct aes_gcm_key_aesni {
	struct aes_gcm_key base;
	/* H^8 .. H^1: the main loop hashes 8 blocks per iteration */
	u64 h_powers[8][2] __aligned(16);
	/* high ^ low half of each power above, for Karatsuba multiplication */
	u64 h_powers_xored[8];
	/* H^1 * x^64, for the one-block multiplication used in the tails */
	u64 h_times_x64[2];
};

#define AESNI_INTEL_ASSERT_OFFSET(type, member, off) \
	static_assert(offsetof(type, member) == (off), #type "." #member)

AESNI_INTEL_ASSERT_OFFSET(struct crypto_aes_ctx, key_enc, AES_KEY_ENC_OFFSET);
AESNI_INTEL_ASSERT_OFFSET(struct crypto_aes_ctx, key_dec, AES_KEY_DEC_OFFSET);
AESNI_INTEL_ASSERT_OFFSET(struct crypto_aes_ctx, key_length, AES_KEYLEN_OFFSET);
AESNI_INTEL_ASSERT_OFFSET(struct aes_gcm_key, rfc4106_nonce,
			  GCM_RFC4106_NONCE_OFFSET);
AESNI_INTEL_ASSERT_OFFSET(struct aes_gcm_key_vaes_avx10, h_powers,
			  GCM_H_POWERS_OFFSET);
AESNI_INTEL_ASSERT_OFFSET(struct aes_gcm_key_vaes_avx10, padding,
			  GCM_AVX10_PADDING_OFFSET);
static_assert(sizeof(struct aes_gcm_key_vaes_avx10) == GCM_AVX10_KEY_SIZE);
AESNI_INTEL_ASSERT_OFFSET(struct aes_gcm_key_vaes_avx2, h_powers,
			  GCM_H_POWERS_OFFSET);
AESNI_INTEL_ASSERT_OFFSET(struct aes_gcm_key_vaes_avx2, h_powers_xored,
			  GCM_AVX2_H_POWERS_XORED_OFFSET);
AESNI_INTEL_ASSERT_OFFSET(struct aes_gcm_key_vaes_avx2, h_times_x64,
			  GCM_AVX2_H_TIMES_X64_OFFSET);
static_assert(sizeof(struct aes_gcm_key_vaes_avx2) == GCM_AVX2_KEY_SIZE);
AESNI_INTEL_ASSERT_OFFSET(struct aes_gcm_key_aesni, h_powers,
			  GCM_AESNI_H_POWERS_OFFSET);
AESNI_INTEL_ASSERT_OFFSET(struct aes_gcm_key_aesni, h_powers_xored,
			  GCM_AESNI_H_POWERS_XORED_OFFSET);
AESNI_INTEL_ASSERT_OFFSET(struct aes_gcm_key_aesni, h_times_x64,
			  GCM_AESNI_H_TIMES_X64_OFFSET);
static_assert(sizeof(struct aes_gcm_key_aesni) == GCM_AESNI_KEY_SIZE);

/*
 * AES-XTS (aes-xts-avx-x86_64.S).
 *
 * aes_xts_encrypt_iv() encrypts the IV in place with the tweak key, giving
 * the first tweak; it uses only AES-NI + SSE, so it runs on every CPU that
 * runs any implementation.
 *
 * aes_xts_{encrypt,decrypt}_<impl>() process @len >= 16 bytes.  A @len that
 * is not a multiple of 16 ends the message (ciphertext stealing is done in
 * the same call).  On return @tweak holds the tweak of the next block, so a
 * message may be split into calls whose lengths are multiples of 16.
 */
void aes_xts_encrypt_iv(const struct crypto_aes_ctx *tweak_key, u8 iv[16]);

/*
 * Nonzero: vaes_avx2, vaes_avx10_256 and vaes_avx10_512 advance the tweaks
 * of their main loop in the form that is faster on AMD (vaes_avx2: one
 * vpclmulqdq for four vectors; avx10: qword shifts), else in the one faster
 * on Intel (byte shifts, a vpclmulqdq per vector); same results.  Set once
 * before use (the glue: at init, by CPU vendor).
 */
extern u8 aes_xts_amd_tweaks;

#define AESNI_INTEL_DECLARE_XTS(impl)					     \
void aes_xts_encrypt_##impl(const struct crypto_aes_ctx *key, const u8 *src, \
			    u8 *dst, unsigned int len, u8 tweak[16]);	     \
void aes_xts_decrypt_##impl(const struct crypto_aes_ctx *key, const u8 *src, \
			    u8 *dst, unsigned int len, u8 tweak[16])

AESNI_INTEL_DECLARE_XTS(aesni);
AESNI_INTEL_DECLARE_XTS(aesni_avx);
AESNI_INTEL_DECLARE_XTS(vaes_avx2);
AESNI_INTEL_DECLARE_XTS(vaes_avx10_256);
AESNI_INTEL_DECLARE_XTS(vaes_avx10_512);

/*
 * AES-GCM.
 *
 * The caller expands the AES key into key->base.aes_key with aes_expandkey()
 * and then calls aes_gcm_precompute_<impl>() (or the portable C
 * aes_gcm_precompute_c_*()) to fill in the powers of H.
 *
 * @le_ctr is the counter block as a little-endian 128-bit integer split into
 * 32-bit words: le_ctr[0] is the 32-bit block counter (2 for the first data
 * block of a 96-bit IV), le_ctr[1] = get_unaligned_be32(iv + 8),
 * le_ctr[2] = get_unaligned_be32(iv + 4), le_ctr[3] = get_unaligned_be32(iv).
 * The update functions do not write it back: the caller adds datalen / 16 to
 * le_ctr[0] after each update.  Only the low 32 bits count (GCM's inc32).
 *
 * @ghash_acc is zeroed by the caller before the first call of a message and
 * is opaque between calls.  Every update but the last of the associated data,
 * and every update but the last of the data, has a length that is a multiple
 * of 16.  All associated data comes before all data.
 *
 * The final functions take le_ctr with le_ctr[0] = 1, the counter block
 * that masks the tag.  aes_gcm_enc_final_*() leaves the full 16-byte tag in
 * ghash_acc.
 * aes_gcm_dec_final_*() returns true iff the first @taglen bytes of the
 * computed tag equal @tag, compared in constant time (taglen 4, 8, 12..16).
 */
/* vaes_avx10_256 */
void aes_gcm_precompute_vaes_avx10_256(struct aes_gcm_key_vaes_avx10 *key);
void aes_gcm_enc_update_vaes_avx10_256(const struct aes_gcm_key_vaes_avx10 *key,
				       const u32 le_ctr[4], u8 ghash_acc[16],
				       const u8 *src, u8 *dst, int datalen);
void aes_gcm_dec_update_vaes_avx10_256(const struct aes_gcm_key_vaes_avx10 *key,
				       const u32 le_ctr[4], u8 ghash_acc[16],
				       const u8 *src, u8 *dst, int datalen);
void aes_gcm_aad_update_vaes_avx10(const struct aes_gcm_key_vaes_avx10 *key,
				   u8 ghash_acc[16], const u8 *aad, int aadlen);
void aes_gcm_enc_final_vaes_avx10(const struct aes_gcm_key_vaes_avx10 *key,
				  const u32 le_ctr[4], u8 ghash_acc[16],
				  u64 total_aadlen, u64 total_datalen);
bool aes_gcm_dec_final_vaes_avx10(const struct aes_gcm_key_vaes_avx10 *key,
				  const u32 le_ctr[4], const u8 ghash_acc[16],
				  u64 total_aadlen, u64 total_datalen,
				  const u8 tag[16], int taglen);

/*
 * vaes_avx10_512.  Nonzero aes_gcm_amd_form: the update functions' main
 * loop takes the powers of H from memory, the form faster on AMD; else from
 * registers, the one faster on Intel (aes-gcm-avx10-x86_64.S,
 * _main_loop_4x); same results.  Set once before use (the glue: at init, by
 * CPU vendor).
 */
extern u8 aes_gcm_amd_form;
void aes_gcm_precompute_vaes_avx10_512(struct aes_gcm_key_vaes_avx10 *key);
void aes_gcm_enc_update_vaes_avx10_512(const struct aes_gcm_key_vaes_avx10 *key,
				       const u32 le_ctr[4], u8 ghash_acc[16],
				       const u8 *src, u8 *dst, int datalen);
void aes_gcm_dec_update_vaes_avx10_512(const struct aes_gcm_key_vaes_avx10 *key,
				       const u32 le_ctr[4], u8 ghash_acc[16],
				       const u8 *src, u8 *dst, int datalen);

/* vaes_avx2 */
void aes_gcm_precompute_vaes_avx2(struct aes_gcm_key_vaes_avx2 *key);
void aes_gcm_enc_update_vaes_avx2(const struct aes_gcm_key_vaes_avx2 *key,
				  const u32 le_ctr[4], u8 ghash_acc[16],
				  const u8 *src, u8 *dst, int datalen);
void aes_gcm_dec_update_vaes_avx2(const struct aes_gcm_key_vaes_avx2 *key,
				  const u32 le_ctr[4], u8 ghash_acc[16],
				  const u8 *src, u8 *dst, int datalen);
void aes_gcm_aad_update_vaes_avx2(const struct aes_gcm_key_vaes_avx2 *key,
				  u8 ghash_acc[16], const u8 *aad, int aadlen);
void aes_gcm_enc_final_vaes_avx2(const struct aes_gcm_key_vaes_avx2 *key,
				 const u32 le_ctr[4], u8 ghash_acc[16],
				 u64 total_aadlen, u64 total_datalen);
bool aes_gcm_dec_final_vaes_avx2(const struct aes_gcm_key_vaes_avx2 *key,
				 const u32 le_ctr[4], const u8 ghash_acc[16],
				 u64 total_aadlen, u64 total_datalen,
				 const u8 tag[16], int taglen);

/* aesni */
void aes_gcm_precompute_aesni(struct aes_gcm_key_aesni *key);
void aes_gcm_enc_update_aesni(const struct aes_gcm_key_aesni *key,
			      const u32 le_ctr[4], u8 ghash_acc[16],
			      const u8 *src, u8 *dst, int datalen);
void aes_gcm_dec_update_aesni(const struct aes_gcm_key_aesni *key,
			      const u32 le_ctr[4], u8 ghash_acc[16],
			      const u8 *src, u8 *dst, int datalen);
void aes_gcm_aad_update_aesni(const struct aes_gcm_key_aesni *key,
			      u8 ghash_acc[16], const u8 *aad, int aadlen);
void aes_gcm_enc_final_aesni(const struct aes_gcm_key_aesni *key,
			     const u32 le_ctr[4], u8 ghash_acc[16],
			     u64 total_aadlen, u64 total_datalen);
bool aes_gcm_dec_final_aesni(const struct aes_gcm_key_aesni *key,
			     const u32 le_ctr[4], const u8 ghash_acc[16],
			     u64 total_aadlen, u64 total_datalen,
			     const u8 tag[16], int taglen);

/* aesni_avx */
void aes_gcm_precompute_aesni_avx(struct aes_gcm_key_aesni *key);
void aes_gcm_enc_update_aesni_avx(const struct aes_gcm_key_aesni *key,
				  const u32 le_ctr[4], u8 ghash_acc[16],
				  const u8 *src, u8 *dst, int datalen);
void aes_gcm_dec_update_aesni_avx(const struct aes_gcm_key_aesni *key,
				  const u32 le_ctr[4], u8 ghash_acc[16],
				  const u8 *src, u8 *dst, int datalen);
void aes_gcm_aad_update_aesni_avx(const struct aes_gcm_key_aesni *key,
				  u8 ghash_acc[16], const u8 *aad, int aadlen);
void aes_gcm_enc_final_aesni_avx(const struct aes_gcm_key_aesni *key,
				 const u32 le_ctr[4], u8 ghash_acc[16],
				 u64 total_aadlen, u64 total_datalen);
bool aes_gcm_dec_final_aesni_avx(const struct aes_gcm_key_aesni *key,
				 const u32 le_ctr[4], const u8 ghash_acc[16],
				 u64 total_aadlen, u64 total_datalen,
				 const u8 tag[16], int taglen);

/*
 * AES-GCM, one call per whole message (all five implementations).
 *
 * @le_ctr as for the final functions: le_ctr[0] = 1, the counter block that
 * masks the tag; the data is encrypted from counter 2 on.  Any @aadlen and
 * @datalen, 0 included; @src == @dst allowed.  aes_gcm_enc_oneshot_*()
 * writes the full 16-byte tag.  aes_gcm_dec_oneshot_*() returns true iff the
 * first @taglen bytes (4, 8, 12..16) of the computed tag equal @tag,
 * compared in constant time, reading only those @taglen bytes of @tag; it
 * writes the plaintext to @dst either way (the caller wipes it on a
 * mismatch).
 */
void aes_gcm_enc_oneshot_aesni(const struct aes_gcm_key_aesni *key,
			       const u32 le_ctr[4], const u8 *aad,
			       unsigned int aadlen, const u8 *src, u8 *dst,
			       unsigned int datalen, u8 tag[16]);
bool aes_gcm_dec_oneshot_aesni(const struct aes_gcm_key_aesni *key,
			       const u32 le_ctr[4], const u8 *aad,
			       unsigned int aadlen, const u8 *src, u8 *dst,
			       unsigned int datalen, const u8 *tag,
			       unsigned int taglen);
void aes_gcm_enc_oneshot_aesni_avx(const struct aes_gcm_key_aesni *key,
				   const u32 le_ctr[4], const u8 *aad,
				   unsigned int aadlen, const u8 *src, u8 *dst,
				   unsigned int datalen, u8 tag[16]);
bool aes_gcm_dec_oneshot_aesni_avx(const struct aes_gcm_key_aesni *key,
				   const u32 le_ctr[4], const u8 *aad,
				   unsigned int aadlen, const u8 *src, u8 *dst,
				   unsigned int datalen, const u8 *tag,
				   unsigned int taglen);
void aes_gcm_enc_oneshot_vaes_avx2(const struct aes_gcm_key_vaes_avx2 *key,
				   const u32 le_ctr[4], const u8 *aad,
				   unsigned int aadlen, const u8 *src, u8 *dst,
				   unsigned int datalen, u8 tag[16]);
bool aes_gcm_dec_oneshot_vaes_avx2(const struct aes_gcm_key_vaes_avx2 *key,
				   const u32 le_ctr[4], const u8 *aad,
				   unsigned int aadlen, const u8 *src, u8 *dst,
				   unsigned int datalen, const u8 *tag,
				   unsigned int taglen);
void aes_gcm_enc_oneshot_vaes_avx10_256(const struct aes_gcm_key_vaes_avx10 *key,
					const u32 le_ctr[4], const u8 *aad,
					unsigned int aadlen, const u8 *src,
					u8 *dst, unsigned int datalen,
					u8 tag[16]);
bool aes_gcm_dec_oneshot_vaes_avx10_256(const struct aes_gcm_key_vaes_avx10 *key,
					const u32 le_ctr[4], const u8 *aad,
					unsigned int aadlen, const u8 *src,
					u8 *dst, unsigned int datalen,
					const u8 *tag, unsigned int taglen);
void aes_gcm_enc_oneshot_vaes_avx10_512(const struct aes_gcm_key_vaes_avx10 *key,
					const u32 le_ctr[4], const u8 *aad,
					unsigned int aadlen, const u8 *src,
					u8 *dst, unsigned int datalen,
					u8 tag[16]);
bool aes_gcm_dec_oneshot_vaes_avx10_512(const struct aes_gcm_key_vaes_avx10 *key,
					const u32 le_ctr[4], const u8 *aad,
					unsigned int aadlen, const u8 *src,
					u8 *dst, unsigned int datalen,
					const u8 *tag, unsigned int taglen);

/*
 * The other AES modes of the distribution's aesni-intel
 * (aes-modes-x86_64.S): single blocks, ECB, CBC, CTS-CBC, CTR and XCTR.
 * @key is a struct crypto_aes_ctx filled by aes_expandkey(); decryption
 * uses its key_dec.
 *
 * aes_{encrypt,decrypt}_block_aesni(): one block; @dst may equal @src.
 * aes_ecb_*(), aes_cbc_*(): @len is a multiple of 16 (it may be 0).
 * aes_cbc_*() read the chaining value from @iv and leave the next one
 *   there, so a message may be split into calls.
 * aes_cts_cbc_*(): the last 16 < @len <= 32 bytes of a CBC-CS3 message
 *   (the kernel's cts(cbc(aes))), chained from @iv.
 * aes_ctr_crypt_*(): @ctr is the 128-bit big-endian counter block of the
 *   first block (ctr(aes) increments all 128 bits); it is left holding the
 *   counter of the block after the last one processed.  A @len that is not
 *   a multiple of 16 ends the message.
 * aes_xctr_crypt_*(): XCTR (HCTR2): block i (counting from @ctr, which
 *   starts at 1) is encrypted with AES(@iv ^ le128(i)).  A @len that is not
 *   a multiple of 16 ends the message; otherwise the caller adds len / 16 to
 *   @ctr for the next call.
 * CBC encryption is serial, so it has only the AES-NI form.
 */
void aes_encrypt_block_aesni(const struct crypto_aes_ctx *key, u8 dst[16],
			     const u8 src[16]);
void aes_decrypt_block_aesni(const struct crypto_aes_ctx *key, u8 dst[16],
			     const u8 src[16]);
void aes_cbc_encrypt_aesni(const struct crypto_aes_ctx *key, const u8 *src,
			   u8 *dst, unsigned int len, u8 iv[16]);
void aes_cts_cbc_encrypt_aesni(const struct crypto_aes_ctx *key,
			       const u8 *src, u8 *dst, unsigned int len,
			       u8 iv[16]);
void aes_cts_cbc_decrypt_aesni(const struct crypto_aes_ctx *key,
			       const u8 *src, u8 *dst, unsigned int len,
			       u8 iv[16]);

/* aesni */
void aes_ecb_encrypt_aesni(const struct crypto_aes_ctx *key, const u8 *src,
			   u8 *dst, unsigned int len);
void aes_ecb_decrypt_aesni(const struct crypto_aes_ctx *key, const u8 *src,
			   u8 *dst, unsigned int len);
void aes_cbc_decrypt_aesni(const struct crypto_aes_ctx *key, const u8 *src,
			   u8 *dst, unsigned int len, u8 iv[16]);
void aes_ctr_crypt_aesni(const struct crypto_aes_ctx *key, const u8 *src,
			 u8 *dst, unsigned int len, u8 ctr[16]);
void aes_xctr_crypt_aesni(const struct crypto_aes_ctx *key, const u8 *src,
			  u8 *dst, unsigned int len, const u8 iv[16], u64 ctr);
/* aesni_avx */
void aes_ecb_encrypt_aesni_avx(const struct crypto_aes_ctx *key, const u8 *src,
			       u8 *dst, unsigned int len);
void aes_ecb_decrypt_aesni_avx(const struct crypto_aes_ctx *key, const u8 *src,
			       u8 *dst, unsigned int len);
void aes_cbc_decrypt_aesni_avx(const struct crypto_aes_ctx *key, const u8 *src,
			       u8 *dst, unsigned int len, u8 iv[16]);
void aes_ctr_crypt_aesni_avx(const struct crypto_aes_ctx *key, const u8 *src,
			     u8 *dst, unsigned int len, u8 ctr[16]);
void aes_xctr_crypt_aesni_avx(const struct crypto_aes_ctx *key, const u8 *src,
			      u8 *dst, unsigned int len, const u8 iv[16],
			      u64 ctr);
/* vaes_avx2 */
void aes_ecb_encrypt_vaes_avx2(const struct crypto_aes_ctx *key, const u8 *src,
			       u8 *dst, unsigned int len);
void aes_ecb_decrypt_vaes_avx2(const struct crypto_aes_ctx *key, const u8 *src,
			       u8 *dst, unsigned int len);
void aes_cbc_decrypt_vaes_avx2(const struct crypto_aes_ctx *key, const u8 *src,
			       u8 *dst, unsigned int len, u8 iv[16]);
void aes_ctr_crypt_vaes_avx2(const struct crypto_aes_ctx *key, const u8 *src,
			     u8 *dst, unsigned int len, u8 ctr[16]);
void aes_xctr_crypt_vaes_avx2(const struct crypto_aes_ctx *key, const u8 *src,
			      u8 *dst, unsigned int len, const u8 iv[16],
			      u64 ctr);
/* vaes_avx10_256 */
void aes_ecb_encrypt_vaes_avx10_256(const struct crypto_aes_ctx *key,
				    const u8 *src, u8 *dst, unsigned int len);
void aes_ecb_decrypt_vaes_avx10_256(const struct crypto_aes_ctx *key,
				    const u8 *src, u8 *dst, unsigned int len);
void aes_cbc_decrypt_vaes_avx10_256(const struct crypto_aes_ctx *key,
				    const u8 *src, u8 *dst, unsigned int len,
				    u8 iv[16]);
void aes_ctr_crypt_vaes_avx10_256(const struct crypto_aes_ctx *key,
				  const u8 *src, u8 *dst, unsigned int len,
				  u8 ctr[16]);
void aes_xctr_crypt_vaes_avx10_256(const struct crypto_aes_ctx *key,
				   const u8 *src, u8 *dst, unsigned int len,
				   const u8 iv[16], u64 ctr);
/* vaes_avx10_512 */
void aes_ecb_encrypt_vaes_avx10_512(const struct crypto_aes_ctx *key,
				    const u8 *src, u8 *dst, unsigned int len);
void aes_ecb_decrypt_vaes_avx10_512(const struct crypto_aes_ctx *key,
				    const u8 *src, u8 *dst, unsigned int len);
void aes_cbc_decrypt_vaes_avx10_512(const struct crypto_aes_ctx *key,
				    const u8 *src, u8 *dst, unsigned int len,
				    u8 iv[16]);
void aes_ctr_crypt_vaes_avx10_512(const struct crypto_aes_ctx *key,
				  const u8 *src, u8 *dst, unsigned int len,
				  u8 ctr[16]);
void aes_xctr_crypt_vaes_avx10_512(const struct crypto_aes_ctx *key,
				   const u8 *src, u8 *dst, unsigned int len,
				   const u8 iv[16], u64 ctr);

/*
 * Portable C computation of the powers of H (aes-gcm-keys.c), for setkey when
 * SIMD registers are unusable.  @h is AES_K(0^128).  Each fills the same
 * fields, byte for byte, as the matching assembly precompute.
 */
void aes_gcm_precompute_c_vaes_avx10(struct aes_gcm_key_vaes_avx10 *key,
				     const u8 h[16]);
void aes_gcm_precompute_c_vaes_avx2(struct aes_gcm_key_vaes_avx2 *key,
				    const u8 h[16]);
void aes_gcm_precompute_c_aesni(struct aes_gcm_key_aesni *key,
				const u8 h[16]);
/*
 * a = a * b in GF(2^128), constant time; each element in GCM's bit order as
 * two big-endian 64-bit halves ([0] = bytes 0..7 of the block).
 */
void aes_gcm_mul_c(u64 a[2], const u64 b[2]);

/*
 * The AES-GCM library (aes-gcm-lib.c, include/aesni-gcm.h): the module's
 * init tells it how many implementations of aesni_impls[] are usable and
 * whether zmm registers slow the CPU down.  The KUnit suite can force its
 * portable path.
 */
void aesni_gcm_lib_init(int num_usable, bool zmm_slow);
void aesni_gcm_lib_force_portable(bool on);

#endif /* !__ASSEMBLY__ */
#endif /* _AESNI_INTEL_H */
