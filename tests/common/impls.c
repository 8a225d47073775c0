// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The tables of implementations under test.
 *
 * The assembly is linked strongly (the rigs link every .S file listed in
 * Kbuild), so a function missing from one fails the build; an
 * implementation that cannot run here is one this CPU lacks.
 */
#include "impls.h"
#include "cpu.h"

void (*const xts_encrypt_iv)(const struct crypto_aes_ctx *tweak_key,
			     u8 iv[16]) = aes_xts_encrypt_iv;

#define XTS_ENTRY(impl, need) {						\
	.name = #impl, .feats = (need),					\
	.enc = aes_xts_encrypt_##impl, .dec = aes_xts_decrypt_##impl,	\
}

/*
 * vaes_avx2, vaes_avx10_256 and vaes_avx10_512 have two forms of their main
 * loop, chosen by aes_xts_amd_tweaks (aes-xts-avx-x86_64.S, "Vendor
 * forms"): one row for each, whatever this CPU's vendor, each setting the
 * flag before the call (the AMD form's rows: vaes_avx2_packed, *_qword).
 * @sfx is the name's suffix, @q the flag's value.
 */
#define XTS_FORM_WRAPPERS(impl, sfx, q)					\
static void xts_enc_##impl##sfx(const struct crypto_aes_ctx *key,	\
				const u8 *src, u8 *dst,			\
				unsigned int len, u8 tweak[16])		\
{									\
	aes_xts_amd_tweaks = (q);					\
	aes_xts_encrypt_##impl(key, src, dst, len, tweak);		\
}									\
static void xts_dec_##impl##sfx(const struct crypto_aes_ctx *key,	\
				const u8 *src, u8 *dst,			\
				unsigned int len, u8 tweak[16])		\
{									\
	aes_xts_amd_tweaks = (q);					\
	aes_xts_decrypt_##impl(key, src, dst, len, tweak);		\
}

XTS_FORM_WRAPPERS(vaes_avx2, , 0)
XTS_FORM_WRAPPERS(vaes_avx2, _packed, 1)
XTS_FORM_WRAPPERS(vaes_avx10_256, , 0)
XTS_FORM_WRAPPERS(vaes_avx10_256, _qword, 1)
XTS_FORM_WRAPPERS(vaes_avx10_512, , 0)
XTS_FORM_WRAPPERS(vaes_avx10_512, _qword, 1)

#define XTS_FORM_ENTRY(impl, sfx, need) {				\
	.name = #impl #sfx, .feats = (need),				\
	.enc = xts_enc_##impl##sfx, .dec = xts_dec_##impl##sfx,		\
}

const struct xts_impl xts_impls[NR_XTS_IMPLS] = {
	XTS_ENTRY(aesni, CPU_FEATS_AESNI),
	XTS_ENTRY(aesni_avx, CPU_FEATS_AESNI_AVX),
	XTS_FORM_ENTRY(vaes_avx2, , CPU_FEATS_VAES_AVX2),
	XTS_FORM_ENTRY(vaes_avx2, _packed, CPU_FEATS_VAES_AVX2),
	XTS_FORM_ENTRY(vaes_avx10_256, , CPU_FEATS_VAES_AVX10),
	XTS_FORM_ENTRY(vaes_avx10_256, _qword, CPU_FEATS_VAES_AVX10),
	XTS_FORM_ENTRY(vaes_avx10_512, , CPU_FEATS_VAES_AVX10),
	XTS_FORM_ENTRY(vaes_avx10_512, _qword, CPU_FEATS_VAES_AVX10),
};

/*
 * For each GCM implementation: wrappers that take the key as void *
 * (calling a function through a pointer of another type would be undefined
 * behaviour).  @upd names the
 * update and precompute functions, @com the aad_update and final functions
 * (shared by vaes_avx10_256 and _512), @cpre the portable precompute.
 */
#define DEFINE_GCM_WRAPPERS(upd, com, cpre)				\
static void precompute_##upd(void *key)					\
{									\
	aes_gcm_precompute_##upd(key);					\
}									\
static void precompute_c_##upd(void *key, const u8 h[16])		\
{									\
	aes_gcm_precompute_c_##cpre(key, h);				\
}									\
static void aad_update_##upd(const void *key, u8 ghash_acc[16],		\
			     const u8 *aad, int aadlen)			\
{									\
	aes_gcm_aad_update_##com(key, ghash_acc, aad, aadlen);		\
}									\
static void enc_update_##upd(const void *key, const u32 le_ctr[4],	\
			     u8 ghash_acc[16], const u8 *src, u8 *dst,	\
			     int datalen)				\
{									\
	aes_gcm_enc_update_##upd(key, le_ctr, ghash_acc, src, dst,	\
				 datalen);				\
}									\
static void dec_update_##upd(const void *key, const u32 le_ctr[4],	\
			     u8 ghash_acc[16], const u8 *src, u8 *dst,	\
			     int datalen)				\
{									\
	aes_gcm_dec_update_##upd(key, le_ctr, ghash_acc, src, dst,	\
				 datalen);				\
}									\
static void enc_final_##upd(const void *key, const u32 le_ctr[4],	\
			    u8 ghash_acc[16], u64 total_aadlen,		\
			    u64 total_datalen)				\
{									\
	aes_gcm_enc_final_##com(key, le_ctr, ghash_acc, total_aadlen,	\
				total_datalen);				\
}									\
static bool dec_final_##upd(const void *key, const u32 le_ctr[4],	\
			    const u8 ghash_acc[16], u64 total_aadlen,	\
			    u64 total_datalen, const u8 tag[16],	\
			    int taglen)					\
{									\
	return aes_gcm_dec_final_##com(key, le_ctr, ghash_acc,		\
				       total_aadlen, total_datalen,	\
				       tag, taglen);			\
}

