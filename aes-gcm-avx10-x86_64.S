/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * AES-GCM for x86-64 CPUs with VAES, VPCLMULQDQ and AVX-512 (or AVX10), in
 * two vector lengths: 256-bit EVEX ymm ("vaes_avx10_256", for CPUs where zmm
 * code lowers the clock) and 512-bit zmm ("vaes_avx10_512").  Both use all
 * 32 vector registers and opmask registers.
 *
 * Functions (prototypes and calling rules: aesni-intel.h):
 *
 *   aes_gcm_precompute_vaes_avx10_{256,512}	    H^16..H^1 (one ymm body)
 *   aes_gcm_{enc,dec}_update_vaes_avx10_{256,512} CTR + GHASH of the data
 *   aes_gcm_aad_update_vaes_avx10		    GHASH of the AAD (ymm)
 *   aes_gcm_{enc,dec}_final_vaes_avx10	    the tag (xmm)
 *   aes_gcm_{enc,dec}_oneshot_vaes_avx10_{256,512} a whole message
 *
 * CPU features: VAES, VPCLMULQDQ, AVX512F, AVX512BW (byte masking, vpshufb
 * on zmm), AVX512VL (EVEX on ymm/xmm, registers 16-31), BMI2 (bzhi); AES-NI
 * and AVX come with them.  The glue checks all of them before calling.
 * ABI: SysV x86-64, called directly from C inside kernel_fpu_begin/end.  Only
 * call-clobbered registers are used, so there is no stack frame; the seventh
 * argument of dec_final is read from 8(%rsp), those of the one-shot
 * functions from 8..24(%rsp); only the one-shot's long-message path has a
 * frame (it calls the update functions).
 *
 * Plan
 * ----
 * Each function body is written once, as gas macros on VL-wide registers.
 * _set_veclen binds the register role names (listed below) to ymm or zmm,
 * and each exported function is a wrapper that instantiates its body.  Only
 * the update functions come in two vector lengths; the others are not worth
 * the code (setkey; AAD is usually a few bytes; the final is one block).
 *
 * A "vector" is VL/16 blocks of 16 bytes: 2 for ymm, 4 for zmm.  The update
 * functions work in two phases:
 *
 *   1. While at least 4 vectors (8 or 16 blocks) remain, a main loop
 *      encrypts 4 vectors of counter blocks and, interleaved with the AES
 *      rounds, hashes 4 vectors of ciphertext with H^(4*VL/16)..H^1, reducing
 *      once per iteration.  Decryption hashes the ciphertext it is about to
 *      decrypt; encryption hashes the previous iteration's ciphertext, so
 *      its first iteration only encrypts and its last 4 vectors are hashed
 *      after the loop (on ymm, from three groups of 4 vectors on, the
 *      ciphertext of two iterations back, reloaded from dst: see
 *      _ctr_crypt_4x).
 *
 *   2. The remaining 0..4*VL-1 bytes are done one vector at a time, under a
 *      byte opmask of bzhi(~0, bytes left) on the load, the store and the
 *      hashed data.  A partial block thus needs no special case, and no
 *      byte outside the caller's buffers is touched (masked-off bytes of an
 *      EVEX load or store are not accessed and cannot fault).  With n blocks
 *      left, block i is multiplied by H^(n-i): the powers are loaded as whole
 *      vectors starting at H^n, and the 3 zero blocks after H^1 in the key
 *      struct keep the last such load inside the struct.  The products are
 *      summed unreduced and reduced once.
 *
 * AAD is hashed in chunks of up to 4 ymm vectors, each like phase 2.
 *
 * The one-shot functions hash a short message (AAD, data and lengths block
 * within the 16 powers of H) with one reduction, phase 2 style, with the
 * AES of J0 beside it; longer ones go through the functions above (see
 * _aes_gcm_oneshot).
 *
 * The AES round keys live in registers: the first, the last and the 9
 * before the last (AES-128 has 9 middle rounds in all); AES-192 and AES-256
 * broadcast their first 2 or 4 middle round keys from memory each time.
 * The main loop holds its 4 vectors of key powers in the registers of the
 * 4 keys before the last instead, and broadcasts those keys from memory,
 * so that its 16 data multiplies take no load ("the register form"); but
 * on zmm on AMD, where a broadcast to all 4 lanes costs more than the
 * loads it saves (Zen 4), the multiplies read the powers from memory and
 * the keys stay in registers ("the memory form"; see _main_loop_4x).
 * The last round is vaesenclast with (last round key ^ input data) as its
 * key, which gives AES(counter) ^ data, the output, in one instruction and
 * lets the xor with the data be done before the AES result is ready.
 *
 * Scheduling: where GHASH work and AES rounds are independent (the main
 * loop, the final), the carryless multiplies are placed between the AES
 * rounds, not before them: issued first, they would take the vector ports
 * the AES dependency chain needs, and that chain bounds short messages.
 *
 * Not done, on purpose: no partial-block state between calls (the interface
 * makes every call but the last a multiple of 16 bytes long), le_ctr is not
 * written back (the caller adds datalen / 16), and the counter is advanced
 * with 32-bit lane adds, which is exactly GCM's inc32 (it wraps within the
 * low word).  Only the low 32 bits of le_ctr[0] count.  The final uses
 * le_ctr[1..3] with 1 as the counter word (J0 of a 96-bit IV).
 *
 * Size: the update loop is unrolled to 4 vectors and everything else works
 * one vector at a time; the one-shot's two directions share one body, and
 * its tag and long-message code are shared by both vector lengths; only
 * the zmm main loop exists twice (one per vendor, see _main_loop_4x), its
 * setup and tail code shared.  So both vector lengths together stay under
 * 12 KiB of .text, also in a kernel build (with its ENDBRs, function
 * padding and return thunks).
 */

#include <linux/linkage.h>
#include "aesni-intel.h"
#include "aes-macros.h"

.section .rodata
.p2align 6
/*
 * Added to the broadcast counter: block i of a vector gets counter + i
 * (the one-shot adds from the second entry: its le_ctr has counter 1).
 */
.Lctr_lane_offsets:
	.octa	0, 1, 2, 3, 4
/* vpshufb mask reversing the 16 bytes of each block */
.Lbswap_mask:
	.octa	0x000102030405060708090a0b0c0d0e0f
/* x^-1 and the reduction constant; see "GHASH arithmetic" below */
.Lgfpoly:
	.octa	0xc2000000000000000000000000000001
/* Counter increment per vector: VL/16 blocks */
.Lctr_inc_ymm:
	.octa	2
.Lctr_inc_zmm:
	.octa	4

.text

/*
 * Register roles (the names of aes-macros.h).  _set_veclen binds every name
 * below to a register of the given width (16: xmm, 32: ymm, 64: zmm), and
 * NAME_XMM / NAME_YMM to its low 128 / 256 bits, on the same line.
 *
 *   AESDATA0-3      AES state: counter blocks becoming keystream/output
 *   GHASHDATA0-3    blocks to be hashed (ciphertext, or AAD)
 *   LO, MI, HI      unreduced GHASH sums (see _ghash_reduce)
 *   TMP0-3          temporaries (in the tails TMP0 holds the key powers)
 *   GHASH_ACC       the GHASH accumulator, only its low 128 bits non-zero
 *   BSWAP_MASK      .Lbswap_mask in every lane
 *   GFPOLY          .Lgfpoly in every lane
 *   LE_CTR          the little-endian counters of the next vector
 *   LE_CTR_INC      VL/16 in the low dword of each lane
 *   RNDKEY0         the first AES round key, in every lane
 *   RNDKEYLAST      the last AES round key, in every lane
 *   RNDKEY_M9-M1    the 9 round keys before the last (RNDKEY_M1 just before)
 *   H_POW0-3        main loop of the register form only, in RNDKEY_M4-M1's
 *                   registers: the 4 vectors of key powers H^m..H^1
 *                   (m = 4 * VL/16)
 *   RNDKEY          a round key broadcast from memory: the early AES-192/256
 *                   ones, and in the register form's loop those of
 *                   RNDKEY_M4-M1
 *
 * RNDKEY is a register below 16, so that on ymm it is loaded with the VEX
 * vbroadcasti128 (see _vbroadcast_rndkey); TMP3, which takes register 31,
 * is only ever an operand of EVEX instructions.
 */
.macro _vreg name, n, w
	.set \name, %\w\()\n
	.set \name\()_YMM, %ymm\n
	.set \name\()_XMM, %xmm\n
.endm

.macro _def_vregs w
	_vreg AESDATA0, 0, \w
	_vreg AESDATA1, 1, \w
	_vreg AESDATA2, 2, \w
	_vreg AESDATA3, 3, \w
	_vreg GHASHDATA0, 4, \w
	_vreg GHASHDATA1, 5, \w
	_vreg GHASHDATA2, 6, \w
	_vreg GHASHDATA3, 7, \w
	_vreg LO, 8, \w
	_vreg MI, 9, \w
	_vreg HI, 10, \w
	_vreg TMP0, 11, \w
	_vreg TMP1, 12, \w
	_vreg TMP2, 13, \w
	_vreg RNDKEY, 14, \w
	_vreg GHASH_ACC, 15, \w
	_vreg BSWAP_MASK, 16, \w
	_vreg GFPOLY, 17, \w
	_vreg LE_CTR, 18, \w
	_vreg LE_CTR_INC, 19, \w
	_vreg RNDKEY0, 20, \w
	_vreg RNDKEYLAST, 21, \w
	_vreg RNDKEY_M9, 22, \w
	_vreg RNDKEY_M8, 23, \w
	_vreg RNDKEY_M7, 24, \w
	_vreg RNDKEY_M6, 25, \w
	_vreg RNDKEY_M5, 26, \w
	_vreg RNDKEY_M4, 27, \w
	_vreg RNDKEY_M3, 28, \w
	_vreg RNDKEY_M2, 29, \w
	_vreg RNDKEY_M1, 30, \w
	_vreg H_POW0, 27, \w
	_vreg H_POW1, 28, \w
	_vreg H_POW2, 29, \w
	_vreg H_POW3, 30, \w
	_vreg TMP3, 31, \w
