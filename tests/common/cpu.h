/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * CPU feature detection (CPUID and XGETBV) for choosing which
 * implementations can run, with the reason when one cannot.
 */
#ifndef _TESTS_CPU_H
#define _TESTS_CPU_H

#include "platform.h"
#include "aesni-intel.h"

/* Features an implementation may require; OS_* mean "enabled in XCR0". */
enum cpu_feature {
	CPU_AES, CPU_PCLMULQDQ, CPU_SSE41, CPU_AVX, CPU_OS_YMM,
	CPU_AVX2, CPU_BMI2, CPU_VAES, CPU_VPCLMULQDQ,
	CPU_AVX512F, CPU_AVX512BW, CPU_AVX512VL, CPU_OS_ZMM,
	CPU_NR_FEATURES
};

#ifndef BIT
#define BIT(n)			(1UL << (n))
#endif

#define CPU_FEATS_AESNI		(BIT(CPU_AES) | BIT(CPU_PCLMULQDQ) | \
				 BIT(CPU_SSE41))
#define CPU_FEATS_AESNI_AVX	(CPU_FEATS_AESNI | BIT(CPU_AVX) | \
				 BIT(CPU_OS_YMM))
#define CPU_FEATS_VAES_AVX2	(CPU_FEATS_AESNI_AVX | BIT(CPU_AVX2) | \
				 BIT(CPU_BMI2) | BIT(CPU_VAES) | \
				 BIT(CPU_VPCLMULQDQ))
#define CPU_FEATS_VAES_AVX10	(CPU_FEATS_VAES_AVX2 | BIT(CPU_AVX512F) | \
				 BIT(CPU_AVX512BW) | BIT(CPU_AVX512VL) | \
				 BIT(CPU_OS_ZMM))

/* Bit mask of the features this CPU (and OS) provide. */
unsigned int cpu_features(void);

/*
 * NULL if every feature in @need is present, else a reason such as
 * "CPU lacks AVX512BW" or "OS has not enabled ZMM state" naming the first
 * one missing.
 */
const char *cpu_missing(unsigned int need);

/* A line listing the features found, e.g. for the banner. */
void cpu_print_features(void);
/* "<label>: AES PCLMULQDQ ..." for the features in @f ("none" if 0) */
void cpu_print_mask(const char *label, unsigned int f);

/*
 * The features named in @flags, the "flags" line of Linux's /proc/cpuinfo
 * (space-separated: "aes", "avx512f", ...).  Linux lists avx and avx512f
 * only if it enabled their register state, so those also give OS_YMM and
 * OS_ZMM.
 */
unsigned int cpu_features_from_flags(const char *flags);

/* Every feature: for a platform whose model has them all (an emulator). */
#define CPU_FEATS_ALL		((unsigned int)BIT(CPU_NR_FEATURES) - 1)

#endif /* _TESTS_CPU_H */
