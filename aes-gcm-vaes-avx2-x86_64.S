/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * AES-GCM for x86-64 CPUs with VAES and VPCLMULQDQ but without AVX-512
 * ("vaes_avx2": AMD Zen 3, Intel Alder Lake and later client cores).
 *
 * Required CPU features: AES-NI, PCLMULQDQ, AVX, AVX2, VAES, VPCLMULQDQ.
 * Only VEX encodings are used: 16 vector registers, no opmask registers, no
 * EVEX, so nothing here needs AVX-512 / AVX10.  BMI2 is not used.
 *
 * ABI: the x86-64 System V calling convention, as the kernel uses it.  Only
 * caller-saved registers are used, and every function using ymm registers
 * ends with vzeroupper (the final functions use only xmm registers, whose
 * VEX forms leave the upper halves clean, and need none).  No stack and no
 * calls, except in the one-shot functions' path for long data, which calls
 * the update function on a frame (FRAME_BEGIN, so it unwinds either way).
 * The callers (the C glue) hold the FPU with kernel_fpu_begin().  Prototypes
 * and semantics (le_ctr, ghash_acc, which update lengths may be partial) are
 * those of aesni-intel.h; lengths and the tag length are public, so branches
 * on them are fine, while no branch or address depends on keys or data.
 *
 * Design
 * ------
 *
 * A 256-bit ymm register holds two 128-bit blocks, one per 128-bit lane;
 * VAES and VPCLMULQDQ operate on each lane independently.  "A vector" below
 * means one ymm register, i.e. two consecutive blocks.
 *
 * Bulk data: the main loop handles 4 vectors = 8 blocks = 128 bytes per
 * iteration.  It runs the AES-CTR rounds of the 8 counter blocks and, spread
 * between those rounds, the GHASH of 8 ciphertext blocks: for decryption the
 * blocks being decrypted (the ciphertext is the input), for encryption the 8
 * blocks produced two iterations before (so the first two iterations of an
 * encryption only encrypt, and the last 16 (or 8) are hashed after the loop;
 * the blocks of the iteration just before were stored a few cycles earlier
 * and would reach the loads only by store-to-load forwarding, on the loop's
 * critical path; with only 2 iterations in all, the second hashes the
 * first's output).  The GHASH of the 8 blocks multiplies them by H^8 ..
 * H^1 (see below) with Karatsuba multiplication, sums the 8 unreduced
 * 256-bit products and reduces once.  The loop is bound by its vector
 * instructions, VAESENC and VPCLMULQDQ above all, which share execution
 * pipes, rather than by the order of the interleaving, so every vector
 * instruction saved counts: hence Karatsuba rather than schoolbook
 * products, round keys broadcast once into registers, and the reduction on
 * the whole ymm accumulator.
 *
 * Tails: what is left after the main loop (1..127 bytes, of which the last
 * block may be partial) is encrypted with one more run of the AES rounds on
 * as many counter blocks as cover it: 1 block (xmm), 1, 2 or 4 vectors, all
 * in parallel, since the AES latency is what short messages wait for.  (The
 * 1-vector case is there because a vector more than needed lengthens the
 * rounds of a 17..32-byte message; a 3-vector case for 65..96 bytes would
 * save less and cost 750 bytes of code.)
 * The keystream is then consumed a vector, then a block, then a partial block
 * at a time, and the tail's ciphertext hashed, both by one macro,
 * _ghash_tail: the nb <= 8 remaining blocks are multiplied by H^nb .. H^1,
 * the unreduced products summed and the sum reduced once; the last block
 * (times H^1) is reduced on its own, in parallel, by the shorter
 * _ghash_mul_h1, which is also what the lengths block in the final step
 * uses.  Encryption hashes each piece of its output from the register that
 * holds it, its padding masked off, as it is written (re-reading the
 * just-written output instead would put store-to-load forwarding on the
 * critical path of a short message).  Decryption hashes its input first, in a pass of its own over
 * memory, before the AES rounds, and then decrypts without hashing; the
 * associated data's tail takes that same hashing pass.  Messages of one
 * block thus cost three short single-block multiplications in all.
 *
 * Partial blocks are read and written with exact-length accesses: two
 * overlapping 8-byte (or 4-byte) accesses whose bytes are moved into place
 * with VPSHUFB, or single bytes below 4 bytes.  Nothing reads or writes
 * outside the caller's buffers (there is no fault-suppressing byte-masked
 * load/store without AVX-512, and VPMASKMOV only works on 4-byte elements).
 *
 * Not done, on purpose: a second unroll width or more than 4 vectors in
 * flight (16 registers are all in use by the main loop: 4 AES states, a
 * round key, 6 GHASH temporaries and accumulators, counter, increment,
 * byte-swap mask, reduction constant and GHASH accumulator); keeping the
 * counter blocks big-endian to save the VPSHUFB (inc32 would then need a
 * carry path).
 *
 * GHASH
 * -----
 *
 * The representation (byte-reversed blocks read as bit-reflected
 * polynomials, the powers of H stored times x^-1, so that a carryless
 * product of data and a stored power is the reflected data * H^k) and the
 * two folding steps of _ghash_reduce are derived once, in
 * aes-gcm-avx10-x86_64.S ("GHASH arithmetic").  What differs here:
 *
 * Eight powers.  The key holds H^8..H^1 (aesni-intel.h), so at most 8 blocks
 * are multiplied before one reduction; a ymm holds two of them, one per
 * lane, and the lanes of a sum are added before the last reduction.
 *
 * Karatsuba.  For a = a1:a0, b = b1:b0 (64-bit halves), a * b = a1b1 x^128 +
 * ((a0+a1)(b0+b1) + a0b0 + a1b1) x^64 + a0b0: 3 multiplications instead of 4.
 * The main loop uses it: per pair of vectors (4 blocks) the four (a0+a1) are
 * packed into one vector (VPUNPCKLQDQ, VPUNPCKHQDQ and one VPXOR, see
 * _ghash_8blocks_step) and multiplied by the matching four
 * (b0+b1), which the key stores pre-packed in h_powers_xored (see
 * aesni-intel.h), with 2 VPCLMULQDQ.  So 8 blocks cost 8 + 4 multiplications
 * plus 2 for the reduction.  The tail code uses schoolbook (4 per vector): it
 * may start at any power, which the packed layout does not allow.
 *
 * One block times H^1 needs only the second folding step of the reduction
 * (MI into HI), not the first (LO into MI).  With a = a1:a0
 * and b = H^1 (stored), a0 * b sits 64 bits lower than a1 * b, and only its
 * low half reaches below bit 64.  Moving a term 64 bits up multiplies it by
 * x^-64, so a0 * b equals a0 * (b * x^64) moved up by 64 bits.  With b' =
 * H^1 * x^64 (stored in the key as h_times_x64) the product is
 *
 *	M = a0 * b'0 + a1 * b0		(bits 64..191)
 *	N = a0 * b'1 + a1 * b1		(bits 128..255)
 *
 * i.e. MI and HI words with LO = 0: 4 multiplications and one fold, one
 * multiplication less on the latency chain than _ghash_reduce.
 *
 * The GHASH accumulator (ghash_acc between calls) is kept in the reflected
 * form, i.e. byte-reversed, in the low lane of GHASH_ACC; its high lane is
 * always zero so that it can be XORed into a whole vector.
 *
 * Counters: LE_CTR holds the counter block of each lane as the little-endian
 * integer of aesni-intel.h (le_ctr); VPADDD increments only the low 32 bits,
 * which is GCM's inc32, and VPSHUFB with .Lbswap_mask turns it into the
 * big-endian counter block.
 *
 * One call per message
 * --------------------
 *
 * aes_gcm_{enc,dec}_oneshot_vaes_avx2 do what aad_update + update + final
 * do, in registers: no ghash_acc round trip through memory, no reduction
 * between the AAD, the data and the lengths block beyond one per group of
 * at most 8 blocks, and J0 (the tag mask) encrypted in the rounds of the
 * last counter blocks instead of after them.  The lengths block is always
 * the last block hashed, so it is always multiplied by H^1; the tail's data
 * blocks then take H^(nb+1)..H^2 and the lengths block joins their sum, one
 * reduction for all.  Long data (from ONESHOT_SHORT bytes) is throughput,
 * not latency: it is passed to the update function, whose main loop
 * interleaves AES and GHASH.  One body serves both directions (the sign of
 * AADLEN_DIR), which keeps the code about half the size of two.
 */

