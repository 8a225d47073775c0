// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Portable reference model of AES, XTS and GCM (see aes_ref.h).
 *
 * AES is written with the classic 32-bit "T-tables", derived at first use
 * from the field arithmetic rather than typed in, so that no table can carry
 * a typo.  The state is four little-endian column words: byte r of column c
 * (row r) is bits 8r..8r+7 of word c, i.e. byte 4c + r of the block, which is
 * also how the kernel stores round keys.  GHASH uses 4-bit tables (Shoup).
 */
#include "platform.h"
#include "aes_ref.h"

static u8 sbox[256], inv_sbox[256];
static u32 enc_table[256], dec_table[256];	/* column 0 of each round */
static bool tables_ready;

static u8 gf_mul(u8 a, u8 b)
{
	u8 p = 0;

	while (b) {
		if (b & 1)
			p ^= a;
		a = (a << 1) ^ ((a & 0x80) ? 0x1b : 0);
		b >>= 1;
	}
	return p;
}

static u32 rol32(u32 v, unsigned int n)
{
	return n ? (v << n) | (v >> (32 - n)) : v;
}

/* S(x) = affine(x^-1), and the MixColumns images of a lone byte. */
static void aes_ref_init(void)
{
	unsigned int x, i;
	u8 inv, s;

	for (x = 0; x < 256; x++) {
		inv = 0;
		for (i = 1; i < 256 && x; i++)
			if (gf_mul(x, i) == 1)
				inv = i;
		s = inv;
		for (i = 1; i < 5; i++)
			s ^= (u8)((inv << i) | (inv >> (8 - i)));
		s ^= 0x63;
		sbox[x] = s;
		inv_sbox[s] = x;
	}
	for (x = 0; x < 256; x++) {
		s = sbox[x];
		/* MixColumns of column (s, 0, 0, 0) is (2s, s, s, 3s) */
		enc_table[x] = gf_mul(s, 2) | (u32)s << 8 | (u32)s << 16 |
			       (u32)gf_mul(s, 3) << 24;
		s = inv_sbox[x];
		/* InvMixColumns of (s, 0, 0, 0) is (14s, 9s, 13s, 11s) */
		dec_table[x] = gf_mul(s, 14) | (u32)gf_mul(s, 9) << 8 |
			       (u32)gf_mul(s, 13) << 16 |
			       (u32)gf_mul(s, 11) << 24;
	}
	tables_ready = true;
}

static u32 get_le32(const u8 *p)
{
	return p[0] | (u32)p[1] << 8 | (u32)p[2] << 16 | (u32)p[3] << 24;
}

static void put_le32(u8 *p, u32 v)
{
	p[0] = v;
	p[1] = v >> 8;
	p[2] = v >> 16;
	p[3] = v >> 24;
}

static u32 sub_word(u32 w)
{
	return sbox[w & 0xff] | (u32)sbox[(w >> 8) & 0xff] << 8 |
	       (u32)sbox[(w >> 16) & 0xff] << 16 | (u32)sbox[w >> 24] << 24;
}

/* InvMixColumns of one column word, for the inner decryption round keys */
static u32 inv_mix_column(u32 w)
{
	/* dec_table[S(b)] is InvMixColumns of (b, 0, 0, 0) */
	return dec_table[sbox[w & 0xff]] ^
	       rol32(dec_table[sbox[(w >> 8) & 0xff]], 8) ^
	       rol32(dec_table[sbox[(w >> 16) & 0xff]], 16) ^
	       rol32(dec_table[sbox[w >> 24]], 24);
}

