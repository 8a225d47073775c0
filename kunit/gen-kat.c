// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Generates the known-answer vectors of gcm-kunit-test.c: fixed keys, IVs
 * and messages (a simple byte pattern) encrypted by OpenSSL; XTS-AES-192,
 * which OpenSSL lacks, by the project's C reference model (tests/common),
 * itself checked against OpenSSL by the user-space rig.  For the other
 * modes: NIST SP 800-38A's AES-128 examples (F.1.1, F.2.1, F.5.1) and
 * OpenSSL's ECB, CBC, CTR and CBC-CTS (CS3, the kernel's cts(cbc(aes)));
 * XCTR, which OpenSSL lacks, from OpenSSL's AES by its definition.
 *
 *   gcc -I tests/compat -I . -I tests/common kunit/gen-kat.c \
 *       tests/common/aes_ref.c -lcrypto && ./a.out
 */
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <string.h>

#include "aes_ref.h"

static void pattern(u8 *p, int n, int seed)
{
	for (int i = 0; i < n; i++)
		p[i] = (u8)(seed + i * 37 + (i >> 3));
}

static void hex(const char *field, const u8 *p, int n)
{
	printf("\t\t.%s = \"", field);
	for (int i = 0; i < n; i++) {
		if (i && i % 16 == 0)
			printf("\"\n\t\t\t\"");
		printf("\\x%02x", p[i]);
	}
	printf("\",\n");
}

static void gcm_vector(int keylen, int aadlen, int ptlen, int seed)
{
	const EVP_CIPHER *c = keylen == 16 ? EVP_aes_128_gcm() :
			      keylen == 24 ? EVP_aes_192_gcm() :
			      EVP_aes_256_gcm();
	EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
	u8 key[32], iv[12], aad[64], pt[128], ct[144];
	int n;

	pattern(key, keylen, seed);
	pattern(iv, 12, seed + 1);
	pattern(aad, aadlen, seed + 2);
	pattern(pt, ptlen, seed + 3);
	EVP_EncryptInit_ex(ctx, c, NULL, key, iv);
	EVP_EncryptUpdate(ctx, NULL, &n, aad, aadlen);
	EVP_EncryptUpdate(ctx, ct, &n, pt, ptlen);
	EVP_EncryptFinal_ex(ctx, ct + ptlen, &n);
	EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, 16, ct + ptlen);
	EVP_CIPHER_CTX_free(ctx);
	printf("\t{\n\t\t.klen = %d, .alen = %d, .plen = %d,\n", keylen,
	       aadlen, ptlen);
	hex("key", key, keylen);
	hex("iv", iv, 12);
	hex("aad", aad, aadlen);
	hex("ptext", pt, ptlen);
	hex("ctext", ct, ptlen + 16);
	printf("\t},\n");
}

static void xts_vector(int keylen, int len, int seed)
{
	u8 key[64], iv[16], pt[128], ct[128], tweak[16];
	struct crypto_aes_ctx k1, k2;

	pattern(key, 2 * keylen, seed);
	pattern(iv, 16, seed + 1);
	pattern(pt, len, seed + 3);
	if (keylen == 24) {
		aes_expandkey(&k1, key, keylen);
		aes_expandkey(&k2, key + keylen, keylen);
		aes_ref_encrypt(&k2, tweak, iv);
		xts_ref_crypt(true, &k1, pt, ct, len, tweak);
	} else {
		EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
		int n;

		EVP_EncryptInit_ex(ctx, keylen == 16 ? EVP_aes_128_xts() :
				   EVP_aes_256_xts(), NULL, key, iv);
		EVP_EncryptUpdate(ctx, ct, &n, pt, len);
		EVP_CIPHER_CTX_free(ctx);
	}
	printf("\t{\n\t\t.klen = %d, .plen = %d,\n", 2 * keylen, len);
	hex("key", key, 2 * keylen);
	hex("iv", iv, 16);
	hex("ptext", pt, len);
	hex("ctext", ct, len);
	printf("\t},\n");
}

/* @mode: ECB, CBC, CTR, CBC-CTS (as CS3) or XCTR */
static void aes_mode(const char *mode, const u8 *key, int keylen,
		     const u8 *iv, const u8 *in, int len, u8 *out)
{
	OSSL_PARAM cs3[] = {
		OSSL_PARAM_utf8_string(OSSL_CIPHER_PARAM_CTS_MODE, "CS3", 0),
		OSSL_PARAM_END
	};
	EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
	char name[32];
	int n;

	if (!strcmp(mode, "XCTR")) {
		u8 blk[16], ks[16];

		for (int off = 0; off < len; off += 16) {
			unsigned long long i = off / 16 + 1;

			memcpy(blk, iv, 16);
			for (int j = 0; j < 8; j++)
				blk[j] ^= (u8)(i >> (8 * j));
			aes_mode("ECB", key, keylen, NULL, blk, 16, ks);
			for (int j = 0; j < 16 && off + j < len; j++)
				out[off + j] = in[off + j] ^ ks[j];
		}
		return;
	}
	snprintf(name, sizeof(name), "AES-%d-%s", keylen * 8, mode);
	EVP_CipherInit_ex2(ctx, EVP_CIPHER_fetch(NULL, name, NULL), key, iv, 1,
			   strcmp(mode, "CBC-CTS") ? NULL : cs3);
	EVP_CIPHER_CTX_set_padding(ctx, 0);
	EVP_CipherUpdate(ctx, out, &n, in, len);
	EVP_CIPHER_CTX_free(ctx);
}

