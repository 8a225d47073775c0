// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The AES-GCM library of include/aesni-gcm.h, for in-kernel users that own
 * linear buffers (a VPN data channel, for example) and want neither a
 * crypto_aead request nor scatterlists.
 *
 * One implementation serves every key: the fastest one the CPU runs, chosen
 * by aesni_gcm_lib_init() when the module loads, with the same rules as the
 * crypto API registration (CPU features, the list of CPUs that slow down
 * with zmm registers).  Its key struct lives in aesni_gcm_key.impl_key.
 *
 * Where the FPU can be used, a whole message (up to the bounds of
 * aesni-gcm.h) is one assembly call in one kernel FPU section.  Where it
 * cannot (an NMI, a hard IRQ that interrupted a kernel FPU section, a
 * softirq nested in one), the same state is advanced by portable C instead:
 *   - AES by a constant-time S-box: the GF(2^8) inverse computed as x^254
 *     with byte-parallel carry-less multiplications, then the affine map;
 *     no table is indexed, no branch depends on a key or data byte.  (The
 *     kernel's own aes_encrypt() indexes a table with secret bytes, so it is
 *     not used, not even for the key schedule.)
 *   - GHASH by the constant-time multiplication of aes-gcm-keys.c.
 * The GHASH accumulator of an unfinished message stays in the form the
 * assembly keeps it in (byte-reversed, in every implementation), so a
 * message may switch between the two paths at any call, e.g. when one
 * piece is processed in a hard IRQ.
 */

#include <asm/fpu/api.h>
#include <crypto/algapi.h>
#include <linux/export.h>
#include <linux/hardirq.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>

#include "aes-gcm-oneshot.h"
#include "aesni-intel.h"
#include "include/aesni-gcm.h"

enum gcm_lib_impl {
	LIB_AESNI,
	LIB_AESNI_AVX,
	LIB_VAES_AVX2,
	LIB_AVX10_256,
	LIB_AVX10_512,
};

static int gcm_lib_impl __ro_after_init;

static_assert(sizeof(struct aes_gcm_key_vaes_avx10) <=
	      sizeof_field(struct aesni_gcm_key, impl_key));
static_assert(sizeof(struct aes_gcm_key_vaes_avx2) <=
	      sizeof_field(struct aesni_gcm_key, impl_key));
static_assert(sizeof(struct aes_gcm_key_aesni) <=
	      sizeof_field(struct aesni_gcm_key, impl_key));

