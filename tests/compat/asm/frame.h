/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * User-space (and bare-metal) stand-in for the kernel's <asm/frame.h>: no
 * frame pointers outside the kernel, as in a kernel without
 * CONFIG_FRAME_POINTER.
 */
#ifndef _COMPAT_ASM_FRAME_H
#define _COMPAT_ASM_FRAME_H

#ifdef __ASSEMBLY__
.macro FRAME_BEGIN
.endm
.macro FRAME_END
.endm
#endif

#endif
