// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gcm-demo: a module that seals and opens records through the AES-GCM
 * library of aesni-intel, written against mainline's <crypto/aes-gcm.h>
 * names and built through aesni-gcm-compat.h, as an out-of-tree user (a VPN
 * backport) would.  At load it seals records of several sizes in place (tag
 * after the data, as ESP does), opens them again, checks a published
 * answer, and checks that a record with one flipped bit is refused and its
 * plaintext wiped.  It prints one "gcm-demo: PASS/FAIL ..." line per check
 * and refuses to load if any failed.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <aesni-gcm-compat.h>

/* Wycheproof aes_gcm_test.json tcId 1: AES-128, no AAD, 16 bytes */
static const u8 kat_key[16] = {
	0x5b, 0x96, 0x04, 0xfe, 0x14, 0xea, 0xdb, 0xa9,
	0x31, 0xb0, 0xcc, 0xf3, 0x48, 0x43, 0xda, 0xb9 };
static const u8 kat_iv[12] = {
	0x02, 0x83, 0x18, 0xab, 0xc1, 0x82, 0x40, 0x29,
	0x13, 0x81, 0x41, 0xa2 };
static const u8 kat_pt[16] = {
	0x00, 0x1d, 0x0c, 0x23, 0x12, 0x87, 0xc1, 0x18,
	0x27, 0x84, 0x55, 0x4c, 0xa3, 0xa2, 0x19, 0x08 };
static const u8 kat_ct[32] = {
	0x26, 0x07, 0x3c, 0xc1, 0xd8, 0x51, 0xbe, 0xff,
	0x17, 0x63, 0x84, 0xdc, 0x98, 0x96, 0xd5, 0xff,
	0x0a, 0x3e, 0xa7, 0xa5, 0x48, 0x7c, 0xb5, 0xf7,
	0xd7, 0x0f, 0xb6, 0xc5, 0x8d, 0x03, 0x85, 0x54 };

static int failed;

static void check(bool ok, const char *what, size_t len)
{
	pr_info("gcm-demo: %s %s (%zu bytes)\n", ok ? "PASS" : "FAIL", what,
		len);
	failed |= !ok;
}

static int __init gcm_demo_init(void)
{
	static const size_t lens[] = { 0, 1, 64, 1000, 1500, 2500, 9000 };
	struct aes_gcm_key *key;
	u8 ad[16], nonce[12], buf[32], *rec;
	unsigned int i, j;
	bool same;

	key = kmalloc(sizeof(*key), GFP_KERNEL);
	rec = kmalloc(9000 + 16, GFP_KERNEL);
	if (!key || !rec)
		goto nomem;

	if (aes_gcm_preparekey(key, kat_key, 16, 16))
		goto fail;
	aes_gcm_encrypt(buf, kat_pt, 16, buf + 16, NULL, 0, kat_iv, key);
	check(!memcmp(buf, kat_ct, 32), "published answer (Wycheproof 1)", 16);
	check(aes_gcm_preparekey(key, kat_key, 20, 16) == -EINVAL,
	      "20-byte key refused", 20);

	for (i = 0; i < 16; i++)
		ad[i] = i;
	memset(nonce, 0x42, sizeof(nonce));
	if (aes_gcm_preparekey(key, kat_key, 16, 16))
		goto fail;
	for (i = 0; i < ARRAY_SIZE(lens); i++) {
		size_t len = lens[i];

		for (j = 0; j < len; j++)
			rec[j] = j * 7 + 1;
		nonce[11] = i;
		aes_gcm_encrypt(rec, rec, len, rec + len, ad, sizeof(ad),
				nonce, key);
		check(!aes_gcm_decrypt(rec, rec, len, rec + len, ad,
				       sizeof(ad), nonce, key),
		      "record sealed and opened in place", len);
		same = false;
		for (j = 0; j < len; j++)
			same |= rec[j] != (u8)(j * 7 + 1);
		check(!same, "plaintext back", len);
		aes_gcm_encrypt(rec, rec, len, rec + len, ad, sizeof(ad),
				nonce, key);
		rec[len + 15] ^= 0x80;
		check(aes_gcm_decrypt(rec, rec, len, rec + len, ad,
				      sizeof(ad), nonce, key) == -EBADMSG &&
		      !memchr_inv(rec, 0, len),
		      "forged tag refused, plaintext wiped", len);
	}
	memzero_explicit(key, sizeof(*key));
	kfree(key);
	kfree(rec);
	return failed ? -EBADMSG : 0;
fail:
	check(false, "aes_gcm_preparekey", 16);
nomem:
	kfree(key);
	kfree(rec);
	return -ENOMEM;
}

static void __exit gcm_demo_exit(void)
{
}

module_init(gcm_demo_init);
module_exit(gcm_demo_exit);
MODULE_DESCRIPTION("Seals and opens records through the aesni-intel AES-GCM library");
MODULE_LICENSE("GPL");
