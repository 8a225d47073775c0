// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * CPU feature detection.  An instruction set is usable only if the CPU has
 * it (CPUID) and, for AVX and AVX-512, the OS saves the registers on context
 * switch: XCR0 bits 1-2 (XMM, YMM) and 5-7 (opmask, ZMM upper halves, ZMM
 * 16-31), read with XGETBV once CPUID says OSXSAVE is set.
 */
#include "cpu.h"

struct cpuid_regs {
	u32 eax, ebx, ecx, edx;
};

static struct cpuid_regs cpuid(u32 leaf, u32 subleaf)
{
	struct cpuid_regs r;

	asm volatile("cpuid"
		     : "=a" (r.eax), "=b" (r.ebx), "=c" (r.ecx), "=d" (r.edx)
		     : "a" (leaf), "c" (subleaf));
	return r;
}

static u64 xgetbv0(void)
{
	u32 lo, hi;

	asm volatile("xgetbv" : "=a" (lo), "=d" (hi) : "c" (0));
	return lo | (u64)hi << 32;
}

static const char *const feature_names[CPU_NR_FEATURES] = {
	[CPU_AES] = "AES",
	[CPU_PCLMULQDQ] = "PCLMULQDQ",
	[CPU_SSE41] = "SSE4.1",
	[CPU_AVX] = "AVX",
	[CPU_OS_YMM] = "YMM",
	[CPU_AVX2] = "AVX2",
	[CPU_BMI2] = "BMI2",
	[CPU_VAES] = "VAES",
	[CPU_VPCLMULQDQ] = "VPCLMULQDQ",
	[CPU_AVX512F] = "AVX512F",
	[CPU_AVX512BW] = "AVX512BW",
	[CPU_AVX512VL] = "AVX512VL",
	[CPU_OS_ZMM] = "ZMM",
};

#define BIT_IF(cond, feat)	((cond) ? BIT(feat) : 0)

unsigned int cpu_features(void)
{
	struct cpuid_regs l1, l7 = { 0, 0, 0, 0 };
	unsigned int f;
	u64 xcr0 = 0;

	if (cpuid(0, 0).eax >= 7)
		l7 = cpuid(7, 0);
	l1 = cpuid(1, 0);
	if (l1.ecx & (1u << 27))		/* OSXSAVE */
		xcr0 = xgetbv0();

	f = BIT_IF(l1.ecx & (1u << 25), CPU_AES) |
	    BIT_IF(l1.ecx & (1u << 1), CPU_PCLMULQDQ) |
	    BIT_IF(l1.ecx & (1u << 19), CPU_SSE41) |
	    BIT_IF(l1.ecx & (1u << 28), CPU_AVX) |
	    BIT_IF((xcr0 & 0x6) == 0x6, CPU_OS_YMM) |
	    BIT_IF(l7.ebx & (1u << 5), CPU_AVX2) |
	    BIT_IF(l7.ebx & (1u << 8), CPU_BMI2) |
	    BIT_IF(l7.ecx & (1u << 9), CPU_VAES) |
	    BIT_IF(l7.ecx & (1u << 10), CPU_VPCLMULQDQ) |
	    BIT_IF(l7.ebx & (1u << 16), CPU_AVX512F) |
	    BIT_IF(l7.ebx & (1u << 30), CPU_AVX512BW) |
	    BIT_IF(l7.ebx & (1u << 31), CPU_AVX512VL) |
	    BIT_IF((xcr0 & 0xe6) == 0xe6, CPU_OS_ZMM);
	return f;
}

const char *cpu_missing(unsigned int need)
{
	static char reason[48];
	unsigned int missing = need & ~cpu_features();
	const char *prefix, *name;
	int i;

	for (i = 0; i < CPU_NR_FEATURES; i++) {
		if (!(missing & BIT(i)))
			continue;
		if (i == CPU_OS_YMM || i == CPU_OS_ZMM)
			prefix = "OS has not enabled ";
		else
			prefix = "CPU lacks ";
		name = feature_names[i];
		memcpy(reason, prefix, strlen(prefix) + 1);
		memcpy(reason + strlen(prefix), name, strlen(name) + 1);
		if (i == CPU_OS_YMM || i == CPU_OS_ZMM)
			memcpy(reason + strlen(reason), " state", 7);
		return reason;
	}
	return NULL;
}

void cpu_print_mask(const char *label, unsigned int f)
{
	int i;

	printf("%s:%s", label, f ? "" : " none");
	for (i = 0; i < CPU_NR_FEATURES; i++)
		if (f & BIT(i))
			printf(" %s%s", i == CPU_OS_YMM || i == CPU_OS_ZMM ?
			       "os-" : "", feature_names[i]);
	printf("\n");
}

void cpu_print_features(void)
{
	cpu_print_mask("cpu", cpu_features());
}

/* Linux's names (arch/x86/include/asm/cpufeatures.h) of the CPUID bits */
static const char *const linux_flag_names[CPU_NR_FEATURES] = {
	[CPU_AES] = "aes",
	[CPU_PCLMULQDQ] = "pclmulqdq",
	[CPU_SSE41] = "sse4_1",
	[CPU_AVX] = "avx",
	[CPU_OS_YMM] = "avx",
	[CPU_AVX2] = "avx2",
	[CPU_BMI2] = "bmi2",
	[CPU_VAES] = "vaes",
	[CPU_VPCLMULQDQ] = "vpclmulqdq",
	[CPU_AVX512F] = "avx512f",
	[CPU_AVX512BW] = "avx512bw",
	[CPU_AVX512VL] = "avx512vl",
	[CPU_OS_ZMM] = "avx512f",
};

unsigned int cpu_features_from_flags(const char *flags)
{
	unsigned int f = 0;
	const char *w = flags;
	size_t n;
	int i;

	while (*w) {
		for (n = 0; w[n] && w[n] != ' ' && w[n] != '\n'; n++)
			;
		for (i = 0; i < CPU_NR_FEATURES; i++)
			if (strlen(linux_flag_names[i]) == n &&
			    !memcmp(w, linux_flag_names[i], n))
				f |= BIT(i);
		w += n;
		while (*w == ' ' || *w == '\n')
			w++;
	}
	return f;
}
