# SPDX-License-Identifier: GPL-2.0-or-later
#
# Real users on the AVX-512 drivers, in the Bochs tigerlake guest (sourced
# by tests.sh in mode bochs, which provides pass/fail/quiet and the IPsec
# helpers; vm/bochs-users.sh packs what it needs).  For vaes_avx10_256 and
# vaes_avx10_512 in turn:
#   dm-crypt  a plain mapping whose table names the driver
#             (capi:xts-aes-vaes-avx10_N-plain64): the raw sectors must
#             equal OpenSSL's AES-XTS (made on the host), and read back
#   IPsec     ESP rfc4106(gcm(aes)) between two netns: SAs name only the
#             algorithm, so crypto-prio makes that driver the highest
#             priority first; the kernel must then use seqiv(its driver)
for m in $(cat /lib/modules/bochs-users/load-order); do
	insmod "/lib/modules/bochs-users/$m" || fail "bochs-users: insmod $m"
done
bu_dm() {	# IMPL BITS
	local drv=xts-aes-vaes-$1 bits=$2 table n=32
	truncate -s 1M /tmp/bu.img
	quiet losetup /dev/loop0 /tmp/bu.img || { fail "dm-crypt $drv: losetup"; return; }
	if quiet dmsetup create bu --table \
		"0 2048 crypt capi:$drv-plain64 $(cat /data/bu-key$bits) 0 /dev/loop0 0" &&
	   table=$(dmsetup table bu | awk '{ print $4 }') &&
	   quiet dd if=/data/bu-pattern of=/dev/mapper/bu bs=512 count=$n conv=fsync &&
	   dd if=/dev/mapper/bu bs=512 count=$n 2>/dev/null | cmp -s - /data/bu-pattern &&
	   quiet dmsetup remove bu; then
		if dd if=/tmp/bu.img bs=512 count=$n 2>/dev/null | cmp -s - /data/bu-xts$bits; then
			pass "bochs-users: dm-crypt plain, table cipher $table ($bits-bit key):" \
				"raw sectors 0..$((n - 1)) equal OpenSSL AES-XTS (sector tweak), read back intact"
		else
			fail "bochs-users: dm-crypt $table: raw sectors differ from OpenSSL AES-XTS"
		fi
	else
		fail "bochs-users: dm-crypt capi:$drv-plain64: create/write/read back failed"
	fi
	dmsetup remove bu 2>/dev/null
	losetup -d /dev/loop0
	rm -f /tmp/bu.img
}
bu_ipsec() {	# IMPL OTHER
	local drv=rfc4106-gcm-vaes-$1 seqiv
	# the other driver back to a low priority (that also drops the seqiv
	# instance an earlier SA built on it), this one above everything
	# and the SAs of an earlier round gone (freed after their netns)
	local i=0
	while [ "$(our_refs 'rfc4106(gcm(aes))')" -gt "$BU_BASE" ] && [ $i -lt 120 ]; do
		sleep 0.5
		i=$((i + 1))
	done
	quiet crypto-prio "rfc4106-gcm-vaes-$2" 2 && quiet crypto-prio "$drv" 2000 ||
		{ fail "bochs-users: IPsec on $drv: cannot set priorities"; return; }
	if ipsec_setup && ipsec_traffic 128; then
		seqiv=$(crypto_table | awk '$1 == "seqiv(rfc4106(gcm(aes)))" { print $2 }' | sort -u | tr '\n' ' ')
		if [ "$seqiv" = "seqiv($drv) " ]; then
			pass "bochs-users: IPsec ESP on $drv (priority raised to 2000): $IPSEC_NOTE"
		else
			fail "bochs-users: IPsec ESP: the kernel uses '$seqiv', not seqiv($drv)"
		fi
	else
		fail "bochs-users: IPsec ESP on $drv: see the failed step above"
	fi
	ipsec_teardown
}
BU_BASE=$(our_refs 'rfc4106(gcm(aes))')
bu_dm avx10_256 256
bu_dm avx10_512 512
bu_ipsec avx10_256 avx10_512
bu_ipsec avx10_512 avx10_256
