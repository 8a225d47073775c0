#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# make run: build aesni-intel.ko for Debian's 6.12 kernel, boot a throw-away
# QEMU VM with it and print what it does there: which drivers serve AES-GCM
# and AES-XTS, the self-tests, a LUKS2 volume and an IPsec tunnel.  The
# report is also written to build/vm/demo-report.txt.
set -eu
. "$(dirname "$0")/lib.sh"

t0=$(date +%s)
kver=$(kernel_version 6.12) ||
	die "no Debian linux-image + linux-headers 6.12 installed (make deps)"
ko=$(build_module "$kver") || die "aesni-intel.ko does not build"
build_tools
make_data full 2
make_initramfs initrd-demo "$kver" "$ko" full
report=$OUT/demo-report.txt
{
	echo "aesni-intel demo: $(date -u '+%Y-%m-%d %H:%M UTC'), QEMU TCG -cpu max"
	echo "(TCG offers AES-NI, AVX, AVX2, VAES but no VPCLMULQDQ or AVX-512:"
	echo " the aesni and aesni_avx implementations run here)"
	echo
	run_qemu "$kver" "$OUT/initrd-demo.cpio.gz" demo "$OUT/console-demo.log" 300 |
		grep -v '^GUEST-DONE'
	echo
	echo "Whole demo (build, boot, report): $(($(date +%s) - t0)) s"
} | tee "$report"
grep -q 'vm| GUEST-DONE' "$OUT/console-demo.log" ||
	die "the VM did not finish: see build/vm/console-demo.log"
! grep -qE "FAILED|MISMATCH" "$report"