/* The implementation's key struct (only 16-byte alignment is assumed). */
#define LIB_KEY(key, family) \
	((const struct aes_gcm_key_##family *)(const void *)(key)->impl_key)
#define LIB_BASE(key) ((struct aes_gcm_key *)(void *)(key)->impl_key)

#if IS_ENABLED(CONFIG_CRYPTO_AES_GCM_XTS_X86_KUNIT_TEST)
/* The KUnit suite forces the portable path with this. */
static bool gcm_lib_force_portable;

void aesni_gcm_lib_force_portable(bool on)
{
	WRITE_ONCE(gcm_lib_force_portable, on);
}
EXPORT_SYMBOL_GPL(aesni_gcm_lib_force_portable);
#define gcm_lib_forced_portable()	READ_ONCE(gcm_lib_force_portable)
#else
#define gcm_lib_forced_portable()	false
#endif

static __always_inline bool gcm_lib_simd_usable(void)
{
	/* irq_fpu_usable() warns in NMI context, so ask in_nmi() first. */
	return !in_nmi() && irq_fpu_usable() &&
	       !gcm_lib_forced_portable();
}

static __always_inline u32 load_be32(const u8 *p)
{
	__be32 v;

	memcpy(&v, p, 4);
	return be32_to_cpu(v);
}

static __always_inline u64 load_be64(const u8 *p)
{
	__be64 v;

	memcpy(&v, p, 8);
	return be64_to_cpu(v);
}

static __always_inline void store_be64(u8 *p, u64 x)
{
	__be64 v = cpu_to_be64(x);

	memcpy(p, &v, 8);
}

static __always_inline u64 load_le64(const u8 *p)
{
	__le64 v;

	memcpy(&v, p, 8);
	return le64_to_cpu(v);
}

static __always_inline void store_le64(u8 *p, u64 x)
{
	__le64 v = cpu_to_le64(x);

	memcpy(p, &v, 8);
}

/*-------------------------------------------------------------------------*/
/* Portable constant-time AES */

#define BYTES(b)	(0x0101010101010101ULL * (b))

/* Eight independent products in GF(2^8) (mod x^8 + x^4 + x^3 + x + 1). */
static u64 ct_gf256_mul8(u64 a, u64 b)
{
	u64 r = 0;
	int i;

	for (i = 0; i < 8; i++) {
		r ^= a & (((b >> i) & BYTES(1)) * 0xff);
		a = ((a & BYTES(0x7f)) << 1) ^ (((a >> 7) & BYTES(1)) * 0x1b);
	}
	return r;
}

/* Each byte rotated left by @k (1..7) */
static u64 ct_rotl8(u64 x, int k)
{
	return ((x << k) & BYTES((0xff << k) & 0xff)) |
	       ((x >> (8 - k)) & BYTES(0xff >> (8 - k)));
}

/*
 * The AES S-box on eight bytes at once: the inverse x^254 (0 for 0) by the
 * chain x^2, x^3, x^6, x^12, x^14, x^15, x^240, x^254, then the affine map
 * b ^ rotl(b, 1..4) ^ 0x63.
 */
static u64 ct_sbox8(u64 x)
{
	u64 x2 = ct_gf256_mul8(x, x);
	u64 x3 = ct_gf256_mul8(x2, x);
	u64 x12 = ct_gf256_mul8(x3, x3);
	u64 x14, t;
	int i;

	x12 = ct_gf256_mul8(x12, x12);
	x14 = ct_gf256_mul8(x12, x2);
	t = ct_gf256_mul8(x14, x);		/* x^15 */
	for (i = 0; i < 4; i++)
		t = ct_gf256_mul8(t, t);	/* x^240 */
	t = ct_gf256_mul8(t, x14);		/* x^254 */
	return t ^ ct_rotl8(t, 1) ^ ct_rotl8(t, 2) ^ ct_rotl8(t, 3) ^
	       ct_rotl8(t, 4) ^ BYTES(0x63);
}

/* Each byte of a column word times x in GF(2^8) */
static u32 ct_xtime32(u32 x)
{
	return ((x & 0x7f7f7f7f) << 1) ^ (((x >> 7) & 0x01010101) * 0x1b);
}

/*
 * Key expansion into @ctx with the layout of aes_expandkey() (key_enc as
 * little-endian words); key_dec is left zero, GCM never decrypts blocks.
 */
static void ct_aes_expandkey(struct crypto_aes_ctx *ctx, const u8 *in_key,
			     unsigned int key_len)
{
	static const u8 rcon[10] = {
		0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36
	};
	unsigned int nk = key_len / 4, total = 4 * (nk + 7), i;
	u32 *w = ctx->key_enc;
	__le32 v;
	u32 t;

	for (i = 0; i < nk; i++) {
		memcpy(&v, in_key + 4 * i, 4);
		w[i] = le32_to_cpu(v);
	}
	for (; i < total; i++) {
		t = w[i - 1];
		if (i % nk == 0)
			t = (u32)ct_sbox8(ror32(t, 8)) ^ rcon[i / nk - 1];
		else if (nk > 6 && i % nk == 4)
			t = (u32)ct_sbox8(t);
		w[i] = w[i - nk] ^ t;
	}
	ctx->key_length = key_len;
}

/* One block; the state is kept as four little-endian column words. */
static void ct_aes_encrypt(const struct crypto_aes_ctx *ctx, u8 out[16],
			   const u8 in[16])
{
	const u32 *rk = ctx->key_enc;
	int rounds = ctx->key_length / 4 + 6, r, i;
	u32 c[4], t[4];
	__le32 v;
	u64 lo, hi;

	for (i = 0; i < 4; i++) {
		memcpy(&v, in + 4 * i, 4);
		c[i] = le32_to_cpu(v) ^ rk[i];
	}
	for (r = 1; r <= rounds; r++) {
		lo = ct_sbox8(c[0] | (u64)c[1] << 32);
		hi = ct_sbox8(c[2] | (u64)c[3] << 32);
		c[0] = lo;
		c[1] = lo >> 32;
		c[2] = hi;
		c[3] = hi >> 32;
		/* ShiftRows: row j of column i comes from column i + j. */
		for (i = 0; i < 4; i++)
			t[i] = (c[i] & 0xff) | (c[(i + 1) & 3] & 0xff00) |
			       (c[(i + 2) & 3] & 0xff0000) |
			       (c[(i + 3) & 3] & 0xff000000);
		for (i = 0; i < 4; i++) {
			u32 a1 = ror32(t[i], 8);

			/* b_j = 2 (a_j + a_j+1) + a_j+1 + a_j+2 + a_j+3 */
			if (r < rounds)
				t[i] = ct_xtime32(t[i] ^ a1) ^ a1 ^
				       ror32(t[i], 16) ^ ror32(t[i], 24);
			c[i] = t[i] ^ rk[4 * r + i];
		}
	}
	for (i = 0; i < 4; i++) {
		v = cpu_to_le32(c[i]);
		memcpy(out + 4 * i, &v, 4);
	}
	memzero_explicit(c, sizeof(c));
	memzero_explicit(t, sizeof(t));
}

/*-------------------------------------------------------------------------*/
/* Portable GHASH and CTR on the state of an unfinished message */

/* ghash_acc (byte-reversed in every implementation) <-> GCM-order halves */
static void acc_load(u64 x[2], const u8 acc[16])
{
	x[0] = load_le64(acc + 8);
	x[1] = load_le64(acc);
}

static void acc_store(u8 acc[16], const u64 x[2])
{
	store_le64(acc + 8, x[0]);
	store_le64(acc, x[1]);
}

/* Hash @len bytes, the last block zero-padded. */
static void portable_ghash(const struct aesni_gcm_key *key, u8 acc[16],
			   const u8 *p, size_t len)
{
	u8 blk[AES_BLOCK_SIZE];
	size_t n;
	u64 x[2];

	acc_load(x, acc);
	while (len) {
		n = min_t(size_t, len, AES_BLOCK_SIZE);
		memset(blk, 0, sizeof(blk));
		memcpy(blk, p, n);
		x[0] ^= load_be64(blk);
		x[1] ^= load_be64(blk + 8);
		aes_gcm_mul_c(x, key->h);
		p += n;
		len -= n;
	}
	acc_store(acc, x);
	memzero_explicit(blk, sizeof(blk));
	memzero_explicit(x, sizeof(x));
}

/* The keystream block of counter block @le_ctr */
static void portable_keystream(const struct aesni_gcm_key *key,
			       const u32 le_ctr[4], u8 ks[16])
{
	__be32 ctr[4];
	int i;

	for (i = 0; i < 4; i++)
		ctr[i] = cpu_to_be32(le_ctr[3 - i]);
	ct_aes_encrypt(&LIB_BASE(key)->aes_key, ks, (const u8 *)ctr);
}

/* Whole blocks: CTR from le_ctr (advanced), GHASH of the ciphertext */
static void portable_crypt_blocks(struct aesni_gcm_ctx *ctx, u8 *dst,
				  const u8 *src, size_t len, bool enc)
{
	u8 ks[AES_BLOCK_SIZE];
	int i;

	for (; len; len -= AES_BLOCK_SIZE) {
		if (!enc)
			portable_ghash(ctx->key, ctx->ghash_acc, src,
				       AES_BLOCK_SIZE);
		portable_keystream(ctx->key, ctx->le_ctr, ks);
		ctx->le_ctr[0]++;
		for (i = 0; i < AES_BLOCK_SIZE; i++)
			dst[i] = src[i] ^ ks[i];
		if (enc)
			portable_ghash(ctx->key, ctx->ghash_acc, dst,
				       AES_BLOCK_SIZE);
		src += AES_BLOCK_SIZE;
		dst += AES_BLOCK_SIZE;
	}
	memzero_explicit(ks, sizeof(ks));
}

/*-------------------------------------------------------------------------*/
/* The assembly of the implementation in use (call inside an FPU section) */

static void simd_precompute(struct aesni_gcm_key *key)
{
	void *k = key->impl_key;

	switch (gcm_lib_impl) {
#if AESNI_INTEL_VAES
	case LIB_AVX10_512:
		aes_gcm_precompute_vaes_avx10_512(k);
		break;
	case LIB_AVX10_256:
		aes_gcm_precompute_vaes_avx10_256(k);
		break;
	case LIB_VAES_AVX2:
		aes_gcm_precompute_vaes_avx2(k);
		break;
#endif
	case LIB_AESNI_AVX:
		aes_gcm_precompute_aesni_avx(k);
		break;
	default:
		aes_gcm_precompute_aesni(k);
	}
}

static void simd_ghash(const struct aesni_gcm_key *key, u8 acc[16],
		       const u8 *p, unsigned int len)
{
	switch (gcm_lib_impl) {
#if AESNI_INTEL_VAES
	case LIB_AVX10_512:
	case LIB_AVX10_256:
		aes_gcm_aad_update_vaes_avx10(LIB_KEY(key, vaes_avx10), acc, p,
					      len);
		break;
	case LIB_VAES_AVX2:
		aes_gcm_aad_update_vaes_avx2(LIB_KEY(key, vaes_avx2), acc, p,
					     len);
		break;
#endif
	case LIB_AESNI_AVX:
		aes_gcm_aad_update_aesni_avx(LIB_KEY(key, aesni), acc, p, len);
		break;
	default:
		aes_gcm_aad_update_aesni(LIB_KEY(key, aesni), acc, p, len);
	}
}

static void simd_update(const struct aesni_gcm_key *key, const u32 le_ctr[4],
			u8 acc[16], const u8 *src, u8 *dst, unsigned int len,
			bool enc)
{
#define LIB_UPDATE(impl, family)					\
	do {								\
		const struct aes_gcm_key_##family *k = (const void *)key; \
									\
		if (enc)						\
			aes_gcm_enc_update_##impl(k, le_ctr, acc, src, dst, \
						  len);			\
		else							\
			aes_gcm_dec_update_##impl(k, le_ctr, acc, src, dst, \
						  len);			\
	} while (0)

	switch (gcm_lib_impl) {
#if AESNI_INTEL_VAES
	case LIB_AVX10_512:
		LIB_UPDATE(vaes_avx10_512, vaes_avx10);
		break;
	case LIB_AVX10_256:
		LIB_UPDATE(vaes_avx10_256, vaes_avx10);
		break;
	case LIB_VAES_AVX2:
		LIB_UPDATE(vaes_avx2, vaes_avx2);
		break;
#endif
	case LIB_AESNI_AVX:
		LIB_UPDATE(aesni_avx, aesni);
		break;
	default:
		LIB_UPDATE(aesni, aesni);
	}
#undef LIB_UPDATE
}