#include <linux/linkage.h>
#include <asm/frame.h>
#include "aesni-intel.h"
#include "aes-macros.h"

.section .rodata
.p2align 5

/* Reverses the bytes of each 128-bit lane. */
.Lbswap_mask:
	.octa	0x000102030405060708090a0b0c0d0e0f
	.octa	0x000102030405060708090a0b0c0d0e0f

/* The low word of the counter block of the tag */
.Lone:
	.octa	1

/*
 * Lane increments for the initial LE_CTR, and the per-vector increment;
 * the 32 bytes at .Lctr_lanes+16 are the one-shot functions' [1, 2].
 */
.Lctr_lanes:
	.octa	0
	.octa	1
.Linc2:
	.octa	2
	.octa	2

/* x^-1 in the reflected representation; its high half is C above. */
.Lgfpoly:
	.quad	1, 0xc200000000000000
/* x^64 * x^-1 = x^63, to get the stored form of H * x^64 */
.Lx63:
	.quad	0, 1
/* For H * x^-1 in the precompute: bit 0 of the high half is the carry. */
.Lgfpoly_and_carry:
	.quad	1, 0xc200000000000001

/*
 * VPSHUFB controls for partial blocks: 16 bytes loaded at .Lshuf_tab + 16 - s
 * move the bytes of a register s positions up (zeroing below), loaded at
 * .Lshuf_tab + 16 + s move them s positions down.
 */
.Lshuf_tab:
	.octa	0x80808080808080808080808080808080
	.octa	0x0f0e0d0c0b0a09080706050403020100
	.octa	0x80808080808080808080808080808080

/* 16 bytes loaded at .Lones_zeros + 16 - n have the first n bytes all ones. */
.Lones_zeros:
	.octa	0xffffffffffffffffffffffffffffffff
	.octa	0

.text

/*
 * General-purpose register roles (names of aes-macros.h).  The update
 * functions' arguments; the final functions' arguments that differ from them.
 */
.set	KEY,		%rdi	/* struct aes_gcm_key_vaes_avx2 * */
.set	LE_CTR_PTR,	%rsi	/* le_ctr (update/final); free after loading */
.set	GHASH_ACC_PTR,	%rdx	/* ghash_acc (update/final) */
.set	SRC,		%rcx	/* next source data */
.set	DST,		%r8	/* next destination data */
.set	DATALEN,	%r9	/* remaining data length, zero-extended */
.set	DATALEN32,	%r9d
.set	TOTAL_AADLEN,	%rcx	/* final: total_aadlen */
.set	TOTAL_DATALEN,	%r8	/* final: total_datalen */
.set	TAG_PTR,	%r9	/* dec_final: tag (taglen is at 8(%rsp)) */
.set	RNDKEYLAST_PTR,	%r11	/* &round_keys[nrounds] */
.set	KEYLEN,		%r11d	/* briefly, to compute RNDKEYLAST_PTR */
.set	KEYLEN64,	%r11
/* Reusing %rsi once le_ctr is loaded and %r10: */
.set	POWERS_PTR,	%rsi	/* _ghash_tail, precompute: next stored power */
.set	TAILLEN,	%r10	/* _ghash_tail: the whole tail's length */
.set	GTMP1,		%r10	/* scratch where TAILLEN is not live */
.set	GTMP0,		%rax	/* scratch */
.set	GTMP0_32,	%eax
.set	GHASH_PTR,	%rax	/* encryption main loop: next output to hash */

/*
 * Vector register roles (all 16 are named; NAME_XMM, on the line after NAME,
 * is its low half).  AESDATA0..3, RNDKEY: AES states and round key.  TMP0..2,
 * LO, MI, HI: GHASH temporaries and the low, middle and high words of
 * unreduced products.  The others hold what their names say for a whole
 * function.
 */
.set	AESDATA0,	%ymm0
.set	AESDATA0_XMM,	%xmm0
.set	AESDATA1,	%ymm1
.set	AESDATA1_XMM,	%xmm1
.set	AESDATA2,	%ymm2
.set	AESDATA2_XMM,	%xmm2
.set	AESDATA3,	%ymm3
.set	AESDATA3_XMM,	%xmm3
.set	RNDKEY,		%ymm4
.set	RNDKEY_XMM,	%xmm4
.set	BSWAP_MASK,	%ymm5
.set	BSWAP_MASK_XMM,	%xmm5
.set	LE_CTR,		%ymm6
.set	LE_CTR_XMM,	%xmm6
.set	LE_CTR_INC,	%ymm7
/* The one-shot functions: AES(J0), the tag mask, once the counters are made */
.set	TAG_MASK_XMM,	%xmm7
.set	GHASH_ACC,	%ymm8
.set	GHASH_ACC_XMM,	%xmm8
.set	GFPOLY,		%ymm9
.set	GFPOLY_XMM,	%xmm9
.set	TMP0,		%ymm10
.set	TMP0_XMM,	%xmm10
.set	TMP1,		%ymm11
.set	TMP1_XMM,	%xmm11
.set	TMP2,		%ymm12
.set	TMP2_XMM,	%xmm12
.set	LO,		%ymm13
.set	LO_XMM,		%xmm13
.set	MI,		%ymm14
.set	MI_XMM,		%xmm14
.set	HI,		%ymm15
.set	HI_XMM,		%xmm15

/*
 * _ghash_reduce lo, mi, hi, gfpoly, t: the contract of aes-macros.h (\mi the
 * true middle word, result in \hi, clobbers \lo, \mi, \t), on xmm or ymm;
 * the two folding steps derived in aes-gcm-avx10-x86_64.S.
 */
.macro	_ghash_reduce	lo, mi, hi, gfpoly, t
	vpclmulqdq	$0x01, \lo, \gfpoly, \t
	vpshufd		$0x4e, \lo, \lo
	vpxor		\t, \lo, \lo
	vpxor		\lo, \mi, \mi
	vpclmulqdq	$0x01, \mi, \gfpoly, \t
	vpshufd		$0x4e, \mi, \mi
	vpxor		\mi, \hi, \hi
	vpxor		\t, \hi, \hi
.endm

/*
 * _ghash_mul_accum a, b, t, lo=LO, mi=MI, hi=HI: schoolbook multiplication
 * of a by b (register or memory), XORing the unreduced product into lo, mi,
 * hi.  All of the same width (xmm or ymm).  Clobbers t.
 */
.macro	_ghash_mul_accum	a, b, t, lo=LO, mi=MI, hi=HI
	vpclmulqdq	$0x00, \b, \a, \t
	vpxor		\t, \lo, \lo
	vpclmulqdq	$0x01, \b, \a, \t
	vpxor		\t, \mi, \mi
	vpclmulqdq	$0x10, \b, \a, \t
	vpxor		\t, \mi, \mi
	vpclmulqdq	$0x11, \b, \a, \t
	vpxor		\t, \hi, \hi
.endm

/*
 * _ghash_mul a, b, dst, t0, t1, t2 (xmm): dst = a * b, reduced, where b (a
 * register or memory) is a stored power.  a may be dst.  Reads GFPOLY_XMM;
 * clobbers t0..t2.
 */
.macro	_ghash_mul	a, b, dst, t0, t1, t2
	vpclmulqdq	$0x00, \b, \a, \t0
	vpclmulqdq	$0x01, \b, \a, \t1
	vpclmulqdq	$0x10, \b, \a, \t2
	vpxor		\t2, \t1, \t1
	vpclmulqdq	$0x11, \b, \a, \dst
	_ghash_reduce	\t0, \t1, \dst, GFPOLY_XMM, \t2
.endm

/*
 * _ghash_mul_h1 a, dst, t0, t1 (xmm): dst = a * H^1, reduced, using
 * h_times_x64 (see "One block times H^1" in the header).  a may be dst.
 * Reads KEY, GFPOLY_XMM; clobbers t0, t1.
 */
