// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The bare-metal side of the test image: COM1 console, XSAVE state, an
 * exception handler that turns any fault into a failed run, the Multiboot
 * command line and modules (the Wycheproof vectors), and the test_platform
 * that runs tests/common's driver.
 *
 * Buffers (test_platform.buf) come from a static 2 MiB arena mapped with
 * 4 KiB pages: every slot sits between two not-present guard pages, so an
 * over-read or over-write by the code under test faults here as it would in
 * user space.  Page 0 is unmapped too, to catch NULL dereferences.
 */
#include "emu.h"
#include "cpu.h"		/* tests/common: CPU_FEATS_ALL */

#define COM1		0x3f8
#define E9_PORT		0xe9		/* Bochs' port_e9_hack: host stdout */
#define PAGE_SIZE	4096
#define LARGE_PAGE	(2UL << 20)
#define PTE_P		0x001
#define PTE_W		0x002

/*
 * Defaults, overridable on the command line.  Bochs runs AVX-512 code at
 * only a few million instructions per second, so random messages stay at a
 * kilobyte; with the driver's full exhaustive set (every length to 1024)
 * the whole run takes under a minute.
 */
#define DEFAULT_CASES		300	/* cases= */
#define DEFAULT_MAXLEN		1024	/* maxlen= */
#define DEFAULT_EXHAUSTIVE	0	/* exhaustive=, 0: the driver's full set */
#define DEFAULT_FLIPS		0	/* flips=, 0: the driver's default */

static inline void io_write8(unsigned short port, u8 v)
{
	asm volatile("outb %0, %1" : : "a" (v), "Nd" (port));
}

static inline u8 io_read8(unsigned short port)
{
	u8 v;

	asm volatile("inb %1, %0" : "=a" (v) : "Nd" (port));
	return v;
}

static void serial_init(void)
{
	io_write8(COM1 + 1, 0x00);		/* no interrupts */
	io_write8(COM1 + 3, 0x80);		/* DLAB: divisor follows */
	io_write8(COM1 + 0, 0x01);		/* 115200 baud */
	io_write8(COM1 + 1, 0x00);
	io_write8(COM1 + 3, 0x03);		/* 8N1 */
	io_write8(COM1 + 2, 0xc7);		/* FIFO on, cleared */
	io_write8(COM1 + 4, 0x03);		/* DTR, RTS */
}

void emu_putc(char c)
{
	while (!(io_read8(COM1 + 5) & 0x20))
		;
	io_write8(COM1, c);
	io_write8(E9_PORT, c);
}

static void __noreturn fatal(const char *what)
{
	printf("emu: FATAL: %s\n", what);
	emu_halt();
}

static void cpuid(u32 leaf, u32 sub, u32 r[4])
{
	asm volatile("cpuid" : "=a" (r[0]), "=b" (r[1]), "=c" (r[2]),
		     "=d" (r[3]) : "a" (leaf), "c" (sub));
}

/*
 * Enable every XSAVE state component the CPU has among x87, SSE, AVX and
 * the three AVX-512 ones (XCR0 = 0xe7 on an AVX-512 CPU).  Without XSAVE
 * only SSE is usable and the driver skips what needs more.
 */
static void enable_xstate(void)
{
	u32 r[4], xcr0;
	u64 cr4;

	cpuid(1, 0, r);
	if (!(r[2] & BIT(26))) {
		printf("emu: no XSAVE: AVX unusable\n");
		return;
	}
	asm volatile("mov %%cr4, %0" : "=r" (cr4));
	cr4 |= BIT(18);				/* CR4.OSXSAVE */
	asm volatile("mov %0, %%cr4" : : "r" (cr4));
	cpuid(0xd, 0, r);
	xcr0 = r[0] & 0xe7;
	asm volatile("xsetbv" : : "c" (0), "a" (xcr0), "d" (0));
	printf("emu: XCR0 = 0x%x\n", xcr0);
}

static void print_cpu(void)
{
	u32 brand[13] = { 0 };
	u32 i;

	cpuid(0x80000000, 0, brand);
	if (brand[0] < 0x80000004) {
		printf("emu: CPU brand unknown\n");
		return;
	}
	for (i = 0; i < 3; i++)
		cpuid(0x80000002 + i, 0, brand + 4 * i);
	brand[12] = 0;
	printf("emu: CPU \"%s\"\n", (const char *)brand);
}

/* Exceptions: print the fault and end the run as failed. */

struct gate {
	u64 lo, hi;
};

static struct gate idt[32] __aligned(16);

