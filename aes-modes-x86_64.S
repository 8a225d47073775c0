/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * AES-ECB, AES-CBC, AES-CTS-CBC, AES-CTR and AES-XCTR for x86-64: AES-NI,
 * AVX, VAES + AVX2, and VAES with AVX-512/AVX10.
 *
 * Design
 * ======
 *
 * ECB, CBC decryption, CTR and XCTR en/decrypt every block independently,
 * so the code keeps many blocks in flight to hide the latency of the AES
 * instructions.  Each of these modes is written once, as the macro
 * _aes_mode_crypt, and instantiated by _set_impl for these implementations:
 *
 *   function suffix  vector length  CPU features needed
 *   aesni            16 (xmm)       AES-NI, SSSE3, SSE4.1
 *   aesni_avx        16 (xmm)       the above + AVX (VEX-encoded)
 *   vaes_avx2        32 (ymm)       the above + AVX2, VAES
 *   vaes_avx10_256   32 (ymm)       the above + AVX512F/VL/BW, BMI2
 *   vaes_avx10_512   64 (zmm)       the same
 *
 * as in aes-xts-avx-x86_64.S: "aesni" uses only legacy SSE encodings, and
 * the helper macros of aes-macros.h (and the few below) emit either the
 * VEX/EVEX instruction or a move plus the two-operand legacy one.  avx10
 * also uses opmask registers, for one masked vector in place of a tail of
 * single blocks and bytes; it needs EVEX only there and for zmm, so
 * vaes_avx10_256 is otherwise VEX-encoded, like vaes_avx2 (PREFER_VEX).
 *
 * The main loop processes 8 vectors (8 blocks for xmm, 16 for ymm, 32 for
 * zmm): with an AES latency of 4-5 cycles and two AES units (or one that
 * takes a zmm per cycle), 8 independent vectors keep them busy.  On ymm
 * and zmm, what remains, fewer than 8 vectors, is done as at most one
 * group each of 4, 2 and 1 vectors, so that a short message is still
 * processed in parallel.  Then, on avx10, the rest as one masked vector
 * (one masked block if at most 16 bytes are left); otherwise (ymm) one
 * single block and, for CTR/XCTR, a final partial block (_xor_tail).
 * Short messages are where the front end, not the AES units, sets the
 * pace, at a cycle or two per taken branch: so the main loop sits out of
 * line, and a message ends with the group that leaves nothing, falling
 * through to its return.
 *
 * On xmm the remainder is a handful of blocks, and a ladder of groups
 * would put up to four AES latency chains one after the other (4, 2, 1
 * blocks and a partial one): there each group leaves out, by branches on
 * the length, the blocks past the end (tail "rest" of _group), so that
 * the last 1..8 blocks, a partial one included, are one group: the main
 * loop's last iteration takes 8 of them, else one group of exactly 7, 6,
 * 5, 4 (also for 3: ECB and CBC then do block 2 twice), 2 or 1 does (see
 * _aes_mode_crypt).
 *
 * On ymm and zmm the main loop runs the AES rounds as a loop over the round
 * keys, one broadcast load per round for all 8 vectors: the loads and the
 * loop's three instructions run beside the AES instructions, and one loop
 * serves AES-128, -192 and -256 at a fraction of the size of unrolled
 * rounds; so do the xmm groups of 5 to 7 blocks.  The xmm main loop and the
 * smaller groups have their rounds unrolled in place (see _rounds): there
 * the AES instructions take half the cycles of a ymm loop, and the loop's
 * instructions would compete with them (on Intel the loop branch and
 * counter use the ports of aesenc); and there is no local function to call,
 * whose return a kernel that mitigates SRSO with Safe RET would mispredict.
 * The first and last round keys stay in registers.
 *
 * A call of exactly one block (@len = 16, the commonest short call) skips
 * all of that: it is tested for first and jumps to a local function of
 * that mode with the rounds unrolled (_one_block, one for the four VEX
 * implementations and one for legacy SSE), so it runs no more instructions
 * than a dedicated AES-NI path.  vaes_avx10_512 hands every call under 64 bytes to vaes_avx10_256
 * (see _aes_mode_crypt).
 *
 * Serial code, AES-NI + SSE only (it runs on every CPU the glue supports):
 * one block (aes_{en,de}crypt_block_aesni, the "aes" cipher), CBC encryption
 * (each block depends on the previous one: vectors would not help) and the
 * CTS-CBC tail.
 *
 * ABI
 * ===
 *
 * The functions follow the System V AMD64 ABI and the prototypes and
 * contracts in aesni-intel.h.  @key is a struct crypto_aes_ctx; encryption
 * (and CTR/XCTR) uses key_enc, decryption key_dec, the equivalent inverse
 * cipher's schedule for aesdec.  @src and @dst may be equal but must not
 * otherwise overlap; they need no alignment, nor does @key.  No memory
 * outside src[0..len), dst[0..len), the key and the IV/counter is read or
 * written, even for partial vectors and partial blocks: those use masked
 * accesses or single blocks and bytes.  The caller must be in a
 * kernel_fpu_begin() section; the VEX/EVEX functions end with vzeroupper
 * (but for _one_block, which writes no upper halves).
 *
 * What this code deliberately does not do
 * =======================================
 *
 * - No data-dependent branches or memory indices: branches depend on @len,
 *   the key length and (CTR) the public counter only.
 * - No stack frame, no callee-saved registers.
 * - No calls: every RET is a function's own return (see _rounds).  The
 *   key size only decides where the rounds end.
 * - No VAES for CBC encryption or single blocks (serial: see above).
 * - CTR: no vector carry arithmetic.  The counters are little-endian
 *   128-bit integers in the vector lanes, and the vectors only ever add to
 *   their low qwords; one addition in a general-purpose register tells
 *   whether the low 64 bits wrap within the message, which is then
 *   processed as two segments, up to the wrap and after it (_ctr_begin).
 */

#include <linux/linkage.h>
#include <linux/cfi_types.h>
#include "aesni-intel.h"
#include "aes-macros.h"

.section .rodata
.p2align 6
/*
 * Lane i of the first vector of counters is the counter + i (low qwords);
 * xmm CTR: block i of a group of up to 8, and the advance of a group
 */
.Llane_offsets:
	.quad	0, 0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8, 0
/* pshufb mask: reverses the 16 bytes (big-endian <-> little-endian) */
.Lbswap128:
	.byte	15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0
/* The counter advance of one block */
.Linc1:
	.quad	1, 0
/*
 * CTS: 16 bytes loaded from .Lcts_shuf + 16 + s (-16 <= s <= 16) are a
 * pshufb mask that moves byte i + s of the source to byte i, and zeroes byte
 * i when i + s is outside 0..15.  16 bytes loaded from .Lcts_himask + 16 - d
 * (0 <= d <= 16) have 0xff in bytes d..15, zero in bytes 0..d-1.
 */
.Lcts_shuf:
	.byte	0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80
	.byte	0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80
	.byte	0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07
	.byte	0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f
	.byte	0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80
	.byte	0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80
.Lcts_himask:
	.quad	0, 0, -1, -1

.text

/*
 * _set_impl vl, avx, avx10: select the implementation that the following
 * macros generate (as in aes-xts-avx-x86_64.S).  Defines V0..V15 as the
 * vector registers of length VL and X0..X15 as their low 128 bits, then the
 * register roles.
 */
.macro	_set_impl	vl, avx, avx10
	.set	VL, \vl
	.set	USE_AVX, \avx
	.set	USE_AVX10, \avx10
	.set	PREFER_VEX, \vl < 64	/* see aes-macros.h */
	.set	NBLK, \vl / 16		/* blocks per vector */
.irp i, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
.if \vl == 16
	.set	V\i, %xmm\i
.elseif \vl == 32
	.set	V\i, %ymm\i
.else
	.set	V\i, %zmm\i
.endif
	.set	X\i, %xmm\i