int aes_expandkey(struct crypto_aes_ctx *ctx, const u8 *key,
		  unsigned int keylen)
{
	unsigned int nk = keylen / 4, rounds = 6 + nk, total, i, r;
	u32 rcon = 1, t;

	if (keylen != 16 && keylen != 24 && keylen != 32)
		return -1;
	if (!tables_ready)
		aes_ref_init();
	total = 4 * (rounds + 1);
	memset(ctx, 0, sizeof(*ctx));
	ctx->key_length = keylen;
	for (i = 0; i < nk; i++)
		ctx->key_enc[i] = get_le32(key + 4 * i);
	for (i = nk; i < total; i++) {
		t = ctx->key_enc[i - 1];
		if (i % nk == 0) {
			/* RotWord moves byte 1 to byte 0: a right rotation */
			t = sub_word(rol32(t, 24)) ^ rcon;
			rcon = gf_mul(rcon, 2);
		} else if (nk == 8 && i % nk == 4) {
			t = sub_word(t);
		}
		ctx->key_enc[i] = ctx->key_enc[i - nk] ^ t;
	}
	for (r = 0; r <= rounds; r++) {
		for (i = 0; i < 4; i++) {
			t = ctx->key_enc[4 * (rounds - r) + i];
			if (r != 0 && r != rounds)
				t = inv_mix_column(t);
			ctx->key_dec[4 * r + i] = t;
		}
	}
	return 0;
}

/*
 * One AES pass over column words: @table is enc_table with ShiftRows taking
 * row r from column c + r, or dec_table with InvShiftRows taking it from
 * column c - r (@dir = 1 or 3 modulo 4).
 */
static void aes_ref_rounds(const u32 *rk, unsigned int rounds,
			   const u32 *table, const u8 *box, unsigned int dir,
			   u8 out[16], const u8 in[16])
{
	u32 s[4], t[4];
	unsigned int r, c, row;

	for (c = 0; c < 4; c++)
		s[c] = get_le32(in + 4 * c) ^ rk[c];
	for (r = 1; r < rounds; r++) {
		for (c = 0; c < 4; c++) {
			t[c] = rk[4 * r + c];
			for (row = 0; row < 4; row++)
				t[c] ^= rol32(table[(s[(c + dir * row) & 3] >>
						     (8 * row)) & 0xff],
					      8 * row);
		}
		memcpy(s, t, sizeof(s));
	}
	for (c = 0; c < 4; c++) {
		t[c] = rk[4 * rounds + c];
		for (row = 0; row < 4; row++)
			t[c] ^= (u32)box[(s[(c + dir * row) & 3] >>
					  (8 * row)) & 0xff] << (8 * row);
		put_le32(out + 4 * c, t[c]);
	}
}

void aes_ref_encrypt(const struct crypto_aes_ctx *ctx, u8 out[16],
		     const u8 in[16])
{
	aes_ref_rounds(ctx->key_enc, 6 + ctx->key_length / 4, enc_table, sbox,
		       1, out, in);
}

void aes_ref_decrypt(const struct crypto_aes_ctx *ctx, u8 out[16],
		     const u8 in[16])
{
	aes_ref_rounds(ctx->key_dec, 6 + ctx->key_length / 4, dec_table,
		       inv_sbox, 3, out, in);
}

/* XTS tweak times alpha: a 128-bit little-endian shift, 0x87 feedback. */
static void xts_mul_alpha(u8 t[16])
{
	u8 carry = t[15] >> 7;
	int i;

	for (i = 15; i > 0; i--)
		t[i] = (t[i] << 1) | (t[i - 1] >> 7);
	t[0] = (t[0] << 1) ^ (carry ? 0x87 : 0);
}

static void xts_ref_block(bool enc, const struct crypto_aes_ctx *key,
			  u8 out[16], const u8 in[16], const u8 t[16])
{
	u8 b[16];
	int i;

	for (i = 0; i < 16; i++)
		b[i] = in[i] ^ t[i];
	if (enc)
		aes_ref_encrypt(key, b, b);
	else
		aes_ref_decrypt(key, b, b);
	for (i = 0; i < 16; i++)
		out[i] = b[i] ^ t[i];
}

