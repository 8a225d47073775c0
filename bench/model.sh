#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# bench/model.sh: llvm-mca-19's cycles for one steady-state iteration of
# each implementation's main loop, ours beside Linux 6.12's, on the CPU
# models sapphirerapids, znver3 and znver4, so that a main-loop change
# measured on one vendor is checked against the other before it lands.
#
# loopcut.py cuts the loop out of the object files that bench/Makefile
# builds (ours, and Linux's from linux-source-6.12): it runs the function on
# a model of the general-purpose registers with a MODEL_LEN-byte message, so
# the cut follows the key-length dispatch, rolled round loops and calls the
# way the CPU does, and it counts the bytes per iteration (16 per block
# through a last AES round).  Figures are cycles per 16 bytes (cycles per
# iteration * 16 / bytes per iteration); x = linux / ours, above 1 where
# ours is predicted faster.
# The cut loops are left in build/bench/model/ for llvm-mca's full report.
# n/a: the CPU model cannot run that implementation (znver3: no AVX-512).
# It is a model, to compare two loops on one CPU, not to predict MB/s; in
# particular llvm-mca-19's znver4 gives zmm instructions the throughput of
# ymm ones, while Zen 4 splits them in two, so its vaes_avx10_512 figures
# are optimistic (measured, 512-bit and 256-bit loops run alike there).
#
# XTS vaes_avx2, vaes_avx10_256 and vaes_avx10_512 have two main loops
# (aes-xts-avx-x86_64.S, "Vendor forms"): the byte form, cut by falling
# through the branch on aes_xts_amd_tweaks (unknown to loopcut.py), and
# the AMD form (rows vaes_avx2_packed and *_qword), cut with "take"; so
# has GCM vaes_avx10_512 (aes-gcm-avx10-x86_64.S, _main_loop_4x): the
# powers of H in registers, and from memory (the AMD form, row
# vaes_avx10_512_mem, the branch on aes_gcm_amd_form taken).  The glue
# runs the AMD form on AMD (znver3, znver4), the other on Intel: a CPU
# model's x for the form the glue does not run there is shown in
# parentheses.
#
# usage: bench/model.sh [FILTER]   (substring of "mode impl", e.g. xts-enc)
#   MODEL_KEYS="16 24 32"  key sizes in bytes (default "16 32")
#   MODEL_CPUS="..."       llvm-mca CPU models
#   MODEL_LEN=4096         message length the loop is cut from
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
out=$root/build/bench
filter=${1:-}
keys=${MODEL_KEYS:-16 32}
cpus=${MODEL_CPUS:-sapphirerapids znver3 znver4}
len=${MODEL_LEN:-4096}
mca=${LLVM_MCA:-llvm-mca-19}

command -v "$mca" >/dev/null || { echo "model.sh: $mca not found (Debian package llvm-19)"; exit 1; }
echo "model.sh: building the objects (bench/Makefile objs, plain RET: the loops have none)"
nice -n 10 make -s -C "$here" BENCH_RET=ret objs >/dev/null
mkdir -p "$out/model"

# Objects, by the short names the table uses.
obj() {
	case $1 in
	xts) echo "$out/ours/aes-xts-avx-x86_64.o" ;;
	gcm10) echo "$out/ours/aes-gcm-avx10-x86_64.o" ;;
	gcm2) echo "$out/ours/aes-gcm-vaes-avx2-x86_64.o" ;;
	gcmni) echo "$out/ours/aes-gcm-aesni-x86_64.o" ;;
	modes) echo "$out/ours/aes-modes-x86_64.o" ;;
	Lxts) echo "$out/linux/aes-xts-avx-x86_64.o" ;;
	Lgcm10) echo "$out/linux/aes-gcm-avx10-x86_64.o" ;;
	Lgcmni) echo "$out/linux/aes-gcm-aesni-x86_64.o" ;;
	Lasm) echo "$out/linux/aesni-intel_asm.o" ;;
	Lctr) echo "$out/linux/aes_ctrby8_avx-x86_64.o" ;;
	esac
}

# One contender: OBJ:SYMBOL:KEYARG:LENARG[:take] with %K = key bits.
# Prints "BYTES_PER_ITERATION CYCLES_FOR_100_ITERATIONS..." (one per CPU model),
# or "-" when there is no peer, or "missing" when the symbol is not built.
model() {
	spec=$1 kb=$2 tag=$3
	[ "$spec" = - ] && { echo -; return; }
	IFS=: read -r o sym karg larg guess <<EOF
$spec
EOF
	sym=$(echo "$sym" | sed "s/%K/$((kb * 8))/")
	file=$(obj "$o")
	if [ ! -f "$file" ] || ! nm "$file" | grep -q " T $sym\$"; then
		echo missing
		return
	fi
	s=$out/model/$sym-$((kb * 8))${guess:+-$guess}.s
	if ! python3 "$here/loopcut.py" "$file" "$sym" "$karg" "$larg" "$kb" \
		"$len" 1 "${guess:-fall}" >"$s" 2>"$s.err"; then
		echo "model.sh: $sym: $(cat "$s.err")" >&2
		echo missing
		return
	fi
	bytes=$(sed -n '1s/.*: \([0-9]*\) bytes per iteration.*/\1/p' "$s")
	if grep -q 'ROUNDS' "$s"; then
		echo "model.sh: $sym: $(sed -n '1s/.*ROUNDS/AES rounds in the cut/p' "$s") expected" >&2
		echo missing
		return
	fi
	res=$bytes
	for c in $cpus; do
		# Zen 3 has no AVX-512: it runs none of the EVEX implementations
		case $c:$sym in znver3:*avx10*) res="$res 0"; continue ;; esac
		cyc=$("$mca" -mtriple=x86_64 -mcpu="$c" -iterations=100 "$s" 2>&1 |
			sed -n 's/^Total Cycles: *//p')
		res="$res ${cyc:-0}"
	done
	echo "$res"
}

