// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The other AES modes of aes-modes-x86_64.S (ECB, CBC, CTS-CBC, CTR, XCTR,
 * single blocks) against the reference model (aes_ref.c), which is itself
 * checked against the platform's oracle (OpenSSL: ECB, CBC, CTR, CBC-CS3)
 * and the published vectors of tests/vectors/.
 *
 * The summary lines, and what each proves:
 *
 *   model <mode> aesN		the model against the oracle on every random
 *				message (XCTR has none: see the vectors), and
 *				its decryption against its encryption
 *   kat <source>		the model and every implementation on the
 *				published vectors (NIST SP 800-38A ECB, CBC,
 *				CTR in both directions; IEEE 1619 XTS)
 *   <mode> <impl> aesN [dir]	output = model's for every length 0..1024
 *				(ECB, CBC: multiples of 16; CTS: from 16) and
 *				random lengths; calls split at multiples of 16
 *				(CTS: the CBC part); in place and out of
 *				place; offsets 0..63 and flush against guard
 *				pages; source untouched; the returned IV or
 *				counter is the next one; CTR counters that
 *				wrap at 2^32 (no carry), 2^64 and 2^128
 *   block aesni aesN enc|dec	aes_{en,de}crypt_block_aesni(), also in place
 */
#include "platform.h"
#include "driver.h"
#include "aes_ref.h"
#include "cpu.h"
#include "impls.h"

typedef void (*ecb_fn)(const struct crypto_aes_ctx *key, const u8 *src,
		       u8 *dst, unsigned int len);
typedef void (*cbc_fn)(const struct crypto_aes_ctx *key, const u8 *src,
		       u8 *dst, unsigned int len, u8 iv[16]);
typedef void (*xctr_fn)(const struct crypto_aes_ctx *key, const u8 *src,
			u8 *dst, unsigned int len, const u8 iv[16], u64 ctr);

/* The operations, each with its own summary lines */
enum mode_op {
	OP_ECB_ENC, OP_ECB_DEC, OP_CBC_ENC, OP_CBC_DEC, OP_CTR, OP_XCTR,
	OP_CTS_ENC, OP_CTS_DEC, NR_OPS
};

/* The families of messages: each tests its encryption and decryption ops */
enum mode_fam { FAM_ECB, FAM_CBC, FAM_CTR, FAM_XCTR, FAM_CTS, NR_FAMS };

static const struct {
	const char *mode, *dir;
	enum mode_fam fam;
	bool enc;
} ops[NR_OPS] = {
	[OP_ECB_ENC] = { "ecb", "enc", FAM_ECB, true },
	[OP_ECB_DEC] = { "ecb", "dec", FAM_ECB, false },
	[OP_CBC_ENC] = { "cbc", "enc", FAM_CBC, true },
	[OP_CBC_DEC] = { "cbc", "dec", FAM_CBC, false },
	[OP_CTR] = { "ctr", NULL, FAM_CTR, true },
	[OP_XCTR] = { "xctr", NULL, FAM_XCTR, true },
	[OP_CTS_ENC] = { "cts", "enc", FAM_CTS, true },
	[OP_CTS_DEC] = { "cts", "dec", FAM_CTS, false },
};

static const char *const fam_names[NR_FAMS] = {
	"ecb", "cbc", "ctr", "xctr", "cts"
};

/* One row per implementation; NULL where it has no such function. */
struct mode_impl {
	const char *name;
	unsigned int feats;
	ecb_fn ecb_enc, ecb_dec;
	cbc_fn cbc_enc, cbc_dec, ctr;
	xctr_fn xctr;
	cbc_fn cts_enc, cts_dec;	/* the CTS-CBC tail (16 < len <= 32) */
};

#define MODE_ENTRY(impl, need)						\
	.name = #impl, .feats = (need),					\
	.ecb_enc = aes_ecb_encrypt_##impl,				\
	.ecb_dec = aes_ecb_decrypt_##impl,				\
	.cbc_dec = aes_cbc_decrypt_##impl,				\
	.ctr = aes_ctr_crypt_##impl,					\
	.xctr = aes_xctr_crypt_##impl

#define NR_MODE_IMPLS	5

