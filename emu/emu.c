// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The machine side of the bare-metal test image: COM1 console, XSAVE state,
 * exception handler, Multiboot command line.
 */
#include "emu.h"

#define COM1		0x3f8
#define E9_PORT		0xe9		/* Bochs' port_e9_hack: host stdout */

static inline void outb(u8 v, unsigned short port)
{
	asm volatile("outb %0, %1" : : "a" (v), "Nd" (port));
}

static inline u8 inb(unsigned short port)
{
	u8 v;

	asm volatile("inb %1, %0" : "=a" (v) : "Nd" (port));
	return v;
}

static void serial_init(void)
{
	outb(0x00, COM1 + 1);		/* no interrupts */
	outb(0x80, COM1 + 3);		/* DLAB: divisor follows */
	outb(0x01, COM1 + 0);		/* 115200 baud */
	outb(0x00, COM1 + 1);
	outb(0x03, COM1 + 3);		/* 8N1 */
	outb(0xc7, COM1 + 2);		/* FIFO on, cleared */
	outb(0x03, COM1 + 4);		/* DTR, RTS */
}

void emu_putc(char c)
{
	while (!(inb(COM1 + 5) & 0x20))
		;
	outb(c, COM1);
	outb(c, E9_PORT);
}

void emu_puts(const char *s)
{
	while (*s)
		emu_putc(*s++);
}

void emu_hex(const void *p, size_t len)
{
	const u8 *b = p;
	size_t i;

	for (i = 0; i < len; i++) {
		emu_putc("0123456789abcdef"[b[i] >> 4]);
		emu_putc("0123456789abcdef"[b[i] & 15]);
	}
	emu_putc('\n');
}

static void put_u64(const char *name, u64 v)
{
	u8 be[8];
	int i;

	for (i = 0; i < 8; i++)
		be[i] = v >> (56 - 8 * i);
	emu_puts(name);
	emu_hex(be, 8);
}

void *memcpy(void *dst, const void *src, size_t n)
{
	u8 *d = dst;
	const u8 *s = src;

	while (n--)
		*d++ = *s++;
	return dst;
}

void *memset(void *dst, int c, size_t n)
{
	u8 *d = dst;

	while (n--)
		*d++ = c;
	return dst;
}

int memcmp(const void *a, const void *b, size_t n)
{
	const u8 *x = a, *y = b;

	for (; n; n--, x++, y++)
		if (*x != *y)
			return *x - *y;
	return 0;
}

/* CPU state */

static void cpuid(u32 leaf, u32 sub, u32 r[4])
{
	asm volatile("cpuid" : "=a" (r[0]), "=b" (r[1]), "=c" (r[2]),
		     "=d" (r[3]) : "a" (leaf), "c" (sub));
}

/*
 * Enable every XSAVE state component the CPU has among x87, SSE, AVX and
 * the three AVX-512 ones (XCR0 = 0xe7 on an AVX-512 CPU).
 */
static void enable_xstate(void)
{
	u32 r[4];
	u64 cr4, xcr0;

	cpuid(1, 0, r);
	if (!(r[2] & (1 << 26))) {		/* no XSAVE: SSE only */
		emu_puts("emu: no XSAVE, AVX unavailable\n");
		return;
	}
	asm volatile("mov %%cr4, %0" : "=r" (cr4));
	cr4 |= 1 << 18;				/* CR4.OSXSAVE */
	asm volatile("mov %0, %%cr4" : : "r" (cr4));
	cpuid(0xd, 0, r);
	xcr0 = r[0] & 0xe7;
	asm volatile("xsetbv" : : "c" (0), "a" ((u32)xcr0), "d" (0));
	put_u64("emu: XCR0 = ", xcr0);
}

/* Exceptions: print the fault and end the run as failed. */

struct gate {
	u64 lo, hi;
};

struct exc_frame {
	u64 vector, error, rip, cs, rflags, rsp, ss;
};

extern const u64 emu_exc_stubs[32];
static struct gate idt[32] __attribute__((aligned(16)));

static void idt_init(void)
{
	struct { unsigned short limit; u64 base; } __attribute__((packed)) p;
	int i;

	for (i = 0; i < 32; i++) {
		u64 a = emu_exc_stubs[i];

		/* present, DPL 0, 64-bit interrupt gate, selector 0x08 */
		idt[i].lo = (a & 0xffff) | (0x08ULL << 16) |
			    (0x8eULL << 40) | ((a >> 16 & 0xffff) << 48);
		idt[i].hi = a >> 32;
	}
	p.limit = sizeof(idt) - 1;
	p.base = (u64)idt;
	asm volatile("lidt %0" : : "m" (p));
}

void emu_exception(const struct exc_frame *f);
void emu_exception(const struct exc_frame *f)
{
	u64 cr2;

	asm volatile("mov %%cr2, %0" : "=r" (cr2));
	emu_puts("\nemu: FATAL: CPU exception\n");
	put_u64("emu:   vector = ", f->vector);
	put_u64("emu:   error  = ", f->error);
	put_u64("emu:   rip    = ", f->rip);
	put_u64("emu:   cr2    = ", cr2);
	put_u64("emu:   rsp    = ", f->rsp);
}

void emu_main(u32 magic, u32 info);
void emu_main(u32 magic, u32 info)
{
	serial_init();
	idt_init();
	emu_puts("emu: booted, long mode\n");
	enable_xstate();
	emu_hello();
	emu_puts("0 passed, 0 failed, 0 skipped\n");
}
