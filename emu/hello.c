// SPDX-License-Identifier: GPL-2.0-or-later
/* Boot-path smoke test: one vaesenc and one vpclmulqdq on zmm. */
#include "emu.h"

void emu_hello(void)
{
	u8 a[64], b[64], r1[64], r2[64], x[16];
	int i;

	for (i = 0; i < 64; i++) {
		a[i] = i;
		b[i] = 0xa5 ^ (i * 7);
	}
	asm volatile("vmovdqu64 %2, %%zmm0\n\t"
		     "vmovdqu64 %3, %%zmm1\n\t"
		     "vaesenc %%zmm1, %%zmm0, %%zmm2\n\t"
		     "vpclmulqdq $0x11, %%zmm1, %%zmm0, %%zmm3\n\t"
		     "vmovdqu64 %%zmm2, %0\n\t"
		     "vmovdqu64 %%zmm3, %1\n\t"
		     : "=m" (r1), "=m" (r2) : "m" (a), "m" (b)
		     : "xmm0", "xmm1", "xmm2", "xmm3", "memory");
	emu_puts("vaesenc zmm:    ");
	emu_hex(r1, 64);
	emu_puts("vpclmulqdq zmm: ");
	emu_hex(r2, 64);
	/* Lane 3 again with the legacy 128-bit AES-NI instruction. */
	asm volatile("movdqu %1, %%xmm0\n\t"
		     "movdqu %2, %%xmm1\n\t"
		     "aesenc %%xmm1, %%xmm0\n\t"
		     "movdqu %%xmm0, %0"
		     : "=m" (x) : "m" (a[48]), "m" (b[48]) : "xmm0", "xmm1");
	emu_puts(memcmp(x, r1 + 48, 16) ? "lane 3 differs from aesenc\n" :
		 "lane 3 equals aesenc\n");
}
