/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * AES-GCM for x86-64 CPUs with AES-NI and PCLMULQDQ but without VAES, on
 * 128-bit xmm registers.
 *
 * Implementations
 * ---------------
 * One set of macros is instantiated twice:
 *
 *   *_aesni      legacy SSE encodings only.  Needs AES-NI, PCLMULQDQ and
 *                SSE4.1 (pinsrd/pinsrq/pextrq/ptest); nothing newer.  For
 *                CPUs with AES-NI but no AVX (Westmere, Silvermont-class
 *                Atoms, some Pentium/Celeron parts).
 *   *_aesni_avx  the same instructions VEX-encoded, in three-operand form.
 *                Needs AVX in addition.  Saves the register copies that the
 *                destructive two-operand forms need, may use unaligned
 *                memory operands, and mixes with AVX code without SSE/AVX
 *                transition penalties (Sandy Bridge .. Skylake, Zen 1/2).
 *
 * Which one runs is decided by the glue code from CPUID; the helper macros
 * of aes-macros.h (_v, _v3, _vpxor, _vpclmulqdq) emit either encoding from
 * one source line, so no code body exists twice in this file.
 *
 * Functions (prototypes and their contract are in aesni-intel.h)
 * ---------------------------------------------------------------
 *   aes_gcm_precompute_*      H = AES_K(0), the powers H^8..H^1, the
 *                             xor of the halves of each (for Karatsuba),
 *                             and H * x^64 (for one-block multiplications),
 *                             byte-identical to aes_gcm_precompute_c_aesni()
 *                             in aes-gcm-keys.c.
 *   aes_gcm_aad_update_*      GHASH of associated data, in chunks of 8
 *                             blocks with one reduction each.
 *   aes_gcm_{enc,dec}_update_*  CTR en/decryption plus GHASH of the
 *                             ciphertext.  Main loop: 8 blocks per
 *                             iteration, AES rounds interleaved with the
 *                             GHASH multiplications (Karatsuba, one
 *                             reduction per 8 blocks).  Then one block at a
 *                             time, the last one possibly partial.
 *   aes_gcm_enc_final_*       lengths block, last multiplication, tag into
 *                             ghash_acc.
 *   aes_gcm_dec_final_*       the same, then constant-time comparison of
 *                             taglen bytes against the given tag.
 *   aes_gcm_{enc,dec}_oneshot_*  a whole message in one call: AAD, data
 *                             and the lengths block hashed in registers
 *                             with one reduction per group of at most 8
 *                             blocks (the lengths block joins the last
 *                             data blocks' group), J0 encrypted with the
 *                             last counter blocks; long data (from
 *                             ONESHOT_SHORT bytes) through a call of the
 *                             update function.  One body for both
 *                             directions (see _aes_gcm_oneshot).
 *
 * Between calls, ghash_acc holds the accumulator byte-reversed, the form
 * GHASH computes in (as in the VAES files and the GCM library's portable
 * path): no call spends a byte shuffle on the accumulator's way in or out,
 * where it is on the critical path of a short message's calls; only the
 * final functions turn it into the tag's byte order.
 *
 * ABI: System V x86-64, called from C between kernel_fpu_begin() and
 * kernel_fpu_end().  Only caller-saved general purpose registers are used
 * and %rsp never changes (the final and one-shot functions read their stack
 * arguments at 8(%rsp)..24(%rsp)) except around the one-shot functions' call
 * of the update function, on a frame that FRAME_BEGIN sets up.  All 16 xmm
 * registers are clobbered.
 *
 * Memory accesses: the key struct must be 16-byte aligned, as its type
 * (h_powers is __aligned(16)) says: round keys, powers of H and the
 * constants below are used as memory operands even in the legacy
 * encodings, which require alignment.  Source, destination, AAD,
 * ghash_acc, le_ctr and tag may have any alignment and are accessed only
 * with unaligned loads and stores.
 * Nothing outside [src, src+len), [dst, dst+len) or [aad, aad+aadlen) is
 * ever read or written: a final partial block is moved with general purpose
 * loads and stores of 8, 4, 2 and 1 bytes.
 *
 * What this code deliberately does not do:
 *  - No 4- or 2-block tail ladder: after the 8-block loop, blocks go one at
 *    a time (out-of-order execution overlaps their AES); their GHASH
 *    products are summed unreduced and reduced once.  Small code matters
 *    more here than the last few percent on 32..112-byte messages.
 *  - No 8-block AAD loop interleaved with nothing: AAD is hashed with the
 *    same one-block-at-a-time code, one reduction per 8 blocks; typical
 *    AAD (IPsec, dm-crypt) is 0..32 bytes.
 *  - No GHASH interleaved with AES-192/256's extra rounds: the 8
 *    multiplication steps go with rounds 1-8 and the reduction with the
 *    round before the last, which every key size has.
 *  - No use of the stack (but the one-shot call frame), and no
 *    callee-saved register.
 *  - No handling of a counter that crosses 2^32 within a message beyond what
 *    GCM specifies: only the low 32 bits of the counter are incremented
 *    (paddd), exactly as inc32 does.
 *  - No writing back of le_ctr: the caller advances it (see aesni-intel.h).
 *  - No branch or memory index depends on key, data or tag; branches and
 *    addresses depend only on lengths and the AES key size.
 */

#include <linux/linkage.h>
#include <asm/frame.h>
#include "aesni-intel.h"
#include "aes-macros.h"

.section .rodata
.p2align 4
	/* pshufb mask that reverses the 16 bytes of a block */
.Lbswap_mask:
	.octa	0x000102030405060708090a0b0c0d0e0f
	/*
	 * x^-1 in the reflected representation (low qword 1, high qword
	 * 0xc2 << 56); its high qword is also the reduction multiplier.
	 * Derivations in aes-gcm-avx10-x86_64.S and at _precompute.
	 */
.Lgfpoly:
	.quad	1, 0xc200000000000000
	/* added to the little-endian counter: increments the low 32 bits */
.Lone:
	.quad	1, 0
	/* 16 bytes of 0xff then 16 of 0: loading at +16-n masks n bytes */
.Lzeropad_mask:
	.octa	0xffffffffffffffffffffffffffffffff
	.octa	0

.text

/*
 * Register roles, named as in aes-macros.h.  The same names are used by
 * every function; general purpose registers that depend on the function's
 * arguments are set at the start of each function's macro.
 *
 * xmm1-8 hold the eight AES blocks of the main loop (AESDATA0 alone in the
 * tails, which reuse four of the others, as HI, TAIL_HX, TAIL_H and
 * TAIL_ONE).  The round key
 * is in xmm0 so that seven of every eight aesenc need no REX (or 3-byte
 * VEX) prefix.  The precompute uses GHASHDATA0 and TMP0 as its scratch.
 */
.set	RNDKEY,		%xmm0	/* the current AES round key */
.set	AESDATA0,	%xmm1
.set	AESDATA1,	%xmm2
.set	HI,		%xmm2	/* high products in the tails */
.set	AESDATA2,	%xmm3
.set	TAIL_HX,	%xmm3	/* (hi ^ lo) of a power of H, in the tails */
.set	AESDATA3,	%xmm4
.set	TAIL_H,		%xmm4	/* a power of H, in the tails */
.set	AESDATA4,	%xmm5
.set	TAIL_ONE,	%xmm5	/* .Lone, in the update's tail */
.set	AESDATA5,	%xmm6
.set	AESDATA6,	%xmm7
.set	LENS_H,		%xmm7	/* one-shot tail: lengths block times H */
.set	AESDATA7,	%xmm8
.set	TAG_MASK,	%xmm8	/* one-shot: AES(J0), once no chunk is left */
.set	LE_CTR,		%xmm9	/* next counter, little-endian */
.set	GHASH_ACC,	%xmm10	/* GHASH accumulator; high products in loop */
.set	LO,		%xmm11	/* sum of low products */
.set	MI,		%xmm12	/* sum of Karatsuba middle products */
.set	GHASHDATA0,	%xmm13	/* the block being hashed */
.set	TMP0,		%xmm14	/* scratch */
.set	BSWAP_MASK,	%xmm15	/* .Lbswap_mask, loaded once per call */

/*
 * KEY, the first argument of every function, is advanced by KEY_BIAS into
 * the key struct, so that all powers of H (used by every GHASH step) are
 * within reach of 8-bit displacements.  OFF_* are the struct offsets from
 * aesni-intel.h relative to it.
 */
.set	KEY_BIAS,		GCM_AESNI_H_POWERS_OFFSET + 80
.set	OFF_RNDKEYS,		AES_KEY_ENC_OFFSET - KEY_BIAS
.set	OFF_KEYLEN,		AES_KEYLEN_OFFSET - KEY_BIAS
.set	OFF_H_POWERS,		GCM_AESNI_H_POWERS_OFFSET - KEY_BIAS
.set	OFF_H_POWERS_XORED,	GCM_AESNI_H_POWERS_XORED_OFFSET - KEY_BIAS
.set	OFF_H_TIMES_X64,	GCM_AESNI_H_TIMES_X64_OFFSET - KEY_BIAS

/* Scratch general purpose registers, free in every function */
.set	GTMP0,		%rax
.set	GTMP0_32,	%eax
.set	GTMP0_16,	%ax
.set	GTMP0_8,	%al
.set	GTMP1,		%r11
.set	GTMP1_32,	%r11d

/*
 * GHASH
 * -----
 * The representation (byte-reversed blocks read as bit-reflected
 * polynomials, the powers of H stored times x^-1 so that a carryless
 * product of data and a stored power is the reflected data * H^i, without
 * a shift) and the two folding steps of _ghash_reduce are derived once, in
 * aes-gcm-avx10-x86_64.S ("GHASH arithmetic").  What differs here:
 *
 * Karatsuba.  With 64-bit halves a = a1:a0, b = b1:b0, the products are
 *   LO = a0*b0, HI = a1*b1, MI = (a0^a1)*(b0^b1) ^ LO ^ HI = a0*b1 ^ a1*b0,
 * 3 pclmulqdq instead of 4 (pclmulqdq is slow on the older CPUs this file
 * is for, and there is no vpternlogd to make the fourth product's xor
 * free); (b0^b1) comes precomputed in h_powers_xored.  Sums of products
 * are formed by summing LO, MI and HI separately; _karatsuba_mi turns the
 * summed MI into the true middle word once, before the reduction.
 *
 * Eight powers.  The key holds H^8..H^1, so at most 8 blocks are summed
 * before one reduction.
 *
 * One block times H uses h_times_x64 and one folding step (_ghash_mul_h).
 */

/*
 * _ghash_reduce lo, mi, hi, gfpoly, t: the contract of aes-macros.h (\mi the
 * true middle word, result in \hi, clobbers \lo, \mi, \t), with \gfpoly
 * the aligned .Lgfpoly in memory.  The two folding steps, each one
 * pclmulqdq by K = 0xc2 << 56 (the high qword of .Lgfpoly) and one qword
 * swap, as derived in aes-gcm-avx10-x86_64.S:
 *   mi ^= swap(lo) ^ lo.low * K
 *   hi ^= swap(mi) ^ mi.low * K
 */
.macro _ghash_reduce lo, mi, hi, gfpoly, t
	_vpclmulqdq	$0x10, \gfpoly, \lo, \t
	_v		pshufd $0x4e, \lo, \lo
	_vpxor		\lo, \mi, \mi
	_vpxor		\t, \mi, \mi
	_vpclmulqdq	$0x10, \gfpoly, \mi, \t
	_v		pshufd $0x4e, \mi, \mi
	_vpxor		\mi, \hi, \hi
	_vpxor		\t, \hi, \hi
.endm

/*
 * _karatsuba_mi lo, mi, hi: mi = the true middle word, from the Karatsuba
 * sum of (a0^a1)*(b0^b1) products: mi ^= lo ^ hi.
 */
.macro _karatsuba_mi lo, mi, hi
	_vpxor		\lo, \mi, \mi
	_vpxor		\hi, \mi, \mi
.endm

/*
 * _ghash_mul_h a, t0, t1: a = a * H (one block, fully reduced), using
 * H^1 * x^-1 (h_powers[7], "H'") and H * x^64 * x^-1 (h_times_x64, "H''").
 *
 * Splitting a = a1*2^64 ^ a0: shifting a 256-bit value left by 64 bits
 * multiplies its field element by x^-64, so a0*H' (words 0..2) equals
 * (a0*H'') << 64 and a*H' = (a0*H'' ^ a1*H') << 64.  That sum lives in
 * words 1..3, so one reduction step (of word 1) suffices: 4 independent
 * multiplications and 1 dependent one, instead of Karatsuba's 3 + 2.
 * Reads a, key; writes a; clobbers t0, t1.
 */
.macro _ghash_mul_h a, t0, t1
	_vpclmulqdq	$0x00, OFF_H_TIMES_X64(KEY), \a, \t0
	_vpclmulqdq	$0x01, OFF_H_POWERS+7*16(KEY), \a, \t1
	_vpxor		\t1, \t0, \t0	/* words 1..2 */
	_vpclmulqdq	$0x10, OFF_H_TIMES_X64(KEY), \a, \t1
	_vpclmulqdq	$0x11, OFF_H_POWERS+7*16(KEY), \a, \a
	_vpxor		\t1, \a, \a	/* words 2..3 */
	_vpclmulqdq	$0x10, .Lgfpoly(%rip), \t0, \t1
	_v		pshufd $0x4e, \t0, \t0
	_vpxor		\t0, \a, \a
	_vpxor		\t1, \a, \a
.endm

/*
 * _ghash_step i, base, disp: step i of hashing the 8 blocks at disp(base)
 * into GHASH_ACC.  Steps 0-7 multiply block i by H^(8-i) (h_powers[i]) and
 * add the products to LO, MI and GHASH_ACC (which holds the high
 * products; its old value is first added into block 0); step 8 reduces.
 * Split into steps so that _crypt_8 can put one after each AES round.
 * The multiplications take their operands from registers: RNDKEY, free
 * after a round's eight aesenc, receives h_powers_xored[i] (movq) and then
 * h_powers[i], used by two of them.  On AMD Zen 3, memory operands for
 * all three, with the step in the middle of a round, ran at 0.97-0.98 of
 * Linux 6.12's speed at 16 KiB, this at 1.00-1.01 (aesni and aesni_avx,
 * AES-128 and AES-256, both directions).  llvm-mca-19 does not see that
 * cost: bench/model.sh puts this loop at 0.98-0.99 of Linux's for AES-128
 * on znver3 and znver4 (the memory-operand one at 1.01-1.02).
 * Reads BSWAP_MASK, key, memory; writes GHASH_ACC, LO, MI; clobbers
 * GHASHDATA0, TMP0, RNDKEY.
 */
.macro _ghash_step i, base, disp
.if \i < 8
	_v		movdqu \disp+16*\i(\base), GHASHDATA0
	_v3		pshufb, BSWAP_MASK, GHASHDATA0, GHASHDATA0
.if \i == 0
	_vpxor		GHASH_ACC, GHASHDATA0, GHASHDATA0
.endif
	_v		pshufd $0x4e, GHASHDATA0, TMP0
	_vpxor		GHASHDATA0, TMP0, TMP0
	_v		movq OFF_H_POWERS_XORED+8*\i(KEY), RNDKEY
.if \i == 0
	_vpclmulqdq	$0x00, RNDKEY, TMP0, MI
	_v		movdqa OFF_H_POWERS(KEY), RNDKEY
	_vpclmulqdq	$0x00, RNDKEY, GHASHDATA0, LO
	_vpclmulqdq	$0x11, RNDKEY, GHASHDATA0, GHASH_ACC
.else
	_vpclmulqdq	$0x00, RNDKEY, TMP0, TMP0
	_vpxor		TMP0, MI, MI
	_v		movdqa OFF_H_POWERS+16*\i(KEY), RNDKEY
	_vpclmulqdq	$0x00, RNDKEY, GHASHDATA0, TMP0
	_vpxor		TMP0, LO, LO
	_vpclmulqdq	$0x11, RNDKEY, GHASHDATA0, GHASHDATA0
	_vpxor		GHASHDATA0, GHASH_ACC, GHASH_ACC
.endif
.else
	_karatsuba_mi	LO, MI, GHASH_ACC
	_ghash_reduce	LO, MI, GHASH_ACC, .Lgfpoly(%rip), TMP0
.endif
.endm

/*
 * GHASH of the last m <= 8 blocks of a call, whichever kind of data.  Each
 * block j < m-1 is multiplied by H^(m-j) = h_powers[8-m+j] (_ghash_tail_block)
 * and the products are summed in LO, MI and HI; _ghash_tail_end adds the
 * last block (possibly zero-padded, times H^1) to the sums and reduces them
 * once, as the main loop does: three multiplications per block and two for
 * the reduction, the fewest instructions, since a short message's calls
 * overlap with the next message's and compete for the same units.  A call
 * with one block left (e.g. 16 bytes of AAD) has no sums and takes
 * _ghash_mul_h instead, whose latency is lower.
 *
 * _ghash_tail_begin len: len + 16 (17..127) = bytes left, m >= 2.  Sets
 * POW8 = 8 * (8 - m), the byte offset of h_powers_xored[8-m] (and half that
 * of h_powers[8-m]); zeroes the three sums.  With m == 1 it is skipped and
 * POW8 left zero, which tells _ghash_tail_end there are no sums (POW8 ends
 * at 56 otherwise).
 */
.macro _ghash_tail_begin len
	lea		31(\len), POW8
	and		$~15, POW8		/* 16 * m */
	shr		$1, POW8
	neg		POW8
	add		$64, POW8
	_vpxor		LO, LO, LO
	_vpxor		MI, MI, MI
	_vpxor		HI, HI, HI
.endm

/*
 * _ghash_tail_block [data]: hash \data (default GHASHDATA0; a block as
 * stored in memory) as the next tail block.  GHASH_ACC is added to it and
 * then zeroed, so the accumulator enters only the first block.  Advances
 * POW8.  h_powers[8-m+j] is at (KEY,POW8,2): with AVX loaded once into
 * TAIL_H for its two products, with legacy SSE a memory operand of both;
 * the packed h_powers_xored[8-m+j] is a memory operand with AVX (VEX allows
 * it unaligned; the 8 bytes read past the last one are h_times_x64's, which
 * follows it in the key), legacy SSE loads it with movq.
 * Clobbers \data, TMP0, TAIL_HX, TAIL_H.
 */
.macro _ghash_tail_block data=GHASHDATA0
	_v3		pshufb, BSWAP_MASK, \data, \data
	_vpxor		GHASH_ACC, \data, \data
	_vpxor		GHASH_ACC, GHASH_ACC, GHASH_ACC
	_v		pshufd $0x4e, \data, TMP0
	_vpxor		\data, TMP0, TMP0
.if USE_AVX
	vpclmulqdq	$0x00, OFF_H_POWERS_XORED(KEY,POW8), TMP0, TMP0
.else
	movq		OFF_H_POWERS_XORED(KEY,POW8), TAIL_HX
	pclmulqdq	$0x00, TAIL_HX, TMP0
.endif
	_vpxor		TMP0, MI, MI
.if USE_AVX
	vmovdqa		OFF_H_POWERS(KEY,POW8,2), TAIL_H
	vpclmulqdq	$0x00, TAIL_H, \data, TMP0
	vpxor		TMP0, LO, LO
	vpclmulqdq	$0x11, TAIL_H, \data, \data
.else
	movdqa		\data, TMP0
	pclmulqdq	$0x00, OFF_H_POWERS(KEY,POW8,2), TMP0
	pxor		TMP0, LO
	pclmulqdq	$0x11, OFF_H_POWERS(KEY,POW8,2), \data
.endif
	_vpxor		\data, HI, HI
	add		$8, POW8
.endm

/*
 * _ghash_tail_end [data]: GHASH_ACC = the hash of the tail with \data
 * (default GHASHDATA0; the last block as stored in memory) as its last
 * block.  With sums (POW8 != 0, so POW8 = 56: h_powers[7] = H^1 is the
 * power it takes) the block joins them by _ghash_tail_block and the sums
 * are reduced once: no more multiplications than that reduction needs.
 * Alone (the tail was one block), _ghash_1block, whose latency is lower.
 * Clobbers \data, GHASH_*, TAIL_*.
 */
.macro _ghash_tail_end data=GHASHDATA0
	test		POW8, POW8
	jz		1f
	_ghash_tail_block \data
	_karatsuba_mi	LO, MI, HI
	_ghash_reduce	LO, MI, HI, .Lgfpoly(%rip), TMP0
	_v		movdqa HI, GHASH_ACC
	jmp		2f
1:
	_ghash_1block	\data
2:
.endm

/*
 * _ghash_1block data: GHASH_ACC = (GHASH_ACC + \data) * H, \data one block
 * as stored in memory (byte-reflected here), by _ghash_mul_h.  Clobbers
 * \data, TMP0, TAIL_HX.
 */
.macro _ghash_1block data
	_v3		pshufb, BSWAP_MASK, \data, \data
	_vpxor		GHASH_ACC, \data, GHASH_ACC
	_ghash_mul_h	GHASH_ACC, TMP0, TAIL_HX
.endm

/*
 * _load_partial_block src, len, dst: dst = the len (1..15) bytes at src,
 * zero-padded, reading no byte outside them.  The bytes are gathered as an
 * 8-byte piece (if len & 8), then 4, 2 and 1 (by the other bits of len); the
 * pieces after the 8-byte one are assembled in GTMP0 from the last backwards.
 * Reads len (64-bit, upper bits zero); clobbers src, GTMP0, GTMP1.
 */
.macro _load_partial_block src, len, dst
	xor		GTMP0_32, GTMP0_32
	test		$1, \len
	jz		1f
	movzbl		-1(\src,\len), GTMP0_32
1:
	test		$8, \len
	jz		2f
	add		$8, \src
2:
	test		$2, \len
	jz		3f
	shl		$16, GTMP0
	mov		\len, GTMP1
	and		$4, GTMP1
	movzwl		(\src,GTMP1), GTMP1_32
	or		GTMP1, GTMP0
3:
	test		$4, \len
	jz		4f
	shl		$32, GTMP0
	mov		(\src), GTMP1_32
	or		GTMP1, GTMP0
4:
	test		$8, \len
	jz		5f
	_v		movq -8(\src), \dst
.if USE_AVX
	vpinsrq		$1, GTMP0, \dst, \dst
.else
	pinsrq		$1, GTMP0, \dst
.endif
	jmp		6f
5:
	_v		movq GTMP0, \dst
6:
.endm

/*
 * _store_partial_block src, dst, len: store the low len (1..15) bytes of xmm
 * src at dst, writing no other byte.  Clobbers dst, GTMP0.
 */
.macro _store_partial_block src, dst, len
	_v		movq \src, GTMP0
	test		$8, \len
	jz		1f
	mov		GTMP0, (\dst)
	_v		pextrq $1, \src, GTMP0
	add		$8, \dst
1:
	test		$4, \len
	jz		2f
	mov		GTMP0_32, (\dst)
	shr		$32, GTMP0
	add		$4, \dst
2:
	test		$2, \len
	jz		3f
	mov		GTMP0_16, (\dst)
	shr		$16, GTMP0
	add		$2, \dst
3:
	test		$1, \len
	jz		4f
	mov		GTMP0_8, (\dst)
4:
.endm

/*
 * AES.  The round keys are key_enc[0..nr] with nr = 6 + keylen/4, so the
 * last one is at key + 16*nr = key + 4*keylen + 96 (RNDKEYLAST_PTR).
 *
 * _aes_encrypt_1 blk: blk = AES(blk), unrolled.  Rounds 1-9, which every key
 * size has, are addressed from KEY so that they need not wait for the load
 * of the key length; AES-192/256's extra rounds and the last one from
 * RNDKEYLAST_PTR.  Reads KEY, RNDKEYLAST_PTR.
 */
.macro _aes_encrypt_1 blk
	_vpxor		OFF_RNDKEYS(KEY), \blk, \blk
.irp i, 1,2,3,4,5,6,7,8,9
	_v3		aesenc, OFF_RNDKEYS+\i*16(KEY), \blk, \blk
.endr
	cmpl		$24, OFF_KEYLEN(KEY)
	jb		2f
	je		1f
	_v3		aesenc, -4*16(RNDKEYLAST_PTR), \blk, \blk
	_v3		aesenc, -3*16(RNDKEYLAST_PTR), \blk, \blk
1:
	_v3		aesenc, -2*16(RNDKEYLAST_PTR), \blk, \blk
	_v3		aesenc, -1*16(RNDKEYLAST_PTR), \blk, \blk
2:
	_v3		aesenclast, (RNDKEYLAST_PTR), \blk, \blk
.endm

.macro _set_rndkeylast_ptr
	mov		OFF_KEYLEN(KEY), GTMP0_32
	lea		OFF_RNDKEYS+6*16(KEY,GTMP0,4), RNDKEYLAST_PTR
.endm

/* _aesenc_8: one AES round with RNDKEY on AESDATA0-7 */
.macro _aesenc_8
.irp j, 0,1,2,3,4,5,6,7
	_v3		aesenc, RNDKEY, AESDATA\j, AESDATA\j
.endr
.endm

/*
 * _crypt_8 [ghash_base, ghash_disp]: en/decrypt the 8 blocks at SRC into DST
 * (CTR mode: same operation both ways) with the next 8 counters, advancing
 * LE_CTR.  If ghash_base is given, the 8 blocks at ghash_disp(ghash_base)
 * are hashed into GHASH_ACC meanwhile, one step after each round's eight
 * aesenc (whose round key register the step then uses, see _ghash_step),
 * so that the GHASH loads and multiplications are spread evenly among the
 * AES rounds in program order:
 * the eight multiplication steps in rounds 1-8, the reduction in the round
 * before the last.  AES-192/256's 2/4 extra rounds run between them, so
 * that the reduction, which waits on all eight products, comes with the
 * last rounds whatever the key size (AES-128's order is rounds 1-9 with
 * steps 0-8).  Without ghash_base, all rounds run in a loop, for size.  The last round key is added to the
 * source block before aesenclast, so that aesenclast yields the output
 * directly.
 * Reads SRC, KEY, RNDKEYLAST_PTR; writes DST; clobbers AESDATA0-7, RNDKEY,
 * GTMP0 and, with ghash, what _ghash_step does.
 */
.macro _crypt_8 ghash_base, ghash_disp
.irp j, 0,1,2,3,4,5,6,7
	_v3		pshufb, BSWAP_MASK, LE_CTR, AESDATA\j
	_v3		paddd, .Lone(%rip), LE_CTR, LE_CTR
.endr
	_v		movdqa OFF_RNDKEYS(KEY), RNDKEY
.irp j, 0,1,2,3,4,5,6,7
	_vpxor		RNDKEY, AESDATA\j, AESDATA\j
.endr
	lea		OFF_RNDKEYS+16(KEY), GTMP0
.ifb \ghash_base
	/* no GHASH to interleave: all rounds in a loop, for size */
1:
	_v		movdqa (GTMP0), RNDKEY
	_aesenc_8
	add		$16, GTMP0
	cmp		GTMP0, RNDKEYLAST_PTR
	jne		1b
.else
	/*
	 * rounds 1-8 with steps 0-7, AES-192/256's extra rounds, then the
	 * round before the last (-16(RNDKEYLAST_PTR)) with step 8
	 */
.irp r, 0,1,2,3,4,5,6,7,8
.if \r == 8
	cmpl		$24, OFF_KEYLEN(KEY)
	jb		2f
	je		1f
.irp i, 5,4
	_v		movdqa -\i*16(RNDKEYLAST_PTR), RNDKEY
	_aesenc_8
.endr
1:
.irp i, 3,2
	_v		movdqa -\i*16(RNDKEYLAST_PTR), RNDKEY
	_aesenc_8
.endr
2:
	_v		movdqa -16(RNDKEYLAST_PTR), RNDKEY
.else
	_v		movdqa \r*16(GTMP0), RNDKEY
.endif
.irp j, 0,1,2,3,4,5,6,7
	_v3		aesenc, RNDKEY, AESDATA\j, AESDATA\j
.endr
	_ghash_step	\r, \ghash_base, \ghash_disp
.endr
.endif
	_v		movdqa (RNDKEYLAST_PTR), RNDKEY
.irp j, 0,1,2,3,4,5,6,7
.if USE_AVX
	vpxor		\j*16(SRC), RNDKEY, TMP0
.else
	/* legacy pxor would need an aligned memory operand */
	movdqu		\j*16(SRC), TMP0
	pxor		RNDKEY, TMP0
.endif
	_v3		aesenclast, TMP0, AESDATA\j, AESDATA\j
	_v		movdqu AESDATA\j, \j*16(DST)
.endr
.endm

/*
 * _aes_gcm_update enc: body of aes_gcm_{enc,dec}_update_*.
 *
 * Encryption hashes ciphertext it has just produced, so its main loop
 * hashes the previous 8 blocks (read back from dst) while encrypting the
 * next 8; the first 8 are encrypted alone (in a round loop: no GHASH to
 * interleave) and the last 8 hashed alone.  Decryption hashes the 8 source
 * blocks of the same iteration.  Then the < 8 remaining blocks go one at a
 * time, the last one possibly partial.
 */
.macro _aes_gcm_update enc
	.set	KEY,		%rdi
	.set	LE_CTR_PTR,	%rsi
	.set	GHASH_ACC_PTR,	%rdx
	.set	SRC,		%rcx
	.set	DST,		%r8
	.set	DATALEN,	%r9
	.set	DATALEN32,	%r9d
	.set	RNDKEYLAST_PTR,	%r10
	/* POW8 is used after the main loop, when LE_CTR_PTR is dead */
	.set	POW8,		%rsi
	/* the block the tail hashes: the ciphertext, AESDATA0 or GHASHDATA0 */
.if \enc
	.set	TAIL_DATA,	AESDATA0
.else
	.set	TAIL_DATA,	GHASHDATA0
.endif

	add		$KEY_BIAS, KEY

	_v		movdqa .Lbswap_mask(%rip), BSWAP_MASK
	_vbroadcast128_2q LE_CTR_PTR, LE_CTR
	_v		movdqu (GHASH_ACC_PTR), GHASH_ACC
	_set_rndkeylast_ptr

	sub		$128, DATALEN32
	jl		.Ltail\@
.if \enc
	_crypt_8
	add		$128, SRC
	add		$128, DST
	sub		$128, DATALEN32
	jl		.Lghash_last\@
.Lloop\@:
	_crypt_8	DST, -128
.else
.Lloop\@:
	_crypt_8	SRC, 0
.endif
	add		$128, SRC
	add		$128, DST
	sub		$128, DATALEN32
	jge		.Lloop\@
.if \enc
.Lghash_last\@:
	/* the last 8 ciphertext blocks */
.irp i, 0,1,2,3,4,5,6,7,8
	_ghash_step	\i, DST, -128
.endr
.endif

.Ltail\@:
	add		$128, DATALEN32
	jz		.Ldone\@
	xor		POW8, POW8
	sub		$16, DATALEN32		/* bytes after this block */
	jle		.Llast\@
	_ghash_tail_begin DATALEN
	_v		movq .Lone(%rip), TAIL_ONE
.Lblock\@:
	/* a full block with more data after it */
	_v3		pshufb, BSWAP_MASK, LE_CTR, AESDATA0
	_v3		paddd, TAIL_ONE, LE_CTR, LE_CTR
	_aes_encrypt_1	AESDATA0
	_v		movdqu (SRC), GHASHDATA0
	_vpxor		GHASHDATA0, AESDATA0, AESDATA0
	_v		movdqu AESDATA0, (DST)
	_ghash_tail_block TAIL_DATA
	add		$16, SRC
	add		$16, DST
	sub		$16, DATALEN32
	jg		.Lblock\@
.Llast\@:
	/* the last block, of 16 + DATALEN32 (1..16) bytes */
	_v3		pshufb, BSWAP_MASK, LE_CTR, AESDATA0
	_aes_encrypt_1	AESDATA0
	test		DATALEN32, DATALEN32
	jnz		.Lpartial\@
	_v		movdqu (SRC), GHASHDATA0
	_vpxor		GHASHDATA0, AESDATA0, AESDATA0
	_v		movdqu AESDATA0, (DST)
.Ltail_end\@:
	_ghash_tail_end	TAIL_DATA
.Ldone\@:
	_v		movdqu GHASH_ACC, (GHASH_ACC_PTR)
	RET
.Lpartial\@:
	/* out of line, so that a last full block takes no jump */
	add		$16, DATALEN32		/* 1..15 */
	_load_partial_block SRC, DATALEN, GHASHDATA0
	_vpxor		GHASHDATA0, AESDATA0, AESDATA0
	_store_partial_block AESDATA0, DST, DATALEN
.if \enc
	/* hash the ciphertext, without the keystream bytes beyond it */
	lea		.Lzeropad_mask+16(%rip), GTMP0
	sub		DATALEN, GTMP0
	_v		movdqu (GTMP0), GHASHDATA0
	_v3		pand, GHASHDATA0, AESDATA0, AESDATA0
.endif
	jmp		.Ltail_end\@
.endm

/*
 * _ghash_aad: GHASH_ACC += the AADLEN32 bytes at AAD, in chunks of up to 8
 * blocks with the tail macros: one reduction per chunk.  AAD, AADLEN32,
 * POW8 and CHUNK (CHUNK32) are set by the caller.  Reads KEY, BSWAP_MASK;
 * clobbers AAD, AADLEN32, POW8, CHUNK, GTMP0, GTMP1, LO, MI, HI, TAIL_HX,
 * GHASHDATA0, TMP0 and the flags.
 */
.macro _ghash_aad
	test		AADLEN32, AADLEN32
	jz		.Laad_done\@
.Lchunk\@:
	xor		POW8, POW8
	mov		$128, CHUNK32
	cmp		CHUNK32, AADLEN32
	cmovb		AADLEN32, CHUNK32
	sub		CHUNK32, AADLEN32
	sub		$16, CHUNK32
	jle		.Llast\@
	_ghash_tail_begin CHUNK
.Lblock\@:
	_v		movdqu (AAD), GHASHDATA0
	_ghash_tail_block
	add		$16, AAD
	sub		$16, CHUNK32
	jg		.Lblock\@
.Llast\@:
	jl		.Lpartial\@		/* flags from the sub */
	_v		movdqu (AAD), GHASHDATA0
	add		$16, AAD
	jmp		.Ltail_end\@
.Lpartial\@:
	add		$16, CHUNK32		/* 1..15, the end of the AAD */
	_load_partial_block AAD, CHUNK, GHASHDATA0
.Ltail_end\@:
	_ghash_tail_end
	test		AADLEN32, AADLEN32
	jnz		.Lchunk\@
.Laad_done\@:
.endm

/* _aes_gcm_aad_update: body of aes_gcm_aad_update_* */
.macro _aes_gcm_aad_update
	.set	KEY,		%rdi
	.set	GHASH_ACC_PTR,	%rsi
	.set	AAD,		%rdx
	.set	AADLEN32,	%ecx
	.set	POW8,		%r8
	/* CHUNK32: bytes of the current chunk after the current block */
	.set	CHUNK,		%r9
	.set	CHUNK32,	%r9d

	add		$KEY_BIAS, KEY

	_v		movdqa .Lbswap_mask(%rip), BSWAP_MASK
	_v		movdqu (GHASH_ACC_PTR), GHASH_ACC
	/*
	 * AAD of at most one block, the common case (IPsec's is 8 or 12
	 * bytes), is one multiplication by H, and a whole block takes no
	 * jump on the way: each taken branch costs the front end, which a
	 * kernel that mitigates SRSO with Safe RET restarts after every
	 * return.  (On Zen 3 with the bench's return thunk, this function
	 * with three taken branches for 16 bytes cost 3-5 % of a whole 16-64
	 * byte message against Linux 6.12's with one.)
	 */
	cmp		$16, AADLEN32
	ja		.Laad_long\@
	jb		.Laad_partial\@
	_v		movdqu (AAD), GHASHDATA0
.Laad_block\@:
	_ghash_1block	GHASHDATA0
.Laad_store\@:
	_v		movdqu GHASH_ACC, (GHASH_ACC_PTR)
	RET
.Laad_partial\@:
	mov		AADLEN32, CHUNK32	/* 0..15, zero-extended */
	test		CHUNK32, CHUNK32
	jz		.Laad_store\@
	_load_partial_block AAD, CHUNK, GHASHDATA0
	jmp		.Laad_block\@
.Laad_long\@:
	_ghash_aad
	jmp		.Laad_store\@
.endm

/*
 * _j0_block dst: dst = counter block 1 (byte order as AES takes it): le_ctr
 * (at LE_CTR_PTR) with its low 32 bits set to 1.  le_ctr[0] is not read:
 * the caller has just stored 1 there, and a load overlapping that small
 * store and the caller's older store of the whole counter could take its
 * data from neither, but would wait until both are written to the cache.
 * So the 1 comes from .Lone, and le_ctr[1] and le_ctr[2..3] are inserted
 * by a 4- and an 8-byte load, each within one store whether the counter
 * was stored as one 16-byte or as two 8-byte pieces.  Reads BSWAP_MASK.
 */
.macro _j0_block dst
	_le_ctr_j0	\dst
	_v3		pshufb, BSWAP_MASK, \dst, \dst
.endm

/* _le_ctr_j0 dst: dst = le_ctr with le_ctr[0] = 1, read as _j0_block says */
.macro _le_ctr_j0 dst
	_v		movq .Lone(%rip), \dst
.if USE_AVX
	vpinsrq		$1, 8(LE_CTR_PTR), \dst, \dst
	vpinsrd		$1, 4(LE_CTR_PTR), \dst, \dst
.else
	pinsrq		$1, 8(LE_CTR_PTR), \dst
	pinsrd		$1, 4(LE_CTR_PTR), \dst
.endif
.endm

/*
 * _aes_gcm_final enc: body of aes_gcm_{enc,dec}_final_*.  Hashes the
 * lengths block (bit counts of AAD and data, big-endian, so after the byte
 * reversal: data bits in the low qword, AAD bits in the high one), then
 * tag = GHASH ^ AES(counter block 1).
 */
.macro _aes_gcm_final enc
	.set	KEY,		%rdi
	.set	LE_CTR_PTR,	%rsi
	.set	GHASH_ACC_PTR,	%rdx
	.set	TOTAL_AADLEN,	%rcx
	.set	TOTAL_DATALEN,	%r8
	.set	TAG_PTR,	%r9
	/* taglen, the 7th argument, is at 8(%rsp) */
	.set	RNDKEYLAST_PTR,	%r10

	add		$KEY_BIAS, KEY

	_v		movdqa .Lbswap_mask(%rip), BSWAP_MASK
	_v		movdqu (GHASH_ACC_PTR), GHASH_ACC
	_v		movq TOTAL_DATALEN, TMP0
.if USE_AVX
	vpinsrq		$1, TOTAL_AADLEN, TMP0, TMP0
.else
	pinsrq		$1, TOTAL_AADLEN, TMP0
.endif
	_v3		psllq, $3, TMP0, TMP0
	_vpxor		TMP0, GHASH_ACC, GHASH_ACC

	_j0_block	AESDATA0
	_set_rndkeylast_ptr
	_aes_encrypt_1	AESDATA0

	_ghash_mul_h	GHASH_ACC, GHASHDATA0, TMP0
	_v3		pshufb, BSWAP_MASK, GHASH_ACC, GHASH_ACC
	_vpxor		AESDATA0, GHASH_ACC, GHASH_ACC
.if \enc
	_v		movdqu GHASH_ACC, (GHASH_ACC_PTR)
.else
	/* ZF = equal in the first taglen bytes; no branch on the tag */
	mov		8(%rsp), GTMP0_32
	lea		.Lzeropad_mask+16(%rip), GTMP1
	sub		GTMP0, GTMP1
	_v		movdqu (TAG_PTR), TMP0
	_vpxor		TMP0, GHASH_ACC, GHASH_ACC
	_v		movdqu (GTMP1), TMP0
	xor		GTMP0_32, GTMP0_32
	_v		ptest TMP0, GHASH_ACC
	sete		GTMP0_8
.endif
	RET
.endm

/*
 * _lens_block dst: dst = the lengths block in the reflected form: the data
 * bits (datalen, the 7th argument, at 8(%rsp)) in the low qword, the AAD
 * bits (AADLEN_DIR, whose bit 63 the shift drops) in the high one.
 * Clobbers GTMP0.
 */
.macro _lens_block dst
	mov		8(%rsp), GTMP0_32
	_v		movq GTMP0, \dst
.if USE_AVX
	vpinsrq		$1, AADLEN_DIR, \dst, \dst
.else
	pinsrq		$1, AADLEN_DIR, \dst
.endif
	_v3		psllq, $3, \dst, \dst
.endm

/*
 * _tag_mask: TAG_MASK = AES(J0), J0 being LE_CTR with its low 32 bits set to
 * 1.  Reads KEY, RNDKEYLAST_PTR, BSWAP_MASK; clobbers GTMP0.
 */
.macro _tag_mask
	_v		movdqa LE_CTR, TAG_MASK
	mov		$1, GTMP0_32
.if USE_AVX
	vpinsrd		$0, GTMP0_32, TAG_MASK, TAG_MASK
.else
	pinsrd		$0, GTMP0_32, TAG_MASK
.endif
	_v3		pshufb, BSWAP_MASK, TAG_MASK, TAG_MASK
	_aes_encrypt_1	TAG_MASK
.endm

/*
 * _aes_gcm_oneshot: the body of __aes_gcm_oneshot_*, one for both
 * directions, which aes_gcm_{enc,dec}_oneshot_* (prototypes in
 * aesni-intel.h) jump to with %rax = aadlen, bit 63 set for decryption.
 * Arguments as theirs: KEY, LE_CTR_PTR, %rdx = aad, %ecx = aadlen,
 * %r8 = src, %r9 = dst, 8(%rsp) = datalen, 16(%rsp) = tag, 24(%rsp) =
 * taglen.  AADLEN_DIR keeps %rax from the AAD on: its sign is the
 * direction.
 *
 * The AAD is hashed as by aes_gcm_aad_update_* (_ghash_aad).  Short data
 * (less than ONESHOT_SHORT bytes whose last partial 8-block chunk is at
 * most 112 bytes) is then done here: each full 8-block chunk by _crypt_8
 * (its round loop) and the 9 steps of _ghash_step (one reduction), then the
 * last 1..112 bytes a block at a time as in _aes_gcm_update, every block
 * into the sums with the powers H^(nb+1)..H^2, so that the lengths block,
 * times H^1 (LENS_H, computed beforehand), needs no reduction of its own;
 * J0's AES (TAG_MASK) is started with the tail's first counter block.  Other
 * data (a last chunk of 113..127 bytes would need H^9 with the lengths
 * block) goes to the update function, called on a stack frame after J0
 * has been encrypted; then the lengths block is hashed here.
 */
/* From two chunks on, the update function's interleaved loop is faster. */
.set	ONESHOT_SHORT,	256

.macro _aes_gcm_oneshot impl
	.set	KEY,		%rdi
	.set	LE_CTR_PTR,	%rsi
	/* the AAD: */
	.set	AAD,		%rdx
	.set	AADLEN32,	%ecx
	.set	POW8,		%r10
	.set	CHUNK,		%rsi
	.set	CHUNK32,	%esi
	/* then the data: */
	.set	AADLEN_DIR,	%rdx
	.set	SRC,		%rcx
	.set	DST,		%r8
	.set	DATALEN,	%r9
	.set	DATALEN32,	%r9d
	.set	RNDKEYLAST_PTR,	%r10
	.set	GHASH_PTR,	%rsi	/* the chunks: the blocks to hash */

	add		$KEY_BIAS, KEY
	_v		movdqa .Lbswap_mask(%rip), BSWAP_MASK
	/* le_ctr[0] is 1 (the one-shot contract), not read: see _j0_block */
	_le_ctr_j0	LE_CTR
	_v3		paddd, .Lone(%rip), LE_CTR, LE_CTR	/* counter 2 */
	_vpxor		GHASH_ACC, GHASH_ACC, GHASH_ACC
	/* aadlen and the direction wait in TAG_MASK while AAD is hashed */
	_v		movq %rax, TAG_MASK
	_ghash_aad
	_v		movq TAG_MASK, AADLEN_DIR
	mov		%r8, SRC
	mov		%r9, DST
	mov		8(%rsp), DATALEN32
	_set_rndkeylast_ptr
	.set	POW8,		%rsi	/* the tail */
	cmp		$ONESHOT_SHORT, DATALEN32
	jae		.Lcall_update\@
	mov		DATALEN32, GTMP0_32
	and		$127, GTMP0_32
	cmp		$112, GTMP0_32
	ja		.Lcall_update\@

	cmp		$128, DATALEN32
	jb		.Lchunks_done\@
.Lchunk\@:
	/* 8 blocks: encryption hashes its output, decryption its input first */
	test		AADLEN_DIR, AADLEN_DIR
	jns		.Lchunk_crypt\@
	mov		SRC, GHASH_PTR
.Lchunk_hash\@:
.irp i, 0,1,2,3,4,5,6,7,8
	_ghash_step	\i, GHASH_PTR, 0
.endr
	test		AADLEN_DIR, AADLEN_DIR
	jns		.Lchunk_next\@
.Lchunk_crypt\@:
	_crypt_8
	test		AADLEN_DIR, AADLEN_DIR
	js		.Lchunk_next\@
	mov		DST, GHASH_PTR
	jmp		.Lchunk_hash\@
.Lchunk_next\@:
	add		$128, SRC
	add		$128, DST
	sub		$128, DATALEN32
	cmp		$128, DATALEN32
	jae		.Lchunk\@
.Lchunks_done\@:
	test		DATALEN32, DATALEN32
	jz		.Lno_tail\@

	/* 1..112 bytes */
	_tag_mask
	_lens_block	LENS_H
	_ghash_mul_h	LENS_H, TMP0, TAIL_HX
	_ghash_tail_begin DATALEN
.Lblock\@:
	_v3		pshufb, BSWAP_MASK, LE_CTR, AESDATA0
	_v3		paddd, .Lone(%rip), LE_CTR, LE_CTR
	_aes_encrypt_1	AESDATA0
	cmp		$16, DATALEN32
	jb		.Lpartial\@
	_v		movdqu (SRC), GHASHDATA0
	_vpxor		GHASHDATA0, AESDATA0, AESDATA0
	_v		movdqu AESDATA0, (DST)
	test		AADLEN_DIR, AADLEN_DIR
	js		.Lblock_hash\@
	_v		movdqa AESDATA0, GHASHDATA0
.Lblock_hash\@:
	_ghash_tail_block
	add		$16, SRC
	add		$16, DST
	sub		$16, DATALEN32
	jnz		.Lblock\@
	jmp		.Ltail_reduce\@
.Lpartial\@:
	_load_partial_block SRC, DATALEN, GHASHDATA0
	_vpxor		GHASHDATA0, AESDATA0, AESDATA0
	_store_partial_block AESDATA0, DST, DATALEN
	test		AADLEN_DIR, AADLEN_DIR
	js		.Lpartial_hash\@
	/* hash the ciphertext, without the keystream bytes beyond it */
	lea		.Lzeropad_mask+16(%rip), GTMP0
	sub		DATALEN, GTMP0
	_v		movdqu (GTMP0), GHASHDATA0
	_v3		pand, AESDATA0, GHASHDATA0, GHASHDATA0
.Lpartial_hash\@:
	_ghash_tail_block
.Ltail_reduce\@:
	/* GHASH_ACC was zeroed by the first _ghash_tail_block */
	_karatsuba_mi	LO, MI, HI
	_ghash_reduce	LO, MI, HI, .Lgfpoly(%rip), TMP0
	_vpxor		HI, LENS_H, GHASH_ACC
	jmp		.Ltag\@

.Lno_tail\@:
	_tag_mask
.Llens\@:
	_lens_block	TMP0
	_vpxor		TMP0, GHASH_ACC, GHASH_ACC
	_ghash_mul_h	GHASH_ACC, TMP0, TAIL_HX

.Ltag\@:
	/* the tag, stored or compared as in _aes_gcm_final */
	_v3		pshufb, BSWAP_MASK, GHASH_ACC, GHASH_ACC
	_vpxor		TAG_MASK, GHASH_ACC, GHASH_ACC
	mov		16(%rsp), GTMP0			/* tag */
	test		AADLEN_DIR, AADLEN_DIR
	js		.Ltag_dec\@
	_v		movdqu GHASH_ACC, (GTMP0)
	RET
.Ltag_dec\@:
	/* only taglen bytes of tag are read (zero-padded), and compared */
	mov		GTMP0, SRC
	mov		24(%rsp), DATALEN32		/* taglen */
	cmp		$16, DATALEN32
	jb		.Ltag_partial\@
	_v		movdqu (SRC), TMP0
	jmp		.Ltag_cmp\@
.Ltag_partial\@:
	_load_partial_block SRC, DATALEN, TMP0
.Ltag_cmp\@:
	_vpxor		TMP0, GHASH_ACC, GHASH_ACC
	lea		.Lzeropad_mask+16(%rip), GTMP1
	sub		DATALEN, GTMP1
	_v		movdqu (GTMP1), TMP0
	xor		GTMP0_32, GTMP0_32
	_v		ptest TMP0, GHASH_ACC
	sete		GTMP0_8
	RET

.Lcall_update\@:
	/*
	 * aes_gcm_{enc,dec}_update_*(key, le_ctr, ghash_acc, src, dst,
	 * datalen), on a frame holding AADLEN_DIR (at 0), the key (8), J0
	 * encrypted (16), ghash_acc as in memory (32) and le_ctr for the
	 * data (48).
	 */
	_tag_mask
	FRAME_BEGIN
	sub		$64, %rsp
	sub		$KEY_BIAS, KEY
	mov		AADLEN_DIR, 0(%rsp)
	_v		movdqu TAG_MASK, 16(%rsp)
	_v		movdqu GHASH_ACC, 32(%rsp)
	_v		movdqu LE_CTR, 48(%rsp)
	mov		KEY, 8(%rsp)
	lea		48(%rsp), %rsi
	/* SRC, DST and DATALEN are the update functions' %rcx, %r8, %r9 */
	test		AADLEN_DIR, AADLEN_DIR
	lea		32(%rsp), %rdx
	js		.Lcall_dec\@
	call		aes_gcm_enc_update_\impl
	jmp		.Lcalled\@
.Lcall_dec\@:
	call		aes_gcm_dec_update_\impl
.Lcalled\@:
	mov		8(%rsp), KEY
	add		$KEY_BIAS, KEY
	mov		0(%rsp), AADLEN_DIR
	_v		movdqa .Lbswap_mask(%rip), BSWAP_MASK
	_v		movdqu 32(%rsp), GHASH_ACC
	_v		movdqu 16(%rsp), TAG_MASK
	add		$64, %rsp
	FRAME_END
	jmp		.Llens\@
.endm

/*
 * _aes_gcm_precompute: body of aes_gcm_precompute_*.
 *
 * H' = H * x^-1 from H: in the reflected form multiplying by x^-1 is a left
 * shift by one bit (bit j, x^(127-j), moves to x^(126-j)).  The bit shifted
 * out of bit 127 stands for x^-1 itself, which is x^127 + x^6 + x + 1 mod
 * x^128 + x^7 + x^2 + x + 1, i.e. bits 0, 121, 126 and 127: .Lgfpoly, added
 * under a mask made from bit 127 (no branch on the secret H).
 *
 * H'' = H' * x^64: H' placed at words 1..2 of a 256-bit value is H' * x^64,
 * and one reduction step (of word 1, see _ghash_reduce) brings it into
 * words 2..3: H'' = swap(H') ^ H'.low * K.
 *
 * Then H^(i+1)' = H^i' * H by _ghash_mul_h (stored forms multiply to the
 * stored form of the product: (a x^-1)(b x^-1) x = ab x^-1).
 */
.macro _aes_gcm_precompute
	.set	KEY,		%rdi
	.set	RNDKEYLAST_PTR,	%r10
	.set	H_POW,		%xmm0

	add		$KEY_BIAS, KEY

	_vpxor		H_POW, H_POW, H_POW
	_set_rndkeylast_ptr
	_aes_encrypt_1	H_POW
	_v3		pshufb, .Lbswap_mask(%rip), H_POW, H_POW

	_v		pshufd $0xff, H_POW, TMP0
	_v3		psrad, $31, TMP0, TMP0
	_v3		pand, .Lgfpoly(%rip), TMP0, TMP0
	_v3		psrlq, $63, H_POW, GHASHDATA0
	_v3		pslldq, $8, GHASHDATA0, GHASHDATA0
	_v3		psllq, $1, H_POW, H_POW
	_vpxor		GHASHDATA0, H_POW, H_POW
	_vpxor		TMP0, H_POW, H_POW
	_v		movdqa H_POW, OFF_H_POWERS+7*16(KEY)

	_vpclmulqdq	$0x10, .Lgfpoly(%rip), H_POW, TMP0
	_v		pshufd $0x4e, H_POW, GHASHDATA0
	_vpxor		TMP0, GHASHDATA0, GHASHDATA0
	_v		movdqa GHASHDATA0, OFF_H_TIMES_X64(KEY)

	mov		$7*8, GTMP0
1:
	_v		pshufd $0x4e, H_POW, TMP0
	_vpxor		H_POW, TMP0, TMP0
	_v		movq TMP0, OFF_H_POWERS_XORED(KEY,GTMP0)
	sub		$8, GTMP0
	jl		2f
	_ghash_mul_h	H_POW, TMP0, GHASHDATA0
	_v		movdqa H_POW, OFF_H_POWERS(KEY,GTMP0,2)
	jmp		1b
2:
	RET
.endm

.set	USE_AVX, 0
SYM_FUNC_START_LOCAL(__aes_gcm_oneshot_aesni)
	_aes_gcm_oneshot aesni
SYM_FUNC_END(__aes_gcm_oneshot_aesni)
SYM_FUNC_START(aes_gcm_enc_oneshot_aesni)
	mov		%ecx, %eax
	jmp		__aes_gcm_oneshot_aesni
SYM_FUNC_END(aes_gcm_enc_oneshot_aesni)
SYM_FUNC_START(aes_gcm_dec_oneshot_aesni)
	mov		%ecx, %eax
	bts		$63, %rax
	jmp		__aes_gcm_oneshot_aesni
SYM_FUNC_END(aes_gcm_dec_oneshot_aesni)
SYM_FUNC_START(aes_gcm_precompute_aesni)
	_aes_gcm_precompute
SYM_FUNC_END(aes_gcm_precompute_aesni)
SYM_FUNC_START(aes_gcm_aad_update_aesni)
	_aes_gcm_aad_update
SYM_FUNC_END(aes_gcm_aad_update_aesni)
SYM_FUNC_START(aes_gcm_enc_update_aesni)
	_aes_gcm_update	1
SYM_FUNC_END(aes_gcm_enc_update_aesni)
SYM_FUNC_START(aes_gcm_dec_update_aesni)
	_aes_gcm_update	0
SYM_FUNC_END(aes_gcm_dec_update_aesni)
SYM_FUNC_START(aes_gcm_enc_final_aesni)
	_aes_gcm_final	1
SYM_FUNC_END(aes_gcm_enc_final_aesni)
SYM_FUNC_START(aes_gcm_dec_final_aesni)
	_aes_gcm_final	0
SYM_FUNC_END(aes_gcm_dec_final_aesni)

.set	USE_AVX, 1
SYM_FUNC_START_LOCAL(__aes_gcm_oneshot_aesni_avx)
	_aes_gcm_oneshot aesni_avx
SYM_FUNC_END(__aes_gcm_oneshot_aesni_avx)
SYM_FUNC_START(aes_gcm_enc_oneshot_aesni_avx)
	mov		%ecx, %eax
	jmp		__aes_gcm_oneshot_aesni_avx
SYM_FUNC_END(aes_gcm_enc_oneshot_aesni_avx)
SYM_FUNC_START(aes_gcm_dec_oneshot_aesni_avx)
	mov		%ecx, %eax
	bts		$63, %rax
	jmp		__aes_gcm_oneshot_aesni_avx
SYM_FUNC_END(aes_gcm_dec_oneshot_aesni_avx)
SYM_FUNC_START(aes_gcm_precompute_aesni_avx)
	_aes_gcm_precompute
SYM_FUNC_END(aes_gcm_precompute_aesni_avx)
SYM_FUNC_START(aes_gcm_aad_update_aesni_avx)
	_aes_gcm_aad_update
SYM_FUNC_END(aes_gcm_aad_update_aesni_avx)
SYM_FUNC_START(aes_gcm_enc_update_aesni_avx)
	_aes_gcm_update	1
SYM_FUNC_END(aes_gcm_enc_update_aesni_avx)
SYM_FUNC_START(aes_gcm_dec_update_aesni_avx)
	_aes_gcm_update	0
SYM_FUNC_END(aes_gcm_dec_update_aesni_avx)
SYM_FUNC_START(aes_gcm_enc_final_aesni_avx)
	_aes_gcm_final	1
SYM_FUNC_END(aes_gcm_enc_final_aesni_avx)
SYM_FUNC_START(aes_gcm_dec_final_aesni_avx)
	_aes_gcm_final	0
SYM_FUNC_END(aes_gcm_dec_final_aesni_avx)