.endm

.macro _set_veclen vl
	.set VL, \vl
	.if VL == 16
		_def_vregs xmm
	.elseif VL == 32
		_def_vregs ymm
	.else
		_def_vregs zmm
	.endif
.endm

/*
 * General-purpose registers.  Those of the arguments follow the SysV order;
 * the update functions use (the others rebind some names):
 */
.set KEY,		%rdi	/* const struct aes_gcm_key_vaes_avx10 * */
.set LE_CTR_PTR,	%rsi	/* const u32 le_ctr[4]; then a temporary */
.set GTMP0,		%rsi
.set GTMP0_32,		%esi
.set GHASH_ACC_PTR,	%rdx	/* u8 ghash_acc[16] */
.set SRC,		%rcx
.set DST,		%r8
.set DATALEN,		%r9	/* bytes not yet processed */
.set DATALEN32,		%r9d
.set KEYLEN,		%r10	/* 16, 24 or 32 */
.set KEYLEN32,		%r10d
.set EARLY_RK,		%rsi	/* see _aes_early_rounds */
.set RNDKEYLAST_PTR,	%r11	/* &key_enc[4 * nrounds], the last round key */
.set POWERS_PTR,	%rax	/* zmm main loop: the powers H^m..H^1 */
.set POWERS_IDX,	%rax	/* tail: KEY + POWERS_TAIL + this: the next */
.set POWERS_TAIL,	GCM_H_POWERS_OFFSET + 16 * 16 /* the end of H^16..H^1 */

/*
 * GHASH arithmetic
 * ----------------
 * This is the driver's one derivation of the GHASH representation (bit
 * reflection, the x^-1 factor in the stored key powers, the reduction
 * constant); aes-macros.h and the other GCM files
 * (aes-gcm-vaes-avx2-x86_64.S, aes-gcm-aesni-x86_64.S) refer to it and say
 * only what they do differently (Karatsuba, H^1 * x^64).
 *
 * GCM maps a block b[0..15] to the polynomial whose coefficient of x^k is
 * bit (7 - k % 8) of b[k / 8], and multiplies modulo
 * g(x) = x^128 + x^7 + x^2 + x + 1.  We byte-reverse every block (vpshufb
 * with BSWAP_MASK) and read it as a little-endian 128-bit integer A: then bit
 * (127 - k) of A is the coefficient of x^k, i.e. A is the polynomial with its
 * bits reflected.  This is the representation of aesni-intel.h.
 *
 * vpclmulqdq of two reflected operands a, b (degree < 128) sets bit
 * (127 - i) + (127 - j) = 254 - (i + j) for each product term x^(i+j).  In a
 * 256-bit reflected product, x^k belongs at bit 255 - k; so the carryless
 * product is the reflected form of a * b * x.  The key powers are therefore
 * stored as H^i * x^-1, and clmul(A, H^i * x^-1) is exactly the reflected
 * 256-bit A * H^i.  As x * (x^127 + x^6 + x + 1) = x^128 + x^7 + x^2 + x = 1
 * (mod g), x^-1 = x^127 + x^6 + x + 1, whose reflected form has bits 0, 121,
 * 126 and 127 set: 0xc2000000000000000000000000000001 = .Lgfpoly.
 *
 * With 64x64-bit multiplies, a * b = a1*b1 * 2^128 + (a0*b1 + a1*b0) * 2^64 +
 * a0*b0 (a1 the high half): four vpclmulqdq into HI, MI (two summed) and LO.
 * Karatsuba would save one multiply for two more xors and a precomputed
 * h1^h0 per power; with 32 registers and vpternlogd the schoolbook form is
 * as fast and needs no extra key data.  Sums of products are linear, so many
 * products are summed into one LO/MI/HI and reduced once.
 */

/*
 * LO, MI, HI = the unreduced product a * b: LO = a0*b0, MI = a0*b1 + a1*b0,
 * HI = a1*b1, lane by lane.  Reads \a, \b; writes \lo, \mi, \hi, \t.
 */
.macro _ghash_mul_noreduce a, b, lo, mi, hi, t
	vpclmulqdq	$0x00, \a, \b, \lo
	vpclmulqdq	$0x01, \a, \b, \mi
	vpclmulqdq	$0x10, \a, \b, \t
	vpclmulqdq	$0x11, \a, \b, \hi
	vpxord		\t, \mi, \mi
.endm

/*
 * LO, MI, HI += \a * \b unreduced, lane by lane.  \b may be memory.
 * Reads \a, \b; updates \lo, \mi, \hi; clobbers \t1-\t3.
 */
.macro _ghash_mul_acc a, b, lo, mi, hi, t1, t2, t3
	vpclmulqdq	$0x00, \b, \a, \t1
	vpclmulqdq	$0x11, \b, \a, \t2
	vpclmulqdq	$0x01, \b, \a, \t3
	vpxord		\t1, \lo, \lo
	vpxord		\t2, \hi, \hi
	vpclmulqdq	$0x10, \b, \a, \t1
	vpternlogd	$0x96, \t1, \t3, \mi	/* mi ^= t1 ^ t3 */
.endm

/*
 * Reduce the 256-bit reflected value V = HI * 2^128 + MI * 2^64 + LO (lane by
 * lane) modulo g, leaving the 128-bit reflected result in \hi.
 * Reads \gfpoly (.Lgfpoly in each lane); clobbers \lo, \mi, \t.
 *
 * Bits 128..255 of V are the terms x^127..x^0: already reduced.  Bits 0..63
 * (L, the low half of LO) are the terms x^192..x^255: x^192 * l(x), where
 * l's reflected 64-bit form is L.  Since x^128 = x^7 + x^2 + x + 1 (mod g),
 * x^192 * l = x^64 * l * (1 + x + x^2 + x^7).  In reflected terms, x^64 * l
 * is L placed at bits 128..191, and x^64 * l * (x + x^2 + x^7) is L times a
 * constant with bits 127, 126, 121 placed at bit 0 - that is
 * clmul(L, 0xc200000000000000) placed at bit 64.  Both land inside MI's
 * span (bits 64..191): MI ^= swap(LO) ^ clmul(LO.lo, 0xc2 << 56), where
 * swapping LO's halves also adds LO's high half to the same bits 64..127.
 * The products land at degrees 64..134; those at or above 128 (bits
 * 121..127) are cleared by the second step, the same fold one word higher:
 * HI ^= swap(MI) ^ clmul(MI.lo, 0xc2 << 56).  The constant is the high half
 * of .Lgfpoly.
 */
.macro _ghash_reduce lo, mi, hi, gfpoly, t
	vpclmulqdq	$0x01, \lo, \gfpoly, \t
	vpshufd		$0x4e, \lo, \lo
	vpternlogd	$0x96, \t, \lo, \mi
	vpclmulqdq	$0x01, \mi, \gfpoly, \t
	vpshufd		$0x4e, \mi, \mi
	vpternlogd	$0x96, \t, \mi, \hi
.endm

/*
 * GHASH_ACC = the xor of the 128-bit lanes of HI (the per-lane partial sums
 * of one GHASH step).  Reads HI; clobbers TMP0-2 and HI's upper lanes;
 * writes GHASH_ACC with zero upper lanes.
 */
.macro _ghash_horizontal_xor
	.if VL == 64
	vextracti32x4	$1, HI, TMP0_XMM
	vextracti32x4	$2, HI, TMP1_XMM
	vextracti32x4	$3, HI, TMP2_XMM
	vpternlogd	$0x96, TMP0_XMM, TMP1_XMM, HI_XMM
	vpxord		TMP2_XMM, HI_XMM, GHASH_ACC_XMM
	.elseif VL == 32
	vextracti32x4	$1, HI, GHASH_ACC_XMM
	vpxord		HI_XMM, GHASH_ACC_XMM, GHASH_ACC_XMM
	.else
	vmovdqa		HI_XMM, GHASH_ACC_XMM
	.endif
.endm


/*
 * Step \i (0..9) of hashing the 4 vectors GHASHDATA0-3 (blocks in memory
 * order) into GHASH_ACC, with m = 4 * VL/16 blocks:
 *
 *	GHASH_ACC = (GHASH_ACC + B_1) * H^m + B_2 * H^(m-1) + ... + B_m * H^1
 *
 * The main loop spreads the steps between its AES rounds; run in order they
 * are a plain GHASH of 4 vectors.  The 16 products are summed by kind (LO,
 * MI, HI) with vpternlogd trees, and LO is folded into MI (the first half of
 * _ghash_reduce) while the later products are still being computed.
 * The order is tuned, with the rounds of _ctr_crypt_4x, on llvm-mca's
 * Sapphire Rapids and Zen 4 models (bench/model.sh) and on a Zen 4, and the
 * best one differs by form (REG_POWERS, see _main_loop_4x: the powers from
 * registers or from memory): _ghash_step_ymm, tuned on ymm for the
 * register form, and _ghash_step_zmm, tuned on zmm for the memory form,
 * are the same products, sums and reduction in two orders.
 * Reads H_POW0-3 or POWERS_PTR, BSWAP_MASK, GFPOLY, GHASH_ACC; consumes
 * GHASHDATA0-3; writes GHASH_ACC; clobbers LO, MI, HI, TMP0-3.
 * With \x (the register form's loop), each GHASHDATA\j, once its last
 * product is issued, takes RNDKEYLAST ^ source vector \j for the last AES
 * round (_ctr_crypt_4x); this also reads SRC and RNDKEYLAST.
 */
