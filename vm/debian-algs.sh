#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Records which algorithms Debian's own aesni-intel registers: boots each
# Debian kernel under QEMU TCG (-cpu max) with only Debian's module loaded
# and writes its user-visible /proc/crypto entries, one line per driver
# ("name driver priority selftest type"), to vm/debian-algs-SERIES.txt.
# check-vm holds our module to those lists.  Rerun when Debian's kernels
# change: ./vm/debian-algs.sh [6.12 6.1]
set -eu
. "$(dirname "$0")/lib.sh"
export AESNI_VM_DEBIAN_MODULE=1
build_tools
make_data small 1
for series in ${*:-6.12 6.1}; do
	kver=$(kernel_version "$series") || die "no Debian $series kernel installed"
	ko=$(build_module "$kver")
	make_initramfs "initrd-list-$series" "$kver" "$ko" small
	log=$OUT/console-list-$series.log
	run_qemu "$kver" "$OUT/initrd-list-$series.cpio.gz" list "$log" 300 > /dev/null ||
		die "the $series VM did not finish: $log"
	{
		echo "# Debian's aesni-intel in $kver under QEMU TCG -cpu max"
		echo "# (AES-NI, AVX, AVX2, VAES; no VPCLMULQDQ, no AVX-512), by vm/debian-algs.sh"
		tr -d '\r' < "$log" | sed -n 's/^.*vm| ALG //p'
	} > "$VMDIR/debian-algs-$series.txt"
	say "$series: $(grep -vc '^#' "$VMDIR/debian-algs-$series.txt") algorithms -> vm/debian-algs-$series.txt"
done