.endr

	/* General-purpose registers: the arguments, then the others */
	.set	KEY, %rdi	/* the first round key of the schedule in use */
	.set	SRC, %rsi
	.set	DST, %rdx
	.set	LEN, %rcx	/* bytes left, 64-bit (see _aes_mode_crypt) */
	.set	LEN32, %ecx
	.set	LEN8, %cl
	.set	IV_PTR, %r8	/* CBC: iv; CTR: ctr; XCTR: iv */
	.set	XCTR_CTR, %r9	/* XCTR: the block number of the first block */
	.set	RNDKEYLAST_PTR, %r10	/* the last round key */
	.set	GTMP0, %rax	/* scratch; the main loop's round key pointer */
	/* CTR: the low half of the first counter; the high half + 1 */
	.set	CTR_LO, %r9
	.set	CTR_HI, %r11
	/* CTR: the bytes of the second segment (see _ctr_begin) */
	.set	LEN_REST, %r8

	/* Vector registers.  AESDATA0..7: the vectors being processed */
	.set	AESDATA0, V0
	.set	AESDATA0_XMM, X0
	.set	AESDATA1, V1
	.set	AESDATA1_XMM, X1
	.set	AESDATA2, V2
	.set	AESDATA2_XMM, X2
	.set	AESDATA3, V3
	.set	AESDATA3_XMM, X3
	.set	AESDATA4, V4
	.set	AESDATA4_XMM, X4
	.set	AESDATA5, V5
	.set	AESDATA5_XMM, X5
	.set	AESDATA6, V6
	.set	AESDATA6_XMM, X6
	.set	AESDATA7, V7
	.set	AESDATA7_XMM, X7
	.set	RNDKEY, V8		/* a middle round key, in each lane */
	.set	RNDKEY_XMM, X8
	.set	RNDKEY0, V9		/* the first round key, in each lane */
	.set	RNDKEY0_XMM, X9
	.set	RNDKEYLAST, V10		/* the last round key, in each lane */
	.set	RNDKEYLAST_XMM, X10
	/* CTR, XCTR: the counters of the next vector (see _group) */
	.set	LE_CTR, V11
	.set	LE_CTR_XMM, X11
	/*
	 * CBC: the ciphertext block before the next one, in the low lane
	 * (zmm: in every lane, see _cbc_xor)
	 */
	.set	PREV, V11
	.set	PREV_XMM, X11
	.set	LE_CTR_INC, V12		/* CTR, XCTR: NBLK in each low qword */
	.set	LE_CTR_INC_XMM, X12
	.set	BSWAP_MASK, V13		/* CTR: .Lbswap128 in each lane */
	.set	BSWAP_MASK_XMM, X13
	.set	IVK, V13		/* XCTR: iv ^ the first round key */
	.set	IVK_XMM, X13
	.set	TMP0, V14
	.set	TMP0_XMM, X14
	/*
	 * CBC, xmm groups of at most 4 blocks (see _group): ciphertext
	 * blocks 0..2, kept for the XOR after the rounds
	 */
	.set	CIPHER0, X4
	.set	CIPHER1, X5
	.set	CIPHER2, X6
	.set	CIPHER_BEFORE1, CIPHER0	/* the block before block i */
	.set	CIPHER_BEFORE2, CIPHER1
	.set	CIPHER_BEFORE3, CIPHER2
.endm

/*
 * Instruction helpers beyond those of aes-macros.h (same operand order).
 * Legacy SSE memory operands must be 16-byte aligned, so only the move
 * helpers and _xor_mem take unaligned memory operands (_xor_mem loads
 * through a temporary on SSE).
 */

/* \dst (a VL vector) = the xmm register \src in every 128-bit lane */
.macro	_vbroadcast_xmm	src, dst
.if VL == 32
	vinserti128	$1, \src, \dst, \dst	/* \dst's low lane is \src */
.elseif VL == 64
	vshufi64x2	$0, \dst, \dst, \dst
.endif
.endm

/* \reg ^= the unaligned memory \mem; legacy SSE clobbers \tmp */
.macro	_xor_mem	mem, reg, tmp
.if USE_AVX
	_vpxor		\mem, \reg, \reg
.else
	movdqu		\mem, \tmp
	pxor		\tmp, \reg
.endif
.endm

/* _vaes on AESDATA\i\sfx */
.macro	_vaes_i	op, key, i, sfx
	_vaes		\op, \key, AESDATA\i\sfx
.endm

/*
 * _rounds dir, n, sfx: the AES rounds after the first AddRoundKey on
 * AESDATA0..AESDATA(n-1), \dir = enc or dec: full vectors if \sfx is empty, their
 * low blocks if \sfx is _XMM.  KEY points 128 bytes after the first round
 * key, so that round key r (1..13) is at 16*r - 128 (KEY), a signed-byte
 * displacement; the last one is RNDKEYLAST.  Decryption stops before the
 * last round, which is the mode's (_group): plain, or on xmm CBC's with the
 * previous ciphertext block folded into its key (_cbc_last).  Clobbers
 * GTMP0, RNDKEY and the flags.
 *
 * The ymm/zmm main loop (\n = 8), and the xmm groups of 5 to 7 blocks, loop
 * over the middle round keys, one broadcast load per round for all \n
 * vectors, from KEY - 112 to RNDKEYLAST_PTR: unrolled, that code would be 8
 * times the size, and the loop's three instructions run beside the \n AES
 * instructions.  The xmm main loop and the groups of 1, 2 and 4 have
 * their rounds unrolled in place (_rounds_unrolled): a loop's add, compare
 * and branch would take issue slots of the aesenc ports on Intel in the
 * one, and weigh on short messages in the others (with plain returns, a
 * loop there lost 6-25 % at 32-128 B on Zen 3).  Until 2026-12 they called
 * local functions of unrolled rounds, shared by the modes, which is 14 KB
 * smaller; but a kernel that mitigates SRSO with Safe RET (the default on
 * AMD Zen 1 to Zen 4) mispredicts every return on purpose, so each call
 * cost a mispredicted return: once per group, and every 8 blocks in the
 * xmm main loop.  On Zen 3, timed that way (bench BENCH_RET=thunk, four
 * code placements), inline rounds gained 13-57 % at 32-128 B for ECB,
 * CTR and XCTR vaes_avx2 (CTR and XCTR at 96 B had been 0.88-0.95 of Linux
 * 6.12's by8 code, which calls nothing, and are 1.27-1.40 now) and 13-29 %
 * on xmm at 32-64 B, and took XCTR aesni_avx from 0.94-0.98 to 1.01-1.03
 * at 4-16 KiB; with plain returns they gained up to 20 % at 32-96 B and
 * lost 3 % at most (noise).
 */
.macro	_rounds	dir, n, sfx
.if \n > 4 && !(VL == 16 && \n == 8)
	lea		-112(KEY), GTMP0
.if VL == 16
	.p2align	4	/* xmm: short groups enter it too: one fetch block */
.endif
.Lround\@:
	_vbroadcast128	(GTMP0), RNDKEY
.irp i, 0,1,2,3,4,5,6,7
.if \i < \n
	_vaes_i		aes\dir, RNDKEY, \i
.endif
.endr
	add		$16, GTMP0
	cmp		GTMP0, RNDKEYLAST_PTR
	jne		.Lround\@
.ifc \dir, enc
	_last_rounds	enc, \n, \sfx
.endif
.else
	_rounds_unrolled \dir, \n, \sfx
.endif
.endm

/*
 * _rounds_unrolled dir, n, sfx: _rounds' rounds, unrolled: AES-128 ends
 * after round 9, AES-192 after 11.  The key length is read from the key
 * struct (KEY points into it).
 */
.macro	_rounds_unrolled	dir, n, sfx
.ifc \dir, enc
	cmpl		$24, AES_KEYLEN_OFFSET - AES_KEY_ENC_OFFSET - 128(KEY)
.else
	cmpl		$24, AES_KEYLEN_OFFSET - AES_KEY_DEC_OFFSET - 128(KEY)
.endif
.irp r, 1,2,3,4,5,6,7,8,9
	_round		\dir, \r, \n, \sfx
.endr
	jb		.Llast\@
	_round		\dir, 10, \n, \sfx
	_round		\dir, 11, \n, \sfx
	je		.Llast\@
	_round		\dir, 12, \n, \sfx
	_round		\dir, 13, \n, \sfx
.Llast\@:
.ifc \dir, enc
	_last_rounds	enc, \n, \sfx
