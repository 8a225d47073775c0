/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Entry of the bare-metal test image: from Multiboot (v1) to 64-bit C.
 *
 * isolinux's mboot.c32 loads the image (an ELF64 link at 1 MiB converted to
 * elf32-i386) and jumps to _start in 32-bit protected mode, paging off, with
 * EAX = the Multiboot magic and EBX = the Multiboot info block.  We
 *
 *   1. save EAX/EBX in .data (the BSS is cleared next),
 *   2. clear the BSS,
 *   3. identity-map the first 1 GiB with 2 MiB pages (PML4 -> PDPT -> PD),
 *   4. enable PAE + SSE (CR4.OSFXSR, OSXMMEXCPT), EFER.LME, then paging,
 *   5. far-jump into a 64-bit code segment of our own GDT,
 *   6. call emu_main(magic, info), which never returns.
 *
 * XSAVE state (AVX, AVX-512) is enabled from C, after CPUID says it exists,
 * so that the image also runs, with implementations skipped, on CPU models
 * without it.  The exception stubs at the end give emu_exception() a frame
 * with the vector number and an error code for every vector.
 */

#define MB_MAGIC	0x1badb002
#define MB_FLAGS	0x00000003	/* page-aligned modules, memory info */

#define CR0_PE		(1 << 0)
#define CR0_MP		(1 << 1)
#define CR0_NE		(1 << 5)
#define CR0_PG		(1 << 31)
#define CR4_PAE		(1 << 5)
#define CR4_OSFXSR	(1 << 9)
#define CR4_OSXMMEXCPT	(1 << 10)
#define MSR_EFER	0xc0000080
#define EFER_LME	(1 << 8)

#define PTE_P		0x001
#define PTE_W		0x002
#define PTE_PS		0x080		/* 2 MiB page in a PD entry */

#define STACK_SIZE	(256 * 1024)

	.section .multiboot, "a"
	.p2align 2
	.long	MB_MAGIC
	.long	MB_FLAGS
	.long	-(MB_MAGIC + MB_FLAGS)

	.section .data
	.p2align 3
mb_magic:	.long 0
mb_info:	.long 0

	.p2align 3
gdt:
	.quad	0
	.quad	0x00af9a000000ffff	/* 0x08: 64-bit code, DPL 0 */
	.quad	0x00cf92000000ffff	/* 0x10: data */
gdt_end:
gdt_ptr:
	.word	gdt_end - gdt - 1
	.quad	gdt

	.section .bss
	.p2align 12
	.globl	emu_pml4, emu_pdpt, emu_pd
emu_pml4:	.skip 4096
emu_pdpt:	.skip 4096
emu_pd:		.skip 4096		/* 512 x 2 MiB: 0 .. 1 GiB */
	.p2align 6
stack:		.skip STACK_SIZE
stack_top:

	.section .text.boot, "ax"
	.code32
	.globl	_start
_start:
	cli
	cld
	movl	%eax, mb_magic
	movl	%ebx, mb_info
	movl	$stack_top, %esp

	/* Clear the BSS (the loader may not have). */
	movl	$__bss_start, %edi
	movl	$__bss_end, %ecx
	subl	%edi, %ecx
	xorl	%eax, %eax
	rep stosb

	/* Page tables: identity map of 0 .. 1 GiB. */
	movl	$emu_pdpt + (PTE_P | PTE_W), emu_pml4
	movl	$emu_pd + (PTE_P | PTE_W), emu_pdpt
	movl	$emu_pd, %edi
	movl	$(PTE_P | PTE_W | PTE_PS), %eax
	movl	$512, %ecx
1:	movl	%eax, (%edi)
	addl	$(2 << 20), %eax
	addl	$8, %edi
	loop	1b

	movl	$emu_pml4, %eax
	movl	%eax, %cr3
	movl	$(CR4_PAE | CR4_OSFXSR | CR4_OSXMMEXCPT), %eax
	movl	%eax, %cr4
	movl	$MSR_EFER, %ecx
	rdmsr
	orl	$EFER_LME, %eax
	wrmsr
	movl	$(CR0_PG | CR0_NE | CR0_MP | CR0_PE), %eax
	movl	%eax, %cr0

	lgdt	gdt_ptr
	ljmp	$0x08, $long_mode

	.code64
long_mode:
	movl	$0x10, %eax
	movl	%eax, %ds
	movl	%eax, %es
	movl	%eax, %ss
	movl	%eax, %fs
	movl	%eax, %gs
	movq	$stack_top, %rsp
	movl	mb_magic, %edi
	movl	mb_info, %esi
	call	emu_main
	.globl	emu_halt
emu_halt:
	cli
	hlt
	jmp	emu_halt

/*
 * Exception stubs, one per vector 0..31: push a zero error code where the
 * CPU pushes none, then the vector, and call emu_exception(frame) on an
 * aligned stack.  It prints the fault and ends the run.
 */
	.text
	.p2align 4
exc_common:
	movq	%rsp, %rdi
	andq	$-16, %rsp
	call	emu_exception
	jmp	emu_halt

	.section .rodata
	.p2align 3
	.globl	emu_exc_stubs
emu_exc_stubs:
	.text
	.set	vec, 0
	.rept	32
	.p2align 4
1:
	.if !(vec == 8 || (vec >= 10 && vec <= 14) || vec == 17 || vec == 21 || vec == 29 || vec == 30)
	pushq	$0
	.endif
	pushq	$vec
	jmp	exc_common
	.section .rodata
	.quad	1b
	.text
	.set	vec, vec + 1
	.endr

	.section .note.GNU-stack, "", @progbits
