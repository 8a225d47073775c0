// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The user-space platform of the test driver (tests/common/platform.h):
 * guard pages around every buffer, OpenSSL as an independent oracle, and the
 * Wycheproof vectors (converted to text by wycheproof2txt.py at test time).
 *
 * Environment:
 *	SEED=n		the PRNG seed (default: from the clock; always printed)
 *	CASES=n		random cases per implementation and mode (100000)
 *	MAXLEN=n	longest random message (65536)
 *	WYCHEPROOF_TXT=dir	the converted vectors (set by the Makefile)
 * An implementation whose features /proc/cpuinfo lists must run (else FAIL).
 *	CORRUPT=xts:<impl> or gcm:<impl>	break that implementation's
 *			output on purpose, to prove the tests can fail
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>

#include "platform.h"
#include "cpu.h"

/* ------------------------------------------------------------------------
 * Buffers: each slot is mapped between two inaccessible pages.
 */

static struct {
	u8 *start;
	size_t size;
} slots[TEST_BUF_SLOTS];

static void map_slots(size_t max_len)
{
	size_t page = sysconf(_SC_PAGESIZE);
	size_t size = (max_len + TEST_BUF_SLACK + page - 1) / page * page;
	unsigned int i;
	u8 *p;

	for (i = 0; i < TEST_BUF_SLOTS; i++) {
		p = mmap(NULL, size + 2 * page, PROT_NONE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED ||
		    mprotect(p + page, size, PROT_READ | PROT_WRITE)) {
			perror("mmap");
			exit(1);
		}
		slots[i].start = p + page;
		slots[i].size = size;
	}
}

static u8 *user_buf(unsigned int slot, size_t len, bool guard_before)
{
	if (slot >= TEST_BUF_SLOTS || len > slots[slot].size) {
		fprintf(stderr, "bad buffer request: slot %u, %zu bytes\n",
			slot, len);
		abort();
	}
	if (guard_before)
		return slots[slot].start;
	return slots[slot].start + slots[slot].size - len;
}

/* ------------------------------------------------------------------------
 * OpenSSL oracles
 */

/* EVP_CIPHER, spelt as the struct it names */
static struct evp_cipher_st *xts128, *xts256, *gcm128, *gcm192, *gcm256;

static void fetch_ciphers(void)
{
	xts128 = EVP_CIPHER_fetch(NULL, "AES-128-XTS", NULL);
	xts256 = EVP_CIPHER_fetch(NULL, "AES-256-XTS", NULL);
	gcm128 = EVP_CIPHER_fetch(NULL, "AES-128-GCM", NULL);
	gcm192 = EVP_CIPHER_fetch(NULL, "AES-192-GCM", NULL);
	gcm256 = EVP_CIPHER_fetch(NULL, "AES-256-GCM", NULL);
	if (!xts128 || !xts256 || !gcm128 || !gcm192 || !gcm256) {
		fprintf(stderr, "OpenSSL lacks AES-XTS or AES-GCM\n");
		exit(1);
	}
}

static void ossl_fail(const char *what)
{
	fprintf(stderr, "OpenSSL %s failed\n", what);
	exit(1);
}

static bool ossl_xts(bool enc, const u8 *key, unsigned int keylen,
		     const u8 iv[16], const u8 *src, u8 *dst,
		     size_t len)
{
	const EVP_CIPHER *c = keylen == 16 ? xts128 :
			      keylen == 32 ? xts256 : NULL;
	EVP_CIPHER_CTX *ctx;
	int n;

	if (!c)
		return false;	/* OpenSSL has no XTS-AES-192 */
	ctx = EVP_CIPHER_CTX_new();
	if (!ctx || !EVP_CipherInit_ex(ctx, c, NULL, key, iv, enc) ||
	    !EVP_CipherUpdate(ctx, dst, &n, src, len))
		ossl_fail("XTS");
	EVP_CIPHER_CTX_free(ctx);
	return true;
}

static bool ossl_gcm(const u8 *key, unsigned int keylen,
		     const u8 iv[12], const u8 *aad, size_t aadlen,
		     const u8 *src, u8 *dst, size_t len,
		     u8 tag[16])
{
	const EVP_CIPHER *c = keylen == 16 ? gcm128 :
			      keylen == 24 ? gcm192 : gcm256;
	EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
	int n;

	if (!ctx || !EVP_EncryptInit_ex(ctx, c, NULL, key, iv) ||
	    (aadlen && !EVP_EncryptUpdate(ctx, NULL, &n, aad, aadlen)) ||
	    (len && !EVP_EncryptUpdate(ctx, dst, &n, src, len)) ||
	    !EVP_EncryptFinal_ex(ctx, dst + len, &n) ||
	    !EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, 16, tag))
		ossl_fail("GCM");
	EVP_CIPHER_CTX_free(ctx);
	return true;
}

/*
 * ECB, CBC, CTR (OpenSSL increments the whole 128-bit counter block) and
 * CBC-CS3, by name: "AES-128-" + "ECB", "CBC", "CTR" or "CBC-CTS".
 */
