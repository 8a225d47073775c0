// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Generates the known-answer vectors of gcm-kunit-test.c: fixed keys, IVs
 * and messages (a simple byte pattern) encrypted by OpenSSL; XTS-AES-192,
 * which OpenSSL lacks, by the project's C reference model (tests/common),
 * itself checked against OpenSSL by the user-space rig.
 *
 *   gcc -I tests/compat -I . -I tests/common kunit/gen-kat.c \
 *       tests/common/aes_ref.c -lcrypto && ./a.out
 */
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
	printf("};\n");
	return 0;
}
