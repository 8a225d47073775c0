/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Internal interface of the bare-metal test image (emu/). */
#ifndef _EMU_H
#define _EMU_H

#include <crypto/aes.h>		/* tests/compat: u8..u64, __aligned */
#include "platform.h"		/* tests/common: the libc subset, run_tests() */

#define __packed	__attribute__((__packed__))
#define __noreturn	__attribute__((__noreturn__))
#define BIT(n)		(1UL << (n))

/* The frame boot.S's exception stubs hand to emu_exception() */
struct exc_frame {
	u64 vector, error, rip, cs, rflags, rsp, ss;
};

/* boot.S */
extern u64 emu_pd[512];			/* page directory of 0 .. 1 GiB */
extern const u64 emu_exc_stubs[32];	/* entry points of vectors 0 .. 31 */
void __noreturn emu_halt(void);

/* emu.c */
void emu_main(u32 magic, u32 info);
void emu_exception(const struct exc_frame *f);
void emu_putc(char c);

#endif
