/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The test tree's <linux/linkage.h> plus what Linux 6.12's
 * aesni-intel_asm.S needs beyond it, for building that file into the
 * benchmark unchanged.
 */
#ifndef _BENCH_COMPAT_LINUX_LINKAGE_H
#define _BENCH_COMPAT_LINUX_LINKAGE_H
#include_next <linux/linkage.h>
#ifdef __ASSEMBLY__
#ifndef SYM_FUNC_ALIAS_LOCAL
#define SYM_FUNC_ALIAS_LOCAL(alias, name)	\
	.type alias, @function;			\
	.set alias, name
#endif
#endif
#endif