static const struct mode_impl mode_impls[NR_MODE_IMPLS] = {
	/* the serial functions exist only with AES-NI */
	{ MODE_ENTRY(aesni, CPU_FEATS_AESNI),
	  .cbc_enc = aes_cbc_encrypt_aesni,
	  .cts_enc = aes_cts_cbc_encrypt_aesni,
	  .cts_dec = aes_cts_cbc_decrypt_aesni },
	{ MODE_ENTRY(aesni_avx, CPU_FEATS_AESNI_AVX) },
	{ MODE_ENTRY(vaes_avx2, CPU_FEATS_VAES_AVX2) },
	{ MODE_ENTRY(vaes_avx10_256, CPU_FEATS_VAES_AVX10) },
	{ MODE_ENTRY(vaes_avx10_512, CPU_FEATS_VAES_AVX10) },
};

static const struct test_platform *plat;
static const char *skip[NR_MODE_IMPLS];
static bool corrupt[NR_MODE_IMPLS][NR_FAMS + 1];	/* + "block" */
static struct tally op_tally[NR_MODE_IMPLS][3][NR_OPS];
static struct tally model_tally[NR_FAMS][3];
static struct crypto_aes_ctx key_mem __aligned(16);

static bool has_op(const struct mode_impl *impl, enum mode_op op)
{
	switch (op) {
	case OP_ECB_ENC: return impl->ecb_enc;
	case OP_ECB_DEC: return impl->ecb_dec;
	case OP_CBC_ENC: return impl->cbc_enc;
	case OP_CBC_DEC: return impl->cbc_dec;
	case OP_CTR: return impl->ctr;
	case OP_XCTR: return impl->xctr;
	case OP_CTS_ENC: return impl->cts_enc && impl->cbc_enc;
	case OP_CTS_DEC: return impl->cts_dec && impl->cbc_dec;
	default: return false;
	}
}

struct mode_msg {
	enum mode_fam fam;
	u8 key_bytes[32];
	unsigned int keylen, len;
	struct crypto_aes_ctx key;
	u8 iv[16];		/* IV, or CTR's first counter block */
	u64 xctr;		/* XCTR's first block number */
	const u8 *pt, *ct;	/* ct: the model's encryption of pt */
	u8 next_iv[16];		/* CBC: last ciphertext block; CTR: counter */
};

/* The model's encryption (or decryption) of @src into @dst */
static void model_crypt(const struct mode_msg *m, bool enc, const u8 *src,
			u8 *dst, u8 next_iv[16])
{
	memcpy(next_iv, m->iv, 16);
	switch (m->fam) {
	case FAM_ECB:
		ecb_ref_crypt(enc, &m->key, src, dst, m->len);
		break;
	case FAM_CBC:
		cbc_ref_crypt(enc, &m->key, src, dst, m->len, next_iv);
		break;
	case FAM_CTR:
		ctr_ref_crypt(&m->key, src, dst, m->len, next_iv);
		break;
	case FAM_XCTR:
		xctr_ref_crypt(&m->key, src, dst, m->len, m->iv, m->xctr);
		break;
	default:
		cts_cbc_ref_crypt(enc, &m->key, src, dst, m->len, m->iv);
		break;
	}
}

/*
 * Runs @op of implementation @i over the calls of @tc, as the glue would:
 * CTS does CBC on all but the last 16 < d <= 32 bytes, split into the calls
 * of @tc, then the tail function.
 */