.endif
.endm

/* The last AES round on AESDATA0..AESDATA(n-1), with RNDKEYLAST */
.macro	_last_rounds	dir, n, sfx
.irp i, 0,1,2,3,4,5,6,7
.if \i < \n
	_vaes_i		aes\dir\()last, RNDKEYLAST\sfx, \i, \sfx
.endif
.endr
.endm

/*
 * One unrolled round r on AESDATA0..AESDATA(n-1).  A single xmm register takes
 * its round key straight from memory on VEX/EVEX (legacy SSE would need it
 * aligned).
 */
.macro	_round	dir, r, n, sfx
	.set		MEMKEY, USE_AVX && \n == 1 && VL == 16
.ifnb \sfx
	.set		MEMKEY, USE_AVX
.endif
.if MEMKEY
	vaes\dir	16*\r-128(KEY), AESDATA0_XMM, AESDATA0_XMM
.else
.ifb \sfx
	_vbroadcast128	16*\r-128(KEY), RNDKEY
.else
	_vmovdqu	16*\r-128(KEY), RNDKEY_XMM
.endif
.irp i, 0,1,2,3,4,5,6,7
.if \i < \n
	_vaes_i		aes\dir, RNDKEY\sfx, \i, \sfx
.endif
.endr
.endif
.endm

/*
 * _group n, sfx, tail, lo, part: one group of the main loop or of the
 * remainder: \n vectors (\sfx empty) or \n single blocks (\sfx = _XMM) from
 * SRC to DST.  It does not advance SRC, DST or LEN.  \tail:
 *   empty	whole vectors or blocks
 *   masked	(avx10, \n = 1) the LEN < VL bytes left, with the byte mask
 *		%k1
 *   ks		(CTR, XCTR; \n = 1) only the keystream block, left in
 *		AESDATA0_XMM, for _xor_tail
 *   rest	(xmm) the 16*\lo < LEN <= 16*\n bytes left, and the group
 *		ends the segment: the lanes past LEN are neither loaded nor
 *		stored (branches on LEN; their AES rounds run on zeros or
 *		counters), a partial last block is XORed by _xor_tail
 *		(jumping to \part, see _rest_out), and CBC's PREV is updated
 *		only by the main loop's group (\n = 8), the others end the
 *		message.  Only lanes \lo+1.. can be out (so at most one, in
 *		the group of 4 for 3 blocks; for ECB and CBC not even that:
 *		see OVERLAP).  So lanes 0..\lo-1 hold whole
 *		blocks, and for ECB and CBC (LEN a multiple of 16) lane \lo
 *		too.  The main loop of xmm is such a group, \lo = 7.
 *
 * The mode is that of _aes_mode_crypt (MODE_* flags):
 *   ECB:  AESDATAi = AES(block i)
 *   CBC:  AESDATAi = AES^-1(C_i) ^ C_(i-1), C_(-1) = PREV (see below)
 *   CTR:  AESDATAi = AES(bswap128(counter i)) ^ P_i; CTR holds the counters
 *	   of the next vector (lane j: its block j), as little-endian 128-bit
 *	   integers of which only the low qwords change (see _ctr_begin)
 *   XCTR: AESDATAi = AES(iv ^ le128(counter i)) ^ P_i; CTR as for CTR, IVK
 *	   = iv ^ the first round key, which whitens the block in the same XOR
 *
 * CBC decryption XORs vector i with the ciphertext vector 16 bytes before
 * it: loaded from SRC + i*VL - 16 for i > 0; for i = 0 its first block is
 * PREV, the last ciphertext block before the group (the IV at first), and
 * the rest comes from SRC (see _cbc_xor).  Before the stores, PREV is
 * loaded with the group's last ciphertext block: with @src == @dst every
 * ciphertext block is read before the block over it is written.
 */
.macro	_group	n, sfx, tail, lo, part
	.set		W, VL		/* bytes per register of the group */
.ifnb \sfx
	.set		W, 16
.endif
	/*
	 * CBC on xmm, at most 4 blocks: the registers of lanes 4..6 are free,
	 * so the ciphertext blocks stay there for the XOR after the rounds
	 * (the unrolled rounds of at most 4 blocks leave them alone)
	 */
	.set		CBC_KEEP, MODE_CBC && VL == 16 && \n <= 4
	.set		TAIL_KS, 0
	.set		TAIL_MASKED, 0
.ifc \tail, masked
	.set		TAIL_MASKED, 1
.endif
.ifc \tail, ks
	.set		TAIL_KS, 1
.endif
	/* rest: lanes from REST_IN (REST_OUT) on are loaded (stored) if in */
	.set		TAIL_REST, 0
	.set		REST_IN, \n
	.set		REST_OUT, \n
.ifc \tail, rest
	.set		TAIL_REST, 1
	.set		REST_IN, \lo + 1
	.set		REST_OUT, \lo + !(MODE_CTR || MODE_XCTR)
.endif
	/*
	 * ECB, CBC: the group of 4 for 3 or 4 blocks takes its last lane
	 * from the last block of the message (SRC + LEN - 16, to DST + LEN -
	 * 16): for 3 blocks it is block 2 again, computed and stored twice,
	 * and no lane is left out.
	 */
	.set		OVERLAP, TAIL_REST && !(MODE_CTR || MODE_XCTR) && REST_IN < \n
.if OVERLAP
	.set		REST_IN, \n
	.set		REST_OUT, \n
.endif
.irp i, 0,1,2,3,4,5,6,7
.if \i < \n && \i >= REST_IN && !(MODE_CTR || MODE_XCTR)
	/* a lane not loaded must not chain this call to the previous one */
	_vpxor		AESDATA\i, AESDATA\i, AESDATA\i
.endif
.endr
.irp i, 0,1,2,3,4,5,6,7
.if \i < \n
.if \i >= REST_IN && !(MODE_CTR || MODE_XCTR)
	cmp		$16*\i, LEN
	jle		.Lin_done\@
.endif
	_group_input	\i, \n, \sfx, \tail
.endif
.endr
.Lin_done\@:
.if MODE_DEC
	/* (the last round of decryption is the mode's: see _rounds) */
	_rounds		dec, \n, \sfx
.if !MODE_CBC || VL > 16
	_last_rounds	dec, \n, \sfx
.endif
.else
	_rounds		enc, \n, \sfx
.endif
.if MODE_CBC
	/*
	 * Lane i's XOR reads ciphertext block i - 1, which is in whenever
	 * lane i - 1 is: with the tail rest only the last lane can be out,
	 * and its result is then not stored.
	 */
.irp i, 0,1,2,3,4,5,6,7
.if \i < \n && VL == 16
	_cbc_last	\i
.elseif \i < \n
	_cbc_xor	\i, \sfx, \tail
.endif
.endr
	/*
	 * PREV: the last block, read before any store; not needed after a
	 * group that ends the message (the tail rest but in the main loop,
	 * whose 8 lanes are all in)
	 */
.if !TAIL_MASKED && !(TAIL_REST && \n < 8)
.if VL == 64
	vbroadcasti32x4	\n*W-16(SRC), PREV
.else
	_vmovdqu	\n*W-16(SRC), PREV_XMM
.endif
.endif
.endif
.if TAIL_REST
	_rest_out	\n, \part
.elseif !TAIL_KS
.irp i, 0,1,2,3,4,5,6,7
.if \i < \n
.if MODE_CTR || MODE_XCTR
	_xor_src	\i, \sfx, \tail
.endif
.endif
.endr
.irp i, 0,1,2,3,4,5,6,7
.if \i < \n
	_store		\i, \sfx, \tail
.endif
.endr
.endif
.endm

/*
 * _rest_out n, part: _group's output for \tail = rest (xmm): the blocks
 * whole in the LEN bytes left are stored (CTR, XCTR: XORed with the source
 * first), those of lanes from REST_OUT on only if LEN reaches their end.
 * CTR, XCTR: at the first lane i not stored it jumps to \part_i (see
 * _rest_part), which ends the segment; after all lanes of a final group (\n
 * < 8) it returns, or (CTR, a second segment to come) jumps to \part; the
 * main loop's group (\n = 8) goes on when all are stored.
 */