.macro	_ghash_mul_h1	a, dst, t0, t1
	vpclmulqdq	$0x00, GCM_AVX2_H_TIMES_X64_OFFSET(KEY), \a, \t0
	vpclmulqdq	$0x01, GCM_H_POWERS_OFFSET+7*16(KEY), \a, \t1
	vpxor		\t1, \t0, \t0
	vpclmulqdq	$0x10, GCM_AVX2_H_TIMES_X64_OFFSET(KEY), \a, \t1
	vpclmulqdq	$0x11, GCM_H_POWERS_OFFSET+7*16(KEY), \a, \dst
	vpxor		\t1, \dst, \dst
	/* The second half of _ghash_reduce: fold M into N */
	vpclmulqdq	$0x01, \t0, GFPOLY_XMM, \t1
	vpshufd		$0x4e, \t0, \t0
	vpxor		\t0, \dst, \dst
	vpxor		\t1, \dst, \dst
.endm

/*
 * _ghash_8blocks_step s, gbase, goff: step s (0..11) of hashing the 8 blocks
 * at goff(gbase) into GHASH_ACC, i.e. GHASH_ACC = (GHASH_ACC + block 0) *
 * H^8 + block 1 * H^7 + ... + block 7 * H^1.  The steps are pieces small
 * enough for the main loop to put one after each AES round; running steps
 * 0..11 in order hashes 8 blocks on their own.  With gbase empty the 8
 * blocks are AESDATA0..3 (the one-shot functions' chunks), left unchanged.
 *
 * Vector i of the data (blocks 2i, 2i+1) is multiplied by the stored powers
 * at 512 + 32i (H^(8-2i) and H^(7-2i)).  For the middle words, the two
 * vectors A (in TMP2) and B (in TMP0) of a pair are regrouped by 64-bit halves,
 * VPUNPCKLQDQ giving [A.lo, B.lo] and VPUNPCKHQDQ [A.hi, B.hi] in each lane,
 * so that one VPXOR packs the four (a0+a1) in the order of h_powers_xored;
 * that costs 3 instructions per pair where a VPSHUFD + VPXOR per vector and
 * a VPUNPCKLQDQ cost 5 (the main loop is bound by its vector instructions).
 *
 * Each power is loaded into RNDKEY (free between the AES rounds) and taken
 * from there by its two vpclmulqdq, both in the same step.
 *
 * Reads BSWAP_MASK, GFPOLY, KEY; GHASH_ACC (step 1) and writes it (step 11);
 * clobbers TMP0..2, LO, MI, HI, RNDKEY.
 */
.macro	_ghash_8blocks_step	s, gbase, goff
.if (\s) == 0
.ifb \gbase
	vpshufb		BSWAP_MASK, AESDATA0, TMP2
.else
	vmovdqu		\goff+0(\gbase), TMP2
	vpshufb		BSWAP_MASK, TMP2, TMP2
.endif
.elseif (\s) == 1
	vpxor		GHASH_ACC, TMP2, TMP2
	vmovdqu		GCM_H_POWERS_OFFSET(KEY), RNDKEY
	vpclmulqdq	$0x00, RNDKEY, TMP2, LO
	vpclmulqdq	$0x11, RNDKEY, TMP2, HI
.elseif (\s) == 2
.ifb \gbase
	vpshufb		BSWAP_MASK, AESDATA1, TMP0
.else
	vmovdqu		\goff+32(\gbase), TMP0
	vpshufb		BSWAP_MASK, TMP0, TMP0
.endif
	vmovdqu		GCM_H_POWERS_OFFSET+32(KEY), RNDKEY
	vpclmulqdq	$0x00, RNDKEY, TMP0, TMP1
	vpxor		TMP1, LO, LO
	vpclmulqdq	$0x11, RNDKEY, TMP0, TMP1
	vpxor		TMP1, HI, HI
.elseif (\s) == 3
	vpunpckhqdq	TMP0, TMP2, TMP1
	vpunpcklqdq	TMP0, TMP2, TMP0
	vpxor		TMP1, TMP0, TMP0
.elseif (\s) == 4
	vmovdqu		GCM_AVX2_H_POWERS_XORED_OFFSET(KEY), RNDKEY
	vpclmulqdq	$0x00, RNDKEY, TMP0, MI
	vpclmulqdq	$0x11, RNDKEY, TMP0, TMP1
	vpxor		TMP1, MI, MI
.elseif (\s) == 5
.ifb \gbase
	vpshufb		BSWAP_MASK, AESDATA2, TMP2
.else
	vmovdqu		\goff+64(\gbase), TMP2
	vpshufb		BSWAP_MASK, TMP2, TMP2
.endif
	vmovdqu		GCM_H_POWERS_OFFSET+64(KEY), RNDKEY
	vpclmulqdq	$0x00, RNDKEY, TMP2, TMP1
	vpxor		TMP1, LO, LO
	vpclmulqdq	$0x11, RNDKEY, TMP2, TMP1
	vpxor		TMP1, HI, HI
.elseif (\s) == 6
.ifb \gbase
	vpshufb		BSWAP_MASK, AESDATA3, TMP0
.else
	vmovdqu		\goff+96(\gbase), TMP0
	vpshufb		BSWAP_MASK, TMP0, TMP0
.endif
.elseif (\s) == 7
	vmovdqu		GCM_H_POWERS_OFFSET+96(KEY), RNDKEY
	vpclmulqdq	$0x00, RNDKEY, TMP0, TMP1
	vpxor		TMP1, LO, LO
	vpclmulqdq	$0x11, RNDKEY, TMP0, TMP1
	vpxor		TMP1, HI, HI
.elseif (\s) == 8
	vpunpckhqdq	TMP0, TMP2, TMP1
	vpunpcklqdq	TMP0, TMP2, TMP0
	vpxor		TMP1, TMP0, TMP0
	vmovdqu		GCM_AVX2_H_POWERS_XORED_OFFSET+32(KEY), RNDKEY
	vpclmulqdq	$0x00, RNDKEY, TMP0, TMP1
	vpxor		TMP1, MI, MI
	vpclmulqdq	$0x11, RNDKEY, TMP0, TMP1
	vpxor		TMP1, MI, MI
.elseif (\s) == 9
	/* Karatsuba: the middle word is (a0+a1)(b0+b1) + a0b0 + a1b1. */
	vpxor		LO, MI, MI
	vpxor		HI, MI, MI
	vpclmulqdq	$0x01, LO, GFPOLY, TMP1
	vpshufd		$0x4e, LO, LO
.elseif (\s) == 10
	/* The rest of _ghash_reduce LO, MI, HI, GFPOLY, TMP1 */
	vpxor		LO, MI, MI
	vpxor		TMP1, MI, MI
	vpclmulqdq	$0x01, MI, GFPOLY, TMP1
	vpshufd		$0x4e, MI, MI
	vpxor		MI, HI, HI
	vpxor		TMP1, HI, HI
.else
	/* Sum the two lanes: the 8 products are now one value. */
	vextracti128	$1, HI, GHASH_ACC_XMM
	vpxor		HI_XMM, GHASH_ACC_XMM, GHASH_ACC_XMM
.endif
.endm

/* _ghash_8blocks gbase, goff: all the steps of _ghash_8blocks_step. */
.macro	_ghash_8blocks	gbase, goff=0
.irp s, 0,1,2,3,4,5,6,7,8,9,10,11
	_ghash_8blocks_step	\s, \gbase, \goff
.endr
.endm

/*
 * _aes_vecs op, n, src: "op src, AESDATAi, AESDATAi" for the first n (1..4)
 * of AESDATA0..3
 */
.macro	_aes_vecs	op, n, src
	\op		\src, AESDATA0, AESDATA0
.if \n > 1
	\op		\src, AESDATA1, AESDATA1
.endif
.if \n > 2
	\op		\src, AESDATA2, AESDATA2
.endif
.if \n > 3
	\op		\src, AESDATA3, AESDATA3
.endif
.endm

/*
 * _aes_round n, off, j0=0: one AES round, key at off(RNDKEYLAST_PTR), on n
 * vectors (and, with j0=1, on TAG_MASK_XMM)
 */
.macro	_aes_round	n, off, j0=0
	vbroadcasti128	\off(RNDKEYLAST_PTR), RNDKEY
	_aes_vecs	vaesenc, \n, RNDKEY
.if \j0
	vaesenc		RNDKEY_XMM, TAG_MASK_XMM, TAG_MASK_XMM
.endif
.endm

