/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * User-space stand-in for the kernel's <asm/frame.h>, for building Linux
 * 6.12's aesni-intel_asm.S into the benchmark: no frame pointers here.
 */
#ifndef _BENCH_COMPAT_ASM_FRAME_H
#define _BENCH_COMPAT_ASM_FRAME_H
#define FRAME_BEGIN
#define FRAME_END
#define FRAME_OFFSET 0
#endif
