// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Throughput of every AES-XTS and AES-GCM implementation the CPU runs,
 * against OpenSSL and (when bench/Makefile could build it from Debian's
 * linux-source-6.12) Linux 6.12's own assembly, measured interleaved in the
 * same process: each round times every contender once on the same buffer,
 * and the reported figure is the median over the rounds, so that a noisy
 * neighbour slows all contenders alike instead of skewing one of them.
 *
 * One message is one call sequence as the kernel glue would make it:
 * XTS = encrypt the IV + one en/decryption; GCM = 16 bytes of AAD + data +
 * final (decryption includes the tag check).
 *
 * Usage: bench [SECONDS_PER_SAMPLE]; the environment variable BENCH_FILTER
 * (a substring of the implementation name) limits the run.
 */
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "aesni-intel.h"
#include "aes_ref.h"
#include "cpu.h"

#define ROUNDS		41
#define MAX_LEN		16384

static const unsigned int lengths[] = {
	16, 63, 64, 200, 300, 500, 512, 1420, 4095, 4096, 16384
};
#define NLENGTHS (sizeof(lengths) / sizeof(lengths[0]))

typedef void (*xts_fn)(const struct crypto_aes_ctx *, const u8 *, u8 *,
		       unsigned int, u8 *);
typedef void (*gcm_precompute_fn)(void *);
typedef void (*gcm_aad_fn)(const void *, u8 *, const u8 *, int);
typedef void (*gcm_update_fn)(const void *, const u32 *, u8 *, const u8 *,
			      u8 *, int);
typedef void (*gcm_enc_final_fn)(const void *, const u32 *, u8 *, u64, u64);
typedef bool (*gcm_dec_final_fn)(const void *, const u32 *, const u8 *, u64,
				 u64, const u8 *, int);

struct gcm_fns {
	gcm_precompute_fn precompute;
	gcm_aad_fn aad;
	gcm_update_fn enc, dec;
	gcm_enc_final_fn enc_final;
	gcm_dec_final_fn dec_final;
};

/* Linux 6.12's functions, renamed with objcopy --prefix-symbols=linux_ */
#ifdef HAVE_LINUX_PEER
#define LINUX_XTS(impl)							\
	void linux_aes_xts_encrypt_##impl(const struct crypto_aes_ctx *, \
					  const u8 *, u8 *, unsigned int, u8 *); \
	void linux_aes_xts_decrypt_##impl(const struct crypto_aes_ctx *, \
					  const u8 *, u8 *, unsigned int, u8 *)
LINUX_XTS(aesni_avx);
LINUX_XTS(vaes_avx2);
LINUX_XTS(vaes_avx10_256);
LINUX_XTS(vaes_avx10_512);
void linux_aes_xts_encrypt_iv(const struct crypto_aes_ctx *, u8 *);
#define LINUX_GCM(impl, common)						\
	void linux_aes_gcm_precompute_##impl(void *);			\
	void linux_aes_gcm_enc_update_##impl(const void *, const u32 *, u8 *, \
					     const u8 *, u8 *, int);	\
	void linux_aes_gcm_dec_update_##impl(const void *, const u32 *, u8 *, \
					     const u8 *, u8 *, int);	\
	void linux_aes_gcm_aad_update_##common(const void *, u8 *,	\
					       const u8 *, int);	\
	void linux_aes_gcm_enc_final_##common(const void *, const u32 *, u8 *, \
					      u64, u64);		\
	bool linux_aes_gcm_dec_final_##common(const void *, const u32 *, \
					      const u8 *, u64, u64,	\
					      const u8 *, int)