/*
 * _aes_ctr n, ghash, gbase, goff: AESDATA0..(n-1) = AES keystream of the
 * next 2n counter blocks (LE_CTR, LE_CTR + 1, ..., advancing LE_CTR by 2n),
 * n = 1..4.  With ghash=1 (n = 4) the 8 blocks at \goff(\gbase) are hashed into
 * GHASH_ACC at the same time (_ghash_8blocks_step, one step after each of
 * the last 9 rounds).  With j0=1 (the one-shot functions, ghash=0) the
 * counter block J0 (LE_CTR with its low word 1) is encrypted alongside, into
 * TAG_MASK_XMM, which overwrites the low half of LE_CTR_INC; with j0=2 it
 * takes the place of the last counter block (the high lane of the last
 * vector, which the caller does not need) and is then moved to TAG_MASK_XMM.
 *
 * Reads KEY, RNDKEYLAST_PTR, BSWAP_MASK, LE_CTR_INC, GFPOLY; updates LE_CTR
 * (and GHASH_ACC); clobbers RNDKEY (and TMP0..2, LO, MI, HI) and the flags.
 */
.macro	_aes_ctr	n, ghash=0, gbase=KEY, goff=0, j0=0
.irp i, 0,1,2,3
.if \i < \n
	vpshufb		BSWAP_MASK, LE_CTR, AESDATA\i
	vpaddd		LE_CTR_INC, LE_CTR, LE_CTR
.endif
.endr
	/* Round 0, then the rounds that AES-192 and AES-256 add. */
	vbroadcasti128	(KEY), RNDKEY
.if \j0
	vpblendd	$1, .Lone(%rip), LE_CTR_XMM, TAG_MASK_XMM
	vpshufb		BSWAP_MASK_XMM, TAG_MASK_XMM, TAG_MASK_XMM
.endif
.if \j0 == 2
.irp i, 0,1,2,3
.if \i == \n - 1
	vinserti128	$1, TAG_MASK_XMM, AESDATA\i, AESDATA\i
.endif
.endr
.endif
	_aes_vecs	vpxor, \n, RNDKEY
.if \j0 == 1
	vpxor		RNDKEY_XMM, TAG_MASK_XMM, TAG_MASK_XMM
.endif
	cmpl		$24, AES_KEYLEN_OFFSET(KEY)
	jl		.Laes128\@
	je		.Laes192\@
	_aes_round	\n, -13*16, (\j0==1)
	_aes_round	\n, -12*16, (\j0==1)
.Laes192\@:
	_aes_round	\n, -11*16, (\j0==1)
	_aes_round	\n, -10*16, (\j0==1)
.Laes128\@:
	/* The last 10 rounds, common to all key sizes */
.irp i, 9,8,7,6,5,4,3,2,1
	_aes_round	\n, -\i*16, (\j0==1)
.if \ghash
	_ghash_8blocks_step	(9-\i), \gbase, \goff
.endif
.endr
.if \ghash
	_ghash_8blocks_step	9, \gbase, \goff
	_ghash_8blocks_step	10, \gbase, \goff
	_ghash_8blocks_step	11, \gbase, \goff
.endif
	vbroadcasti128	(RNDKEYLAST_PTR), RNDKEY
	_aes_vecs	vaesenclast, \n, RNDKEY
.if \j0 == 1
	vaesenclast	RNDKEY_XMM, TAG_MASK_XMM, TAG_MASK_XMM
.elseif \j0 == 2
.irp i, 0,1,2,3
.if \i == \n - 1
	vextracti128	$1, AESDATA\i, TAG_MASK_XMM
.endif
.endr
.endif
.endm

/*
 * _xor_store_8blocks: DST[0..127] = SRC[0..127] ^ AESDATA0..3.  Clobbers
 * AESDATA0..3.
 */
.macro	_xor_store_8blocks
	vpxor		0(SRC), AESDATA0, AESDATA0
	vpxor		32(SRC), AESDATA1, AESDATA1
	vpxor		64(SRC), AESDATA2, AESDATA2
	vpxor		96(SRC), AESDATA3, AESDATA3
	vmovdqu		AESDATA0, 0(DST)
	vmovdqu		AESDATA1, 32(DST)
	vmovdqu		AESDATA2, 64(DST)
	vmovdqu		AESDATA3, 96(DST)
.endm

/*
 * _aes_encrypt_1x v: v = AES(v) for one block (xmm), the round keys used
 * from memory.  Reads KEY, RNDKEYLAST_PTR; clobbers the flags.
 */
.macro	_aes_encrypt_1x	v
	vpxor		(KEY), \v, \v
.irp i, 1,2,3,4,5,6,7,8,9
	vaesenc		\i*16(KEY), \v, \v
.endr
	cmpl		$24, AES_KEYLEN_OFFSET(KEY)
	jl		.Laes1x_last\@
	vaesenc		10*16(KEY), \v, \v
	vaesenc		11*16(KEY), \v, \v
	je		.Laes1x_last\@
	vaesenc		12*16(KEY), \v, \v
	vaesenc		13*16(KEY), \v, \v
.Laes1x_last\@:
	vaesenclast	(RNDKEYLAST_PTR), \v, \v
.endm

/* RNDKEYLAST_PTR = KEY + 16 * nrounds, nrounds = key_length / 4 + 6 */
.macro	_set_rndkeylast_ptr
	movl		AES_KEYLEN_OFFSET(KEY), KEYLEN
	lea		6*16(KEY,KEYLEN64,4), RNDKEYLAST_PTR
.endm

/*
 * _load_partial_block ptr, len, dst, t, tmp: dst (xmm) = the len (1..15, a
 * 64-bit register) bytes at ptr, zero-padded, reading only those bytes.
 * Clobbers t (xmm), tmp (64-bit) and the flags.
 */
.macro	_load_partial_block	ptr, len, dst, t, tmp
	cmp		$8, \len
	jb		.Llp_lt8\@
	/* 8..15: bytes 0..7, and bytes len-8..len-1 moved up by len-8 */
	vmovq		(\ptr), \dst
	vmovq		-8(\ptr,\len), \t
	lea		.Lshuf_tab+16+8(%rip), \tmp
	jmp		.Llp_combine\@
.Llp_lt8\@:
	cmp		$4, \len
	jb		.Llp_lt4\@
	/* 4..7: the same with 4-byte accesses */
	vmovd		(\ptr), \dst
	vmovd		-4(\ptr,\len), \t
	lea		.Lshuf_tab+16+4(%rip), \tmp
.Llp_combine\@:
	sub		\len, \tmp
	vpshufb		(\tmp), \t, \t
	vpor		\t, \dst, \dst
	jmp		.Llp_done\@
.Llp_lt4\@:
	vpxor		\dst, \dst, \dst
	vpinsrb		$0, (\ptr), \dst, \dst
	cmp		$2, \len
	jb		.Llp_done\@
	vpinsrb		$1, 1(\ptr), \dst, \dst
	je		.Llp_done\@
	vpinsrb		$2, 2(\ptr), \dst, \dst
.Llp_done\@:
.endm

/*
 * _store_partial_block src, ptr, len, t, tmp: write the first len (1..15, a
 * 64-bit register) bytes of src (xmm) to ptr, writing only those bytes.
 * Clobbers t (xmm), tmp (64-bit) and the flags.
 */
.macro	_store_partial_block	src, ptr, len, t, tmp
	cmp		$8, \len
	jb		.Lsp_lt8\@
	/* 8..15: bytes 0..7, and bytes len-8..len-1 moved down by len-8 */
	vmovq		\src, (\ptr)
	lea		.Lshuf_tab+16-8(%rip), \tmp
	add		\len, \tmp
	vpshufb		(\tmp), \src, \t
	vmovq		\t, -8(\ptr,\len)
	jmp		.Lsp_done\@
.Lsp_lt8\@:
	cmp		$4, \len
	jb		.Lsp_lt4\@
	vmovd		\src, (\ptr)
	lea		.Lshuf_tab+16-4(%rip), \tmp
	add		\len, \tmp
	vpshufb		(\tmp), \src, \t
	vmovd		\t, -4(\ptr,\len)
	jmp		.Lsp_done\@
.Lsp_lt4\@:
	vpextrb		$0, \src, (\ptr)
	cmp		$2, \len
	jb		.Lsp_done\@
	vpextrb		$1, \src, 1(\ptr)
	je		.Lsp_done\@
	vpextrb		$2, \src, 2(\ptr)
.Lsp_done\@:
.endm

