// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The C library subset that tests/common/platform.h names, for the
 * bare-metal image: mem*, strlen, strcmp, and a printf with the '0' and '-'
 * flags, a field width, the h/l/ll/z length modifiers and the conversions
 * d i u x X s c p %.  Output goes to emu_putc() (COM1).
 *
 * The mem* functions use rep movsb/stosb: short, and a loop written in C
 * could be turned back into a call to memcpy by the compiler.
 */
#include "emu.h"

void *memcpy(void *dst, const void *src, size_t n)
{
	void *d = dst;

	asm volatile("rep movsb" : "+D" (d), "+S" (src), "+c" (n) : : "memory");
	return dst;
}

void *memmove(void *dst, const void *src, size_t n)
{
	const u8 *s = src;
	u8 *d = dst;

	if (d <= s || d >= s + n)
		return memcpy(dst, src, n);
	/* Overlapping with dst above src: copy downwards. */
	d += n - 1;
	s += n - 1;
	asm volatile("std; rep movsb; cld"
		     : "+D" (d), "+S" (s), "+c" (n) : : "memory");
	return dst;
}

void *memset(void *dst, int c, size_t n)
{
	void *d = dst;

	asm volatile("rep stosb" : "+D" (d), "+c" (n) : "a" (c) : "memory");
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

size_t strlen(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

int strcmp(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return (unsigned char)*a - (unsigned char)*b;
}

/* Writes @s padded to @width; returns the number of characters written. */
static int put_field(const char *s, int len, int width, bool left, char pad)
{
	int n = 0;

	while (!left && len + n < width) {
		emu_putc(pad);
		n++;
	}
	for (int i = 0; i < len; i++)
		emu_putc(s[i]);
	n += len;
	while (left && n < width) {
		emu_putc(' ');
		n++;
	}
	return n;
}

int printf(const char *fmt, ...)
{
	va_list ap;
	int count = 0;

	va_start(ap, fmt);
	for (; *fmt; fmt++) {
		char buf[24], *p = buf + sizeof(buf), pad = ' ', conv;
		bool left = false, neg = false;
		int width = 0, lng = 0;
		unsigned long long v;
		unsigned int base;
		const char *s;

		if (*fmt != '%') {
			emu_putc(*fmt);
			count++;
			continue;
		}
		for (fmt++; *fmt == '0' || *fmt == '-'; fmt++) {
			if (*fmt == '0')
				pad = '0';
			else
				left = true;
		}
		for (; *fmt >= '0' && *fmt <= '9'; fmt++)
			width = width * 10 + (*fmt - '0');
		for (; *fmt == 'l' || *fmt == 'z' || *fmt == 'h'; fmt++)
			lng += *fmt != 'h';	/* h: promoted to int anyway */
		conv = *fmt;
		switch (conv) {
		case 's':
			s = va_arg(ap, const char *);
			if (!s)
				s = "(null)";
			count += put_field(s, strlen(s), width, left, ' ');
			continue;
		case 'c':
			buf[0] = va_arg(ap, int);
			count += put_field(buf, 1, width, left, ' ');
			continue;
		case 'd':
		case 'i':
			if (lng) {
				long long x = va_arg(ap, long long);

				neg = x < 0;
				v = neg ? -(unsigned long long)x : (unsigned long long)x;
			} else {
				int x = va_arg(ap, int);

				neg = x < 0;
				v = neg ? -(unsigned int)x : (unsigned int)x;
			}
			base = 10;
			break;
		case 'u':
		case 'x':
		case 'X':
		case 'p':
			if (conv == 'p')
				v = (unsigned long)va_arg(ap, void *);
			else if (lng)
				v = va_arg(ap, unsigned long long);
			else
				v = va_arg(ap, unsigned int);
			base = conv == 'u' ? 10 : 16;
			break;
		case '\0':
			fmt--;
			continue;
		default:		/* "%%" and anything unknown */
			emu_putc(conv);
			count++;
			continue;
		}
		do {
			*--p = (conv == 'X' ? "0123456789ABCDEF" :
				"0123456789abcdef")[v % base];
			v /= base;
		} while (v);
		if (neg && pad == '0' && width > 0) {
			emu_putc('-');
			count++;
			width--;
		} else if (neg) {
			*--p = '-';
		}
		count += put_field(p, buf + sizeof(buf) - p, width, left, pad);
	}
	va_end(ap);
	return count;
}