.macro _ghash_step_4x i, x=0
	.if REG_POWERS
	_ghash_step_ymm	\i, \x
	.else
	_ghash_step_zmm	\i
	.endif
.endm

/* ymm: the LO products first, the HI products last */
.macro _ghash_step_ymm i, x
	.if \i == 0
		vpshufb		BSWAP_MASK, GHASHDATA0, GHASHDATA0
		vpxord		GHASH_ACC, GHASHDATA0, GHASHDATA0
	.elseif \i == 1
		vpshufb		BSWAP_MASK, GHASHDATA2, GHASHDATA2
		vpshufb		BSWAP_MASK, GHASHDATA1, GHASHDATA1
		vpshufb		BSWAP_MASK, GHASHDATA3, GHASHDATA3
		_pmul		0x00, 2, GHASHDATA2, TMP1
		_pmul		0x00, 1, GHASHDATA1, MI
		_pmul		0x00, 0, GHASHDATA0, LO
		_pmul		0x00, 3, GHASHDATA3, TMP3
	.elseif \i == 2
		vpternlogd	$0x96, MI, TMP1, LO
	.elseif \i == 3
		_pmul		0x10, 0, GHASHDATA0, TMP0
		_pmul		0x01, 0, GHASHDATA0, MI
		vpxord		TMP3, LO, LO		/* LO complete */
		_pmul		0x01, 1, GHASHDATA1, TMP1
		vpternlogd	$0x96, TMP0, TMP1, MI
	.elseif \i == 4
		_pmul		0x10, 1, GHASHDATA1, TMP2
		vpclmulqdq	$0x01, LO, GFPOLY, TMP3	/* fold LO */
		_pmul		0x01, 2, GHASHDATA2, TMP0
		vpternlogd	$0x96, TMP2, TMP0, MI
		_pmul		0x10, 2, GHASHDATA2, TMP1
	.elseif \i == 5
		_pmul		0x01, 3, GHASHDATA3, TMP0
		vpshufd		$0x4e, LO, LO
		_pmul		0x10, 3, GHASHDATA3, TMP2
		vpternlogd	$0x96, TMP1, TMP0, MI
	.elseif \i == 6
		vpxord		TMP2, MI, MI		/* all MI products */
	.elseif \i == 7
		_pmul		0x11, 1, GHASHDATA1, TMP0
		_src_xor	\x, 1
		_pmul		0x11, 2, GHASHDATA2, TMP1
		vpternlogd	$0x96, TMP3, LO, MI	/* LO folded in */
		_pmul		0x11, 3, GHASHDATA3, TMP2
		_pmul		0x11, 0, GHASHDATA0, HI
		_src_xor	\x, 0
		vpternlogd	$0x96, TMP0, TMP1, HI
		vpclmulqdq	$0x01, MI, GFPOLY, TMP3	/* fold MI */
		_src_xor	\x, 2
	.elseif \i == 8
		vpxord		TMP2, HI, HI		/* all HI products */
		_src_xor	\x, 3
		vpshufd		$0x4e, MI, MI
		vpternlogd	$0x96, TMP3, MI, HI
	.else
		_ghash_horizontal_xor
	.endif
.endm

/* zmm: the products block by block within each kind */
.macro _ghash_step_zmm i
	.if \i == 0
		vpshufb		BSWAP_MASK, GHASHDATA0, GHASHDATA0
		vpxord		GHASH_ACC, GHASHDATA0, GHASHDATA0
		vpshufb		BSWAP_MASK, GHASHDATA1, GHASHDATA1
		vpshufb		BSWAP_MASK, GHASHDATA2, GHASHDATA2
	.elseif \i == 1
		vpshufb		BSWAP_MASK, GHASHDATA3, GHASHDATA3
		_pmul		0x00, 0, GHASHDATA0, LO
		_pmul		0x00, 1, GHASHDATA1, TMP0
		_pmul		0x00, 2, GHASHDATA2, TMP1
	.elseif \i == 2
		_pmul		0x00, 3, GHASHDATA3, TMP2
		vpternlogd	$0x96, TMP0, TMP1, LO
		_pmul		0x01, 0, GHASHDATA0, MI
		_pmul		0x10, 0, GHASHDATA0, TMP0
	.elseif \i == 3
		vpxord		TMP2, LO, LO		/* LO complete */
		_pmul		0x01, 1, GHASHDATA1, TMP1
		_pmul		0x10, 1, GHASHDATA1, TMP2
		vpternlogd	$0x96, TMP0, TMP1, MI
	.elseif \i == 4
		vpclmulqdq	$0x01, LO, GFPOLY, TMP3	/* fold LO */
		_pmul		0x01, 2, GHASHDATA2, TMP0
		_pmul		0x10, 2, GHASHDATA2, TMP1
		vpternlogd	$0x96, TMP2, TMP0, MI
	.elseif \i == 5
		vpshufd		$0x4e, LO, LO
		_pmul		0x01, 3, GHASHDATA3, TMP0
		_pmul		0x10, 3, GHASHDATA3, TMP2
		vpternlogd	$0x96, TMP1, TMP0, MI
	.elseif \i == 6
		vpxord		TMP2, MI, MI		/* all MI products */
		_pmul		0x11, 0, GHASHDATA0, HI
		_pmul		0x11, 1, GHASHDATA1, TMP0
		_pmul		0x11, 2, GHASHDATA2, TMP1
	.elseif \i == 7
		vpternlogd	$0x96, TMP3, LO, MI	/* LO folded in */
		_pmul		0x11, 3, GHASHDATA3, TMP2
		vpternlogd	$0x96, TMP0, TMP1, HI
		vpclmulqdq	$0x01, MI, GFPOLY, TMP3	/* fold MI */
	.elseif \i == 8
		vpshufd		$0x4e, MI, MI
		vpxord		TMP2, HI, HI		/* all HI products */
		vpternlogd	$0x96, TMP3, MI, HI
	.else
		_ghash_horizontal_xor
	.endif
.endm

/*
 * \dst = vpclmulqdq \sel of \gd and power vector \j: H_POW\j in the
 * register form, at POWERS_PTR in the memory form
 */
.macro _pmul sel, j, gd, dst
	.if REG_POWERS
	vpclmulqdq	$\sel, H_POW\j, \gd, \dst
	.else
	vpclmulqdq	$\sel, \j * VL(POWERS_PTR), \gd, \dst
	.endif
.endm

/* With \x: GHASHDATA\j = RNDKEYLAST ^ source vector \j (see _ctr_crypt_4x) */
.macro _src_xor x, j
	.if \x
	vpxord		\j * VL(SRC), RNDKEYLAST, GHASHDATA\j
	.endif
.endm

/*
 * The GHASH of one tail vector GHASHDATA0 (blocks in memory order, zero
 * past the data): LO/MI/HI += (GHASHDATA0 + GHASH_ACC) * the powers at KEY +
 * POWERS_TAIL + POWERS_IDX, then GHASH_ACC = 0, so that it is added to the
 * first vector only.  With \first, LO/MI/HI are set to the product
 * instead (saving the zeroing and a step of latency).  Reads KEY,
 * POWERS_IDX, BSWAP_MASK; consumes GHASHDATA0; updates LO, MI, HI,
 * GHASH_ACC; clobbers TMP0-3.
 */
.macro _ghash_tail_vec first=0
	vpshufb		BSWAP_MASK, GHASHDATA0, GHASHDATA0
	vpxord		GHASH_ACC, GHASHDATA0, GHASHDATA0
	vpxor		GHASH_ACC_XMM, GHASH_ACC_XMM, GHASH_ACC_XMM
	vmovdqu8	POWERS_TAIL(KEY, POWERS_IDX), TMP0
	.if \first
	_ghash_mul_noreduce GHASHDATA0, TMP0, LO, MI, HI, TMP1
	.else
	_ghash_mul_acc	GHASHDATA0, TMP0, LO, MI, HI, TMP1, TMP2, TMP3
	.endif
.endm

/*
 * Set up the tail of \len32 (1 .. 4*VL-1) bytes: POWERS_IDX = -16 * n, so
 * that the tail starts with H^n, n = ceil(len / 16) (-len rounded down to
 * a multiple of 16 is -16 * n).
 */
.macro _ghash_tail_begin len32
	mov		\len32, %eax
	neg		POWERS_IDX
	and		$-16, POWERS_IDX
.endm

/*
 * %k1 = a byte mask of the first min(\len64, VL) bytes, \len64 < 256 (bzhi
 * reads only the low byte of its index).  Clobbers \tmp64 (\tmp32 is its
 * low half).
 */
.macro _tail_mask len64, tmp64, tmp32
	mov		$-1, \tmp64
	bzhi		\len64, \tmp64, \tmp64
	.if VL == 64
	kmovq		\tmp64, %k1
	.else
	kmovd		\tmp32, %k1
	.endif
.endm

/* One AES round with round key \k on AESDATA0 (\n = 1) or AESDATA0-3 (4) */
.macro _vaesenc_n k, n
	vaesenc		\k, AESDATA0, AESDATA0
	.if \n == 4
	vaesenc		\k, AESDATA1, AESDATA1
	vaesenc		\k, AESDATA2, AESDATA2
	vaesenc		\k, AESDATA3, AESDATA3
	.endif