static void mode_call(unsigned int i, enum mode_op op, const u8 *src, u8 *dst,
		      const struct mode_msg *m, struct test_case *tc,
		      u8 iv[16])
{
	const struct mode_impl *impl = &mode_impls[i];
	unsigned int k, n, pos = 0, len = m->len, tail = 0;
	u64 xctr = m->xctr;
	cbc_fn cbc = NULL;

	if (ops[op].fam == FAM_CTS && len > 16) {
		tail = len - ((len - 1) / 16 - 1) * 16;
		len -= tail;
	}
	tc->nsplit = random_splits(tc->split, len, false);
	for (k = 0; k < tc->nsplit; k++) {
		n = tc->split[k];
		switch (op) {
		case OP_ECB_ENC:
			impl->ecb_enc(&key_mem, src + pos, dst + pos, n);
			break;
		case OP_ECB_DEC:
			impl->ecb_dec(&key_mem, src + pos, dst + pos, n);
			break;
		case OP_CBC_ENC:
		case OP_CTS_ENC:
			cbc = impl->cbc_enc;
			break;
		case OP_CBC_DEC:
		case OP_CTS_DEC:
			cbc = impl->cbc_dec;
			break;
		case OP_CTR:
			impl->ctr(&key_mem, src + pos, dst + pos, n, iv);
			break;
		default:
			impl->xctr(&key_mem, src + pos, dst + pos, n, m->iv,
				   xctr);
			xctr += n / 16;
			break;
		}
		if (cbc)
			cbc(&key_mem, src + pos, dst + pos, n, iv);
		pos += n;
	}
	if (tail) {
		if (op == OP_CTS_ENC)
			impl->cts_enc(&key_mem, src + pos, dst + pos, tail, iv);
		else
			impl->cts_dec(&key_mem, src + pos, dst + pos, tail, iv);
	}
	if (corrupt[i][ops[op].fam] && m->len)
		dst[m->len / 2] ^= 1;
}

/* @op of every runnable implementation on @m against the model */
static void mode_test_op(enum mode_op op, const struct mode_msg *m,
			 struct test_case *tc, struct tally *kat_tally)
{
	bool enc = ops[op].enc;
	const u8 *in = enc ? m->pt : m->ct, *want = enc ? m->ct : m->pt;
	enum mode_fam fam = ops[op].fam;
	unsigned int i;
	struct tally *t;
	u8 *src, *dst, iv[16];

	for (i = 0; i < NR_MODE_IMPLS; i++) {
		if (skip[i] || !has_op(&mode_impls[i], op))
			continue;
		t = kat_tally ? kat_tally :
		    &op_tally[i][key_index(m->keylen)][op];
		key_mem = m->key;
		if (kat_tally)
			random_layout(tc);
		src = place(SLOT_SRC, m->len, tc->src_off);
		memcpy(src, in, m->len);
		dst = tc->in_place ? src : place(SLOT_DST, m->len, tc->dst_off);
		memcpy(iv, m->iv, 16);
		tally_case(t);
		set_current(t, tc);
		mode_call(i, op, src, dst, m, tc, iv);
		set_current(NULL, NULL);
		if (!tally_expect(t, tc, enc ? "ciphertext differs" :
				  "plaintext differs", dst, want, m->len))
			continue;
		if (!tc->in_place &&
		    !tally_expect(t, tc, "source modified", src, in, m->len))
			continue;
		/* CBC: the last ciphertext block; CTR: the next counter */
		if ((fam == FAM_CBC && m->len) || fam == FAM_CTR)
			tally_expect(t, tc, fam == FAM_CTR ?
				     "next counter differs" :
				     "next IV differs", iv, m->next_iv, 16);
		else if (fam != FAM_CTS)
			tally_expect(t, tc, "IV written", iv, m->iv, 16);
	}
}

/*
 * CTR's first counter block: random, or (@kind 1..3) so that its low 32,
 * 64 or all 128 bits wrap inside a message of @nblocks blocks.
 */
static const char *ctr_start(u8 ctr[16], unsigned int nblocks,
			     unsigned int kind)
{
	static const char *const names[4] = {
		NULL, "case (ctr wraps 2^32)", "case (ctr wraps 2^64)",
		"case (ctr wraps 2^128)"
	};
	unsigned int back = rng_below(nblocks + 1), i;
	unsigned int low = kind == 1 ? 4 : kind == 2 ? 8 : 16;

	rng_bytes(ctr, 16);
	if (!kind || kind > 3)
		return NULL;
	/* the low bytes = 2^(8 * low) - 1 - back, big-endian */
	for (i = 16 - low; i < 16; i++)
		ctr[i] = 0xff;
	for (i = 15; back; i--, back >>= 8)
		ctr[i] = 0xff - (back & 0xff);
	return names[kind];
}

/*
 * A new message of family @fam, its model ciphertext, and the model's
 * checks against the oracle and against itself.  @ctr_kind: see ctr_start.
 */
