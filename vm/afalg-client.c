// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * afalg-client: replay test cases against one kernel crypto driver through
 * AF_ALG, addressed by its driver name (e.g. "gcm-aes-aesni-avx"), and
 * compare every result with the expected one computed on the host by
 * gen-cases (OpenSSL).  Runs inside the test VM: static, libc only.
 *
 *   afalg-client CASEFILE KIND DRIVER
 *
 * runs the cases of KIND (gcm, rfc4106, xts, ecb, cbc, cts, ctr, xctr or
 * fscrypt, the last three skciphers like xts) of CASEFILE.  A case is one
 * line of space-separated fields, '-' standing for an empty hex string:
 *
 *   KIND OP KEY IV AAD INPUT AUTHSIZE EXPECT
 *
 * OP is enc or dec; AAD (also the assoclen) is empty but for the AEADs
 * gcm and rfc4106, as is the IV for ecb; for rfc4106
 * it ends with the 8 IV bytes, as the kernel's rfc4106 API wants.  EXPECT
 * is the output after the AAD (ciphertext||tag or plaintext) in hex, or
 * the name of the error some step must fail with (EINVAL, EBADMSG).
 *
 * Prints one line per failing case (up to 10), naming the driver, the case's
 * line and its shape, and a summary; exits 1 if any case failed.
 *
 * AFALG_FAULTS=1 (kunit/fault-inject.sh, with allocation failures injected
 * into the driver): each result lands at a different offset before a page
 * boundary, so that blocks straddle pages (the walk's slow path allocates),
 * and a case may also fail with ENOMEM, which is counted, not failed.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <linux/if_alg.h>

#ifndef SOL_ALG
#define SOL_ALG 279
#endif

#define MAX_LINE	(128 * 1024)
#define MAX_DATA	(MAX_LINE / 2)
#define MAX_REPORTS	10
#define PAGE		4096

static int faults;		/* AFALG_FAULTS=1 */
static int enomem;		/* cases refused with ENOMEM */

struct tcase {
	char kind[16], op[8], expect_err[16];
	unsigned char key[80], iv[16], aad[64];
	unsigned char *in, *expect;
	size_t keylen, ivlen, aadlen, inlen, expectlen;
	unsigned int authsize;
};

static int unhex(const char *s, unsigned char *out, size_t max, size_t *len)
{
	size_t n = 0;

	if (!strcmp(s, "-")) {
		*len = 0;
		return 0;
	}
	for (; s[0] && s[1]; s += 2) {
		unsigned int b;

		if (n == max || sscanf(s, "%2x", &b) != 1)
			return -1;
		out[n++] = b;
	}
	*len = n;
	return *s ? -1 : 0;
}

/* Splits a case line; returns 0, or -1 on a malformed line. */
static int parse_case(char *line, struct tcase *c)
{
	char *f[8], *save = NULL;
	int i;

	for (i = 0; i < 8; i++) {
		f[i] = strtok_r(i ? NULL : line, "\n ", &save);
		if (!f[i])
			return -1;
	}
	snprintf(c->kind, sizeof(c->kind), "%s", f[0]);
	snprintf(c->op, sizeof(c->op), "%s", f[1]);
	c->authsize = atoi(f[6]);
	c->expect_err[0] = 0;
	c->expectlen = 0;
	if (f[7][0] == 'E')
		snprintf(c->expect_err, sizeof(c->expect_err), "%s", f[7]);
	else if (unhex(f[7], c->expect, MAX_DATA, &c->expectlen))
		return -1;
	if (unhex(f[2], c->key, sizeof(c->key), &c->keylen) ||
	    unhex(f[3], c->iv, sizeof(c->iv), &c->ivlen) ||
	    unhex(f[4], c->aad, sizeof(c->aad), &c->aadlen) ||
	    unhex(f[5], c->in, MAX_DATA, &c->inlen))
		return -1;
	return 0;
}

/*
 * Runs one case.  Returns the output length, or -errno with *step naming
 * the step that failed.
 */
static long run_case(const struct tcase *c, const char *driver,
		     unsigned char *out, const char **step)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG };
	int aead = !strcmp(c->kind, "gcm") || !strcmp(c->kind, "rfc4106");
	int enc = !strcmp(c->op, "enc");
	char cbuf[CMSG_SPACE(sizeof(int)) +
		  CMSG_SPACE(sizeof(struct af_alg_iv) + 16) +
		  CMSG_SPACE(sizeof(unsigned int))] = { 0 };
	struct iovec iov[2] = {
		{ .iov_base = (void *)c->aad, .iov_len = c->aadlen },
		{ .iov_base = c->in, .iov_len = c->inlen },
	};
	struct msghdr msg = {
		.msg_iov = iov, .msg_iovlen = 2,
		.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
	};
	struct cmsghdr *cm;
	struct af_alg_iv *aiv;
	size_t outlen = c->aadlen + c->inlen;
	long ret = -1;
	int tfm, op = -1;

	if (aead)
		outlen = enc ? outlen + c->authsize : outlen - c->authsize;
	if (!aead)
		msg.msg_controllen -= CMSG_SPACE(sizeof(unsigned int));
	snprintf((char *)sa.salg_type, sizeof(sa.salg_type), "%s",
		 aead ? "aead" : "skcipher");
	snprintf((char *)sa.salg_name, sizeof(sa.salg_name), "%s", driver);

	*step = "socket";
	tfm = socket(AF_ALG, SOCK_SEQPACKET, 0);
	if (tfm < 0)
		return -errno;
	*step = "bind";
	if (bind(tfm, (struct sockaddr *)&sa, sizeof(sa)))
		goto out;
	*step = "setkey";
	if (setsockopt(tfm, SOL_ALG, ALG_SET_KEY, c->key, c->keylen))
		goto out;
	*step = "authsize";
	if (aead && setsockopt(tfm, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL,
			       c->authsize))
		goto out;
	*step = "accept";
	op = accept(tfm, NULL, 0);
	if (op < 0)
		goto out;

	cm = CMSG_FIRSTHDR(&msg);
	cm->cmsg_level = SOL_ALG;
	cm->cmsg_type = ALG_SET_OP;
	cm->cmsg_len = CMSG_LEN(sizeof(int));
	*(int *)CMSG_DATA(cm) = enc ? ALG_OP_ENCRYPT : ALG_OP_DECRYPT;
	cm = CMSG_NXTHDR(&msg, cm);
	cm->cmsg_level = SOL_ALG;
	cm->cmsg_type = ALG_SET_IV;
	cm->cmsg_len = CMSG_LEN(sizeof(struct af_alg_iv) + 16);
	aiv = (struct af_alg_iv *)CMSG_DATA(cm);
	aiv->ivlen = c->ivlen;
	memcpy(aiv->iv, c->iv, c->ivlen);
	if (aead) {
		cm = CMSG_NXTHDR(&msg, cm);
		cm->cmsg_level = SOL_ALG;
		cm->cmsg_type = ALG_SET_AEAD_ASSOCLEN;
		cm->cmsg_len = CMSG_LEN(sizeof(unsigned int));
		*(unsigned int *)CMSG_DATA(cm) = c->aadlen;
	}
	*step = "sendmsg";
	if (sendmsg(op, &msg, 0) != (ssize_t)(c->aadlen + c->inlen))
		goto out;
	/*
	 * A zero-length read returns 0 without asking the socket, so an empty
	 * result still gets a 1-byte buffer.  A longer buffer would make the
	 * kernel wait for more input: never offer more than that.
	 */
	*step = "recv";
	ret = recv(op, out, outlen ? outlen : 1, MSG_DONTWAIT);
	if (ret >= 0 && (size_t)ret != outlen) {
		errno = EIO;	/* short read: report it as an error */
		ret = -1;
	}
