/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * User-space (and bare-metal) stand-in for the kernel's <linux/linkage.h>,
 * so that the driver's .S files build unchanged outside the kernel.
 */
#ifndef _COMPAT_LINUX_LINKAGE_H
#define _COMPAT_LINUX_LINKAGE_H

#ifdef __ASSEMBLY__
#define SYM_FUNC_START(name)	\
	.globl name;		\
	.type name, @function;	\
	.p2align 4;		\
	name:
#define SYM_FUNC_START_LOCAL(name)	\
	.type name, @function;		\
	.p2align 4;			\
	name:
#define SYM_FUNC_END(name)	.size name, . - name
#define SYM_TYPED_FUNC_START(name)	SYM_FUNC_START(name)
/*
 * The benchmark built with BENCH_RET=thunk (bench/Makefile) returns as a
 * kernel with the SRSO "Safe RET" mitigation does (bench/rethunk.S).
 */
#ifdef BENCH_RETHUNK
#define RET	jmp bench_return_thunk
#else
#define RET	ret
#endif
#define SYM_DATA(name, data...)	\
	.globl name;		\
	.type name, @object;	\
	name: data;		\
	.size name, . - name
#endif

#endif