static void mode_new_msg(struct mode_msg *m, struct test_case *tc,
			 enum mode_fam fam, unsigned int keylen,
			 unsigned int len, unsigned int ctr_kind)
{
	struct tally *t = &model_tally[fam][key_index(keylen)];
	u8 *pt, *ct, *tmp, iv[16];
	const char *origin = NULL;

	memset(m, 0, sizeof(*m));
	m->fam = fam;
	m->keylen = keylen;
	m->len = len;
	rng_bytes(m->key_bytes, keylen);
	aes_expandkey(&m->key, m->key_bytes, keylen);
	rng_bytes(m->iv, 16);
	if (fam == FAM_CTR)
		origin = ctr_start(m->iv, (len + 15) / 16, ctr_kind);
	m->xctr = rng_below(4) ? 1 : 1 + (rng_next() >> 16);
	pt = place(SLOT_PT, len, 0);
	rng_bytes(pt, len);
	m->pt = pt;
	ct = place(SLOT_CT, len, 0);
	model_crypt(m, true, pt, ct, m->next_iv);
	m->ct = ct;

	memset(tc, 0, sizeof(*tc));
	tc->origin = origin;
	tc->keylen = keylen;
	tc->len = len;
	tmp = place(SLOT_AAD, len, 0);
	if (fam != FAM_XCTR && plat->mode_oracle &&
	    plat->mode_oracle(fam_names[fam], true, m->key_bytes, keylen,
			      m->iv, pt, tmp, len)) {
		tally_case(t);
		tally_expect(t, tc, "model differs from oracle", ct, tmp, len);
	} else if (t->cases && rng_below(4)) {
		return;		/* no oracle: the round trip of 1 in 4 */
	}
	if (rng_below(8) == 0 || !plat->mode_oracle || fam == FAM_XCTR) {
		tally_case(t);
		model_crypt(m, false, ct, tmp, iv);
		tally_expect(t, tc, "model decryption differs", tmp, pt, len);
	}
}

static void mode_test_msg(const struct mode_msg *m, struct test_case *tc)
{
	enum mode_op op;

	for (op = 0; op < NR_OPS; op++)
		if (ops[op].fam == m->fam)
			mode_test_op(op, m, tc, NULL);
}

/* The lengths a family takes: ECB/CBC whole blocks, CTS at least one */
static bool fam_len_ok(enum mode_fam fam, unsigned int len)
{
	if (fam == FAM_ECB || fam == FAM_CBC)
		return len % 16 == 0;
	return fam != FAM_CTS || len >= 16;
}

/*
 * Every length 0..1024 (as the family allows): ECB and CBC (whole blocks)
 * with every key size, the others with the three key sizes in turn.
 */
static void modes_exhaustive(unsigned long *index)
{
	unsigned int max = plat->exhaustive_len ? plat->exhaustive_len : 1024;
	unsigned int len, k, n = 0;
	enum mode_fam fam;
	struct test_case tc;
	struct mode_msg m;

	for (len = 0; len <= max; len++) {
		for (fam = 0; fam < NR_FAMS; fam++) {
			if (!fam_len_ok(fam, len))
				continue;
			for (k = 0; k < 3; k++, n++) {
				if (len % 16 && k != len % 3)
					continue;
				mode_new_msg(&m, &tc, fam, key_lens[k], len,
					     n % 4);
				tc.index = (*index)++;
				walk_layout(&tc, n);
				mode_test_msg(&m, &tc);
			}
		}
	}
}

static void modes_random(unsigned long *index)
{
	unsigned int n, len;
	enum mode_fam fam;
	struct test_case tc;
	struct mode_msg m;

	for (n = 0; n < plat->random_cases; n++) {
		for (fam = 0; fam < NR_FAMS; fam++) {
			len = rand_len(fam == FAM_CTS ? 16 : 0,
				       plat->max_random_len);
			if (fam == FAM_ECB || fam == FAM_CBC)
				len &= ~15u;
			mode_new_msg(&m, &tc, fam, key_lens[rng_below(3)],
				     len, rng_below(8));
			tc.index = (*index)++;
			random_layout(&tc);
			mode_test_msg(&m, &tc);
		}
	}
}

