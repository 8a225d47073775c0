// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The AES-GCM library (aes-gcm-lib.c, built unchanged over the stand-ins of
 * libshim/) against OpenSSL, for every implementation this CPU runs, on
 * three paths: SIMD, portable C (the FPU "unusable"), and each call on a
 * random one of the two (a message that an interrupt continues):
 *   random key and tag lengths, AAD to 1000 bytes, data to 40000 (across
 *   the one-shot and FPU-section bounds), one-shot and incremental calls in
 *   random pieces, in place or not; decryption; a flipped tag bit refused
 *   with dst zeroed; the context zeroed by final; bad key and tag lengths
 *   refused without a byte of the key written.
 *   LIB_CASES=n  cases per implementation and path (default 300)
 * It runs before the main rig, whose "N passed, N failed" line is the one
 * make check counts; this one says "gcm-lib (aes-gcm-lib.c): ...".
 */
#include <openssl/evp.h>

#include "libshim/kshim.h"
#include "aesni-intel.h"
#include "impls.h"
#include "include/aesni-gcm.h"

int lib_test_fpu_usable = 1, lib_test_in_fpu;

enum { PATH_SIMD, PATH_PORTABLE, PATH_MIXED };
static const char *const path_names[] = { "simd", "portable", "mixed" };
static int path;

static unsigned long long rng = 0x9e3779b97f4a7c15ULL;

static unsigned int rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned int)(rng >> 16);
}

/* before each library call: is the FPU usable for it? */
static void pick_path(void)
{
	lib_test_fpu_usable = path == PATH_SIMD ? 1 :
			      path == PATH_PORTABLE ? 0 : rnd() & 1;
}

static void openssl_encrypt(const u8 *key, int klen, const u8 *iv,
			    const u8 *aad, int alen, const u8 *in, int len,
			    u8 *out, u8 tag[16])
{
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	const EVP_CIPHER *ci = klen == 16 ? EVP_aes_128_gcm() :
			       klen == 24 ? EVP_aes_192_gcm() :
			       EVP_aes_256_gcm();
	int n;

	EVP_EncryptInit_ex(c, ci, NULL, key, iv);
	if (alen)
		EVP_EncryptUpdate(c, NULL, &n, aad, alen);
	if (len)
		EVP_EncryptUpdate(c, out, &n, in, len);
	EVP_EncryptFinal_ex(c, out + len, &n);
	EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_GET_TAG, 16, tag);
	EVP_CIPHER_CTX_free(c);
}

#define MAX_DATA	40000
#define MAX_AD		1000
static u8 src[MAX_DATA], dst[MAX_DATA], ref[MAX_DATA], back[MAX_DATA];
static u8 aad[MAX_AD], save[MAX_DATA];
static int failures;

#define FAIL(...) do { printf("  FAIL: " __VA_ARGS__); printf("\n"); \
		       failures++; } while (0)

static size_t piece(size_t left)
{
	size_t n = rnd() % 3 == 0 ? rnd() % (left + 1) : rnd() % 70;

	return n < left ? n : left;
}

/* the incremental API in random pieces; returns decrypt_final's result */
static int incremental(bool enc, const struct aesni_gcm_key *key,
		       const u8 *iv, const u8 *a, size_t alen, const u8 *in,
		       u8 *out, size_t len, u8 *tag)
{
	struct aesni_gcm_ctx ctx;
	size_t off, n, i;
	int ret = 0;

	pick_path();
	aesni_gcm_init(&ctx, iv, key);
	for (off = 0; off < alen; off += n) {
		n = piece(alen - off);
		pick_path();
		aesni_gcm_auth_update(&ctx, a + off, n);
	}
	for (off = 0; off < len; off += n) {
		n = piece(len - off);
		pick_path();
		if (enc)
			aesni_gcm_encrypt_update(&ctx, out + off, in + off, n);
		else
			aesni_gcm_decrypt_update(&ctx, out + off, in + off, n);
	}
	pick_path();
	if (enc)
		aesni_gcm_encrypt_final(&ctx, tag);
	else
		ret = aesni_gcm_decrypt_final(&ctx, tag);
	for (i = 0; i < sizeof(ctx); i++)
		if (((u8 *)&ctx)[i]) {
			FAIL("final left the context non-zero");
			break;
		}
	return ret;
}

