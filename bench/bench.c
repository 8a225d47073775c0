// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Throughput of every implementation the CPU runs against OpenSSL (key set
 * once, only the IV per message) and Linux 6.12's own assembly, for XTS,
 * GCM (four calls per message, and our one-shot call), ECB, CBC, CTR and
 * XCTR.
 *
 * Fairness: every contender of a row gets the same buffers, and its IV or
 * counter block is written before every message with the same stores
 * (inline asm, so the compiler cannot merge or split them): either one
 * 16-byte store ("16B") or two 8-byte stores ("8+8", as dm-crypt's plain64
 * writes a sector number).  Each row is measured at two distances between
 * source and destination, 0 and 2048 modulo 4096 (4K aliasing hurts some
 * loops at one and not the other).  The MB/s printed are those of the
 * configuration (store pattern, offset) that is worst for us against
 * Linux, and every configuration's ratio is printed beside them.  The
 * IV, the round keys and the GCM state sit at fixed addresses modulo 4096,
 * the same for every contender, printed at start (see msgpage below).
 *
 * Timing: rdtsc, converted with the TSC rate measured against
 * CLOCK_MONOTONIC at start.  A round takes one sample of every contender:
 * 8 timings of the same number of messages each, the contenders taking
 * turns at every timing (interleaved, so a noisy neighbour slows all
 * alike); a sample is the fastest of its 8 timings (so that a time slice
 * lost to another process in one of them does not count).  The figure is the median over the rounds, the spread
 * the interquartile range over the median.  make bench pins the process
 * with taskset.
 *
 * The AES ceiling (ceiling.c): at start, how many AES round instructions
 * per cycle this CPU issues on xmm, ymm and zmm vectors; the summary then
 * gives, at each row's longest length, the first column's and the peer's
 * MB/s as a share of what those instructions alone would allow.  Where
 * both are near 100 %, no code can beat the other by much.
 *
 * Environment knobs: BENCH_FILTER (substring of "mode impl", e.g. "xts
 * vaes" or "gcm1"), BENCH_KEYS (default "128 256"), BENCH_LENS (list, or
 * "full"), BENCH_ROUNDS (default 11), BENCH_MS (milliseconds per sample,
 * default 0.5), BENCH_TSV (file for the plot data), BENCH_XTS_FORM (byte
 * or amd: the XTS ymm/zmm tweak form to run instead of this CPU's, see
 * print_cpu()), BENCH_GCM_FORM (reg or mem: the same for GCM's zmm loop),
 * BENCH_IV_OFF (where the IV slots start in their page, default 3072),
 * BENCH_IV_SLOTS (1-4, default 4: how many IV slots the messages take in
 * turn), BENCH_ALLCFG (also print every configuration's MB/s under each
 * line, not only the worst one's), BENCH_CONTROL=1 (the control run: Linux
 * in place of ours, through code of its own, so each ratio shows how far
 * the harness alone moves that row), BENCH_NO_OPENSSL=1 (leave OpenSSL
 * out of the interleaved samples, to see whether its code running between
 * the others' samples moves a row).
 */
#include <openssl/evp.h>
#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <x86intrin.h>

#include "aesni-intel.h"
#include "aes_ref.h"
#include "ceiling.h"
#include "cpu.h"

#define MAX_LEN		16384
#define MAX_CONT	4
#define MAX_ROUNDS	101
#define SUBSAMPLES	8

/*
 * Functions that may not be in the tree yet (the one-shot GCM calls, the
 * new modes) are weak references: NULL until they land, and the rows that
 * need them then print "not built yet".
 */
#define DO_PRAGMA(x)	_Pragma(#x)
#define WEAK(sym)	DO_PRAGMA(weak sym)
#define WEAK_IMPL(impl)							\
	WEAK(aes_gcm_enc_oneshot_##impl) WEAK(aes_gcm_dec_oneshot_##impl) \
	WEAK(aes_ecb_encrypt_##impl) WEAK(aes_ecb_decrypt_##impl)	\
	WEAK(aes_cbc_decrypt_##impl) WEAK(aes_ctr_crypt_##impl)		\
	WEAK(aes_xctr_crypt_##impl)
WEAK_IMPL(aesni) WEAK_IMPL(aesni_avx) WEAK_IMPL(vaes_avx2)
WEAK_IMPL(vaes_avx10_256) WEAK_IMPL(vaes_avx10_512)
WEAK(aes_cbc_encrypt_aesni)

/* One signature for every skcipher-like contender (adapters below). */
typedef void (*sk_fn)(const struct crypto_aes_ctx *key, const u8 *src,
		      u8 *dst, unsigned int len, u8 *iv);
typedef void (*xts_fn)(const struct crypto_aes_ctx *, const u8 *, u8 *,
		       unsigned int, u8 *);
typedef void (*xts_iv_fn)(const struct crypto_aes_ctx *, u8 *);
typedef void (*gcm_precompute_fn)(void *);
typedef void (*gcm_aad_fn)(const void *, u8 *, const u8 *, int);
typedef void (*gcm_update_fn)(const void *, const u32 *, u8 *, const u8 *,
			      u8 *, int);
typedef void (*gcm_enc_final_fn)(const void *, const u32 *, u8 *, u64, u64);
typedef bool (*gcm_dec_final_fn)(const void *, const u32 *, const u8 *, u64,
				 u64, const u8 *, int);
typedef void (*gcm_enc1_fn)(const void *, const u32 *, const u8 *,
			    unsigned int, const u8 *, u8 *, unsigned int, u8 *);
typedef bool (*gcm_dec1_fn)(const void *, const u32 *, const u8 *,
			    unsigned int, const u8 *, u8 *, unsigned int,
			    const u8 *, unsigned int);

struct gcm_fns {
	gcm_precompute_fn precompute;
	gcm_aad_fn aad;
	gcm_update_fn enc, dec;
	gcm_enc_final_fn enc_final;
	gcm_dec_final_fn dec_final;
};

/* ---- Linux 6.12's functions, renamed with objcopy --prefix-symbols=linux_ */
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
/* aesni-intel_asm.S and aes_ctrby8_avx-x86_64.S */
void linux_aesni_enc(const void *ctx, u8 *out, const u8 *in);
void linux_aesni_xts_enc(const void *ctx, u8 *out, const u8 *in,
			 unsigned int len, u8 *iv);
void linux_aesni_xts_dec(const void *ctx, u8 *out, const u8 *in,
			 unsigned int len, u8 *iv);
#define LINUX_SK(name)							\
	void linux_aesni_##name(const void *ctx, u8 *out, const u8 *in, \
				unsigned int len, u8 *iv)
LINUX_SK(ecb_enc);
LINUX_SK(ecb_dec);
LINUX_SK(cbc_enc);
LINUX_SK(cbc_dec);
LINUX_SK(ctr_enc);
#define LINUX_BY8(bits)							\
	void linux_aes_ctr_enc_##bits##_avx_by8(const u8 *in, u8 *iv,	\
						const void *keys, u8 *out, \
						unsigned int len);	\
	void linux_aes_xctr_enc_##bits##_avx_by8(const u8 *in, const u8 *iv, \
						 const void *keys, u8 *out, \
						 unsigned int len,	\
						 unsigned int byte_ctr)
LINUX_BY8(128);
LINUX_BY8(192);
LINUX_BY8(256);

#define LINUX_GCM_FNS(impl, common) {					\
	(gcm_precompute_fn)linux_aes_gcm_precompute_##impl,		\
	(gcm_aad_fn)linux_aes_gcm_aad_update_##common,			\
	(gcm_update_fn)linux_aes_gcm_enc_update_##impl,			\
	(gcm_update_fn)linux_aes_gcm_dec_update_##impl,			\
	(gcm_enc_final_fn)linux_aes_gcm_enc_final_##common,		\
	(gcm_dec_final_fn)linux_aes_gcm_dec_final_##common }
#define LINUX(x)	(x)

/*
 * Adapters to the common signatures, as Linux 6.12's glue calls these
 * functions (aesni_xts_encrypt_iv() is aesni_enc() in place; ctr(aes) on
 * an AVX CPU and xctr(aes) use the by8 code chosen by key length).
 */
static void linux_xts_iv_aesni(const struct crypto_aes_ctx *k, u8 *iv)
{
	linux_aesni_enc(k, iv, iv);
}

static void linux_xts_enc_aesni(const struct crypto_aes_ctx *k, const u8 *s,
				u8 *d, unsigned int len, u8 *iv)
{
	linux_aesni_xts_enc(k, d, s, len, iv);
}

static void linux_xts_dec_aesni(const struct crypto_aes_ctx *k, const u8 *s,
				u8 *d, unsigned int len, u8 *iv)
{
	linux_aesni_xts_dec(k, d, s, len, iv);
}

#define LINUX_SK_ADAPTER(name)						\
static void linux_##name(const struct crypto_aes_ctx *k, const u8 *s,	\
			 u8 *d, unsigned int len, u8 *iv)		\
{									\
	linux_aesni_##name(k, d, s, len, iv);				\
}
LINUX_SK_ADAPTER(ecb_enc)
LINUX_SK_ADAPTER(ecb_dec)
LINUX_SK_ADAPTER(cbc_enc)
LINUX_SK_ADAPTER(cbc_dec)

/*
 * 6.12's ctr_crypt() and xctr_crypt(): the assembly takes whole blocks; a
 * partial last block is one aesni_enc() of the counter block, XORed in C.
 */
static void linux_tail(const struct crypto_aes_ctx *k, const u8 *s, u8 *d,
		       unsigned int len, const u8 *block)
{
	u8 ks[16];

	linux_aesni_enc(k, ks, block);
	for (unsigned int i = 0; i < len % 16; i++)
		d[len - len % 16 + i] = s[len - len % 16 + i] ^ ks[i];
}

static void linux_ctr(const struct crypto_aes_ctx *k, const u8 *s, u8 *d,
		      unsigned int len, u8 *iv)
{
	unsigned int full = len & ~15U;

	if (full)
		linux_aesni_ctr_enc(k, d, s, full, iv);
	if (len % 16)
		linux_tail(k, s, d, len, iv);
}

static void linux_ctr_by8(const struct crypto_aes_ctx *k, const u8 *s, u8 *d,
			  unsigned int len, u8 *iv)
{
	unsigned int full = len & ~15U;

	if (full && k->key_length == 16)
		linux_aes_ctr_enc_128_avx_by8(s, iv, k, d, full);
	else if (full && k->key_length == 24)
		linux_aes_ctr_enc_192_avx_by8(s, iv, k, d, full);
	else if (full)
		linux_aes_ctr_enc_256_avx_by8(s, iv, k, d, full);
	if (len % 16)
		linux_tail(k, s, d, len, iv);
}

static void linux_xctr_by8(const struct crypto_aes_ctx *k, const u8 *s,
			   u8 *d, unsigned int len, u8 *iv)
{
	unsigned int full = len & ~15U;
	u8 block[16];
	u32 ctr;

	if (full && k->key_length == 16)
		linux_aes_xctr_enc_128_avx_by8(s, iv, k, d, full, 0);
	else if (full && k->key_length == 24)
		linux_aes_xctr_enc_192_avx_by8(s, iv, k, d, full, 0);
	else if (full)
		linux_aes_xctr_enc_256_avx_by8(s, iv, k, d, full, 0);
	if (len % 16) {
		memcpy(block, iv, 16);
		memcpy(&ctr, block, 4);
		ctr ^= 1 + full / 16;	/* little-endian host */
		memcpy(block, &ctr, 4);
		linux_tail(k, s, d, len, block);
	}
}
#else
#define LINUX_GCM_FNS(impl, common) { NULL }
#define LINUX(x)	NULL
#endif

/* ---- our functions in the common signature ---- */
#define OUR_GCM_FNS(impl, common) {					\
	(gcm_precompute_fn)aes_gcm_precompute_##impl,			\
	(gcm_aad_fn)aes_gcm_aad_update_##common,			\
	(gcm_update_fn)aes_gcm_enc_update_##impl,			\
	(gcm_update_fn)aes_gcm_dec_update_##impl,			\
	(gcm_enc_final_fn)aes_gcm_enc_final_##common,			\
	(gcm_dec_final_fn)aes_gcm_dec_final_##common }

#define OUR_SK_ADAPTERS(impl)						\
static void ecb_enc_##impl(const struct crypto_aes_ctx *k, const u8 *s, \
			   u8 *d, unsigned int len, u8 *iv)		\
{									\
	(void)iv;							\
	aes_ecb_encrypt_##impl(k, s, d, len);				\
}									\
static void ecb_dec_##impl(const struct crypto_aes_ctx *k, const u8 *s, \
			   u8 *d, unsigned int len, u8 *iv)		\
{									\
	(void)iv;							\
	aes_ecb_decrypt_##impl(k, s, d, len);				\
}									\
static void xctr_##impl(const struct crypto_aes_ctx *k, const u8 *s,	\
			u8 *d, unsigned int len, u8 *iv)		\
{									\
	aes_xctr_crypt_##impl(k, s, d, len, iv, 1);			\
}
OUR_SK_ADAPTERS(aesni)
OUR_SK_ADAPTERS(aesni_avx)
OUR_SK_ADAPTERS(vaes_avx2)
OUR_SK_ADAPTERS(vaes_avx10_256)
OUR_SK_ADAPTERS(vaes_avx10_512)