/* The full tag into @acc; le_ctr[0] must be 1. */
static void simd_final(const struct aesni_gcm_key *key, const u32 le_ctr[4],
		       u8 acc[16], u64 ad_len, u64 data_len)
{
	switch (gcm_lib_impl) {
#if AESNI_INTEL_VAES
	case LIB_AVX10_512:
	case LIB_AVX10_256:
		aes_gcm_enc_final_vaes_avx10(LIB_KEY(key, vaes_avx10), le_ctr,
					     acc, ad_len, data_len);
		break;
	case LIB_VAES_AVX2:
		aes_gcm_enc_final_vaes_avx2(LIB_KEY(key, vaes_avx2), le_ctr,
					    acc, ad_len, data_len);
		break;
#endif
	case LIB_AESNI_AVX:
		aes_gcm_enc_final_aesni_avx(LIB_KEY(key, aesni), le_ctr, acc,
					    ad_len, data_len);
		break;
	default:
		aes_gcm_enc_final_aesni(LIB_KEY(key, aesni), le_ctr, acc,
					ad_len, data_len);
	}
}

/* One-shot en/decryption of a whole message (aes-gcm-oneshot.h) */
#define LIB_ONESHOT(impl, family, op, ...) \
	GCM_ONESHOT_##impl(op)(LIB_KEY(key, family), __VA_ARGS__)