.macro	_rest_out	n, part
.irp i, 0,1,2,3,4,5,6,7
.if \i < \n
.if \i >= REST_OUT
	cmp		$16*\i+16, LEN
.if MODE_CTR || MODE_XCTR
	jl		\part\()_\i
.else
	jl		.Lrest_done\@
.endif
.endif
.if MODE_CTR || MODE_XCTR
	_xor_src	\i, , rest
.endif
	_store		\i, , rest
.endif
.endr
	/* LEN = 16 * \n: none left, the message ends (CTR: but a second segment) */
.if (MODE_CTR || MODE_XCTR) && \n < 8
	_segment_end	\part
.endif
.Lrest_done\@:
.endm

/*
 * _rest_group n, lo, part: a group that ends the segment (see
 * _group's tail rest), then the return (CTR, XCTR: _rest_out jumps to
 * \part, since a counter wrap may leave a second segment)
 */
.macro	_rest_group	n, lo, part
	_group		\n, , rest, \lo, \part
.if !(MODE_CTR || MODE_XCTR)
	_return
.endif
.endm

/*
 * _segment_end next: where a segment ends with nothing left: the return,
 * or for CTR, where a second segment may follow (see _ctr_begin), the jump
 * to \next, which takes it up, if there is one, else the return: no taken
 * branch in the common case.
 */
.macro	_segment_end	next
.if MODE_CTR
	test		LEN_REST, LEN_REST
	jnz		\next
.endif
	_return
.endm

/*
 * _group_end bytes, more, done: after a group of \bytes on ymm or zmm,
 * SRC, DST and LEN advance past it; then, if LEN is not 0, on to \more.
 * ECB and CBC fall through to the return when LEN is 0 (the common case
 * for whole blocks), CTR and XCTR fall through to \more when it is not
 * (a partial block usually follows) and branch to \done, the end of the
 * segment, when it is.
 */
.macro	_group_end	bytes, more, done
	add		$\bytes, SRC
	add		$\bytes, DST
	sub		$\bytes, LEN
.if MODE_CTR || MODE_XCTR
	jz		\done
.else
	jnz		\more
	_return
.endif
.endm

/* The end of a mode function: vzeroupper if VEX-encoded, then return */
.macro	_return
.if USE_AVX
	vzeroupper
.endif
	RET
.endm

/*
 * _rest_part part: CTR, XCTR: where _rest_out jumps, once per function:
 * \part_i (i = 0..7) when lane i is the first not stored, \part when all
 * are.  The keystream of lane i goes to AESDATA0, SRC and DST are advanced
 * past the whole blocks of the LEN bytes, then a partial block, if any, is
 * XORed by _xor_tail.  Clobbers %rax (and what _xor_tail does).
 */
.macro	_rest_part	part
.irp i, 7,6,5,4,3,2,1
\part\()_\i:
	_vmovdqa	AESDATA\i, AESDATA0
.if \i > 1
	jmp		\part
.endif
.endr
\part\()_0:
\part\():
	mov		LEN32, %eax
	and		$-16, %eax		/* the whole blocks */
	add		%rax, SRC
	add		%rax, DST
	and		$15, LEN32
	jz		.Lrest_part_done\@
	_xor_tail	AESDATA0_XMM
.Lrest_part_done\@:
.endm

/*
 * _group's AES input of AESDATA\i, first AddRoundKey included; ECB, CBC:
 * from the block(s) at SRC + i*W, or (OVERLAP, the last lane) SRC + LEN - 16.
 * CTR, xmm: block i's counter is LE_CTR + i (.Llane_offsets), and LE_CTR
 * advances once, by \n, with the last block, so that the counters of a
 * group do not wait for one another, and the last of 8 is not 7 additions
 * and a byte swap behind the IV load: on Sapphire Rapids, AES-256 at
 * 128-256 B, that took aesni from 0.94 to 0.96 of Linux 6.12's and
 * aesni_avx from 1.00 to 1.05.  (XCTR, with no byte swap in the chain,
 * measured no better that way: its 128-byte AES-128 case lost 6 %.)
 */
.macro	_group_input	i, n, sfx, tail
.if OVERLAP && \i == \n - 1
	/* (xmm only; written out: an operand with a comma is no macro argument) */
.if USE_AVX
	vpxor		-16(SRC,LEN), RNDKEY0, AESDATA\i
.else
	movdqu		-16(SRC,LEN), AESDATA\i
	pxor		RNDKEY0, AESDATA\i
.endif
.elseif MODE_CTR && VL == 16 && \i > 0
	_vmovdqa	LE_CTR, AESDATA\i
	_v3		paddq, .Llane_offsets+16*\i(%rip), AESDATA\i, AESDATA\i
	_v3		pshufb, BSWAP_MASK, AESDATA\i, AESDATA\i
	_vpxor		RNDKEY0, AESDATA\i, AESDATA\i
.elseif MODE_CTR
	_v3		pshufb, BSWAP_MASK\sfx, LE_CTR\sfx, AESDATA\i\sfx
	_vpxor		RNDKEY0\sfx, AESDATA\i\sfx, AESDATA\i\sfx
.elseif MODE_XCTR
	_vpxor		IVK\sfx, LE_CTR\sfx, AESDATA\i\sfx
.elseif CBC_KEEP && \i < \n - 1
	/* the block ^ RNDKEY0; CIPHER\i = the block ^ RNDKEYLAST (_cbc_last) */
	_vmovdqu	\i*W(SRC), CIPHER\i
	_vpxor		RNDKEY0, CIPHER\i, AESDATA\i
	_vpxor		RNDKEYLAST, CIPHER\i, CIPHER\i
.else
	/* the block(s) ^ RNDKEY0; masked: under %k1 */
.ifc \tail, masked
	vmovdqu8	(SRC), AESDATA0\sfx{%k1}{z}
	vpxord		RNDKEY0\sfx, AESDATA0\sfx, AESDATA0\sfx
.elseif USE_AVX
	_vpxor		\i*W(SRC), RNDKEY0\sfx, AESDATA\i\sfx
.else
	movdqu		\i*W(SRC), AESDATA\i
	pxor		RNDKEY0, AESDATA\i
.endif
.endif
.if MODE_CTR && VL == 16
.if \i == \n - 1
	_v3		paddq, .Llane_offsets+16*\n(%rip), LE_CTR, LE_CTR
.endif
.elseif (MODE_CTR || MODE_XCTR) && !(\i == \n - 1 && TAIL_KS)
	_ctr_advance	\sfx
.endif
.endm

/*
 * CBC, ymm and zmm: AESDATA\i ^= the ciphertext 16 bytes before it (see
 * _group), after the last round.  For i = 0 that is PREV's block, then the
 * vector's own blocks but its last, taken from SRC and moved up one lane:
 * ymm inserts the block at SRC above PREV_XMM; zmm shifts PREV's top lane
 * (PREV holds the block in every lane) and the 48 bytes at SRC together by
 * valignq.  Not one load from SRC - 16, masked or not: that is outside the
 * message for the first vector, and a load whose masked-off bytes lie on
 * the page before SRC cost Sapphire Rapids 10 TSC ticks (15 core cycles)
 * per call, the time of a whole 64-byte message, for a page-aligned
 * @src.  The masked tail loads from SRC under %k1, only bytes in the
 * message.  Clobbers TMP0.
 */
.macro	_cbc_xor	i, sfx, tail
.if \i > 0
	_xor_mem	\i*W-16(SRC), AESDATA\i\sfx, TMP0_XMM
.elseif W == 16
	_vpxor		PREV_XMM, AESDATA0_XMM, AESDATA0_XMM
.elseif VL == 64
.ifc \tail, masked
	vmovdqu8	(SRC), TMP0{%k1}{z}
.else
	vmovdqu8	(SRC), TMP0
.endif
	valignq		$6, PREV, TMP0, TMP0	/* (TMP0 : PREV) >> 6 qwords */
	vpxord		TMP0, AESDATA0, AESDATA0
.else
	/* (ymm, masked tail included: it has more than 16 bytes) */
	vinserti128	$1, (SRC), PREV, TMP0
	vpxor		TMP0, AESDATA0, AESDATA0
.endif
.endm

