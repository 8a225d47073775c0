/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aesni-gcm-compat.h: Linux's <crypto/aes-gcm.h> names on every kernel.
 *
 * Code written for the mainline AES-GCM library includes this header instead
 * of <crypto/aes-gcm.h>.  On a kernel that has <crypto/aes-gcm.h> it is just
 * that header; on one that lacks it (Debian's 6.1 and 6.12) the mainline
 * names are mapped onto the aesni-intel module's library (aesni-gcm.h), which
 * has the same signatures and meaning, so the same source builds unchanged.
 * Define AESNI_GCM_FORCE before including it to use the module's library on
 * a kernel that has its own as well.
 */
#ifndef _AESNI_GCM_COMPAT_H
#define _AESNI_GCM_COMPAT_H

#if __has_include("crypto/aes-gcm.h") && !defined(AESNI_GCM_FORCE)
#include <crypto/aes-gcm.h>
#else
#include "aesni-gcm.h"

#define aes_gcm_key		aesni_gcm_key
#define aes_gcm_ctx		aesni_gcm_ctx
#define aes_gcm_preparekey	aesni_gcm_preparekey
#define aes_gcm_encrypt		aesni_gcm_encrypt
#define aes_gcm_decrypt		aesni_gcm_decrypt
#define aes_gcm_init		aesni_gcm_init
#define aes_gcm_auth_update	aesni_gcm_auth_update
#define aes_gcm_encrypt_update	aesni_gcm_encrypt_update
#define aes_gcm_decrypt_update	aesni_gcm_decrypt_update
#define aes_gcm_encrypt_final	aesni_gcm_encrypt_final
#define aes_gcm_decrypt_final	aesni_gcm_decrypt_final
#endif

#endif /* _AESNI_GCM_COMPAT_H */