.endm

/*
 * RNDKEY = the round key at \src in every 128-bit lane.  On ymm this is the
 * VEX vbroadcasti128, which in a loop of loads and AES rounds runs faster
 * than the EVEX vbroadcasti32x4 on AMD Zen 4 (and is shorter); zmm has only
 * the EVEX form.
 */
.macro _vbroadcast_rndkey src:vararg
	.if VL == 32
	vbroadcasti128	\src, RNDKEY
	.else
	vbroadcasti32x4	\src, RNDKEY
	.endif
.endm

/*
 * The rounds before RNDKEY_M9 (none for AES-128, 2 for AES-192, 4 for AES-256)
 * on AESDATA0 (\n = 1) or AESDATA0-3 (\n = 4), as a loop: their keys are
 * broadcast from memory into RNDKEY, EARLY_RK counting up from -16 * (their
 * number) = 64 - 4 * keylen to 0.  The main loop unrolls these instead
 * (_ctr_crypt_4x).  Reads KEYLEN32, RNDKEYLAST_PTR; clobbers EARLY_RK, RNDKEY
 * and the flags.
 */
.macro _aes_early_rounds n
	imul		$-4, KEYLEN, EARLY_RK
	add		$64, EARLY_RK
	jz		2f
1:
	_vbroadcast_rndkey -9 * 16(RNDKEYLAST_PTR, EARLY_RK)
	_vaesenc_n	RNDKEY, \n
	add		$16, EARLY_RK
	jnz		1b
2:
.endm

/* GHASHDATA0-3 = the 4 vectors at \first * VL(\base) and after */
.macro _load_ghashdata base, first
	.irp i, 0, 1, 2, 3
	vmovdqu8	(\first + \i) * VL(\base), GHASHDATA\i
	.endr
.endm

/* The GHASH of GHASHDATA0-3, its 10 steps in a row (no AES beside them) */
.macro _ghash_4x
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9
	_ghash_step_4x	\i
	.endr
.endm

/*
 * AES-CTR of 4 vectors (4*VL bytes) from SRC to DST and, when \ghash, the
 * 10 steps of the GHASH of GHASHDATA0-3 spread over the last 9 AES rounds.
 * The output goes to GHASHDATA0-3 when \enc (for the next call to hash),
 * else to AESDATA0-3; when \ghash && !\enc, GHASHDATA0-3 are first loaded
 * from SRC, so that decryption hashes its own input.  The first call for
 * encryption (\ghash = 0) only encrypts; it is not hot and does its early
 * rounds as a loop.
 * With \lag = 2 (encryption on ymm, three or more groups of 4 vectors), the
 * hashed vectors are the ciphertext two groups back, loaded from DST - 8 *
 * VL, and the output goes to AESDATA0-3 as for decryption: hashing the
 * previous group from registers makes each GHASH wait for the previous
 * iteration's last AES round, a wait that runs from iteration to
 * iteration; on Sapphire Rapids it held this encryption at 0.95-0.97 of
 * Linux 6.12's from 1420 bytes while our decryption, which hashes its
 * input, read 1.00 (now 1.01-1.03).  Two groups stay with \lag = 0 (the
 * second warm-up group would leave one GHASH without AES beside it: 0.96
 * at 256 bytes), and so does zmm, where the same change measured 0.92-0.94
 * of Linux at 768-4096 bytes, for a reason not found.
 * In the register form (REG_POWERS), H_POW0-3 take RNDKEY_M4-M1's
 * registers, so those 4 round keys are broadcast into RNDKEY, each as soon
 * as the round before has read it (_rndkey_m); the last counter increment
 * waits until after the fifth of the last 9 rounds (the next iteration's
 * counter blocks are not needed earlier), and the GHASH steps themselves
 * set up the keys of the last round, RNDKEYLAST ^ source (\x).  In the
 * memory form, those are computed into GHASHDATA0-3 after step 7 of the
 * GHASH, its last read of them, two rounds before the vaesenclast that
 * needs them.
 * Reads SRC, DST, KEY, H_POW0-3 or POWERS_PTR, the round keys, KEYLEN32,
 * RNDKEYLAST_PTR, LE_CTR_INC; advances LE_CTR; clobbers AESDATA0-3,
 * GHASHDATA0-3, TMP0-3, LO, MI, HI, RNDKEY, EARLY_RK (the first call), the
 * flags, and updates GHASH_ACC when \ghash.
 */
.macro _ctr_crypt_4x enc, ghash, lag=0
	.if \ghash && !\enc
	_load_ghashdata	SRC, 0
	.elseif \ghash && \lag
	_load_ghashdata	DST, -8
	.endif
	.irp i, 0, 1, 2, 3
	vpshufb		BSWAP_MASK, LE_CTR, AESDATA\i
	.if \i < 3 || !REG_POWERS
	vpaddd		LE_CTR_INC, LE_CTR, LE_CTR
	.endif
	.endr
	.irp i, 0, 1, 2, 3
	vpxord		RNDKEY0, AESDATA\i, AESDATA\i
	.endr
	.if \ghash
	cmp		$24, KEYLEN32
	jb		128f
	je		192f
	_vbroadcast_rndkey -13 * 16(RNDKEYLAST_PTR)
	_vaesenc_n	RNDKEY, 4
	_vbroadcast_rndkey -12 * 16(RNDKEYLAST_PTR)
	_vaesenc_n	RNDKEY, 4
192:
	_vbroadcast_rndkey -11 * 16(RNDKEYLAST_PTR)
	_vaesenc_n	RNDKEY, 4
	_vbroadcast_rndkey -10 * 16(RNDKEYLAST_PTR)
	_vaesenc_n	RNDKEY, 4
128:
	_rndkey_m	4
	_ghash_step_4x	0
	.else
	_aes_early_rounds 4
	_rndkey_m	4
	.endif
	.irp r, 9, 8, 7, 6, 5, 4, 3, 2, 1
	.if REG_POWERS && \r <= 4
	_vaesenc_n	RNDKEY, 4
	.else
	_vaesenc_n	RNDKEY_M\r, 4
	.endif
	.if \ghash
	_ghash_step_4x	(10 - \r), REG_POWERS
	.endif
	.if \r == 3 && (!\ghash || !REG_POWERS)
	.irp i, 0, 1, 2, 3
	_src_xor	1, \i
	.endr
	.endif
	.if \r == 5 && REG_POWERS
	vpaddd		LE_CTR_INC, LE_CTR, LE_CTR
	.endif
	.if \r <= 4
	_rndkey_m	(\r - 1)
	.endif
	.endr
	.irp i, 0, 1, 2, 3
	.if \enc && !(\ghash && \lag)
	vaesenclast	GHASHDATA\i, AESDATA\i, GHASHDATA\i
	vmovdqu8	GHASHDATA\i, \i * VL(DST)
	.else
	vaesenclast	GHASHDATA\i, AESDATA\i, AESDATA\i
	vmovdqu8	AESDATA\i, \i * VL(DST)
	.endif
	.endr
.endm

/*
 * In the register form, RNDKEY = the key of RNDKEY_M\n (\n = 1..4; else
 * nothing)
 */
.macro _rndkey_m n
	.if REG_POWERS && \n >= 1 && \n <= 4
	_vbroadcast_rndkey -\n * 16(RNDKEYLAST_PTR)
	.endif
.endm

/*
 * _main_loop_4x enc, reg_powers, lag: phase 1's loop (the file header), for
 * DATALEN >= 4 * VL (DATALEN counting 4 * VL less; \lag: see _ctr_crypt_4x),
 * in one of two forms.
 * With \reg_powers the 16 data multiplies of an iteration take the key
 * powers from H_POW0-3 (_load_h_powers), in RNDKEY_M4-M1's registers, and
 * those 4 round keys are broadcast from memory into RNDKEY instead
 * (_rndkey_m); else the multiplies read the powers from memory at
 * POWERS_PTR, and every middle round key stays in its register.  ymm runs
 * the first form; zmm the first on Intel and the second on AMD (the glue
 * sets aes_gcm_amd_form by vendor), since either form is slower on the
 * other vendor: on AMD Zen 4 the register form measured 4-5 % slower at
 * 4-16 KiB (a vbroadcasti32x4 to zmm costs more there than the loads it
 * saves), while on an Intel Sapphire Rapids the memory form measured 0.93
 * of Linux 6.12's AES-256 encryption from 4 KiB, and a copy in the
 * register form (Linux's choice) 0.985-0.99 (an earlier tree); on this
 * tree 0.93-0.94 and 1.00 at 4-16 KiB.  Both forms compute the same; after the register
 * form's loop, RNDKEY_M4-M1 must be reloaded (_reload_rndkeys_m4_m1).
 */
.macro _main_loop_4x enc, reg_powers, lag=0
	.set		REG_POWERS, \reg_powers
.Lmain_loop\@:
	_ctr_crypt_4x	\enc, 1, \lag
	add		$4 * VL, SRC
	add		$4 * VL, DST
	sub		$4 * VL, DATALEN32
	jae		.Lmain_loop\@
.endm

/* H_POW0-3 = the 4 vectors of key powers H^m..H^1 (m = 4 * VL/16) */
.macro _load_h_powers
	.irp j, 0, 1, 2, 3
	vmovdqu8	POWERS_TAIL - (4 - \j) * VL(KEY), H_POW\j
	.endr
.endm

/* RNDKEY_M4-M1 back from memory, after a loop that held H_POW0-3 there */
.macro _reload_rndkeys_m4_m1
	.irp r, 4, 3, 2, 1
	vbroadcasti32x4	-\r * 16(RNDKEYLAST_PTR), RNDKEY_M\r
	.endr