/*
 * CBC, xmm: the last round of AESDATA\i, with the round key XORed with the
 * ciphertext block before it (see _group): aesdeclast ends with the XOR of
 * its key, so this is AES^-1 ^ the previous ciphertext in one instruction,
 * with the XOR off the AES latency chain and free to issue early (on
 * Intel, where pxor shares ports with aesdec, it no longer waits for the
 * last aesdec).  For i > 0 from memory or, CBC_KEEP, from where
 * _group_input kept it.  Clobbers TMP0.
 */
.macro	_cbc_last	i
.if \i > 0 && CBC_KEEP && !(OVERLAP && \i == 3)
	/* CIPHER_BEFORE\i already holds that block ^ RNDKEYLAST */
	_vaes		aesdeclast, CIPHER_BEFORE\i, AESDATA\i
.else
.if \i > 0 && OVERLAP && \i == 3
.if USE_AVX
	vpxor		-32(SRC,LEN), RNDKEYLAST, TMP0
.else
	movdqu		-32(SRC,LEN), TMP0
	pxor		RNDKEYLAST, TMP0
.endif
.elseif \i > 0 && USE_AVX
	vpxor		\i*16-16(SRC), RNDKEYLAST, TMP0
.elseif \i > 0
	movdqu		\i*16-16(SRC), TMP0
	pxor		RNDKEYLAST, TMP0
.else
	_vpxor		PREV, RNDKEYLAST, TMP0
.endif
	_vaes		aesdeclast, TMP0, AESDATA\i
.endif
.endm

/* CTR, XCTR: AESDATA\i ^= the source (masked: under %k1) */
.macro	_xor_src	i, sfx, tail
.ifc \tail, masked
	vmovdqu8	(SRC), TMP0\sfx{%k1}{z}
	vpxord		TMP0\sfx, AESDATA0\sfx, AESDATA0\sfx
.else
	_xor_mem	\i*W(SRC), AESDATA\i\sfx, TMP0_XMM
.endif
.endm

/*
 * AESDATA\i to DST + i*W (masked: under %k1; OVERLAP, the last lane: to
 * DST + LEN - 16)
 */
.macro	_store	i, sfx, tail
.ifc \tail, masked
	vmovdqu8	AESDATA0\sfx, (DST){%k1}
.elseif OVERLAP && \i == 3
.if USE_AVX
	vmovdqu		AESDATA\i, -16(DST,LEN)
.else
	movdqu		AESDATA\i, -16(DST,LEN)
.endif
.else
	_vmovdqu	AESDATA\i\sfx, \i*W(DST)
.endif
.endm

/* CTR, XCTR: the counters advance by one vector (\sfx empty) or block */
.macro	_ctr_advance	sfx
.ifb \sfx
	_v3		paddq, LE_CTR_INC, LE_CTR, LE_CTR
.else
	_v3		paddq, .Linc1(%rip), LE_CTR_XMM, LE_CTR_XMM
.endif
.endm

/*
 * _xor_tail ks: CTR, XCTR without opmasks: dst[0..LEN) = src[0..LEN) ^ the
 * first LEN bytes of the keystream block in the xmm register \ks, 1 <= LEN <=
 * 15, as at most one piece each of 8, 4, 2 and 1 bytes, in that order, so
 * that the branches depend on LEN only.  The keystream moves down through
 * %rax (its high qword waits in %r11 for the 8-byte piece); piece p (p = 4,
 * 2) is at offset LEN & -2p, the 1-byte piece at LEN - 1.  Clobbers %rax,
 * %r9, %r11 (no counter or round key is needed any more) and the flags.
 */
.macro	_xor_tail	ks
	_v		movq, \ks, %rax
	_v		pextrq, $1, \ks, %r11
	test		$8, LEN8
	jz		.Lpiece4\@
	xor		(SRC), %rax
	mov		%rax, (DST)
	mov		%r11, %rax
.Lpiece4\@:
	test		$4, LEN8
	jz		.Lpiece2\@
	mov		LEN32, %r9d
	and		$8, %r9d
	mov		(SRC,%r9), %r11d
	xor		%eax, %r11d
	mov		%r11d, (DST,%r9)
	shr		$32, %rax
.Lpiece2\@:
	test		$2, LEN8
	jz		.Lpiece1\@
	mov		LEN32, %r9d
	and		$12, %r9d
	xor		(SRC,%r9), %ax
	mov		%ax, (DST,%r9)
	shr		$16, %rax
.Lpiece1\@:
	test		$1, LEN8
	jz		.Ltail_done\@
	xor		-1(SRC,LEN), %al
	mov		%al, -1(DST,LEN)
.Ltail_done\@:
.endm

/*
 * _ctr_begin: CTR setup.  LE_CTR_XMM = the big-endian counter at IV_PTR
 * byte-reversed, i.e. as a little-endian 128-bit integer; the counter after
 * the message (+ the number of blocks, a partial one included) is written
 * back.  Needs BSWAP_MASK; clobbers GTMP0, CTR_LO, CTR_HI, RNDKEYLAST_PTR
 * (set up after this) and the flags.
 *
 * The vectors add only to the low 64 bits.  Where adding the number of
 * blocks carries out of them (_ctr_carry, out of line: once in 2^64 blocks
 * at most), the high half is incremented too, and if a block would use a
 * counter past the carry the message is split: LEN = the bytes up to that
 * block (a multiple of 16), LEN_REST = the others, processed from
 * .Lsegment with the counter (CTR_HI = the high half + 1) : 0, so at 2^128
 * it wraps to 0.  @len < 2^32 bytes is fewer than 2^28 blocks: at most one
 * carry.
 */
.macro	_ctr_begin	carry, begun
	_load_iv	LE_CTR_XMM
	_v3		pshufb, BSWAP_MASK_XMM, LE_CTR_XMM, LE_CTR_XMM
	mov		8(IV_PTR), CTR_LO
	bswap		CTR_LO
	lea		15(LEN), GTMP0
	shr		$4, GTMP0		/* the number of blocks */
	add		CTR_LO, GTMP0		/* the low half after the message */
	jc		\carry
	bswap		GTMP0
	mov		GTMP0, 8(IV_PTR)
	xor		LEN_REST, LEN_REST	/* IV_PTR is not needed any more */
\begun\():
.endm

/* _ctr_begin's carry (GTMP0: the low half after the message, CTR_LO: now) */
.macro	_ctr_carry	carry, begun
\carry\():
	mov		(IV_PTR), CTR_HI
	bswap		CTR_HI
	add		$1, CTR_HI		/* the high half after the message */
	mov		CTR_HI, RNDKEYLAST_PTR
	bswap		RNDKEYLAST_PTR
	mov		RNDKEYLAST_PTR, (IV_PTR)
	mov		GTMP0, RNDKEYLAST_PTR
	bswap		RNDKEYLAST_PTR
	mov		RNDKEYLAST_PTR, 8(IV_PTR)
	xor		LEN_REST, LEN_REST
	test		GTMP0, GTMP0
	jz		\begun		/* the carry is after the last block */
	mov		CTR_LO, GTMP0
	neg		GTMP0			/* blocks up to the carry */
	shl		$4, GTMP0
	mov		LEN, LEN_REST
	sub		GTMP0, LEN_REST
	mov		GTMP0, LEN
	jmp		\begun
.endm

/*
 * \xmm = the 16 bytes at IV_PTR, read as two qwords: callers (and this code,
 * for the counter it writes back) store an IV in 8-byte halves, and a 16-byte
 * load of two pending 8-byte stores cannot take its data from them: it waits
 * until they reach the cache.  The high qword goes in by pinsrq; through
 * general-purpose registers measured slower, for VAES CBC decryption on AMD
 * Zen 4.  (aes_xts_encrypt_iv takes one 16-byte load instead, which
 * measured better there; here one 16-byte load measured 0.90 of Linux
 * 6.12's for CBC decryption with aesni at 64 B on Zen 4, for IVs stored as
 * two qwords just before the call, where both wait.)
 */
.macro	_load_iv	xmm
	_v		movq, (IV_PTR), \xmm
.if USE_AVX
	vpinsrq		$1, 8(IV_PTR), \xmm, \xmm
