// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gcm-bench: per-record cost of AES-GCM through crypto_aead ("gcm(aes)",
 * whichever driver serves it) and through the aesni-intel library, timed
 * with ktime_get_ns() over a loop of records.  Under QEMU TCG with
 * "-icount shift=0" guest nanoseconds are guest instructions, so the
 * figures are instructions per record.
 *
 * Records: 16 bytes of AAD, then the data, then the 16-byte tag, in one
 * linear buffer (the IPsec ESP layout); encrypted in place, decrypted (with
 * a valid tag) into a second buffer.
 * The library is reached with symbol_get(), so the module also loads beside
 * another aesni-intel (the distribution's), which lacks the library.
 * Prints "gcm-bench: <path> <op> <bytes> <ns per record>" lines.
 */
#include <crypto/aead.h>
#include <linux/module.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/timekeeping.h>

#include <aesni-gcm.h>

static unsigned int records = 2000;
module_param(records, uint, 0444);
MODULE_PARM_DESC(records, "records per measurement");

#define AD_LEN	16
#define MAX_LEN	2500

static const unsigned int lens[] = { 64, 1000, 1500, 2500 };

static void report(const char *path, const char *op, unsigned int len,
		   u64 t0, u64 t1)
{
	pr_info("gcm-bench: %s %s %u %llu\n", path, op, len,
		div_u64(t1 - t0, records));
}

static int bench_aead(u8 *buf, u8 *out, const u8 *key, const u8 *iv)
{
	struct crypto_aead *tfm = crypto_alloc_aead("gcm(aes)", 0, 0);
	struct aead_request *req;
	struct scatterlist sg, sg_out;
	unsigned int i, j;
	u8 ivc[12];
	u64 t0, t1;
	int err = 0;

	if (IS_ERR(tfm))
		return PTR_ERR(tfm);
	pr_info("gcm-bench: crypto_aead gcm(aes) is %s\n",
		crypto_tfm_alg_driver_name(crypto_aead_tfm(tfm)));
	req = aead_request_alloc(tfm, GFP_KERNEL);
	if (!req || crypto_aead_setkey(tfm, key, 16) ||
	    crypto_aead_setauthsize(tfm, 16)) {
		err = -EINVAL;
		goto out;
	}
	aead_request_set_callback(req, 0, NULL, NULL);
	for (i = 0; i < ARRAY_SIZE(lens); i++) {
		unsigned int len = lens[i];

		sg_init_one(&sg, buf, AD_LEN + len + 16);
		aead_request_set_ad(req, AD_LEN);
		for (j = 0; j < 2; j++) {	/* warm-up, then timed */
			unsigned int n = j ? records : 16, k;

			t0 = ktime_get_ns();
			for (k = 0; k < n; k++) {
				memcpy(ivc, iv, 12);
				aead_request_set_crypt(req, &sg, &sg, len, ivc);
				err |= crypto_aead_encrypt(req);
			}
			t1 = ktime_get_ns();
		}
		report("crypto_aead", "encrypt", len, t0, t1);
		/* the last encryption's output opens into @out */
		sg_init_one(&sg_out, out, AD_LEN + len);
		for (j = 0; j < 2; j++) {
			unsigned int n = j ? records : 16, k;

			t0 = ktime_get_ns();
			for (k = 0; k < n; k++) {
				memcpy(ivc, iv, 12);
				aead_request_set_crypt(req, &sg, &sg_out,
						       len + 16, ivc);
				err |= crypto_aead_decrypt(req);
			}
			t1 = ktime_get_ns();
		}
		report("crypto_aead", "decrypt", len, t0, t1);
	}
out:
	aead_request_free(req);
	crypto_free_aead(tfm);
	return err;
}

typedef int (*preparekey_fn)(struct aesni_gcm_key *, const u8 *, size_t,
			     size_t);
typedef void (*encrypt_fn)(u8 *, const u8 *, size_t, u8 *, const u8 *,
			   size_t, const u8 *, const struct aesni_gcm_key *);
typedef int (*decrypt_fn)(u8 *, const u8 *, size_t, const u8 *, const u8 *,
			  size_t, const u8 *, const struct aesni_gcm_key *);

static int bench_lib(u8 *buf, u8 *out, const u8 *raw, const u8 *iv)
{
	preparekey_fn preparekey = symbol_get(aesni_gcm_preparekey);
	encrypt_fn encrypt = symbol_get(aesni_gcm_encrypt);
	decrypt_fn decrypt = symbol_get(aesni_gcm_decrypt);
	struct aesni_gcm_key *key = kmalloc(sizeof(*key), GFP_KERNEL);
	unsigned int i, j, k, len, n;
	u64 t0 = 0, t1 = 0;
	int err = 0;

	if (!preparekey || !encrypt || !decrypt || !key) {
		pr_info("gcm-bench: no aesni_gcm library in this kernel\n");
		goto out;
	}
	if (preparekey(key, raw, 16, 16)) {
		err = -EINVAL;
		goto out;
	}
	for (i = 0; i < ARRAY_SIZE(lens); i++) {
		len = lens[i];
		for (j = 0; j < 2; j++) {
			n = j ? records : 16;
			t0 = ktime_get_ns();
			for (k = 0; k < n; k++)
				encrypt(buf + AD_LEN, buf + AD_LEN, len,
					buf + AD_LEN + len, buf, AD_LEN, iv,
					key);
			t1 = ktime_get_ns();
		}
		report("library", "encrypt", len, t0, t1);
		for (j = 0; j < 2; j++) {
			n = j ? records : 16;
			t0 = ktime_get_ns();
			for (k = 0; k < n; k++)
				err |= decrypt(out, buf + AD_LEN, len,
					       buf + AD_LEN + len, buf, AD_LEN,
					       iv, key);
			t1 = ktime_get_ns();
		}
		report("library", "decrypt", len, t0, t1);
	}
out:
	kfree(key);
	if (preparekey)
		symbol_put(aesni_gcm_preparekey);
	if (encrypt)
		symbol_put(aesni_gcm_encrypt);
	if (decrypt)
		symbol_put(aesni_gcm_decrypt);
	return err;
}

static int __init gcm_bench_init(void)
{
	u8 key[16] = { 1, 2, 3 }, iv[12] = { 4, 5, 6 };
	u8 *buf = kzalloc(AD_LEN + MAX_LEN + 16, GFP_KERNEL);
	u8 *out = kzalloc(AD_LEN + MAX_LEN, GFP_KERNEL);
	int err = -ENOMEM;

	if (buf && out)
		err = bench_aead(buf, out, key, iv);
	if (!err)
		err = bench_lib(buf, out, key, iv);
	pr_info("gcm-bench: done (%d)\n", err);
	kfree(buf);
	kfree(out);
	return err;
}

static void __exit gcm_bench_exit(void)
{
}

module_init(gcm_bench_init);
module_exit(gcm_bench_exit);
MODULE_DESCRIPTION("Per-record cost of AES-GCM: crypto_aead vs the aesni-intel library");
MODULE_LICENSE("GPL");