static __always_inline void
simd_enc_oneshot(const struct aesni_gcm_key *key, const u32 le_ctr[4],
		 const u8 *aad, unsigned int aadlen, const u8 *src, u8 *dst,
		 unsigned int len, u8 tag[16])
{
	switch (gcm_lib_impl) {
#if AESNI_INTEL_VAES
	case LIB_AVX10_512:
		LIB_ONESHOT(vaes_avx10_512, vaes_avx10, enc, le_ctr, aad,
			    aadlen, src, dst, len, tag);
		break;
	case LIB_AVX10_256:
		LIB_ONESHOT(vaes_avx10_256, vaes_avx10, enc, le_ctr, aad,
			    aadlen, src, dst, len, tag);
		break;
	case LIB_VAES_AVX2:
		LIB_ONESHOT(vaes_avx2, vaes_avx2, enc, le_ctr, aad, aadlen,
			    src, dst, len, tag);
		break;
#endif
	case LIB_AESNI_AVX:
		LIB_ONESHOT(aesni_avx, aesni, enc, le_ctr, aad, aadlen, src,
			    dst, len, tag);
		break;
	default:
		LIB_ONESHOT(aesni, aesni, enc, le_ctr, aad, aadlen, src, dst,
			    len, tag);
	}
}

static __always_inline bool
simd_dec_oneshot(const struct aesni_gcm_key *key, const u32 le_ctr[4],
		 const u8 *aad, unsigned int aadlen, const u8 *src, u8 *dst,
		 unsigned int len, const u8 *tag, unsigned int taglen)
{
	switch (gcm_lib_impl) {
#if AESNI_INTEL_VAES
	case LIB_AVX10_512:
		return LIB_ONESHOT(vaes_avx10_512, vaes_avx10, dec, le_ctr,
				   aad, aadlen, src, dst, len, tag, taglen);
	case LIB_AVX10_256:
		return LIB_ONESHOT(vaes_avx10_256, vaes_avx10, dec, le_ctr,
				   aad, aadlen, src, dst, len, tag, taglen);
	case LIB_VAES_AVX2:
		return LIB_ONESHOT(vaes_avx2, vaes_avx2, dec, le_ctr, aad,
				   aadlen, src, dst, len, tag, taglen);
#endif
	case LIB_AESNI_AVX:
		return LIB_ONESHOT(aesni_avx, aesni, dec, le_ctr, aad, aadlen,
				   src, dst, len, tag, taglen);
	default:
		return LIB_ONESHOT(aesni, aesni, dec, le_ctr, aad, aadlen,
				   src, dst, len, tag, taglen);
	}
}