.else
	pinsrq		$1, 8(IV_PTR), \xmm
.endif
.endm

/* CTR and XCTR: LE_CTR = the counters of the first vector, from its lane 0 */
.macro	_ctr_load
	_vbroadcast_xmm	LE_CTR_XMM, LE_CTR
.if VL > 16
	vpaddq		.Llane_offsets(%rip), LE_CTR, LE_CTR
.endif
.endm

/*
 * _aes_mode_crypt mode, func: the body of \func\()_<impl>() for the
 * implementation selected by _set_impl, \mode = ecb_enc, ecb_dec, cbc_dec,
 * ctr or xctr (see _group).
 *
 * 16 bytes, the commonest short message, take _one_block in every
 * implementation.  vaes_avx10_512 leaves the other messages shorter than one
 * zmm vector to the vaes_avx10_256 function of the same mode (a tail call):
 * there 17..63 bytes are one or two whole ymm/xmm vectors and at most one
 * masked ymm one, instead of one masked zmm vector whose masked load and
 * store cost more than the AES rounds they save.
 *
 * LEN counts the bytes not yet processed.  It is 64-bit, so that the signed
 * tests "LEN - n >= 0" below hold for any 32-bit @len.
 */
.macro	_aes_mode_crypt	mode, func
	_set_mode	\mode
	mov		LEN32, LEN32		/* zero-extend: @len is 32-bit */
	cmp		$16, LEN32
.if MODE_CBC
	_one_block_jcc	be, \mode		/* and @len = 0: see _one_block */
.else
	_one_block_jcc	e, \mode		/* see _one_block */
.endif
.if VL == 64
	cmp		$64, LEN32
	jb		\func\()_vaes_avx10_256	/* see above */
.endif
.if MODE_CTR
	_vbroadcast128	.Lbswap128(%rip), BSWAP_MASK
	_ctr_begin	.Lctr_carry\@, .Lctr_begun\@
.endif
	/*
	 * KEY = the first round key + 128 (see _rounds), RNDKEYLAST_PTR = the last
	 * one: key_length / 4 + 6 rounds, so it is at 4 * key_length + 96.
	 */
	mov		AES_KEYLEN_OFFSET(KEY), %eax
.if MODE_DEC
	lea		AES_KEY_DEC_OFFSET + 96(KEY,%rax,4), RNDKEYLAST_PTR
	lea		AES_KEY_DEC_OFFSET + 128(KEY), KEY
.else
	lea		AES_KEY_ENC_OFFSET + 96(KEY,%rax,4), RNDKEYLAST_PTR
	lea		AES_KEY_ENC_OFFSET + 128(KEY), KEY
.endif
	_vbroadcast128	-128(KEY), RNDKEY0
	_vbroadcast128	(RNDKEYLAST_PTR), RNDKEYLAST

.if MODE_CBC
	_load_iv	PREV_XMM
	/*
	 * The next IV is the last ciphertext block: read before any store
	 * (LEN >= 32 here)
	 */
.if USE_AVX
	vmovdqu		-16(SRC,LEN), TMP0_XMM
.else
	movdqu		-16(SRC,LEN), TMP0_XMM
.endif
	_vmovdqu	TMP0_XMM, (IV_PTR)
.if VL == 64
	_vbroadcast_xmm	PREV_XMM, PREV		/* (see _cbc_xor) */
.endif
.endif
.if MODE_CTR || MODE_XCTR
	_set_inc
.endif
.if MODE_CTR
.Lsegment\@:
	_ctr_load
.endif
.if MODE_XCTR
	_load_iv	IVK_XMM
	_vbroadcast_xmm	IVK_XMM, IVK
	_vpxor		RNDKEY0, IVK, IVK
	_v		movq, XCTR_CTR, LE_CTR_XMM
	_ctr_load
.endif

.if VL == 16
	/*
	 * xmm: the main loop takes 8 blocks at a time while more than 112
	 * bytes are left; the b = LEN / 16 blocks then left, rounded up (none
	 * if LEN <= 0), are one group of exactly 7, 6, 5, 4 (also for 3), 2 or
	 * 1 block(s) that leaves out those past LEN: one AES latency chain,
	 * and the rounds of at most one lane spent on nothing.  Messages of
	 * at most 64 bytes test for that first, so that the group of 4 (64
	 * bytes, the commonest of them) is reached without a taken branch.
	 */
	cmp		$64, LEN
	jg		.Lover64\@
.Lrest_le64\@:
	cmp		$32, LEN
	jle		.Lrest_le32\@
	_rest_group	4, 2, .Lrest_part\@
.Lrest_le32\@:
	cmp		$16, LEN
	jg		.Lrest2\@
	test		LEN, LEN
	jle		.Lsegment_done\@
	_rest_group	1, 0, .Lrest_part\@
.Lrest2\@:
	_rest_group	2, 1, .Lrest_part\@
.Lover64\@:
	cmp		$112, LEN
	jg		.Lmain\@
.Lrest_gt64\@:
	cmp		$96, LEN
	jg		.Lrest7\@
	cmp		$80, LEN
	jg		.Lrest6\@
	_rest_group	5, 4, .Lrest_part\@
.Lrest6\@:
	_rest_group	6, 5, .Lrest_part\@
.Lrest7\@:
	_rest_group	7, 6, .Lrest_part\@
	/*
	 * The main loop: each iteration is a group of 8 blocks that leaves
	 * out those past LEN (see _group), so CTR and XCTR also take there a
	 * partial last block after 7 whole ones (and then end).
	 */
.Lmain\@:
	_group		8, , rest, 7, .Lrest_part\@
	add		$8*VL, SRC
	add		$8*VL, DST
	sub		$8*VL, LEN
	cmp		$112, LEN
	jg		.Lmain\@
	test		LEN, LEN
	jle		.Lsegment_done\@
	cmp		$64, LEN
	jle		.Lrest_le64\@
	jmp		.Lrest_gt64\@
.if MODE_CTR || MODE_XCTR
	_rest_part	.Lrest_part\@
.endif
.else
	/*
	 * ymm, zmm: the main loop takes 8 vectors at a time; it is out of
	 * line, below, so that a message shorter than 8 vectors reaches the
	 * groups without a taken branch (see below).
	 */
	cmp		$8*VL, LEN
	jae		.Lmain_entry\@
.Lrest\@:
	/*
	 * Then at most one group each of 4, 2 and 1 vectors.  Each taken
	 * branch costs the front end a cycle or two, and a short message
	 * would take one for every group it skips after its last one and one
	 * more to the return (on Zen 3, ECB at 64 B in a tight loop, when
	 * the rounds were a call: with 8 taken branches 15.1 TSC ticks a
	 * call, with 5 12.8; Linux 6.12's xmm code 15.1).  So after a group
	 * that leaves nothing the message ends right there: ECB and CBC
	 * (whole blocks, which the groups
	 * usually finish) fall through to the return, CTR and XCTR (where a
	 * partial block usually follows) take the branch to the end of the
	 * segment (_group_end).
	 */
.irp g, 4,2,1
	cmp		$\g*VL, LEN
	jb		.Lgroup_done\@_\g
	_group		\g
	_group_end	\g*VL, .Lgroup_done\@_\g, .Lsegment_done\@
.Lgroup_done\@_\g:
.endr
	test		LEN, LEN		/* (@len = 0) */
	jz		.Lsegment_done\@

	/*
	 * Then the LEN < VL bytes left: on avx10 as one masked vector, or
	 * one masked block if that is all
	 */
.if USE_AVX10
	mov		$-1, %rax
	bzhi		LEN, %rax, %rax
	kmovq		%rax, %k1
	cmp		$16, LEN
	ja		.Lmasked_vec\@
	_group		1, _XMM, masked
	jmp		.Lmasked_done\@
.Lmasked_vec\@:
	_group		1, , masked
.Lmasked_done\@:
	add		LEN, SRC
	add		LEN, DST
.else
.if VL == 32
	/* ... else one block ... */
	cmp		$16, LEN
	jl		.Lblock_done\@
	_group		1, _XMM
	_group_end	16, .Lblock_done\@, .Lsegment_done\@