/*
 * _ghash_tail crypt, hash=1: the last 1..127 bytes (DATALEN) at SRC.  With
 * crypt=0 (associated data, or decryption's ciphertext before decryption)
 * hash them into GHASH_ACC.  With crypt=1 XOR them with the keystream in
 * AESDATA0..3 (consumed from AESDATA0 on) into DST, and, unless hash=0
 * (decryption), hash the output (encryption's ciphertext) from the registers
 * that hold it, its padding masked off.  A last block shorter than 16
 * bytes is hashed zero-padded.
 *
 * The nb blocks are multiplied by H^nb..H^1: a vector at a time while 32
 * bytes are left, then a block at a time, summing the unreduced products in
 * LO, MI, HI (their lanes are summed once the vectors are done, so that the
 * rest works on xmm).  GHASH_ACC is added to the first block, then zeroed so
 * that the following blocks add nothing.  The last block, times H^1, is
 * reduced on its own by _ghash_mul_h1, and the sums, if any, by one
 * _ghash_reduce.
 *
 * With lens=<xmm register> (the one-shot functions, at most 112 bytes) that
 * register holds the lengths block, which ends the message: it is the last
 * block, times H^1 (by _ghash_mul_h1, at the start, as it depends on
 * nothing), and the data blocks take H^(nb+1)..H^2, all into the one sum.
 *
 * Reads KEY, BSWAP_MASK, GFPOLY (and AESDATA0..3); updates SRC (and DST,
 * GHASH_ACC); clobbers DATALEN, POWERS_PTR, TAILLEN, GTMP0, AESDATA0..2,
 * TMP0..2, LO, MI, HI, the flags.  With hash=1, SRC - (TAILLEN - DATALEN)
 * is where SRC started, on return.
 */
.macro	_ghash_tail	crypt, hash=1, lens
.if \crypt
.set	GDATA, TMP0		/* the data hashed: the output ... */
.set	GDATA_XMM, TMP0_XMM
.else
.set	GDATA, TMP1		/* ... or the input */
.set	GDATA_XMM, TMP1_XMM
.endif
.if \hash
	mov		DATALEN, TAILLEN
.ifb \lens
	/* A single block needs neither the sums nor POWERS_PTR. */
	cmp		$16, DATALEN
	jbe		.Ltail_block\@
	/* POWERS_PTR = &stored H^nb = KEY + 512 + 16 * (8 - nb) */
	lea		15(DATALEN), GTMP0
.else
	/* POWERS_PTR = &stored H^(nb+1); HI starts as lens * H^1, reduced */
	lea		31(DATALEN), GTMP0
.endif
	and		$~15, GTMP0
	neg		GTMP0
	lea		GCM_H_POWERS_OFFSET+128(KEY,GTMP0), POWERS_PTR
	vpxor		LO_XMM, LO_XMM, LO_XMM
	vpxor		MI_XMM, MI_XMM, MI_XMM
.ifb \lens
	vpxor		HI_XMM, HI_XMM, HI_XMM
.else
	_ghash_mul_h1	\lens, HI_XMM, TMP0_XMM, TMP1_XMM
.endif
.endif
	cmp		$32, DATALEN
	jb		.Ltail_block\@
.Ltail_vec\@:
.if \crypt
	vpxor		(SRC), AESDATA0, TMP0
	vmovdqu		TMP0, (DST)
	add		$32, DST
	vmovdqa		AESDATA1, AESDATA0
	vmovdqa		AESDATA2, AESDATA1
	vmovdqa		AESDATA3, AESDATA2
.else
	vmovdqu		(SRC), TMP1
.endif
.if \hash
	vpshufb		BSWAP_MASK, GDATA, TMP2
	vpxor		GHASH_ACC, TMP2, TMP2
	vpxor		GHASH_ACC_XMM, GHASH_ACC_XMM, GHASH_ACC_XMM
	_ghash_mul_accum TMP2, (POWERS_PTR), TMP1
	add		$32, POWERS_PTR
.endif
	add		$32, SRC
	sub		$32, DATALEN
	cmp		$32, DATALEN
	jae		.Ltail_vec\@
.if \hash
	vextracti128	$1, LO, TMP0_XMM
	vpxor		TMP0_XMM, LO_XMM, LO_XMM
	vextracti128	$1, MI, TMP0_XMM
	vpxor		TMP0_XMM, MI_XMM, MI_XMM
	vextracti128	$1, HI, TMP0_XMM
	vpxor		TMP0_XMM, HI_XMM, HI_XMM
	test		DATALEN, DATALEN
	jz		.Ltail_reduce\@
.else
	test		DATALEN, DATALEN
	jz		.Ltail_done\@
.endif
.Ltail_block\@:
	/* (Laid out so that a lone full block runs straight to its hash.) */
	cmp		$16, DATALEN
	jb		.Ltail_partial\@
.if \crypt
	vpxor		(SRC), AESDATA0_XMM, TMP0_XMM
	vmovdqu		TMP0_XMM, (DST)
.else
	vmovdqu		(SRC), TMP1_XMM
.endif
.Ltail_hash_block\@:
.if \hash
	vpshufb		BSWAP_MASK_XMM, GDATA_XMM, TMP2_XMM
	vpxor		GHASH_ACC_XMM, TMP2_XMM, TMP2_XMM
	vpxor		GHASH_ACC_XMM, GHASH_ACC_XMM, GHASH_ACC_XMM
.ifb \lens
	cmp		$16, DATALEN
	ja		.Ltail_next_block\@
	/* The last block is multiplied by H^1, reduced on its own. */
	_ghash_mul_h1	TMP2_XMM, GHASH_ACC_XMM, TMP0_XMM, TMP1_XMM
	cmp		$16, TAILLEN
	jbe		.Ltail_done\@
.Ltail_reduce\@:
	_ghash_reduce	LO_XMM, MI_XMM, HI_XMM, GFPOLY_XMM, TMP1_XMM
	vpxor		HI_XMM, GHASH_ACC_XMM, GHASH_ACC_XMM
	jmp		.Ltail_done\@
.Ltail_next_block\@:
.endif
	_ghash_mul_accum TMP2_XMM, (POWERS_PTR), TMP1_XMM, LO_XMM, MI_XMM, HI_XMM
	add		$16, POWERS_PTR
.ifnb \lens
	/* After the last data block, only the reduction is left. */
	cmp		$16, DATALEN
	ja		.Ltail_more\@
.Ltail_reduce\@:
	_ghash_reduce	LO_XMM, MI_XMM, HI_XMM, GFPOLY_XMM, TMP1_XMM
	vpxor		HI_XMM, GHASH_ACC_XMM, GHASH_ACC_XMM
	jmp		.Ltail_done\@
.Ltail_more\@:
.endif
.else
	cmp		$16, DATALEN
	jbe		.Ltail_done\@
.endif
.if \crypt
	vextracti128	$1, AESDATA0, AESDATA0_XMM
	add		$16, DST
.endif
	add		$16, SRC
	sub		$16, DATALEN
	jmp		.Ltail_block\@
.Ltail_partial\@:
	/* The last block, 1..15 bytes */
	_load_partial_block SRC, DATALEN, TMP1_XMM, TMP2_XMM, GTMP0
.if \crypt
	vpxor		TMP1_XMM, AESDATA0_XMM, TMP0_XMM
	_store_partial_block TMP0_XMM, DST, DATALEN, TMP2_XMM, GTMP0
.if \hash
	/* Hash the output zero-padded: mask off the keystream beyond it. */
	lea		.Lones_zeros+16(%rip), GTMP0
	sub		DATALEN, GTMP0
	vpand		(GTMP0), TMP0_XMM, TMP0_XMM
.endif
.endif
.if \hash
	jmp		.Ltail_hash_block\@
.endif
.Ltail_done\@:
.endm

/* _load_ghash_consts: BSWAP_MASK and GFPOLY (both lanes) */
.macro	_load_ghash_consts
	vmovdqu		.Lbswap_mask(%rip), BSWAP_MASK
	vbroadcasti128	.Lgfpoly(%rip), GFPOLY
.endm

/*
 * void aes_gcm_precompute_vaes_avx2(struct aes_gcm_key_vaes_avx2 *key);
 *
 * H = AES(0^128); stores H^8..H^1 (times x^-1, reflected) and the packed
 * XORs of their halves.  Same bytes as aes_gcm_precompute_c_vaes_avx2().
 */