/*-------------------------------------------------------------------------*/
/* The library */

int aesni_gcm_preparekey(struct aesni_gcm_key *key, const u8 *in_key,
			 size_t key_len, size_t authtag_len)
{
	struct aes_gcm_key *base = LIB_BASE(key);
	u8 h[AES_BLOCK_SIZE] = {};

	switch (authtag_len) {
	case 4: case 8: case 12: case 13: case 14: case 15: case 16:
		break;
	default:
		return -EINVAL;
	}
	if (key_len != AES_KEYSIZE_128 && key_len != AES_KEYSIZE_192 &&
	    key_len != AES_KEYSIZE_256)
		return -EINVAL;

	memset(key, 0, sizeof(*key));
	ct_aes_expandkey(&base->aes_key, in_key, key_len);
	key->authtag_len = authtag_len;
	key->key_len = key_len;
	ct_aes_encrypt(&base->aes_key, h, h);
	key->h[0] = load_be64(h);
	key->h[1] = load_be64(h + 8);

	if (likely(gcm_lib_simd_usable())) {
		kernel_fpu_begin();
		simd_precompute(key);
		kernel_fpu_end();
	} else if (gcm_lib_impl >= LIB_AVX10_256) {
		aes_gcm_precompute_c_vaes_avx10((void *)key->impl_key, h);
	} else if (gcm_lib_impl == LIB_VAES_AVX2) {
		aes_gcm_precompute_c_vaes_avx2((void *)key->impl_key, h);
	} else {
		aes_gcm_precompute_c_aesni((void *)key->impl_key, h);
	}
	memzero_explicit(h, sizeof(h));
	return 0;
}
EXPORT_SYMBOL_GPL(aesni_gcm_preparekey);

void aesni_gcm_init(struct aesni_gcm_ctx *ctx, const u8 nonce[12],
		    const struct aesni_gcm_key *key)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->key = key;
	ctx->le_ctr[0] = 2;	/* 1 masks the tag */
	ctx->le_ctr[1] = load_be32(nonce + 8);
	ctx->le_ctr[2] = load_be32(nonce + 4);
	ctx->le_ctr[3] = load_be32(nonce);
}
EXPORT_SYMBOL_GPL(aesni_gcm_init);