.Lblock_done\@:
.endif
.if MODE_CTR || MODE_XCTR
	/* ... and (CTR, XCTR) a partial block */
	_group		1, _XMM, ks
	_xor_tail	AESDATA0_XMM
.endif
.endif
.endif
.Lsegment_done\@:
	_segment_end	.Lsegment2\@
.if MODE_CTR
	/* The second segment (see _ctr_begin) */
.Lsegment2\@:
	mov		LEN_REST, LEN
	xor		LEN_REST, LEN_REST
	_v		movq, CTR_HI, LE_CTR_XMM	/* (CTR_HI : 0) */
	_v3		pslldq, $8, LE_CTR_XMM, LE_CTR_XMM
	jmp		.Lsegment\@
.endif
.if VL > 16
	/*
	 * The main loop (see above): 8 vectors at a time, with LEN 8 vectors
	 * short in it, so that one subtraction also gives the loop condition
	 */
.Lmain_entry\@:
	sub		$8*VL, LEN
.Lmain\@:
	_group		8
	add		$8*VL, SRC
	add		$8*VL, DST
	sub		$8*VL, LEN
	jge		.Lmain\@
	add		$8*VL, LEN
	jnz		.Lrest\@
	_segment_end	.Lsegment2\@
.endif
.if MODE_CTR
	_ctr_carry	.Lctr_carry\@, .Lctr_begun\@
.endif
.endm

/*
 * _set_mode mode: the MODE_* flags of \mode = ecb_enc, ecb_dec, cbc_dec, ctr
 * or xctr, for _aes_mode_crypt and _one_block
 */
.macro	_set_mode	mode
	.set		MODE_DEC, 0
	.set		MODE_CBC, 0
	.set		MODE_CTR, 0
	.set		MODE_XCTR, 0
.ifc \mode, ecb_dec
	.set		MODE_DEC, 1
.endif
.ifc \mode, cbc_dec
	.set		MODE_DEC, 1
	.set		MODE_CBC, 1
.endif
.ifc \mode, ctr
	.set		MODE_CTR, 1
.endif
.ifc \mode, xctr
	.set		MODE_XCTR, 1
.endif
.endm

/*
 * _one_block mode: the local function _aes_\mode\()_one_avx (VEX, shared by
 * the four VEX implementations) or _aes_\mode\()_one_aesni (legacy SSE), to
 * which _aes_mode_crypt jumps for @len = 16 (CBC: also for @len = 0, which
 * returns at once, with the flags of its cmp $16, LEN32), so that the
 * commonest short call runs one load, the rounds, one store and one RET:
 * no setup of the vector code, and only one
 * taken branch besides the jump here and the return (AES-128 and AES-192
 * jump to the last round).  The rounds are unrolled, their round keys taken
 * from memory (VEX) or through %xmm1 (SSE needs aligned memory operands).
 * Only xmm instructions, VEX-encoded or legacy SSE: the upper halves of the
 * vector registers stay as they were, so no vzeroupper.  Clobbers %rax,
 * %xmm0, %xmm1 and the flags.
 */
.macro	_one_block	mode
	_set_mode	\mode
.if MODE_DEC
	.set		OFF, AES_KEY_DEC_OFFSET
.else
	.set		OFF, AES_KEY_ENC_OFFSET
.endif
.if USE_AVX
SYM_FUNC_START_LOCAL(_aes_\mode\()_one_avx)
.else
SYM_FUNC_START_LOCAL(_aes_\mode\()_one_aesni)
.endif
.if MODE_CBC
	jb		.Lone_done\@		/* @len = 0 */
.endif
.if MODE_CTR
	/* the counter block, then the counter + 1 written back (128-bit) */
	_load_iv	%xmm0
	mov		8(IV_PTR), %rax
	bswap		%rax
	add		$1, %rax
	bswap		%rax
	mov		%rax, 8(IV_PTR)
	mov		(IV_PTR), %rax
	bswap		%rax
	adc		$0, %rax
	bswap		%rax
	mov		%rax, (IV_PTR)
.elseif MODE_XCTR
	_load_iv	%xmm1
	_v		movq, XCTR_CTR, %xmm0
	_v3		pxor, %xmm1, %xmm0, %xmm0	/* iv ^ le128(block number) */
.else
	_v		movdqu, (SRC), %xmm0
.endif
.if MODE_DEC
	_one_rounds	dec
.else
	_one_rounds	enc
.endif
.if MODE_CBC
	_load_iv	%xmm1
	_v3		pxor, %xmm1, %xmm0, %xmm0
	_v		movdqu, (SRC), %xmm1	/* the next IV, read before the store */
	_v		movdqu, %xmm1, (IV_PTR)
.elseif MODE_CTR || MODE_XCTR
	_v		movdqu, (SRC), %xmm1
	_v3		pxor, %xmm1, %xmm0, %xmm0
.endif
	_v		movdqu, %xmm0, (DST)
.Lone_done\@:
	RET
.if USE_AVX
SYM_FUNC_END(_aes_\mode\()_one_avx)
.else
SYM_FUNC_END(_aes_\mode\()_one_aesni)
.endif
.endm

/*
 * _one_rounds dir: (_one_block) %xmm0 = AES (\dir = enc) or AES^-1 (dec) of
 * %xmm0 with the schedule at OFF(KEY): the rounds unrolled, AES-128 and
 * AES-192 jumping to the last one, whose key is at OFF + 4 * key_length +
 * 96
 */
.macro	_one_rounds	dir
	mov		AES_KEYLEN_OFFSET(KEY), %eax
.if USE_AVX
	vpxor		OFF(KEY), %xmm0, %xmm0
.else
	movdqu		OFF(KEY), %xmm1
	pxor		%xmm1, %xmm0
.endif
	cmp		$24, %eax
.irp r, 1,2,3,4,5,6,7,8,9
	_one_round	\dir, OFF+16*\r(KEY)
.endr
	jb		.Lone_last\@
	_one_round	\dir, OFF+16*10(KEY)
	_one_round	\dir, OFF+16*11(KEY)
	je		.Lone_last\@
	_one_round	\dir, OFF+16*12(KEY)
	_one_round	\dir, OFF+16*13(KEY)
.Lone_last\@:
	_one_round	\dir\()last, OFF+96(KEY,%rax,4)
.endm

/* One AES round (\op = enc, dec, enclast, declast) of %xmm0 with the key \key */
.macro	_one_round	op, key:vararg
.if USE_AVX
	vaes\op		\key, %xmm0, %xmm0
.else
	movdqu		\key, %xmm1
	aes\op		%xmm1, %xmm0
.endif
.endm

/*
 * _one_block_jcc cc, mode: jump (j\cc) to the _one_block function of \mode
 * for the implementation being generated
 */
.macro	_one_block_jcc	cc, mode
.if USE_AVX
	j\cc		_aes_\mode\()_one_avx
.else
	j\cc		_aes_\mode\()_one_aesni
.endif
.endm

/* CTR, XCTR: LE_CTR_INC = NBLK in the low qword of each lane */
.macro	_set_inc
	_vbroadcast128	.Llane_offsets + 16*NBLK(%rip), LE_CTR_INC
.endm

/* The exported functions of one implementation */
.macro	_mode_funcs	impl
SYM_TYPED_FUNC_START(aes_ecb_encrypt_\impl)
	_aes_mode_crypt	ecb_enc, aes_ecb_encrypt
SYM_FUNC_END(aes_ecb_encrypt_\impl)
SYM_TYPED_FUNC_START(aes_ecb_decrypt_\impl)
	_aes_mode_crypt	ecb_dec, aes_ecb_decrypt
SYM_FUNC_END(aes_ecb_decrypt_\impl)
SYM_TYPED_FUNC_START(aes_cbc_decrypt_\impl)
	_aes_mode_crypt	cbc_dec, aes_cbc_decrypt
SYM_FUNC_END(aes_cbc_decrypt_\impl)
SYM_TYPED_FUNC_START(aes_ctr_crypt_\impl)
	_aes_mode_crypt	ctr, aes_ctr_crypt
SYM_FUNC_END(aes_ctr_crypt_\impl)
SYM_TYPED_FUNC_START(aes_xctr_crypt_\impl)
	_aes_mode_crypt	xctr, aes_xctr_crypt
