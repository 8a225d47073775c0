#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# make check-vm: our aesni-intel.ko in Debian's own kernels.
#   QEMU TCG, 6.12 and 6.1 (aesni and aesni_avx paths): the kernel's
#     self-tests and priorities, AF_ALG against OpenSSL, bad input, dm-crypt
#     (plain and LUKS2), IPsec ESP between two netns, 10 reloads, dmesg.
#   Bochs tigerlake, 6.12 (vaes_avx2, avx10_256, avx10_512 paths):
#     self-tests, priorities with the zmm exclusion, AF_ALG against OpenSSL,
#     dm-crypt and IPsec on the avx10_256 and avx10_512 drivers.
#   "lib" (vm/gcm-lib-vm.sh): the AES-GCM library's exports, the demo module
#     in 6.12 and 6.1, per-record cost crypto_aead vs library (-icount).
#   Soak, QEMU TCG with 4 vCPUs, 6.12 (vm/soak.sh): dm-crypt XTS and GCM,
#     IPsec v4/v6 transport/tunnel, AF_ALG, FPU load, cryptd, all at once.
# Every check prints PASS/FAIL/SKIPPED; the last line counts them.  Logs:
# build/vm/console-*.log (with the guest's whole dmesg), results.txt.
#   AESNI_VM_SEED=N         the random test data of an earlier run again
#   AESNI_VM_KERNELS="6.1"  a subset of "6.12 6.1 bochs lib soak"
#   AESNI_VM_DEBIAN_MODULE=1  control run of the rig with Debian's module
set -eu
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/soak.sh"
. "$(dirname "$0")/bochs-users.sh"

results=$OUT/results.txt
: > "$results"
result() { echo "$*" | tee -a "$results"; }
elapsed() { echo "$(($(date +%s) - $1))s"; }

build_tools
make_data full 100
make_data small 40

# qemu_check SERIES: build for, boot and check one kernel series
qemu_check() {
	local kver ko t0 log
	t0=$(date +%s)
	if ! kver=$(kernel_version "$1"); then
		result "SKIPPED $1: no Debian linux-image/linux-headers $1 installed"
		return
	fi
	if ! ko=$(build_module "$kver"); then
		result "FAIL $kver: aesni-intel.ko does not build (build/vm/mod-$kver/build.log)"
		return
	fi
	make_initramfs "initrd-$1" "$kver" "$ko" full
	log=$OUT/console-qemu-$1.log
	run_qemu "$kver" "$OUT/initrd-$1.cpio.gz" check "$log" 600 |
		grep -v "^GUEST-DONE$" | sed "s/^\(PASS\|FAIL\|SKIPPED\) /\1 $1 /" | tee -a "$results" || true
	if ! grep -q 'vm| GUEST-DONE' "$log"; then
		result "FAIL $kver: the VM did not finish (crash or timeout): tail of ${log#"$REPO"/}:"
		tail -n 30 "$log"
	fi
	say "QEMU $kver took $(elapsed "$t0")"
}

bochs_check() {
	local kver ko t0 log=$OUT/console-bochs.log
	t0=$(date +%s)
	if ! command -v bochs > /dev/null; then
		result "SKIPPED bochs: bochs not installed (VAES/AVX10 paths untested)"
		return
	fi
	kver=$(kernel_version 6.12) || { result "SKIPPED bochs: no 6.12 kernel"; return; }
	ko=$(build_module "$kver") || { result "FAIL bochs: aesni-intel.ko does not build"; return; }
	make_initramfs initrd-bochs "$kver" "$ko" small
	bochs_users_initramfs "$kver" "$OUT/initrd-bochs.cpio.gz"
	run_bochs "$kver" "$OUT/initrd-bochs.cpio.gz" bochs "$log" 900 |
		grep -v "^GUEST-DONE$" | sed "s/^\(PASS\|FAIL\|SKIPPED\) /\1 bochs /" | tee -a "$results" || true
	if ! grep -q 'vm| GUEST-DONE' "$log"; then
		result "FAIL bochs: the VM did not finish (crash or timeout): tail of ${log#"$REPO"/}:"
		tail -n 30 "$log"
	fi
	say "Bochs took $(elapsed "$t0")"
}

t0=$(date +%s)
for series in ${AESNI_VM_KERNELS:-6.12 6.1 bochs lib soak}; do
	case $series in
	bochs) bochs_check ;;
	lib) . "$VMDIR/gcm-lib-vm.sh"; gcm_lib_check ;;
	soak) soak_check ;;
	*) qemu_check "$series" ;;
	esac
done
passed=$(grep -c '^PASS' "$results" || true)
failed=$(grep -c '^FAIL' "$results" || true)
skipped=$(grep -c '^SKIPPED' "$results" || true)
echo "check-vm: $passed passed, $failed failed, $skipped skipped in $(elapsed "$t0")"
[ "$failed" = 0 ] && [ "$passed" -gt 0 ]
