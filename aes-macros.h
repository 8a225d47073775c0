/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helper macros shared by the assembly files of this driver (aes-*.S): one
 * set of operand-form helpers for SSE, VEX and EVEX code, the register-role
 * names every file uses, and the contract of the GHASH reduction.  Only for
 * inclusion by .S files; it contains gas macros and no C.
 *
 * Encoding helpers
 * ================
 *
 * One macro body serves a legacy SSE, a VEX and an EVEX implementation: the
 * body is written with the helpers below, in the operand order of the
 * VEX/EVEX instruction (AT&T: sources first, destination last), and two
 * symbols, set by the file before each instantiation, choose the encoding:
 *
 *   USE_AVX    0: legacy SSE, two-operand and destructive;
 *              1: VEX (or EVEX) three-operand forms.
 *   USE_AVX10  1: EVEX, so that registers 16-31 may be operands: the
 *              helpers use the EVEX-only mnemonics (vpxord, vmovdqu8,
 *              vpternlogd ...) where the VEX one has no EVEX form.
 *   PREFER_VEX 1 (with USE_AVX10, xmm and ymm only): VEX after all, for
 *              a body that needs AVX-512 only for its opmask instructions
 *              (written out, not through the helpers) and names no
 *              register above 15.  VEX is up to four bytes shorter per
 *              instruction (an EVEX displacement that is not a multiple
 *              of the vector length takes four bytes), and VEX
 *              vbroadcasti128 keeps up with the AES rounds where EVEX
 *              vbroadcasti32x4 does not on some cores (AMD Zen 4).
 *
 * All three default to 0 here.  For legacy SSE, a helper whose destination
 * is not its last source emits a movdqa to the destination first; memory
 * operands of legacy SSE arithmetic must be 16-byte aligned (movdqu is the
 * only unaligned access), which is the caller's business.  Registers are
 * compared by name, so a register must be spelled the same way in all
 * operands of one call.
 *
 *   _v op, operands		the same operands in both encodings (pshufd,
 *				ptest, movq, pextrq ...): "v" op or op
 *   _v3 op, src1, src2, dst	dst = src2 op src1 (shifts, shuffles, adds,
 *				pshufb, aesenc ...); legacy SSE: dst may be
 *				src2, not src1 (not all ops commute)
 *   _vpxor src1, src2, dst	dst = src1 ^ src2, any dst; vpxord on EVEX
 *   _xor3 src1, src2, dst	dst ^= src1 ^ src2 (vpternlogd on EVEX)
 *   _vpclmulqdq imm, src1, src2, dst
 *				the carryless product (into dst) of the qwords of
 *				src2 (imm bit 0) and src1 (imm bit 4); src1 may
 *				be memory; legacy SSE: dst may be src2, not
 *				src1
 *   _vmovdqu src, dst		unaligned move (vmovdqu8 on EVEX)
 *   _vmovdqa src, dst		aligned move (vmovdqa64 on EVEX)
 *   _vbroadcast128 src, dst	the 16 bytes at src in every 128-bit lane of
 *				a vector of VL bytes (plain load for VL 16)
 *   _vpblendvb mask, a, b, dst	bytes of a where the mask byte's top bit is
 *				set, else of b; legacy SSE: b = dst, mask =
 *				%xmm0
 *   _vaes op, key, data	one AES round in place (op = aesenc,
 *				aesenclast, aesdec, aesdeclast)
 *   _vbroadcast128_2q base, dst, tmp
 *				the 16 bytes at (base) in every 128-bit lane
 *				of dst, read as two 8-byte loads (dst an xmm
 *				register if tmp is blank; else clobbers tmp,
 *				of dst's length); see below
 *
 * A counter block or IV that the caller has just stored is read with two
 * 8-byte loads (_vbroadcast128_2q), not one 16-byte load: each of them
 * takes its data straight from the store whether the caller wrote the 16
 * bytes with one store or as two 8-byte halves (as C code without SIMD
 * does, dm-crypt's plain64 IV for one), while a 16-byte load of two
 * pending 8-byte stores cannot, and waits until both reach the cache: on
 * Sapphire Rapids, GCM update functions fed that way ran at 0.97-1.00 of
 * Linux 6.12's (both waiting) and 1.7-2.4 times it with the two loads, at
 * 16-128 bytes, for 0.01-0.02 of the 16-byte case.
 *
 * Register roles
 * ==============
 *
 * The same role has the same name in every file.  Each function (or each
 * _set_* macro that instantiates a body) binds the names it uses with .set,
 * never with #define; a register's _XMM (low 128 bits) or _YMM (low 256
 * bits) alias is set on the line right after the register itself, so that
 * the two cannot drift apart.
 *
 * General-purpose registers (a plain name is the 64-bit register; NAME32 is
 * its low half where one is needed):
 *   KEY		the key struct (first argument), or a pointer into it
 *   SRC, DST		source and destination data, advanced as consumed
 *   LEN, DATALEN	bytes left to process
 *   AADLEN		bytes of associated data
 *   LE_CTR_PTR		le_ctr[] (GCM)
 *   GHASH_ACC_PTR	ghash_acc[] (GCM)
 *   TWEAK_PTR, IV_PTR	tweak[], iv[] (XTS)
 *   KEYLEN		the AES key length in bytes (16, 24 or 32)
 *   RNDKEY0_PTR	the address of the first round key
 *   RNDKEYLAST_PTR	the address of the last round key
 *   GTMP0, GTMP1 ...	scratch (GTMP0_32 ...: the low halves)
 * Vector registers:
 *   AESDATA0..3	blocks going through the AES rounds
 *   RNDKEY		a round key loaded for the current round
 *   RNDKEY0		the first round key (whitening), in every lane
 *   RNDKEYLAST		the last round key, in every lane
 *   RNDKEY_M9..M1	GCM avx10: the 9 round keys before the last
 *   LE_CTR		little-endian counter blocks (GCM), LE_CTR_INC their
 *			increment per vector
 *   BSWAP_MASK		the byte-reversing vpshufb mask, in every lane
 *   GFPOLY		the reduction constant (.Lgfpoly; XTS: .Lxts_gf_poly),
 *			in every lane
 *   GHASH_ACC		the GHASH accumulator (reflected, see below)
 *   GHASHDATA0..3	blocks being hashed
 *   H_POW1 ..		powers of the hash key as stored (H^i * x^-1)
 *   LO, MI, HI		the three words of an unreduced GHASH product
 *   TWEAK0..3		XTS: the tweaks of the blocks in flight
 *   TMP0, TMP1 ...	scratch
 *
 * GHASH
 * =====
 *
 * The three GCM files share one representation of GF(2^128) (byte-reversed
 * blocks read as bit-reflected polynomials, key powers stored times x^-1)
 * and one reduction.  The derivation is written once, in
 * aes-gcm-avx10-x86_64.S ("GHASH arithmetic"); the other files refer to it
 * and say only what differs (Karatsuba, a product by H^1 with h_times_x64).
 *
 * Each GCM file implements, with its own instructions, one macro
 *
 *   _ghash_reduce lo, mi, hi, gfpoly, t
 *
 * with this contract: on input, per 128-bit lane, \lo, \mi and \hi are the
 * low, middle and high 128-bit words of an unreduced 256-bit product or sum
 * of products, V = hi * 2^128 ^ mi * 2^64 ^ lo, where \mi is the true middle
 * word (a0*b1 ^ a1*b0: a Karatsuba caller folds lo and hi into it first).
 * \gfpoly holds .Lgfpoly (register, or for legacy SSE 16-byte aligned
 * memory); only its high qword, 0xc2 << 56, is used.  On output \hi is V
 * reduced modulo the GCM polynomial.  \lo, \mi and \t are clobbered; no
 * other register is written.
 */

#ifndef _AES_MACROS_H
#define _AES_MACROS_H

.set	USE_AVX, 0
.set	USE_AVX10, 0
.set	PREFER_VEX, 0

.macro	_v	op, args : vararg
.if USE_AVX
	v\op		\args
.else
	\op		\args
.endif
.endm

.macro	_v3	op, src1, src2, dst
.if USE_AVX
	v\op		\src1, \src2, \dst
.else
.ifnc \src2, \dst
.ifc \src1, \dst
	.error "_v3: legacy SSE destination is the first source"
.endif
	movdqa		\src2, \dst
.endif
	\op		\src1, \dst
.endif
.endm

.macro	_vpxor	src1, src2, dst
.if USE_AVX10 && !PREFER_VEX
	vpxord		\src1, \src2, \dst
.elseif USE_AVX
	vpxor		\src1, \src2, \dst
.else
.ifc \src1, \dst
	pxor		\src2, \dst
.else
	_v3		pxor, \src1, \src2, \dst
.endif
.endif
.endm

.macro	_xor3	src1, src2, dst
.if USE_AVX10 && !PREFER_VEX
	vpternlogd	$0x96, \src1, \src2, \dst
.else
	_vpxor		\src1, \dst, \dst
	_vpxor		\src2, \dst, \dst
.endif
.endm

.macro	_vpclmulqdq	imm, src1, src2, dst
.if USE_AVX
	vpclmulqdq	\imm, \src1, \src2, \dst
.else
.ifnc \src2, \dst
.ifc \src1, \dst
	.error "_vpclmulqdq: legacy SSE destination is the first source"
.endif
	movdqa		\src2, \dst
.endif
	pclmulqdq	\imm, \src1, \dst
.endif
.endm

.macro	_vmovdqu	src, dst
.if USE_AVX10 && !PREFER_VEX
	vmovdqu8	\src, \dst
.else
	_v		movdqu, \src, \dst
.endif
.endm

.macro	_vmovdqa	src, dst
.if USE_AVX10 && !PREFER_VEX
	vmovdqa64	\src, \dst
.else
	_v		movdqa, \src, \dst
.endif
.endm

.macro	_vbroadcast128	src, dst
.if VL == 16
	_vmovdqu	\src, \dst
.elseif USE_AVX10 && !PREFER_VEX
	vbroadcasti32x4	\src, \dst
.else
	vbroadcasti128	\src, \dst
.endif
.endm

.macro	_vpblendvb	mask, a, b, dst
.if USE_AVX
	vpblendvb	\mask, \a, \b, \dst
.else
.ifnc \b, \dst
	.error "_vpblendvb: legacy pblendvb needs b = dst"
.endif
	pblendvb	\mask, \a, \dst
.endif
.endm

.macro	_vaes	op, key, data
	_v3		\op, \key, \data, \data
.endm

.macro	_vbroadcast128_2q	base, dst, tmp
.ifb \tmp
	_v		movq, (\base), \dst
.if USE_AVX
	vpinsrq		$1, 8(\base), \dst, \dst
.else
	pinsrq		$1, 8(\base), \dst
.endif
.else
	/* the two qwords broadcast, then interleaved: lo, hi in each lane */
	vpbroadcastq	0(\base), \dst
	vpbroadcastq	8(\base), \tmp
	vpunpcklqdq	\tmp, \dst, \dst
.endif
.endm

#endif /* _AES_MACROS_H */