.endm

/*
 * aes_gcm_{enc,dec}_update_vaes_avx10_{256,512}(key, le_ctr, ghash_acc,
 *						   src, dst, datalen)
 * Encrypts or decrypts @datalen bytes and hashes the ciphertext into
 * *ghash_acc; the two phases of the file header.  The tail uses the round
 * keys in registers too, which pays for loading them in short messages
 * (its AES is then one vaesenc per round, not a load and a vaesenc).
 */
.macro _aes_gcm_update enc
	vbroadcasti32x4	.Lbswap_mask(%rip), BSWAP_MASK
	vbroadcasti32x4	.Lgfpoly(%rip), GFPOLY
	vmovdqu		(GHASH_ACC_PTR), GHASH_ACC_XMM
	_vbroadcast128_2q LE_CTR_PTR, LE_CTR, TMP0
	vpaddd		.Lctr_lane_offsets(%rip), LE_CTR, LE_CTR
	.if VL == 64
	vbroadcasti32x4	.Lctr_inc_zmm(%rip), LE_CTR_INC
	.else
	vbroadcasti32x4	.Lctr_inc_ymm(%rip), LE_CTR_INC
	.endif

	/* nrounds = keylen / 4 + 6, and the last key is at 16 * nrounds */
	movl		AES_KEYLEN_OFFSET(KEY), KEYLEN32
	lea		AES_KEY_ENC_OFFSET + 6 * 16(KEY, KEYLEN, 4), RNDKEYLAST_PTR
	vbroadcasti32x4	AES_KEY_ENC_OFFSET(KEY), RNDKEY0
	vbroadcasti32x4	(RNDKEYLAST_PTR), RNDKEYLAST

	.irp r, 9, 8, 7, 6, 5, 4, 3, 2, 1
	.if VL == 64 || \r > 4
	vbroadcasti32x4	-\r * 16(RNDKEYLAST_PTR), RNDKEY_M\r
	.endif
	.endr
	sub		$4 * VL, DATALEN32
	jb		.Ltail_keys\@
	/*
	 * ymm: the register form throughout.  zmm: the memory form for the
	 * code both of its loops share, encryption's first iteration (which
	 * only encrypts) and the hashing of its last one.
	 */
	.set		REG_POWERS, VL == 32
	.if REG_POWERS
	_load_h_powers
	.else
	lea		POWERS_TAIL - 4 * VL(KEY), POWERS_PTR
	.endif
	.if \enc
	/* Nothing to hash yet: the first 4 vectors are only encrypted. */
	_ctr_crypt_4x	1, 0
	add		$4 * VL, SRC
	add		$4 * VL, DST
	sub		$4 * VL, DATALEN32
	jb		.Lghash_last\@
	.if VL == 32
	/*
	 * ymm, three or more groups of 4 vectors: the second group is only
	 * encrypted too, and the loop hashes the ciphertext of two groups
	 * before (see _ctr_crypt_4x).  Two groups take the loop below.
	 */
	cmp		$4 * VL, DATALEN32
	jb		.Lone_behind\@
	_ctr_crypt_4x	1, 0
	add		$4 * VL, SRC
	add		$4 * VL, DST
	sub		$4 * VL, DATALEN32
	_main_loop_4x	1, 1, 2
	jmp		.Lghash_two\@
.Lone_behind\@:
	.endif
	.endif
	.if VL == 64
	/* zmm: the main loop of this CPU's vendor (see _main_loop_4x) */
	cmpb		$0, aes_gcm_amd_form(%rip)
	jne		.Lamd_form\@
	_load_h_powers
	_main_loop_4x	\enc, 1
	_reload_rndkeys_m4_m1
	.if \enc
	jmp		.Lghash_last\@
	.else
	jmp		.Ltail_keys\@
	.endif
.Lamd_form\@:
	.endif
	_main_loop_4x	\enc, (VL == 32)
	.if \enc
	.if VL == 32
	jmp		.Lghash_last\@
	/* After the two-behind loop: the last two groups, from dst */
.Lghash_two\@:
	_load_ghashdata	DST, -8
	_ghash_4x
	_load_ghashdata	DST, -4
	.endif
	/*
	 * Hash the ciphertext of the last main-loop iteration.  Aligned to
	 * 16 bytes: short messages run this block right after the first
	 * call, and it then starts a fetch block whatever the code before it
	 * (the AES-192/256 rounds above) assembles to.
	 */
	.p2align 4
.Lghash_last\@:
	.set		REG_POWERS, VL == 32
	_ghash_4x
	.endif

	/* On ymm, the tail's rounds take RNDKEY_M4-M1 back from memory. */
.Ltail_keys\@:
	.if VL == 32
	_reload_rndkeys_m4_m1
	.endif
	add		$4 * VL, DATALEN32
	jz		.Ldone\@
	_ghash_tail_begin DATALEN32
	vpxor		%xmm8, %xmm8, %xmm8	/* LO */
	vpxor		%xmm9, %xmm9, %xmm9	/* MI */
	vpxor		%xmm10, %xmm10, %xmm10	/* HI */
.Ltail_loop\@:
	_tail_mask	DATALEN, GTMP0, GTMP0_32
	vpshufb		BSWAP_MASK, LE_CTR, AESDATA0
	vpaddd		LE_CTR_INC, LE_CTR, LE_CTR
	vpxord		RNDKEY0, AESDATA0, AESDATA0
	_aes_early_rounds 1
	.irp r, 9, 8, 7, 6, 5, 4, 3, 2, 1
	vaesenc		RNDKEY_M\r, AESDATA0, AESDATA0
	.endr
	vmovdqu8	(SRC), GHASHDATA0{%k1}{z}
	vpxord		GHASHDATA0, RNDKEYLAST, TMP0
	vaesenclast	TMP0, AESDATA0, AESDATA0
	vmovdqu8	AESDATA0, (DST){%k1}
	.if \enc
	vmovdqu8	AESDATA0, GHASHDATA0{%k1}{z}
	.endif
	_ghash_tail_vec
	add		$VL, SRC
	add		$VL, DST
	add		$VL, POWERS_IDX
	sub		$VL, DATALEN32
	ja		.Ltail_loop\@
	_ghash_reduce	LO, MI, HI, GFPOLY, TMP0
	_ghash_horizontal_xor
.Ldone\@:
	vmovdqu		GHASH_ACC_XMM, (GHASH_ACC_PTR)
	vzeroupper
	RET
.endm

/*
 * \x = AES_K(\x) on one xmm block, as a loop over the round keys in memory
 * (for setkey; the final unrolls it).  Reads KEY; writes KEYLEN32,
 * RNDKEYLAST_PTR; clobbers %rax and the flags.
 */
.macro _aes_encrypt_xmm x
	movl		AES_KEYLEN_OFFSET(KEY), KEYLEN32
	lea		AES_KEY_ENC_OFFSET + 6 * 16(KEY, KEYLEN, 4), RNDKEYLAST_PTR
	vpxor		AES_KEY_ENC_OFFSET(KEY), \x, \x
	lea		AES_KEY_ENC_OFFSET + 16(KEY), %rax
1:
	vaesenc		(%rax), \x, \x
	add		$16, %rax
	cmp		%rax, RNDKEYLAST_PTR
	jne		1b
	vaesenclast	(RNDKEYLAST_PTR), \x, \x
.endm

/*
 * aes_gcm_precompute_vaes_avx10_{256,512}(key): key->h_powers[i] =
 * H^(16-i) * x^-1 in the GHASH representation (H = AES_K(0)), and the
 * padding zeroed.  This runs once per key, so both vector lengths share one
 * ymm implementation.  It works on vectors of two powers: [H^2, H^1] first,
 * and each next one (lower in memory) is the previous one times H^2.
 */
_set_veclen 32
SYM_FUNC_START(aes_gcm_precompute_vaes_avx10_256)
	.set H_CUR, AESDATA0	/* a vector of powers */
	.set H_STEP, AESDATA1	/* H^2 in every lane */
	vpxor		%xmm0, %xmm0, %xmm0
	_aes_encrypt_xmm %xmm0
	vpshufb		.Lbswap_mask(%rip), %xmm0, %xmm0
	vbroadcasti32x4	.Lgfpoly(%rip), GFPOLY

	/*
	 * H * x^-1.  Dividing by x moves each coefficient down one degree,
	 * which in the reflected form is a left shift by one bit, and the
	 * coefficient of x^0 (bit 127) that falls out becomes x^-1 = .Lgfpoly.
	 * So: (h << 1) ^ (bit 127 of h ? .Lgfpoly : 0), without a branch.
	 */
	vpshufd		$0xff, %xmm0, %xmm1
	vpsrad		$31, %xmm1, %xmm1	/* all ones iff bit 127 */
	vpandd		GFPOLY_XMM, %xmm1, %xmm1
	vpsrlq		$63, %xmm0, %xmm2
	vpslldq		$8, %xmm2, %xmm2	/* the carry from bit 63 to 64 */
	vpsllq		$1, %xmm0, %xmm0
	vpternlogd	$0x96, %xmm1, %xmm2, %xmm0

	/* H^2 = (H x^-1) (H x^-1) x, i.e. H^2 x^-1 as stored */
	_ghash_mul_noreduce %xmm0, %xmm0, %xmm3, %xmm4, %xmm5, %xmm6
	_ghash_reduce	%xmm3, %xmm4, %xmm5, GFPOLY_XMM, %xmm6
	vinserti128	$1, %xmm0, %ymm5, H_CUR	/* [H^2, H^1] */
	vinserti128	$1, %xmm5, %ymm5, H_STEP
	lea		POWERS_TAIL - VL(KEY), %rax
	vmovdqu8	H_CUR, (%rax)