SYM_FUNC_START(aes_gcm_precompute_vaes_avx2)
	_set_rndkeylast_ptr
	_load_ghash_consts
	vpxor		TMP0_XMM, TMP0_XMM, TMP0_XMM
	_aes_encrypt_1x	TMP0_XMM
	vpshufb		BSWAP_MASK_XMM, TMP0_XMM, TMP0_XMM

	/*
	 * H * x^-1: in the reflected form dividing by x is a left shift by one
	 * of the 128-bit integer; a bit shifted out at the top (the x^0
	 * coefficient) becomes x^-1 = .Lgfpoly.  VPADDQ shifts each 64-bit
	 * half; the sign bits of dwords 1 and 3, spread by VPSHUFD/VPSRAD,
	 * select the carry between halves and the x^-1 term.
	 */
	vpshufd		$0xd3, TMP0_XMM, TMP1_XMM
	vpsrad		$31, TMP1_XMM, TMP1_XMM
	vpaddq		TMP0_XMM, TMP0_XMM, TMP0_XMM
	vpand		.Lgfpoly_and_carry(%rip), TMP1_XMM, TMP1_XMM
	vpxor		TMP1_XMM, TMP0_XMM, TMP0_XMM
	vmovdqu		TMP0_XMM, GCM_H_POWERS_OFFSET+7*16(KEY)
	_ghash_mul	TMP0_XMM, .Lx63(%rip), AESDATA0_XMM, LO_XMM, MI_XMM, HI_XMM
	vmovdqu		AESDATA0, GCM_AVX2_H_TIMES_X64_OFFSET(KEY)	/* and padding */

	/* H^k = H^(k-1) * H for k = 2..8, stored downwards */
	vmovdqa		TMP0_XMM, AESDATA0_XMM
	lea		GCM_H_POWERS_OFFSET+6*16(KEY), POWERS_PTR
	mov		$7, GTMP0_32
.Lprecompute_loop:
	_ghash_mul	AESDATA0_XMM, TMP0_XMM, AESDATA0_XMM, LO_XMM, MI_XMM, HI_XMM
	vmovdqu		AESDATA0_XMM, (POWERS_PTR)
	sub		$16, POWERS_PTR
	dec		GTMP0_32
	jnz		.Lprecompute_loop

	/*
	 * h_powers_xored: for each pair of vectors [H^8|H^7], [H^6|H^5] (and
	 * [H^4|H^3], [H^2|H^1]) the qwords lo^hi packed as [8,6 | 7,5], the
	 * order in which _ghash_8blocks_step packs the data's.
	 */
.irp j, 0, 64
	vmovdqu		GCM_H_POWERS_OFFSET+\j(KEY), TMP0
	vmovdqu		GCM_H_POWERS_OFFSET+\j+32(KEY), TMP1
	vpshufd		$0x4e, TMP0, TMP2
	vpxor		TMP2, TMP0, TMP0
	vpshufd		$0x4e, TMP1, TMP2
	vpxor		TMP2, TMP1, TMP1
	vpunpcklqdq	TMP1, TMP0, TMP0
	vmovdqu		TMP0, GCM_AVX2_H_POWERS_XORED_OFFSET+\j/2(KEY)
.endr
	vzeroupper
	RET
SYM_FUNC_END(aes_gcm_precompute_vaes_avx2)

/*
 * void aes_gcm_aad_update_vaes_avx2(const struct aes_gcm_key_vaes_avx2 *key,
 *				     u8 ghash_acc[16], const u8 *aad,
 *				     int aadlen);
 */
SYM_FUNC_START(aes_gcm_aad_update_vaes_avx2)
	/* Move the arguments to the roles that _ghash_tail uses. */
	movl		%ecx, DATALEN32		/* DATALEN = aadlen */
	test		DATALEN, DATALEN
	jz		.Laad_done
	mov		%rdx, SRC		/* SRC = aad */
	mov		%rsi, GHASH_ACC_PTR	/* = ghash_acc */
	_load_ghash_consts
	vmovdqu		(GHASH_ACC_PTR), GHASH_ACC_XMM
	/*
	 * AAD of at most one block, the common case, is one multiplication
	 * by H^1, and a whole block takes no jump on the way (as in
	 * aes-gcm-aesni-x86_64.S, _aes_gcm_aad_update: taken branches count
	 * where the kernel's return thunk restarts the front end).
	 */
	cmp		$16, DATALEN
	ja		.Laad_long
	jb		.Laad_partial
	vmovdqu		(SRC), TMP1_XMM
.Laad_block:
	vpshufb		BSWAP_MASK_XMM, TMP1_XMM, TMP2_XMM
	vpxor		GHASH_ACC_XMM, TMP2_XMM, TMP2_XMM
	_ghash_mul_h1	TMP2_XMM, GHASH_ACC_XMM, TMP0_XMM, TMP1_XMM
.Laad_store:
	vmovdqu		GHASH_ACC_XMM, (GHASH_ACC_PTR)
	vzeroupper
.Laad_done:
	RET
.Laad_partial:
	_load_partial_block SRC, DATALEN, TMP1_XMM, TMP2_XMM, GTMP0
	jmp		.Laad_block
.Laad_long:
	cmp		$128, DATALEN
	jb		.Laad_tail
.Laad_loop:
	_ghash_8blocks	SRC, 0
	sub		$-128, SRC
	add		$-128, DATALEN
	cmp		$128, DATALEN
	jae		.Laad_loop
	test		DATALEN, DATALEN
	jz		.Laad_store
.Laad_tail:
	_ghash_tail	0
	jmp		.Laad_store
SYM_FUNC_END(aes_gcm_aad_update_vaes_avx2)

/*
 * _aes_gcm_update enc: the body of aes_gcm_{enc,dec}_update_vaes_avx2
 * (prototype in aesni-intel.h): en/decrypt DATALEN bytes SRC -> DST with the
 * counter le_ctr and hash the ciphertext into ghash_acc.
 */
.macro	_aes_gcm_update	enc
	movl		DATALEN32, DATALEN32	/* zero-extend */
	test		DATALEN, DATALEN
	jz		.Ldone\@
	_set_rndkeylast_ptr
	_load_ghash_consts
	vbroadcasti128	.Linc2(%rip), LE_CTR_INC
	_vbroadcast128_2q LE_CTR_PTR, LE_CTR, TMP0
	vpaddd		.Lctr_lanes(%rip), LE_CTR, LE_CTR
	vmovdqu		(GHASH_ACC_PTR), GHASH_ACC_XMM

	cmp		$128, DATALEN
	jb		.Ltail\@
.if \enc
	/*
	 * Encryption hashes its output two iterations late (GHASH_PTR =
	 * DST - 256): the blocks that the iteration just before stored would
	 * reach GHASH only through store-to-load forwarding, which would put
	 * the stores on the loop's critical path.  So the first two iterations only encrypt,
	 * unless only two are to run: then the second already hashes the
	 * first's output (one late), as one more encrypt-only iteration and
	 * one more hash-only pass cost more than the forwarding does once.
	 */
	mov		DST, GHASH_PTR
.Lenc_first\@:
	_aes_ctr	4
	_xor_store_8blocks
	sub		$-128, SRC
	sub		$-128, DST
	add		$-128, DATALEN
	cmp		$128, DATALEN
	jb		.Lghash_last\@
	cmp		$256, DATALEN
	jb		.Lmain_loop\@
	lea		128(GHASH_PTR), GTMP1
	cmp		GTMP1, DST
	je		.Lenc_first\@
.Lmain_loop\@:
	/* Encrypt 8 blocks, hashing 8 ciphertext blocks from before */
	_aes_ctr	4, 1, GHASH_PTR, 0
	sub		$-128, GHASH_PTR
.else
.Lmain_loop\@:
	/* Decrypt 8 blocks while hashing them. */
	_aes_ctr	4, 1, SRC, 0
.endif
	_xor_store_8blocks
	sub		$-128, SRC
	sub		$-128, DST
	add		$-128, DATALEN
	cmp		$128, DATALEN
	jae		.Lmain_loop\@
.if \enc
.Lghash_last\@:
	/* Hash the 8 or 16 blocks written and not yet hashed. */
	_ghash_8blocks	GHASH_PTR, 0
	sub		$-128, GHASH_PTR
	cmp		DST, GHASH_PTR
	jb		.Lghash_last\@
.endif
	test		DATALEN, DATALEN
	jz		.Lstore_ghash\@

