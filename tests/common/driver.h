/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Internals of the test driver shared by its parts: the PRNG, the tallies
 * behind the summary lines, and the description of one test case that a
 * failure (or a crash) prints as the reproducer.
 */
#ifndef _TESTS_DRIVER_H
#define _TESTS_DRIVER_H

#include "platform.h"
#include "aesni-intel.h"

#define MAX_SPLIT	6	/* calls one message may be split into */
#define MAX_SHOWN_FAILS	3	/* reproducers printed per summary line */

/* splitmix64, seeded from test_platform.seed */
u64 rng_next(void);
unsigned int rng_below(unsigned int n);
void rng_bytes(u8 *p, size_t n);

/*
 * One test case as a reproducer prints it.  off = -1 means "flush against
 * the guard after the buffer", otherwise the offset from a buffer that
 * starts right after a guard.
 */
struct test_case {
	const char *origin;		/* NULL: "case" (random, this seed) */
	unsigned long index;		/* case number, or the vector's tcId */
	unsigned int keylen;		/* AES key bytes (XTS: per half) */
	unsigned int len, aadlen, taglen;
	u32 ctr;			/* GCM's first block counter */
	int src_off, dst_off;
	bool in_place;
	unsigned int nsplit, split[MAX_SPLIT];	/* data call lengths */
	unsigned int nasplit, asplit[MAX_SPLIT];	/* AAD call lengths */
	const char *flip;		/* tampered part: "tag", "ct", "aad" */
	unsigned int flip_bit;
	/* GCM one-shot call: also where its AAD and tag lie */
	bool oneshot;
	int aad_off, tag_off;
	bool null_empty;		/* NULL for an empty AAD or data */
};

/* What went wrong in one case: where the output first differs, if it does */
struct failure {
	struct test_case tc;
	const char *what;
	long at;			/* -1: no byte comparison */
	u8 got, want;
};

/* The result of one summary line. */
struct tally {
	char name[64];
	unsigned long cases, failures;
	bool case_failed;		/* the current case already failed */
	struct failure smallest;	/* failure with the shortest input */
};

void tally_init(struct tally *t, const char *a, const char *b,
		const char *c, const char *d);
/* Starts one case of @t (the checks below then belong to it). */
void tally_case(struct tally *t);
/* Checks @got == @want; on a difference records and prints the failure. */
bool tally_expect(struct tally *t, const struct test_case *tc,
		  const char *what, const u8 *got, const u8 *want, size_t n);
/* Checks @ok; otherwise records and prints the failure @what. */
bool tally_true(struct tally *t, const struct test_case *tc,
		const char *what, bool ok);
/* Prints the summary line (after the smallest reproducer, if failed). */
void tally_report(struct tally *t);
/* Prints "<name>: SKIPPED (<reason>)" and counts it. */
void report_skip(const char *name, const char *detail, const char *reason);
/*
 * For an implementation that needs CPU features @feats and cannot run
 * (@reason): SKIPPED if the platform does not vouch for all of @feats
 * (test_platform.expect_feats), else FAIL: it should have run here.
 */
void report_unavailable(const char *name, const char *detail,
			unsigned int feats, const char *reason);

/* Shared with modes.c (see driver.c) */
extern const char *const key_names[3];		/* "aes128" ... */
extern const unsigned int key_lens[3];		/* 16, 24, 32 */
int key_index(unsigned int keylen);
unsigned int rand_len(unsigned int min, unsigned int max);
u8 *place(unsigned int slot, size_t len, int off);
void random_layout(struct test_case *tc);
void walk_layout(struct test_case *tc, unsigned int i);
unsigned int random_splits(unsigned int *split, unsigned int len, bool xts);
void set_current(const struct tally *t, const struct test_case *tc);
enum { SLOT_PT, SLOT_CT, SLOT_SRC, SLOT_DST, SLOT_AAD, SLOT_AAD2, SLOT_TAG };

/* ECB, CBC, CTS-CBC, CTR, XCTR and single blocks (modes.c) */
void test_modes(const struct test_platform *p);

#endif /* _TESTS_DRIVER_H */