void xts_ref_crypt(bool enc, const struct crypto_aes_ctx *key,
		   const u8 *src, u8 *dst, size_t len, u8 tweak[16])
{
	size_t tail = len % 16, full = len - tail;
	u8 t[16], t_next[16], cc[16], pp[16];
	size_t i;

	memcpy(t, tweak, 16);
	/* With stealing, the last full block is handled below. */
	if (tail)
		full -= 16;
	for (i = 0; i < full; i += 16) {
		xts_ref_block(enc, key, dst + i, src + i, t);
		xts_mul_alpha(t);
	}
	if (!tail) {
		memcpy(tweak, t, 16);
		return;
	}
	/*
	 * Stealing: block m-1 (full) and block m (tail bytes).  Encryption
	 * uses tweaks T(m-1) then T(m); decryption must undo them in the
	 * opposite order, so it processes block m-1 with T(m).
	 */
	memcpy(t_next, t, 16);
	xts_mul_alpha(t_next);
	xts_ref_block(enc, key, cc, src + i, enc ? t : t_next);
	memcpy(pp, src + i + 16, tail);
	memcpy(pp + tail, cc + tail, 16 - tail);
	memcpy(dst + i + 16, cc, tail);
	xts_ref_block(enc, key, dst + i, pp, enc ? t_next : t);
}

/*
 * GF(2^128) in GCM's bit order as two big-endian words (the most significant
 * bit of .hi is the coefficient of x^0), as in aes-gcm-keys.c.  Multiplying
 * by x^4 shifts right by 4; the four coefficients pushed out of x^127 are
 * folded back with reduce4[], built from x^128 = x^7 + x^2 + x + 1.
 */
struct gf128 {
	u64 hi, lo;
};

static u64 reduce4[16];

static struct gf128 gf128_mul_x(struct gf128 v)
{
	u64 carry = v.lo & 1;

	v.lo = (v.lo >> 1) | (v.hi << 63);
	v.hi = (v.hi >> 1) ^ (carry ? 0xe100000000000000ULL : 0);
	return v;
}

struct ghash_ctx {
	struct gf128 htab[16];	/* htab[n] = H * n(x), MSB of n = x^0 */
	struct gf128 acc;
};

static u64 get_be64(const u8 *p)
{
	u64 v = 0;
	int i;

	for (i = 0; i < 8; i++)
		v = (v << 8) | p[i];
	return v;
}

static void put_be64(u8 *p, u64 v)
{
	int i;

	for (i = 7; i >= 0; i--, v >>= 8)
		p[i] = v;
}

static void ghash_init(struct ghash_ctx *g, const u8 h[16])
{
	struct gf128 v = { get_be64(h), get_be64(h + 8) }, r;
	int i, bit;

	if (!reduce4[1]) {
		for (i = 0; i < 16; i++) {
			r.hi = 0;
			r.lo = i;
			for (bit = 0; bit < 4; bit++)
				r = gf128_mul_x(r);
			reduce4[i] = r.hi;
		}
	}
	memset(g, 0, sizeof(*g));
	for (bit = 8; bit; bit >>= 1) {
		g->htab[bit] = v;
		v = gf128_mul_x(v);
	}
	for (i = 1; i < 16; i++) {
		if (!(i & (i - 1)))
			continue;
		for (bit = 8; bit; bit >>= 1) {
			if (i & bit) {
				g->htab[i].hi ^= g->htab[bit].hi;
				g->htab[i].lo ^= g->htab[bit].lo;
			}
		}
	}
}

/* acc = (acc + block) * H, Horner over nibbles from x^127 down to x^0 */
static void ghash_block(struct ghash_ctx *g, const u8 block[16])
{
	struct gf128 x = { g->acc.hi ^ get_be64(block),
			   g->acc.lo ^ get_be64(block + 8) };
	struct gf128 z = { 0, 0 };
	unsigned int n;
	u64 out;
	int i;

	for (i = 31; i >= 0; i--) {
		n = ((i < 16 ? x.hi : x.lo) >> (60 - 4 * (i & 15))) & 0xf;
		out = z.lo & 0xf;
		z.lo = (z.lo >> 4) | (z.hi << 60);
		z.hi = (z.hi >> 4) ^ reduce4[out];
		z.hi ^= g->htab[n].hi;
		z.lo ^= g->htab[n].lo;
	}
	g->acc = z;
}