.Ltail\@:
	/*
	 * 1..127 bytes are left.  Decryption hashes them first, from memory:
	 * placed after the AES rounds, as encryption must, the hashing would
	 * wait behind the rounds to be scheduled.  Then keystream for 1
	 * block (xmm) or as many vectors as cover them, the larger cases
	 * tested first, and _ghash_tail to en/decrypt (and, encrypting, hash
	 * the output).
	 */
.if !\enc
	_ghash_tail	0
	/* Back to the start of the tail */
	sub		TAILLEN, SRC
	add		DATALEN, SRC
	mov		TAILLEN, DATALEN
.endif
	cmp		$64, DATALEN
	ja		.Ltail_4vec\@
	cmp		$32, DATALEN
	ja		.Ltail_2vec\@
	cmp		$16, DATALEN
	ja		.Ltail_1vec\@
	vpshufb		BSWAP_MASK_XMM, LE_CTR_XMM, AESDATA0_XMM
	_aes_encrypt_1x	AESDATA0_XMM
	jmp		.Ltail_crypt\@
.Ltail_1vec\@:
	_aes_ctr	1
	jmp		.Ltail_crypt\@
.Ltail_2vec\@:
	_aes_ctr	2
	jmp		.Ltail_crypt\@
.Ltail_4vec\@:
	_aes_ctr	4
.Ltail_crypt\@:
	_ghash_tail	1, \enc
.Lstore_ghash\@:
	vmovdqu		GHASH_ACC_XMM, (GHASH_ACC_PTR)
	vzeroupper
.Ldone\@:
	RET
.endm

SYM_FUNC_START(aes_gcm_enc_update_vaes_avx2)
	_aes_gcm_update	1
SYM_FUNC_END(aes_gcm_enc_update_vaes_avx2)

SYM_FUNC_START(aes_gcm_dec_update_vaes_avx2)
	_aes_gcm_update	0
SYM_FUNC_END(aes_gcm_dec_update_vaes_avx2)

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

/*
 * _aes_gcm_final enc: the body of aes_gcm_{enc,dec}_final_vaes_avx2.
 * Hashes the lengths block (bit lengths of the AAD and the data, big-endian,
 * i.e. data bits in the low half of the reflected form), then
 * tag = byte-reversed GHASH ^ AES(counter block with low word 1).  Encryption
 * stores the tag in ghash_acc; decryption compares its first taglen bytes
 * with tag (VPTEST under a length mask: no data-dependent branch) and
 * returns the result.  tag is read as 16 bytes, as its prototype says.
 *
 * Arguments: KEY, LE_CTR_PTR, GHASH_ACC_PTR, %rcx = total_aadlen,
 * %r8 = total_datalen, %r9 = tag, 8(%rsp) = taglen.
 */
.macro	_aes_gcm_final	enc
	_set_rndkeylast_ptr
	vmovdqu		.Lbswap_mask(%rip), BSWAP_MASK_XMM
	vmovdqu		.Lgfpoly(%rip), GFPOLY_XMM

	/* The counter block of the tag, encrypted: counter 1, GFPOLY's low dword */
	_le_ctr_words	GFPOLY_XMM, AESDATA0_XMM
	vpshufb		BSWAP_MASK_XMM, AESDATA0_XMM, AESDATA0_XMM
	_aes_encrypt_1x	AESDATA0_XMM

	/* GHASH_ACC = (GHASH_ACC + lengths block) * H */
	vmovq		TOTAL_DATALEN, TMP0_XMM
	vpinsrq		$1, TOTAL_AADLEN, TMP0_XMM, TMP0_XMM
	vpsllq		$3, TMP0_XMM, TMP0_XMM	/* bytes to bits */
	vpxor		(GHASH_ACC_PTR), TMP0_XMM, GHASH_ACC_XMM
	_ghash_mul_h1	GHASH_ACC_XMM, GHASH_ACC_XMM, TMP0_XMM, TMP1_XMM

	vpshufb		BSWAP_MASK_XMM, GHASH_ACC_XMM, GHASH_ACC_XMM
	vpxor		AESDATA0_XMM, GHASH_ACC_XMM, GHASH_ACC_XMM
.if \enc
	vmovdqu		GHASH_ACC_XMM, (GHASH_ACC_PTR)
.else
	vpxor		(TAG_PTR), GHASH_ACC_XMM, GHASH_ACC_XMM
	movl		8(%rsp), GTMP0_32	/* taglen */
	lea		.Lones_zeros+16(%rip), GTMP1
	sub		GTMP0, GTMP1
	xor		%eax, %eax
	vptest		(GTMP1), GHASH_ACC_XMM
	sete		%al
.endif
	RET
.endm

SYM_FUNC_START(aes_gcm_enc_final_vaes_avx2)
	_aes_gcm_final	1
SYM_FUNC_END(aes_gcm_enc_final_vaes_avx2)

SYM_FUNC_START(aes_gcm_dec_final_vaes_avx2)
	_aes_gcm_final	0
SYM_FUNC_END(aes_gcm_dec_final_vaes_avx2)

/*
 * _lens_block dst: dst (xmm) = the lengths block in the reflected form: the
 * data bits (datalen, the 7th argument, at 8(%rsp)) in the low half, the AAD
 * bits (AADLEN_DIR) in the high half.  Clobbers GTMP0.
 */
.macro	_lens_block	dst
	movl		8(%rsp), GTMP0_32
	vmovq		GTMP0, \dst
	vpinsrq		$1, AADLEN_DIR, \dst, \dst
	vpsllq		$3, \dst, \dst
.endm

/*
 * __aes_gcm_oneshot_vaes_avx2: the body of aes_gcm_{enc,dec}_oneshot_vaes_avx2
 * (prototypes in aesni-intel.h), one for both directions, entered by a jump
 * from them.  Arguments: KEY, LE_CTR_PTR, %rdx = aad, %ecx = aadlen,
 * %r8 = src, %r9 = dst, 8(%rsp) = datalen, 16(%rsp) = tag, 24(%rsp) =
 * taglen (decryption), and %rax = aadlen with bit 63 set for decryption.
 * AADLEN_DIR keeps that bit: its sign is the direction, and the lengths block
 * shifts it out.
 *
 * The AAD is hashed first, as by aes_gcm_aad_update_vaes_avx2 (one
 * reduction per 8 blocks and one for the rest), into GHASH_ACC.
 *
 * Short data (less than ONESHOT_SHORT bytes whose last partial 8-block
 * chunk is at most 112 bytes) is then done in registers: each full 8-block
 * chunk as AES-CTR on 4 vectors and _ghash_8blocks on the same registers
 * (one reduction; the next chunk's rounds do not wait for it), then the
 * last 1..112 bytes as in _aes_gcm_update, but with the lengths block folded
 * into _ghash_tail's one reduction and J0 (the tag mask) encrypted in the
 * same rounds as the last counter blocks.  Other data (a last chunk of
 * 113..127 bytes would need H^9 with the lengths block) goes to the update
 * function, called on a stack frame after J0 has been encrypted; then the
 * lengths block is hashed here.
 */
/* From two chunks on, the update function's interleaved loop is faster. */
.set	ONESHOT_SHORT,	256
.set	AADLEN_DIR,	%rdx	/* one-shot: aadlen, bit 63 = decryption */

SYM_FUNC_START_LOCAL(__aes_gcm_oneshot_vaes_avx2)
	_load_ghash_consts
	/* The counter blocks of the data: le_ctr + 1 and + 2 (.Lctr_lanes+16) */
	/* (le_ctr[0] is 1, the one-shot contract: GFPOLY's low dword) */
	_le_ctr_words	GFPOLY_XMM, LE_CTR_XMM
	vinserti128	$1, LE_CTR_XMM, LE_CTR, LE_CTR
	vpaddd		.Lctr_lanes+16(%rip), LE_CTR, LE_CTR
	vpxor		GHASH_ACC_XMM, GHASH_ACC_XMM, GHASH_ACC_XMM

	/* SRC = aad, DATALEN = aadlen; src stays in %r8, dst waits in xmm3 */
	vmovq		%r9, AESDATA3_XMM
	movl		%ecx, DATALEN32
	mov		%rdx, SRC
	mov		%rax, AADLEN_DIR
	cmp		$128, DATALEN
	jb		.Lo_aad_tail