/* ---- the implementation tables ---- */
struct impl {
	const char *name;
	unsigned int need;
	/* XTS */
	xts_fn xts_enc, xts_dec, l_xts_enc, l_xts_dec;
	xts_iv_fn l_xts_iv;
	/* GCM: Linux 6.12 has no VAES + AVX2 GCM; it runs aesni_avx there */
	const char *l_gcm_name;
	struct gcm_fns gcm, l_gcm;
	gcm_enc1_fn gcm_enc1;
	gcm_dec1_fn gcm_dec1;
	/*
	 * ECB, CBC, CTR, XCTR: [mode][0 = ours, 1 = Linux 6.12]; have[] is
	 * the weak symbol behind ours (NULL: not built yet).
	 */
	sk_fn sk[6][2];
	const void *have[6];
};

enum { ECB_ENC, ECB_DEC, CBC_ENC, CBC_DEC, CTR, XCTR };

#define SK_TABLE(impl, l_ctr, l_xctr) {					\
	{ ecb_enc_##impl, LINUX(linux_ecb_enc) },			\
	{ ecb_dec_##impl, LINUX(linux_ecb_dec) },			\
	{ NULL, NULL },							\
	{ aes_cbc_decrypt_##impl, LINUX(linux_cbc_dec) },		\
	{ aes_ctr_crypt_##impl, l_ctr },				\
	{ xctr_##impl, l_xctr } }, {					\
	aes_ecb_encrypt_##impl, aes_ecb_decrypt_##impl, NULL,		\
	aes_cbc_decrypt_##impl, aes_ctr_crypt_##impl, aes_xctr_crypt_##impl }

#define IMPL(impl, need, l_xts_e, l_xts_d, l_iv, l_gname, l_gcm, family, \
	     common, l_ctr, l_xctr) {					\
	#impl, need, aes_xts_encrypt_##impl, aes_xts_decrypt_##impl,	\
	l_xts_e, l_xts_d, l_iv, l_gname, OUR_GCM_FNS(impl, common), l_gcm, \
	(gcm_enc1_fn)aes_gcm_enc_oneshot_##impl,			\
	(gcm_dec1_fn)aes_gcm_dec_oneshot_##impl,			\
	SK_TABLE(impl, l_ctr, l_xctr) }

static struct impl impls[] = {
	IMPL(aesni, CPU_FEATS_AESNI, LINUX(linux_xts_enc_aesni),
	     LINUX(linux_xts_dec_aesni), LINUX(linux_xts_iv_aesni), "aesni",
	     LINUX_GCM_FNS(aesni, aesni), aesni, aesni,
	     LINUX(linux_ctr), NULL),
	IMPL(aesni_avx, CPU_FEATS_AESNI_AVX,
	     LINUX(linux_aes_xts_encrypt_aesni_avx),
	     LINUX(linux_aes_xts_decrypt_aesni_avx),
	     LINUX(linux_aes_xts_encrypt_iv), "aesni_avx",
	     LINUX_GCM_FNS(aesni_avx, aesni_avx), aesni, aesni_avx,
	     LINUX(linux_ctr_by8), LINUX(linux_xctr_by8)),
	IMPL(vaes_avx2, CPU_FEATS_VAES_AVX2,
	     LINUX(linux_aes_xts_encrypt_vaes_avx2),
	     LINUX(linux_aes_xts_decrypt_vaes_avx2),
	     LINUX(linux_aes_xts_encrypt_iv), "aesni_avx",
	     LINUX_GCM_FNS(aesni_avx, aesni_avx), vaes_avx2, vaes_avx2,
	     LINUX(linux_ctr_by8), LINUX(linux_xctr_by8)),
	IMPL(vaes_avx10_256, CPU_FEATS_VAES_AVX10,
	     LINUX(linux_aes_xts_encrypt_vaes_avx10_256),
	     LINUX(linux_aes_xts_decrypt_vaes_avx10_256),
	     LINUX(linux_aes_xts_encrypt_iv), "vaes_avx10_256",
	     LINUX_GCM_FNS(vaes_avx10_256, vaes_avx10), vaes_avx10,
	     vaes_avx10, LINUX(linux_ctr_by8), LINUX(linux_xctr_by8)),
	IMPL(vaes_avx10_512, CPU_FEATS_VAES_AVX10,
	     LINUX(linux_aes_xts_encrypt_vaes_avx10_512),
	     LINUX(linux_aes_xts_decrypt_vaes_avx10_512),
	     LINUX(linux_aes_xts_encrypt_iv), "vaes_avx10_512",
	     LINUX_GCM_FNS(vaes_avx10_512, vaes_avx10), vaes_avx10,
	     vaes_avx10, LINUX(linux_ctr_by8), LINUX(linux_xctr_by8)),
};
#define NIMPLS (sizeof(impls) / sizeof(impls[0]))

/* ---- message preparation and the contenders ---- */

static u8 *src, *dst;			/* set per offset */
static bool iv_halves;			/* 8+8 instead of 16B */
static bool control;			/* BENCH_CONTROL: see bench_row() */
#ifdef BENCH_RETHUNK
#define RET_MODEL	1		/* BENCH_RET=thunk: bench/rethunk.S */
#else
#define RET_MODEL	0
#endif
static bool no_openssl;			/* BENCH_NO_OPENSSL */
/*
 * Where the per-message data live: the same addresses for every contender
 * and every table, printed by print_layout().  The IV (or counter block)
 * is stored before every message and loaded just after, and the callee
 * writes the next tweak or counter back into it at the end: with one IV
 * buffer, message n + 1's IV store and loads follow message n's late
 * write-back to the same address, and the time of a short message then
 * depends on how the CPU's memory dependence prediction settles, per
 * function and per moment, not on the function's code.  With the IV on
 * the stack it also moved with ASLR modulo 4096 against the round keys
 * and the source.  So the messages take IV_SLOTS IV slots in turn (each
 * with the GCM accumulator beside it), 64 B apart in one page-aligned
 * page that also holds the round keys, the AAD and the tag at fixed
 * offsets that no short message's source or destination shares modulo
 * 4096.  A kernel caller reusing its request runs much code between two
 * messages, so its last write-back is long done when it stores the next
 * IV; back-to-back calls on one IV buffer measure the overlap of the two
 * messages instead, in one of two speeds.  BENCH_IV_SLOTS=1 (one buffer)
 * and BENCH_IV_OFF (where the slots start) bring that back, to study it.
 */
#define AAD_LEN		16
#define IV_SLOTS	4
static u8 msgpage[4096] __aligned(4096);
static unsigned int iv_off = 3072, iv_slots = IV_SLOTS;
#define KEY(i)		((struct crypto_aes_ctx *)(msgpage + 1024 + 512 * (i)))
#define IVBUF(k)	(msgpage + iv_off + 64 * (k))
#define AAD		(msgpage + iv_off + 64 * IV_SLOTS)
#define TAG		(msgpage + iv_off + 64 * IV_SLOTS + 64)
#define IV_AREA		(64 * IV_SLOTS + 128)
#define HARNESS_OFF	0xe00	/* (BENCH_IV_OFF keeps the IVs below it) */
/*
 * What the harness itself writes for every message (the message number
 * that the IV is made from, the IV slot index, the sink of each output)
 * lives in msgpage too, past the tag, and not where the linker puts it:
 * there msg_no fell at offset 0 of a page, where every message's source
 * starts, so each message's first loads from @src could wait on the
 * store of ++msg_no (4K aliasing), a delay that fell on the contenders
 * unevenly (Linux's ECB at 64 B, src - dst = 2048, on Zen 3: 6690 MB/s
 * with it, 6980 without; ours 5926 both ways).
 */
static struct {
	u64 msg_no;
	unsigned int iv_slot;
	volatile unsigned int sink;
} *const harness = (void *)(msgpage + HARNESS_OFF);

/*
 * The IV slot of the next message: 16 B IV or counter, 16 B GHASH acc.
 * Not iv_slot++ % iv_slots: that is a division by a variable, whose
 * latency came before every message's IV pointer, a delay no kernel
 * caller puts there.  It cost code that starts from the IV early the
 * most: on Sapphire Rapids CTR aesni at 128 B read 0.87 of Linux 6.12
 * with it and 1.27 without, while Linux against its own copy
 * (BENCH_CONTROL=1) read 1.00 both ways.
 */
static inline u8 *next_iv(void)
{
	unsigned int k = harness->iv_slot;

	harness->iv_slot = k + 1 < iv_slots ? k + 1 : 0;
	return IVBUF(k);
}
static int mismatches;

/* The IV / counter block of every message, with the configured stores. */
static inline void store_iv(u8 *p, u64 lo, u64 hi)
{
	if (iv_halves) {
		asm volatile("movq %1, (%0)\n\tmovq %2, 8(%0)"
			     : : "r"(p), "r"(lo), "r"(hi) : "memory");
	} else {
		__m128i v = _mm_set_epi64x(hi, lo);

		asm volatile("movdqu %1, (%0)" : : "r"(p), "x"(v) : "memory");
	}
}

struct contender {
	const char *name, *label;	/* column header, plot legend */
	void (*run)(const struct contender *c, unsigned int len);
	bool enc;
	const struct crypto_aes_ctx *key, *key2;
	const void *gkey;
	sk_fn sk;
	xts_iv_fn xts_iv;
	const struct gcm_fns *gcm;
	gcm_enc1_fn enc1;
	gcm_dec1_fn dec1;
	EVP_CIPHER_CTX *ossl;
	int ossl_kind;			/* 0 = no IV, 1 = IV, 2 = GCM, 3 = XTS */
};

/*
 * The message of each kind of row.  Each is defined twice (RUN_FNS below):
 * once for the contenders, once more for BENCH_CONTROL's copy of Linux.
 */
#define ALWAYS_INLINE	inline __attribute__((always_inline))

/* XTS: IV = plain64 sector number, encrypted into the first tweak. */
static ALWAYS_INLINE void xts_msg(const struct contender *c, unsigned int len)
{
	u8 *iv = next_iv();

	store_iv(iv, ++harness->msg_no, 0);
	c->xts_iv(c->key2, iv);
	c->sk(c->key, src, dst, len, iv);
	harness->sink += dst[0];
}

/* ECB, CBC, CTR, XCTR: the IV or counter block, then one call. */
static ALWAYS_INLINE void sk_msg(const struct contender *c, unsigned int len)
{
	u8 *iv = next_iv();

	store_iv(iv, ++harness->msg_no, 0x0102030405060708ULL);
	c->sk(c->key, src, dst, len, iv);
	harness->sink += dst[0];
}

/* GCM as the kernel glue calls it: AAD update, data update, final. */
static ALWAYS_INLINE void gcm4_msg(const struct contender *c, unsigned int len)
{
	u32 *le_ctr = (u32 *)next_iv();
	u8 *ghash_acc = (u8 *)le_ctr + 16;

	asm volatile("movdqu %1, (%0)" : : "r"(ghash_acc), "x"(_mm_setzero_si128())
		     : "memory");
	store_iv((u8 *)le_ctr, 2 | 0x0a0b0c0dULL << 32, 0x0102030405060708ULL);
	c->gcm->aad(c->gkey, ghash_acc, AAD, AAD_LEN);
	if (c->enc) {
		c->gcm->enc(c->gkey, le_ctr, ghash_acc, src, dst, len);
		le_ctr[0] = 1;
		c->gcm->enc_final(c->gkey, le_ctr, ghash_acc, AAD_LEN, len);
		harness->sink += ghash_acc[0];
	} else {
		c->gcm->dec(c->gkey, le_ctr, ghash_acc, src, dst, len);
		le_ctr[0] = 1;
		harness->sink += c->gcm->dec_final(c->gkey, le_ctr,
						   ghash_acc, AAD_LEN, len,
						   TAG, 16);
	}
}

/*
 * run_xts, run_sk, run_gcm4, and their copies for BENCH_CONTROL=1 (see
 * bench_row()): the same message in code of its own (noipa: not merged
 * with the first), as ours and Linux's contenders each reach their
 * functions through code of their own (the adapters above).
 */
#define RUN_FNS(kind)							\
static void run_##kind(const struct contender *c, unsigned int len)	\
{									\
	kind##_msg(c, len);						\
}									\
static __attribute__((noipa)) void					\
run_##kind##_control(const struct contender *c, unsigned int len)	\
{									\
	kind##_msg(c, len);						\
}
RUN_FNS(xts)
RUN_FNS(sk)
RUN_FNS(gcm4)

/* GCM in one call per message. */
static void run_gcm1(const struct contender *c, unsigned int len)
{
	u32 *le_ctr = (u32 *)next_iv();

	store_iv((u8 *)le_ctr, 1 | 0x0a0b0c0dULL << 32, 0x0102030405060708ULL);
	if (c->enc) {
		c->enc1(c->gkey, le_ctr, AAD, AAD_LEN, src, dst, len, TAG);
		harness->sink += TAG[0];
	} else {
		harness->sink += c->dec1(c->gkey, le_ctr, AAD, AAD_LEN, src,
					 dst, len, TAG, 16);
	}
}

/* OpenSSL: key schedule set once; per message only the IV. */
static void run_ossl(const struct contender *c, unsigned int len)
{
	u8 *iv = next_iv();
	int outl;

	if (c->ossl_kind == 2)		/* the IV behind run_gcm*'s le_ctr */
		store_iv(iv, 0x0807060504030201ULL, 0x0d0c0b0a);
	else if (c->ossl_kind)
		store_iv(iv, ++harness->msg_no,
			 c->ossl_kind == 3 ? 0 : 0x0102030405060708ULL);
	if (c->ossl_kind) {
		EVP_CipherInit_ex(c->ossl, NULL, NULL, NULL, iv, c->enc);
	}
	if (c->ossl_kind == 2)
		EVP_CipherUpdate(c->ossl, NULL, &outl, AAD, AAD_LEN);
	EVP_CipherUpdate(c->ossl, dst, &outl, src, len);
	if (c->ossl_kind == 2) {
		if (!c->enc)
			EVP_CIPHER_CTX_ctrl(c->ossl, EVP_CTRL_GCM_SET_TAG, 16, TAG);
		harness->sink += EVP_CipherFinal_ex(c->ossl, dst + len, &outl);
		if (c->enc)
			EVP_CIPHER_CTX_ctrl(c->ossl, EVP_CTRL_GCM_GET_TAG, 16, TAG);
	}
	harness->sink += dst[0];
}

/* ---- the runner ---- */

static double tsc_hz;
static int rounds = 11;
static double sample_ms = 0.5;
static FILE *tsv;

struct result {
	double mbs, spread, tpb;	/* median MB/s, IQR / median, TSC/B */
};

static int cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return (x > y) - (x < y);
}

static u64 time_n(const struct contender *c, unsigned int len, u64 n)
{
	u64 t0 = __rdtsc();

	for (u64 i = 0; i < n; i++)
		c->run(c, len);
	return __rdtsc() - t0;
}

/* Messages per sub-sample so that one sample takes about sample_ms. */
static u64 calibrate(const struct contender *c, unsigned int len)
{
	u64 n = 1, t, target = tsc_hz * sample_ms / 1e3 / SUBSAMPLES;

	time_n(c, len, 4);		/* warm up */
	for (;;) {
		t = time_n(c, len, n);
		if (t >= target / 4 || n >= (1ULL << 30))
			return n * target / (t ? t : 1) + 1;
		n *= 2;
	}
}

/*
 * Median ticks per message of each of @n contenders, sampled interleaved.
 * Each sample is the best of SUBSAMPLES runs of every contender in turn,
 * and the turn order rotates from one sub-sample to the next, so that each
 * contender also runs after each of the others: with one fixed order, the
 * one that ran right after OpenSSL ran slower for the whole sub-sample
 * (on Zen 3, ECB at 64 B: ours 24.1 TSC ticks a message there, 21.9 with
 * OpenSSL out of the race; in the reverse order Linux's decryption fell
 * from 7000 to 5200-6400 MB/s), a loss the harness dealt to one column.
 */
static void race(const struct contender *c, int n, unsigned int len,
		 struct result *res)
{
	static u64 ticks[MAX_CONT][MAX_ROUNDS];
	u64 iters[MAX_CONT];

	for (int i = 0; i < n; i++)
		iters[i] = calibrate(&c[i], len);
	for (int r = 0; r < rounds; r++) {
		for (int i = 0; i < n; i++)
			ticks[i][r] = ~0ULL;
		for (int s = 0; s < SUBSAMPLES; s++)
			for (int j = 0; j < n; j++) {
				int i = (j + s) % n;
				u64 t = time_n(&c[i], len, iters[i]);

				if (t < ticks[i][r])
					ticks[i][r] = t;
			}
	}
	for (int i = 0; i < n; i++) {
		double q1, med, q3;

		qsort(ticks[i], rounds, sizeof(u64), cmp_u64);
		q1 = ticks[i][rounds / 4];
		med = ticks[i][rounds / 2];
		q3 = ticks[i][rounds - 1 - rounds / 4];
		res[i].tpb = med / iters[i] / len;
		res[i].mbs = tsc_hz / res[i].tpb / 1e6;
		res[i].spread = (q3 - q1) / med;
	}
}

static double max_spread(const struct result *r, int n)
{
	double sp = 0;

	for (int i = 0; i < n; i++)
		sp = r[i].spread > sp ? r[i].spread : sp;
	return sp;
}

/*
 * A race whose spread is above 5% (a neighbour took the CPU during more
 * than a few samples) is run again, up to twice; the steadiest one counts.
 */
static void race_steady(const struct contender *c, int n, unsigned int len,
			struct result *res)
{
	struct result again[MAX_CONT];

	race(c, n, len, res);
	for (int t = 0; t < 2 && max_spread(res, n) > 0.05; t++) {
		race(c, n, len, again);
		if (max_spread(again, n) < max_spread(res, n))
			memcpy(res, again, n * sizeof(*res));
	}
}

/* ---- one table: a mode, implementation, key size and direction ---- */

static const unsigned int default_lens[] = {
	16, 64, 512, 1420, 4096, 16384
};
static const unsigned int full_lens[] = {
	16, 32, 63, 64, 128, 200, 256, 300, 500, 512, 1024, 1420, 2048,
	4095, 4096, 8192, 16384
};
static const unsigned int oneshot_lens[] = {
	16, 32, 64, 128, 200, 256, 512, 1420, 4096
};
static unsigned int lens[64], nlens;

/* Configurations: IV store pattern x (dst - src) mod 4096. */
static const char *const cfg_name[] = { "16B@0", "16B@2K", "8+8@0", "8+8@2K" };
static u8 *arena;

static void set_config(int cfg)
{
	iv_halves = cfg >= 2;
	src = arena;
	dst = arena + 2 * MAX_LEN + 4096 + (cfg & 1) * 2048;
}

/*
 * A configuration whose ratio is more than 8% away (either way) from the
 * one configuration it should equal (same stores, other offset) is
 * measured once more, and the second measurement replaces the first: a
 * neighbour's burst can then still hit a configuration, but not decide
 * the worst case on its own.
 */
static void recheck(const struct contender *c, int n, int ref,
		    unsigned int len, int ncfg, struct result r[][MAX_CONT],
		    double *ratio)
{
	for (int k = 0; k < ncfg; k++) {
		double other = ratio[k ^ 1];

		if (ratio[k] < other * 1.08 && ratio[k] > other / 1.08)
			continue;
		set_config(k);
		race_steady(c, n, len, r[k]);
		ratio[k] = r[k][0].mbs / r[k][ref].mbs;
	}
}

struct row {
	const char *mode, *dir;
	const struct impl *im;
	int keybits;
	bool block_only;		/* lengths that are multiples of 16 */
	bool iv;			/* IV store patterns matter */
	const unsigned int *lens;	/* NULL: the global list */
	unsigned int nlens;
};

/*
 * Runs c[0] (the subject) against c[1..n-1]; c[ref] is the peer the ratios
 * are taken against.  One line per length: every contender's MB/s in the
 * configuration worst for c[0] against c[ref], the spread (largest of the
 * contenders), c[0]'s TSC ticks per byte, the ratio in every configuration,
 * the worst, and c[0] against the other contenders.
 */
/* The closing summary: per table, the worst ratio against its peer. */
static struct summary {
	char what[48], peer[16];
	double min, min512, at4k, at16k;
	unsigned int min_len;
	/* at the longest length: c[0] and the peer, in % of the AES ceiling */
	double ceil_first, ceil_peer;
	unsigned int ceil_len;
} sums[512];
static unsigned int nsums;

static double aes_ceiling_mbs(const struct row *rw);

static void summarize(const struct row *rw, const struct contender *c,
		      int ref, unsigned int len, double worst,
		      double first_mbs, double peer_mbs)
{
	struct summary *s = &sums[nsums];
	double ceiling = aes_ceiling_mbs(rw);

	if (nsums >= sizeof(sums) / sizeof(sums[0]))
		return;
	if (!s->what[0]) {
		snprintf(s->what, sizeof(s->what), "%-4s %-14s %d %s",
			 rw->mode, rw->im->name, rw->keybits, rw->dir);
		snprintf(s->peer, sizeof(s->peer), "%s", c[ref].name);
		s->min = s->min512 = 1e9;
	}
	if (worst < s->min) {
		s->min = worst;
		s->min_len = len;
	}
	if (len >= 512 && worst < s->min512)
		s->min512 = worst;
	if (len == 4096)
		s->at4k = worst;
	if (len == 16384)
		s->at16k = worst;
	if (ceiling && len >= s->ceil_len) {
		s->ceil_len = len;
		s->ceil_first = 100 * first_mbs / ceiling;
		s->ceil_peer = 100 * peer_mbs / ceiling;
	}
}

/*
 * TSC ticks per AES round instruction on 16-, 32- and 64-byte vectors
 * (ceiling.c; 0 where the CPU lacks them), measured at start.
 */
static double aes_tpi[3];

static int impl_vl(const char *impl)
{
	if (!strcmp(impl, "vaes_avx10_512"))
		return 64;
	return strncmp(impl, "vaes", 4) ? 16 : 32;
}

/*
 * The most MB/s this CPU's AES units allow for a row: every vector of the
 * message costs key bits / 32 + 6 round instructions, at best one each
 * aes_tpi ticks.  0 for CBC encryption (serial: its bound is the latency)
 * and where the instructions were not measured.
 */
static double aes_ceiling_mbs(const struct row *rw)
{
	int vl = impl_vl(rw->im->name);
	double tpi = aes_tpi[vl == 16 ? 0 : vl == 32 ? 1 : 2];

	if (!tpi || (!strcmp(rw->mode, "cbc") && !strcmp(rw->dir, "encrypt")))
		return 0;
	return vl * tsc_hz / ((rw->keybits / 32 + 6) * tpi) / 1e6;
}

static void measure_ceiling(void)
{
	static const unsigned int need[3] = {
		CPU_FEATS_AESNI, CPU_FEATS_VAES_AVX2, CPU_FEATS_VAES_AVX10
	};
	double ccpt = core_cycles_per_tick();

	printf("Core clock about %.2f GHz (%.3f core cycles per TSC tick, from a chain of\n"
	       "dependent imuls); AES round instructions per core cycle, 12 independent chains:",
	       ccpt * tsc_hz / 1e9, ccpt);
	for (int i = 0; i < 3; i++) {
		if (cpu_missing(need[i]))
			continue;
		aes_tpi[i] = aes_ticks_per_insn(16 << i);
		printf(" %s %.2f", i == 0 ? "xmm" : i == 1 ? "ymm" : "zmm",
		       1 / (aes_tpi[i] * ccpt));
	}
	printf("\n");
}

static void print_summary(void)
{
	printf("\nSummary: first column / peer, in the configuration worst for the first\n"
	       "column at each length (min over lengths; 0 = length not run)\n");
	printf("  %-38s %-8s %6s %6s %7s %6s %6s | %s\n", "mode impl key dir", "peer",
	       "min", "at B", ">=512B", "4096", "16384", "AES ceiling %: first peer");
	for (unsigned int i = 0; i < nsums; i++) {
		const struct summary *s = &sums[i];

		printf("  %-38s %-8s %6.2f %6u %7.2f %6.2f %6.2f |", s->what,
		       s->peer, s->min, s->min_len,
		       s->min512 < 1e9 ? s->min512 : 0, s->at4k, s->at16k);
		if (s->ceil_len)
			printf(" %3.0f %3.0f (%u B)", s->ceil_first,
			       s->ceil_peer, s->ceil_len);
		printf("\n");
	}
}

static void table(const struct row *rw, struct contender *c, int n,
		  int ref)
{
	int ncfg = rw->iv ? 4 : 2;
	const unsigned int *ls = rw->lens ? rw->lens : lens;
	unsigned int nl = rw->lens ? rw->nlens : nlens;

	printf("  %6s", "bytes");
	for (int i = 0; i < n; i++)
		printf(" %8.8s", c[i].name);
	printf("   MB/s spread TSC/B | %s/%s:", c[0].name, c[ref].name);
	for (int k = 0; k < ncfg; k++)
		printf(" %6s", cfg_name[k] + (rw->iv ? 0 : 3));
	printf("  worst |");
	for (int i = 1; i < n; i++)
		if (i != ref)
			printf(" /%-7.7s", c[i].name);
	printf("\n");

	for (unsigned int l = 0; l < nl; l++) {
		unsigned int len = ls[l];
		struct result r[4][MAX_CONT];
		double ratio[4], worst = 1e9, sp;
		int w = 0;

		if (rw->block_only && len % 16)
			continue;
		for (int k = 0; k < ncfg; k++) {
			set_config(k);
			race_steady(c, n, len, r[k]);
			ratio[k] = r[k][0].mbs / r[k][ref].mbs;
		}
		recheck(c, n, ref, len, ncfg, r, ratio);
		for (int k = 0; k < ncfg; k++)
			if (ratio[k] < worst) {
				worst = ratio[k];
				w = k;
			}
		sp = max_spread(r[w], n);
		printf("  %6u", len);
		for (int i = 0; i < n; i++)
			printf(" %8.0f", r[w][i].mbs);
		printf("   %5.1f%% %5.2f |", sp * 100, r[w][0].tpb);
		for (int k = 0; k < ncfg; k++)
			printf(" %6.2f", ratio[k]);
		printf("  %5.2f |", worst);
		for (int i = 1; i < n; i++)
			if (i != ref)
				printf(" %8.2f", r[w][0].mbs / r[w][i].mbs);
		printf("\n");
		if (getenv("BENCH_ALLCFG"))	/* every configuration's MB/s */
			for (int k = 0; k < ncfg; k++) {
				printf("          %-7s", cfg_name[k]);
				for (int i = 0; i < n; i++)
					printf(" %8.0f", r[k][i].mbs);
				printf("\n");
			}
		summarize(rw, c, ref, len, worst, r[w][0].mbs, r[w][ref].mbs);
		if (tsv)
			for (int i = 0; i < n; i++)
				fprintf(tsv, "%s\t%s\t%d\t%s\t%s\t%u\t%.1f\t%s\t%.3f\n",
					rw->mode, rw->dir, rw->keybits,
					rw->im->name, c[i].label, len,
					r[w][i].mbs, cfg_name[w] + (rw->iv ? 0 : 3), ratio[w]);
	}
	nsums++;
	fflush(stdout);
}

/*
 * Before timing a row: every contender, given the same message, must write
 * the same output as c[0] (a mis-wired peer would otherwise be timed doing
 * something else).  Returns the number of contenders that differ.
 */
static int check_row(const struct contender *c, int n, unsigned int len)
{
	static u8 want[MAX_LEN];
	int bad = 0;

	for (int i = 0; i < n; i++) {
		set_config(0);
		for (unsigned int j = 0; j < len; j++)
			src[j] = j * 31 + 7;
		memset(dst, 0, len);
		harness->msg_no = 41;
		c[i].run(&c[i], len);
		if (!i)
			memcpy(want, dst, len);
		else if (memcmp(want, dst, len)) {
			printf("  OUTPUT MISMATCH: %s differs from %s at %u bytes\n",
			       c[i].name, c[0].name, len);
			bad++;
		}
	}
	return bad;
}

/* ---- the modes: contenders for one row ---- */

static u8 keybytes[64];
/*
 * The GCM keys (ours, Linux's): one page each, both at 1024 modulo 4096,
 * where no short message's source or destination lies.
 */
static u8 gkey_page[2][4096] __aligned(4096);
#define GKEY(i)		(gkey_page[i] + 1024)

static EVP_CIPHER_CTX *ossl_new(const EVP_CIPHER *cipher, bool enc)
{
	EVP_CIPHER_CTX *ctx;

	if (!cipher)
		return NULL;
	ctx = EVP_CIPHER_CTX_new();
	EVP_CipherInit_ex(ctx, cipher, NULL, keybytes, NULL, enc);
	EVP_CIPHER_CTX_set_padding(ctx, 0);
	return ctx;
}

static const EVP_CIPHER *ossl_cipher(const char *mode, int bits)
{
	static const struct {
		const char *mode;
		const EVP_CIPHER *(*fn[3])(void);
	} t[] = {
		{ "xts", { EVP_aes_128_xts, NULL, EVP_aes_256_xts } },
		{ "gcm", { EVP_aes_128_gcm, EVP_aes_192_gcm, EVP_aes_256_gcm } },
		{ "ecb", { EVP_aes_128_ecb, EVP_aes_192_ecb, EVP_aes_256_ecb } },
		{ "cbc", { EVP_aes_128_cbc, EVP_aes_192_cbc, EVP_aes_256_cbc } },
		{ "ctr", { EVP_aes_128_ctr, EVP_aes_192_ctr, EVP_aes_256_ctr } },
	};

	for (unsigned int i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (!strcmp(t[i].mode, mode) && t[i].fn[(bits - 128) / 64])
			return t[i].fn[(bits - 128) / 64]();
	return NULL;		/* OpenSSL has no XTS-AES-192 and no XCTR */
}

static void not_built(const struct row *rw, const char *what)
{
	printf("\n%s %s AES-%d %s: %s: not built yet\n", rw->mode,
	       rw->im->name, rw->keybits, rw->dir, what);
}

static void bench_row(const struct row *rw, int m)
{
	u8 *gkey[2] = { GKEY(0), GKEY(1) };
	struct crypto_aes_ctx *key = KEY(0), *key2 = KEY(1);
	const struct impl *im = rw->im;
	bool enc = !strcmp(rw->dir, "encrypt");
	int keylen = rw->keybits / 8, n = 0, ref = 1;
	struct contender c[MAX_CONT] = { 0 };
	const char *peer = im->name;
	char title[160];
	bool xts = !strcmp(rw->mode, "xts"), gcm = rw->mode[0] == 'g';

	for (int i = 0; i < 2 * keylen; i++)
		keybytes[i] = i * 7 + 1;
	aes_expandkey(key, keybytes, keylen);
	aes_expandkey(key2, keybytes + keylen, keylen);
	if (gcm) {
		memset(gkey_page, 0, sizeof(gkey_page));	/* >= 1024 B each */
		for (int i = 0; i < 2; i++)
			memcpy(gkey[i], key, sizeof(*key));
		im->gcm.precompute(gkey[0]);
		if (im->l_gcm.precompute)
			im->l_gcm.precompute(gkey[1]);
		peer = im->l_gcm_name;
	}
	if (xts) {
		c[n++] = (struct contender){ "ours", "ours", run_xts, enc, key,
			key2, .sk = enc ? im->xts_enc : im->xts_dec,
			.xts_iv = aes_xts_encrypt_iv };
		c[n++] = (struct contender){ "linux", "linux", run_xts, enc,
			key, key2, .sk = enc ? im->l_xts_enc : im->l_xts_dec,
			.xts_iv = im->l_xts_iv };
	} else if (!strcmp(rw->mode, "gcm")) {
		c[n++] = (struct contender){ "ours", "ours", run_gcm4, enc,
			.gkey = gkey[0], .gcm = &im->gcm };
		c[n++] = (struct contender){ "linux", "linux", run_gcm4, enc,
			.gkey = gkey[1], .gcm = &im->l_gcm };
	} else if (gcm) {		/* gcm1: the one-shot call */
		if (!im->gcm_enc1 || !im->gcm_dec1)
			return not_built(rw, "one-shot");
		c[n++] = (struct contender){ "1-shot", "1-shot", run_gcm1, enc,
			.gkey = gkey[0], .enc1 = im->gcm_enc1,
			.dec1 = im->gcm_dec1 };
		c[n++] = (struct contender){ "linux-4", "linux 4-call",
			run_gcm4, enc, .gkey = gkey[1], .gcm = &im->l_gcm };
		c[n++] = (struct contender){ "ours-4", "ours 4-call", run_gcm4,
			enc, .gkey = gkey[0], .gcm = &im->gcm };
	} else {
		if (!im->have[m])
			return not_built(rw, rw->mode);
		c[n++] = (struct contender){ "ours", "ours", run_sk, enc, key,
			.sk = im->sk[m][0] };
		c[n++] = (struct contender){ "linux", "linux", run_sk, enc,
			key, .sk = im->sk[m][1] };
		if (m == CTR)
			peer = im->sk[m][1] == LINUX(linux_ctr) ?
				"aesni_ctr_enc" : "aes_ctr_enc_*_avx_by8";
		else if (m == XCTR)
			peer = "aes_xctr_enc_*_avx_by8";
		else
			peer = "aesni_* of aesni-intel_asm.S";
	}
	/* a missing Linux peer (no linux-source, or none in 6.12) */
	if (c[1].gcm ? !c[1].gcm->precompute : !c[1].sk) {
		c[1] = c[--n];
		ref = -1;
	}
	if (!no_openssl && rw->mode[3] != '1' &&
	    ossl_cipher(rw->mode, rw->keybits)) {
		c[n] = (struct contender){ "openssl", "openssl", run_ossl, enc,
			.ossl = ossl_new(ossl_cipher(rw->mode, rw->keybits),
					 enc),
			.ossl_kind = gcm ? 2 : xts ? 3 :
				     m == ECB_ENC || m == ECB_DEC ? 0 : 1 };
		n++;
	}
	if (ref < 0) {
		if (n < 2) {
			printf("\n%s %s AES-%d %s: no peer (Linux 6.12 has it only with AVX,\n"
			       "  OpenSSL not at all)\n", rw->mode, im->name,
			       rw->keybits, rw->dir);
			return;
		}
		ref = 1;
	}
	/*
	 * The control run: the first column is Linux's contender again, run
	 * through the run_*_control copies, so that the row compares Linux's
	 * code with itself and its ratio is what the harness alone (where
	 * the calling code lies, the branch history it leaves) moves.
	 */
	if (control && c[0].run != run_gcm1 &&
	    (c[1].run == run_xts || c[1].run == run_sk || c[1].run == run_gcm4)) {
		c[0] = c[1];
		c[0].name = "linux'";
		c[0].label = "linux (control copy)";
		c[0].run = c[1].run == run_xts ? run_xts_control :
			   c[1].run == run_sk ? run_sk_control :
			   run_gcm4_control;
	} else if (control) {
		printf("\n%s %s AES-%d %s: no control run (no Linux peer to copy)\n",
		       rw->mode, im->name, rw->keybits, rw->dir);
		goto out;
	}
	snprintf(title, sizeof(title), "%s %s AES-%d %s%s  (linux = Linux 6.12's %s)%s",
		 rw->mode, im->name, rw->keybits, rw->dir,
		 gcm ? ", 16 B AAD" : "", peer,
		 control ? "\n  CONTROL RUN: Linux against a copy of itself, not ours" : "");
	printf("\n%s\n", title);
	mismatches += check_row(c, n, rw->block_only ? 1024 : 1000);
	table(rw, c, n, ref);
out:
	for (int i = 0; i < n; i++)
		if (c[i].ossl)
			EVP_CIPHER_CTX_free(c[i].ossl);
}

/* ---- main ---- */

static double measure_tsc_hz(void)
{
	struct timespec a, b;
	u64 t0, t1;

	clock_gettime(CLOCK_MONOTONIC, &a);
	t0 = __rdtsc();
	do {
		clock_gettime(CLOCK_MONOTONIC, &b);
	} while ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec) < 1e8);
	t1 = __rdtsc();
	return (t1 - t0) / ((b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) * 1e-9);
}

/*
 * A main loop that comes in two forms, one for AMD (see print_cpu()): its
 * flag, the knob that overrides the vendor's choice, the knob's two values
 * and what each form is (index: the flag's value).
 */
struct form_knob {
	u8 *flag;
	const char *env, *title, *value[2], *what[2];
};

static const struct form_knob xts_form = {
	&aes_xts_amd_tweaks, "BENCH_XTS_FORM",
	"XTS ymm and zmm (vaes_avx2, vaes_avx10_256/512) tweak update",
	{ "byte", "amd" },
	{ "byte form", "AMD (vaes_avx2 packed, avx10 qword) form" }
};
static const struct form_knob gcm_form = {
	&aes_gcm_amd_form, "BENCH_GCM_FORM",
	"GCM zmm (vaes_avx10_512) main loop", { "reg", "mem" },
	{ "powers of H in registers", "powers of H from memory (AMD form)" }
};

static void set_form(const struct form_knob *k, bool amd)
{
	const char *v = getenv(k->env);

	*k->flag = amd;
	printf("%s: %s", k->title, k->what[amd]);
	for (int i = 0; i < 2; i++)
		if (v && !strcmp(v, k->value[i])) {
			*k->flag = i;
			printf(", %s=%s overrides it", k->env, v);
		}
	printf("\n");
}

static void print_cpu(void)
{
	char line[256], model[256] = "?";
	unsigned int a, b, c, d, fam, mod;
	bool amd;
	FILE *f = fopen("/proc/cpuinfo", "r");

	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, "model name", 10)) {
			snprintf(model, sizeof(model), "%s", strchr(line, ':') + 2);
			model[strcspn(model, "\n")] = 0;
			break;
		}
	if (f)
		fclose(f);
	__asm__("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(1), "c"(0));
	fam = ((a >> 8) & 15) + ((a >> 20) & 255);
	mod = ((a >> 4) & 15) | ((a >> 12) & 0xf0);
	printf("CPU: %s (family %u model %u stepping %u); TSC %.3f GHz\n",
	       model, fam, mod, a & 15, tsc_hz / 1e9);
	/*
	 * The XTS ymm/zmm tweak form and the GCM zmm main loop the glue
	 * selects here (aesni_init(): AMD and Hygon get the AMD forms: XTS
	 * vaes_avx2 packed, avx10 qword; GCM vaes_avx10_512 powers of H from
	 * memory), so that ours is measured as it runs; BENCH_XTS_FORM=byte or
	 * amd and BENCH_GCM_FORM=reg or mem override them, to compare.
	 */
	__asm__("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(0), "c"(0));
	amd = (b == 0x68747541 && d == 0x69746e65 && c == 0x444d4163) ||
	      (b == 0x6f677948 && d == 0x6e65476e && c == 0x656e6975);
	set_form(&xts_form, amd);
	set_form(&gcm_form, amd);
	if (tsv)
		fprintf(tsv, "# CPU: %s (family %u model %u)\n", model, fam, mod);
	/* How the timed assembly returns (bench/Makefile's BENCH_RET) */
	printf("RET in the timed assembly, ours and Linux's alike: %s\n",
	       RET_MODEL ? "through a return thunk, as a kernel with SRSO Safe RET\n"
	       "(the default on AMD Zen 1-4) returns: each return mispredicted (BENCH_RET=thunk)" :
	       "a plain ret, as a kernel with no return thunk (BENCH_RET=ret)");
	if (tsv)
		fprintf(tsv, "# RET: %s\n", RET_MODEL ? "thunk" : "ret");
}

/* Every buffer a timed call touches, as an address modulo 4096. */
static void print_layout(void)
{
	printf("Layout mod 4096: src %#lx, dst %#lx or %#lx, round keys %#lx and %#lx,\n"
	       "GCM keys %#lx and %#lx, IV/counter (+ GHASH acc. at +16) from %#lx in %u slots\n"
	       "64 B apart taken in turn, AAD %#lx, tag %#lx, the harness's own counters\n"
	       "%#lx (the same for every contender)\n",
	       (unsigned long)arena & 4095,
	       (unsigned long)(arena + 2 * MAX_LEN + 4096) & 4095,
	       (unsigned long)(arena + 2 * MAX_LEN + 4096 + 2048) & 4095,
	       (unsigned long)KEY(0) & 4095, (unsigned long)KEY(1) & 4095,
	       (unsigned long)GKEY(0) & 4095, (unsigned long)GKEY(1) & 4095,
	       (unsigned long)IVBUF(0) & 4095, iv_slots,
	       (unsigned long)AAD & 4095, (unsigned long)TAG & 4095,
	       (unsigned long)harness & 4095);
}

static bool want(const char *mode, const char *impl)
{
	const char *filter = getenv("BENCH_FILTER");
	char what[64];

	snprintf(what, sizeof(what), "%s %s", mode, impl);
	return !filter || strstr(what, filter);
}

static void parse_lens(void)
{
	const char *e = getenv("BENCH_LENS");
	const unsigned int *l = default_lens;
	unsigned int n = sizeof(default_lens) / sizeof(default_lens[0]);

	if (e && !strcmp(e, "full")) {
		l = full_lens;
		n = sizeof(full_lens) / sizeof(full_lens[0]);
	} else if (e) {
		for (char *p = (char *)e, *q; nlens < 64; p = q) {
			unsigned long v = strtoul(p, &q, 0);

			if (q == p)
				break;
			if (v >= 1 && v <= MAX_LEN)
				lens[nlens++] = v;
		}
		return;
	}
	memcpy(lens, l, n * sizeof(*l));
	nlens = n;
}

int main(void)
{
	static const struct {
		const char *mode;
		int m;			/* sk mode, or -1 */
		const char *dirs[2];
		bool block_only, iv;
	} modes[] = {
		{ "xts", -1, { "encrypt", "decrypt" }, false, true },
		{ "gcm", -1, { "encrypt", "decrypt" }, false, true },
		{ "gcm1", -1, { "encrypt", "decrypt" }, false, true },
		{ "ecb", ECB_ENC, { "encrypt" }, true, false },
		{ "ecb", ECB_DEC, { "decrypt" }, true, false },
		{ "cbc", CBC_ENC, { "encrypt" }, true, true },
		{ "cbc", CBC_DEC, { "decrypt" }, true, true },
		{ "ctr", CTR, { "encrypt" }, false, true },
		{ "xctr", XCTR, { "encrypt" }, false, true },
	};
	const char *keys = getenv("BENCH_KEYS") ?: "128 256";

	control = getenv("BENCH_CONTROL") && *getenv("BENCH_CONTROL") == '1';
	no_openssl = getenv("BENCH_NO_OPENSSL") &&
		     *getenv("BENCH_NO_OPENSSL") == '1';
	if (getenv("BENCH_ROUNDS"))
		rounds = atoi(getenv("BENCH_ROUNDS"));
	if (rounds < 3 || rounds > MAX_ROUNDS)
		rounds = 11;
	if (getenv("BENCH_MS"))
		sample_ms = atof(getenv("BENCH_MS"));
	if (getenv("BENCH_TSV"))
		tsv = fopen(getenv("BENCH_TSV"), "w");
	parse_lens();
	if (getenv("BENCH_IV_OFF"))
		iv_off = strtoul(getenv("BENCH_IV_OFF"), NULL, 0) & 4032;
	if (iv_off > HARNESS_OFF - IV_AREA)
		iv_off = HARNESS_OFF - IV_AREA;
	if (getenv("BENCH_IV_SLOTS"))
		iv_slots = strtoul(getenv("BENCH_IV_SLOTS"), NULL, 0);
	if (iv_slots < 1 || iv_slots > IV_SLOTS)
		iv_slots = IV_SLOTS;
	arena = aligned_alloc(4096, 4 * MAX_LEN + 4 * 4096);
	memset(arena, 0x5a, 4 * MAX_LEN + 4 * 4096);
	tsc_hz = measure_tsc_hz();

	/* CBC encryption is serial: only the AES-NI form exists */
	impls[0].sk[CBC_ENC][0] = aes_cbc_encrypt_aesni;
	impls[0].sk[CBC_ENC][1] = LINUX(linux_cbc_enc);
	impls[0].have[CBC_ENC] = aes_cbc_encrypt_aesni;

	printf("aesni-intel benchmark: ours against Linux 6.12's assembly and %s\n",
	       OpenSSL_version(OPENSSL_VERSION));
	print_cpu();
	measure_ceiling();
	print_layout();
	{
		char la[64] = "?";
		FILE *f = fopen("/proc/loadavg", "r");

		if (f && fgets(la, sizeof(la), f))
			la[strcspn(la, "\n")] = 0;
		if (f)
			fclose(f);
		printf("Load average at start: %s (other processes share the CPU: ratios\n"
		       "from interleaved samples, not absolute MB/s, are the result)\n", la);
	}
	printf("Median of %d interleaved samples of %.2f ms; spread = interquartile range / median.\n",
	       rounds, sample_ms);
	printf("MB/s = 10^6 bytes/s; TSC/B = TSC ticks per byte (not core cycles).\n");
	printf("Configurations: IV or counter block written with one 16-byte store (16B)\n"
	       "or two 8-byte stores (8+8), dst - src = 0 or 2048 mod 4096 (@0, @2K);\n"
	       "MB/s columns are those of the configuration worst for the first column.\n");
#ifndef HAVE_LINUX_PEER
	printf("Linux 6.12 peer not built (linux-source-6.12 missing)\n");
#endif

	for (unsigned int i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		for (unsigned int j = 0; j < NIMPLS; j++) {
			const struct impl *im = &impls[j];
			const char *reason = cpu_missing(im->need);

			if (!want(modes[i].mode, im->name))
				continue;
			if (modes[i].m == CBC_ENC && j)
				continue;
			if (reason) {
				printf("\n%s %s: SKIPPED (%s)\n", modes[i].mode,
				       im->name, reason);
				continue;
			}
			for (const char *k = keys; *k; ) {
				char *e;
				int bits = strtol(k, &e, 10);

				if (e == k)
					break;
				k = e;
				if (bits != 128 && bits != 192 && bits != 256)
					continue;
				for (int d = 0; d < 2 && modes[i].dirs[d]; d++) {
					struct row rw = {
						.mode = modes[i].mode,
						.dir = modes[i].dirs[d],
						.im = im, .keybits = bits,
						.block_only = modes[i].block_only,
						.iv = modes[i].iv
					};

					if (!strcmp(rw.mode, "gcm1")) {
						rw.lens = oneshot_lens;
						rw.nlens = sizeof(oneshot_lens) /
							   sizeof(oneshot_lens[0]);
					}
					bench_row(&rw, modes[i].m);
				}
			}
		}
	}
	if (tsv)
		fclose(tsv);
	print_summary();
	if (mismatches)
		printf("\n%d contenders wrote output different from ours: see OUTPUT MISMATCH above\n",
		       mismatches);
	return mismatches != 0;
}
