// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Portable C computation of the GHASH key powers, for setkey in contexts
 * where SIMD registers cannot be used.  Each aes_gcm_precompute_c_*() fills
 * the same fields of its key struct, byte for byte, as the assembly
 * aes_gcm_precompute_*() of that implementation (the test rigs check this).
 *
 * H is secret, so everything here is constant time: no branch and no memory
 * index depends on it.
 */
#include "aesni-intel.h"

/*
 * A field element in GCM's own bit order, read as two big-endian 64-bit
 * words: bit 63 of .hi is the coefficient of x^0, bit 0 of .lo that of x^127.
 */
struct gcm_elem {
	u64 hi, lo;
};

static u64 load_be64(const u8 *p)
{
	u64 v = 0;
	int i;

	for (i = 0; i < 8; i++)
		v = (v << 8) | p[i];
	return v;
}

/*
 * a * b in GF(2^128) modulo x^128 + x^7 + x^2 + x + 1, one bit of @a at a
 * time.  Multiplying @v by x is a right shift in this bit order; a carry out
 * of x^127 is reduced by adding x^7 + x^2 + x + 1, i.e. 0xe1 in the top byte.
 */
static struct gcm_elem gcm_mul(struct gcm_elem a, struct gcm_elem b)
{
	struct gcm_elem z = { 0, 0 }, v = b;
	u64 word, mask, carry;
	int i;

	for (i = 0; i < 128; i++) {
		word = i < 64 ? a.hi : a.lo;
		mask = 0 - ((word >> (63 - (i & 63))) & 1);
		z.hi ^= v.hi & mask;
		z.lo ^= v.lo & mask;
		carry = 0 - (v.lo & 1);
		v.lo = (v.lo >> 1) | (v.hi << 63);
		v.hi = (v.hi >> 1) ^ (carry & 0xe100000000000000ULL);
	}
	return z;
}

void aes_gcm_mul_c(u64 a[2], const u64 b[2])
{
	struct gcm_elem x = { a[0], a[1] }, y = { b[0], b[1] };

	x = gcm_mul(x, y);
	a[0] = x.hi;
	a[1] = x.lo;
}

/*
 * Store elem * x^-1 in the representation of aesni-intel.h: the byte-reversed
 * block as a little-endian 128-bit integer.  x^-1 = x^127 + x^6 + x + 1,
 * which in GCM's byte order is the block c2 00 .. 00 01.
 */
static void gcm_store_power(u64 out[2], struct gcm_elem elem)
{
	static const struct gcm_elem x_inv = { 0xc200000000000000ULL, 1 };

	elem = gcm_mul(elem, x_inv);
	out[0] = elem.lo;
	out[1] = elem.hi;
}

/* powers[0] = H^n * x^-1, ..., powers[n - 1] = H^1 * x^-1 */
static void gcm_compute_powers(u64 (*powers)[2], int n, const u8 h_block[16])
{
	struct gcm_elem h = { load_be64(h_block), load_be64(h_block + 8) };
	struct gcm_elem power = h;
	int i;

	for (i = n - 1; i >= 0; i--) {
		gcm_store_power(powers[i], power);
		power = gcm_mul(power, h);
	}
}

void aes_gcm_precompute_c_vaes_avx10(struct aes_gcm_key_vaes_avx10 *key,
				     const u8 h[16])
{
	int i;

	gcm_compute_powers(key->h_powers, 16, h);
	for (i = 0; i < 3; i++) {
		key->padding[i][0] = 0;
		key->padding[i][1] = 0;
	}
}

void aes_gcm_precompute_c_vaes_avx2(struct aes_gcm_key_vaes_avx2 *key,
				    const u8 h[16])
{
	static const struct gcm_elem x64 = { 0, 1ULL << 63 };
	struct gcm_elem h1 = { load_be64(h), load_be64(h + 8) };
	int i;

	gcm_compute_powers(key->h_powers, 8, h);
	gcm_store_power(key->h_times_x64, gcm_mul(h1, x64));
	key->padding[0] = 0;
	key->padding[1] = 0;
	/* Packed as H^8,H^6,H^7,H^5, H^4,H^2,H^3,H^1: swap bits 0 and 1. */
	for (i = 0; i < 8; i++) {
		int j = (i & ~3) | ((i & 1) << 1) | ((i >> 1) & 1);

		key->h_powers_xored[i] = key->h_powers[j][0] ^
					 key->h_powers[j][1];
	}
}

void aes_gcm_precompute_c_aesni(struct aes_gcm_key_aesni *key, const u8 h[16])
{
	static const struct gcm_elem x64 = { 0, 1ULL << 63 };
	struct gcm_elem h1 = { load_be64(h), load_be64(h + 8) };
	int i;

	gcm_compute_powers(key->h_powers, 8, h);
	for (i = 0; i < 8; i++)
		key->h_powers_xored[i] = key->h_powers[i][0] ^
					 key->h_powers[i][1];
	gcm_store_power(key->h_times_x64, gcm_mul(h1, x64));
}
