/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The GCM one-shot functions used by the crypto API glue and the library:
 * GCM_ONESHOT_<impl>(enc) and GCM_ONESHOT_<impl>(dec) name, for each
 * implementation, its aes_gcm_{enc,dec}_oneshot_<impl>() (aesni-intel.h),
 * or, where that does not exist yet, seq_{enc,dec}_oneshot_<impl>() below,
 * the same computed by the implementation's update and final functions (one
 * FPU section either way; the caller holds it).
 */
#ifndef _AES_GCM_ONESHOT_H
#define _AES_GCM_ONESHOT_H

#include <linux/string.h>

#include "aesni-intel.h"

#define GCM_ONESHOT_aesni(op)		seq_##op##_oneshot_aesni
#define GCM_ONESHOT_aesni_avx(op)	seq_##op##_oneshot_aesni_avx
#define GCM_ONESHOT_vaes_avx2(op)	aes_gcm_##op##_oneshot_vaes_avx2
#define GCM_ONESHOT_vaes_avx10_256(op)	aes_gcm_##op##_oneshot_vaes_avx10_256
#define GCM_ONESHOT_vaes_avx10_512(op)	aes_gcm_##op##_oneshot_vaes_avx10_512

/*
 * The contract of aesni-intel.h's one-shot functions.  @sfx names the
 * aad_update and final functions (shared by the two AVX10 lengths).
 */
#define DEFINE_SEQ_ONESHOT(impl, family, sfx)				\
static inline void __maybe_unused					\
seq_enc_oneshot_##impl(const struct aes_gcm_key_##family *k,		\
		       const u32 le_ctr[4], const u8 *aad,		\
		       unsigned int aadlen, const u8 *src, u8 *dst,	\
		       unsigned int len, u8 tag[16])			\
{									\
	u32 ctr[4] = { 2, le_ctr[1], le_ctr[2], le_ctr[3] };		\
									\
	memset(tag, 0, 16);						\
	if (aadlen)							\
		aes_gcm_aad_update_##sfx(k, tag, aad, aadlen);		\
	if (len)							\
		aes_gcm_enc_update_##impl(k, ctr, tag, src, dst, len);	\
	aes_gcm_enc_final_##sfx(k, le_ctr, tag, aadlen, len);		\
}									\
static inline bool __maybe_unused					\
seq_dec_oneshot_##impl(const struct aes_gcm_key_##family *k,		\
		       const u32 le_ctr[4], const u8 *aad,		\
		       unsigned int aadlen, const u8 *src, u8 *dst,	\
		       unsigned int len, const u8 *tag,			\
		       unsigned int taglen)				\
{									\
	u32 ctr[4] = { 2, le_ctr[1], le_ctr[2], le_ctr[3] };		\
	u8 acc[16] = {};						\
	u8 want[16] = {};						\
									\
	memcpy(want, tag, taglen);					\
	if (aadlen)							\
		aes_gcm_aad_update_##sfx(k, acc, aad, aadlen);		\
	if (len)							\
		aes_gcm_dec_update_##impl(k, ctr, acc, src, dst, len);	\
	return aes_gcm_dec_final_##sfx(k, le_ctr, acc, aadlen, len,	\
				       want, taglen);			\
}

DEFINE_SEQ_ONESHOT(aesni, aesni, aesni)
DEFINE_SEQ_ONESHOT(aesni_avx, aesni, aesni_avx)
DEFINE_SEQ_ONESHOT(vaes_avx2, vaes_avx2, vaes_avx2)
DEFINE_SEQ_ONESHOT(vaes_avx10_256, vaes_avx10, vaes_avx10)
DEFINE_SEQ_ONESHOT(vaes_avx10_512, vaes_avx10, vaes_avx10)

#endif /* _AES_GCM_ONESHOT_H */