LINUX_GCM(aesni, aesni);
LINUX_GCM(aesni_avx, aesni_avx);
LINUX_GCM(vaes_avx10_256, vaes_avx10);
LINUX_GCM(vaes_avx10_512, vaes_avx10);
#define LINUX_GCM_FNS(impl, common) {					\
	(gcm_precompute_fn)linux_aes_gcm_precompute_##impl,		\
	(gcm_aad_fn)linux_aes_gcm_aad_update_##common,			\
	(gcm_update_fn)linux_aes_gcm_enc_update_##impl,			\
	(gcm_update_fn)linux_aes_gcm_dec_update_##impl,			\
	(gcm_enc_final_fn)linux_aes_gcm_enc_final_##common,		\
	(gcm_dec_final_fn)linux_aes_gcm_dec_final_##common }
#define LINUX_XTS_FNS(impl) \
	linux_aes_xts_encrypt_##impl, linux_aes_xts_decrypt_##impl
#else
#define LINUX_GCM_FNS(impl, common) { NULL }
#define LINUX_XTS_FNS(impl) NULL, NULL
#endif

#define OUR_GCM_FNS(impl, common) {					\
	(gcm_precompute_fn)aes_gcm_precompute_##impl,			\
	(gcm_aad_fn)aes_gcm_aad_update_##common,			\
	(gcm_update_fn)aes_gcm_enc_update_##impl,			\
	(gcm_update_fn)aes_gcm_dec_update_##impl,			\
	(gcm_enc_final_fn)aes_gcm_enc_final_##common,			\
	(gcm_dec_final_fn)aes_gcm_dec_final_##common }

static const struct xts_impl {
	const char *name;
	unsigned int need;
	xts_fn enc, dec;
	xts_fn linux_enc, linux_dec;
} xts_impls[] = {
	{ "aesni", CPU_FEATS_AESNI, aes_xts_encrypt_aesni, aes_xts_decrypt_aesni,
	  NULL, NULL },
	{ "aesni_avx", CPU_FEATS_AESNI_AVX, aes_xts_encrypt_aesni_avx,
	  aes_xts_decrypt_aesni_avx, LINUX_XTS_FNS(aesni_avx) },
	{ "vaes_avx2", CPU_FEATS_VAES_AVX2, aes_xts_encrypt_vaes_avx2,
	  aes_xts_decrypt_vaes_avx2, LINUX_XTS_FNS(vaes_avx2) },
	{ "vaes_avx10_256", CPU_FEATS_VAES_AVX10, aes_xts_encrypt_vaes_avx10_256,
	  aes_xts_decrypt_vaes_avx10_256, LINUX_XTS_FNS(vaes_avx10_256) },
	{ "vaes_avx10_512", CPU_FEATS_VAES_AVX10, aes_xts_encrypt_vaes_avx10_512,
	  aes_xts_decrypt_vaes_avx10_512, LINUX_XTS_FNS(vaes_avx10_512) },
};

/*
 * The Linux peer of each GCM implementation is the code Linux 6.12 runs on
 * the same CPU: it has no VAES + AVX2 GCM, so vaes_avx2 is compared with
 * its aesni_avx, as the CPUs that run vaes_avx2 use that under 6.12.
 */
static const struct gcm_impl {
	const char *name, *linux_name;
	unsigned int need;
	struct gcm_fns ours, linux_peer;
} gcm_impls[] = {
	{ "aesni", "aesni", CPU_FEATS_AESNI, OUR_GCM_FNS(aesni, aesni),
	  LINUX_GCM_FNS(aesni, aesni) },
	{ "aesni_avx", "aesni_avx", CPU_FEATS_AESNI_AVX,
	  OUR_GCM_FNS(aesni_avx, aesni_avx),
	  LINUX_GCM_FNS(aesni_avx, aesni_avx) },
	{ "vaes_avx2", "aesni_avx", CPU_FEATS_VAES_AVX2,
	  OUR_GCM_FNS(vaes_avx2, vaes_avx2),
	  LINUX_GCM_FNS(aesni_avx, aesni_avx) },
	{ "vaes_avx10_256", "vaes_avx10_256", CPU_FEATS_VAES_AVX10,
	  OUR_GCM_FNS(vaes_avx10_256, vaes_avx10),
	  LINUX_GCM_FNS(vaes_avx10_256, vaes_avx10) },
	{ "vaes_avx10_512", "vaes_avx10_512", CPU_FEATS_VAES_AVX10,
	  OUR_GCM_FNS(vaes_avx10_512, vaes_avx10),
	  LINUX_GCM_FNS(vaes_avx10_512, vaes_avx10) },
};