static void idt_init(void)
{
	struct {
		unsigned short limit;
		u64 base;
	} __packed p;
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

void emu_exception(const struct exc_frame *f)
{
	u64 cr2;

	asm volatile("mov %%cr2, %0" : "=r" (cr2));
	printf("\nemu: FATAL: CPU exception %lu (error code 0x%lx) at rip 0x%lx",
	       f->vector, f->error, f->rip);
	if (f->vector == 14)
		printf(", page fault address 0x%lx", cr2);
	printf(", rsp 0x%lx\n", f->rsp);
	test_report_crash();
}

/* Page tables (built by boot.S: 0 .. 1 GiB in 2 MiB pages) */

static u64 low_pt[512] __aligned(PAGE_SIZE);
static u64 arena_pt[512] __aligned(PAGE_SIZE);
static u8 arena[LARGE_PAGE] __aligned(LARGE_PAGE);

/* Maps the 2 MiB page at @base with the 4 KiB pages of @pt instead. */
static void split_large_page(u64 base, u64 *pt)
{
	int i;

	for (i = 0; i < 512; i++)
		pt[i] = (base + i * PAGE_SIZE) | PTE_P | PTE_W;
	emu_pd[base / LARGE_PAGE] = (u64)pt | PTE_P | PTE_W;
}

static void flush_tlb(void)
{
	u64 cr3;

	asm volatile("mov %%cr3, %0; mov %0, %%cr3" : "=r" (cr3) : : "memory");
}

/* Arena: slot s has slot_pages pages, with a guard page on either side. */

static struct test_platform plat;
static unsigned int slot_pages;

static u8 *arena_slot(unsigned int slot)
{
	return arena + (1 + slot * (slot_pages + 1)) * PAGE_SIZE;
}

static void arena_init(void)
{
	/* also room for the Wycheproof messages (up to 513 bytes) */
	size_t max = TEST_BUF_MAX(plat.max_random_len) + TEST_BUF_SLACK;
	unsigned int s;

	slot_pages = (max + PAGE_SIZE - 1) / PAGE_SIZE;
	if (1 + TEST_BUF_SLOTS * (slot_pages + 1) > 512)
		fatal("maxlen too large for the 2 MiB arena");
	split_large_page((u64)arena, arena_pt);
	arena_pt[0] = 0;
	for (s = 0; s < TEST_BUF_SLOTS; s++)
		arena_pt[(arena_slot(s) - arena) / PAGE_SIZE + slot_pages] = 0;
	split_large_page(0, low_pt);
	low_pt[0] = 0;
	flush_tlb();
}

static uint8_t *emu_buf(unsigned int slot, size_t len, bool guard_before)
{
	u8 *p;

	if (slot >= TEST_BUF_SLOTS || len > slot_pages * PAGE_SIZE)
		fatal("test_platform.buf(): slot or length out of range");
	p = arena_slot(slot);
	return guard_before ? p : p + slot_pages * PAGE_SIZE - len;
}

/* Multiboot information: the command line and the modules */

/* A decimal number, or hexadecimal after "0x" (as the driver prints SEED) */
static unsigned long long parse_num(const char *s)
{
	unsigned long long v = 0;
	unsigned int base = 10, d;

	if (s[0] == '0' && s[1] == 'x') {
		base = 16;
		s += 2;
	}
	for (;; s++) {
		if (*s >= '0' && *s <= '9')
			d = *s - '0';
		else if (*s >= 'a' && *s <= 'f')
			d = *s - 'a' + 10;
		else
			break;
		if (d >= base)
			break;
		v = v * base + d;
	}
	return v;
}

#define MB_INFO_CMDLINE	BIT(2)
#define MB_INFO_MODS	BIT(3)

struct mb_module {
	u32 start, end;		/* [start, end) */
	u32 string;		/* "wpgcm.txt aes_gcm_test.json" */
	u32 reserved;
};

static const struct mb_module *mods;
static u32 nr_mods;

/* Does the space-separated list @list contain the word @word? */
static bool has_word(const char *list, const char *word)
{
	size_t n = strlen(word);

	while (*list) {
		if (!memcmp(list, word, n) && (list[n] == ' ' || !list[n]))
			return true;
		while (*list && *list != ' ')
			list++;
		while (*list == ' ')
			list++;
	}
	return false;
}

static u8 unhex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	fatal("bad hex digit in a Wycheproof module");
}

/* Decodes the hex word [@w, @e) ("-": empty) to @out; returns its length. */
static unsigned int unhex_word(const char *w, const char *e, u8 *out,
			       const u8 *limit)
{
	unsigned int n = 0;

	if (e - w == 1 && *w == '-')
		return 0;
	if ((e - w) % 2 || out + (e - w) / 2 > limit)
		fatal("bad or too long field in a Wycheproof module");
	for (; w < e; w += 2)
		out[n++] = unhex_digit(w[0]) << 4 | unhex_digit(w[1]);
	return n;
}

/*
 * test_platform.wycheproof_each: the vectors come as Multiboot modules, one
 * per JSON file, in the text format of tests/user/wycheproof2txt.py (one
 * case a line: "tcId valid key iv aad msg ct tag", hex, "-" if empty).
 */
