// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * soak-nest: the concurrency soak's crypto user that finds the FPU in use
 * (vm/guest/soak.sh loads it next to aesni-intel.ko; a test helper, never
 * part of the driver).
 *
 * One kernel thread per online CPU (at most NR_NEST) submits gcm(aes) and
 * xts(aes) requests from inside a kernel FPU section, as a nested user
 * that interrupted one would: crypto_simd_usable() is false there, so the
 * SIMD wrapper must hand every request to cryptd, which runs it later in
 * a worker where the FPU is free.  Each result (encryption, then
 * decryption of the reference ciphertext, over two-piece scatterlists) is
 * compared with the kernel's generic implementation, run outside.
 *
 * Read-only parameters: requests (submitted inside an FPU section),
 * deferred (of those, answered asynchronously, i.e. queued to cryptd),
 * mismatches, errors, and the drivers used.
 */
#include <asm/fpu/api.h>
#include <crypto/aead.h>
#include <crypto/skcipher.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/random.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>

#define NR_NEST		4
#define MAX_LEN		4096
#define MAX_AAD		32
#define BUF_LEN		(MAX_AAD + MAX_LEN + 16)

static atomic_long_t requests, deferred, mismatches, errors;

static int get_counter(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%ld\n", atomic_long_read(kp->arg));
}

static const struct kernel_param_ops counter_ops = { .get = get_counter };
module_param_cb(requests, &counter_ops, &requests, 0444);
module_param_cb(deferred, &counter_ops, &deferred, 0444);
module_param_cb(mismatches, &counter_ops, &mismatches, 0444);
module_param_cb(errors, &counter_ops, &errors, 0444);

static char drivers[2 * CRYPTO_MAX_ALG_NAME + 2];
module_param_string(drivers, drivers, sizeof(drivers), 0444);
static unsigned int delay_us = 2000;
module_param(delay_us, uint, 0444);
MODULE_PARM_DESC(delay_us, "pause between rounds of each thread");

static struct task_struct *threads[NR_NEST];
static struct nest *nests[NR_NEST];

struct nest {
	struct crypto_aead *gcm, *gcm_ref;
	struct crypto_skcipher *xts, *xts_ref;
	u8 *src, *out, *ref, *back;
	struct scatterlist sg_src[2], sg_out[2], sg_ref[2], sg_back[2];
};

/* @sg as two pieces of @buf, split at a random point */
static struct scatterlist *two_pieces(struct scatterlist *sg, u8 *buf,
				      unsigned int len)
{
	unsigned int cut = len > 1 ? 1 + get_random_u32_below(len - 1) : len;

	sg_init_table(sg, 2);
	sg_set_buf(&sg[0], buf, cut);
	sg_set_buf(&sg[1], buf + cut, len - cut);
	if (len == cut)
		sg_init_one(sg, buf, len ? len : 1);
	return sg;
}

/*
 * Runs one request and waits for it.  @nested: submit it inside a kernel
 * FPU section, counting it and whether it was deferred.
 */
static int run(bool nested,
	       int (*submit)(void *req), void *req, struct crypto_wait *wait)
{
	int err;

	crypto_init_wait(wait);
	if (!nested)
		return crypto_wait_req(submit(req), wait);
	kernel_fpu_begin();
	err = submit(req);
	kernel_fpu_end();
	atomic_long_inc(&requests);
	if (err == -EINPROGRESS || err == -EBUSY)
		atomic_long_inc(&deferred);
	return crypto_wait_req(err, wait);
}

static int aead_enc(void *r) { return crypto_aead_encrypt(r); }
static int aead_dec(void *r) { return crypto_aead_decrypt(r); }
static int skc_enc(void *r) { return crypto_skcipher_encrypt(r); }
static int skc_dec(void *r) { return crypto_skcipher_decrypt(r); }

static int gcm_once(struct crypto_aead *tfm, bool nested,
		    bool enc, struct scatterlist *src, struct scatterlist *dst,
		    unsigned int len, unsigned int aadlen, const u8 *iv)
{
	struct aead_request *req = aead_request_alloc(tfm, GFP_KERNEL);
	DECLARE_CRYPTO_WAIT(wait);
	u8 ivbuf[12];
	int err;

	if (!req)
		return -ENOMEM;
	memcpy(ivbuf, iv, sizeof(ivbuf));
	aead_request_set_callback(req, CRYPTO_TFM_REQ_MAY_BACKLOG,
				  crypto_req_done, &wait);
	aead_request_set_crypt(req, src, dst, len, ivbuf);
	aead_request_set_ad(req, aadlen);
	err = run(nested, enc ? aead_enc : aead_dec, req, &wait);
	aead_request_free(req);
	return err;
}