static void one_case(void)
{
	static const size_t klens[3] = { 16, 24, 32 };
	static const size_t tlens[7] = { 4, 8, 12, 13, 14, 15, 16 };
	size_t klen = klens[rnd() % 3], tlen = tlens[rnd() % 7];
	size_t alen = rnd() % 4 ? rnd() % 40 : rnd() % MAX_AD;
	size_t len = rnd() % 4 ? rnd() % 1600 :
		     rnd() % (path == PATH_PORTABLE ? 3000 : MAX_DATA);
	bool inplace = rnd() & 1, oneshot = rnd() & 1;
	u8 key[32], iv[12], tag[16], rtag[16], *out = inplace ? src : dst;
	struct aesni_gcm_key k;
	size_t i;
	int r, nz;

	for (i = 0; i < sizeof(key); i++)
		key[i] = rnd();
	for (i = 0; i < sizeof(iv); i++)
		iv[i] = rnd();
	for (i = 0; i < alen; i++)
		aad[i] = rnd();
	for (i = 0; i < len; i++)
		src[i] = save[i] = rnd();
	pick_path();
	if (aesni_gcm_preparekey(&k, key, klen, tlen)) {
		FAIL("aesni_gcm_preparekey(%zu, %zu) refused", klen, tlen);
		return;
	}
	openssl_encrypt(key, klen, iv, aad, alen, src, len, ref, rtag);

	pick_path();
	if (oneshot)
		aesni_gcm_encrypt(out, src, len, tag, aad, alen, iv, &k);
	else
		incremental(true, &k, iv, aad, alen, src, out, len, tag);
	if (memcmp(out, ref, len) || memcmp(tag, rtag, tlen)) {
		FAIL("encryption: klen %zu tlen %zu alen %zu len %zu inplace %d oneshot %d",
		     klen, tlen, alen, len, inplace, oneshot);
		return;
	}
	pick_path();
	oneshot = rnd() & 1;
	if (oneshot)
		r = aesni_gcm_decrypt(back, ref, len, rtag, aad, alen, iv, &k);
	else
		r = incremental(false, &k, iv, aad, alen, ref, back, len, rtag);
	if (r || memcmp(back, save, len))
		FAIL("decryption: klen %zu tlen %zu alen %zu len %zu oneshot %d (%d)",
		     klen, tlen, alen, len, oneshot, r);

	rtag[rnd() % tlen] ^= 1 << (rnd() % 8);
	memset(back, 0x55, len);
	pick_path();
	r = aesni_gcm_decrypt(back, ref, len, rtag, aad, alen, iv, &k);
	for (nz = 0, i = 0; i < len; i++)
		nz |= back[i];
	if (r != -EBADMSG || nz)
		FAIL("forged tag: %d, dst %s", r, nz ? "not zeroed" : "zeroed");
}

static void bad_lengths(void)
{
	static const size_t bad_keys[] = { 0, 15, 17, 31, 33, 64,
					   (size_t)1 << 32 | 16 };
	static const size_t bad_tags[] = { 0, 1, 3, 5, 7, 9, 11, 17, 32,
					   (size_t)1 << 32 | 16 };
	struct aesni_gcm_key k;
	u8 key[64] = { 0 };
	size_t i;

	memset(&k, 0xa5, sizeof(k));
	for (i = 0; i < sizeof(bad_keys) / sizeof(bad_keys[0]); i++)
		if (aesni_gcm_preparekey(&k, key, bad_keys[i], 16) != -EINVAL)
			FAIL("key length %zu accepted", bad_keys[i]);
	for (i = 0; i < sizeof(bad_tags) / sizeof(bad_tags[0]); i++)
		if (aesni_gcm_preparekey(&k, key, 16, bad_tags[i]) != -EINVAL)
			FAIL("tag length %zu accepted", bad_tags[i]);
	for (i = 0; i < sizeof(k); i++)
		if (((u8 *)&k)[i] != 0xa5) {
			FAIL("a refused aesni_gcm_preparekey() wrote the key");
			break;
		}
}

int main(void)
{
	const char *env = getenv("LIB_CASES");
	int cases = env ? atoi(env) : 300, passed = 0, failed = 0;
	int skipped = 0, impl, n, before;
	const char *why;

	printf("AES-GCM library (aes-gcm-lib.c) against OpenSSL, %d cases per implementation and path\n",
	       cases);
	for (impl = 0; impl < NR_GCM_GLUE_IMPLS; impl++) {
		why = gcm_impl_unavailable(&gcm_impls[impl]);
		if (why) {
			printf("gcm-lib %s: SKIPPED (%s)\n",
			       gcm_impls[impl].name, why);
			skipped++;
			continue;
		}
		aesni_gcm_lib_init(impl + 1, false);
		for (path = 0; path < 3; path++) {
			int it = path == PATH_PORTABLE ? cases / 10 : cases;

			before = failures;
			for (n = 0; n < it && failures - before < 5; n++)
				one_case();
			printf("gcm-lib %s %s: %s (%d cases)\n",
			       gcm_impls[impl].name, path_names[path],
			       failures == before ? "PASS" : "FAIL", n);
			failures == before ? passed++ : failed++;
		}
	}
	before = failures;
	bad_lengths();
	printf("gcm-lib bad key and tag lengths refused, key untouched: %s\n",
	       failures == before ? "PASS" : "FAIL");
	failures == before ? passed++ : failed++;
	printf("gcm-lib (aes-gcm-lib.c): %d passed, %d failed, %d skipped\n",
	       passed, failed, skipped);
	return failed != 0;
}
