#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Shows that the tests of aes-modes-x86_64.S can fail: each mutation below
# changes one instruction of a throw-away copy of the repository, whose
# user-space rig (tests/user, OpenSSL + C model) and bare-metal rig (emu/,
# Bochs tigerlake: all five implementations) must then report FAIL.
#
#   tests/prove-modes-fail.sh            both rigs
#   RIGS=user tests/prove-modes-fail.sh  one of them (user or emu)
#
# Not part of make check (about a minute per mutation and rig).  Ends with
# "N passed, N failed": a mutation that a rig does not catch is a failure.
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
rigs=${RIGS:-user emu}
tmp=$(mktemp -d /tmp/aesni-modes-mutants.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
S=aes-modes-x86_64.S

# name|sed expression on aes-modes-x86_64.S (each changes one instruction)
mutations='
ecb (and cbc): whole vectors miss the first AddRoundKey|s/^\t_vpxor\t\t\\i\*W(SRC), RNDKEY0\\sfx, AESDATA\\i\\sfx$/\t_vmovdqu\t\\i*W(SRC), AESDATA\\i\\sfx/
cbc decryption: vectors XORed with their own ciphertext, not the one before|s/^\t_xor_mem\t\\i\*W-16(SRC), AESDATA\\i\\sfx, TMP0_XMM$/\t_xor_mem\t\\i*W(SRC), AESDATA\\i\\sfx, TMP0_XMM/
cbc encryption: the chaining value is not XORed in|s/^\tpxor\t\t%xmm1, %xmm0$/\tmovdqa\t\t%xmm1, %xmm0/
cts decryption: the stolen bytes are taken from the wrong block|s/^\tpand\t\t%xmm0, %xmm4$/\tpand\t\t%xmm1, %xmm4/
ctr: no carry into the high 64 bits where the low 64 bits wrap|s/^\tadd\t\t\$1, CTR_HI\t/\tadd\t\t$0, CTR_HI\t/
ctr: a carry out of the low 64 bits is ignored|s/^\tjc\t\t\\carry$/\tnop/
xctr: the IV is not whitened with the first round key|s/^\t_vpxor\t\tRNDKEY0, IVK, IVK$/\t_vmovdqa\tIVK, IVK/
ctr/xctr partial block: keystream bytes 8-15 lost|s/^\tmov\t\t%r11, %rax$/\tnop/
xmm remainder: a group stores one whole block fewer than the length has|s/^\tcmp\t\t\$16\*\\i+16, LEN$/\tcmp\t\t$16*\\i+32, LEN/
avx10 tail: the byte mask covers the whole vector|s/^\tbzhi\t\tLEN, %rax, %rax$/\tnot\t\t%rax/
one-block path: a 16-byte CTR call loses the carry into the high 64 bits|s/^\tadc\t\t\$0, %rax$/\tadd\t\t$0, %rax/
one-block path: AES-128 ends with a middle round|s/^1:\tvaes\\dir\\()last\tOFF+16\*10(KEY), %xmm0, %xmm0$/1:\tvaes\\dir\t\tOFF+16*10(KEY), %xmm0, %xmm0/
one-block path, aesni: the last round key is the one before it|s/^\tmovdqu\t\tOFF + 96(KEY,%rax,4), RNDKEYLAST_XMM$/\tmovdqu\t\tOFF + 80(KEY,%rax,4), RNDKEYLAST_XMM/
single block: the last round is a middle round|s/^\taes\\dir\\()last\tRNDKEYLAST_XMM, \\reg$/\taes\\dir\t\tRNDKEYLAST_XMM, \\reg/
vaes_avx10_512 under 64 bytes: every mode handed to ECB encryption|s/^\tjb\t\t\\func\\()_vaes_avx10_256\t/\tjb\t\taes_ecb_encrypt_vaes_avx10_256\t/
xmm ecb/cbc group of 4: the last lane stored one block early|s/AESDATA\\i, -16(DST,LEN)$/AESDATA\\i, -32(DST,LEN)/
xmm cbc, kept ciphertext: block 2 XORed with itself|s/^\t.set\tCIPHER_BEFORE2, CIPHER1$/\t.set\tCIPHER_BEFORE2, CIPHER2/
cbc with len 0: a block is processed anyway|s/^\tjb\t\t.Lone_done\\@\t/\tnop\t\t\t/
iv/counter load: the high qword read from the low one|s/\$1, 8(IV_PTR), \\xmm/$1, (IV_PTR), \\xmm/
ctr, a final group of whole blocks: the second segment (after a 2^64 wrap) skipped|s/^\tjnz\t\t\\part$/\tnop/
xmm cbc: a kept ciphertext block not folded into the last round key|s/^\t_vpxor\t\tRNDKEYLAST, CIPHER\\i, CIPHER\\i$/\tnop/
ecb decryption, xmm: the last round left out|s/^\.if !MODE_CBC || VL > 16$/.if VL > 16/
one-block path, aesni decryption: the last round left out|s/^\taesdeclast\tRNDKEYLAST_XMM, %xmm0\t/\tnop\t\t\t/
'

run_rig() {		# run_rig RIG COPY LOG: 0 if the rig passed
	case $1 in
	user)	make -s -C "$2/tests/user" > /dev/null &&
		SEED=1 CASES=${MUT_CASES:-300} MAXLEN=8192 \
		WYCHEPROOF_TXT=/nonexistent "$2/build/user/aesni-intel-tests" ;;
	emu)	EMU_SEED=1 EMU_CASES=${MUT_EMU_CASES:-20} EMU_EXHAUSTIVE=160 \
		"$2/emu/run-tests.sh" ;;
	esac > "$3" 2>&1
}

caught=0 missed=0
while IFS='|' read -r name expr; do
	[ -n "$name" ] || continue
	copy=$tmp/copy
	rm -rf "$copy"; mkdir -p "$copy"
	(cd "$repo" && git ls-files | cpio -pdm --quiet "$copy")
	sed -i "$expr" "$copy/$S"
	if cmp -s "$repo/$S" "$copy/$S"; then
		echo "mutation '$name': did not apply"; missed=$((missed + 1))
		continue
	fi
	for rig in $rigs; do
		if run_rig "$rig" "$copy" "$tmp/log"; then
			echo "mutation '$name', $rig rig: MISSED (it passed)"
			missed=$((missed + 1))
		else
			echo "mutation '$name', $rig rig: caught"
			{ grep -E 'FAIL|CRASH' "$tmp/log" | head -n 2
			  tail -n 1 "$tmp/log"; } | cut -c1-150 | sed 's/^/    /'
			caught=$((caught + 1))
		fi
	done
done <<< "$mutations"
echo "$caught passed, $missed failed"
[ "$missed" = 0 ]
