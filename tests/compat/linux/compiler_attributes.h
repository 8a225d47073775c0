/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * User-space (and bare-metal) stand-in for the kernel's
 * <linux/compiler_attributes.h>: the attribute macros the test code uses.
 */
#ifndef _COMPAT_LINUX_COMPILER_ATTRIBUTES_H
#define _COMPAT_LINUX_COMPILER_ATTRIBUTES_H

#ifndef __printf
#define __printf(a, b)	__attribute__((format(printf, a, b)))
#endif

#endif