/* GHASH @len bytes (the last block zero-padded) into ctx->ghash_acc */
static void gcm_lib_ghash(struct aesni_gcm_ctx *ctx, const u8 *p, size_t len)
{
	unsigned int n;

	if (unlikely(!gcm_lib_simd_usable())) {
		portable_ghash(ctx->key, ctx->ghash_acc, p, len);
		return;
	}
	while (len) {
		/* only the last piece may end in a partial block */
		n = min_t(size_t, len, AESNI_GCM_SECTION_MAX);
		kernel_fpu_begin();
		simd_ghash(ctx->key, ctx->ghash_acc, p, n);
		kernel_fpu_end();
		p += n;
		len -= n;
	}
}

void aesni_gcm_auth_update(struct aesni_gcm_ctx *ctx, const u8 *ad,
			   size_t len)
{
	unsigned int pos = ctx->ad_len % AES_BLOCK_SIZE;
	size_t n;

	WARN_ON_ONCE(ctx->data_len != 0);
	ctx->ad_len += len;
	if (pos) {
		n = min_t(size_t, len, AES_BLOCK_SIZE - pos);
		memcpy(&ctx->partial[pos], ad, n);
		ad += n;
		len -= n;
		if (pos + n < AES_BLOCK_SIZE)
			return;
		gcm_lib_ghash(ctx, ctx->partial, AES_BLOCK_SIZE);
	}
	n = round_down(len, AES_BLOCK_SIZE);
	if (n)
		gcm_lib_ghash(ctx, ad, n);
	memcpy(ctx->partial, ad + n, len - n);
}
EXPORT_SYMBOL_GPL(aesni_gcm_auth_update);

/*
 * The keystream block of ctx->le_ctr into ctx->keystream, counter advanced.
 * On the SIMD path: a zero block encrypted by the update function, hashed
 * into a scratch accumulator that is thrown away.
 */
static void gcm_lib_next_keystream(struct aesni_gcm_ctx *ctx)
{
	u8 scratch[16] = {};

	if (likely(gcm_lib_simd_usable())) {
		memset(ctx->keystream, 0, AES_BLOCK_SIZE);
		kernel_fpu_begin();
		simd_update(ctx->key, ctx->le_ctr, scratch, ctx->keystream,
			    ctx->keystream, AES_BLOCK_SIZE, true);
		kernel_fpu_end();
	} else {
		portable_keystream(ctx->key, ctx->le_ctr, ctx->keystream);
	}
	ctx->le_ctr[0]++;
	memzero_explicit(scratch, sizeof(scratch));
}

/* XOR with the buffered keystream from @pos; the ciphertext to partial[] */
static void gcm_lib_xor_partial(struct aesni_gcm_ctx *ctx, u8 *dst,
				const u8 *src, unsigned int pos,
				unsigned int n, bool enc)
{
	unsigned int i;
	u8 in, out;

	for (i = 0; i < n; i++) {
		in = src[i];
		out = in ^ ctx->keystream[pos + i];
		ctx->partial[pos + i] = enc ? out : in;
		dst[i] = out;
	}
}

static void gcm_lib_crypt_update(struct aesni_gcm_ctx *ctx, u8 *dst,
				 const u8 *src, size_t len, bool enc)
{
	unsigned int pos = ctx->data_len % AES_BLOCK_SIZE;
	size_t n;

	if (!len)
		return;
	/* the first data: hash the last, partial, block of the AAD */
	if (ctx->data_len == 0 && ctx->ad_len % AES_BLOCK_SIZE)
		gcm_lib_ghash(ctx, ctx->partial, ctx->ad_len % AES_BLOCK_SIZE);
	ctx->data_len += len;

	if (pos) {
		n = min_t(size_t, len, AES_BLOCK_SIZE - pos);
		gcm_lib_xor_partial(ctx, dst, src, pos, n, enc);
		src += n;
		dst += n;
		len -= n;
		if (pos + n < AES_BLOCK_SIZE)
			return;
		gcm_lib_ghash(ctx, ctx->partial, AES_BLOCK_SIZE);
	}

	while (len >= AES_BLOCK_SIZE) {
		n = round_down(min_t(size_t, len, AESNI_GCM_SECTION_MAX),
			       AES_BLOCK_SIZE);
		if (likely(gcm_lib_simd_usable())) {
			kernel_fpu_begin();
			simd_update(ctx->key, ctx->le_ctr, ctx->ghash_acc, src,
				    dst, n, enc);
			kernel_fpu_end();
			ctx->le_ctr[0] += n / AES_BLOCK_SIZE;
		} else {
			portable_crypt_blocks(ctx, dst, src, n, enc);
		}
		src += n;
		dst += n;
		len -= n;
	}

	if (len) {
		gcm_lib_next_keystream(ctx);
		gcm_lib_xor_partial(ctx, dst, src, 0, len, enc);
	}
}