/* aes_{en,de}crypt_block_aesni() against the model, also in place */
static void test_blocks(void)
{
	struct crypto_aes_ctx ctx;
	struct test_case tc = { 0 };
	struct tally t;
	u8 key[32], buf[16], out[16], in[16], want[16], *dst;
	int k, enc, n;

	if (skip[0])
		return;		/* reported with the rest of aesni */
	for (k = 0; k < 3; k++) {
		for (enc = 1; enc >= 0; enc--) {
			tally_init(&t, "block aesni", key_names[k],
				   enc ? "enc" : "dec", NULL);
			tc.keylen = key_lens[k];
			tc.len = 16;
			for (n = 0; n < 1000; n++) {
				tc.index = n;
				tc.in_place = n & 1;
				rng_bytes(key, key_lens[k]);
				rng_bytes(in, 16);
				aes_expandkey(&ctx, key, key_lens[k]);
				if (enc)
					aes_ref_encrypt(&ctx, want, in);
				else
					aes_ref_decrypt(&ctx, want, in);
				memcpy(buf, in, 16);
				dst = tc.in_place ? buf : out;
				tally_case(&t);
				set_current(&t, &tc);
				if (enc)
					aes_encrypt_block_aesni(&ctx, dst, buf);
				else
					aes_decrypt_block_aesni(&ctx, dst, buf);
				set_current(NULL, NULL);
				if (corrupt[0][NR_FAMS])
					dst[0] ^= 1;
				if (tally_expect(&t, &tc, "block differs", dst,
						 want, 16) && !tc.in_place)
					tally_expect(&t, &tc, "source modified",
						     buf, in, 16);
			}
			tally_report(&t);
		}
	}
}

/* ------------------------------------------------------------------------
 * Published vectors (tests/vectors/)
 */

struct kat {
	const char *name, *mode, *key, *iv, *pt, *ct;
};

static const struct kat kats[] = {
#define SP800_38A(name, mode, key, iv, pt, ct)	{ name, mode, key, iv, pt, ct },
#define IEEE1619(name, key, tweak, pt, ct)	{ name, "xts", key, tweak, pt, ct },
#include "../vectors/nist-sp800-38a.inc"
#include "../vectors/ieee1619-xts.inc"
#undef SP800_38A
#undef IEEE1619
};

static unsigned int unhex(const char *s, u8 *out, unsigned int max)
{
	unsigned int n = 0, v, i;
	char c;

	for (; s[0] && s[1] && n < max; s += 2) {
		v = 0;
		for (i = 0; i < 2; i++) {
			c = s[i];
			v = v * 16 + (c >= 'a' ? c - 'a' + 10 :
				      c >= 'A' ? c - 'A' + 10 : c - '0');
		}
		out[n++] = v;
	}
	return n;
}

#define KAT_MAX		1024

static void test_kat_xts(const struct kat *v, struct tally *t, u8 *key,
			 unsigned int keylen, const u8 *tweak, const u8 *pt,
			 const u8 *ct, unsigned int len)
{
	struct crypto_aes_ctx k1, k2;
	struct test_case tc = { 0 };
	u8 out[KAT_MAX], tw[16], tw0[16];
	unsigned int i;
	int enc;

	tc.origin = v->name;
	tc.keylen = keylen / 2;
	tc.len = len;
	aes_expandkey(&k1, key, keylen / 2);
	aes_expandkey(&k2, key + keylen / 2, keylen / 2);
	aes_ref_encrypt(&k2, tw0, tweak);
	tally_case(t);
	memcpy(tw, tw0, 16);
	xts_ref_crypt(true, &k1, pt, out, len, tw);
	tally_expect(t, &tc, "model differs from vector", out, ct, len);
	for (i = 0; i < NR_XTS_IMPLS; i++) {
		if (xts_impl_unavailable(&xts_impls[i]))
			continue;
		for (enc = 1; enc >= 0; enc--) {
			tally_case(t);
			memcpy(tw, tw0, 16);
			key_mem = k1;
			if (enc)
				xts_impls[i].enc(&key_mem, pt, out, len, tw);
			else
				xts_impls[i].dec(&key_mem, ct, out, len, tw);
			tally_expect(t, &tc, enc ? "xts enc differs" :
				     "xts dec differs", out, enc ? ct : pt,
				     len);
		}
	}
}