# mode     impl            ours                                   linux 6.12
table() {
	cat <<'EOF'
xts-enc    aesni           xts:aes_xts_encrypt_aesni:1:4          Lasm:linux_aesni_xts_enc:1:4
xts-enc    aesni_avx       xts:aes_xts_encrypt_aesni_avx:1:4      Lxts:linux_aes_xts_encrypt_aesni_avx:1:4
xts-enc    vaes_avx2       xts:aes_xts_encrypt_vaes_avx2:1:4      Lxts:linux_aes_xts_encrypt_vaes_avx2:1:4
xts-enc    vaes_avx2_packed xts:aes_xts_encrypt_vaes_avx2:1:4:take Lxts:linux_aes_xts_encrypt_vaes_avx2:1:4
xts-enc    vaes_avx10_256  xts:aes_xts_encrypt_vaes_avx10_256:1:4 Lxts:linux_aes_xts_encrypt_vaes_avx10_256:1:4
xts-enc    vaes_avx10_256_qword xts:aes_xts_encrypt_vaes_avx10_256:1:4:take Lxts:linux_aes_xts_encrypt_vaes_avx10_256:1:4
xts-enc    vaes_avx10_512  xts:aes_xts_encrypt_vaes_avx10_512:1:4 Lxts:linux_aes_xts_encrypt_vaes_avx10_512:1:4
xts-enc    vaes_avx10_512_qword xts:aes_xts_encrypt_vaes_avx10_512:1:4:take Lxts:linux_aes_xts_encrypt_vaes_avx10_512:1:4
xts-dec    aesni           xts:aes_xts_decrypt_aesni:1:4          Lasm:linux_aesni_xts_dec:1:4
xts-dec    aesni_avx       xts:aes_xts_decrypt_aesni_avx:1:4      Lxts:linux_aes_xts_decrypt_aesni_avx:1:4
xts-dec    vaes_avx2       xts:aes_xts_decrypt_vaes_avx2:1:4      Lxts:linux_aes_xts_decrypt_vaes_avx2:1:4
xts-dec    vaes_avx2_packed xts:aes_xts_decrypt_vaes_avx2:1:4:take Lxts:linux_aes_xts_decrypt_vaes_avx2:1:4
xts-dec    vaes_avx10_256  xts:aes_xts_decrypt_vaes_avx10_256:1:4 Lxts:linux_aes_xts_decrypt_vaes_avx10_256:1:4
xts-dec    vaes_avx10_256_qword xts:aes_xts_decrypt_vaes_avx10_256:1:4:take Lxts:linux_aes_xts_decrypt_vaes_avx10_256:1:4
xts-dec    vaes_avx10_512  xts:aes_xts_decrypt_vaes_avx10_512:1:4 Lxts:linux_aes_xts_decrypt_vaes_avx10_512:1:4
xts-dec    vaes_avx10_512_qword xts:aes_xts_decrypt_vaes_avx10_512:1:4:take Lxts:linux_aes_xts_decrypt_vaes_avx10_512:1:4
gcm-enc    aesni           gcmni:aes_gcm_enc_update_aesni:1:6     Lgcmni:linux_aes_gcm_enc_update_aesni:1:6
gcm-enc    aesni_avx       gcmni:aes_gcm_enc_update_aesni_avx:1:6 Lgcmni:linux_aes_gcm_enc_update_aesni_avx:1:6
gcm-enc    vaes_avx2       gcm2:aes_gcm_enc_update_vaes_avx2:1:6  Lgcmni:linux_aes_gcm_enc_update_aesni_avx:1:6
gcm-enc    vaes_avx10_256  gcm10:aes_gcm_enc_update_vaes_avx10_256:1:6 Lgcm10:linux_aes_gcm_enc_update_vaes_avx10_256:1:6
gcm-enc    vaes_avx10_512  gcm10:aes_gcm_enc_update_vaes_avx10_512:1:6 Lgcm10:linux_aes_gcm_enc_update_vaes_avx10_512:1:6
gcm-enc    vaes_avx10_512_mem gcm10:aes_gcm_enc_update_vaes_avx10_512:1:6:take Lgcm10:linux_aes_gcm_enc_update_vaes_avx10_512:1:6
gcm-dec    aesni           gcmni:aes_gcm_dec_update_aesni:1:6     Lgcmni:linux_aes_gcm_dec_update_aesni:1:6
gcm-dec    aesni_avx       gcmni:aes_gcm_dec_update_aesni_avx:1:6 Lgcmni:linux_aes_gcm_dec_update_aesni_avx:1:6
gcm-dec    vaes_avx2       gcm2:aes_gcm_dec_update_vaes_avx2:1:6  Lgcmni:linux_aes_gcm_dec_update_aesni_avx:1:6
gcm-dec    vaes_avx10_256  gcm10:aes_gcm_dec_update_vaes_avx10_256:1:6 Lgcm10:linux_aes_gcm_dec_update_vaes_avx10_256:1:6
gcm-dec    vaes_avx10_512  gcm10:aes_gcm_dec_update_vaes_avx10_512:1:6 Lgcm10:linux_aes_gcm_dec_update_vaes_avx10_512:1:6
gcm-dec    vaes_avx10_512_mem gcm10:aes_gcm_dec_update_vaes_avx10_512:1:6:take Lgcm10:linux_aes_gcm_dec_update_vaes_avx10_512:1:6
cbc-enc    aesni           modes:aes_cbc_encrypt_aesni:1:4        Lasm:linux_aesni_cbc_enc:1:4
EOF
	for impl in aesni aesni_avx vaes_avx2 vaes_avx10_256 vaes_avx10_512; do
		if [ $impl = aesni ]; then
			ctr=Lasm:linux_aesni_ctr_enc:1:4 xctr=-
		else
			ctr=Lctr:linux_aes_ctr_enc_%K_avx_by8:3:5:take
			xctr=Lctr:linux_aes_xctr_enc_%K_avx_by8:3:5:take
		fi
		echo "ecb-enc $impl modes:aes_ecb_encrypt_$impl:1:4 Lasm:linux_aesni_ecb_enc:1:4"
		echo "ecb-dec $impl modes:aes_ecb_decrypt_$impl:1:4 Lasm:linux_aesni_ecb_dec:1:4"
		echo "cbc-dec $impl modes:aes_cbc_decrypt_$impl:1:4 Lasm:linux_aesni_cbc_dec:1:4"
		echo "ctr $impl modes:aes_ctr_crypt_$impl:1:4 $ctr"
		echo "xctr $impl modes:aes_xctr_crypt_$impl:1:4 $xctr"
	done
}