void aesni_gcm_encrypt_update(struct aesni_gcm_ctx *ctx, u8 *dst,
			      const u8 *src, size_t len)
{
	gcm_lib_crypt_update(ctx, dst, src, len, true);
}
EXPORT_SYMBOL_GPL(aesni_gcm_encrypt_update);

void aesni_gcm_decrypt_update(struct aesni_gcm_ctx *ctx, u8 *dst,
			      const u8 *src, size_t len)
{
	gcm_lib_crypt_update(ctx, dst, src, len, false);
}
EXPORT_SYMBOL_GPL(aesni_gcm_decrypt_update);

/* The full 16-byte tag into @tag; the context is zeroized. */
static void gcm_lib_final(struct aesni_gcm_ctx *ctx, u8 tag[16])
{
	unsigned int rest;
	u8 lens[16], j0[16];
	u64 x[2];
	int i;

	/* the last partial block, of the AAD if there was no data */
	rest = ctx->data_len ? ctx->data_len % AES_BLOCK_SIZE :
			       ctx->ad_len % AES_BLOCK_SIZE;
	if (rest)
		gcm_lib_ghash(ctx, ctx->partial, rest);

	ctx->le_ctr[0] = 1;
	if (likely(gcm_lib_simd_usable())) {
		kernel_fpu_begin();
		simd_final(ctx->key, ctx->le_ctr, ctx->ghash_acc, ctx->ad_len,
			   ctx->data_len);
		kernel_fpu_end();
		memcpy(tag, ctx->ghash_acc, 16);
	} else {
		store_be64(lens, ctx->ad_len * 8);
		store_be64(lens + 8, ctx->data_len * 8);
		portable_ghash(ctx->key, ctx->ghash_acc, lens, 16);
		acc_load(x, ctx->ghash_acc);
		store_be64(tag, x[0]);
		store_be64(tag + 8, x[1]);
		portable_keystream(ctx->key, ctx->le_ctr, j0);
		for (i = 0; i < 16; i++)
			tag[i] ^= j0[i];
		memzero_explicit(x, sizeof(x));
		memzero_explicit(j0, sizeof(j0));
	}
	memzero_explicit(ctx, sizeof(*ctx));
}

void aesni_gcm_encrypt_final(struct aesni_gcm_ctx *ctx, u8 *authtag)
{
	unsigned int taglen = ctx->key->authtag_len;
	u8 tag[16];

	gcm_lib_final(ctx, tag);
	memcpy(authtag, tag, taglen);
	memzero_explicit(tag, sizeof(tag));
}
EXPORT_SYMBOL_GPL(aesni_gcm_encrypt_final);

int aesni_gcm_decrypt_final(struct aesni_gcm_ctx *ctx, const u8 *authtag)
{
	unsigned int taglen = ctx->key->authtag_len;
	u8 tag[16];
	int err;

	gcm_lib_final(ctx, tag);
	err = crypto_memneq(tag, authtag, taglen) ? -EBADMSG : 0;
	memzero_explicit(tag, sizeof(tag));
	return err;
}
EXPORT_SYMBOL_GPL(aesni_gcm_decrypt_final);

/* A message within the one-shot bounds, where the FPU is usable */
static __always_inline bool gcm_lib_oneshot_ok(size_t data_len, size_t ad_len)
{
	return data_len <= AESNI_GCM_ONESHOT_MAX_DATA &&
	       ad_len <= AESNI_GCM_ONESHOT_MAX_AD && gcm_lib_simd_usable();
}