static void ghash_data(struct ghash_ctx *g, const u8 *p, size_t len)
{
	u8 block[16];

	for (; len >= 16; p += 16, len -= 16)
		ghash_block(g, p);
	if (len) {
		memset(block, 0, 16);
		memcpy(block, p, len);
		ghash_block(g, block);
	}
}

static void gcm_counter_block(u8 block[16], const u8 iv[12], u32 ctr)
{
	memcpy(block, iv, 12);
	block[12] = ctr >> 24;
	block[13] = ctr >> 16;
	block[14] = ctr >> 8;
	block[15] = ctr;
}

void gcm_ref_crypt(bool enc, const struct crypto_aes_ctx *key,
		   const u8 iv[12], u32 ctr, const u8 *aad, size_t aadlen,
		   const u8 *src, u8 *dst, size_t len, u8 tag[16])
{
	static const u8 zero[16];
	struct ghash_ctx g;
	u8 h[16], block[16], ks[16];
	size_t i, j, n;

	aes_ref_encrypt(key, h, zero);
	ghash_init(&g, h);
	ghash_data(&g, aad, aadlen);
	if (!enc)
		ghash_data(&g, src, len);
	for (i = 0; i < len; i += 16, ctr++) {
		gcm_counter_block(block, iv, ctr);
		aes_ref_encrypt(key, ks, block);
		n = len - i < 16 ? len - i : 16;
		for (j = 0; j < n; j++)
			dst[i + j] = src[i + j] ^ ks[j];
	}
	if (enc)
		ghash_data(&g, dst, len);
	put_be64(block, (u64)aadlen * 8);
	put_be64(block + 8, (u64)len * 8);
	ghash_block(&g, block);
	gcm_counter_block(block, iv, 1);
	aes_ref_encrypt(key, ks, block);
	put_be64(tag, g.acc.hi);
	put_be64(tag + 8, g.acc.lo);
	for (j = 0; j < 16; j++)
		tag[j] ^= ks[j];
}

/* ------------------------------------------------------------------------
 * ECB, CBC, CTR (SP 800-38A), CBC-CS3 (SP 800-38A addendum), XCTR (HCTR2)
 */

static void xor16(u8 *dst, const u8 *a, const u8 *b)
{
	unsigned int i;

	for (i = 0; i < 16; i++)
		dst[i] = a[i] ^ b[i];
}

void ecb_ref_crypt(bool enc, const struct crypto_aes_ctx *key,
		   const u8 *src, u8 *dst, size_t len)
{
	size_t i;

	for (i = 0; i + 16 <= len; i += 16) {
		if (enc)
			aes_ref_encrypt(key, dst + i, src + i);
		else
			aes_ref_decrypt(key, dst + i, src + i);
	}
}

void cbc_ref_crypt(bool enc, const struct crypto_aes_ctx *key,
		   const u8 *src, u8 *dst, size_t len, u8 iv[16])
{
	u8 block[16];
	size_t i;

	for (i = 0; i + 16 <= len; i += 16) {
		if (enc) {
			/* C_i = CIPH(P_i ^ C_(i-1)), C_0 = IV */
			xor16(block, src + i, iv);
			aes_ref_encrypt(key, iv, block);
			memcpy(dst + i, iv, 16);
		} else {
			/* P_i = CIPH^-1(C_i) ^ C_(i-1) */
			aes_ref_decrypt(key, block, src + i);
			xor16(block, block, iv);
			memcpy(iv, src + i, 16);
			memcpy(dst + i, block, 16);
		}
	}
}

/* The standard incrementing function on the whole 128-bit block */
static void ctr_inc128(u8 ctr[16])
{
	int i;

	for (i = 15; i >= 0; i--)
		if (++ctr[i])
			break;
}

void ctr_ref_crypt(const struct crypto_aes_ctx *key, const u8 *src,
		   u8 *dst, size_t len, u8 ctr[16])
{
	u8 ks[16];
	size_t i, j;

	for (i = 0; i < len; i += 16) {
		aes_ref_encrypt(key, ks, ctr);
		ctr_inc128(ctr);
		for (j = 0; j < 16 && i + j < len; j++)
			dst[i + j] = src[i + j] ^ ks[j];
	}
}