static void test_kats(const char *source, const char *prefix)
{
	static u8 pt[KAT_MAX], ct[KAT_MAX];
	unsigned int i, keylen, len, fam;
	struct test_case tc;
	struct mode_msg m;
	struct tally t;
	u8 key[64], iv[16], out[KAT_MAX];
	enum mode_op op;

	tally_init(&t, "kat", source, NULL, NULL);
	for (i = 0; i < sizeof(kats) / sizeof(kats[0]); i++) {
		const struct kat *v = &kats[i];

		if (memcmp(v->name, prefix, strlen(prefix)))
			continue;
		memset(iv, 0, 16);
		keylen = unhex(v->key, key, 64);
		unhex(v->iv, iv, 16);
		len = unhex(v->pt, pt, KAT_MAX);
		if (unhex(v->ct, ct, KAT_MAX) != len) {
			tally_case(&t);
			tally_true(&t, &tc, "vector has pt/ct of two lengths",
				   false);
			continue;
		}
		if (!strcmp(v->mode, "xts")) {
			test_kat_xts(v, &t, key, keylen, iv, pt, ct, len);
			continue;
		}
		for (fam = 0; fam < NR_FAMS; fam++)
			if (!strcmp(v->mode, fam_names[fam]))
				break;
		memset(&m, 0, sizeof(m));
		m.fam = fam;
		m.keylen = keylen;
		m.len = len;
		aes_expandkey(&m.key, key, keylen);
		memcpy(m.iv, iv, 16);
		m.pt = pt;
		m.ct = ct;
		memset(&tc, 0, sizeof(tc));
		tc.origin = v->name;
		tc.keylen = keylen;
		tc.len = len;
		/* the model, both ways, then every implementation */
		tally_case(&t);
		model_crypt(&m, true, pt, out, m.next_iv);
		tally_expect(&t, &tc, "model differs from vector", out, ct,
			     len);
		tally_case(&t);
		model_crypt(&m, false, ct, out, iv);
		tally_expect(&t, &tc, "model decryption differs", out, pt,
			     len);
		for (op = 0; op < NR_OPS; op++)
			if (ops[op].fam == fam)
				mode_test_op(op, &m, &tc, &t);
	}
	tally_report(&t);
}

/* "<mode>:<impl>" or "block:aesni": break that one's output on purpose */
static void modes_parse_corrupt(const char *spec)
{
	unsigned int i, f, n;

	if (!spec)
		return;
	for (f = 0; f <= NR_FAMS; f++) {
		const char *name = f < NR_FAMS ? fam_names[f] : "block";

		n = strlen(name);
		if (memcmp(spec, name, n) || spec[n] != ':')
			continue;
		for (i = 0; i < NR_MODE_IMPLS; i++)
			corrupt[i][f] = !strcmp(spec + n + 1,
						mode_impls[i].name);
	}
}

void test_modes(const struct test_platform *p)
{
	unsigned long index = 0;
	unsigned int i, k, fam;
	enum mode_op op;

	plat = p;
	modes_parse_corrupt(p->corrupt);
	for (i = 0; i < NR_MODE_IMPLS; i++) {
		skip[i] = cpu_missing(mode_impls[i].feats);
		if (skip[i]) {
			report_unavailable("modes", mode_impls[i].name,
					   mode_impls[i].feats, skip[i]);
			skip[i] = "skipped";
		}
		for (k = 0; k < 3; k++)
			for (op = 0; op < NR_OPS; op++)
				tally_init(&op_tally[i][k][op], ops[op].mode,
					   mode_impls[i].name, key_names[k],
					   ops[op].dir);
	}
	for (fam = 0; fam < NR_FAMS; fam++)
		for (k = 0; k < 3; k++)
			tally_init(&model_tally[fam][k], "model",
				   fam_names[fam], key_names[k], NULL);
	test_blocks();
	test_kats("nist-sp800-38a", "SP 800-38A");
	test_kats("ieee1619-xts", "IEEE 1619");
	modes_exhaustive(&index);
	modes_random(&index);
	for (fam = 0; fam < NR_FAMS; fam++)
		for (k = 0; k < 3; k++)
			tally_report(&model_tally[fam][k]);
	for (i = 0; i < NR_MODE_IMPLS; i++) {
		if (skip[i])
			continue;
		for (op = 0; op < NR_OPS; op++) {
			if (!has_op(&mode_impls[i], op))
				continue;
			for (k = 0; k < 3; k++)
				tally_report(&op_tally[i][k][op]);
		}
	}
}