out:
	if (ret < 0)
		ret = -errno;
	if (op >= 0)
		close(op);
	close(tfm);
	return ret;
}

static const char *errname(long err)
{
	switch (-err) {
	case EINVAL: return "EINVAL";
	case EBADMSG: return "EBADMSG";
	case ENOENT: return "ENOENT";
	case EIO: return "EIO(short read)";
	case ENOMEM: return "ENOMEM";
	default: return "other";
	}
}

/* Returns 0 if the case gave its expected result, else prints why. */
static int check_case(const struct tcase *c, const char *driver, int lineno,
		      unsigned char *out)
{
	const char *step = "";
	long ret = run_case(c, driver, out, &step);
	size_t skip = c->aadlen, i;
	char shape[160];

	if (ret < 0 && (!strcmp(step, "socket") || !strcmp(step, "bind"))) {
		printf("  cannot use driver %s: %s: %s\n",
		       driver, step, strerror(-ret));
		exit(1);
	}

	if (faults && ret == -ENOMEM) {
		enomem++;
		return 0;
	}
	snprintf(shape, sizeof(shape),
		 "%s line %d: %s %s keylen=%zu aadlen=%zu len=%zu authsize=%u",
		 driver, lineno, c->kind, c->op, c->keylen, c->aadlen,
		 c->inlen, c->authsize);
	if (c->expect_err[0]) {
		if (ret < 0 && !strcmp(errname(ret), c->expect_err))
			return 0;
		printf("  case failed: %s: want %s, got %s%s (%s)\n", shape,
		       c->expect_err, ret < 0 ? "-" : "success",
		       ret < 0 ? errname(ret) : "", step);
		return 1;
	}
	if (ret < 0) {
		printf("  case failed: %s: %s failed: %s (%ld)\n", shape, step,
		       errname(ret), ret);
		return 1;
	}
	for (i = 0; i < c->expectlen; i++)
		if (out[skip + i] != c->expect[i])
			break;
	if (i == c->expectlen && (size_t)ret == skip + c->expectlen)
		return 0;
	printf("  case failed: %s: output differs from OpenSSL at byte %zu of %zu\n",
	       shape, i, c->expectlen);
	return 1;
}

