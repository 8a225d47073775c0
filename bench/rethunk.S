/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The return of a kernel that mitigates SRSO with "Safe RET", the default
 * on AMD family 0x17 and 0x19 (Zen 1 to Zen 4) when no other mitigation is
 * chosen: every RET of kernel code, ours and Linux's assembly alike, is a
 * jump to a return thunk.  The thunk calls a stub, which drops that call's
 * return address and returns: the return stack predicts the address after
 * the call, the stack holds the caller's, so every such return is
 * mispredicted, on purpose (the speculation runs into the ud2).
 *
 * The benchmark built with BENCH_RET=thunk (bench/Makefile) times the
 * assembly of both sides with RET defined as a jump here
 * (tests/compat/linux/linkage.h), so that a call to a local function costs
 * what it costs in such a kernel.
 */
	.text
	.p2align	6
	.globl		bench_return_thunk
	.type		bench_return_thunk, @function
bench_return_thunk:
	call		.Lsafe_ret
	ud2
.Lsafe_ret:
	lea		8(%rsp), %rsp
	ret
	int3
	.size		bench_return_thunk, . - bench_return_thunk
	.section	.note.GNU-stack, "", @progbits