.Lo_aad_loop:
	_ghash_8blocks	SRC
	sub		$-128, SRC
	add		$-128, DATALEN
	cmp		$128, DATALEN
	jae		.Lo_aad_loop
.Lo_aad_tail:
	test		DATALEN, DATALEN
	jz		.Lo_aad_done
	_ghash_tail	0
.Lo_aad_done:
	mov		%r8, SRC
	vmovq		AESDATA3_XMM, DST
	movl		8(%rsp), DATALEN32
	_set_rndkeylast_ptr
	cmp		$ONESHOT_SHORT, DATALEN
	jae		.Lo_call_update
	mov		DATALEN, GTMP0
	and		$127, GTMP0
	cmp		$112, GTMP0
	ja		.Lo_call_update

	vbroadcasti128	.Linc2(%rip), LE_CTR_INC
	cmp		$128, DATALEN
	jb		.Lo_chunks_done
.Lo_chunk:
	/*
	 * 8 blocks, hashed from AESDATA0..3: the output (encryption), or the
	 * input loaded there before the AES (decryption).
	 */
	test		AADLEN_DIR, AADLEN_DIR
	jns		.Lo_chunk_aes
	vmovdqu		0(SRC), AESDATA0
	vmovdqu		32(SRC), AESDATA1
	vmovdqu		64(SRC), AESDATA2
	vmovdqu		96(SRC), AESDATA3
.Lo_chunk_hash:
	_ghash_8blocks
	test		AADLEN_DIR, AADLEN_DIR
	jns		.Lo_chunk_store
.Lo_chunk_aes:
	_aes_ctr	4
	vpxor		0(SRC), AESDATA0, AESDATA0
	vpxor		32(SRC), AESDATA1, AESDATA1
	vpxor		64(SRC), AESDATA2, AESDATA2
	vpxor		96(SRC), AESDATA3, AESDATA3
	test		AADLEN_DIR, AADLEN_DIR
	jns		.Lo_chunk_hash
.Lo_chunk_store:
	vmovdqu		AESDATA0, 0(DST)
	vmovdqu		AESDATA1, 32(DST)
	vmovdqu		AESDATA2, 64(DST)
	vmovdqu		AESDATA3, 96(DST)
	sub		$-128, SRC
	sub		$-128, DST
	add		$-128, DATALEN
	cmp		$128, DATALEN
	jae		.Lo_chunk
.Lo_chunks_done:
	test		DATALEN, DATALEN
	jz		.Lo_no_tail

	/* 1..112 bytes left: as in _aes_gcm_update, plus J0 and the lengths */
	test		AADLEN_DIR, AADLEN_DIR
	jns		.Lo_tail_aes
	_lens_block	AESDATA3_XMM
	_ghash_tail	0, 1, AESDATA3_XMM
	sub		TAILLEN, SRC
	add		DATALEN, SRC
	mov		TAILLEN, DATALEN
.Lo_tail_aes:
	cmp		$64, DATALEN
	ja		.Lo_tail_4vec
	cmp		$32, DATALEN
	ja		.Lo_tail_2vec
	_aes_ctr	1, j0=1
	jmp		.Lo_tail_crypt
.Lo_tail_2vec:
	_aes_ctr	2, j0=1
	jmp		.Lo_tail_crypt
.Lo_tail_4vec:
	/* at most 7 blocks: J0 takes the eighth */
	_aes_ctr	4, j0=2
.Lo_tail_crypt:
	test		AADLEN_DIR, AADLEN_DIR
	js		.Lo_tail_dec
	_lens_block	LE_CTR_XMM
	_ghash_tail	1, 1, LE_CTR_XMM
	jmp		.Lo_tag
.Lo_tail_dec:
	_ghash_tail	1, 0
	jmp		.Lo_tag

.Lo_no_tail:
	/* No tail to share the rounds with: J0 alone, the lengths block alone */
	vpblendd	$1, .Lone(%rip), LE_CTR_XMM, TAG_MASK_XMM
	vpshufb		BSWAP_MASK_XMM, TAG_MASK_XMM, TAG_MASK_XMM
	_aes_encrypt_1x	TAG_MASK_XMM
.Lo_lens:
	_lens_block	TMP0_XMM
	vpxor		TMP0_XMM, GHASH_ACC_XMM, GHASH_ACC_XMM
	_ghash_mul_h1	GHASH_ACC_XMM, GHASH_ACC_XMM, TMP0_XMM, TMP1_XMM

.Lo_tag:
	/* The tag, stored or compared as in _aes_gcm_final */
	vpshufb		BSWAP_MASK_XMM, GHASH_ACC_XMM, GHASH_ACC_XMM
	vpxor		TAG_MASK_XMM, GHASH_ACC_XMM, GHASH_ACC_XMM
	mov		16(%rsp), GTMP0		/* tag */
	test		AADLEN_DIR, AADLEN_DIR
	js		.Lo_tag_dec
	vmovdqu		GHASH_ACC_XMM, (GTMP0)
	vzeroupper
	RET
.Lo_tag_dec:
	/* Only taglen bytes of tag are read (zero-padded), and compared. */
	mov		GTMP0, SRC
	movl		24(%rsp), DATALEN32	/* taglen */
	cmp		$16, DATALEN
	jb		.Lo_tag_partial
	vmovdqu		(SRC), TMP0_XMM
	jmp		.Lo_tag_cmp
.Lo_tag_partial:
	_load_partial_block SRC, DATALEN, TMP0_XMM, TMP1_XMM, GTMP0
.Lo_tag_cmp:
	vpxor		TMP0_XMM, GHASH_ACC_XMM, GHASH_ACC_XMM
	lea		.Lones_zeros+16(%rip), GTMP1
	sub		DATALEN, GTMP1
	xor		%eax, %eax
	vptest		(GTMP1), GHASH_ACC_XMM
	sete		%al
	vzeroupper
	RET

.Lo_call_update:
	/*
	 * aes_gcm_{enc,dec}_update_vaes_avx2(key, le_ctr, ghash_acc, src, dst,
	 * datalen), on a frame holding key (at 0), AADLEN_DIR (8), J0
	 * encrypted (16), ghash_acc (32) and le_ctr for the data (48).
	 */
	vpblendd	$1, .Lone(%rip), LE_CTR_XMM, TAG_MASK_XMM
	vpshufb		BSWAP_MASK_XMM, TAG_MASK_XMM, TAG_MASK_XMM
	_aes_encrypt_1x	TAG_MASK_XMM
	FRAME_BEGIN
	sub		$64, %rsp
	mov		KEY, 0(%rsp)
	mov		AADLEN_DIR, 8(%rsp)
	vmovdqu		TAG_MASK_XMM, 16(%rsp)
	vmovdqu		GHASH_ACC_XMM, 32(%rsp)
	vmovdqu		LE_CTR_XMM, 48(%rsp)
	lea		48(%rsp), %rsi
	/* SRC, DST and DATALEN are the update functions' %rcx, %r8, %r9 */
	test		AADLEN_DIR, AADLEN_DIR
	lea		32(%rsp), %rdx
	js		.Lo_call_dec
	call		aes_gcm_enc_update_vaes_avx2
	jmp		.Lo_called
.Lo_call_dec:
	call		aes_gcm_dec_update_vaes_avx2
.Lo_called:
	mov		0(%rsp), KEY
	mov		8(%rsp), AADLEN_DIR
	vmovdqu		16(%rsp), TAG_MASK_XMM
	vmovdqu		32(%rsp), GHASH_ACC_XMM
	add		$64, %rsp
	FRAME_END
	vmovdqu		.Lbswap_mask(%rip), BSWAP_MASK_XMM
	vmovdqu		.Lgfpoly(%rip), GFPOLY_XMM
	jmp		.Lo_lens
SYM_FUNC_END(__aes_gcm_oneshot_vaes_avx2)

SYM_FUNC_START(aes_gcm_enc_oneshot_vaes_avx2)
	movl		%ecx, %eax
	jmp		__aes_gcm_oneshot_vaes_avx2
SYM_FUNC_END(aes_gcm_enc_oneshot_vaes_avx2)

SYM_FUNC_START(aes_gcm_dec_oneshot_vaes_avx2)
	movl		%ecx, %eax
	bts		$63, %rax
	jmp		__aes_gcm_oneshot_vaes_avx2
SYM_FUNC_END(aes_gcm_dec_oneshot_vaes_avx2)