/* Prints one struct mode_kat; @key, @iv, @pt NULL: patterns from @seed */
static void mode_vector(const char *alg, const char *mode, int keylen, int len,
			int seed, const u8 *key, const u8 *iv, const u8 *pt)
{
	u8 k[32], v[16], p[128], ct[128];

	if (!key) {
		pattern(k, keylen, seed);
		pattern(v, 16, seed + 1);
		pattern(p, len, seed + 3);
		key = k;
		iv = iv ? iv : v;
		pt = p;
	}
	aes_mode(mode, key, keylen, iv, pt, len, ct);
	printf("\t{\n\t\t.alg = \"%s\", .klen = %d, .len = %d,\n", alg,
	       keylen, len);
	hex("key", key, keylen);
	if (strcmp(mode, "ECB"))
		hex("iv", iv, 16);
	hex("ptext", pt, len);
	hex("ctext", ct, len);
	printf("\t},\n");
}

static void mode_vectors(void)
{
	static const u8 nist_key[16] = {
		0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6,
		0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c,
	};
	static const u8 nist_pt[64] = {
		0x6b, 0xc1, 0xbe, 0xe2, 0x2e, 0x40, 0x9f, 0x96,
		0xe9, 0x3d, 0x7e, 0x11, 0x73, 0x93, 0x17, 0x2a,
		0xae, 0x2d, 0x8a, 0x57, 0x1e, 0x03, 0xac, 0x9c,
		0x9e, 0xb7, 0x6f, 0xac, 0x45, 0xaf, 0x8e, 0x51,
		0x30, 0xc8, 0x1c, 0x46, 0xa3, 0x5c, 0xe4, 0x11,
		0xe5, 0xfb, 0xc1, 0x19, 0x1a, 0x0a, 0x52, 0xef,
		0xf6, 0x9f, 0x24, 0x45, 0xdf, 0x4f, 0x9b, 0x17,
		0xad, 0x2b, 0x41, 0x7b, 0xe6, 0x6c, 0x37, 0x10,
	};
	u8 cbc_iv[16], ctr_iv[16], wrap[16];

	for (int i = 0; i < 16; i++) {
		cbc_iv[i] = i;
		ctr_iv[i] = 0xf0 + i;
		wrap[i] = 0xff;
	}
	printf("static const struct mode_kat mode_kats[] = {\n");
	mode_vector("ecb-aes", "ECB", 16, 64, 0, nist_key, NULL, nist_pt);
	mode_vector("cbc-aes", "CBC", 16, 64, 0, nist_key, cbc_iv, nist_pt);
	mode_vector("ctr-aes", "CTR", 16, 64, 0, nist_key, ctr_iv, nist_pt);
	mode_vector("ecb-aes", "ECB", 24, 48, 21, NULL, NULL, NULL);
	mode_vector("ecb-aes", "ECB", 32, 128, 22, NULL, NULL, NULL);
	mode_vector("cbc-aes", "CBC", 24, 80, 23, NULL, NULL, NULL);
	mode_vector("cbc-aes", "CBC", 32, 128, 24, NULL, NULL, NULL);
	/* the counter wraps at all 128 bits after the first block */
	mode_vector("ctr-aes", "CTR", 24, 45, 25, NULL, wrap, NULL);
	mode_vector("ctr-aes", "CTR", 32, 128, 26, NULL, NULL, NULL);
	mode_vector("cts-cbc-aes", "CBC-CTS", 16, 16, 27, NULL, NULL, NULL);
	mode_vector("cts-cbc-aes", "CBC-CTS", 16, 17, 28, NULL, NULL, NULL);
	mode_vector("cts-cbc-aes", "CBC-CTS", 24, 32, 29, NULL, NULL, NULL);
	mode_vector("cts-cbc-aes", "CBC-CTS", 32, 47, 30, NULL, NULL, NULL);
	mode_vector("cts-cbc-aes", "CBC-CTS", 32, 100, 31, NULL, NULL, NULL);
	mode_vector("xctr-aes", "XCTR", 16, 64, 32, NULL, NULL, NULL);
	mode_vector("xctr-aes", "XCTR", 24, 37, 33, NULL, NULL, NULL);
	mode_vector("xctr-aes", "XCTR", 32, 128, 34, NULL, NULL, NULL);
	printf("};\n");
}

int main(void)
{
	printf("static const struct gcm_kat gcm_kats[] = {\n");
	gcm_vector(16, 20, 67, 1);
	gcm_vector(24, 13, 64, 2);
	gcm_vector(32, 0, 100, 3);
	gcm_vector(32, 48, 0, 4);
	printf("};\n\n");
	/* rfc4106: key = key || iv[0..3], IV = iv[4..11], AD = aad || IV */
	printf("static const struct gcm_kat rfc4106_kats[] = {\n");
	gcm_vector(16, 8, 64, 11);
	gcm_vector(24, 12, 45, 12);
	gcm_vector(32, 8, 1, 13);
	printf("};\n\n");
	printf("static const struct xts_kat xts_kats[] = {\n");
	xts_vector(16, 64, 5);
	xts_vector(16, 37, 6);
	xts_vector(24, 80, 7);
	xts_vector(24, 17, 8);
	xts_vector(32, 128, 9);
	xts_vector(32, 95, 10);
	printf("};\n\n");
	mode_vectors();
	return 0;
}
