// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gen-cases: write the AF_ALG test cases for afalg-client, with the results
 * OpenSSL computes on the host.  The format is described in afalg-client.c.
 *
 *   gen-cases random SEED SCALE > cases.txt
 *   gen-cases bad > bad.txt
 *   gen-cases xts-sectors KEYHEX FIRST_SECTOR < plain > expected
 *   gen-cases essiv-sectors KEYHEX FIRST_SECTOR < plain > expected
 *
 * random: SCALE gcm cases (each an encryption, its decryption and a
 * decryption with one bit forged -> EBADMSG), SCALE/2 rfc4106 and SCALE xts
 * cases (an encryption and an independent decryption each), and SCALE/4
 * cases each of ecb, cbc, cts (the kernel's cts(cbc(aes)), CBC-CS3), ctr
 * (with counters about to wrap 32, 64 and 128 bits), xctr (HCTR2's XCTR,
 * from a C model over OpenSSL's AES) and "fscrypt" (cts(cbc(aes)) as fscrypt
 * encrypts file names: AES-256, names NUL-padded to 16 or 32 bytes).  bad: a
 * fixed set of inputs that must be refused with EINVAL (wrong key sizes, bad
 * authsize, lengths a mode cannot take, rfc4106 assoclen other than 16/20).
 * xts-sectors: what dm-crypt's aes-xts-plain64 writes for 512-byte sectors;
 * essiv-sectors: the same for aes-cbc-essiv:sha256.
 *
 * Lengths concentrate around block and vector boundaries: every length
 * 0..80 first, then 16*k-1..16*k+1 or random lengths up to 4 KiB.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/sha.h>

#define MAX_LEN 4200

static unsigned long long rng_state;

/* splitmix64: a deterministic stream, so a SEED reproduces a run */
static unsigned long long rnd(void)
{
	unsigned long long z = (rng_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static unsigned int rnd_below(unsigned int n)
{
	return rnd() % n;
}

static void rnd_bytes(unsigned char *p, size_t n)
{
	while (n--)
		*p++ = rnd();
}

/* The i-th data length: all of 0..80, then near multiples of 16 or random. */
static size_t pick_len(int i, size_t min)
{
	size_t len;

	if (i <= 80)
		len = i;
	else if (i % 2)
		len = 16 * (1 + rnd_below(MAX_LEN / 16 - 2)) - 1 + rnd_below(3);
	else
		len = rnd_below(MAX_LEN);
	return len < min ? min + i % 16 : len;
}

static void hex(const unsigned char *p, size_t n)
{
	if (!n)
		putchar('-');
	while (n--)
		printf("%02x", *p++);
}

static void die(const char *what)
{
	fprintf(stderr, "gen-cases: OpenSSL %s failed\n", what);
	exit(1);
}

static const EVP_CIPHER *gcm_cipher(size_t keylen)
{
	return keylen == 16 ? EVP_aes_128_gcm() :
	       keylen == 24 ? EVP_aes_192_gcm() : EVP_aes_256_gcm();
}

/* AES-GCM with a 12-byte nonce: out = ciphertext || first taglen bytes of tag */
static void gcm_encrypt(const unsigned char *key, size_t keylen,
			const unsigned char *nonce, const unsigned char *aad,
			size_t aadlen, const unsigned char *pt, size_t len,
			unsigned int taglen, unsigned char *out)
{
	EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
	int n;

	if (!ctx || !EVP_EncryptInit_ex(ctx, gcm_cipher(keylen), NULL, key, nonce) ||
	    (aadlen && !EVP_EncryptUpdate(ctx, NULL, &n, aad, aadlen)) ||
	    !EVP_EncryptUpdate(ctx, out, &n, pt, len) ||
	    !EVP_EncryptFinal_ex(ctx, out + n, &n) ||
	    !EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, taglen, out + len))
		die("AES-GCM");
	EVP_CIPHER_CTX_free(ctx);
}

static void xts_crypt(const unsigned char *key, size_t keylen,
		      const unsigned char *iv, const unsigned char *in,
		      size_t len, unsigned char *out, int enc)
{
	EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
	const EVP_CIPHER *cipher = keylen == 32 ? EVP_aes_128_xts() :
						  EVP_aes_256_xts();
	int n;

	if (!ctx || !EVP_CipherInit_ex(ctx, cipher, NULL, key, iv, enc) ||
	    !EVP_CipherUpdate(ctx, out, &n, in, len))
		die("AES-XTS");
	EVP_CIPHER_CTX_free(ctx);
}

static const EVP_CIPHER *aes_cipher(const char *mode, size_t keylen)
{
	char name[32];
	EVP_CIPHER *c;

	snprintf(name, sizeof(name), "AES-%zu-%s", keylen * 8, mode);
	c = EVP_CIPHER_fetch(NULL, name, NULL);
	if (!c)
		die(name);
	return c;
}

/* ECB, CBC, CTR or CBC-CTS (CS3, as the kernel's cts(cbc(aes))) */
static void aes_mode(const char *mode, const unsigned char *key, size_t keylen,
		     const unsigned char *iv, const unsigned char *in,
		     size_t len, unsigned char *out, int enc)
{
	EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
	OSSL_PARAM cs3[] = {
		OSSL_PARAM_utf8_string(OSSL_CIPHER_PARAM_CTS_MODE, "CS3", 0),
		OSSL_PARAM_END
	};
	int n;

	if (!ctx || !EVP_CipherInit_ex2(ctx, aes_cipher(mode, keylen), key, iv,
					enc, strcmp(mode, "CBC-CTS") ? NULL : cs3) ||
	    !EVP_CIPHER_CTX_set_padding(ctx, 0) ||
	    (len && !EVP_CipherUpdate(ctx, out, &n, in, len)))
		die(mode);
	EVP_CIPHER_CTX_free(ctx);
}

/*
 * XCTR (HCTR2, the kernel's xctr(aes)): block i, counting from 1, is XORed
 * with AES_K(IV ^ le128(i)).  A C model over OpenSSL's single-block AES.
 */
static void xctr_crypt(const unsigned char *key, size_t keylen,
		       const unsigned char *iv, const unsigned char *in,
		       size_t len, unsigned char *out)
{
	unsigned char blk[16], ks[16];
	unsigned long long i;
	size_t off, j;

	for (off = 0, i = 1; off < len; off += 16, i++) {
		memcpy(blk, iv, 16);
		for (j = 0; j < 8; j++)
			blk[j] ^= i >> (8 * j);
		aes_mode("ECB", key, keylen, NULL, blk, 16, ks, 1);
		for (j = 0; j < 16 && off + j < len; j++)
			out[off + j] = in[off + j] ^ ks[j];
	}
}

static void print_case(const char *kind, const char *op,
		       const unsigned char *key, size_t keylen,
		       const unsigned char *iv, size_t ivlen,
		       const unsigned char *aad, size_t aadlen,
		       const unsigned char *in, size_t len,
		       unsigned int authsize, const unsigned char *out,
		       size_t outlen, const char *err)
{
	printf("%s %s ", kind, op);
	hex(key, keylen);
	putchar(' ');
	hex(iv, ivlen);
	putchar(' ');
	hex(aad, aadlen);
	putchar(' ');
	hex(in, len);
	printf(" %u ", authsize);
	if (err)
		fputs(err, stdout);
	else
		hex(out, outlen);
	putchar('\n');
}

/*
 * One random gcm or rfc4106 case: an encryption, the matching decryption
 * and a decryption with one bit of the AAD, ciphertext or tag flipped.
 */
static void aead_case(int i, int rfc4106)
{
	static const unsigned int gcm_tags[] = { 4, 8, 12, 13, 14, 15, 16 };
	static const unsigned int esp_tags[] = { 8, 12, 16 };
	unsigned char key[36], nonce[12], aad[64], pt[MAX_LEN];
	unsigned char ct[MAX_LEN + 16];
	size_t keylen = 16 + 8 * rnd_below(3), len = pick_len(i, 0);
	size_t aadlen, gcm_aadlen, ivlen = 12, flip;
	const unsigned char *iv = nonce;
	unsigned int taglen;
	const char *kind = rfc4106 ? "rfc4106" : "gcm";

	rnd_bytes(key, sizeof(key));
	rnd_bytes(nonce, sizeof(nonce));
	if (rfc4106) {
		/* key = AES key || 4-byte salt; AAD = SPI, seq(, ESN) || IV */
		keylen = rnd_below(2) ? 16 : 32;
		memcpy(nonce, key + keylen, 4);
		iv = nonce + 4;
		ivlen = 8;
		gcm_aadlen = rnd_below(2) ? 8 : 12;
		rnd_bytes(aad, gcm_aadlen);
		memcpy(aad + gcm_aadlen, iv, 8);
		aadlen = gcm_aadlen + 8;
		taglen = esp_tags[rnd_below(3)];
	} else {
		aadlen = i < 41 ? (unsigned int)i : rnd_below(i % 3 ? 64 : 20);
		gcm_aadlen = aadlen;
		rnd_bytes(aad, aadlen);
		taglen = i % 2 ? 16 : gcm_tags[rnd_below(7)];
	}
	rnd_bytes(pt, len);
	gcm_encrypt(key, keylen, nonce, aad, gcm_aadlen, pt, len, taglen, ct);
	if (rfc4106)
		keylen += 4;

	print_case(kind, "enc", key, keylen, iv, ivlen, aad, aadlen, pt, len,
		   taglen, ct, len + taglen, NULL);
	print_case(kind, "dec", key, keylen, iv, ivlen, aad, aadlen, ct,
		   len + taglen, taglen, pt, len, NULL);

	/* forge: flip one bit anywhere in AAD (not the rfc4106 IV) || ct || tag */
	flip = rnd_below((gcm_aadlen + len + taglen) * 8);
	if (flip < gcm_aadlen * 8)
		aad[flip / 8] ^= 1 << (flip % 8);
	else
		ct[flip / 8 - gcm_aadlen] ^= 1 << (flip % 8);
	print_case(kind, "dec", key, keylen, iv, ivlen, aad, aadlen, ct,
		   len + taglen, taglen, NULL, 0, "EBADMSG");
}

static void xts_case(int i)
{
	unsigned char key[64], iv[16], pt[MAX_LEN], ct[MAX_LEN];
	size_t keylen = rnd_below(2) ? 32 : 64, len = pick_len(i, 16);

	rnd_bytes(key, sizeof(key));
	rnd_bytes(iv, sizeof(iv));
	rnd_bytes(pt, len);
	xts_crypt(key, keylen, iv, pt, len, ct, 1);
	print_case("xts", "enc", key, keylen, iv, 16, NULL, 0, pt, len, 0,
		   ct, len, NULL);
	/* decrypt other random data, to check the inverse independently */
	rnd_bytes(ct, len);
	xts_crypt(key, keylen, iv, ct, len, pt, 0);
	print_case("xts", "dec", key, keylen, iv, 16, NULL, 0, ct, len, 0,
		   pt, len, NULL);
}

/*
 * One case of the other modes: an encryption and an independent decryption
 * (of other random data) for ecb, cbc, cts, ctr, xctr and fscrypt.
 */
static void mode_case(const char *kind, int i)
{
	unsigned char key[32], iv[16], pt[MAX_LEN], ct[MAX_LEN];
	size_t keylen = 16 + 8 * rnd_below(3), len, ivlen = 16;
	const char *mode = kind;
	int k;

	rnd_bytes(key, sizeof(key));
	rnd_bytes(iv, sizeof(iv));
	len = pick_len(3 * i + 1, 0);	/* 1, 4, .. 79 bytes, then random */
	if (!strcmp(kind, "ecb") || !strcmp(kind, "cbc")) {
		len = len / 16 * 16;
	} else if (!strcmp(kind, "cts")) {
		len = len < 16 ? 16 + len : len;
	} else if (!strcmp(kind, "fscrypt")) {
		/* a name of 1..255 bytes, NUL-padded to 16 or 32, zero IV */
		size_t pad = rnd_below(2) ? 16 : 32;

		keylen = 32;
		len = 1 + rnd_below(255);
		len = (len + pad - 1) / pad * pad;
		len = len > 255 ? 255 : len;
		memset(iv, 0, sizeof(iv));
		mode = "cts";
	} else if (!strcmp(kind, "ctr") && i % 4) {
		/* the low 32, 64 or all 128 bits of the counter about to wrap */
		static const int ones[] = { 0, 4, 8, 16 };

		memset(iv + 16 - ones[i % 4], 0xff, ones[i % 4]);
		iv[15] -= rnd_below(4);
	}
	if (!strcmp(kind, "ecb"))
		ivlen = 0;
	for (k = 1; k >= 0; k--) {
		rnd_bytes(pt, len);
		if (!strcmp(kind, "xctr"))
			xctr_crypt(key, keylen, iv, pt, len, ct);
		else if (!strcmp(mode, "cts"))
			aes_mode("CBC-CTS", key, keylen, iv, pt, len, ct, k);
		else if (!strcmp(kind, "ecb"))
			aes_mode("ECB", key, keylen, NULL, pt, len, ct, k);
		else if (!strcmp(kind, "cbc"))
			aes_mode("CBC", key, keylen, iv, pt, len, ct, k);
		else
			aes_mode("CTR", key, keylen, iv, pt, len, ct, k);
		print_case(kind, k ? "enc" : "dec", key, keylen, iv, ivlen,
			   NULL, 0, pt, len, 0, ct, len, NULL);
	}
}

/* Inputs every implementation must reject without touching the data. */
static void bad_cases(void)
{
	static const unsigned int gcm_bad_keys[] = { 0, 1, 15, 17, 20, 31, 33, 64 };
	static const unsigned int esp_bad_keys[] = { 0, 4, 16, 19, 21, 24, 32, 40 };
	static const unsigned int xts_bad_keys[] = { 0, 16, 31, 33, 63, 65, 80 };
	static const unsigned int gcm_bad_tags[] = { 0, 1, 2, 3, 5, 6, 7, 9, 10, 11, 17 };
	static const unsigned int esp_bad_tags[] = { 0, 4, 13, 15, 17 };
	static const unsigned int esp_bad_aad[] = { 0, 8, 12, 15, 17, 19, 21, 24 };
	static const unsigned int aes_bad_keys[] = { 0, 8, 15, 17, 31, 33, 64 };
	static const unsigned int bad_lens[] = { 1, 15, 17, 31, 33, 47 };
	static const char *const modes[] = { "ecb", "cbc", "cts", "ctr", "xctr" };
	unsigned char key[80], iv[16], data[64];
	const char *op;
	unsigned int i, k, m;

	rng_state = 4106;
	rnd_bytes(key, sizeof(key));
	rnd_bytes(iv, sizeof(iv));
	rnd_bytes(data, sizeof(data));
	for (k = 0; k < 2; k++) {
		op = k ? "dec" : "enc";
		for (i = 0; i < sizeof(gcm_bad_keys) / sizeof(int); i++)
			print_case("gcm", op, key, gcm_bad_keys[i], iv, 12, data,
				   8, data, 32, 16, NULL, 0, "EINVAL");
		for (i = 0; i < sizeof(gcm_bad_tags) / sizeof(int); i++)
			print_case("gcm", op, key, 16, iv, 12, data, 8, data,
				   32, gcm_bad_tags[i], NULL, 0, "EINVAL");
		for (i = 0; i < sizeof(esp_bad_keys) / sizeof(int); i++)
			print_case("rfc4106", op, key, esp_bad_keys[i], iv, 8,
				   data, 16, data, 32, 16, NULL, 0, "EINVAL");
		for (i = 0; i < sizeof(esp_bad_tags) / sizeof(int); i++)
			print_case("rfc4106", op, key, 20, iv, 8, data, 16,
				   data, 32, esp_bad_tags[i], NULL, 0, "EINVAL");
		/* RFC 4106 AAD must be SPI || seq (|| ESN hi) || IV: 16 or 20 */
		for (i = 0; i < sizeof(esp_bad_aad) / sizeof(int); i++)
			print_case("rfc4106", op, key, 20, iv, 8, data,
				   esp_bad_aad[i], data, 32, 16, NULL, 0,
				   "EINVAL");
		for (i = 0; i < sizeof(xts_bad_keys) / sizeof(int); i++)
			print_case("xts", op, key, xts_bad_keys[i], iv, 16, NULL,
				   0, data, 32, 0, NULL, 0, "EINVAL");
		for (i = 1; i < 16; i++)
			print_case("xts", op, key, 64, iv, 16, NULL, 0, data, i,
				   0, NULL, 0, "EINVAL");
		/* every AES mode: 128-, 192- or 256-bit keys only */
		for (i = 0; i < sizeof(modes) / sizeof(modes[0]); i++)
			for (m = 0; m < sizeof(aes_bad_keys) / sizeof(int); m++)
				print_case(modes[i], op, key, aes_bad_keys[m],
					   iv, strcmp(modes[i], "ecb") ? 16 : 0,
					   NULL, 0, data, 32, 0, NULL, 0,
					   "EINVAL");
		/* ECB and CBC take whole blocks, CTS at least one */
		for (i = 0; i < sizeof(bad_lens) / sizeof(int); i++)
			for (m = 0; m < 2; m++)
				print_case(modes[m], op, key, 16, iv, m ? 16 : 0,
					   NULL, 0, data, bad_lens[i], 0, NULL,
					   0, "EINVAL");
		for (i = 1; i < 16; i += 7)
			print_case("cts", op, key, 32, iv, 16, NULL, 0, data, i,
				   0, NULL, 0, "EINVAL");
	}
}

/*
 * dm-crypt's aes-xts-plain64 on 512-byte sectors: sector n is encrypted with
 * the tweak n as a 64-bit little-endian number, zero-padded to 16 bytes.
 */
static int xts_sectors(const char *keyhex, unsigned long long sector)
{
	unsigned char key[64], iv[16] = { 0 }, in[512], out[512];
	size_t keylen = strlen(keyhex) / 2, i;

	if (keylen != 32 && keylen != 64)
		return 2;
	for (i = 0; i < keylen; i++)
		if (sscanf(keyhex + 2 * i, "%2hhx", &key[i]) != 1)
			return 2;
	while (fread(in, 1, sizeof(in), stdin) == sizeof(in)) {
		for (i = 0; i < 8; i++)
			iv[i] = sector >> (8 * i);
		xts_crypt(key, keylen, iv, in, sizeof(in), out, 1);
		fwrite(out, 1, sizeof(out), stdout);
		sector++;
	}
	return 0;
}

/*
 * dm-crypt's aes-cbc-essiv:sha256 on 512-byte sectors: sector n is CBC with
 * the IV AES_{sha256(key)}(le64(n) zero-padded to 16 bytes).
 */
static int essiv_sectors(const char *keyhex, unsigned long long sector)
{
	unsigned char key[32], salt[32], iv[16], in[512], out[512];
	size_t keylen = strlen(keyhex) / 2, i;

	if (keylen != 16 && keylen != 24 && keylen != 32)
		return 2;
	for (i = 0; i < keylen; i++)
		if (sscanf(keyhex + 2 * i, "%2hhx", &key[i]) != 1)
			return 2;
	SHA256(key, keylen, salt);
	while (fread(in, 1, sizeof(in), stdin) == sizeof(in)) {
		memset(iv, 0, sizeof(iv));
		for (i = 0; i < 8; i++)
			iv[i] = sector >> (8 * i);
		aes_mode("ECB", salt, sizeof(salt), NULL, iv, 16, iv, 1);
		aes_mode("CBC", key, keylen, iv, in, sizeof(in), out, 1);
		fwrite(out, 1, sizeof(out), stdout);
		sector++;
	}
	return 0;
}

int main(int argc, char **argv)
{
	static const char *const modes[] = {
		"ecb", "cbc", "cts", "ctr", "xctr", "fscrypt"
	};
	unsigned int m;
	int scale, i;

	if (argc == 4 && !strcmp(argv[1], "xts-sectors"))
		return xts_sectors(argv[2], strtoull(argv[3], NULL, 0));
	if (argc == 4 && !strcmp(argv[1], "essiv-sectors"))
		return essiv_sectors(argv[2], strtoull(argv[3], NULL, 0));
	if (argc == 2 && !strcmp(argv[1], "bad")) {
		bad_cases();
		return 0;
	}
	if (argc != 4 || strcmp(argv[1], "random")) {
		fprintf(stderr, "usage: %s random SEED SCALE | bad |\n"
			"       {xts,essiv}-sectors KEYHEX FIRST_SECTOR < in > out\n",
			argv[0]);
		return 2;
	}
	rng_state = strtoull(argv[2], NULL, 0);
	scale = atoi(argv[3]);
	for (i = 0; i < scale; i++)
		aead_case(i, 0);
	for (i = 0; i < scale / 2; i++)
		aead_case(i * 2 + 1, 1);
	for (i = 0; i < scale; i++)
		xts_case(i);
	for (m = 0; m < sizeof(modes) / sizeof(modes[0]); m++)
		for (i = 0; i < scale / 4; i++)
			mode_case(modes[m], i);
	return 0;
}