printf 'llvm-mca-19 cycles per 16 bytes, one steady-state main-loop iteration (%s-byte message);\n' "$len"
printf 'B/it = bytes per iteration, ours/linux; x = linux / ours (> 1: ours predicted faster)\n\n'
printf '(x) = a form the glue does not run on that CPU (the AMD form, XTS _packed or _qword and GCM _mem, on\n'
printf 'sapphirerapids, the other form of those rows on znver*)\n\n'
printf '%-8s %-20s %-4s %-8s' mode impl key B/it
for c in $cpus; do printf ' | %-20s' "$c"; done
printf '\n%-43s' ''
for c in $cpus; do printf ' | %6s %6s %6s' ours linux x; done
printf '\n'
table | while read -r mode impl ours linux; do
	case "$mode $impl" in *"$filter"*) ;; *) continue ;; esac
	for kb in $keys; do
		o=$(model "$ours" "$kb" ours)
		l=$(model "$linux" "$kb" linux)
		if [ "$o" = missing ]; then
			printf '%-8s %-20s      not built yet\n' "$mode" "$impl"
			break
		fi
		echo "$o | $l" | awk -v m="$mode" -v i="$impl" -v k=$((kb * 8)) \
			-v cpus="$cpus" '
		{
			split(cpus, cpu, " ");
			split($0, h, "|"); no = split(h[1], o, " ");
			nl = split(h[2], l, " ");
			peer = nl > 1;
			printf "%-8s %-20s %-4s %-8s", m, i, k,
				o[1] "/" (peer ? l[1] : "-");
			for (j = 2; j <= no; j++) {
				if (o[j] == 0) {
					printf " | %6s %6s %6s", "n/a", "", "";
					continue;
				}
				co = o[j] / 100 * 16 / o[1];
				if (peer) {
					cl = l[j] / 100 * 16 / l[1];
					# VAES XTS, GCM zmm: the form the glue runs there
					amd = cpu[j - 1] ~ /^znver/;
					two = m ~ /^xts/ && i ~ /^vaes_avx/ ||
					      m ~ /^gcm/ && i ~ /^vaes_avx10_512/;
					off = two && (i ~ /_(qword|packed|mem)$/) != amd;
					x = sprintf(off ? "(%.2f)" : "%.2f", cl / co);
					printf " | %6.2f %6.2f %6s", co, cl, x;
				} else {
					printf " | %6.2f %6s %6s", co, "-", "-";
				}
			}
			printf "\n";
		}'
	done
done
