/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Internal interface of the bare-metal test image (emu/). */
#ifndef _EMU_H
#define _EMU_H

#include <stddef.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint32_t u32;
typedef uint64_t u64;

void emu_putc(char c);
void emu_puts(const char *s);
void emu_hex(const void *p, size_t len);
void emu_hello(void);

void *memcpy(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);

#endif