int main(int argc, char **argv)
{
	static char line[MAX_LINE];
	static unsigned char in[MAX_DATA], expect[MAX_DATA], out[MAX_DATA + 256];
	static unsigned char straddle[MAX_DATA + 2 * PAGE]
		__attribute__((aligned(PAGE)));
	const char *env = getenv("AFALG_FAULTS");
	struct tcase c = { .in = in, .expect = expect };
	int lineno = 0, run = 0, failed = 0;
	size_t kindlen;
	FILE *f;

	if (argc != 4) {
		fprintf(stderr, "usage: %s CASEFILE KIND DRIVER\n",
			argv[0]);
		return 2;
	}
	f = fopen(argv[1], "r");
	if (!f) {
		perror(argv[1]);
		return 2;
	}
	kindlen = strlen(argv[2]);
	faults = env && !strcmp(env, "1");
	while (fgets(line, sizeof(line), f)) {
		lineno++;
		if (strncmp(line, argv[2], kindlen) || line[kindlen] != ' ')
			continue;
		if (parse_case(line, &c)) {
			printf("  malformed case: %s line %d\n",
			       argv[1], lineno);
			return 2;
		}
		run++;
		if (check_case(&c, argv[3], lineno, faults ?
			       straddle + PAGE - 1 - (lineno * 29) % 255 : out) &&
		    ++failed == MAX_REPORTS)
			break;
	}
	fclose(f);
	if (faults)
		printf("afalg %s: %d cases, %d failed, %d ENOMEM\n", argv[3],
		       run, failed, enomem);
	else
		printf("afalg %s: %d cases, %d failed\n", argv[3], run, failed);
	return failed || !run;
}
