/* SPDX-License-Identifier: GPL-2.0-or-later */
/* User-space stand-in for <linux/cfi_types.h>: no kCFI outside the kernel. */
#ifndef _COMPAT_LINUX_CFI_TYPES_H
#define _COMPAT_LINUX_CFI_TYPES_H
#include <linux/linkage.h>
#endif