/*
 * Messages beyond the one-shot bounds, or where the FPU is unusable: the
 * incremental functions (kept out of line, so that the one-shot path does
 * not pay for clearing their context on the stack).
 */
static noinline void gcm_lib_encrypt_long(u8 *dst, const u8 *src,
					  size_t data_len, u8 *authtag,
					  const u8 *ad, size_t ad_len,
					  const u8 nonce[12],
					  const struct aesni_gcm_key *key)
{
	struct aesni_gcm_ctx ctx;

	aesni_gcm_init(&ctx, nonce, key);
	aesni_gcm_auth_update(&ctx, ad, ad_len);
	aesni_gcm_encrypt_update(&ctx, dst, src, data_len);
	aesni_gcm_encrypt_final(&ctx, authtag);
}

static noinline int gcm_lib_decrypt_long(u8 *dst, const u8 *src,
					 size_t data_len, const u8 *authtag,
					 const u8 *ad, size_t ad_len,
					 const u8 nonce[12],
					 const struct aesni_gcm_key *key)
{
	struct aesni_gcm_ctx ctx;

	aesni_gcm_init(&ctx, nonce, key);
	aesni_gcm_auth_update(&ctx, ad, ad_len);
	aesni_gcm_decrypt_update(&ctx, dst, src, data_len);
	return aesni_gcm_decrypt_final(&ctx, authtag);
}

void aesni_gcm_encrypt(u8 *dst, const u8 *src, size_t data_len, u8 *authtag,
		       const u8 *ad, size_t ad_len, const u8 nonce[12],
		       const struct aesni_gcm_key *key)
{
	u32 le_ctr[4];
	u8 tag[16];

	if (unlikely(!gcm_lib_oneshot_ok(data_len, ad_len))) {
		gcm_lib_encrypt_long(dst, src, data_len, authtag, ad, ad_len,
				     nonce, key);
		return;
	}
	le_ctr[0] = 1;
	le_ctr[1] = load_be32(nonce + 8);
	le_ctr[2] = load_be32(nonce + 4);
	le_ctr[3] = load_be32(nonce);
	kernel_fpu_begin();
	simd_enc_oneshot(key, le_ctr, ad, ad_len, src, dst, data_len, tag);
	kernel_fpu_end();
	memcpy(authtag, tag, key->authtag_len);
	memzero_explicit(tag, sizeof(tag));
}
EXPORT_SYMBOL_GPL(aesni_gcm_encrypt);

int aesni_gcm_decrypt(u8 *dst, const u8 *src, size_t data_len,
		      const u8 *authtag, const u8 *ad, size_t ad_len,
		      const u8 nonce[12], const struct aesni_gcm_key *key)
{
	u32 le_ctr[4];
	int err;

	if (likely(gcm_lib_oneshot_ok(data_len, ad_len))) {
		le_ctr[0] = 1;
		le_ctr[1] = load_be32(nonce + 8);
		le_ctr[2] = load_be32(nonce + 4);
		le_ctr[3] = load_be32(nonce);
		kernel_fpu_begin();
		err = simd_dec_oneshot(key, le_ctr, ad, ad_len, src, dst,
				       data_len, authtag, key->authtag_len) ?
		      0 : -EBADMSG;
		kernel_fpu_end();
	} else {
		err = gcm_lib_decrypt_long(dst, src, data_len, authtag, ad,
					   ad_len, nonce, key);
	}
	/* release no unauthenticated plaintext */
	if (unlikely(err) && data_len)
		memset(dst, 0, data_len);
	return err;
}
EXPORT_SYMBOL_GPL(aesni_gcm_decrypt);

/*
 * Called by the module's init with the number of implementations usable
 * (aesni_impls[] order) and whether the CPU is on the zmm slow-down list.
 */
void __init aesni_gcm_lib_init(int num_usable, bool zmm_slow)
{
	gcm_lib_impl = num_usable - 1;
	if (gcm_lib_impl == LIB_AVX10_512 && zmm_slow)
		gcm_lib_impl = LIB_AVX10_256;
	/* a module built without the VAES code has only these two */
	if (!AESNI_INTEL_VAES && gcm_lib_impl > LIB_AESNI_AVX)
		gcm_lib_impl = LIB_AESNI_AVX;
}
