# SPDX-License-Identifier: GPL-2.0-or-later
#
# Sourced by check-vm.sh after lib.sh: what the Bochs guest needs for
# vm/guest/bochs-users.sh (dm-crypt and IPsec on the AVX-512 drivers),
# appended to its initramfs as a second cpio archive.

# bochs_users_initramfs KVER INITRD: append the modules, tools and data
bochs_users_initramfs() {
	local kver=$1 initrd=$2 root=$OUT/bochs-users.root d m bits key
	rm -rf "$root"
	d=$root/data
	mkdir -p "$d" "$root/bin" "$root/lib/modules/bochs-users"
	: > "$root/lib/modules/bochs-users/load-order"
	for m in $(module_files "$kver" loop dm-crypt veth xfrm_user esp4 seqiv crypto_user); do
		case " $(cat "$OUT/initrd-bochs.root/lib/modules/load-order") " in
		*" $(basename "${m%.xz}") "*) continue ;;
		esac
		case $m in
		*.xz) xz -dc "$m" > "$root/lib/modules/bochs-users/$(basename "$m" .xz)" ;;
		*) cp "$m" "$root/lib/modules/bochs-users/" ;;
		esac
		basename "${m%.xz}" >> "$root/lib/modules/bochs-users/load-order"
	done
	copy_with_libs "$root" /usr/sbin/dmsetup /usr/sbin/ip
	gcc -O2 -Wall -static -o "$root/bin/crypto-prio" "$VMDIR/crypto-prio.c"
	# 32 sectors of data and what OpenSSL's AES-XTS makes of them with the
	# sector number as tweak, for a 256-bit and a 512-bit key
	head -c 16384 /dev/urandom > "$d/bu-pattern"
	for bits in 256 512; do
		key=$(head -c $((bits / 8)) /dev/urandom | od -An -tx1 | tr -d ' \n')
		echo "$key" > "$d/bu-key$bits"
		"$OUT/tools/gen-cases" xts-sectors "$key" 0 < "$d/bu-pattern" > "$d/bu-xts$bits"
	done
	cp "$VMDIR/guest/bochs-users.sh" "$root/"
	(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) >> "$initrd"
}