.Lnext_powers:
	_ghash_mul_noreduce H_CUR, H_STEP, LO, MI, H_CUR, TMP0
	_ghash_reduce	LO, MI, H_CUR, GFPOLY, TMP0
	sub		$VL, %rax
	vmovdqu8	H_CUR, (%rax)
	lea		GCM_H_POWERS_OFFSET(KEY), %rcx
	cmp		%rcx, %rax
	jne		.Lnext_powers

	vpxor		%xmm0, %xmm0, %xmm0
	vmovdqu		%xmm0, GCM_AVX10_PADDING_OFFSET(KEY)
	vmovdqu		%ymm0, GCM_AVX10_PADDING_OFFSET + 16(KEY)
	vzeroupper
	RET
SYM_FUNC_END(aes_gcm_precompute_vaes_avx10_256)

SYM_FUNC_START(aes_gcm_precompute_vaes_avx10_512)
	jmp		aes_gcm_precompute_vaes_avx10_256
SYM_FUNC_END(aes_gcm_precompute_vaes_avx10_512)

/*
 * u8 aes_gcm_amd_form: nonzero selects the zmm main loop that reads the
 * powers of H from memory (see _main_loop_4x); written before the
 * functions are used.
 */
	.section	.data..ro_after_init, "aw"
SYM_DATA(aes_gcm_amd_form, .byte 0)
	.text

SYM_FUNC_START(aes_gcm_enc_update_vaes_avx10_256)
	_aes_gcm_update	1
SYM_FUNC_END(aes_gcm_enc_update_vaes_avx10_256)
SYM_FUNC_START(aes_gcm_dec_update_vaes_avx10_256)
	_aes_gcm_update	0
SYM_FUNC_END(aes_gcm_dec_update_vaes_avx10_256)

_set_veclen 64
SYM_FUNC_START(aes_gcm_enc_update_vaes_avx10_512)
	_aes_gcm_update	1
SYM_FUNC_END(aes_gcm_enc_update_vaes_avx10_512)
SYM_FUNC_START(aes_gcm_dec_update_vaes_avx10_512)
	_aes_gcm_update	0
SYM_FUNC_END(aes_gcm_dec_update_vaes_avx10_512)

/*
 * aes_gcm_aad_update_vaes_avx10(key, ghash_acc, aad, aadlen): hashes @aadlen
 * bytes into *ghash_acc, on ymm: AAD is usually a few bytes (8..20 for
 * IPsec), so one code path, the GHASH half of the update tail, does chunks
 * of up to 4 vectors (8 blocks, H^n..H^1), reducing once per chunk.  Each
 * chunk's first vector is peeled off to start the sums.
 */
.set AAD,		%rdx
.set AADLEN32,		%ecx
.set CHUNK,		%r8
.set CHUNK32,		%r8d
_set_veclen 32
SYM_FUNC_START(aes_gcm_aad_update_vaes_avx10)
	vbroadcasti32x4	.Lbswap_mask(%rip), BSWAP_MASK
	vbroadcasti32x4	.Lgfpoly(%rip), GFPOLY
	vmovdqu		(%rsi), GHASH_ACC_XMM
	test		AADLEN32, AADLEN32
	jz		.Laad_done
.Laad_chunk:
	/*
	 * The next chunk: min(AADLEN32, 4 * VL) bytes, hashed as a tail.  (A
	 * branch, not cmov: it keeps the usual short AAD's power load early.)
	 */
	mov		AADLEN32, CHUNK32
	cmp		$4 * VL, AADLEN32
	jbe		1f
	mov		$4 * VL, CHUNK32
1:
	sub		CHUNK32, AADLEN32
	_ghash_tail_begin CHUNK32
	/* the first vector's products start the sums: no zeroing, no xor */
	_tail_mask	CHUNK, %r10, %r10d
	vmovdqu8	(AAD), GHASHDATA0{%k1}{z}
	_ghash_tail_vec	1
	jmp		2f
.Laad_vec:
	_tail_mask	CHUNK, %r10, %r10d
	vmovdqu8	(AAD), GHASHDATA0{%k1}{z}
	_ghash_tail_vec
2:
	add		$VL, AAD
	add		$VL, POWERS_IDX
	sub		$VL, CHUNK32
	ja		.Laad_vec
	_ghash_reduce	LO, MI, HI, GFPOLY, TMP0
	_ghash_horizontal_xor
	test		AADLEN32, AADLEN32
	jnz		.Laad_chunk
.Laad_done:
	vmovdqu		GHASH_ACC_XMM, (%rsi)
	vzeroupper
	RET
SYM_FUNC_END(aes_gcm_aad_update_vaes_avx10)

/*
 * aes_gcm_{enc,dec}_final_vaes_avx10(key, le_ctr, ghash_acc, total_aadlen,
 *				      total_datalen[, tag, taglen])
 * Hashes the lengths block, multiplies by H one last time, and encrypts the
 * counter block J0 (le_ctr[3..1] with 1 as its counter) to make the tag
 * E_K(J0) ^ GHASH.  Encryption stores it in *ghash_acc; decryption compares
 * its first @taglen bytes with @tag in constant time: only @taglen bytes of
 * @tag are loaded (masked), the difference is masked to them and tested with
 * vptest, and nothing branches on either.  Both share one body, entered with
 * TAGLEN32 = 0 to encrypt (a load masked to 0 bytes then reads nothing).  All
 * on xmm.
 */
.set TOTAL_AADLEN,	%rcx
.set TOTAL_DATALEN,	%r8
.set TAG,		%r9
.set TAGLEN32,		%eax
/*
 * Step \i (1..9) of HI = GHASH_ACC * TMP1 (= H^1 x^-1), reduced and
 * byte-reflected back to GCM's order: _ghash_mul_noreduce, _ghash_reduce
 * and a vpshufb, split between the rounds of the final's AES.
 */
.macro _final_ghash_step i
	.if \i == 1
		vpclmulqdq	$0x00, TMP1, GHASH_ACC, LO
		vpclmulqdq	$0x01, TMP1, GHASH_ACC, MI
	.elseif \i == 2
		vpclmulqdq	$0x10, TMP1, GHASH_ACC, TMP2
		vpclmulqdq	$0x11, TMP1, GHASH_ACC, HI
	.elseif \i == 3
		vpclmulqdq	$0x01, LO, GFPOLY, TMP0
		vpshufd		$0x4e, LO, LO
	.elseif \i == 4
		vpternlogd	$0x96, TMP2, TMP0, MI
	.elseif \i == 5
		vpxor		LO, MI, MI
	.elseif \i == 6
		vpclmulqdq	$0x01, MI, GFPOLY, TMP0
		vpshufd		$0x4e, MI, MI
	.elseif \i == 7
		vpternlogd	$0x96, TMP0, MI, HI
	.elseif \i == 8
		vpshufb		BSWAP_MASK, HI, HI
	.endif
.endm

_set_veclen 16
	/*
 * _le_ctr_words src, dst: dst = src's low dword, then le_ctr[1], le_ctr[2],
 * le_ctr[3] (xmm registers).  le_ctr[0] is never loaded: the callers have
 * just stored it (1 for the tag's block), and a load overlapping that small
 * store and the older one of the whole counter could take its data from
 * neither, and would wait until both are in the cache.  le_ctr[1] and
 * le_ctr[2..3] come by a 4- and an 8-byte load, each within one store
 * whether the counter was stored as one 16-byte or as two 8-byte pieces.
 * Stored as four 4-byte pieces, as this module's C code writes it, the
 * 8-byte load spans two and must read the cache; the kernel_fpu_begin()
 * between those stores and the call normally gives them time to get there.
 */
.macro _le_ctr_words src, dst
	vpinsrd		$1, 4(LE_CTR_PTR), \src, \dst
	vpinsrq		$1, 8(LE_CTR_PTR), \dst, \dst
.endm

/* only xmm here: the constants in low registers, for VEX encodings */
	.set BSWAP_MASK, %xmm4
	.set GFPOLY, %xmm5
SYM_FUNC_START_LOCAL(aes_gcm_final_vaes_avx10)
	vmovdqa		.Lbswap_mask(%rip), BSWAP_MASK
	vmovdqa		.Lgfpoly(%rip), GFPOLY
	movl		AES_KEYLEN_OFFSET(KEY), KEYLEN32

	/* J0: le_ctr with counter 1, which is also the low dword of GFPOLY */
	_le_ctr_words	GFPOLY, AESDATA0
	vpshufb		BSWAP_MASK, AESDATA0, AESDATA0
	vpxor		AES_KEY_ENC_OFFSET(KEY), AESDATA0, AESDATA0

	/*
	 * The lengths block is be64(aadlen * 8) || be64(datalen * 8);
	 * reflected, the data bits are the low qword and the AAD bits the high.
	 */
	vmovq		TOTAL_DATALEN, TMP0
	vpinsrq		$1, TOTAL_AADLEN, TMP0, TMP0
	vpsllq		$3, TMP0, TMP0		/* bytes to bits */
	vpxor		(GHASH_ACC_PTR), TMP0, GHASH_ACC
	vmovdqu		GCM_H_POWERS_OFFSET + 15 * 16(KEY), TMP1

	mov		$-1, %esi		/* LE_CTR_PTR is free now */
	bzhi		TAGLEN32, %esi, %esi
	kmovd		%esi, %k1		/* the bytes of @tag */
	vmovdqu8	(TAG), TMP3{%k1}{z}	/* or 0 for encryption */
	lea		AES_KEY_ENC_OFFSET + 6 * 16(KEY, KEYLEN, 4), RNDKEYLAST_PTR

	/*
	 * AES_K(J0) with the last GHASH multiplication spread over its rounds
	 * (they wait on vaesenc latency; the multiply fills the gaps).  Rounds
	 * 1..9 first, as they do not depend on the key length.
	 */
	.irp r, 1, 2, 3, 4, 5, 6, 7, 8, 9
	vaesenc		AES_KEY_ENC_OFFSET + \r * 16(KEY), AESDATA0, AESDATA0
	_final_ghash_step \r
	.endr
	cmp		$24, KEYLEN32
	jb		1f
	vaesenc		AES_KEY_ENC_OFFSET + 10 * 16(KEY), AESDATA0, AESDATA0
	vaesenc		AES_KEY_ENC_OFFSET + 11 * 16(KEY), AESDATA0, AESDATA0
	je		1f
	vaesenc		AES_KEY_ENC_OFFSET + 12 * 16(KEY), AESDATA0, AESDATA0
	vaesenc		AES_KEY_ENC_OFFSET + 13 * 16(KEY), AESDATA0, AESDATA0
