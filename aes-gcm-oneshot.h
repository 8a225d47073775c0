/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The GCM one-shot functions used by the crypto API glue and the library:
 * GCM_ONESHOT_<impl>(enc) and GCM_ONESHOT_<impl>(dec) name, for each
 * implementation, its aes_gcm_{enc,dec}_oneshot_<impl>() (aesni-intel.h),
 * a whole message in one call inside the caller's FPU section.  (While the
 * one-shot assembly was being written, an implementation could be pointed
 * here at its update and final functions instead.)
 */
#ifndef _AES_GCM_ONESHOT_H
#define _AES_GCM_ONESHOT_H

#include "aesni-intel.h"

#define GCM_ONESHOT_aesni(op)		aes_gcm_##op##_oneshot_aesni
#define GCM_ONESHOT_aesni_avx(op)	aes_gcm_##op##_oneshot_aesni_avx
#define GCM_ONESHOT_vaes_avx2(op)	aes_gcm_##op##_oneshot_vaes_avx2
#define GCM_ONESHOT_vaes_avx10_256(op)	aes_gcm_##op##_oneshot_vaes_avx10_256
#define GCM_ONESHOT_vaes_avx10_512(op)	aes_gcm_##op##_oneshot_vaes_avx10_512

#endif /* _AES_GCM_ONESHOT_H */