/*
 * The one-call functions of @impl (key struct aes_gcm_key_@family), and the
 * table fields that name them.  They are referenced strongly: an
 * implementation gets DEFINE_GCM_ONESHOT() and ONESHOT_<impl> set to
 * ONESHOT_FNS(<impl>) when its assembly has them; until then ONESHOT_<impl>
 * is NO_ONESHOT and the driver reports its one-shot tests SKIPPED ("one-shot
 * not implemented yet").
 */
#define DEFINE_GCM_ONESHOT(impl)					\
static void enc_oneshot_##impl(const void *key, const u32 le_ctr[4],	\
			       const u8 *aad, unsigned int aadlen,	\
			       const u8 *src, u8 *dst,			\
			       unsigned int datalen, u8 tag[16])	\
{									\
	aes_gcm_enc_oneshot_##impl(key, le_ctr, aad, aadlen, src, dst,	\
				   datalen, tag);			\
}									\
static bool dec_oneshot_##impl(const void *key, const u32 le_ctr[4],	\
			       const u8 *aad, unsigned int aadlen,	\
			       const u8 *src, u8 *dst,			\
			       unsigned int datalen, const u8 *tag,	\
			       unsigned int taglen)			\
{									\
	return aes_gcm_dec_oneshot_##impl(key, le_ctr, aad, aadlen, src, \
					  dst, datalen, tag, taglen);	\
}

#define ONESHOT_FNS(impl)						\
	.enc_oneshot = enc_oneshot_##impl, .dec_oneshot = dec_oneshot_##impl
#define NO_ONESHOT	.enc_oneshot = NULL, .dec_oneshot = NULL

#define ONESHOT_aesni		ONESHOT_FNS(aesni)
#define ONESHOT_aesni_avx	ONESHOT_FNS(aesni_avx)
#define ONESHOT_vaes_avx2	ONESHOT_FNS(vaes_avx2)
#define ONESHOT_vaes_avx10_256	ONESHOT_FNS(vaes_avx10_256)
#define ONESHOT_vaes_avx10_512	ONESHOT_FNS(vaes_avx10_512)

DEFINE_GCM_ONESHOT(aesni)
DEFINE_GCM_ONESHOT(aesni_avx)
DEFINE_GCM_ONESHOT(vaes_avx2)
DEFINE_GCM_ONESHOT(vaes_avx10_256)
DEFINE_GCM_ONESHOT(vaes_avx10_512)

DEFINE_GCM_WRAPPERS(aesni, aesni, aesni)
DEFINE_GCM_WRAPPERS(aesni_avx, aesni_avx, aesni)
DEFINE_GCM_WRAPPERS(vaes_avx2, vaes_avx2, vaes_avx2)
DEFINE_GCM_WRAPPERS(vaes_avx10_256, vaes_avx10, vaes_avx10)
DEFINE_GCM_WRAPPERS(vaes_avx10_512, vaes_avx10, vaes_avx10)

#define GCM_ENTRY(impl, need, keytype, start, end) {			\
	.name = #impl, .feats = (need),					\
	.key_size = sizeof(struct keytype),				\
	.powers_start = (start), .powers_end = (end),			\
	.precompute = precompute_##impl,				\
	.precompute_c = precompute_c_##impl,				\
	.aad_update = aad_update_##impl,				\
	.enc_update = enc_update_##impl,				\
	.dec_update = dec_update_##impl,				\
	.enc_final = enc_final_##impl,					\
	.dec_final = dec_final_##impl,					\
	ONESHOT_##impl,							\
}

/*
 * vaes_avx10_512 has two forms of its update functions' main loop, chosen
 * by aes_gcm_amd_form (aes-gcm-avx10-x86_64.S, _main_loop_4x): one row for
 * each, whatever this CPU's vendor, each setting the flag before its update
 * and one-shot calls (the one-shot calls the update functions for long
 * messages).  The AMD form's row is vaes_avx10_512_mem.  @sfx is the
 * wrappers' suffix, @q the flag's value.
 */
