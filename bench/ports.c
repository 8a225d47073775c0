// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Which vector instructions share the AES pipes: 8 independent chains of
 * zmm vaesenc per iteration, alone and with other independent zmm
 * instructions beside them, in core cycles per iteration (8.0 alone on a
 * CPU that issues one zmm vaesenc per cycle).  An instruction that adds
 * nothing runs beside the AES rounds; one that adds a cycle per instance
 * takes an AES slot.  This is what the XTS zmm tweak update's two forms
 * were chosen by (aes-xts-avx-x86_64.S, "Vendor forms").  The core clock
 * comes from ceiling.c's chain of dependent imuls.
 *
 *   make -C bench ports && taskset -c 1 build/bench/ports
 *
 * Needs VAES and AVX-512F; prints SKIPPED otherwise.
 */
#include <stdio.h>
#include <x86intrin.h>

#include "ceiling.h"
#include "cpu.h"

#define ITERS	100000
#define ARRAY_SIZE(a)	((int)(sizeof(a) / sizeof((a)[0])))
#define TIMINGS	7

#define AES8	".irp i, 0, 1, 2, 3, 4, 5, 6, 7\n\t"			\
		"vaesenc %%zmm16, %%zmm\\i, %%zmm\\i\n\t.endr\n\t"
/* 4 independent instances of op on zmm8..zmm11 (or zmm12..zmm15) */
#define X4(op)	".irp i, 8, 9, 10, 11\n\t" op "\n\t.endr\n\t"
#define Y4(op)	".irp i, 12, 13, 14, 15\n\t" op "\n\t.endr\n\t"

#define CLOBBERS "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", \
	"xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", \
	"xmm15", "xmm16", "xmm17", "xmm18", "memory"
#define LOOP(body)							\
	({ asm volatile("1:\n\t" body "dec %0\n\tjnz 1b\n\tvzeroupper"	\
			: "+r"(n) : : CLOBBERS); })

/* TSC ticks of ITERS iterations of loop \which (the order of what[] below) */
__attribute__((target("avx512f")))
static unsigned long long time_loop(int which)
{
	unsigned long long t0 = __rdtsc();
	long n = ITERS;

	switch (which) {
	case 0:
		LOOP(AES8);
		break;
	case 1:
		LOOP(AES8 X4("vpclmulqdq $0, %%zmm17, %%zmm\\i, %%zmm\\i"));
		break;
	case 2:
		LOOP(AES8 X4("vpslldq $2, %%zmm\\i, %%zmm\\i"));
		break;
	case 3:
		LOOP(AES8 X4("vpshufb %%zmm17, %%zmm\\i, %%zmm\\i"));
		break;
	case 4:
		LOOP(AES8 X4("vpsllq $2, %%zmm\\i, %%zmm\\i"));
		break;
	case 5:
		LOOP(AES8 X4("vpsllvq %%zmm17, %%zmm\\i, %%zmm\\i"));
		break;
	case 6:
		LOOP(AES8 X4("vpshufd $0x4e, %%zmm\\i, %%zmm\\i"));
		break;
	case 7:
		LOOP(AES8 X4("vpxord %%zmm17, %%zmm\\i, %%zmm\\i"));
		break;
	case 8:
		LOOP(AES8 X4("vpternlogd $0x96, %%zmm17, %%zmm18, %%zmm\\i"));
		break;
	case 9:
		LOOP(AES8 X4("vpsllq $2, %%zmm\\i, %%zmm\\i")
			Y4("vpxord %%zmm17, %%zmm\\i, %%zmm\\i"));
		break;
	case 10:
		LOOP(AES8 X4("vpsllq $2, %%zmm\\i, %%zmm\\i")
			Y4("vpxord %%zmm17, %%zmm\\i, %%zmm\\i")
			X4("vpternlogd $0x96, %%zmm17, %%zmm18, %%zmm\\i"));
		break;
	}
	return __rdtsc() - t0;
}

int main(void)
{
	static const char *const what[] = {
		"8 vaesenc alone", "+ 4 vpclmulqdq", "+ 4 vpslldq",
		"+ 4 vpshufb", "+ 4 vpsllq", "+ 4 vpsllvq", "+ 4 vpshufd",
		"+ 4 vpxord", "+ 4 vpternlogd", "+ 4 vpsllq + 4 vpxord",
		"+ 4 vpsllq + 4 vpxord + 4 vpternlogd",
	};
	const char *missing = cpu_missing(CPU_FEATS_VAES_AVX10);
	double ccpt;

	if (missing) {
		printf("ports: SKIPPED (%s)\n", missing);
		return 0;
	}
	ccpt = core_cycles_per_tick();
	printf("zmm, core cycles per iteration (%.3f core cycles per TSC tick):\n",
	       ccpt);
	for (int i = 0; i < ARRAY_SIZE(what); i++) {
		unsigned long long best = ~0ULL;

		for (int t = 0; t < TIMINGS; t++) {
			unsigned long long d = time_loop(i);

			if (d < best)
				best = d;
		}
		printf("  %-40s %6.2f\n", what[i], (double)best / ITERS * ccpt);
	}
	return 0;
}
