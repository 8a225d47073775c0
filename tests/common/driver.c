// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The test driver: every implementation of tables xts_impls[] and
 * gcm_impls[] against the reference model (aes_ref.c), which is itself
 * checked against known answers and, where the platform has them, OpenSSL
 * and the Wycheproof vectors.
 *
 * Each random or exhaustive message is generated once, its expected output
 * computed once by the model, and then every runnable implementation is run
 * on it with its own random call splits and buffer placement.
 *
 * The summary lines, and what each proves:
 *
 *   model aes fips-197		the model's AES-128/192/256 (and key_dec
 *				layout) against FIPS-197's known answers
 *   model xts|gcm aesN		the model against the platform's oracle
 *				(OpenSSL) on every random message, and its
 *				decryption against its encryption
 *   xts aes_xts_encrypt_iv aesN	aes_xts_encrypt_iv() is AES-encryption
 *   xts <impl> aesN enc|dec	output = model's for every length 16..1024
 *				and random lengths; calls split at multiples
 *				of 16; in place and out of place; every
 *				offset 0..63 and flush against guard pages at
 *				both ends; source untouched; the returned tweak
 *				is the next block's
 *   gcm <impl> aesN		ciphertext and full tag = model's, and
 *				decryption accepts the right tag (truncated to
 *				4, 8, 12..16 bytes, garbage after it) and gives
 *				the plaintext back; data 0..1024 and random,
 *				AAD 0..256 and random, each split into calls
 *				at random multiples of 16 (with empty data
 *				calls, as the glue makes), counter wrap of
 *				inc32, same placements as XTS
 *   gcm <impl> aesN rejects tampering   every single-bit change of the tag,
 *				ciphertext and AAD of sample messages is
 *				rejected by dec_final
 *   gcm <impl> precompute asm == C	the assembly's key powers equal
 *				aes-gcm-keys.c's byte for byte
 *   gcm <impl> aesN one-shot	aes_gcm_{enc,dec}_oneshot_<impl>() on every
 *				message above whose data starts at counter 2,
 *				and cross products: every data length 0..1024
 *				with AAD of 0/16 bytes and of 1..1024 bytes,
 *				every AAD length 0..1024 with data of 0/16
 *				and of 1..1024 bytes.  Ciphertext and tag =
 *				the model's and = the update/final sequence's;
 *				the right truncated tag accepted with garbage
 *				after it or flush against a guard page (only
 *				taglen bytes of it may be read); AAD, source,
 *				le_ctr and tag unmodified; nothing written
 *				around dst or the tag (fence bytes); every
 *				buffer at offsets 0..63 or flush against a
 *				guard page, in place or not, empty ones also
 *				as NULL.  An implementation whose table entry
 *				has no one-shot is SKIPPED ("one-shot not
 *				implemented yet")
 *   gcm <impl> aesN one-shot rejects tampering	every single-bit change
 *				of tag, ciphertext and AAD of the tampering
 *				messages above is rejected by dec_oneshot,
 *				and every 13th of three longer ones (16 and
 *				more blocks, long AAD)
 *   wycheproof <file> ...	the model and each implementation on every
 *				applicable vector (valid ones must match,
 *				invalid ones must be rejected); "... one-shot"
 *				the same through the one-shot calls
 */
#include "platform.h"
#include "driver.h"
#include "aes_ref.h"
#include "cpu.h"
#include "impls.h"

static const struct test_platform *plat;
static unsigned int n_passed, n_failed, n_skipped;
static u64 rng_state;

/* what test_report_crash() prints */
static const struct tally *cur_tally;
static const struct test_case *cur_case;

/* ------------------------------------------------------------------------
 * PRNG (splitmix64) and helpers
 */

u64 rng_next(void)
{
	u64 z = (rng_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

unsigned int rng_below(unsigned int n)
{
	return n ? (unsigned int)(((rng_next() >> 32) * n) >> 32) : 0;
}

void rng_bytes(u8 *p, size_t n)
{
	u64 r = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		if (!(i & 7))
			r = rng_next();
		p[i] = r;
		r >>= 8;
	}
}

/*
 * Lengths in [min, max], weighted towards short ones (where most bugs are,
 * and cheap): half up to 512 bytes, a quarter up to 4 KiB, 7/32 up to
 * 16 KiB, 1/32 up to @max.
 */
unsigned int rand_len(unsigned int min, unsigned int max)
{
	unsigned int r = rng_below(32);
	unsigned int lim = r < 16 ? 512 : r < 24 ? 4096 : r < 31 ? 16384 : max;

	if (lim > max)
		lim = max;
	return lim < min ? min : min + rng_below(lim - min + 1);
}

static void str_append(char *dst, size_t size, const char *s)
{
	size_t n = strlen(dst), len = strlen(s);

	if (n + len >= size)
		len = size - 1 - n;
	memcpy(dst + n, s, len);
	dst[n + len] = '\0';
}

const char *const key_names[3] = { "aes128", "aes192", "aes256" };
const unsigned int key_lens[3] = { 16, 24, 32 };

/* ------------------------------------------------------------------------
 * Tallies: one per summary line
 */

void tally_init(struct tally *t, const char *a, const char *b,
		const char *c, const char *d)
{
	const char *parts[4] = { a, b, c, d };
	int i;

	memset(t, 0, sizeof(*t));
	for (i = 0; i < 4 && parts[i]; i++) {
		if (i)
			str_append(t->name, sizeof(t->name), " ");
		str_append(t->name, sizeof(t->name), parts[i]);
	}
}

void tally_case(struct tally *t)
{
	t->cases++;
	t->case_failed = false;
}

static void print_calls(const char *what, unsigned int n,
			const unsigned int *split)
{
	unsigned int i;

	if (n < 2)
		return;
	printf(" %s", what);
	for (i = 0; i < n; i++)
		printf("%s%u", i ? "+" : " ", split[i]);
}

static void print_off(const char *what, int off)
{
	if (off < 0)
		printf(" %s at-end-guard", what);
	else
		printf(" %s_off %d", what, off);
}

static void print_case(const struct test_case *tc)
{
	printf("%s %lu: aes%u len %u", tc->origin ? tc->origin : "case",
	       tc->index, tc->keylen * 8, tc->len);
	if (tc->taglen)
		printf(" aadlen %u taglen %u ctr 0x%x", tc->aadlen,
		       tc->taglen, tc->ctr);
	print_calls("calls", tc->nsplit, tc->split);
	print_calls("aad-calls", tc->nasplit, tc->asplit);
	print_off("src", tc->src_off);
	if (tc->in_place)
		printf(" in-place");
	else
		print_off("dst", tc->dst_off);
	if (tc->oneshot) {
		printf(" one-shot");
		print_off("aad", tc->aad_off);
		print_off("tag", tc->tag_off);
		if (tc->null_empty)
			printf(" NULL-if-empty");
	}
	if (tc->flip)
		printf(" flipped %s bit %u", tc->flip, tc->flip_bit);
}

static void print_failure(const char *name, const struct failure *f,
			  const char *label)
{
	printf("  %s %s: %s: ", label, name, f->what);
	print_case(&f->tc);
	if (f->at >= 0)
		printf("; first difference at byte %lu: got 0x%02x want 0x%02x",
		       (unsigned long)f->at, f->got, f->want);
	printf(" [SEED=0x%llx]\n", (unsigned long long)plat->seed);
}

static unsigned int case_size(const struct test_case *tc)
{
	return tc->len + tc->aadlen;
}

static void tally_fail(struct tally *t, const struct test_case *tc,
		       const char *what, long at, u8 got, u8 want)
{
	struct failure f = { *tc, what, at, got, want };

	if (t->case_failed)
		return;
	t->case_failed = true;
	if (++t->failures <= MAX_SHOWN_FAILS)
		print_failure(t->name, &f, "FAIL");
	if (t->failures == 1 || case_size(tc) < case_size(&t->smallest.tc))
		t->smallest = f;
}

bool tally_expect(struct tally *t, const struct test_case *tc,
		  const char *what, const u8 *got, const u8 *want, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (got[i] != want[i]) {
			tally_fail(t, tc, what, i, got[i], want[i]);
			return false;
		}
	}
	return true;
}

bool tally_true(struct tally *t, const struct test_case *tc,
		const char *what, bool ok)
{
	if (!ok)
		tally_fail(t, tc, what, -1, 0, 0);
	return ok;
}

void tally_report(struct tally *t)
{
	if (t->failures) {
		print_failure(t->name, &t->smallest, "smallest failure:");
		printf("%s: FAIL (%lu of %lu cases)\n", t->name, t->failures,
		       t->cases);
		n_failed++;
	} else if (!t->cases) {
		/* it was meant to run here: a skip would hide a broken rig */
		printf("%s: FAIL (no cases ran)\n", t->name);
		n_failed++;
	} else {
		printf("%s: PASS (%lu cases)\n", t->name, t->cases);
		n_passed++;
	}
}

void report_skip(const char *name, const char *detail, const char *reason)
{
	printf("%s%s%s: SKIPPED (%s)\n", name, detail ? " " : "",
	       detail ? detail : "", reason);
	n_skipped++;
}

void report_unavailable(const char *name, const char *detail,
			unsigned int feats, const char *reason)
{
	if (feats & ~plat->expect_feats) {
		report_skip(name, detail, reason);
		return;
	}
	printf("%s%s%s: FAIL (%s, yet the platform has every feature it needs)\n",
	       name, detail ? " " : "", detail ? detail : "", reason);
	n_failed++;
}

void test_report_crash(void)
{
	if (!cur_tally || !cur_case) {
		printf("  CRASH outside any test case\n");
		return;
	}
	printf("  CRASH in %s: ", cur_tally->name);
	print_case(cur_case);
	printf(" [SEED=0x%llx]\n", (unsigned long long)plat->seed);
}

void set_current(const struct tally *t, const struct test_case *tc)
{
	cur_tally = t;
	cur_case = tc;
}

/* ------------------------------------------------------------------------
 * Buffers, placements and call splits
 */

/* @off < 0: flush against the guard after; else @off after the guard before */
u8 *place(unsigned int slot, size_t len, int off)
{
	if (off < 0)
		return plat->buf(slot, len, false);
	return plat->buf(slot, len + off, true) + off;
}

/*
 * Like place(), but with @off >= 0 the @off bytes before the buffer and the
 * FENCE bytes after it (inside the slot) are filled with FENCE_BYTE, so that
 * fence_intact() can tell a write outside the buffer that no guard page
 * catches.  With @off < 0 the guard page after the buffer does that.
 */
#define FENCE		64
#define FENCE_BYTE	0x5c

static u8 *place_fenced(unsigned int slot, size_t len, int off)
{
	u8 *p;

	if (off < 0)
		return plat->buf(slot, len, false);
	p = plat->buf(slot, off + len + FENCE, true);
	memset(p, FENCE_BYTE, off);
	memset(p + off + len, FENCE_BYTE, FENCE);
	return p + off;
}

static bool fence_intact(const u8 *p, size_t len, int off)
{
	int i;

	if (off < 0 || !p)
		return true;
	for (i = 1; i <= off; i++)
		if (p[-i] != FENCE_BYTE)
			return false;
	for (i = 0; i < FENCE; i++)
		if (p[len + i] != FENCE_BYTE)
			return false;
	return true;
}

static int rand_off(void)
{
	unsigned int r = rng_below(8);

	return r == 0 ? -1 : r == 1 ? 0 : (int)rng_below(64);
}

void random_layout(struct test_case *tc)
{
	tc->src_off = rand_off();
	tc->dst_off = rand_off();
	tc->in_place = rng_below(3) == 0;
}

/* Exhaustive tests walk through every offset, -1 (end guard) to 63. */
void walk_layout(struct test_case *tc, unsigned int i)
{
	tc->src_off = (int)(i % 65) - 1;
	tc->dst_off = (int)((i * 29 + 7) % 65) - 1;
	tc->in_place = i % 3 == 0;
}

/*
 * Splits @len bytes into calls at random multiples of 16.  Every call is
 * non-empty, and with @xts every call is at least 16 bytes long, so that
 * ciphertext stealing has a full block before the tail.
 */
unsigned int random_splits(unsigned int *split, unsigned int len, bool xts)
{
	unsigned int cuts[MAX_SPLIT], n = 0, max_k, k, i, j, prev;

	max_k = xts ? (len - 16) / 16 : (len ? (len - 1) / 16 : 0);
	if (max_k && rng_below(4)) {
		n = 1 + rng_below(MAX_SPLIT - 1);
		for (i = 0; i < n; i++)
			cuts[i] = 1 + rng_below(max_k);
		/* sort and drop duplicates */
		for (i = 1; i < n; i++)
			for (j = i; j > 0 && cuts[j - 1] > cuts[j]; j--) {
				k = cuts[j];
				cuts[j] = cuts[j - 1];
				cuts[j - 1] = k;
			}
		for (i = 1, j = 1; i < n; i++)
			if (cuts[i] != cuts[j - 1])
				cuts[j++] = cuts[i];
		n = j;
	}
	prev = 0;
	for (i = 0; i < n; i++) {
		split[i] = cuts[i] * 16 - prev;
		prev = cuts[i] * 16;
	}
	split[n] = len - prev;
	return n + 1;
}

/*
 * The GCM glue may pass a zero-length data update (a walk step shorter than
 * a block that is not the last): one in eight data splits gets such a call
 * inserted before the last one.
 */
static unsigned int gcm_data_splits(unsigned int *split, unsigned int len)
{
	unsigned int n = random_splits(split, len, false), at, k;

	if (len && n < MAX_SPLIT && rng_below(8) == 0) {
		at = rng_below(n);
		for (k = n; k > at; k--)
			split[k] = split[k - 1];
		split[at] = 0;
		n++;
	}
	return n;
}

/* ------------------------------------------------------------------------
 * The model against known answers (FIPS-197 appendix C)
 */

static void test_model_kat(void)
{
	static const u8 want[3][16] = {
		{ 0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
		  0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a },
		{ 0xdd, 0xa9, 0x7c, 0xa4, 0x86, 0x4c, 0xdf, 0xe0,
		  0x6e, 0xaf, 0x70, 0xa0, 0xec, 0x0d, 0x71, 0x91 },
		{ 0x8e, 0xa2, 0xb7, 0xca, 0x51, 0x67, 0x45, 0xbf,
		  0xea, 0xfc, 0x49, 0x90, 0x4b, 0x49, 0x60, 0x89 },
	};
	struct crypto_aes_ctx ctx;
	struct test_case tc = { 0 };
	struct tally t;
	u8 key[32], pt[16], out[16];
	int i, k;

	tally_init(&t, "model aes fips-197", NULL, NULL, NULL);
	for (i = 0; i < 32; i++)
		key[i] = i;
	for (i = 0; i < 16; i++)
		pt[i] = i * 0x11;
	for (k = 0; k < 3; k++) {
		tc.keylen = key_lens[k];
		tc.len = 16;
		tally_case(&t);
		aes_expandkey(&ctx, key, key_lens[k]);
		aes_ref_encrypt(&ctx, out, pt);
		if (tally_expect(&t, &tc, "encryption differs", out, want[k],
				 16)) {
			aes_ref_decrypt(&ctx, out, out);
			tally_expect(&t, &tc, "decryption differs", out, pt,
				     16);
		}
	}
	tally_report(&t);
}

/* ------------------------------------------------------------------------
 * XTS
 */

struct xts_msg {
	u8 key_bytes[64];		/* data key || tweak key */
	unsigned int keylen;		/* of each half */
	struct crypto_aes_ctx key;	/* data key, expanded */
	u8 iv[16];
	u8 tweak[16];			/* iv encrypted with the tweak key */
	u8 next_tweak[16];		/* tweak after the message */
	const u8 *pt, *ct;
	unsigned int len;
};

static struct tally xts_tally[NR_XTS_IMPLS][3][2];	/* [impl][key][enc] */
static struct tally xts_model_tally[3];
static const char *xts_skip[NR_XTS_IMPLS];
static bool xts_corrupt[NR_XTS_IMPLS];
static struct crypto_aes_ctx xts_key_mem __aligned(16);

int key_index(unsigned int keylen)
{
	return keylen == 16 ? 0 : keylen == 24 ? 1 : 2;
}

/* Expands the key, derives the tweaks, and encrypts pt into ct (model). */
static void xts_model_msg(struct xts_msg *m, u8 *ct)
{
	struct crypto_aes_ctx tweak_key;

	aes_expandkey(&m->key, m->key_bytes, m->keylen);
	aes_expandkey(&tweak_key, m->key_bytes + m->keylen, m->keylen);
	aes_ref_encrypt(&tweak_key, m->tweak, m->iv);
	memcpy(m->next_tweak, m->tweak, 16);
	xts_ref_crypt(true, &m->key, m->pt, ct, m->len, m->next_tweak);
	m->ct = ct;
}

/* A new random message, its model ciphertext, and the model's checks. */
static void xts_new_msg(struct xts_msg *m, struct test_case *tc,
			unsigned int keylen, unsigned int len)
{
	struct tally *t = &xts_model_tally[key_index(keylen)];
	u8 *pt, *tmp, tweak[16];

	m->keylen = keylen;
	m->len = len;
	rng_bytes(m->key_bytes, 2 * keylen);
	rng_bytes(m->iv, 16);
	pt = place(SLOT_PT, len, 0);
	rng_bytes(pt, len);
	m->pt = pt;
	xts_model_msg(m, place(SLOT_CT, len, 0));

	memset(tc, 0, sizeof(*tc));
	tc->keylen = keylen;
	tc->len = len;
	/* the model against OpenSSL, and its decryption against itself */
	tmp = place(SLOT_DST, len, 0);
	if (plat->xts_oracle &&
	    plat->xts_oracle(true, m->key_bytes, keylen, m->iv, pt, tmp, len)) {
		tally_case(t);
		tally_expect(t, tc, "model differs from oracle", m->ct, tmp,
			     len);
	}
	if (rng_below(8) == 0) {
		tally_case(t);
		memcpy(tweak, m->tweak, 16);
		xts_ref_crypt(false, &m->key, m->ct, tmp, len, tweak);
		tally_expect(t, tc, "model decryption differs", tmp, pt, len);
	}
}

/* Runs one direction of @impl over the calls of @tc. */
static void xts_call(unsigned int i, bool enc, const u8 *src, u8 *dst,
		     const struct test_case *tc, u8 tweak[16])
{
	xts_fn fn = enc ? xts_impls[i].enc : xts_impls[i].dec;
	unsigned int k, pos = 0;

	for (k = 0; k < tc->nsplit; k++) {
		fn(&xts_key_mem, src + pos, dst + pos, tc->split[k], tweak);
		pos += tc->split[k];
	}
	if (xts_corrupt[i])
		dst[tc->len / 2] ^= 1;
}

/*
 * Encrypts and decrypts @m with implementation @i: proves the output equals
 * the model's byte for byte, the source is untouched (out of place), and the
 * returned tweak is that of the next block.  @tc has the layout to use; the
 * cases count in @wp_tally if given, else in xts_tally[][][].
 */
static void xts_test_impl(unsigned int i, const struct xts_msg *m,
			  struct test_case *tc, struct tally *wp_tally)
{
	int k = key_index(m->keylen), enc;
	struct tally *t;
	const u8 *in, *want;
	u8 *src, *dst, tweak[16];

	xts_key_mem = m->key;
	for (enc = 1; enc >= 0; enc--) {
		t = wp_tally ? wp_tally : &xts_tally[i][k][enc];
		in = enc ? m->pt : m->ct;
		want = enc ? m->ct : m->pt;
		tc->nsplit = random_splits(tc->split, m->len, true);
		src = place(SLOT_SRC, m->len, tc->src_off);
		memcpy(src, in, m->len);
		dst = tc->in_place ? src : place(SLOT_DST, m->len, tc->dst_off);
		memcpy(tweak, m->tweak, 16);
		tally_case(t);
		set_current(t, tc);
		xts_call(i, enc, src, dst, tc, tweak);
		set_current(NULL, NULL);
		if (!tally_expect(t, tc, enc ? "ciphertext differs" :
				  "plaintext differs", dst, want, m->len))
			continue;
		if (!tc->in_place &&
		    !tally_expect(t, tc, "source modified", src, in, m->len))
			continue;
		if (m->len % 16 == 0)
			tally_expect(t, tc, "next tweak differs", tweak,
				     m->next_tweak, 16);
	}
}

static void xts_test_all_impls(struct xts_msg *m, struct test_case *tc)
{
	unsigned int i;

	for (i = 0; i < NR_XTS_IMPLS; i++)
		if (!xts_skip[i])
			xts_test_impl(i, m, tc, NULL);
}

/* Every length from 16 up, every key size, every offset in turn */
static void xts_exhaustive(unsigned long *index)
{
	unsigned int max = plat->exhaustive_len ? plat->exhaustive_len : 1024;
	struct test_case tc;
	struct xts_msg m;
	unsigned int len, k;

	for (len = 16; len <= max; len++) {
		for (k = 0; k < 3; k++) {
			xts_new_msg(&m, &tc, key_lens[k], len);
			tc.index = (*index)++;
			walk_layout(&tc, len * 3 + k);
			xts_test_all_impls(&m, &tc);
		}
	}
}

static void xts_random(unsigned long *index)
{
	struct test_case tc;
	struct xts_msg m;
	unsigned int n;

	/*
	 * First 4 messages per key size of 4096..TEST_XTS_LONG_LEN bytes,
	 * whatever max_random_len: the zmm main loop's qword form runs only
	 * from 4096 bytes on (aes-xts-avx-x86_64.S, XTS_AMD_MIN_LEN).
	 */
	for (n = 0; n < 12; n++) {
		xts_new_msg(&m, &tc, key_lens[n % 3],
			    4096 + rng_below(TEST_XTS_LONG_LEN - 4096 + 1));
		tc.index = (*index)++;
		random_layout(&tc);
		xts_test_all_impls(&m, &tc);
	}
	for (n = 0; n < plat->random_cases; n++) {
		xts_new_msg(&m, &tc, key_lens[rng_below(3)],
			    rand_len(16, plat->max_random_len));
		tc.index = (*index)++;
		random_layout(&tc);
		xts_test_all_impls(&m, &tc);
	}
}

/* aes_xts_encrypt_iv() must be AES encryption with the tweak key. */
static void test_xts_encrypt_iv(void)
{
	const char *reason = xts_iv_unavailable();
	struct crypto_aes_ctx ctx;
	struct test_case tc = { 0 };
	struct tally t;
	u8 key[32], iv[16], want[16];
	int k, n;

	if (reason) {
		report_unavailable("xts aes_xts_encrypt_iv", NULL,
				   CPU_FEATS_AESNI, reason);
		return;
	}
	for (k = 0; k < 3; k++) {
		tally_init(&t, "xts aes_xts_encrypt_iv", key_names[k], NULL,
			   NULL);
		tc.keylen = key_lens[k];
		tc.len = 16;
		for (n = 0; n < 1000; n++) {
			tc.index = n;
			rng_bytes(key, key_lens[k]);
			rng_bytes(iv, 16);
			aes_expandkey(&ctx, key, key_lens[k]);
			aes_ref_encrypt(&ctx, want, iv);
			tally_case(&t);
			set_current(&t, &tc);
			xts_encrypt_iv(&ctx, iv);
			set_current(NULL, NULL);
			tally_expect(&t, &tc, "encrypted IV differs", iv, want,
				     16);
		}
		tally_report(&t);
	}
}

struct wp_stats {
	struct tally model;
	/* one per implementation, of XTS or of GCM */
	struct tally impl[NR_GCM_IMPLS > NR_XTS_IMPLS ? NR_GCM_IMPLS :
			  NR_XTS_IMPLS];
	/* GCM's one-shot calls (as large as impl[]: both are initialised) */
	struct tally oneshot[NR_GCM_IMPLS > NR_XTS_IMPLS ? NR_GCM_IMPLS :
			     NR_XTS_IMPLS];
	unsigned long skipped;
	const char *skip_reason;
	unsigned int skip_sizes[32], nr_skip_sizes;
	unsigned long index;
};

static void wp_skip(struct wp_stats *s, const char *reason, unsigned int size)
{
	unsigned int i;

	s->skipped++;
	s->skip_reason = reason;
	for (i = 0; i < s->nr_skip_sizes; i++)
		if (s->skip_sizes[i] == size)
			return;
	if (s->nr_skip_sizes < 32)
		s->skip_sizes[s->nr_skip_sizes++] = size;
}

/* Wycheproof XTS: the IV is the tweak's first bytes, zero-padded to 16. */
static void xts_wp_case(const struct wp_case *c, void *ctx)
{
	struct wp_stats *s = ctx;
	struct test_case tc;
	struct xts_msg m;
	u8 *pt, *ct;
	unsigned int i;

	if (c->ivlen > 16 || c->msglen < 16 || c->ctlen != c->msglen ||
	    (c->keylen != 32 && c->keylen != 48 && c->keylen != 64)) {
		wp_skip(s, "not a 16-byte tweak and a message of 16+ bytes",
			c->ivlen);
		return;
	}
	memset(&m, 0, sizeof(m));
	m.keylen = c->keylen / 2;
	memcpy(m.key_bytes, c->key, c->keylen);
	memcpy(m.iv, c->iv, c->ivlen);
	m.len = c->msglen;
	pt = place(SLOT_PT, m.len, 0);
	memcpy(pt, c->msg, m.len);
	m.pt = pt;
	ct = place(SLOT_CT, m.len, 0);
	xts_model_msg(&m, ct);

	memset(&tc, 0, sizeof(tc));
	tc.origin = "wycheproof tcId";
	tc.index = c->tc_id;
	tc.keylen = m.keylen;
	tc.len = m.len;
	tally_case(&s->model);
	if (!tally_expect(&s->model, &tc, "model differs from vector", ct,
			  c->ct, m.len))
		return;
	for (i = 0; i < NR_XTS_IMPLS; i++) {
		if (xts_skip[i])
			continue;
		random_layout(&tc);
		xts_test_impl(i, &m, &tc, &s->impl[i]);
	}
}

/* One line for all skipped cases of a file, e.g. for their IV sizes. */
static void print_skip_sizes(const char *file, struct wp_stats *s)
{
	unsigned int i, j, t;

	if (!s->skipped)
		return;
	for (i = 1; i < s->nr_skip_sizes; i++)
		for (j = i; j > 0 && s->skip_sizes[j - 1] > s->skip_sizes[j];
		     j--) {
			t = s->skip_sizes[j];
			s->skip_sizes[j] = s->skip_sizes[j - 1];
			s->skip_sizes[j - 1] = t;
		}
	printf("wycheproof %s: SKIPPED (%lu cases: IV size", file,
	       s->skipped);
	for (i = 0; i < s->nr_skip_sizes; i++)
		printf("%s%u", i ? ", " : " ", s->skip_sizes[i]);
	printf(": %s)\n", s->skip_reason);
	n_skipped++;
}

/*
 * Runs every case of one Wycheproof @file through @fn, with one tally for
 * the model and one for each of the @nr implementations, and reports the
 * tallies of those not skipped (@skip[i] set) and the skipped IV sizes.
 * @os_skip (GCM only, else NULL) does the same for the one-shot tallies.
 */
static void run_wycheproof(const char *file,
			   void (*fn)(const struct wp_case *c, void *ctx),
			   unsigned int nr, const char *(*name)(unsigned int),
			   const char * const *skip,
			   const char * const *os_skip)
{
	static struct wp_stats s;
	unsigned int i;

	if (!plat->wycheproof_each) {
		report_skip("wycheproof", file, "not on this platform");
		return;
	}
	memset(&s, 0, sizeof(s));
	tally_init(&s.model, "wycheproof", file, "model", NULL);
	for (i = 0; i < nr; i++) {
		tally_init(&s.impl[i], "wycheproof", file, name(i), NULL);
		tally_init(&s.oneshot[i], "wycheproof", file, name(i),
			   "one-shot");
	}
	if (plat->wycheproof_each(file, fn, &s) < 0) {
		report_skip("wycheproof", file, "vectors not found");
		return;
	}
	tally_report(&s.model);
	for (i = 0; i < nr; i++) {
		if (skip[i])
			continue;
		tally_report(&s.impl[i]);
		if (os_skip && !os_skip[i])
			tally_report(&s.oneshot[i]);
	}
	print_skip_sizes(file, &s);
}

static const char *xts_impl_name(unsigned int i)
{
	return xts_impls[i].name;
}

static void test_xts_wycheproof(void)
{
	run_wycheproof("aes_xts_test.json", xts_wp_case, NR_XTS_IMPLS,
		       xts_impl_name, xts_skip, NULL);
}

static void test_xts(void)
{
	unsigned long index = 0;
	unsigned int i, k;
	int enc;

	for (i = 0; i < NR_XTS_IMPLS; i++) {
		xts_skip[i] = xts_impl_unavailable(&xts_impls[i]);
		for (k = 0; k < 3; k++)
			for (enc = 0; enc < 2; enc++)
				tally_init(&xts_tally[i][k][enc], "xts",
					   xts_impls[i].name, key_names[k],
					   enc ? "enc" : "dec");
		/* the reason string is reused: report it now */
		if (xts_skip[i]) {
			report_unavailable("xts", xts_impls[i].name,
					   xts_impls[i].feats, xts_skip[i]);
			xts_skip[i] = "skipped";
		}
	}
	for (k = 0; k < 3; k++)
		tally_init(&xts_model_tally[k], "model xts", key_names[k],
			   NULL, NULL);
	test_xts_encrypt_iv();
	xts_exhaustive(&index);
	xts_random(&index);
	test_xts_wycheproof();
	for (k = 0; k < 3; k++)
		tally_report(&xts_model_tally[k]);
	for (i = 0; i < NR_XTS_IMPLS; i++) {
		if (xts_skip[i])
			continue;
		for (k = 0; k < 3; k++)
			for (enc = 1; enc >= 0; enc--)
				tally_report(&xts_tally[i][k][enc]);
	}
}

/* ------------------------------------------------------------------------
 * GCM
 */

struct gcm_msg {
	u8 key_bytes[32];
	unsigned int keylen;
	struct crypto_aes_ctx key;
	u8 iv[12];
	u32 ctr;			/* first data block's counter */
	const u8 *aad, *pt, *ct;
	unsigned int aadlen, len;
	u8 tag[16];
	unsigned int taglen;
	bool valid;			/* the tag is right */
};

static struct tally gcm_tally[NR_GCM_IMPLS][3];
static struct tally gcm_flip_tally[NR_GCM_IMPLS][3];
static struct tally gcm_pre_tally[NR_GCM_IMPLS];
static struct tally gcm_os_tally[NR_GCM_IMPLS][3];
static struct tally gcm_os_flip_tally[NR_GCM_IMPLS][3];
/* NULL if implementation i's one-shot functions run here */
static const char *gcm_os_skip[NR_GCM_IMPLS];
static struct tally gcm_model_tally[3];
static const char *gcm_skip[NR_GCM_IMPLS];
static bool gcm_corrupt[NR_GCM_IMPLS];
/* room for the largest key struct (832 bytes) and 64 bytes after it */
static u8 gcm_key_mem[1024] __aligned(64);
static u8 gcm_key_c[1024] __aligned(64);

static const unsigned int tag_lens[7] = { 4, 8, 12, 13, 14, 15, 16 };

static u32 get_be32(const u8 *p)
{
	return (u32)p[0] << 24 | (u32)p[1] << 16 | (u32)p[2] << 8 | p[3];
}

/* Implementation @i's key struct for @m (precomputed by the assembly). */
static const void *gcm_setup_key(unsigned int i, const struct gcm_msg *m)
{
	const struct gcm_impl *impl = &gcm_impls[i];
	struct aes_gcm_key *k = (struct aes_gcm_key *)gcm_key_mem;

	memset(gcm_key_mem, 0xa5, sizeof(gcm_key_mem));
	k->aes_key = m->key;
	k->rfc4106_nonce = 0;
	impl->precompute(k);
	return k;
}

/*
 * The assembly precompute must fill its fields exactly as the portable C one
 * does (the glue uses either, depending on whether SIMD is usable), leave the
 * AES key alone and write nothing past its struct.
 */
static void gcm_check_precompute(unsigned int i, const struct gcm_msg *m,
				 const struct test_case *tc)
{
	static const u8 zero[16];
	const struct gcm_impl *impl = &gcm_impls[i];
	struct tally *t = &gcm_pre_tally[i];
	u8 h[16], untouched[64];

	memset(gcm_key_c, 0x5a, impl->key_size);
	aes_ref_encrypt(&m->key, h, zero);
	impl->precompute_c(gcm_key_c, h);
	memset(untouched, 0xa5, sizeof(untouched));
	tally_case(t);
	if (tally_expect(t, tc, "powers differ from the C precompute's",
			 gcm_key_mem + impl->powers_start,
			 gcm_key_c + impl->powers_start,
			 impl->powers_end - impl->powers_start) &&
	    tally_expect(t, tc, "precompute changed the AES key",
			 gcm_key_mem, (const u8 *)&m->key, sizeof(m->key)))
		tally_expect(t, tc, "precompute wrote past its key struct",
			     gcm_key_mem + impl->key_size, untouched,
			     sizeof(untouched));
}

static void gcm_init_ctr(u32 le_ctr[4], const struct gcm_msg *m)
{
	le_ctr[0] = m->ctr;
	le_ctr[1] = get_be32(m->iv + 8);
	le_ctr[2] = get_be32(m->iv + 4);
	le_ctr[3] = get_be32(m->iv);
}

/*
 * Hashes the AAD and en/decrypts the data of @m with implementation @i, in
 * the calls of @tc, leaving ghash_acc in @acc and in @le_ctr the counter
 * block for the final function.
 * Returns false if an update function wrote to its const le_ctr.
 */
static bool gcm_run(unsigned int i, const void *key, bool enc,
		    const struct test_case *tc, const u8 *aad, const u8 *src,
		    u8 *dst, u8 acc[16], u32 le_ctr[4])
{
	const struct gcm_impl *impl = &gcm_impls[i];
	unsigned int k, pos = 0, n;
	u32 saved[4];
	bool ok = true;

	memset(acc, 0, 16);
	for (k = 0; k < tc->nasplit && tc->aadlen; k++) {
		impl->aad_update(key, acc, aad + pos, tc->asplit[k]);
		pos += tc->asplit[k];
	}
	pos = 0;
	for (k = 0; k < tc->nsplit && tc->len; k++) {
		n = tc->split[k];
		memcpy(saved, le_ctr, sizeof(saved));
		if (enc)
			impl->enc_update(key, le_ctr, acc, src + pos,
					 dst + pos, n);
		else
			impl->dec_update(key, le_ctr, acc, src + pos,
					 dst + pos, n);
		ok &= !memcmp(saved, le_ctr, sizeof(saved));
		if (gcm_corrupt[i])
			dst[pos + n / 2] ^= 1;
		le_ctr[0] += n / 16;
		pos += n;
	}
	/* final gets counter block 1 (for the tag), as the glue passes it */
	le_ctr[0] = 1;
	return ok;
}

/* Full decryption of (aad, src) with @i; returns what dec_final says. */
static bool gcm_decrypt(unsigned int i, const void *key,
			const struct gcm_msg *m, const struct test_case *tc,
			const u8 *aad, const u8 *src, u8 *dst,
			const u8 *tagbuf)
{
	u32 le_ctr[4];
	u8 acc[16];

	gcm_init_ctr(le_ctr, m);
	gcm_run(i, key, false, tc, aad, src, dst, acc, le_ctr);
	return gcm_impls[i].dec_final(key, le_ctr, acc, m->aadlen, m->len,
				      tagbuf, m->taglen);
}

/*
 * Every single-bit change of the tag (within taglen), the ciphertext and the
 * AAD must make dec_final reject the message.
 */
static void gcm_flip_test(unsigned int i, const void *key,
			  const struct gcm_msg *m, struct test_case *tc,
			  u8 *aad, u8 *src, u8 *dst, u8 *tagbuf,
			  const u8 acc[16], const u32 le_ctr[4])
{
	const struct gcm_impl *impl = &gcm_impls[i];
	struct tally *t = &gcm_flip_tally[i][key_index(m->keylen)];
	unsigned int b;
	bool ok;

	set_current(t, tc);
	tc->flip = "tag";
	for (b = 0; b < m->taglen * 8; b++) {
		tc->flip_bit = b;
		tagbuf[b / 8] ^= 1 << (b % 8);
		tally_case(t);
		ok = impl->dec_final(key, le_ctr, acc, m->aadlen, m->len,
				     tagbuf, m->taglen);
		tally_true(t, tc, "tampered message accepted", !ok);
		tagbuf[b / 8] ^= 1 << (b % 8);
	}
	/* a fresh copy each time: in place, decryption overwrites it */
	tc->flip = "ct";
	for (b = 0; b < m->len * 8; b++) {
		tc->flip_bit = b;
		memcpy(src, m->ct, m->len);
		src[b / 8] ^= 1 << (b % 8);
		tally_case(t);
		ok = gcm_decrypt(i, key, m, tc, aad, src, dst, tagbuf);
		tally_true(t, tc, "tampered message accepted", !ok);
	}
	tc->flip = "aad";
	for (b = 0; b < m->aadlen * 8; b++) {
		tc->flip_bit = b;
		memcpy(src, m->ct, m->len);
		aad[b / 8] ^= 1 << (b % 8);
		tally_case(t);
		ok = gcm_decrypt(i, key, m, tc, aad, src, dst, tagbuf);
		tally_true(t, tc, "tampered message accepted", !ok);
		aad[b / 8] ^= 1 << (b % 8);
	}
	tc->flip = NULL;
	set_current(NULL, NULL);
}

/*
 * The one-call functions.  Their buffers: @aad, @src, @dst (unless in
 * place) and the tag each in their own slot, placed by @tc (a guard page
 * right after, or an offset after one, then fenced: see place_fenced());
 * an empty AAD or data is passed as NULL when tc->null_empty.  The tag
 * given to decryption is exactly @taglen bytes: flush against a guard page,
 * or followed by garbage.
 */
static u8 *os_buf(unsigned int slot, const u8 *in, unsigned int len, int off,
		  const struct test_case *tc)
{
	u8 *p;

	if (!len && tc->null_empty)
		return NULL;
	p = place_fenced(slot, len, off);
	if (in && len)
		memcpy(p, in, len);
	return p;
}

static u8 *os_dec_tag(const u8 *tag, unsigned int taglen, int off)
{
	u8 *p;

	if (off < 0) {
		p = plat->buf(SLOT_TAG, taglen, false);
	} else {
		p = plat->buf(SLOT_TAG, off + 16, true) + off;
		rng_bytes(p + taglen, 16 - taglen);
	}
	memcpy(p, tag, taglen);
	return p;
}

static bool os_decrypt(unsigned int i, const void *key,
		       const struct gcm_msg *m, const u8 *aad, const u8 *src,
		       u8 *dst, const u8 *tag)
{
	u32 le_ctr[4];

	gcm_init_ctr(le_ctr, m);
	le_ctr[0] = 1;
	return gcm_impls[i].dec_oneshot(key, le_ctr, aad, m->aadlen, src, dst,
					m->len, tag, m->taglen);
}

/*
 * Every single-bit change of the tag, and every @stride-th of ciphertext
 * and AAD (a stride prime to 8 still reaches every bit position of a
 * byte), must be rejected.
 */
static void gcm_os_flip_test(unsigned int i, const void *key,
			     const struct gcm_msg *m, struct test_case *tc,
			     u8 *aad, u8 *src, u8 *dst, u8 *tag,
			     unsigned int stride)
{
	struct tally *t = &gcm_os_flip_tally[i][key_index(m->keylen)];
	const char *const parts[3] = { "tag", "ct", "aad" };
	const unsigned int bits[3] = { m->taglen * 8, m->len * 8,
				       m->aadlen * 8 };
	u8 *const bufs[3] = { tag, src, aad };
	unsigned int p, b;

	set_current(t, tc);
	for (p = 0; p < 3; p++) {
		tc->flip = parts[p];
		for (b = 0; b < bits[p]; b += p ? stride : 1) {
			tc->flip_bit = b;
			/* a fresh copy each time: in place, it is overwritten */
			if (m->len)
				memcpy(src, m->ct, m->len);
			bufs[p][b / 8] ^= 1 << (b % 8);
			tally_case(t);
			tally_true(t, tc, "tampered message accepted",
				   !os_decrypt(i, key, m, aad, src, dst, tag));
			bufs[p][b / 8] ^= 1 << (b % 8);
		}
	}
	tc->flip = NULL;
	set_current(NULL, NULL);
}

/*
 * One-shot encryption and decryption of @m (whose data starts at counter
 * 2) with implementation @i, whose key is set up: ciphertext and full tag =
 * the model's and, if given, = @uf_tag, the tag of the update/final
 * sequence on the same input; the right tag (truncated, nothing readable or
 * garbage after it) accepted and the plaintext back; le_ctr, the AAD, the
 * source (out of place) and the tag given to decryption not written to, and
 * nothing written around dst or the tag.  With @flips (a stride, see
 * gcm_os_flip_test()), tampering must be rejected.  Cases count in @t.
 */
static void gcm_test_oneshot(unsigned int i, const void *key,
			     const struct gcm_msg *m,
			     const struct test_case *layout,
			     unsigned int flips, struct tally *t,
			     const u8 *uf_tag)
{
	const struct gcm_impl *impl = &gcm_impls[i];
	struct test_case tc = *layout;
	u8 *aad, *src, *dst, *tag;
	u32 le_ctr[4], saved[4];
	bool ok;

	tc.oneshot = true;
	tc.nsplit = 0;
	tc.nasplit = 0;
	tc.aad_off = rand_off();
	tc.tag_off = rand_off();
	tc.null_empty = rng_below(2);
	tally_case(t);
	set_current(t, &tc);

	/* encryption */
	aad = os_buf(SLOT_AAD2, m->aad, m->aadlen, tc.aad_off, &tc);
	src = os_buf(SLOT_SRC, m->pt, m->len, tc.src_off, &tc);
	dst = tc.in_place ? src : os_buf(SLOT_DST, NULL, m->len, tc.dst_off,
					 &tc);
	tag = place_fenced(SLOT_TAG, 16, tc.tag_off);
	gcm_init_ctr(le_ctr, m);
	le_ctr[0] = 1;
	memcpy(saved, le_ctr, sizeof(saved));
	impl->enc_oneshot(key, le_ctr, aad, m->aadlen, src, dst, m->len, tag);
	if (gcm_corrupt[i]) {
		tag[0] ^= 1;
		if (m->len)
			dst[m->len / 2] ^= 1;
	}
	if (!tally_true(t, &tc, "one-shot enc: wrote to le_ctr",
			!memcmp(saved, le_ctr, sizeof(saved))) ||
	    !tally_expect(t, &tc, "one-shot enc: ciphertext differs", dst,
			  m->ct, m->len) ||
	    !tally_expect(t, &tc, "one-shot enc: tag differs", tag, m->tag,
			  16) ||
	    (uf_tag && !tally_expect(t, &tc,
			  "one-shot enc: tag differs from update/final's",
			  tag, uf_tag, 16)) ||
	    !tally_expect(t, &tc, "one-shot enc: AAD modified", aad, m->aad,
			  m->aadlen) ||
	    (!tc.in_place &&
	     !tally_expect(t, &tc, "one-shot enc: source modified", src, m->pt,
			   m->len)) ||
	    !tally_true(t, &tc, "one-shot enc: wrote outside dst",
			fence_intact(dst, m->len,
				     tc.in_place ? tc.src_off : tc.dst_off)) ||
	    !tally_true(t, &tc, "one-shot enc: wrote outside the tag",
			fence_intact(tag, 16, tc.tag_off)))
		goto out;

	/* decryption */
	src = os_buf(SLOT_SRC, m->ct, m->len, tc.src_off, &tc);
	dst = tc.in_place ? src : os_buf(SLOT_DST, NULL, m->len, tc.dst_off,
					 &tc);
	tag = os_dec_tag(m->tag, m->taglen, tc.tag_off);
	ok = os_decrypt(i, key, m, aad, src, dst, tag);
	if (gcm_corrupt[i] && m->len)
		dst[m->len / 2] ^= 1;
	if (!tally_true(t, &tc, "one-shot dec: right tag rejected", ok) ||
	    !tally_expect(t, &tc, "one-shot dec: plaintext differs", dst,
			  m->pt, m->len) ||
	    !tally_expect(t, &tc, "one-shot dec: AAD modified", aad, m->aad,
			  m->aadlen) ||
	    !tally_expect(t, &tc, "one-shot dec: tag modified", tag, m->tag,
			  m->taglen) ||
	    (!tc.in_place &&
	     !tally_expect(t, &tc, "one-shot dec: source modified", src,
			   m->ct, m->len)) ||
	    !tally_true(t, &tc, "one-shot dec: wrote outside dst",
			fence_intact(dst, m->len,
				     tc.in_place ? tc.src_off : tc.dst_off)))
		goto out;
	if (flips) {
		set_current(NULL, NULL);
		gcm_os_flip_test(i, key, m, &tc, aad, src, dst, tag, flips);
	}
out:
	set_current(NULL, NULL);
}

/*
 * Encrypts and decrypts @m with implementation @i, each with its own random
 * call splits: proves ciphertext and full tag equal the model's, that the
 * right (truncated) tag is accepted whatever follows it in the buffer, that
 * the plaintext comes back, and with @flips that every tampering is
 * rejected.  @tc has the layout to use; the cases count in @wp_tally if
 * given, else in gcm_tally[][].
 */
static void gcm_test_impl(unsigned int i, const struct gcm_msg *m,
			  struct test_case *tc, bool flips,
			  struct tally *wp_tally, struct tally *wp_os_tally)
{
	struct tally *t = wp_tally ? wp_tally :
			  &gcm_tally[i][key_index(m->keylen)];
	const void *key = gcm_setup_key(i, m);
	u8 *aad, *src, *dst, acc[16], tagbuf[16], uf_tag[16];
	bool ok, uf_ok = false;
	u32 le_ctr[4];

	if (tc->index % 16 == 0)
		gcm_check_precompute(i, m, tc);
	tally_case(t);
	set_current(t, tc);
	aad = place(SLOT_AAD2, m->aadlen, rand_off());
	memcpy(aad, m->aad, m->aadlen);

	/* encryption */
	tc->nasplit = random_splits(tc->asplit, m->aadlen, false);
	tc->nsplit = gcm_data_splits(tc->split, m->len);
	src = place(SLOT_SRC, m->len, tc->src_off);
	memcpy(src, m->pt, m->len);
	dst = tc->in_place ? src : place(SLOT_DST, m->len, tc->dst_off);
	gcm_init_ctr(le_ctr, m);
	ok = gcm_run(i, key, true, tc, aad, src, dst, acc, le_ctr);
	gcm_impls[i].enc_final(key, le_ctr, acc, m->aadlen, m->len);
	if (gcm_corrupt[i])
		acc[0] ^= 1;
	if (!tally_true(t, tc, "enc: update wrote to le_ctr", ok) ||
	    !tally_expect(t, tc, "enc: ciphertext differs", dst, m->ct,
			  m->len) ||
	    !tally_expect(t, tc, "enc: tag differs", acc, m->tag, 16) ||
	    !tally_expect(t, tc, "enc: AAD modified", aad, m->aad,
			  m->aadlen))
		goto out;
	memcpy(uf_tag, acc, 16);
	uf_ok = true;

	/* decryption, with garbage after the truncated tag */
	tc->nasplit = random_splits(tc->asplit, m->aadlen, false);
	tc->nsplit = gcm_data_splits(tc->split, m->len);
	src = place(SLOT_SRC, m->len, tc->src_off);
	memcpy(src, m->ct, m->len);
	dst = tc->in_place ? src : place(SLOT_DST, m->len, tc->dst_off);
	rng_bytes(tagbuf, 16);
	memcpy(tagbuf, m->tag, m->taglen);
	gcm_init_ctr(le_ctr, m);
	ok = gcm_run(i, key, false, tc, aad, src, dst, acc, le_ctr);
	if (!tally_true(t, tc, "dec: update wrote to le_ctr", ok) ||
	    !tally_true(t, tc, "dec: right tag rejected",
			gcm_impls[i].dec_final(key, le_ctr, acc, m->aadlen,
					       m->len, tagbuf, m->taglen)) ||
	    !tally_expect(t, tc, "dec: plaintext differs", dst, m->pt,
			  m->len))
		goto out;
	if (flips)
		gcm_flip_test(i, key, m, tc, aad, src, dst, tagbuf, acc,
			      le_ctr);
out:
	set_current(NULL, NULL);
	/* the one-shot takes only messages whose data starts at counter 2 */
	if (!gcm_os_skip[i] && m->ctr == 2)
		gcm_test_oneshot(i, key, m, tc, flips ? 1 : 0, wp_os_tally ?
				 wp_os_tally :
				 &gcm_os_tally[i][key_index(m->keylen)],
				 uf_ok ? uf_tag : NULL);
}

/* A new random message, its model ciphertext and tag, the model's checks */
static void gcm_new_msg(struct gcm_msg *m, struct test_case *tc,
			unsigned int keylen, unsigned int len,
			unsigned int aadlen, u32 ctr)
{
	struct tally *t = &gcm_model_tally[key_index(keylen)];
	u8 *aad, *pt, *ct, *tmp, tag[16];

	memset(m, 0, sizeof(*m));
	m->keylen = keylen;
	m->len = len;
	m->aadlen = aadlen;
	m->ctr = ctr;
	m->taglen = tag_lens[rng_below(7)];
	m->valid = true;
	rng_bytes(m->key_bytes, keylen);
	aes_expandkey(&m->key, m->key_bytes, keylen);
	rng_bytes(m->iv, 12);
	aad = place(SLOT_AAD, aadlen, 0);
	rng_bytes(aad, aadlen);
	pt = place(SLOT_PT, len, 0);
	rng_bytes(pt, len);
	ct = place(SLOT_CT, len, 0);
	gcm_ref_crypt(true, &m->key, m->iv, ctr, aad, aadlen, pt, ct, len,
		      m->tag);
	m->aad = aad;
	m->pt = pt;
	m->ct = ct;

	memset(tc, 0, sizeof(*tc));
	tc->keylen = keylen;
	tc->len = len;
	tc->aadlen = aadlen;
	tc->taglen = m->taglen;
	tc->ctr = ctr;
	tmp = place(SLOT_DST, len, 0);
	if (ctr == 2 && plat->gcm_oracle &&
	    plat->gcm_oracle(m->key_bytes, keylen, m->iv, aad, aadlen, pt, tmp,
			     len, tag)) {
		tally_case(t);
		if (tally_expect(t, tc, "model ciphertext differs from oracle",
				 ct, tmp, len))
			tally_expect(t, tc, "model tag differs from oracle",
				     m->tag, tag, 16);
	}
	if (rng_below(8) == 0) {
		tally_case(t);
		gcm_ref_crypt(false, &m->key, m->iv, ctr, aad, aadlen, ct, tmp,
			      len, tag);
		if (tally_expect(t, tc, "model decryption differs", tmp, pt,
				 len))
			tally_expect(t, tc, "model decryption tag differs",
				     tag, m->tag, 16);
	}
}

static void gcm_test_all_impls(struct gcm_msg *m, struct test_case *tc,
			       bool flips)
{
	unsigned int i;

	for (i = 0; i < NR_GCM_IMPLS; i++)
		if (!gcm_skip[i])
			gcm_test_impl(i, m, tc, flips, NULL, NULL);
}

/* Only the one-shot functions (the cross products of gcm_exhaustive()) */
static void gcm_test_all_oneshots(struct gcm_msg *m, struct test_case *tc,
				  unsigned int flips)
{
	unsigned int i;

	for (i = 0; i < NR_GCM_IMPLS; i++)
		if (!gcm_os_skip[i])
			gcm_test_oneshot(i, gcm_setup_key(i, m), m, tc, flips,
					 &gcm_os_tally[i][key_index(m->keylen)],
					 NULL);
}

/*
 * The one-shot functions hash AAD, data and the lengths block as one
 * stream, so they also get cross products (beyond the messages above, which
 * they get too): every data length with an AAD of 0 or 16 bytes (in turn)
 * and with one of os_lens[] in turn, and every AAD length with data of 0 or
 * 16 bytes and with one of os_lens[] (those up to @max).  So that this
 * stays cheap on bare metal, the messages of one key size are prefixes of
 * one random AAD and plaintext under one key and IV: the model encrypts
 * the longest once, and computes only each message's tag (gcm_ref_tag(),
 * itself checked against gcm_ref_crypt() on every 61st message).
 */
static void gcm_oneshot_cross(unsigned long *index, unsigned int max,
			      unsigned int n0)
{
	static const unsigned int os_lens[] = {
		1, 12, 15, 20, 31, 32, 48, 64, 100, 127, 128, 200, 239, 240,
		241, 255, 256, 257, 400, 511, 512, 767, 1000, 1024,
	};
	const unsigned int nos = sizeof(os_lens) / sizeof(os_lens[0]);
	unsigned int len, j, k, other, w, n;
	struct gcm_msg base, m;
	struct test_case tc;
	struct tally *t;
	u8 *ct, *tmp, tag[16];
	int aad_side;

	/* one key size per pass, over the messages whose w % 3 picks it */
	for (k = 0; k < 3; k++) {
		memset(&base, 0, sizeof(base));
		base.keylen = key_lens[k];
		base.ctr = 2;
		base.valid = true;
		rng_bytes(base.key_bytes, base.keylen);
		aes_expandkey(&base.key, base.key_bytes, base.keylen);
		rng_bytes(base.iv, 12);
		tmp = place(SLOT_AAD, max, 0);
		rng_bytes(tmp, max);
		base.aad = tmp;
		tmp = place(SLOT_PT, max, 0);
		rng_bytes(tmp, max);
		base.pt = tmp;
		ct = place(SLOT_CT, max, 0);
		gcm_ref_crypt(true, &base.key, base.iv, 2, NULL, 0, base.pt, ct,
			      max, tag);
		base.ct = ct;
		t = &gcm_model_tally[k];
		n = n0;
		for (aad_side = 0; aad_side < 2; aad_side++) {
			for (len = 0; len <= max; len++) {
				for (j = 0; j < 2; j++, n++) {
					/* so that each j meets every key size */
					w = n + len / 2;
					if (w % 3 != k)
						continue;
					other = j == 0 ? (len & 1) * 16 :
						os_lens[len % nos];
					if (other > max)
						other = max;
					m = base;
					m.aadlen = aad_side ? len : other;
					m.len = aad_side ? other : len;
					m.taglen = tag_lens[w % 7];
					gcm_ref_tag(&m.key, m.iv, m.aad,
						    m.aadlen, m.ct, m.len,
						    m.tag);
					memset(&tc, 0, sizeof(tc));
					tc.keylen = m.keylen;
					tc.len = m.len;
					tc.aadlen = m.aadlen;
					tc.taglen = m.taglen;
					tc.ctr = 2;
					tc.index = (*index)++;
					walk_layout(&tc, w);
					if (n % 61 == 0) {
						tmp = place(SLOT_DST, m.len, 0);
						tally_case(t);
						gcm_ref_crypt(true, &m.key,
							      m.iv, 2, m.aad,
							      m.aadlen, m.pt,
							      tmp, m.len, tag);
						tally_expect(t, &tc,
							     "model tag-only differs",
							     m.tag, tag, 16);
					}
					gcm_test_all_oneshots(&m, &tc, 0);
				}
			}
		}
	}
}

/*
 * Every data length 0..1024 (with short AAD), every AAD length 0..256 (with
 * short data), the one-shot cross products, and a few messages tampered
 * with bit by bit.
 */
static void gcm_exhaustive(unsigned long *index)
{
	unsigned int max = plat->exhaustive_len ? plat->exhaustive_len : 1024;
	unsigned int nflip = plat->flip_messages ? plat->flip_messages : 8;
	static const unsigned int flip_len[8] = { 0, 1, 16, 17, 40, 64, 95, 3 };
	static const unsigned int flip_aad[8] = { 0, 15, 0, 20, 16, 33, 7, 0 };
	/*
	 * one-shot only, every 13th bit: the 16 blocks of the avx10 short path
	 * exactly, and past them with long data and with long AAD
	 */
	static const unsigned int os_flip_len[3] = { 224, 250, 3 };
	static const unsigned int os_flip_aad[3] = { 16, 20, 260 };
	unsigned int len, k, n = 0;
	struct test_case tc;
	struct gcm_msg m;

	for (len = 0; len <= max; len++, n++) {
		k = n % 3;
		gcm_new_msg(&m, &tc, key_lens[k], len, rng_below(65), 2);
		m.taglen = tag_lens[n % 7];
		tc.taglen = m.taglen;
		tc.index = (*index)++;
		walk_layout(&tc, n);
		gcm_test_all_impls(&m, &tc, false);
	}
	for (len = 0; len <= 256 && len <= max; len++, n++) {
		k = n % 3;
		gcm_new_msg(&m, &tc, key_lens[k], rng_below(65), len, 2);
		m.taglen = tag_lens[n % 7];
		tc.taglen = m.taglen;
		tc.index = (*index)++;
		walk_layout(&tc, n);
		gcm_test_all_impls(&m, &tc, false);
	}
	for (len = 0; len < 8 && len < nflip; len++) {
		for (k = 0; k < 3; k++) {
			gcm_new_msg(&m, &tc, key_lens[k], flip_len[len],
				    flip_aad[len], 2);
			m.taglen = tag_lens[(len + k) % 7];
			tc.taglen = m.taglen;
			tc.index = (*index)++;
			random_layout(&tc);
			gcm_test_all_impls(&m, &tc, true);
		}
	}
	gcm_oneshot_cross(index, max, n);
	for (len = 0; len < 3 && len < nflip; len++) {
		for (k = 0; k < 3; k++) {
			gcm_new_msg(&m, &tc, key_lens[k], os_flip_len[len],
				    os_flip_aad[len], 2);
			m.taglen = tag_lens[(len + k + 3) % 7];
			tc.taglen = m.taglen;
			tc.index = (*index)++;
			random_layout(&tc);
			gcm_test_all_oneshots(&m, &tc, 13);
		}
	}
}

/*
 * Random messages; one in 16 starts its counter just below 2^32 to prove
 * that only the low 32 bits of the counter block increment.
 */
static void gcm_random(unsigned long *index)
{
	unsigned int max = plat->max_random_len;
	unsigned int n, len, aadlen;
	struct test_case tc;
	struct gcm_msg m;
	u32 ctr;

	for (n = 0; n < plat->random_cases; n++) {
		len = rand_len(0, max);
		aadlen = rng_below(4) ? rng_below(257) : rand_len(0, max);
		ctr = rng_below(16) ? 2 : 0u - 1 - rng_below(40);
		gcm_new_msg(&m, &tc, key_lens[rng_below(3)], len, aadlen, ctr);
		tc.index = (*index)++;
		random_layout(&tc);
		gcm_test_all_impls(&m, &tc, false);
	}
}

/* Key powers for many keys, beyond those checked along the way */
static void gcm_precompute_keys(void)
{
	struct test_case tc;
	struct gcm_msg m;
	unsigned int n, i;

	memset(&tc, 0, sizeof(tc));
	memset(&m, 0, sizeof(m));
	for (n = 0; n < 256 && n < plat->random_cases + 16; n++) {
		m.keylen = key_lens[n % 3];
		rng_bytes(m.key_bytes, m.keylen);
		aes_expandkey(&m.key, m.key_bytes, m.keylen);
		tc.index = n;
		tc.keylen = m.keylen;
		for (i = 0; i < NR_GCM_IMPLS; i++) {
			if (gcm_skip[i])
				continue;
			set_current(&gcm_pre_tally[i], &tc);
			gcm_setup_key(i, &m);
			gcm_check_precompute(i, &m, &tc);
			set_current(NULL, NULL);
		}
	}
}

/*
 * A Wycheproof case with a truncated tag or an invalid one, through the
 * one-shot calls: decryption accepts it iff valid, and then gives the
 * plaintext, and encryption gives the ciphertext and the tag's first
 * taglen bytes.
 */
static void gcm_wp_oneshot(unsigned int i, const struct gcm_msg *m,
			   struct test_case *tc, struct tally *t)
{
	const void *key = gcm_setup_key(i, m);
	u8 *aad, *src, *dst, *tag;
	u32 le_ctr[4];
	bool ok;

	random_layout(tc);
	tc->oneshot = true;
	tc->nsplit = 0;
	tc->nasplit = 0;
	tc->aad_off = rand_off();
	tc->tag_off = rand_off();
	tc->null_empty = rng_below(2);
	tally_case(t);
	set_current(t, tc);
	aad = os_buf(SLOT_AAD2, m->aad, m->aadlen, tc->aad_off, tc);
	src = os_buf(SLOT_SRC, m->ct, m->len, tc->src_off, tc);
	dst = tc->in_place ? src : os_buf(SLOT_DST, NULL, m->len, tc->dst_off,
					  tc);
	tag = os_dec_tag(m->tag, m->taglen, tc->tag_off);
	ok = os_decrypt(i, key, m, aad, src, dst, tag);
	if (!tally_true(t, tc, m->valid ? "one-shot: valid vector rejected" :
			"one-shot: invalid vector accepted", ok == m->valid) ||
	    !m->valid ||
	    !tally_expect(t, tc, "one-shot dec: plaintext differs", dst, m->pt,
			  m->len))
		goto out;
	src = os_buf(SLOT_SRC, m->pt, m->len, tc->src_off, tc);
	dst = tc->in_place ? src : os_buf(SLOT_DST, NULL, m->len, tc->dst_off,
					  tc);
	tag = place_fenced(SLOT_TAG, 16, tc->tag_off);
	gcm_init_ctr(le_ctr, m);
	le_ctr[0] = 1;
	gcm_impls[i].enc_oneshot(key, le_ctr, aad, m->aadlen, src, dst, m->len,
				 tag);
	if (tally_expect(t, tc, "one-shot enc: ciphertext differs", dst, m->ct,
			 m->len))
		tally_expect(t, tc, "one-shot enc: tag differs", tag, m->tag,
			     m->taglen);
out:
	tc->oneshot = false;
	set_current(NULL, NULL);
}

/*
 * Wycheproof GCM and GMAC: 12-byte-IV cases only, as gcm(aes) takes no
 * other.  A valid case must encrypt to the vector's ciphertext and tag and
 * decrypt; an invalid one must be rejected by dec_final.
 */
static void gcm_wp_run(struct wp_stats *s, const struct wp_case *c,
		       bool gmac)
{
	struct test_case tc;
	struct gcm_msg m;
	u8 *aad, *pt, *ct, *src, *dst, tag[16], acc[16];
	u32 le_ctr[4];
	unsigned int i;
	const void *key;
	struct tally *t;
	bool ok;

	if (c->ivlen != 12) {
		wp_skip(s, "gcm(aes) takes 12-byte IVs", c->ivlen);
		return;
	}
	memset(&m, 0, sizeof(m));
	m.keylen = c->keylen;
	memcpy(m.key_bytes, c->key, c->keylen);
	aes_expandkey(&m.key, c->key, c->keylen);
	memcpy(m.iv, c->iv, 12);
	m.ctr = 2;
	m.aadlen = gmac ? c->msglen : c->aadlen;
	aad = place(SLOT_AAD, m.aadlen, 0);
	memcpy(aad, gmac ? c->msg : c->aad, m.aadlen);
	m.aad = aad;
	m.len = gmac ? 0 : c->msglen;
	pt = place(SLOT_PT, m.len, 0);
	memcpy(pt, c->msg, m.len);
	m.pt = pt;
	ct = place(SLOT_CT, m.len, 0);
	memcpy(ct, c->ct, m.len);
	m.ct = ct;
	m.taglen = c->taglen;
	memcpy(m.tag, c->tag, c->taglen);
	m.valid = c->valid;

	memset(&tc, 0, sizeof(tc));
	tc.origin = "wycheproof tcId";
	tc.index = c->tc_id;
	tc.keylen = m.keylen;
	tc.len = m.len;
	tc.aadlen = m.aadlen;
	tc.taglen = m.taglen;
	tc.ctr = 2;

	/* the model: the vector's tag iff valid */
	tally_case(&s->model);
	dst = place(SLOT_DST, m.len, 0);
	gcm_ref_crypt(false, &m.key, m.iv, 2, aad, m.aadlen, ct, dst, m.len,
		      tag);
	ok = !memcmp(tag, m.tag, m.taglen) && c->ctlen == m.len;
	if (!tally_true(&s->model, &tc, m.valid ? "model rejects valid vector" :
			"model accepts invalid vector", ok == m.valid) ||
	    !m.valid)
		goto impls;
	tally_expect(&s->model, &tc, "model plaintext differs", dst, m.pt,
		     m.len);
impls:
	if (c->ctlen != m.len)	/* an impossible ciphertext: done above */
		return;
	for (i = 0; i < NR_GCM_IMPLS; i++) {
		if (gcm_skip[i])
			continue;
		t = &s->impl[i];
		if (m.valid && m.taglen == 16) {
			random_layout(&tc);
			gcm_test_impl(i, &m, &tc, false, t, &s->oneshot[i]);
			continue;
		}
		if (!gcm_os_skip[i])
			gcm_wp_oneshot(i, &m, &tc, &s->oneshot[i]);
		key = gcm_setup_key(i, &m);
		random_layout(&tc);
		tc.nasplit = random_splits(tc.asplit, m.aadlen, false);
		tc.nsplit = gcm_data_splits(tc.split, m.len);
		src = place(SLOT_SRC, m.len, tc.src_off);
		memcpy(src, ct, m.len);
		dst = tc.in_place ? src : place(SLOT_DST, m.len, tc.dst_off);
		tally_case(t);
		set_current(t, &tc);
		gcm_init_ctr(le_ctr, &m);
		gcm_run(i, key, false, &tc, aad, src, dst, acc, le_ctr);
		ok = gcm_impls[i].dec_final(key, le_ctr, acc, m.aadlen, m.len,
					    m.tag, m.taglen);
		set_current(NULL, NULL);
		tally_true(t, &tc, m.valid ? "valid vector rejected" :
			   "invalid vector accepted", ok == m.valid);
	}
}

static void gcm_wp_case(const struct wp_case *c, void *ctx)
{
	gcm_wp_run(ctx, c, false);
}

static void gmac_wp_case(const struct wp_case *c, void *ctx)
{
	gcm_wp_run(ctx, c, true);
}

static const char *gcm_impl_name(unsigned int i)
{
	return gcm_impls[i].name;
}

static void test_gcm_wycheproof(const char *file, bool gmac)
{
	run_wycheproof(file, gmac ? gmac_wp_case : gcm_wp_case, NR_GCM_IMPLS,
		       gcm_impl_name, gcm_skip, gcm_os_skip);
}

static void test_gcm(void)
{
	unsigned long index = 0;
	unsigned int i, k;
	char what[64];

	for (i = 0; i < NR_GCM_IMPLS; i++) {
		gcm_skip[i] = gcm_impl_unavailable(&gcm_impls[i]);
		for (k = 0; k < 3; k++) {
			tally_init(&gcm_tally[i][k], "gcm", gcm_impls[i].name,
				   key_names[k], NULL);
			tally_init(&gcm_flip_tally[i][k], "gcm",
				   gcm_impls[i].name, key_names[k],
				   "rejects tampering");
		}
		tally_init(&gcm_pre_tally[i], "gcm", gcm_impls[i].name,
			   "precompute asm == C", NULL);
		for (k = 0; k < 3; k++) {
			tally_init(&gcm_os_tally[i][k], "gcm",
				   gcm_impls[i].name, key_names[k],
				   "one-shot");
			tally_init(&gcm_os_flip_tally[i][k], "gcm",
				   gcm_impls[i].name, key_names[k],
				   "one-shot rejects tampering");
		}
		if (gcm_skip[i]) {
			report_unavailable("gcm", gcm_impls[i].name,
					   gcm_impls[i].feats, gcm_skip[i]);
			gcm_skip[i] = "skipped";
			gcm_os_skip[i] = "skipped";
		} else if (!gcm_impls[i].enc_oneshot ||
			   !gcm_impls[i].dec_oneshot) {
			gcm_os_skip[i] = "one-shot not implemented yet";
			what[0] = '\0';
			str_append(what, sizeof(what), gcm_impls[i].name);
			str_append(what, sizeof(what), " one-shot");
			report_skip("gcm", what, gcm_os_skip[i]);
		}
	}
	for (k = 0; k < 3; k++)
		tally_init(&gcm_model_tally[k], "model gcm", key_names[k],
			   NULL, NULL);
	gcm_precompute_keys();
	gcm_exhaustive(&index);
	gcm_random(&index);
	test_gcm_wycheproof("aes_gcm_test.json", false);
	test_gcm_wycheproof("aes_gmac_test.json", true);
	for (k = 0; k < 3; k++)
		tally_report(&gcm_model_tally[k]);
	for (i = 0; i < NR_GCM_IMPLS; i++) {
		if (gcm_skip[i])
			continue;
		tally_report(&gcm_pre_tally[i]);
		for (k = 0; k < 3; k++) {
			tally_report(&gcm_tally[i][k]);
			tally_report(&gcm_flip_tally[i][k]);
		}
		if (gcm_os_skip[i])
			continue;
		for (k = 0; k < 3; k++) {
			tally_report(&gcm_os_tally[i][k]);
			tally_report(&gcm_os_flip_tally[i][k]);
		}
	}
}

/* ------------------------------------------------------------------------
 * Entry point
 */

/* "xts:<impl>" or "gcm:<impl>": that implementation's output gets broken */
static void parse_corrupt(const char *spec)
{
	unsigned int i;

	if (!spec || !*spec)
		return;
	for (i = 0; i < NR_XTS_IMPLS; i++)
		xts_corrupt[i] = !memcmp(spec, "xts:", 4) &&
				 !strcmp(spec + 4, xts_impls[i].name);
	for (i = 0; i < NR_GCM_IMPLS; i++)
		gcm_corrupt[i] = !memcmp(spec, "gcm:", 4) &&
				 !strcmp(spec + 4, gcm_impls[i].name);
	printf("CORRUPT=%s: breaking that implementation's output on purpose\n",
	       spec);
}

unsigned int run_tests(const struct test_platform *p)
{
	plat = p;
	rng_state = p->seed;
	n_passed = 0;
	n_failed = 0;
	n_skipped = 0;
	printf("aesni-intel tests on %s: SEED=0x%llx\n", p->name,
	       (unsigned long long)p->seed);
	printf("%u random cases per implementation and mode, up to %u bytes\n",
	       p->random_cases, p->max_random_len);
	cpu_print_features();
	cpu_print_mask("platform vouches for", p->expect_feats);
	parse_corrupt(p->corrupt);

	test_model_kat();
	test_xts();
	test_gcm();
	test_modes(p);

	printf("%u passed, %u failed, %u skipped\n", n_passed, n_failed,
	       n_skipped);
	return n_failed;
}