static int xts_once(struct crypto_skcipher *tfm, bool nested,
		    bool enc, struct scatterlist *src, struct scatterlist *dst,
		    unsigned int len, const u8 *iv)
{
	struct skcipher_request *req = skcipher_request_alloc(tfm, GFP_KERNEL);
	DECLARE_CRYPTO_WAIT(wait);
	u8 ivbuf[16];
	int err;

	if (!req)
		return -ENOMEM;
	memcpy(ivbuf, iv, sizeof(ivbuf));
	skcipher_request_set_callback(req, CRYPTO_TFM_REQ_MAY_BACKLOG,
				      crypto_req_done, &wait);
	skcipher_request_set_crypt(req, src, dst, len, ivbuf);
	err = run(nested, enc ? skc_enc : skc_dec, req, &wait);
	skcipher_request_free(req);
	return err;
}

static void check(bool ok, const char *what, unsigned int len)
{
	if (ok)
		return;
	if (atomic_long_inc_return(&mismatches) <= 5)
		pr_err("soak-nest: %s differs from the generic result (len %u)\n",
		       what, len);
}

static void fail(int err, const char *what)
{
	if (atomic_long_inc_return(&errors) <= 5)
		pr_err("soak-nest: %s: error %d\n", what, err);
}

static void gcm_round(struct nest *n)
{
	unsigned int len = get_random_u32_below(MAX_LEN + 1);
	unsigned int aadlen = get_random_u32_below(MAX_AAD + 1);
	unsigned int keylen = 16 + 8 * get_random_u32_below(3);
	unsigned int tot = aadlen + len + 16;
	u8 key[32], iv[12];
	int err;

	get_random_bytes(key, keylen);
	get_random_bytes(iv, sizeof(iv));
	get_random_bytes(n->src, aadlen + len);
	err = crypto_aead_setkey(n->gcm, key, keylen) ?:
	      crypto_aead_setkey(n->gcm_ref, key, keylen);
	if (err)
		return fail(err, "gcm setkey");
	err = gcm_once(n->gcm_ref, false, true,
		       two_pieces(n->sg_src, n->src, aadlen + len),
		       two_pieces(n->sg_ref, n->ref, tot), len, aadlen, iv);
	if (err)
		return fail(err, "generic gcm encrypt");
	memset(n->out, 0, tot);
	err = gcm_once(n->gcm, true, true,
		       two_pieces(n->sg_src, n->src, aadlen + len),
		       two_pieces(n->sg_out, n->out, tot), len, aadlen, iv);
	if (err)
		return fail(err, "gcm encrypt");
	check(!memcmp(n->out + aadlen, n->ref + aadlen, len + 16),
	      "gcm encrypt", len);
	/* decrypt the reference ciphertext (with the AAD in front) */
	memcpy(n->ref, n->src, aadlen);
	memset(n->back, 0, tot);
	err = gcm_once(n->gcm, true, false,
		       two_pieces(n->sg_ref, n->ref, tot),
		       two_pieces(n->sg_back, n->back, aadlen + len),
		       len + 16, aadlen, iv);
	if (err)
		return fail(err, "gcm decrypt");
	check(!memcmp(n->back + aadlen, n->src + aadlen, len), "gcm decrypt",
	      len);
}

static void xts_round(struct nest *n)
{
	unsigned int len = 16 + get_random_u32_below(MAX_LEN - 15);
	unsigned int keylen = get_random_u32_below(2) ? 64 : 32;
	u8 key[64], iv[16];
	int err;

	get_random_bytes(key, keylen);
	get_random_bytes(iv, sizeof(iv));
	get_random_bytes(n->src, len);
	err = crypto_skcipher_setkey(n->xts, key, keylen) ?:
	      crypto_skcipher_setkey(n->xts_ref, key, keylen);
	if (err == -EINVAL)	/* equal halves, refused in FIPS mode */
		return;
	if (err)
		return fail(err, "xts setkey");
	err = xts_once(n->xts_ref, false, true,
		       two_pieces(n->sg_src, n->src, len),
		       two_pieces(n->sg_ref, n->ref, len), len, iv);
	if (err)
		return fail(err, "generic xts encrypt");
	err = xts_once(n->xts, true, true,
		       two_pieces(n->sg_src, n->src, len),
		       two_pieces(n->sg_out, n->out, len), len, iv);
	if (err)
		return fail(err, "xts encrypt");
	check(!memcmp(n->out, n->ref, len), "xts encrypt", len);
	err = xts_once(n->xts, true, false,
		       two_pieces(n->sg_ref, n->ref, len),
		       two_pieces(n->sg_back, n->back, len), len, iv);
	if (err)
		return fail(err, "xts decrypt");
	check(!memcmp(n->back, n->src, len), "xts decrypt", len);
}