static int emu_wycheproof_each(const char *file,
			       void (*fn)(const struct wp_case *c, void *ctx),
			       void *ctx)
{
	static u8 bytes[16384];
	const char *p = NULL, *end = NULL;
	int count = 0;
	u32 m;

	for (m = 0; m < nr_mods && !p; m++) {
		if (has_word((const char *)(u64)mods[m].string, file)) {
			p = (const char *)(u64)mods[m].start;
			end = (const char *)(u64)mods[m].end;
		}
	}
	if (!p)
		return -1;
	while (p < end) {
		unsigned int len[8], i;
		struct wp_case c = { 0 };
		u8 *out = bytes;

		for (i = 0; i < 8; i++) {
			const char *w;

			while (p < end && *p == ' ')
				p++;
			for (w = p; p < end && *p > ' '; p++)
				;
			if (w == p)
				fatal("short line in a Wycheproof module");
			if (i < 2) {
				len[i] = parse_num(w);
			} else {
				len[i] = unhex_word(w, p, out,
						    bytes + sizeof(bytes));
				out += len[i];
			}
		}
		while (p < end && *p++ != '\n')
			;
		c.tc_id = len[0];
		c.valid = len[1];
		c.key = bytes;
		c.keylen = len[2];
		c.iv = c.key + c.keylen;
		c.ivlen = len[3];
		c.aad = c.iv + c.ivlen;
		c.aadlen = len[4];
		c.msg = c.aad + c.aadlen;
		c.msglen = len[5];
		c.ct = c.msg + c.msglen;
		c.ctlen = len[6];
		c.tag = c.ct + c.ctlen;
		c.taglen = len[7];
		fn(&c, ctx);
		count++;
	}
	return count;
}

static char corrupt[64];

/* Copies the word at @s (up to a space) to @buf; returns @buf. */
static const char *copy_word(char *buf, size_t size, const char *s)
{
	size_t n;

	for (n = 0; s[n] && s[n] != ' ' && n < size - 1; n++)
		buf[n] = s[n];
	buf[n] = 0;
	return buf;
}

static bool is_key(const char *word, const char *key)
{
	size_t n = strlen(key);

	return !memcmp(word, key, n) && word[n] == '=';
}

static void parse_multiboot(u32 magic, u32 info)
{
	const u32 *mbi = (const u32 *)(u64)info;
	const char *p;

	if (magic != 0x2badb002)
		fatal("not started by a Multiboot loader");
	if (mbi[0] & MB_INFO_MODS) {
		nr_mods = mbi[5];
		mods = (const struct mb_module *)(u64)mbi[6];
		for (u32 m = 0; m < nr_mods; m++)
			printf("emu: module \"%s\" (%u bytes)\n",
			       (const char *)(u64)mods[m].string,
			       mods[m].end - mods[m].start);
	}
	if (!(mbi[0] & MB_INFO_CMDLINE))
		return;
	p = (const char *)(u64)mbi[4];
	printf("emu: command line \"%s\"\n", p);
	while (*p) {
		const char *v = p;

		while (*v && *v != '=' && *v != ' ')
			v++;
		v += *v == '=';
		if (is_key(p, "seed"))
			plat.seed = parse_num(v);
		else if (is_key(p, "cases"))
			plat.random_cases = parse_num(v);
		else if (is_key(p, "maxlen"))
			plat.max_random_len = parse_num(v);
		else if (is_key(p, "exhaustive"))
			plat.exhaustive_len = parse_num(v);
		else if (is_key(p, "flips"))
			plat.flip_messages = parse_num(v);
		else if (is_key(p, "expect") && !memcmp(v, "all", 3))
			plat.expect_feats = CPU_FEATS_ALL;
		else if (is_key(p, "corrupt"))
			plat.corrupt = copy_word(corrupt, sizeof(corrupt), v);
		while (*p && *p != ' ')
			p++;
		while (*p == ' ')
			p++;
	}
}

void emu_main(u32 magic, u32 info)
{
	serial_init();
	idt_init();
	printf("emu: long mode up\n");
	print_cpu();
	enable_xstate();

	plat.name = "bare metal (Bochs)";
	plat.seed = 1;
	plat.random_cases = DEFAULT_CASES;
	plat.max_random_len = DEFAULT_MAXLEN;
	plat.exhaustive_len = DEFAULT_EXHAUSTIVE;
	plat.flip_messages = DEFAULT_FLIPS;
	plat.buf = emu_buf;
	plat.wycheproof_each = emu_wycheproof_each;
	parse_multiboot(magic, info);
	arena_init();
	printf("emu: exhaustive=%u flips=%u (0: the driver's default)\n",
	       plat.exhaustive_len, plat.flip_messages);
	run_tests(&plat);
}