SYM_FUNC_END(aes_xctr_crypt_\impl)
.endm

/*
 * Serial code (AES-NI + SSE).
 *
 * _serial_keys dir: KEY = the first round key of the schedule for \dir,
 * RNDKEYLAST_PTR = the last one, RNDKEY0/RNDKEYLAST loaded.  Clobbers %rax.
 */
.macro	_serial_keys	dir
	mov		AES_KEYLEN_OFFSET(KEY), %eax
.ifc \dir, enc
	lea		AES_KEY_ENC_OFFSET + 96(KEY,%rax,4), RNDKEYLAST_PTR
	lea		AES_KEY_ENC_OFFSET(KEY), KEY
.else
	lea		AES_KEY_DEC_OFFSET + 96(KEY,%rax,4), RNDKEYLAST_PTR
	lea		AES_KEY_DEC_OFFSET(KEY), KEY
.endif
	movdqu		(KEY), RNDKEY0_XMM
	movdqu		(RNDKEYLAST_PTR), RNDKEYLAST_XMM
.endm

/* _block dir, reg: \reg = AES (\dir = enc) or AES^-1 (dec) of \reg */
.macro	_block	dir, reg
	pxor		RNDKEY0_XMM, \reg
	lea		16(KEY), GTMP0
.Lround\@:
	movdqu		(GTMP0), RNDKEY_XMM
	aes\dir		RNDKEY_XMM, \reg
	add		$16, GTMP0
	cmp		GTMP0, RNDKEYLAST_PTR
	jne		.Lround\@
	aes\dir\()last	RNDKEYLAST_XMM, \reg
.endm

	_set_impl	16, 0, 0

/*
 * void aes_encrypt_block_aesni(const struct crypto_aes_ctx *key,
 *				u8 dst[16], const u8 src[16]);
 * (and aes_decrypt_block_aesni() likewise, with key_dec)
 */
.macro	_aes_block_func	dir
	_serial_keys	\dir
	movdqu		(%rdx), %xmm0
	_block		\dir, %xmm0
	movdqu		%xmm0, (%rsi)
	RET
.endm
SYM_TYPED_FUNC_START(aes_encrypt_block_aesni)
	_aes_block_func	enc
SYM_FUNC_END(aes_encrypt_block_aesni)
SYM_TYPED_FUNC_START(aes_decrypt_block_aesni)
	_aes_block_func	dec
SYM_FUNC_END(aes_decrypt_block_aesni)

/*
 * void aes_cbc_encrypt_aesni(const struct crypto_aes_ctx *key,
 *			      const u8 *src, u8 *dst, unsigned int len,
 *			      u8 iv[16]);
 * C_i = AES(P_i ^ C_(i-1)), C_(-1) = iv; iv = the last C_i on return.
 * The rounds are unrolled in the loop (_rounds_unrolled): a loop over the
 * round keys would add its instructions to every round of this serial
 * chain, and a call to shared code a return to every block (see _rounds).
 */
SYM_TYPED_FUNC_START(aes_cbc_encrypt_aesni)
	mov		AES_KEYLEN_OFFSET(KEY), %eax
	movdqu		AES_KEY_ENC_OFFSET + 96(KEY,%rax,4), RNDKEYLAST_XMM
	lea		AES_KEY_ENC_OFFSET + 128(KEY), KEY
	movdqu		-128(KEY), RNDKEY0_XMM
	movdqu		(IV_PTR), %xmm0
	sub		$16, LEN32
	jb		.Lcbc_enc_done
.Lcbc_enc_loop:
	movdqu		(SRC), %xmm1
	pxor		%xmm1, %xmm0
	pxor		RNDKEY0_XMM, %xmm0
	_rounds_unrolled enc, 1
	movdqu		%xmm0, (DST)
	add		$16, SRC
	add		$16, DST
	sub		$16, LEN32
	jae		.Lcbc_enc_loop
.Lcbc_enc_done:
	movdqu		%xmm0, (IV_PTR)
	RET
SYM_FUNC_END(aes_cbc_encrypt_aesni)

/*
 * void aes_cts_cbc_{en,de}crypt_aesni(const struct crypto_aes_ctx *key,
 *				       const u8 *src, u8 *dst,
 *				       unsigned int len, u8 iv[16]);
 *
 * The last 16 < len <= 32 bytes of a CBC-CS3 message: a full block and d =
 * len - 16 (1..16) bytes after it, chained from iv (which is not written).
 *
 * Encryption: E = AES(P_(n-1) ^ iv); the output is AES(E ^ (P_n || 0s))
 * followed by the first d bytes of E.
 * Decryption: D = AES^-1(C_(n-1)) = E ^ (P_n || 0s), so P_n = the first d
 * bytes of D ^ C_n, and E = C_n followed by the last 16 - d bytes of D;
 * then P_(n-1) = AES^-1(E) ^ iv.
 *
 * The d-byte part is read as the last 16 bytes of the input (which overlap
 * the full block when d < 16) and moved down with pshufb; the d-byte output
 * is moved up and written as the last 16 bytes of the output, whose first
 * 16 - d bytes are then overwritten by the full block.  So no byte outside
 * the message is touched, and everything is read before anything is
 * written.
 *
 * %xmm0: the full block's data, %xmm1: the d-byte part, %xmm2/%xmm3: shift
 * masks, %xmm4: temporary.
 */
.macro	_cts_masks
	lea		-16(LEN), %r11			/* d */
	lea		.Lcts_shuf+32(%rip), %rax
	sub		%r11, %rax
	movdqu		(%rax), %xmm2			/* down by 16 - d */
	lea		.Lcts_shuf(%rip), %rax
	movdqu		(%rax,%r11), %xmm3		/* up by 16 - d */
	movdqu		(SRC), %xmm0
	movdqu		-16(SRC,LEN), %xmm1
	pshufb		%xmm2, %xmm1			/* the d bytes, then 0s */
.endm

SYM_TYPED_FUNC_START(aes_cts_cbc_encrypt_aesni)
	mov		LEN32, LEN32
	_serial_keys	enc
	_cts_masks
	movdqu		(IV_PTR), %xmm4
	pxor		%xmm4, %xmm0
	_block		enc, %xmm0			/* E */
	pxor		%xmm0, %xmm1
	_block		enc, %xmm1			/* the full output block */
	pshufb		%xmm3, %xmm0
	movdqu		%xmm0, -16(DST,LEN)		/* E's first d bytes */
	movdqu		%xmm1, (DST)
	RET
SYM_FUNC_END(aes_cts_cbc_encrypt_aesni)

SYM_TYPED_FUNC_START(aes_cts_cbc_decrypt_aesni)
	mov		LEN32, LEN32
	_serial_keys	dec
	_cts_masks
	_block		dec, %xmm0			/* D */
	lea		.Lcts_himask+16(%rip), %rax
	sub		%r11, %rax
	movdqu		(%rax), %xmm4			/* bytes d..15 */
	pand		%xmm0, %xmm4
	pxor		%xmm1, %xmm0			/* P_n, then D's last bytes */
	por		%xmm4, %xmm1			/* E */
	_block		dec, %xmm1
	movdqu		(IV_PTR), %xmm4
	pxor		%xmm4, %xmm1			/* P_(n-1) */
	pshufb		%xmm3, %xmm0
	movdqu		%xmm0, -16(DST,LEN)		/* P_n */
	movdqu		%xmm1, (DST)
	RET
SYM_FUNC_END(aes_cts_cbc_decrypt_aesni)

.irp mode, ecb_enc, ecb_dec, cbc_dec, ctr, xctr
	_one_block	\mode
.endr
	_mode_funcs	aesni
	_set_impl	16, 1, 0
.irp mode, ecb_enc, ecb_dec, cbc_dec, ctr, xctr
	_one_block	\mode
.endr
	_mode_funcs	aesni_avx
#if AESNI_INTEL_VAES	/* an assembler that knows VAES and AVX-512 */
	_set_impl	32, 1, 0
	_mode_funcs	vaes_avx2
	_set_impl	32, 1, 1
	_mode_funcs	vaes_avx10_256
	_set_impl	64, 1, 1
	_mode_funcs	vaes_avx10_512
#endif