static void nest_free(struct nest *n)
{
	kfree(n->src);
	kfree(n->out);
	kfree(n->ref);
	kfree(n->back);
	if (!IS_ERR_OR_NULL(n->gcm))
		crypto_free_aead(n->gcm);
	if (!IS_ERR_OR_NULL(n->gcm_ref))
		crypto_free_aead(n->gcm_ref);
	if (!IS_ERR_OR_NULL(n->xts))
		crypto_free_skcipher(n->xts);
	if (!IS_ERR_OR_NULL(n->xts_ref))
		crypto_free_skcipher(n->xts_ref);
	kfree(n);
}

static struct nest *nest_alloc(void)
{
	struct nest *n = kzalloc(sizeof(*n), GFP_KERNEL);

	if (!n)
		return ERR_PTR(-ENOMEM);
	n->src = kmalloc(BUF_LEN, GFP_KERNEL);
	n->out = kmalloc(BUF_LEN, GFP_KERNEL);
	n->ref = kmalloc(BUF_LEN, GFP_KERNEL);
	n->back = kmalloc(BUF_LEN, GFP_KERNEL);
	n->gcm = crypto_alloc_aead("gcm(aes)", 0, 0);
	n->gcm_ref = crypto_alloc_aead("gcm_base(ctr(aes-generic),ghash-generic)",
				       0, 0);
	n->xts = crypto_alloc_skcipher("xts(aes)", 0, 0);
	n->xts_ref = crypto_alloc_skcipher("xts(ecb(aes-generic))", 0, 0);
	if (!n->src || !n->out || !n->ref || !n->back || IS_ERR(n->gcm) ||
	    IS_ERR(n->gcm_ref) || IS_ERR(n->xts) || IS_ERR(n->xts_ref) ||
	    crypto_aead_setauthsize(n->gcm, 16) ||
	    crypto_aead_setauthsize(n->gcm_ref, 16)) {
		nest_free(n);
		return ERR_PTR(-ENOMEM);
	}
	return n;
}

static int nest_thread(void *data)
{
	struct nest *n = data;

	while (!kthread_should_stop()) {
		gcm_round(n);
		xts_round(n);
		usleep_range(delay_us, 2 * delay_us);
	}
	return 0;
}

static void soak_nest_stop(void)
{
	int i;

	for (i = 0; i < NR_NEST; i++) {
		if (threads[i])
			kthread_stop(threads[i]);
		if (nests[i])
			nest_free(nests[i]);
	}
}

static int __init soak_nest_init(void)
{
	int i, nr = min_t(int, num_online_cpus(), NR_NEST);

	for (i = 0; i < nr; i++) {
		nests[i] = nest_alloc();
		if (IS_ERR(nests[i])) {
			nests[i] = NULL;
			soak_nest_stop();
			pr_err("soak-nest: cannot allocate gcm(aes), xts(aes) and their generic references\n");
			return -ENODEV;
		}
	}
	snprintf(drivers, sizeof(drivers), "%s %s",
		 crypto_aead_driver_name(nests[0]->gcm),
		 crypto_skcipher_driver_name(nests[0]->xts));
	for (i = 0; i < nr; i++) {
		threads[i] = kthread_run(nest_thread, nests[i], "soak-nest/%d", i);
		if (IS_ERR(threads[i])) {
			threads[i] = NULL;
			soak_nest_stop();
			return -ENOMEM;
		}
	}
	return 0;
}

static void __exit soak_nest_exit(void)
{
	soak_nest_stop();
	pr_info("soak-nest: %ld requests from FPU sections, %ld deferred, %ld mismatches, %ld errors\n",
		atomic_long_read(&requests), atomic_long_read(&deferred),
		atomic_long_read(&mismatches), atomic_long_read(&errors));
}

module_init(soak_nest_init);
module_exit(soak_nest_exit);
MODULE_DESCRIPTION("aesni-intel soak: crypto requests from kernel FPU sections");
MODULE_LICENSE("GPL");