void xctr_ref_crypt(const struct crypto_aes_ctx *key, const u8 *src,
		    u8 *dst, size_t len, const u8 iv[16], u64 ctr)
{
	u8 block[16], ks[16];
	size_t i, j;

	for (i = 0; i < len; i += 16, ctr++) {
		/* XCTR: Y_i = E(N ^ bin_n(i)), i as a little-endian integer */
		memcpy(block, iv, 16);
		for (j = 0; j < 8; j++)
			block[j] ^= (u8)(ctr >> (8 * j));
		aes_ref_encrypt(key, ks, block);
		for (j = 0; j < 16 && i + j < len; j++)
			dst[i + j] = src[i + j] ^ ks[j];
	}
}

void cts_cbc_ref_crypt(bool enc, const struct crypto_aes_ctx *key,
		       const u8 *src, u8 *dst, size_t len, const u8 iv_in[16])
{
	size_t d, head, j;
	u8 iv[16], a[16], b[16];

	memcpy(iv, iv_in, 16);
	if (len <= 16) {
		cbc_ref_crypt(enc, key, src, dst, len, iv);
		return;
	}
	/* P = P_1 .. P_(n-1) P*_n with 0 < d = |P*_n| <= 16 */
	d = (len - 1) % 16 + 1;
	head = len - 16 - d;
	cbc_ref_crypt(enc, key, src, dst, head, iv);
	src += head;
	dst += head;
	if (enc) {
		/*
		 * CBC-CS1 would give C_(n-1) = CIPH(P_(n-1) ^ C_(n-2)) and C_n
		 * = CIPH(C_(n-1) ^ (P*_n || 0s)), and output C*_(n-1) =
		 * MSB_d(C_(n-1)) before C_n.  CS3 outputs C_n before C*_(n-1),
		 * for every d.
		 */
		xor16(a, src, iv);
		aes_ref_encrypt(key, a, a);		/* C_(n-1) */
		memset(b, 0, 16);
		memcpy(b, src + 16, d);
		xor16(b, b, a);
		aes_ref_encrypt(key, b, b);		/* C_n */
		memcpy(dst, b, 16);
		memcpy(dst + 16, a, d);
	} else {
		/*
		 * Input C_n || C*_(n-1).  Z = CIPH^-1(C_n) = C_(n-1) ^
		 * (P*_n || 0s): so P*_n = MSB_d(Z) ^ C*_(n-1), and C_(n-1) =
		 * C*_(n-1) || the last 16 - d bytes of Z; then P_(n-1) =
		 * CIPH^-1(C_(n-1)) ^ C_(n-2).
		 */
		aes_ref_decrypt(key, b, src);		/* Z */
		memcpy(a, b, 16);
		memcpy(a, src + 16, d);			/* C_(n-1) */
		for (j = 0; j < d; j++)
			b[j] ^= src[16 + j];		/* P*_n */
		aes_ref_decrypt(key, a, a);
		xor16(a, a, iv);			/* P_(n-1) */
		memcpy(dst, a, 16);
		memcpy(dst + 16, b, d);
	}
}

void gcm_ref_tag(const struct crypto_aes_ctx *key, const u8 iv[12],
		 const u8 *aad, size_t aadlen, const u8 *ct, size_t len,
		 u8 tag[16])
{
	static const u8 zero[16];
	struct ghash_ctx g;
	u8 h[16], block[16], ks[16];
	int j;

	aes_ref_encrypt(key, h, zero);
	ghash_init(&g, h);
	ghash_data(&g, aad, aadlen);
	ghash_data(&g, ct, len);
	put_be64(block, (u64)aadlen * 8);
	put_be64(block + 8, (u64)len * 8);
	ghash_block(&g, block);
	gcm_counter_block(block, iv, 1);
	aes_ref_encrypt(key, ks, block);
	put_be64(tag, g.acc.hi);
	put_be64(tag + 8, g.acc.lo);
	for (j = 0; j < 16; j++)
		tag[j] ^= ks[j];
}
