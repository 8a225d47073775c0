# SPDX-License-Identifier: GPL-2.0-or-later
#
# The concurrency soak of make check-vm (sourced by check-vm.sh, after
# lib.sh): Debian's 6.12 kernel with our module under QEMU TCG with 4
# vCPUs, dm-crypt, IPsec, AF_ALG, a user FPU load and requests from kernel
# FPU sections all at once for AESNI_SOAK_SECS seconds (default 90); see
# vm/guest/soak.sh for what runs and what is checked.
#   AESNI_SOAK_BREAK=dm  flip one byte of the XTS mapping's ciphertext
#                        mid-run: the soak must FAIL

# build soak-nest.ko for kernel $1 in build/vm/soak-nest-$1; prints its path
build_soak_nest() {
	local dir=$OUT/soak-nest-$1
	mkdir -p "$dir"
	cp -p "$VMDIR/soak-nest.c" "$dir/"
	echo 'obj-m := soak-nest.o' > "$dir/Kbuild"
	make -C "/usr/src/linux-headers-$1" M="$dir" W=1 modules \
		> "$dir/build.log" 2>&1 || { tail -n 20 "$dir/build.log" >&2; return 1; }
	echo "$dir/soak-nest.ko"
}

# The full initramfs (lib.sh) plus a second cpio archive with the soak's
# files: the kernel unpacks both, in order.
make_soak_initramfs() {
	local kver=$1 ko=$2 nest=$3 root=$OUT/soak-extra.root m
	make_initramfs initrd-soak-base "$kver" "$ko" full
	rm -rf "$root"
	mkdir -p "$root/bin" "$root/lib/modules/soak"
	for m in $(module_files "$kver" dm-integrity esp6 esp4 algif_aead algif_skcipher); do
		[ -e "$OUT/initrd-soak-base.root/lib/modules/$(basename "${m%.xz}")" ] && continue
		case $m in
		*.xz) xz -dc "$m" > "$root/lib/modules/soak/$(basename "$m" .xz)" ;;
		*) cp "$m" "$root/lib/modules/soak/" ;;
		esac
		basename "${m%.xz}" >> "$root/lib/modules/soak/load-order"
	done
	touch "$root/lib/modules/soak/load-order"
	cp "$nest" "$root/lib/modules/soak/"
	cp "$OUT/tools/soak-io" "$root/bin/"
	cp "$VMDIR/guest/soak.sh" "$root/soak.sh"
	(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) > "$OUT/soak-extra.cpio.gz"
	cat "$OUT/initrd-soak-base.cpio.gz" "$OUT/soak-extra.cpio.gz" > "$OUT/initrd-soak.cpio.gz"
}

soak_check() {
	local kver ko nest t0 log=$OUT/console-soak.log secs=${AESNI_SOAK_SECS:-90}
	t0=$(date +%s)
	kver=$(kernel_version 6.12) || { result "FAIL soak: no Debian 6.12 kernel installed"; return; }
	ko=$(build_module "$kver") || { result "FAIL soak: aesni-intel.ko does not build"; return; }
	nest=$(build_soak_nest "$kver") || { result "FAIL soak: soak-nest.ko does not build"; return; }
	[ "$OUT/tools/soak-io" -nt "$VMDIR/soak-io.c" ] ||
		gcc -O2 -Wall -static -o "$OUT/tools/soak-io" "$VMDIR/soak-io.c" ||
		{ result "FAIL soak: soak-io does not build"; return; }
	make_soak_initramfs "$kver" "$ko" "$nest"
	say "soak: $kver under QEMU TCG, 4 vCPUs, ${secs}s of load, log ${log#"$REPO"/}"
	# (run_qemu: the same boot-crash retry as the other VMs)
	run_qemu "$kver" "$OUT/initrd-soak.cpio.gz" soak "$log" $((secs + 420)) 4 2048 \
		"soak_secs=$secs${AESNI_SOAK_BREAK:+ soak_break=$AESNI_SOAK_BREAK}" |
		grep --line-buffered -v '^GUEST-DONE$' |
		sed -u 's/^\(PASS\|FAIL\|SKIPPED\) /\1 soak /' | tee -a "$results" || true
	if ! grep -q 'vm| GUEST-DONE' "$log"; then
		result "FAIL soak: the VM did not finish (crash or timeout): tail of ${log#"$REPO"/}:"
		tail -n 30 "$log"
	fi
	say "soak took $(elapsed "$t0")"
}