#define GCM_FORM_WRAPPERS(impl, sfx, q)					\
static void enc_update_##impl##sfx(const void *key, const u32 le_ctr[4], \
				   u8 ghash_acc[16], const u8 *src,	\
				   u8 *dst, int datalen)		\
{									\
	aes_gcm_amd_form = (q);						\
	enc_update_##impl(key, le_ctr, ghash_acc, src, dst, datalen);	\
}									\
static void dec_update_##impl##sfx(const void *key, const u32 le_ctr[4], \
				   u8 ghash_acc[16], const u8 *src,	\
				   u8 *dst, int datalen)		\
{									\
	aes_gcm_amd_form = (q);						\
	dec_update_##impl(key, le_ctr, ghash_acc, src, dst, datalen);	\
}									\
static void enc_oneshot_##impl##sfx(const void *key, const u32 le_ctr[4], \
				    const u8 *aad, unsigned int aadlen,	\
				    const u8 *src, u8 *dst,		\
				    unsigned int datalen, u8 tag[16])	\
{									\
	aes_gcm_amd_form = (q);						\
	enc_oneshot_##impl(key, le_ctr, aad, aadlen, src, dst, datalen,	\
			   tag);					\
}									\
static bool dec_oneshot_##impl##sfx(const void *key, const u32 le_ctr[4], \
				    const u8 *aad, unsigned int aadlen,	\
				    const u8 *src, u8 *dst,		\
				    unsigned int datalen, const u8 *tag, \
				    unsigned int taglen)		\
{									\
	aes_gcm_amd_form = (q);						\
	return dec_oneshot_##impl(key, le_ctr, aad, aadlen, src, dst,	\
				  datalen, tag, taglen);		\
}

GCM_FORM_WRAPPERS(vaes_avx10_512, _reg, 0)
GCM_FORM_WRAPPERS(vaes_avx10_512, _mem, 1)

/* A row of one form: @impl's functions, the form wrappers of @sfx */
#define GCM_FORM_ENTRY(impl, sfx, label, need, keytype, start, end) {	\
	.name = (label), .feats = (need),				\
	.key_size = sizeof(struct keytype),				\
	.powers_start = (start), .powers_end = (end),			\
	.precompute = precompute_##impl,				\
	.precompute_c = precompute_c_##impl,				\
	.aad_update = aad_update_##impl,				\
	.enc_update = enc_update_##impl##sfx,				\
	.dec_update = dec_update_##impl##sfx,				\
	.enc_final = enc_final_##impl,					\
	.dec_final = dec_final_##impl,					\
	.enc_oneshot = enc_oneshot_##impl##sfx,				\
	.dec_oneshot = dec_oneshot_##impl##sfx,				\
}

#define AVX10_POWERS_END	(GCM_AVX10_PADDING_OFFSET + 3 * 16)

const struct gcm_impl gcm_impls[NR_GCM_IMPLS] = {
	GCM_ENTRY(aesni, CPU_FEATS_AESNI, aes_gcm_key_aesni,
		  GCM_AESNI_H_POWERS_OFFSET, GCM_AESNI_KEY_SIZE),
	GCM_ENTRY(aesni_avx, CPU_FEATS_AESNI_AVX, aes_gcm_key_aesni,
		  GCM_AESNI_H_POWERS_OFFSET, GCM_AESNI_KEY_SIZE),
	GCM_ENTRY(vaes_avx2, CPU_FEATS_VAES_AVX2, aes_gcm_key_vaes_avx2,
		  GCM_H_POWERS_OFFSET, GCM_AVX2_KEY_SIZE),
	GCM_ENTRY(vaes_avx10_256, CPU_FEATS_VAES_AVX10, aes_gcm_key_vaes_avx10,
		  GCM_H_POWERS_OFFSET, AVX10_POWERS_END),
	GCM_FORM_ENTRY(vaes_avx10_512, _reg, "vaes_avx10_512",
		       CPU_FEATS_VAES_AVX10, aes_gcm_key_vaes_avx10,
		       GCM_H_POWERS_OFFSET, AVX10_POWERS_END),
	GCM_FORM_ENTRY(vaes_avx10_512, _mem, "vaes_avx10_512_mem",
		       CPU_FEATS_VAES_AVX10, aes_gcm_key_vaes_avx10,
		       GCM_H_POWERS_OFFSET, AVX10_POWERS_END),
};

const char *xts_impl_unavailable(const struct xts_impl *impl)
{
	return cpu_missing(impl->feats);
}

const char *xts_iv_unavailable(void)
{
	return cpu_missing(CPU_FEATS_AESNI);
}

const char *gcm_impl_unavailable(const struct gcm_impl *impl)
{
	return cpu_missing(impl->feats);
}
