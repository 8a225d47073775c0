// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The AES ceiling: how fast this CPU can issue AES round instructions at
 * all, measured, so that the benchmark can say how close a long message's
 * throughput comes to it.  No implementation of ECB, CBC decryption, CTR,
 * XCTR, XTS or GCM can run faster than its AES rounds issue: a message of b
 * vectors (of the implementation's width) needs b * (key bits / 32 + 6) of
 * them (aesenc or aesdec, the last round included), whatever else it does
 * beside them.  Where ours and the
 * peer both reach 95 % or more of that, a ratio between them has almost no
 * room to move, and a goal above 1.0 + the gap left cannot be reached.
 *
 * aes_ticks_per_insn(vl): TSC ticks per AES round instruction on vl-byte
 * vectors (16 legacy SSE aesenc, 32 and 64 vaesenc), from 12 independent
 * chains (more than the latency x issue width in flight that Zen 4 needs,
 * 4 x 2; it reads 2, 2 and 1 per cycle), the fastest of 7 timings.
 * core_cycles_per_tick(): the core clock over the TSC rate, from a chain of
 * dependent 64-bit imuls (3 cycles each on every Intel and AMD core since
 * Nehalem and Zen; not adds of an immediate, which Golden Cove and later
 * fold at rename: on Sapphire Rapids such a chain read 6.4 "cycles" per
 * TSC tick); the bench prints it beside the TSC rate.  The caller checks
 * the CPU features first.
 */
#include <x86intrin.h>

#include "ceiling.h"

#define ITERS		200000
#define CHAINS		12		/* instructions per iteration */
#define TIMINGS		7
#define IMUL_LATENCY	3		/* cycles, r64 * r64 */

/* n times: registers 0..11, each one AES round on itself, register 12 the key */
#define AES_LOOP(insn, args)						\
	"1:\n\t"							\
	".irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11\n\t"		\
	insn " " args "\n\t"						\
	".endr\n\t"							\
	"dec %0\n\t"							\
	"jnz 1b\n\t"

#define CLOBBERS "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", \
	"xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "memory"

static unsigned long long time_aes(int vl)
{
	unsigned long long t0 = __rdtsc();
	long n = ITERS;

	if (vl == 16)		/* legacy SSE, as the aesni code runs it */
		asm volatile(AES_LOOP("aesenc", "%%xmm12, %%xmm\\i")
			     : "+r"(n) : : CLOBBERS);
	else if (vl == 32)
		asm volatile(AES_LOOP("vaesenc", "%%ymm12, %%ymm\\i, %%ymm\\i")
			     "vzeroupper" : "+r"(n) : : CLOBBERS);
	else
		asm volatile(AES_LOOP("vaesenc", "%%zmm12, %%zmm\\i, %%zmm\\i")
			     "vzeroupper" : "+r"(n) : : CLOBBERS);
	return __rdtsc() - t0;
}

double aes_ticks_per_insn(int vl)
{
	unsigned long long best = ~0ULL;

	for (int t = 0; t < TIMINGS; t++) {
		unsigned long long d = time_aes(vl);

		if (d < best)
			best = d;
	}
	return (double)best / ((double)ITERS * CHAINS);
}

double core_cycles_per_tick(void)
{
	unsigned long long best = ~0ULL;

	for (int t = 0; t < TIMINGS; t++) {
		unsigned long long t0 = __rdtsc();
		long n = ITERS * 10, x = 1;

		asm volatile("1:\n\t"
			     "imul %0, %0\n\t"
			     "imul %0, %0\n\t"
			     "imul %0, %0\n\t"
			     "imul %0, %0\n\t"
			     "dec %1\n\t"
			     "jnz 1b"
			     : "+r"(x), "+r"(n));
		t0 = __rdtsc() - t0;
		if (t0 < best)
			best = t0;
	}
	return ITERS * 10 * 4.0 * IMUL_LATENCY / best;
}
