/* SPDX-License-Identifier: GPL-2.0-or-later */
/* User-space stand-in for <linux/build_bug.h>: C11 static_assert. */
#ifndef _COMPAT_LINUX_BUILD_BUG_H
#define _COMPAT_LINUX_BUILD_BUG_H
#include <assert.h>
#include <stddef.h>
#endif