1:
	/*
	 * The xors with the GHASH and with @tag are folded into the last
	 * round, as in the update functions: AESDATA0 = the tag, or tag ^ @tag.
	 */
	vpternlogd	$0x96, (RNDKEYLAST_PTR), TMP3, HI
	vaesenclast	HI, AESDATA0, AESDATA0
	test		TAGLEN32, TAGLEN32
	jz		.Lstore_tag
	vmovdqu8	AESDATA0, AESDATA0{%k1}{z}	/* the differing bits */
	xor		%eax, %eax
	vptest		AESDATA0, AESDATA0
	sete		%al
	RET
.Lstore_tag:
	vmovdqu		AESDATA0, (GHASH_ACC_PTR)
	RET
SYM_FUNC_END(aes_gcm_final_vaes_avx10)

SYM_FUNC_START(aes_gcm_enc_final_vaes_avx10)
	xor		TAGLEN32, TAGLEN32	/* no @tag: nothing is read */
	mov		GHASH_ACC_PTR, TAG
	jmp		aes_gcm_final_vaes_avx10
SYM_FUNC_END(aes_gcm_enc_final_vaes_avx10)

SYM_FUNC_START(aes_gcm_dec_final_vaes_avx10)
	movl		8(%rsp), TAGLEN32	/* the 7th argument */
	jmp		aes_gcm_final_vaes_avx10
SYM_FUNC_END(aes_gcm_dec_final_vaes_avx10)

/*
 * aes_gcm_{enc,dec}_oneshot_vaes_avx10_{256,512}(key, le_ctr, aad, aadlen,
 *		src, dst, datalen, tag[, taglen])
 * A whole message in one call (contract: aesni-intel.h).  Both directions
 * share one body per vector length; the entry points differ only in %k5,
 * all ones to encrypt and zero to decrypt, which selects what is hashed
 * and what is done with the tag.
 *
 * Short messages, a + d <= 15 with a = ceil(aadlen / 16) and d =
 * ceil(datalen / 16), so that AAD, data and the lengths block are at most
 * the 16 blocks the key's powers cover, are hashed as one GHASH step with
 * one reduction: AAD block i times H^(a+d+1-i), data block i times
 * H^(d+1-i), the lengths block times H^1, all summed unreduced, and nothing
 * is stored in between.  The lengths block's and the AAD's products and
 * the AES of J0 (the tag mask) do not depend on the data: they come first
 * in the instruction stream, and the out-of-order core runs them beside
 * the data's AES; the data is then done one vector at a time as in the
 * update tail (masked loads and stores, AES then GHASH), the vectors'
 * AES chains overlapping.  That holds for ymm too, whose 8-15 blocks are
 * 4-8 vectors (vaes_avx10_256 is what the glue prefers on the Intel CPUs
 * whose zmm code downclocks): on Sapphire Rapids this path read 1.02-1.11
 * of Linux 6.12's four calls at 128-200 bytes, where the update's 4-vector
 * loop, called as below, read 0.90-0.96.
 *
 * Longer messages call the update functions (whose main loop does 4
 * vectors per reduction) between aes_gcm_aad_update_vaes_avx10 and the
 * final, with the GHASH accumulator and the data's le_ctr on the stack.
 */
.set OS_AAD,		%rdx	/* aad, advanced */
.set OS_SRC,		%r8	/* src, advanced */
.set OS_DST,		%r9	/* dst, advanced */
.set OS_AADLEN,		%rcx	/* aad bytes left (low 32 bits) */
.set OS_AADLEN32,	%ecx
.set OS_LEFT,		%rcx	/* data bytes left */
.set OS_LEFT32,		%ecx
.set OS_MASK,		%rdx	/* scratch: byte masks */
.set OS_MASK32,		%edx
.set OS_MASK2,		%rsi	/* the same, while OS_MASK is OS_AAD */
.set OS_MASK2_32,	%esi
/* the stack arguments, from the entry points' %rsp */
.set OS_DATALEN_ARG,	8
.set OS_TAG_ARG,	16
.set OS_TAGLEN_ARG,	24

/* Vector registers of the one-shot beyond _def_vregs' roles */
.macro _set_oneshot_vregs
	.set TAGMASK, AESDATA1		/* lane 0: E_K(J0) */
	.set TAGMASK_XMM, AESDATA1_XMM
	.set LENBLK, AESDATA2		/* lane 0: the lengths block */
	.set LENBLK_XMM, AESDATA2_XMM
.endm

.macro _aes_gcm_oneshot
	_set_oneshot_vregs
	/* a + d, and whether the message is short */
	mov		OS_AADLEN32, %eax
	add		$15, %rax
	shr		$4, %rax
	movl		OS_DATALEN_ARG(%rsp), %r10d
	add		$15, %r10
	shr		$4, %r10
	add		%r10, %rax
	cmp		$15, %rax
	ja		.Llong\@

	vbroadcasti32x4	.Lbswap_mask(%rip), BSWAP_MASK
	vbroadcasti32x4	.Lgfpoly(%rip), GFPOLY
	movl		AES_KEYLEN_OFFSET(KEY), KEYLEN32
	lea		AES_KEY_ENC_OFFSET + 6 * 16(KEY, KEYLEN, 4), RNDKEYLAST_PTR
	vbroadcasti32x4	AES_KEY_ENC_OFFSET(KEY), RNDKEY0
	vbroadcasti32x4	(RNDKEYLAST_PTR), RNDKEYLAST
	.irp r, 9, 8, 7, 6, 5, 4, 3, 2, 1
	vbroadcasti32x4	-\r * 16(RNDKEYLAST_PTR), RNDKEY_M\r
	.endr

	/*
	 * TAGMASK = E_K(J0), J0 being le_ctr as given (counter 1), on xmm;
	 * LE_CTR = the counters 2, 3, ... of the data's first vector.
	 */
	/* (le_ctr[0] is 1, the one-shot contract: GFPOLY's low dword) */
	_le_ctr_words	GFPOLY_XMM, LE_CTR_XMM
	vshufi64x2	$0, LE_CTR, LE_CTR, LE_CTR
	vpshufb		BSWAP_MASK_XMM, LE_CTR_XMM, TAGMASK_XMM
	vpaddd		.Lctr_lane_offsets + 16(%rip), LE_CTR, LE_CTR
	.if VL == 64
	vbroadcasti32x4	.Lctr_inc_zmm(%rip), LE_CTR_INC
	.else
	vbroadcasti32x4	.Lctr_inc_ymm(%rip), LE_CTR_INC
	.endif
	vpxord		RNDKEY0_XMM, TAGMASK_XMM, TAGMASK_XMM
	imul		$-4, KEYLEN, EARLY_RK
	add		$64, EARLY_RK
	jz		2f
1:
	vaesenc		-9 * 16(RNDKEYLAST_PTR, EARLY_RK), TAGMASK_XMM, TAGMASK_XMM
	add		$16, EARLY_RK
	jnz		1b
2:
	.irp k, RNDKEY_M9_XMM, RNDKEY_M8_XMM, RNDKEY_M7_XMM, RNDKEY_M6_XMM, \
		RNDKEY_M5_XMM, RNDKEY_M4_XMM, RNDKEY_M3_XMM, RNDKEY_M2_XMM, \
		RNDKEY_M1_XMM
	vaesenc		\k, TAGMASK_XMM, TAGMASK_XMM
	.endr
	vaesenclast	RNDKEYLAST_XMM, TAGMASK_XMM, TAGMASK_XMM

	/*
	 * LO/MI/HI = the lengths block times H^1, in lane 0 (the zero blocks
	 * after H^1 in the key struct fill the other lanes of the load).  The
	 * reflected lengths block: data bits in the low qword, AAD bits high.
	 */
	vmovd		OS_DATALEN_ARG(%rsp), LENBLK_XMM
	vpinsrd		$2, OS_AADLEN32, LENBLK_XMM, LENBLK_XMM
	vpsllq		$3, LENBLK, LENBLK
	vmovdqu8	POWERS_TAIL - 16(KEY), TMP0
	_ghash_mul_noreduce LENBLK, TMP0, LO, MI, HI, TMP1

	/* The AAD: block i (from 0) times H^(a+d+1-i): POWERS_IDX = -16(a+d+1) */
	inc		%rax
	neg		%rax
	shl		$4, %rax
	test		OS_AADLEN32, OS_AADLEN32
	jz		.Laad_done\@