static double seconds_per_point = 0.001;
static u8 *src, *dst;
static u8 aad[16], tag[16];
static volatile unsigned int sink;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* A contender: one message of @len bytes per call. */
struct contender {
	void (*run)(const void *ctx, unsigned int len);
	const void *ctx;
};

/*
 * Messages per sample so that one sample of @c takes about
 * seconds_per_point: short samples are seldom hit by a neighbour's
 * time slice, and many of them give a stable median.
 */
static unsigned long calibrate(const struct contender *c, unsigned int len)
{
	unsigned long n = 1;
	double t0, t;

	c->run(c->ctx, len);	/* warm up */
	for (;;) {
		t0 = now();
		for (unsigned long i = 0; i < n; i++)
			c->run(c->ctx, len);
		t = now() - t0;
		if (t >= seconds_per_point / 4 || n >= (1UL << 30))
			return (unsigned long)(n * seconds_per_point / t) + 1;
		n *= 2;
	}
}

/* One sample: MB/s (10^6 bytes/s) over @n messages. */
static double sample(const struct contender *c, unsigned int len,
		     unsigned long n)
{
	double t0 = now();

	for (unsigned long i = 0; i < n; i++)
		c->run(c->ctx, len);
	return (double)n * len / (now() - t0) / 1e6;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Median MB/s of each of @n contenders, sampled interleaved. */
static void race(const struct contender *c, int n, unsigned int len,
		 double *median)
{
	double samples[3][ROUNDS];
	unsigned long iters[3];

	for (int i = 0; i < n; i++)
		iters[i] = c[i].ctx ? calibrate(&c[i], len) : 0;
	for (int r = 0; r < ROUNDS; r++)
		for (int i = 0; i < n; i++)
			samples[i][r] = c[i].ctx ? sample(&c[i], len, iters[i]) : 0;
	for (int i = 0; i < n; i++) {
		qsort(samples[i], ROUNDS, sizeof(double), cmp_double);
		median[i] = samples[i][ROUNDS / 2];
	}
}

/* ---- XTS contenders ---- */

struct xts_ctx {
	struct crypto_aes_ctx key, tweak_key;
	xts_fn fn;
	void (*encrypt_iv)(const struct crypto_aes_ctx *, u8 *);
};

static void run_xts(const void *p, unsigned int len)
{
	const struct xts_ctx *x = p;
	u8 tweak[16] = { 1 };

	x->encrypt_iv(&x->tweak_key, tweak);
	x->fn(&x->key, src, dst, len, tweak);
	sink += dst[0];
}

struct ossl_ctx {
	EVP_CIPHER_CTX *ctx;
	bool gcm, enc;
};

static void run_ossl_xts(const void *p, unsigned int len)
{
	const struct ossl_ctx *o = p;
	u8 iv[16] = { 1 };
	int outl;

	EVP_CipherInit_ex(o->ctx, NULL, NULL, NULL, iv, o->enc);
	EVP_CipherUpdate(o->ctx, dst, &outl, src, len);
	sink += dst[0];
}

/* ---- GCM contenders ---- */

struct gcm_ctx {
	void *key;
	const struct gcm_fns *fns;
	bool enc;
};

static void run_gcm(const void *p, unsigned int len)
{
	const struct gcm_ctx *g = p;
	u32 le_ctr[4] = { 2, 0x01020304, 0x05060708, 0x090a0b0c };
	u8 ghash_acc[16] = { 0 };

	g->fns->aad(g->key, ghash_acc, aad, sizeof(aad));
	if (g->enc) {
		g->fns->enc(g->key, le_ctr, ghash_acc, src, dst, len);
		g->fns->enc_final(g->key, le_ctr, ghash_acc, sizeof(aad), len);
		sink += ghash_acc[0];
	} else {
		g->fns->dec(g->key, le_ctr, ghash_acc, src, dst, len);
		sink += g->fns->dec_final(g->key, le_ctr, ghash_acc,
					  sizeof(aad), len, tag, 16);
	}
}

static void run_ossl_gcm(const void *p, unsigned int len)
{
	const struct ossl_ctx *o = p;
	static const u8 iv[12] = { 1 };
	int outl;

	EVP_CipherInit_ex(o->ctx, NULL, NULL, NULL, iv, o->enc);
	EVP_CipherUpdate(o->ctx, NULL, &outl, aad, sizeof(aad));
	EVP_CipherUpdate(o->ctx, dst, &outl, src, len);
	if (!o->enc)
		EVP_CIPHER_CTX_ctrl(o->ctx, EVP_CTRL_GCM_SET_TAG, 16, tag);
	sink += EVP_CipherFinal_ex(o->ctx, dst + len, &outl);
	if (o->enc)
		EVP_CIPHER_CTX_ctrl(o->ctx, EVP_CTRL_GCM_GET_TAG, 16, tag);
}

static const EVP_CIPHER *ossl_cipher(bool gcm, int keylen)
{
	if (gcm)
		return keylen == 16 ? EVP_aes_128_gcm() : EVP_aes_256_gcm();
	return keylen == 16 ? EVP_aes_128_xts() : EVP_aes_256_xts();
}

static void print_row(unsigned int len, const double *mbs, bool have_linux)
{
	printf("  %6u %9.0f %9.0f", len, mbs[0], mbs[2]);
	if (have_linux)
		printf(" %9.0f", mbs[1]);
	else
		printf(" %9s", "-");
	printf("   %5.2fx", mbs[0] / mbs[2]);
	if (have_linux)
		printf("   %5.2fx", mbs[0] / mbs[1]);
	printf("\n");
}

static void print_header(const char *what, const char *linux_name)
{
	printf("\n%s\n  %6s %9s %9s %9s   %6s   %6s\n", what, "bytes",
	       "ours", "openssl", "linux", "/ossl", "/linux");
	if (linux_name)
		printf("  (linux = Linux 6.12's %s)\n", linux_name);
}

static bool want(const char *name)
{
	const char *filter = getenv("BENCH_FILTER");

	return !filter || strstr(name, filter);
}

static void bench_xts(const struct xts_impl *impl, int keylen, bool enc)
{
	u8 keybytes[64];
	struct xts_ctx ours, peer;
	struct ossl_ctx o = { EVP_CIPHER_CTX_new(), false, enc };
	struct contender c[3];
	bool have_linux = impl->linux_enc;
	char what[96];
	double mbs[3];

	for (int i = 0; i < 2 * keylen; i++)
		keybytes[i] = i * 7 + 1;
	aes_expandkey(&ours.key, keybytes, keylen);
	aes_expandkey(&ours.tweak_key, keybytes + keylen, keylen);
	ours.fn = enc ? impl->enc : impl->dec;
	ours.encrypt_iv = aes_xts_encrypt_iv;
	peer = ours;
#ifdef HAVE_LINUX_PEER
	peer.fn = enc ? impl->linux_enc : impl->linux_dec;
	peer.encrypt_iv = linux_aes_xts_encrypt_iv;
#endif
	EVP_CipherInit_ex(o.ctx, ossl_cipher(false, keylen), NULL, keybytes,
			  NULL, enc);
	c[0] = (struct contender){ run_xts, &ours };
	c[1] = (struct contender){ run_xts, have_linux ? &peer : NULL };
	c[2] = (struct contender){ run_ossl_xts, &o };
	snprintf(what, sizeof(what), "XTS-AES-%d %s %s, MB/s", keylen * 8,
		 impl->name, enc ? "encrypt" : "decrypt");
	print_header(what, have_linux ? impl->name : NULL);
	for (unsigned int l = 0; l < NLENGTHS; l++) {
		race(c, 3, lengths[l], mbs);
		print_row(lengths[l], mbs, have_linux);
	}
	EVP_CIPHER_CTX_free(o.ctx);
}

static void bench_gcm(const struct gcm_impl *impl, int keylen, bool enc)
{
	static u8 ours_key[1024] __aligned(64), peer_key[1024] __aligned(64);
	struct gcm_ctx ours = { ours_key, &impl->ours, enc };
	struct gcm_ctx peer = { peer_key, &impl->linux_peer, enc };
	struct ossl_ctx o = { EVP_CIPHER_CTX_new(), true, enc };
	bool have_linux = impl->linux_peer.precompute;
	struct contender c[3];
	u8 keybytes[32];
	char what[96];
	double mbs[3];

	for (int i = 0; i < keylen; i++)
		keybytes[i] = i * 5 + 3;
	memset(ours_key, 0, sizeof(ours_key));
	aes_expandkey((struct crypto_aes_ctx *)ours_key, keybytes, keylen);
	memcpy(peer_key, ours_key, sizeof(peer_key));
	impl->ours.precompute(ours_key);
	if (have_linux)
		impl->linux_peer.precompute(peer_key);
	EVP_CipherInit_ex(o.ctx, ossl_cipher(true, keylen), NULL, keybytes,
			  NULL, enc);
	c[0] = (struct contender){ run_gcm, &ours };
	c[1] = (struct contender){ run_gcm, have_linux ? &peer : NULL };
	c[2] = (struct contender){ run_ossl_gcm, &o };
	snprintf(what, sizeof(what), "AES-%d-GCM %s %s (16 B AAD), MB/s",
		 keylen * 8, impl->name, enc ? "encrypt" : "decrypt");
	print_header(what, have_linux ? impl->linux_name : NULL);
	for (unsigned int l = 0; l < NLENGTHS; l++) {
		race(c, 3, lengths[l], mbs);
		print_row(lengths[l], mbs, have_linux);
	}
	EVP_CIPHER_CTX_free(o.ctx);
}

int main(int argc, char **argv)
{
	const char *reason;

	if (argc > 1)
		seconds_per_point = atof(argv[1]);
	src = aligned_alloc(64, MAX_LEN + 64);
	dst = aligned_alloc(64, MAX_LEN + 64);
	memset(src, 0x5a, MAX_LEN + 64);
	printf("aesni-intel benchmark: median of %d interleaved samples of %.1f ms each\n",
	       ROUNDS, seconds_per_point * 1e3);
#ifndef HAVE_LINUX_PEER
	printf("Linux 6.12 peer not built (linux-source-6.12 missing)\n");
#endif
	/* Decryption benchmarks check a real tag. */
	for (unsigned int i = 0; i < sizeof(gcm_impls) / sizeof(gcm_impls[0]); i++) {
		const struct gcm_impl *impl = &gcm_impls[i];

		reason = cpu_missing(impl->need);
		if (!want(impl->name))
			continue;
		if (reason) {
			printf("\nGCM %s: SKIPPED (%s)\n", impl->name, reason);
			continue;
		}
		for (int keylen = 16; keylen <= 32; keylen += 16)
			for (int enc = 1; enc >= 0; enc--)
				bench_gcm(impl, keylen, enc);
	}
	for (unsigned int i = 0; i < sizeof(xts_impls) / sizeof(xts_impls[0]); i++) {
		const struct xts_impl *impl = &xts_impls[i];

		reason = cpu_missing(impl->need);
		if (!want(impl->name))
			continue;
		if (reason) {
			printf("\nXTS %s: SKIPPED (%s)\n", impl->name, reason);
			continue;
		}
		for (int keylen = 16; keylen <= 32; keylen += 16)
			for (int enc = 1; enc >= 0; enc--)
				bench_xts(impl, keylen, enc);
	}
	return 0;
}
