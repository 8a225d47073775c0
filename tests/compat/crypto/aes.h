/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * User-space (and bare-metal) stand-in for the kernel's <crypto/aes.h> and
 * the few kernel types the driver's headers use.
 */
#ifndef _COMPAT_CRYPTO_AES_H
#define _COMPAT_CRYPTO_AES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;

#ifndef __aligned
#define __aligned(x)	__attribute__((aligned(x)))
#endif

#define AES_MIN_KEY_SIZE	16
#define AES_MAX_KEY_SIZE	32
#define AES_KEYSIZE_128		16
#define AES_KEYSIZE_192		24
#define AES_KEYSIZE_256		32
#define AES_BLOCK_SIZE		16
#define AES_MAX_KEYLENGTH	(15 * 16)
#define AES_MAX_KEYLENGTH_U32	(AES_MAX_KEYLENGTH / sizeof(u32))

/* Same layout as the kernel's: filled by aes_expandkey() (tests/common). */
struct crypto_aes_ctx {
	u32 key_enc[AES_MAX_KEYLENGTH_U32];
	u32 key_dec[AES_MAX_KEYLENGTH_U32];
	u32 key_length;
};

#endif
