/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * AES-XTS for x86-64: AES-NI, AVX, VAES + AVX2, and VAES with AVX-512/AVX10.
 *
 * Design
 * ======
 *
 * XTS encrypts block i of a data unit as C_i = E_K1(P_i ^ T_i) ^ T_i, where
 * T_0 = E_K2(IV) and T_(i+1) = T_i * x in GF(2^128).  The blocks are
 * independent once the tweaks are known, so the code keeps several blocks in
 * flight to hide the latency of the AES instructions, and computes the
 * tweaks of the next blocks while the current ones are being encrypted.
 *
 * The whole algorithm is written once, as the macro _aes_xts_crypt, and
 * instantiated by _set_impl for each of these implementations:
 *
 *   function suffix  vector length  CPU features needed
 *   aesni            16 (xmm)       AES-NI, PCLMULQDQ, SSSE3, SSE4.1
 *   aesni_avx        16 (xmm)       the above + AVX (VEX-encoded)
 *   vaes_avx2        32 (ymm)       the above + AVX2, VAES, VPCLMULQDQ
 *   vaes_avx10_256   32 (ymm)       the above + AVX512F/VL/BW, BMI2
 *   vaes_avx10_512   64 (zmm)       the same
 *
 * "aesni" uses only legacy SSE encodings (two-operand, destructive); the
 * helper macros of aes-macros.h (_v3, _vpxor, _vaes ...) and those below
 * (_mul_xk ...) take three operands and emit either the VEX/EVEX
 * instruction or a move plus the legacy instruction, so that one body serves
 * every implementation.  "avx10" names code that
 * uses EVEX: 32 vector registers (all round keys stay in registers), opmask
 * registers (masked loads and stores for the tail), and vpternlogd (three-way
 * XOR).  The 256-bit variant exists for CPUs that lower their clock when
 * zmm registers are used.  The avx10 functions use bzhi (BMI2) to build
 * masks; every CPU with AVX-512 has BMI2.
 *
 * aes_xts_encrypt_iv(), which computes the first tweak, needs only AES-NI and
 * SSE2: the glue may call it on any CPU that has AES-NI.
 *
 * Vendor forms
 * ============
 *
 * The ymm and zmm main loops (vaes_avx2, vaes_avx10_256, vaes_avx10_512)
 * exist in two forms that differ only in how the tweaks advance (see
 * "Tweak arithmetic"): the byte form, byte shifts and a vpclmulqdq per
 * vector, which leaves Intel's AES ports free, and the AMD form, which
 * costs AMD's AES pipes less: on avx10 (Zen 4 on) the qword form, qword
 * shifts in place of the byte shifts and (zmm) of some vpclmulqdq; on
 * vaes_avx2 (Zen 3) the packed form, the byte form with one vpclmulqdq
 * for the four vectors (Zen 3 issues a ymm vpclmulqdq to both AES pipes,
 * for 2 cycles each by llvm-mca's model: the byte form's four take 16
 * cycles of those pipes per iteration beside the 40 of AES-128's rounds;
 * measured there against Linux 6.12's byte form, 1.03-1.15 for AES-128
 * and 1.02-1.07 for AES-256 from 512 bytes, where the byte form read
 * 0.97-1.05).  On Intel the packed form's extra shuffles go to port 5
 * beside the byte shifts (llvm-mca, sapphirerapids: 0.95 of the byte
 * form for AES-128), hence the choice by vendor.
 * Each function holds both loops, and picks one per call, before the loop
 * (the last iteration is always the byte form's, see _main_loop),
 * by the byte aes_xts_amd_tweaks (aesni-intel.h): 0, the default, the
 * byte form; nonzero, the AMD form.  The glue sets it once at init, on
 * AMD and Hygon CPUs.  The qword form's gain is in the throughput of a
 * long run of iterations; over a few (fewer than XTS_AMD_MIN_LEN bytes for
 * the main loop: 1024 for ymm, 4096 for zmm) the byte form, with fewer
 * instructions per tweak, does as well or better, so it runs there
 * whatever the byte says; the packed form runs whenever the main loop
 * does (8 vectors).  The test rigs set it both ways, so that both forms
 * are tested on any CPU.  Only the loop is doubled, not the function: the
 * exported names and prototypes stay one per implementation, the setup and
 * the tail code stay shared, and the cost per call is one predictable
 * branch.  The xmm loop has one form.
 *
 * What Zen 4 allows beside one zmm vaesenc per cycle, measured by
 * bench/ports.c (8 chains of vaesenc and 4 or more other independent
 * instructions per 8): a zmm vpclmulqdq takes a whole AES cycle, a byte
 * shift (vpslldq, vpsrldq) or vpshufb none to half of one (it varies from
 * run to run); qword shifts (fixed or per-qword counts), vpshufd, vpxord
 * and vpternlogd take none, up to about one of them per vaesenc.  The zmm
 * byte form, one vpclmulqdq and two byte shifts per vector, thus keeps
 * AES-128 at 86 % of its peak (bench/ceiling.c), where the same loop
 * without any tweak update reaches 97 %.  Its qword form advances two of
 * its four tweak vectors with qword shifts and no vpclmulqdq (9
 * instructions each, none on the AES pipes) and the other two as the byte
 * form does: all four that way would pass that budget of one per vaesenc
 * for AES-128 (measured: 0.98 of the byte form's speed, AES-256 1.07), two
 * keep under it (in five runs against Linux 6.12's byte form: AES-128
 * 1.00-1.04 at 4096 bytes and 1.04-1.05 at 16384, AES-256 1.02-1.03; no
 * gain below 4 KiB, hence its XTS_AMD_MIN_LEN).
 *
 * Per iteration of the main loop, 4 vectors of data are processed: 4 blocks
 * for xmm, 8 for ymm, 16 for zmm, while the next 4 vectors of tweaks are
 * computed, spread over the AES rounds (see "Tweak arithmetic" and
 * _next_tweaks_step: ymm multiplies each vector by x^8, with byte shifts
 * and one vpclmulqdq on Intel, one vpclmulqdq for all four on Zen 3, with
 * qword shifts on Zen 4 (see "Vendor forms" above);
 * zmm multiplies by x^16 with byte shifts and vpclmulqdq (on Zen 4: two
 * vectors so and two with qword shifts, see above); xmm chains
 * multiplications by x).  xmm and ymm fold the final XOR with the tweak
 * into the last round key, so that the last AES instruction of a block
 * gives its output: one instruction less on each block's latency chain
 * (xmm, on AMD Zen 3: 0.98-1.00 -> 1.00-1.03 of Linux 6.12 for aesni_avx
 * from 512 bytes); zmm, whose next tweaks are computed from the current
 * ones after the rounds, does not.  ymm also loads the next 4 vectors of
 * data before it stores the current ones (see the main loop).  What
 * remains is done one vector at a time, then (ymm/zmm only) the last whole
 * blocks one block at a time (ymm: at most one), or with one masked vector
 * on avx10 with zmm.  Then comes ciphertext stealing if @len is not a
 * multiple of 16.
 *
 * ABI
 * ===
 *
 * The functions follow the System V AMD64 ABI and the prototypes in
 * aesni-intel.h:
 *
 *   void aes_xts_encrypt_<impl>(const struct crypto_aes_ctx *key,
 *				 const u8 *src, u8 *dst, unsigned int len,
 *				 u8 tweak[16]);
 *   (and aes_xts_decrypt_<impl>() likewise)
 *
 * Encryption uses key->key_enc, decryption key->key_dec, the "equivalent
 * inverse cipher" schedule that aes_expandkey() writes for aesdec: both have
 * key_length / 4 + 7 round keys, used in order.  @len >= 16.  @src and @dst
 * may be equal (in place) but must not otherwise overlap; they need no
 * alignment.  A @len that is not a multiple of 16 ends the data unit
 * (ciphertext stealing is done in the same call).  Otherwise tweak[] holds
 * on return the tweak of the next block, so that a data unit may be
 * processed in several calls whose lengths (but the last) are multiples of
 * 16.  Besides the constants below, no memory outside src[0..len),
 * dst[0..len), the key and tweak[] is read or written, even for partial
 * vectors: those use masked accesses or single blocks, and ciphertext
 * stealing uses 16-byte accesses that overlap within the message.
 *
 * The caller must be in a kernel_fpu_begin() section (vector registers are
 * clobbered); the VEX/EVEX functions end with vzeroupper.
 *
 * What this code deliberately does not do
 * =======================================
 *
 * - No data-dependent branches or memory indices: the branches depend only on
 *   @len and the key length, which are public.  The CTS shuffle-table index
 *   depends on @len only.
 * - No stack frame, no callee-saved registers: nothing to save or restore.
 * - No special code for small messages beyond one branch: a message of one
 *   block (before ciphertext stealing) skips the computation of the other
 *   lanes' tweaks (ymm/zmm), whose latency would otherwise precede its
 *   first AES round; everything else goes through the same setup as a long
 *   message (a handful of instructions).
 * - No 8-vector unrolling: 4 vectors already keep the AES units busy on the
 *   CPUs of interest, and the code stays small.  Although an AES round's
 *   latency (4 cycles on AMD) lets 4 dependent chains fill only half of
 *   two AES pipes, the CPU overlaps consecutive iterations: on Zen 3, 8-block
 *   xmm and 8-vector ymm loops (the tweaks in stack slots) measured no
 *   faster (ymm) or 6-9 % slower (xmm) than these.
 * - With 16 vector registers (all but avx10), only the first round key is
 *   kept in a register; the others are loaded (broadcast) as they are used,
 *   which costs one load per round and vector group, not an instruction on
 *   the AES units.
 * - No tweak computation in general-purpose registers: the vector
 *   multiplications by x^k need fewer instructions and no transfers.
 * - No support for partially overlapping @src and @dst.
 */

#include <linux/linkage.h>
#include <linux/cfi_types.h>
#include "aesni-intel.h"
#include "aes-macros.h"

/*
 * The ymm and zmm main loops take their AMD form (where selected, see
 * "Vendor forms") only when at least this many bytes are left for them:
 * avx10 (qword form) 1024 for ymm (vl = 32), 4096 for zmm (vl = 64);
 * vaes_avx2 (packed form) 8 vectors, i.e. whenever its loop runs.
 */
#define XTS_AMD_MIN_LEN(vl, avx10)					\
	((avx10) * (1024 + (vl) / 64 * 3072) + (1 - (avx10)) * 8 * (vl))

.section .rodata
.p2align 6
/*
 * Per-qword left and right shift counts used to build the first vectors of
 * tweaks from a broadcast T (see _mul_xk with k = lanes): block b = 0..15
 * gets T * x^b, so both qwords of its lane are shifted by b and 64 - b.
 * Vector v (of VL bytes) starts at block v * VL / 16: its counts are at
 * offset v * VL.
 */
.Lxts_lane_shl:
.irp b, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	.quad	\b, \b
.endr
.Lxts_lane_shr:
.irp b, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	.quad	64 - \b, 64 - \b
.endr
/*
 * 0x86 = (x^128 mod the XTS polynomial) ^ 1 in each lane (see "Tweak
 * arithmetic")
 */
.Lxts_gf_poly86:
	.quad	0x86, 0, 0x86, 0, 0x86, 0, 0x86, 0
/*
 * Per-qword left shift counts of the zmm qword form (_mul_x16_qword_step):
 * 64 (giving 0) for the low qword of each lane and 1, 2 or 7 for the high
 * one, a zmm vector for each
 */
.Lxts_wrap_shl:
.irp k, 1, 2, 7
.rept 4
	.quad	64, \k
.endr
.endr
/*
 * vpshufb masks of the ymm packed form (_next_tweaks_step): the one at offset
 * 32 * i moves word i of each lane to word 0 and zeroes the others
 */
.Lxts_x8_words:
.irp i, 0,1,2,3
.rept 2
	.byte	2*\i, 2*\i + 1
	.fill	14, 1, 0x80
.endr
.endr
/*
 * x^128 mod the XTS polynomial in the low qword; read as dwords, the masks
 * of the carries of a multiplication by x (see _mul_xk)
 */
.Lxts_gf_poly:
	.quad	0x87, 1
/*
 * pshufb masks for ciphertext stealing: 16 bytes loaded from offset 16 + s
 * (-16 <= s <= 16) give a mask that moves byte i + s of the source to byte i,
 * and zeroes byte i when i + s is outside 0..15.
 */
.Lxts_cts_shuf:
	.byte	0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80
	.byte	0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80
	.byte	0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07
	.byte	0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f
	.byte	0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80
	.byte	0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80

.text

/*
 * _set_impl vl, avx, avx10: select the implementation that the following
 * macros generate.  VL is the vector length in bytes (16, 32 or 64), USE_AVX
 * selects VEX/EVEX encodings over legacy SSE, USE_AVX10 selects EVEX (32
 * vector registers, opmasks).  Defines V0..V31 as the vector registers of
 * that length and X0..X31 as their low 128 bits, then the register roles.
 */
.macro	_set_impl	vl, avx, avx10
	.set	VL, \vl
	.set	USE_AVX, \avx
	.set	USE_AVX10, \avx10
	/* blocks per vector */
	.set	NBLK, \vl / 16
.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
.if \vl == 16
	.set	V\i, %xmm\i
.elseif \vl == 32
	.set	V\i, %ymm\i
.else
	.set	V\i, %zmm\i
.endif
	.set	X\i, %xmm\i
.endr

	/*
	 * General-purpose registers (the names of aes-macros.h): the
	 * arguments, then the temporaries.  A name without a width is the
	 * 64-bit register, NAME32 its low half.
	 */
	.set	KEY, %rdi	/* the key; then see _for_each_mid_round */
	.set	SRC, %rsi
	.set	DST, %rdx
	.set	LEN, %rcx	/* bytes left (see _aes_xts_crypt) */
	.set	LEN32, %ecx
	.set	TWEAK_PTR, %r8
	.set	KEYLEN, %r9	/* key length in bytes: 16, 24 or 32 */
	.set	KEYLEN32, %r9d
	.set	GTMP0, %rax
	.set	GTMP0_32, %eax
	.set	GTMP1, %r11

	/*
	 * Vector registers, each followed by its _XMM alias where one is used.
	 */
	.set	AESDATA0, V0		/* blocks being en/decrypted */
	.set	AESDATA0_XMM, X0
	/* _xts_cts: the pblendvb mask, which legacy SSE takes in %xmm0 */
	.set	CTS_MASK_XMM, X0
	.set	AESDATA1, V1
	.set	AESDATA1_XMM, X1
	.set	AESDATA2, V2
	.set	AESDATA2_XMM, X2
	.set	AESDATA3, V3
	.set	AESDATA3_XMM, X3
	.set	TWEAK0, V4		/* their tweaks */
	.set	TWEAK0_XMM, X4
	.set	TWEAK1, V5
	.set	TWEAK1_XMM, X5
	.set	TWEAK2, V6
	.set	TWEAK3, V7
	/*
	 * NEXT0..3, main loop: the next tweaks (zmm: their high parts; xmm:
	 * the tweaks themselves), or the tweaks ^ the last round key (ymm); see
	 * _next_tweaks_step.  Elsewhere TMP0..2 share their registers.
	 */
	.set	NEXT0, V8
	.set	TMP0, V8
	.set	TMP0_XMM, X8
	.set	NEXT1, V9
	.set	TMP1, V9
	.set	TMP1_XMM, X9
	.set	NEXT2, V10
	.set	TMP2, V10
	.set	TMP2_XMM, X10
	.set	NEXT3, V11
	/*
	 * .Lxts_gf_poly in each 128-bit lane
	 */
	.set	GFPOLY, V12
	.set	GFPOLY_XMM, X12
	.set	RNDKEY, V13		/* round key loaded from memory */
	.set	RNDKEY_XMM, X13
	/* a temporary of _next_tweaks_step (xmm) and _mul_xk (avx10) */
	.set	TMP3, V14
	/*
	 * avx10: with RNDKEY and TMP3, a temporary of the zmm qword form of
	 * _next_tweaks_step (the others keep RNDKEY0 there)
	 */
	.set	TMP4, V15

	/*
	 * The first round key, in each lane (the others: _for_each_mid_round);
	 * for the main loop of ymm also the last one, in each lane (avx2: V14,
	 * which only xmm and avx10 use as TMP3).
	 */
.if USE_AVX10
	.set	RNDKEY0, V16
	.set	RNDKEY0_XMM, X16
	.set	RNDKEYLAST, V30
.else
	.set	RNDKEY0, V15
	.set	RNDKEY0_XMM, X15
	.set	RNDKEYLAST, V14
.endif
.endm

/*
 * Tweak arithmetic
 * ================
 *
 * XTS reads a 16-byte tweak as a little-endian 128-bit integer whose bit n is
 * the coefficient of x^n of a polynomial over GF(2), taken modulo
 * P(x) = x^128 + x^7 + x^2 + x + 1.  In a vector register (also little-endian)
 * the low qword L holds x^0..x^63 and the high qword H holds x^64..x^127.
 *
 * Multiplying T = H*x^64 + L by x^k, 1 <= k <= 64:
 *
 *   T * x^k = (H << k)*x^64 + (L << k)           each qword shifted left,
 *           + (L >> (64-k))*x^64                 the bits L loses go to H,
 *           + (H >> (64-k))*x^128                the bits H loses wrap round.
 *
 * Since x^128 = x^7 + x^2 + x + 1 = 0x87 (mod P), the last term is the
 * carryless product (H >> (64-k)) * 0x87, of degree < k + 7 <= 71: less than
 * 128, so it needs no further reduction.  Let S = T >> (64-k) per qword
 * (S.lo = L >> (64-k), S.hi = H >> (64-k)) and let W be S with its two qwords
 * exchanged (W.lo = S.hi, W.hi = S.lo; vpshufd $0x4e).  W.hi is the middle
 * term, but W.lo adds S.hi = S.hi * 1 to the low qword; multiplying by
 * 0x87 ^ 1 = 0x86 instead of 0x87 in the last term cancels it, because
 * carryless multiplication distributes over XOR:
 *
 *   T * x^k = (T << k per qword) ^ W ^ clmul(W.lo, 0x86)
 *
 * which is vpsrlq, vpshufd, vpsllq, vpclmulqdq $0x00 (with .Lxts_gf_poly86
 * from memory) and two XORs, for any k; _mul_xk uses it outside the main
 * loops.  Each 128-bit lane is done independently, so a whole vector of
 * tweaks advances by x^k at once: the main loop advances each of its 4
 * vectors by x^(4 * blocks per vector).
 *
 * When k is a multiple of 8 (the main loops of ymm, k = 8, and zmm, k = 16)
 * the first two terms are just the 128-bit T << k, a byte shift, and the
 * bits that wrap round are the 128-bit T >> (128-k):
 *
 *   T * x^k = (T << k) ^ clmul((T >> (128-k)).lo, 0x87)
 *
 * zmm does it so: vpslldq, vpsrldq, vpclmulqdq $0x00 and an XOR, and so
 * does the byte form of ymm (_mul_x8, k = 8), which multiplies by the low
 * qword of GFPOLY (0x87) in its register: no operand comes from memory.
 * The choice between these forms is a choice of ports: vaesenc runs on
 * ports 0 and 1 of Intel's cores (Ice Lake, Sapphire Rapids), which also
 * execute the qword shifts, while byte shifts and vpclmulqdq go to port 5;
 * on AMD Zen 4 vaesenc shares its pipes with vpclmulqdq and, less, with
 * the shuffles.  The qword form thus takes 8 slots from the AES rounds of
 * an Intel core per iteration, the byte form none; on Zen 4 the byte form
 * costs a little more than the qword form over many iterations.  The ymm
 * and zmm main loops have both, chosen by CPU (see "Vendor forms").
 *
 * The zmm qword form (k = 16) does without vpclmulqdq, which on Zen 4
 * costs as much as a vaesenc: the bits that wrap round are c = H >> 48,
 * 16 of them, and clmul(c, 0x86) = (c << 1) ^ (c << 2) ^ (c << 7), three
 * shifts.  From S = T >> 48 per qword (S.hi = c, S.lo = L >> 48), vpsllvq
 * with the counts (64, j), j = 1, 2, 7, gives c << j in the high qword and
 * 0 in the low one (a count of 64 clears it), so that
 *
 *   T * x^16 = (T << 16 per qword) ^ W, where W, with its qwords
 *              exchanged, is S ^ (S << (64, 1)) ^ (S << (64, 2)) ^ (S << (64, 7))
 *
 * (that XOR holds c * 0x87 high and L >> 48 low): vpsrlq, three vpsllvq,
 * vpternlogd, vpxord, vpshufd, vpsllq and the final XOR.
 *
 * For k = 1 there is a shorter way: add each qword to itself, and add in
 * the carries, which are bit 63 (into bit 64: 1 in the high qword) and bit
 * 127 (wrapping round: 0x87 in the low qword).  vpshufd $0x13 puts dword 3
 * (holding bit 127) in dword 0 and dword 1 (bit 63) in dword 2, vpsrad $31
 * spreads those bits over their dwords, and an AND with GFPOLY read as
 * dwords (0x87, 0, 1, 0) leaves the carries.  Its latency is lower, which
 * matters where blocks are done one by one.
 *
 * With k = lanes, the shifts use per-qword counts instead (vpsllvq/vpsrlvq
 * with .Lxts_lane_shl/shr): lane i of vector \vec of the result is lane i of
 * \src times x^(\vec * VL / 16 + i).  Applied to a broadcast tweak T this
 * gives vector \vec of T, T*x, T*x^2 ... directly, so the 4 vectors of the
 * main loop are computed in parallel.  (For the count 0 the right shift by
 * 64 gives S = 0, as it should.)
 *
 * _mul_xk k, src, dst, t1, poly [, vec, t2]: \dst = \src * x^k.  Clobbers
 * \t1 and \t2 (optional, for k > 1: lower latency); \dst may be \src, the
 * temporaries must differ from both.  \poly holds .Lxts_gf_poly in each
 * lane (used for k = 1 only).  \k must not contain spaces.
 */
.macro	_mul_xk	k, src, dst, t1, poly, vec=0, t2
.ifc \k, lanes
	vpsrlvq		.Lxts_lane_shr+(\vec)*VL(%rip), \src, \t1
	vpsllvq		.Lxts_lane_shl+(\vec)*VL(%rip), \src, \dst
	_mul_xk_fold	\dst, \t1, \t2
.elseif (\k) == 1
.irp n, 0,1,2,3,4
	_mul_x_step	\n, \src, \dst, \t1, \poly
.endr
.else
	_v3		psrlq, $(64 - (\k)), \src, \t1
	_v3		psllq, $(\k), \src, \dst
	_mul_xk_fold	\dst, \t1, \t2
.endif
.endm

/*
 * End of _mul_xk for k > 1: \dst ^= W ^ clmul(W.lo, 0x86), from \t1 = S.
 * With a second temporary \t2, vpclmulqdq $0x01 takes S.hi (= W.lo) from S
 * itself and need not wait for vpshufd: one cycle less latency, which
 * matters where a tweak is needed right away (blocks done one by one).
 * Only ymm and zmm use k > 1 (the xmm functions chain multiplications by
 * x), so the memory operand is always VEX/EVEX and needs no alignment.
 */
.macro	_mul_xk_fold	dst, t1, t2
.ifnb \t2
	_vpclmulqdq	$0x01, .Lxts_gf_poly86(%rip), \t1, \t2
.endif
	_v		pshufd $0x4e, \t1, \t1
.ifnb \t2
	_xor3		\t1, \t2, \dst
.else
	_vpxor		\t1, \dst, \dst
.endif
.ifb \t2
	_vpclmulqdq	$0x00, .Lxts_gf_poly86(%rip), \t1, \t1
	_vpxor		\t1, \dst, \dst
.endif
.endm

/* Step \n (0..4) of the multiplication by x (k = 1) of _mul_xk */
.macro	_mul_x_step	n, src, dst, t1, poly
.if \n == 0
	_v		pshufd $0x13, \src, \t1
.elseif \n == 1
	_v3		psrad, $31, \t1, \t1
.elseif \n == 2
	_v3		pand, \poly, \t1, \t1
.elseif \n == 3
	_v3		paddq, \src, \src, \dst
.elseif \n == 4
	_vpxor		\t1, \dst, \dst
.endif
.endm

/*
 * _mul_x8 src, dst, t (ymm main loop, byte form): \dst = \src * x^8 =
 * (\src << 8) ^ clmul((\src >> 120).lo, 0x87) in each lane (see "Tweak
 * arithmetic"), with 0x87 from GFPOLY.  Clobbers \t, which must differ
 * from \src and \dst; \dst may be \src.  One temporary and no memory
 * operand: the tweak update of every iteration adds no load to those of
 * the round keys and the data, and the chain from a tweak to the next is
 * three operations (vpsrldq, vpclmulqdq, XOR).
 */
.macro	_mul_x8	src, dst, t
	vpsrldq		$15, \src, \t		/* the byte that wraps round */
	vpclmulqdq	$0x00, GFPOLY, \t, \t
	vpslldq		$1, \src, \dst
	_vpxor		\t, \dst, \dst
.endm

/*
 * The main loop computes the next TWEAK0..3 in pieces spread over the AES
 * rounds, so that the CPU can overlap them with the AES instructions rather
 * than finding them bunched at the end of the loop.  _next_tweaks_step s
 * does piece s (0..26, 3 per round from the 9th last round on).
 *
 * ymm, byte form (AMD_FORM = 0): piece i + 1, after the first and
 * second of the rounds that all key sizes have (the 9th and 8th last),
 * first sets NEXTi = TWEAKi ^ the last round key, so that the last AES
 * round, aes{enc,dec}last with NEXTi as its round key, also XORs in the
 * tweak (AddRoundKey is the last step of a round) and gives the XTS output
 * directly; then it multiplies TWEAKi in place by x^8 (_mul_x8, with
 * RNDKEY, free between the rounds, as its temporary).  The tweaks are thus
 * ready early for the next iteration, and nothing is left for after the
 * stores.  In the last iteration of the message (LAST_ITER = 1, see
 * _main_loop) only TWEAK0 advances, all that the code after the loop uses.
 * ymm avx10, qword form (AMD_FORM = 1, see "Vendor forms"): the same at
 * piece 3*i, one tweak per round from the 9th last round, with _mul_xk
 * (qword shifts, vpshufd, vpclmulqdq) for the multiplication and TMP3 as
 * its second temporary.  ymm avx2, packed form (AMD_FORM = 1): the byte
 * form's arithmetic with one vpclmulqdq for the four vectors (pieces 0..9,
 * see the comment in the code).
 *
 * zmm multiplies each tweak by x^16 with byte shifts: NEXTi = (TWEAKi >>
 * 112) at piece i, NEXTi = clmul(NEXTi.lo, 0x87) at piece i + 6 (from the
 * 7th last round on), then _next_tweaks_finish sets TWEAKi = (TWEAKi << 16)
 * ^ NEXTi, once the current tweaks are no longer needed; in the last
 * iteration (LAST_ITER) for TWEAK0 only, all that the code after the loop
 * uses.  zmm, qword form (AMD_FORM = 1): TWEAK0 and TWEAK1 the qword
 * way (_mul_x16_qword_step, pieces 7*i to 7*i + 6, with RNDKEY, TMP3 and
 * TMP4 as temporaries, NEXTi = W), TWEAK2 and TWEAK3 the byte way at
 * pieces i + 12 and i + 18; _next_tweaks_finish shifts each by its form's
 * shift.
 *
 * xmm, where k = 4, chains multiplications by x into NEXT0..3 instead, as
 * the products of four vpclmulqdq would cost more than those four shorter
 * ones: NEXT0 = TWEAK3 * x, NEXT1 = NEXT0 * x, and so on;
 * _next_tweaks_finish then sets TWEAKi = NEXTi, once the current tweaks are
 * no longer needed.  In the last iteration (LAST_ITER) both compute NEXT0
 * and TWEAK0 only, all that the code after the loop uses: for a message of
 * 4..7 blocks the other three would be 15 instructions beside the AES
 * rounds for nothing.
 */
.macro	_next_tweaks_step	s
.if VL == 64
.irp i, 0,1,2,3
.if LAST_ITER && \i > 0
.elseif AMD_FORM && \i < 2
	_mul_x16_qword_step	(\s - 7*\i), \i
.elseif \s == \i + 12*AMD_FORM
	_v3		psrldq, $(16 - 4*NBLK/8), TWEAK\i, NEXT\i
.elseif \s == \i + 6 + 12*AMD_FORM
	_vpclmulqdq	$0x00, GFPOLY, NEXT\i, NEXT\i
.endif
.endr
.elseif VL == 32 && AMD_FORM && USE_AVX10
.irp i, 0,1,2,3
.if \s == 3*\i
	_vpxor		RNDKEYLAST, TWEAK\i, NEXT\i
	_mul_xk		4*NBLK, TWEAK\i, TWEAK\i, RNDKEY, GFPOLY, , TMP3
.endif
.endr
.elseif VL == 32 && AMD_FORM
	/*
	 * The wrap bytes c_i = TWEAKi >> 120 of the four vectors go to word i
	 * of NEXT3 (each vpsrldq by 15 - 2*i leaves c_i alone in its word i,
	 * vpblendw gathers them), where one vpclmulqdq multiplies all four by
	 * 0x87 at once: the products have 15 bits and stay in their words.
	 * Then, per vector: NEXTi = TWEAKi ^ the last round key and TWEAKi =
	 * (TWEAKi << 8) ^ word i of the products (vpshufb).  NEXT3 is last
	 * written after its last use as the products.
	 */
.irp i, 0,1,2,3
.if \s == \i && \i == 0
	vpsrldq		$15, TWEAK0, NEXT3
.elseif \s == \i
	vpsrldq		$(15 - 2*\i), TWEAK\i, RNDKEY
	vpblendw	$(1 << \i), RNDKEY, NEXT3, NEXT3
.endif
.endr
.if \s == 4
	vpclmulqdq	$0x00, GFPOLY, NEXT3, NEXT3
.endif
.irp i, 0,1,2,3
.if \s == \i + 6
	vpshufb		.Lxts_x8_words+32*\i(%rip), NEXT3, RNDKEY
	_vpxor		RNDKEYLAST, TWEAK\i, NEXT\i
	vpslldq		$1, TWEAK\i, TWEAK\i
	_vpxor		RNDKEY, TWEAK\i, TWEAK\i
.endif
.endr
.elseif VL == 32
.irp i, 0,1,2,3
.if \s == \i + 1
	_vpxor		RNDKEYLAST, TWEAK\i, NEXT\i
.if LAST_ITER != 1 || \i == 0
	_mul_x8		TWEAK\i, TWEAK\i, RNDKEY
.endif
.endif
.endr
.else
.irp n, 0,1,2,3,4
.if \s == \n
	_mul_x_step	\n, TWEAK3, NEXT0, TMP3, GFPOLY
.elseif LAST_ITER
.elseif \s == \n + 5
	_mul_x_step	\n, NEXT0, NEXT1, TMP3, GFPOLY
.elseif \s == \n + 10
	_mul_x_step	\n, NEXT1, NEXT2, TMP3, GFPOLY
.elseif \s == \n + 15
	_mul_x_step	\n, NEXT2, NEXT3, TMP3, GFPOLY
.endif
.endr
.endif
.endm

/* Piece p of the zmm qword form's multiplication of TWEAKi by x^16 */
.macro	_mul_x16_qword_step	p, i
.if (\p) == 0
	vpsrlq		$48, TWEAK\i, NEXT\i		/* S */
.elseif (\p) == 1
	vpsllvq		.Lxts_wrap_shl(%rip), NEXT\i, RNDKEY
.elseif (\p) == 2
	vpsllvq		.Lxts_wrap_shl+64(%rip), NEXT\i, TMP3
.elseif (\p) == 3
	vpsllvq		.Lxts_wrap_shl+128(%rip), NEXT\i, TMP4
.elseif (\p) == 4
	vpternlogd	$0x96, RNDKEY, TMP3, NEXT\i
.elseif (\p) == 5
	vpxord		TMP4, NEXT\i, NEXT\i
.elseif (\p) == 6
	vpshufd		$0x4e, NEXT\i, NEXT\i		/* W */
.endif
.endm

.macro	_next_tweaks_finish
.irp i, 0,1,2,3
.if \i > 0 && LAST_ITER
.elseif VL == 64 && AMD_FORM && \i < 2
	vpsllq		$16, TWEAK\i, TWEAK\i
.elseif VL == 64
	_v3		pslldq, $(4*NBLK/8), TWEAK\i, TWEAK\i
.elseif VL == 16
	_vmovdqa	NEXT\i, TWEAK\i
.endif
.endr
.if VL == 64
.irp i, 0,1,2,3
.if \i == 0 || !LAST_ITER
	_vpxor		NEXT\i, TWEAK\i, TWEAK\i
.endif
.endr
.endif
.endm

/*
 * Round keys
 * ==========
 *
 * KEY points 7 keys before the last round key of the schedule in use, so
 * that the key j rounds before the last is at (7-j)*16(KEY) whatever the key
 * size, an offset that fits in a signed byte.
 * avx10 keeps round key j (0..13) in V(30 - j) and the first in V16; the
 * others keep the first in V15 and load the others into RNDKEY when needed.
 *
 * _for_each_mid_round m, args: invoke "\m j, 30 - j, args" for each of the
 * middle rounds, first to last (j = 13..1 for AES-256, 11..1 for AES-192,
 * 9..1 for AES-128).  Clobbers the flags.
 */
.macro	_for_each_mid_round	m, args:vararg
	cmp		$24, KEYLEN32
	jl		.Laes128\@
	je		.Laes192\@
	\m		13, 17, \args
	\m		12, 18, \args
.Laes192\@:
	\m		11, 19, \args
	\m		10, 20, \args
.Laes128\@:
	\m		9, 21, \args
	\m		8, 22, \args
	\m		7, 23, \args
	\m		6, 24, \args
	\m		5, 25, \args
	\m		4, 26, \args
	\m		3, 27, \args
	\m		2, 28, \args
	\m		1, 29, \args
.endm

/* avx10: cache round key j in V\r */
.macro	_load_round_key	j, r, unused:vararg
	vbroadcasti32x4	(7-\j)*16(KEY), V\r
.endm

/*
 * _aes_round j, r, op, sfx, regs: AES round \op (aesenc, aesdeclast ...)
 * with round key j (0 = the last, in V30 on avx10) on each register of
 * \regs: full vectors if \sfx is empty, xmm registers if \sfx is _XMM.
 * Non-avx10 clobbers RNDKEY.
 */
.macro	_aes_round	j, r, op, sfx, regs:vararg
.if USE_AVX10
.irp d, \regs
.ifb \sfx
	_vaes		\op, V\r, \d
.else
	_vaes		\op, X\r, \d
.endif
.endr
.else
.ifb \sfx
	_vbroadcast128	(7-\j)*16(KEY), RNDKEY
.else
	_vmovdqu	(7-\j)*16(KEY), RNDKEY_XMM
.endif
.irp d, \regs
	_vaes		\op, RNDKEY\sfx, \d
.endr
.endif
.endm

/*
 * _aes_round_1: _aes_round on one register.  For an xmm register, VEX takes
 * the round key straight from memory (legacy SSE would need it aligned).
 */
.macro	_aes_round_1	j, r, op, sfx, d
	.set		MEM_KEY, USE_AVX && !USE_AVX10 && VL == 16
.ifnb \sfx
	.set		MEM_KEY, USE_AVX && !USE_AVX10
.endif
.if MEM_KEY
	v\op		(7-\j)*16(KEY), \d, \d
.else
	_aes_round	\j, \r, \op, \sfx, \d
.endif
.endm

/* A round of the main loop: _aes_round on AESDATA0..3, then 3 tweak pieces */
.macro	_main_round	j, r, dir
	_aes_round	\j, \r, aes\dir, , AESDATA0, AESDATA1, AESDATA2, AESDATA3
.if \j <= 9
	_next_tweaks_step 3*(9-\j)
	_next_tweaks_step 3*(9-\j)+1
	_next_tweaks_step 3*(9-\j)+2
.endif
.endm

/*
 * _aes_1 dir, sfx, tweak, data: XTS on one register of blocks: \data =
 * AES(\data ^ \tweak) ^ \tweak.  \sfx as for _aes_round.  Clobbers RNDKEY.
 * Without vpternlogd the data takes round key 0 first: in short messages
 * the tweak is what comes last (it was just computed or reloaded), and
 * then only one XOR waits for it.
 */
.macro	_aes_1	dir, sfx, tweak, data
	_xor3		RNDKEY0\sfx, \tweak, \data
	_for_each_mid_round _aes_round_1, aes\dir, \sfx, \data
	_aes_round_1	0, 30, aes\dir\()last, \sfx, \data
	_vpxor		\tweak, \data, \data
.endm

/*
 * _xts_cts dir: ciphertext stealing, for the last full block (m-1) and the
 * LEN (1..15) bytes of block m after it.
 *
 * Encryption: CC = E(P_(m-1), T_(m-1)), already computed by the code above
 * and stored at DST - 16; the final partial output block is the first LEN
 * bytes of CC; the last full output block is E(B, T_m) with B = the LEN
 * plaintext bytes followed by the last 16 - LEN bytes of CC.
 * Decryption: the last full block was encrypted with T_m, so decrypt it here
 * with T_m (TWEAK0 * x) into CC, then go on as for encryption, using T_(m-1)
 * (TWEAK0) for B.
 *
 * avx10 merges the partial block into CC with a masked load and writes the
 * partial output with a masked store.  Without opmasks, the partial block is
 * read as the last 16 bytes of the message (at SRC + LEN) and moved down
 * with pshufb; the first LEN bytes of CC are moved up and written as the last
 * 16 bytes of the output, whose first 16 - LEN bytes are then overwritten by
 * the full block.  Either way no byte outside the message is touched, and
 * the source is read before the destination is written (for in place).
 */
.macro	_xts_cts	dir
.ifc \dir, enc
	sub		$16, SRC
	sub		$16, DST
	_vmovdqu	(DST), AESDATA1_XMM
.else
	_mul_xk		1, TWEAK0_XMM, TWEAK1_XMM, TMP1_XMM, GFPOLY_XMM
	_vmovdqu	(SRC), AESDATA1_XMM
	_aes_1		\dir, _XMM, TWEAK1_XMM, AESDATA1_XMM
.endif
.if USE_AVX10
	mov		$-1, GTMP0_32
	bzhi		LEN32, GTMP0_32, GTMP0_32
	kmovd		GTMP0_32, %k1
	_vmovdqa	AESDATA1_XMM, AESDATA2_XMM
	vmovdqu8	16(SRC), AESDATA2_XMM{%k1}
	vmovdqu8	AESDATA1_XMM, 16(DST){%k1}
.else
	lea		.Lxts_cts_shuf(%rip), GTMP0
	lea		32(GTMP0), GTMP1
	add		LEN, GTMP0
	sub		LEN, GTMP1
	_vmovdqu	(GTMP0), TMP0_XMM		/* shift up by 16 - LEN */
	_vmovdqu	(GTMP1), CTS_MASK_XMM	/* shift down by 16 - LEN */
	lea		(SRC,LEN), GTMP0
	_vmovdqu	(GTMP0), AESDATA2_XMM		/* message's last 16 bytes */
	_v3		pshufb, TMP0_XMM, AESDATA1_XMM, AESDATA3_XMM
	_v3		pshufb, CTS_MASK_XMM, AESDATA2_XMM, AESDATA2_XMM
	_vpblendvb	CTS_MASK_XMM, AESDATA1_XMM, AESDATA2_XMM, AESDATA2_XMM
	lea		(DST,LEN), GTMP0
	_vmovdqu	AESDATA3_XMM, (GTMP0)
.endif
	_aes_1		\dir, _XMM, TWEAK0_XMM, AESDATA2_XMM
	_vmovdqu	AESDATA2_XMM, (DST)
.endm

/* _load_whiten src, tweak, dst: \dst = the vector at \src ^ \tweak ^ RNDKEY0 */
.macro	_load_whiten	src, tweak, dst
.if USE_AVX10
	vmovdqu8	\src, \dst
	vpternlogd	$0x96, \tweak, RNDKEY0, \dst
.elseif USE_AVX
	vpxor		\src, RNDKEY0, \dst
	vpxor		\tweak, \dst, \dst
.else
	movdqu		\src, \dst
	pxor		RNDKEY0, \dst
	pxor		\tweak, \dst
.endif
.endm

/*
 * _main_loop dir, amd, last: the main loop of _aes_xts_crypt (see there),
 * with the ymm or zmm tweak update of _next_tweaks_step selected by \amd
 * (0: the byte form, 1: the AMD form; xmm has one form, \amd = 0).
 * Entered with LEN >= 0 (at least 4 vectors left, LEN counting 4*VL less)
 * and TWEAK0..3 (ymm: also AESDATA0..3) loaded; falls through once fewer
 * than 4 vectors are left.  \last splits the loop in two instances: 1 for
 * the one that runs just the last iteration, whose tweak update does only
 * what the code after the loop needs (see _next_tweaks_step), and, on
 * ymm, 2 for the one before it (0 elsewhere), which runs
 * while at least 8 vectors are left (LEN counting 8*VL less) and so always
 * loads the next blocks.  ymm's last iteration is a byte-form one after
 * either form (they differ only in the tweak update).  A short message
 * would otherwise compute, in its last iteration, three vectors of tweaks
 * that nothing uses.
 */
.macro	_main_loop	dir, amd, last=0
	.set		AMD_FORM, \amd
	.set		LAST_ITER, \last
.Lmain_loop\@:
.if VL != 32
.irp i, 0,1,2,3
	_load_whiten	\i*VL(SRC), TWEAK\i, AESDATA\i
.endr
.endif
	_for_each_mid_round _main_round, \dir
.if VL == 32
	/*
	 * NEXTi = TWEAKi ^ the last round key (see _next_tweaks_step), and
	 * the output goes to NEXTi too, so that AESDATA0..3 are free to receive
	 * the next blocks before this output is stored.  A load that follows
	 * a store to the same address modulo 4096 waits for it: with @dst -
	 * @src = 128 (mod 4096) each iteration would store where the next
	 * one loads, and wait on it (4K aliasing).  Loading first avoids
	 * that, and leaves the stores a whole iteration to complete before
	 * any later load.  (The tweaks were already advanced in place
	 * during the rounds.)
	 */
.irp i, 0,1,2,3
	vaes\dir\()last	NEXT\i, AESDATA\i, NEXT\i
.endr
	/*
	 * The pointers advance before the sub, whose flags serve both
	 * branches (add rather than lea, which Intel's recent cores may issue
	 * to port 1, one of the two ports of vaesenc); the stores then use
	 * DST - 4*VL.
	 */
	add		$4*VL, SRC
	add		$4*VL, DST
	sub		$4*VL, LEN
.if LAST_ITER != 1
.irp i, 0,1,2,3
	_load_whiten	\i*VL(SRC), TWEAK\i, AESDATA\i
.endr
.endif
.irp i, 0,1,2,3
	_vmovdqu	NEXT\i, (\i-4)*VL(DST)
.endr
.if LAST_ITER != 1
	jge		.Lmain_loop\@
.endif
.else
.if VL == 16
	/*
	 * TWEAKi ^= the last round key, the key of the last round (see the
	 * file header); TWEAKi's last use, as _next_tweaks_finish replaces it
	 * by NEXTi.  (zmm still needs TWEAKi there.)
	 */
	_vmovdqu	7*16(KEY), RNDKEY_XMM
.irp i, 0,1,2,3
	_vpxor		RNDKEY, TWEAK\i, TWEAK\i
.endr
.irp i, 0,1,2,3
	_vaes		aes\dir\()last, TWEAK\i, AESDATA\i
.endr
.else
	_aes_round	0, 30, aes\dir\()last, , AESDATA0, AESDATA1, AESDATA2, AESDATA3
.irp i, 0,1,2,3
	_vpxor		TWEAK\i, AESDATA\i, AESDATA\i
.endr
.endif
.irp i, 0,1,2,3
	_vmovdqu	AESDATA\i, \i*VL(DST)
.endr
	_next_tweaks_finish
	add		$4*VL, SRC
	add		$4*VL, DST
	sub		$4*VL, LEN
	jge		.Lmain_loop\@
.endif
.endm

/*
 * _aes_xts_crypt dir: the body of aes_xts_{en,de}crypt_<impl>, for the
 * implementation selected by _set_impl, \dir = enc or dec.
 *
 * LEN counts the bytes not yet processed, less 16 when decrypting a message
 * with a partial block (the last full block is kept for _xts_cts).  Its low 4
 * bits stay equal to len % 16 throughout, so "LEN - n >= 0" (n a multiple of
 * 16) is the test for "at least n bytes of whole blocks left".  It is 64-bit
 * so that these signed tests hold for any 32-bit @len.
 */
.macro	_aes_xts_crypt	dir
.ifc \dir, enc
	.set		KEY_OFFSET, AES_KEY_ENC_OFFSET
.else
	.set		KEY_OFFSET, AES_KEY_DEC_OFFSET
.endif
	mov		LEN32, LEN32		/* zero-extend: @len is 32-bit */
	mov		AES_KEYLEN_OFFSET(KEY), KEYLEN32
	_vbroadcast128	KEY_OFFSET(KEY), RNDKEY0
	/*
	 * key_length / 4 + 6 rounds: the last key is at 16 times that,
	 * 4 * key_length + 96; KEY points 7 keys before it.
	 */
	lea		KEY_OFFSET - 16(KEY,KEYLEN,4), KEY
.if USE_AVX10
	_load_round_key	0, 30
	_for_each_mid_round _load_round_key
.endif
	_vbroadcast128	.Lxts_gf_poly(%rip), GFPOLY

	/*
	 * TWEAK0 = the tweak in each lane (xmm: the tweak).  Its lane 0 is the
	 * tweak of the first block, which is all that a message of one block
	 * (before ciphertext stealing) needs.
	 */
	_vbroadcast128	(TWEAK_PTR), TWEAK0

.ifc \dir, dec
	/* Keep the last full block for _xts_cts if there is a partial one */
	test		$15, LEN
	jz		.Lreserved\@
	sub		$16, LEN
.Lreserved\@:
.endif
.if VL > 16
	/*
	 * At most one whole block: straight to the code for the last blocks,
	 * without the wait for the tweaks of the other lanes.  Otherwise
	 * TWEAK0 = the tweaks of the next NBLK blocks, and TWEAK3 keeps the
	 * broadcast tweak for the other vectors.  ymm takes lane 1 (T * x)
	 * from a multiplication by x of every lane, whose latency is lower
	 * than that of _mul_xk lanes (which waits for a vpclmulqdq), and
	 * inserts it with vinserti128, whose latency is lower than vpblendd's
	 * on AMD Zen 4 (the first data block waits for it).
	 */
	cmp		$32, LEN
	jl		.Lblocks\@
	_vmovdqa	TWEAK0, TWEAK3
.if VL == 32
	_mul_xk		1, TWEAK3, TMP2, TMP1, GFPOLY
	vinserti128	$1, TMP2_XMM, TWEAK3, TWEAK0
.else
	_mul_xk		lanes, TWEAK3, TWEAK0, TMP1, GFPOLY, 0, TMP2
.endif
.endif
	sub		$4*VL, LEN
	jl		.Lmain_loop_done\@

	/*
	 * TWEAK1..3 = the tweaks of the 3 vectors after that; xmm chains
	 * multiplications by x, as its main loop does (see _next_tweaks_step),
	 * which takes fewer instructions than k = 2 and 3 and no vpclmulqdq.
	 */
.if VL == 16
	_mul_xk		1, TWEAK0, TWEAK1, TMP1, GFPOLY
	_mul_xk		1, TWEAK1, TWEAK2, TMP1, GFPOLY
	_mul_xk		1, TWEAK2, TWEAK3, TMP1, GFPOLY
.else
	_mul_xk		lanes, TWEAK3, TWEAK1, TMP1, GFPOLY, 1, TMP2
	_mul_xk		lanes, TWEAK3, TWEAK2, TMP1, GFPOLY, 2, TMP2
	_mul_xk		lanes, TWEAK3, TWEAK3, TMP1, GFPOLY, 3, TMP2
.if VL == 32 && !USE_AVX10
	_vbroadcast128	7*16(KEY), RNDKEYLAST
.endif
.endif
.if VL == 32
.irp i, 0,1,2,3
	_load_whiten	\i*VL(SRC), TWEAK\i, AESDATA\i
.endr
.endif
	/*
	 * The loop runs while at least 8 vectors are left (LEN counting
	 * 8*VL less in it), then the last iteration, whose tweak update
	 * computes only the tweaks of the vectors after it (xmm: NEXT0; ymm
	 * and zmm: TWEAK0), from another instance of the same macro (whose
	 * closing branch is never taken; ymm's loop instance, \last = 2,
	 * always loads the next blocks).  ymm and zmm take the form chosen
	 * for this CPU (see "Vendor forms"), the AMD one only for at least
	 * XTS_AMD_MIN_LEN bytes (LEN counts 4*VL less); both forms end in
	 * the same last-iteration instance.
	 */
	.set		MAIN_LAST, 2 * (VL == 32)
.if VL > 16
	cmpb		$0, aes_xts_amd_tweaks(%rip)
	jne		.Lmain_amd\@
.endif
.Lmain_byte\@:
	sub		$4*VL, LEN
	jl		.Lmain_last\@
	_main_loop	\dir, 0, MAIN_LAST
.Lmain_last\@:
	add		$4*VL, LEN
	_main_loop	\dir, 0, 1
.if VL > 16
	jmp		.Lmain_loop_done\@
.Lmain_amd\@:
	cmp		$XTS_AMD_MIN_LEN(VL, USE_AVX10) - 4*VL, LEN
	jl		.Lmain_byte\@
	/*
	 * All but the last iteration (at least 8 vectors are left here); the
	 * last one is the byte form's, which differs only in the tweak update,
	 * of which it does the one multiplication the code after it needs.
	 */
	sub		$4*VL, LEN
	_main_loop	\dir, 1, MAIN_LAST
	jmp		.Lmain_last\@
.endif
.Lmain_loop_done\@:
	add		$4*VL, LEN
	jz		.Ldone\@		/* the common case: nothing left */

	/* Then whole vectors, each with TWEAK0 */
	sub		$VL, LEN
	jl		.Lvec_loop_done\@
.Lvec_loop\@:
	_vmovdqu	(SRC), AESDATA0
	_aes_1		\dir, , TWEAK0, AESDATA0
	_vmovdqu	AESDATA0, (DST)
	_mul_xk		NBLK, TWEAK0, TWEAK0, TMP1, GFPOLY, , TMP2
	add		$VL, SRC
	add		$VL, DST
	sub		$VL, LEN
	jge		.Lvec_loop\@
.Lvec_loop_done\@:
	add		$VL, LEN

.if VL > 16
	/* Then the last (fewer than VL / 16) whole blocks */
.Lblocks\@:
.if USE_AVX10 && VL == 64
	/* ... as one vector, with masked loads and stores */
	mov		LEN32, GTMP0_32
	and		$~15, GTMP0_32
	jz		.Lblocks_done\@
	mov		$-1, GTMP1
	bzhi		GTMP0, GTMP1, GTMP1
	kmovq		GTMP1, %k1
	vmovdqu8	(SRC), AESDATA0{%k1}{z}
	_aes_1		\dir, , TWEAK0, AESDATA0
	vmovdqu8	AESDATA0, (DST){%k1}
	add		GTMP0, SRC
	add		GTMP0, DST
	sub		GTMP0, LEN
	/* TWEAK0_XMM = the tweak of the next block: lane0 * x^(GTMP0 / 16) */
.Ladvance_tweak\@:
	_mul_xk		1, TWEAK0_XMM, TWEAK0_XMM, TMP1_XMM, GFPOLY_XMM
	sub		$16, GTMP0_32
	jnz		.Ladvance_tweak\@
.else
	/*
	 * ... one block at a time.  ymm has at most one such block, for
	 * which this costs less than the masked vector (no mask to build, no
	 * masked store), on avx10 too.
	 */
	sub		$16, LEN
	jl		.Lblock_loop_done\@
.Lblock_loop\@:
	_vmovdqu	(SRC), AESDATA0_XMM
	_aes_1		\dir, _XMM, TWEAK0_XMM, AESDATA0_XMM
	_vmovdqu	AESDATA0_XMM, (DST)
	_mul_xk		1, TWEAK0_XMM, TWEAK0_XMM, TMP1_XMM, GFPOLY_XMM
	add		$16, SRC
	add		$16, DST
	sub		$16, LEN
	jge		.Lblock_loop\@
.Lblock_loop_done\@:
	add		$16, LEN
.endif
.Lblocks_done\@:
.endif

	/* LEN = len % 16 now */
	test		LEN, LEN
	jnz		.Lcts\@
.Ldone\@:
	_vmovdqu	TWEAK0_XMM, (TWEAK_PTR)
.if USE_AVX
	vzeroupper
.endif
	RET

.Lcts\@:
	_xts_cts	\dir
	jmp		.Ldone\@
.endm

/*
 * The exported functions: each instantiates _aes_xts_crypt for one
 * implementation and direction.
 */
.macro	_xts_funcs	impl
SYM_TYPED_FUNC_START(aes_xts_encrypt_\impl)
	_aes_xts_crypt	enc
SYM_FUNC_END(aes_xts_encrypt_\impl)
SYM_TYPED_FUNC_START(aes_xts_decrypt_\impl)
	_aes_xts_crypt	dec
SYM_FUNC_END(aes_xts_decrypt_\impl)
.endm

/*
 * u8 aes_xts_amd_tweaks: nonzero selects the AMD form of the ymm and
 * zmm main loops (see "Vendor forms"); written before the functions are
 * used.
 */
	.section	.data..ro_after_init, "aw"
SYM_DATA(aes_xts_amd_tweaks, .byte 0)
	.text

	_set_impl	16, 0, 0
/*
 * void aes_xts_encrypt_iv(const struct crypto_aes_ctx *tweak_key, u8 iv[16]);
 *
 * Encrypt iv[] in place with tweak_key, giving the first tweak.  Built with
 * the round macros of the legacy SSE implementation, so it needs only AES-NI
 * and SSE2.  Its latency is on the critical path of every data unit, hence
 * no loop; and each round key is loaded into a register before its aesenc
 * rather than taken as a memory operand, which on AMD Zen 3 lengthened this
 * chain (aesni with 16-byte data units: 0.94-1.01 of Linux 6.12 with the
 * aligned key's memory operands, 0.97-1.03 with register operands).
 *
 * iv[] is read with one 16-byte load.  In the kernel the IV was written
 * long before this call (dm-crypt's plain64 IV, the skcipher walk's copy of
 * the request's IV: the crypto API, the walk and kernel_fpu_begin() run in
 * between), so its stores have normally reached the cache, and one load
 * is the shortest path.  Only where the caller writes iv[] just before the call (as
 * make bench does) can the load take its data from pending stores, and then
 * the pattern decides: two qword stores cannot be forwarded to a 16-byte
 * load, which waits until they reach the cache, and one 16-byte store
 * forwards to it at once but, on AMD Zen 3, costs two qword loads a few
 * cycles more.  This function read two qwords until that measured 0.90-0.97
 * of Linux 6.12 with 16-byte data units (aesni, aesni_avx; 0.98-1.00 for
 * aesni_avx at 512 B) on a Zen 3 for IVs written by one 16-byte store;
 * the 2-2.6x it gained there for IVs written as two qwords came from
 * Linux's 16-byte load waiting in the same way, i.e. from the harness, not
 * from a caller of the kernel.
 */
	.set	IV_PTR, %rsi		/* the second argument, iv[] */
SYM_TYPED_FUNC_START(aes_xts_encrypt_iv)
	mov		AES_KEYLEN_OFFSET(KEY), KEYLEN32
	movdqu		(IV_PTR), AESDATA0_XMM		/* see above */
	movdqu		AES_KEY_ENC_OFFSET(KEY), AESDATA1_XMM	/* round key 0 */
	pxor		AESDATA1_XMM, AESDATA0_XMM
	lea		AES_KEY_ENC_OFFSET - 16(KEY,KEYLEN,4), KEY
	_for_each_mid_round _aes_round_1, aesenc, _XMM, AESDATA0_XMM
	_aes_round_1	0, 30, aesenclast, _XMM, AESDATA0_XMM
	movdqu		AESDATA0_XMM, (IV_PTR)
	RET
SYM_FUNC_END(aes_xts_encrypt_iv)

	_xts_funcs	aesni
	_set_impl	16, 1, 0
	_xts_funcs	aesni_avx
#if AESNI_INTEL_VAES	/* an assembler that knows VAES and AVX-512 */
	_set_impl	32, 1, 0
	_xts_funcs	vaes_avx2
	_set_impl	32, 1, 1
	_xts_funcs	vaes_avx10_256
	_set_impl	64, 1, 1
	_xts_funcs	vaes_avx10_512
#endif