.Laad_loop\@:
	_tail_mask	OS_AADLEN, OS_MASK2, OS_MASK2_32
	vmovdqu8	(OS_AAD), GHASHDATA0{%k1}{z}
	vpshufb		BSWAP_MASK, GHASHDATA0, GHASHDATA0
	vmovdqu8	POWERS_TAIL(KEY, POWERS_IDX), TMP0
	_ghash_mul_acc	GHASHDATA0, TMP0, LO, MI, HI, TMP1, TMP2, TMP3
	add		$VL, OS_AAD
	add		$VL, POWERS_IDX
	sub		$VL, OS_AADLEN32
	ja		.Laad_loop\@
.Laad_done\@:

	/*
	 * The data: block i (from 0) times H^(d+1-i), the lengths block being
	 * last, from POWERS_IDX = -16(d+1) = -(datalen + 16) rounded down to
	 * a multiple of 16.
	 */
	movl		OS_DATALEN_ARG(%rsp), OS_LEFT32
	test		OS_LEFT32, OS_LEFT32
	jz		.Ldata_done\@
	lea		16(OS_LEFT), %eax
	neg		%rax
	and		$-16, %rax
.Ldata_loop\@:
	_tail_mask	OS_LEFT, OS_MASK, OS_MASK32
	vpshufb		BSWAP_MASK, LE_CTR, AESDATA0
	vpaddd		LE_CTR_INC, LE_CTR, LE_CTR
	vpxord		RNDKEY0, AESDATA0, AESDATA0
	_aes_early_rounds 1
	.irp r, 9, 8, 7, 6, 5, 4, 3, 2, 1
	vaesenc		RNDKEY_M\r, AESDATA0, AESDATA0
	.endr
	vmovdqu8	(OS_SRC), GHASHDATA0{%k1}{z}
	vpxord		GHASHDATA0, RNDKEYLAST, TMP0
	vaesenclast	TMP0, AESDATA0, AESDATA0
	vmovdqu8	AESDATA0, (OS_DST){%k1}
	/*
	 * Encryption hashes its output, decryption its input: by a branch
	 * on the direction (no secret), as a masked move would make
	 * decryption's GHASH wait for the AES too (its merge reads
	 * AESDATA0 even with no byte enabled).
	 */
	kortestq	%k5, %k5
	jz		3f
	vmovdqu8	AESDATA0, GHASHDATA0{%k1}{z}
3:
	vpshufb		BSWAP_MASK, GHASHDATA0, GHASHDATA0
	vmovdqu8	POWERS_TAIL(KEY, POWERS_IDX), TMP0
	_ghash_mul_acc	GHASHDATA0, TMP0, LO, MI, HI, TMP1, TMP2, TMP3
	add		$VL, OS_SRC
	add		$VL, OS_DST
	add		$VL, POWERS_IDX
	sub		$VL, OS_LEFT32
	ja		.Ldata_loop\@
.Ldata_done\@:

	/* tag = E_K(J0) ^ the byte-reflected GHASH */
	_ghash_reduce	LO, MI, HI, GFPOLY, TMP0
	_ghash_horizontal_xor
	vpshufb		BSWAP_MASK_XMM, GHASH_ACC_XMM, GHASH_ACC_XMM
	vpxord		TAGMASK_XMM, GHASH_ACC_XMM, GHASH_ACC_XMM
	jmp		aes_gcm_oneshot_tag_vaes_avx10

.Llong\@:
	mov		$VL, %r10d
	jmp		aes_gcm_oneshot_long_vaes_avx10
.endm

/*
 * The end of both vector lengths' one-shot: GHASH_ACC_XMM holds the tag;
 * encryption (%k5 all ones) stores it, decryption compares its first
 * taglen bytes with @tag, reading only those (masked), without a branch on
 * either.  Entered by a jump, with the entry point's stack arguments.
 */
SYM_FUNC_START_LOCAL(aes_gcm_oneshot_tag_vaes_avx10)
	mov		OS_TAG_ARG(%rsp), %rax
	kortestq	%k5, %k5
	jz		1f
	vmovdqu		GHASH_ACC_XMM, (%rax)
	vzeroupper
	RET
1:
	movl		OS_TAGLEN_ARG(%rsp), %esi
	mov		$-1, %edx
	bzhi		%esi, %edx, %edx
	kmovd		%edx, %k1
	vmovdqu8	(%rax), TMP0_XMM{%k1}{z}
	vpxord		TMP0_XMM, GHASH_ACC_XMM, GHASH_ACC_XMM
	vmovdqu8	GHASH_ACC_XMM, GHASH_ACC_XMM{%k1}{z}
	xor		%eax, %eax
	vptest		GHASH_ACC_XMM, GHASH_ACC_XMM
	sete		%al
	vzeroupper
	RET
SYM_FUNC_END(aes_gcm_oneshot_tag_vaes_avx10)

/*
 * The long-message path of both vector lengths (%r10d = VL; the one-shot's
 * arguments as at entry): aes_gcm_aad_update_vaes_avx10, the update
 * function of that VL and direction, and aes_gcm_final_vaes_avx10 (asked
 * to store the tag), on a frame of ghash_acc (at 0), le_ctr with counter 2
 * (16) and the saved arguments; then the tag is handled as above.
 */
.set OS_FRAME,		80
SYM_FUNC_START_LOCAL(aes_gcm_oneshot_long_vaes_avx10)
	sub		$OS_FRAME, %rsp
	mov		KEY, 32(%rsp)
	mov		LE_CTR_PTR, 40(%rsp)
	mov		OS_SRC, 48(%rsp)
	mov		OS_DST, 56(%rsp)
	kmovq		%k5, 64(%rsp)
	movl		OS_AADLEN32, 72(%rsp)
	movl		%r10d, 76(%rsp)
	mov		$2, %eax
	vmovd		%eax, %xmm0
	_le_ctr_words	%xmm0, %xmm0
	vmovdqu		%xmm0, 16(%rsp)
	vpxor		%xmm0, %xmm0, %xmm0
	vmovdqu		%xmm0, (%rsp)
	mov		%rsp, %rsi
	call		aes_gcm_aad_update_vaes_avx10

	mov		32(%rsp), %rdi
	lea		16(%rsp), %rsi
	mov		%rsp, %rdx
	mov		48(%rsp), %rcx
	mov		56(%rsp), %r8
	movl		OS_FRAME + OS_DATALEN_ARG(%rsp), %r9d
	/* %eax = VL + the direction (0 or 1) selects the update function */
	kmovd		64(%rsp), %k5
	kmovd		%k5, %eax
	and		$1, %eax
	add		76(%rsp), %eax
	cmp		$64, %eax
	jb		1f
	ja		2f
	call		aes_gcm_dec_update_vaes_avx10_512
	jmp		4f
1:
	cmp		$32, %eax
	jne		3f
	call		aes_gcm_dec_update_vaes_avx10_256
	jmp		4f
3:
	call		aes_gcm_enc_update_vaes_avx10_256
	jmp		4f
2:
	call		aes_gcm_enc_update_vaes_avx10_512
4:
	mov		32(%rsp), %rdi
	mov		40(%rsp), %rsi
	mov		%rsp, %rdx
	movl		72(%rsp), %ecx
	movl		OS_FRAME + OS_DATALEN_ARG(%rsp), %r8d
	/*
	 * taglen 0: the final stores the tag to ghash_acc.  %r9, the tag
	 * address it then does not read, must still be a valid one: a
	 * masked-off access to an unmapped address costs a microcode assist.
	 */
	xor		%eax, %eax
	mov		%rsp, %r9
	call		aes_gcm_final_vaes_avx10
	vmovdqu		(%rsp), GHASH_ACC_XMM
	kmovq		64(%rsp), %k5
	add		$OS_FRAME, %rsp
	jmp		aes_gcm_oneshot_tag_vaes_avx10
SYM_FUNC_END(aes_gcm_oneshot_long_vaes_avx10)

_set_veclen 32
SYM_FUNC_START_LOCAL(aes_gcm_oneshot_vaes_avx10_256)
	_aes_gcm_oneshot
SYM_FUNC_END(aes_gcm_oneshot_vaes_avx10_256)
SYM_FUNC_START(aes_gcm_enc_oneshot_vaes_avx10_256)
	kxnorq		%k5, %k5, %k5
	jmp		aes_gcm_oneshot_vaes_avx10_256
SYM_FUNC_END(aes_gcm_enc_oneshot_vaes_avx10_256)
SYM_FUNC_START(aes_gcm_dec_oneshot_vaes_avx10_256)
	kxorq		%k5, %k5, %k5
	jmp		aes_gcm_oneshot_vaes_avx10_256
SYM_FUNC_END(aes_gcm_dec_oneshot_vaes_avx10_256)

_set_veclen 64
SYM_FUNC_START_LOCAL(aes_gcm_oneshot_vaes_avx10_512)
	_aes_gcm_oneshot
SYM_FUNC_END(aes_gcm_oneshot_vaes_avx10_512)
SYM_FUNC_START(aes_gcm_enc_oneshot_vaes_avx10_512)
	kxnorq		%k5, %k5, %k5
	jmp		aes_gcm_oneshot_vaes_avx10_512
SYM_FUNC_END(aes_gcm_enc_oneshot_vaes_avx10_512)
SYM_FUNC_START(aes_gcm_dec_oneshot_vaes_avx10_512)
	kxorq		%k5, %k5, %k5
	jmp		aes_gcm_oneshot_vaes_avx10_512
SYM_FUNC_END(aes_gcm_dec_oneshot_vaes_avx10_512)