static bool ossl_mode(const char *mode, bool enc, const u8 *key,
		      unsigned int keylen, const u8 iv[16], const u8 *src,
		      u8 *dst, size_t len)
{
	static struct evp_cipher_st *cache[4][3];
	static const char *const modes[4] = { "ecb", "cbc", "ctr", "cts" };
	static const char *const names[4] = { "ECB", "CBC", "CTR", "CBC-CTS" };
	OSSL_PARAM params[2] = { OSSL_PARAM_END, OSSL_PARAM_END };
	unsigned int m, k = keylen / 8 - 2;
	char name[32];
	EVP_CIPHER_CTX *ctx;
	int n, fin;

	for (m = 0; m < 4 && strcmp(mode, modes[m]); m++)
		;
	if (m == 4 || k > 2)
		return false;
	snprintf(name, sizeof(name), "AES-%u-%s", keylen * 8, names[m]);
	if (!cache[m][k]) {
		cache[m][k] = EVP_CIPHER_fetch(NULL, name, NULL);
		if (!cache[m][k])
			ossl_fail(name);
	}
	if (m == 3)
		params[0] = OSSL_PARAM_construct_utf8_string(
			OSSL_CIPHER_PARAM_CTS_MODE, "CS3", 0);
	ctx = EVP_CIPHER_CTX_new();
	if (!ctx || !EVP_CipherInit_ex2(ctx, cache[m][k], key, iv, enc,
					params) ||
	    !EVP_CIPHER_CTX_set_padding(ctx, 0) ||
	    !EVP_CipherUpdate(ctx, dst, &n, src, len) ||
	    !EVP_CipherFinal_ex(ctx, dst + n, &fin) ||
	    (size_t)(n + fin) != len)
		ossl_fail(name);
	EVP_CIPHER_CTX_free(ctx);
	return true;
}

/* ------------------------------------------------------------------------
 * Wycheproof: one case per line, "tcId valid key iv aad msg ct tag", hex,
 * "-" for an empty field (see wycheproof2txt.py).
 */

static unsigned int unhex(const char *s, u8 *out)
{
	unsigned int n = 0;
	char byte[3] = { 0 };

	if (!strcmp(s, "-"))
		return 0;
	for (; s[0] && s[1]; s += 2) {
		byte[0] = s[0];
		byte[1] = s[1];
		out[n++] = strtoul(byte, NULL, 16);
	}
	return n;
}

static int user_wycheproof_each(const char *file,
				void (*fn)(const struct wp_case *c, void *ctx),
				void *ctx)
{
	const char *dir = getenv("WYCHEPROOF_TXT");
	char *line = NULL, *field[8], *save;
	size_t cap = 0;
	int count = 0, i;
	ssize_t linelen;
	char path[4096];
	u8 *bytes;
	FILE *f;

	if (!dir)
		return -1;
	snprintf(path, sizeof(path), "%s/%s.txt", dir, file);
	f = fopen(path, "r");
	if (!f)
		return -1;
	while ((linelen = getline(&line, &cap, f)) > 0) {
		struct wp_case c = { 0 };
		u8 *p;

		for (i = 0; i < 8; i++) {
			field[i] = strtok_r(i ? NULL : line, "\n ", &save);
			if (!field[i]) {
				fprintf(stderr, "%s: bad line\n", path);
				exit(1);
			}
		}
		bytes = malloc(linelen);	/* more than all fields / 2 */
		if (!bytes)
			exit(1);
		p = bytes;
		c.tc_id = strtoul(field[0], NULL, 10);
		c.valid = field[1][0] == '1';
		c.key = p;
		p += c.keylen = unhex(field[2], p);
		c.iv = p;
		p += c.ivlen = unhex(field[3], p);
		c.aad = p;
		p += c.aadlen = unhex(field[4], p);
		c.msg = p;
		p += c.msglen = unhex(field[5], p);
		c.ct = p;
		p += c.ctlen = unhex(field[6], p);
		c.tag = p;
		c.taglen = unhex(field[7], p);
		fn(&c, ctx);
		free(bytes);
		count++;
	}
	free(line);
	fclose(f);
	return count;
}

/* ------------------------------------------------------------------------
 * main
 */

static void on_fault(int sig)
{
	printf("\n");
	test_report_crash();
	printf("  killed by signal %d (%s)\n", sig, strsignal(sig));
	fflush(stdout);
	_exit(2);
}

static unsigned long long env_num(const char *name, unsigned long long def)
{
	const char *s = getenv(name);

	return s && *s ? strtoull(s, NULL, 0) : def;
}

/*
 * The features the kernel reports (first "flags" line of /proc/cpuinfo):
 * what CPUID must agree with, so that an implementation is never skipped
 * on a CPU that has what it needs.
 */
static unsigned int kernel_cpu_features(void)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	unsigned int feats = 0;
	char line[8192];

	if (!f) {
		perror("/proc/cpuinfo");
		exit(1);
	}
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "flags", 5) && strchr(line, ':')) {
			feats = cpu_features_from_flags(strchr(line, ':') + 1);
			break;
		}
	fclose(f);
	return feats;
}

int main(void)
{
	struct test_platform p = {
		.name = "user space (OpenSSL oracle, guard pages)",
		.buf = user_buf,
		.xts_oracle = ossl_xts,
		.gcm_oracle = ossl_gcm,
		.mode_oracle = ossl_mode,
		.wycheproof_each = user_wycheproof_each,
	};
	struct timespec ts;
	unsigned int failed;

	setvbuf(stdout, NULL, _IOLBF, 0);
	clock_gettime(CLOCK_REALTIME, &ts);
	p.seed = env_num("SEED", (unsigned long long)ts.tv_sec * 1000000007ULL ^
			 ts.tv_nsec);
	p.random_cases = env_num("CASES", 100000);
	p.max_random_len = env_num("MAXLEN", 65536);
	if (p.max_random_len < 16)
		p.max_random_len = 16;
	p.corrupt = getenv("CORRUPT");
	p.expect_feats = kernel_cpu_features();
	signal(SIGSEGV, on_fault);
	signal(SIGBUS, on_fault);
	signal(SIGILL, on_fault);
	signal(SIGFPE, on_fault);
	map_slots(TEST_BUF_MAX(p.max_random_len));
	fetch_ciphers();

	failed = run_tests(&p);
	return failed ? 1 : 0;
}
