# SPDX-License-Identifier: GPL-2.0-or-later
#
# The tests inside the VM (busybox sh), started by /init:
#   sh /tests.sh check   everything (QEMU): self-tests and priorities, AF_ALG
#                        against OpenSSL, bad input, dm-crypt, IPsec, reload
#   sh /tests.sh bochs   self-tests, the VAES/AVX10 drivers and their
#                        priorities (Bochs tigerlake), AF_ALG against OpenSSL
#   sh /tests.sh demo    a short report for "make run"
#   sh /tests.sh list    the module's algorithms (vm/debian-algs.sh)
# Lines for the host start with "vm| "; results are PASS/FAIL/SKIPPED lines.
# The module under test is /aesni-intel.ko; test data is in /data.
set -u
export DM_DISABLE_UDEV=1	# no udev here: libdevmapper makes the nodes
T0=$(date +%s)

out() { echo "vm| $*"; }
# busybox sh prefers its own applets to PATH: iproute2's ip is needed here
ip() { /usr/sbin/ip "$@"; }
pass() { out "PASS $* [$(($(date +%s) - T0))s]"; }
fail() { out "FAIL $*"; }
# run a command, showing its output only if it fails
quiet() {
	"$@" > /tmp/cmd.out 2>&1 && return 0
	out "  command failed: $*"
	sed 's/^/vm|   /' /tmp/cmd.out
	return 1
}

# /proc/crypto, one line per algorithm:
#   name driver module priority selftest internal type refcnt
crypto_table() {
	# a snapshot while many lookups are made (check_selftests)
	[ -z "${CT_CACHE:-}" ] || { cat "$CT_CACHE"; return; }
	awk -F' *: ' '/^name/ { n = $2; i = "no"; s = "-" }
		/^driver/ { d = $2 } /^module/ { m = $2 } /^priority/ { p = $2 }
		/^refcnt/ { r = $2 } /^selftest/ { s = $2 } /^internal/ { i = $2 }
		/^type/ { t = $2 }
		/^$/ && n != "" { print n, d, m, p, s, i, t, r; n = "" }' /proc/crypto
}
ours() { crypto_table | awk '$3 == "aesni_intel"'; }
# the algorithms users get: not internal, highest priority first
users_view() { crypto_table | awk -v n="$1" '$1 == n && $6 == "no"' | sort -k4,4nr; }
# dm-crypt's aes-cbc-essiv:sha256 is an essiv(cbc(aes),sha256) instance:
# true if the one in use (the highest priority) is built on a cbc(aes)
# driver of ours
ESSIV='essiv(cbc(aes),sha256)'
essiv_on_ours() {
	local inst
	inst=$(users_view "$ESSIV" | awk '{ print $2; exit }')
	ours | awk -v i="$inst" '$1 == "cbc(aes)" && index(i, "(" $2 ",") { f = 1 } END { exit !f }' ||
		{ out "  $ESSIV in use: '${inst:-none}', not on a cbc(aes) of ours;" \
			"instances: $(users_view "$ESSIV" | awk '{ printf "%s %s, ", $2, $4 }')"; return 1; }
	ESSIV_NOTE="kernel uses $inst (instances: $(users_view "$ESSIV" | awk '{ printf "%s%s prio %s", s, $2, $4; s = ", " }'))"
}
# sum of the refcnt of our drivers for an algorithm name
our_refs() { ours | awk -v n="$1" '$1 == n { s += $8 } END { print s + 0 }'; }
# the case kinds of vm/gen-cases.c that test an algorithm name
kind_of() {
	case $1 in
	'gcm(aes)') echo gcm ;; 'rfc4106(gcm(aes))') echo rfc4106 ;;
	'xts(aes)') echo xts ;; 'ecb(aes)') echo ecb ;; 'cbc(aes)') echo cbc ;;
	'cts(cbc(aes))') echo cts fscrypt ;; 'ctr(aes)') echo ctr ;;
	'xctr(aes)') echo xctr ;; aes) echo ecb ;; *) echo - ;;
	esac
}
# Debian's aesni-intel algorithms for this kernel (vm/debian-algs.sh)
DEBIAN_ALGS=/data/debian-algs-$(uname -r | cut -d. -f1,2).txt

# testmgr may still be testing after insmod returns (slow when emulated)
wait_selftests() {
	local t=0
	while crypto_table | awk '$5 == "unknown" || $7 == "larval" { f = 1 } END { exit !f }'; do
		t=$((t + 1))
		[ $t -lt 600 ] || { fail "selftest: still running after 300 s"; return 1; }
		sleep 0.5
	done
}

load_module() {
	quiet insmod /aesni-intel.ko || return 1
	wait_selftests
}

# The kernel's generic implementations, instantiated through AF_ALG so that
# they compete with ours for priority, and run through the same cases: a
# check of the rig (cases and client) against a second implementation.
# (Debian's kernels have no generic xctr: its reference is the C model in
# gen-cases, checked against xctr(aes-generic) by the KUnit suite.)
GENERIC_GCM='gcm_base(ctr(aes-generic),ghash-generic)'
check_generic() {
	local kind drv res
	for kind in gcm rfc4106 xts ecb cbc cts fscrypt ctr; do
		case $kind in
		gcm) drv=$GENERIC_GCM ;;
		rfc4106) drv="rfc4106($GENERIC_GCM)" ;;
		xts) drv='xts(ecb(aes-generic))' ;;
		cts | fscrypt) drv='cts(cbc(aes-generic))' ;;
		*) drv="$kind(aes-generic)" ;;
		esac
		if res=$(afalg-client /data/cases.txt $kind "$drv"); then
			pass "reference: the kernel's $drv equals OpenSSL ($kind cases: ${res##*: })"
		else
			echo "$res" | sed 's/^/vm| /'
			fail "reference: the kernel's $drv"
		fi
	done
}

# 1: the kernel's self-tests passed for all we registered, and we serve
check_selftests() {
	local n bad a best other missing
	n=$(ours | wc -l)
	bad=$(ours | awk '$5 != "passed" { printf "%s=%s ", $2, $5 }')
	if [ ! -s /data/build-id ] ||
	   ! cmp -s /sys/module/aesni_intel/notes/.note.gnu.build-id /data/build-id; then
		fail "selftest: the aesni_intel loaded is not the module under test (build-id)"
	elif [ "$n" = 0 ]; then
		fail "selftest: aesni_intel registered no algorithm"
	elif [ -n "$bad" ]; then
		fail "selftest: not passed: $bad"
	else
		pass "selftest: all $n algorithms of aesni_intel (internal ones included)" \
			"show 'selftest : passed':" $(ours | awk '$6 == "no" { print $2 }' | sort)
	fi
	# every name Debian's module serves: ours first, at least Debian's
	# priority, passed; and each of Debian's driver names is one of ours
	[ -s "$DEBIAN_ALGS" ] || { fail "priority: no list $DEBIAN_ALGS"; return; }
	crypto_table > /tmp/crypto-table
	CT_CACHE=/tmp/crypto-table
	for a in $(awk '!/^#/ { print $1 }' "$DEBIAN_ALGS" | sort -u); do
		best=$(users_view "$a" | head -n1)
		other=$(users_view "$a" | awk '$3 != "aesni_intel" { print "over", $2, "priority", $4; exit }')
		bad=$(awk -v n="$a" -v p="${best:-x x x 0}" 'BEGIN { split(p, b, " ") }
			!/^#/ && $1 == n && (b[4] < $3 || b[5] != "passed") { print "below Debian'"'"'s", $2, $3 }' "$DEBIAN_ALGS")
		missing=$(awk -v n="$a" '!/^#/ && $1 == n { print $2 }' "$DEBIAN_ALGS" | while read -r d; do
			ours | awk -v d="$d" '$2 == d { f = 1 } END { exit !f }' || echo "$d"; done)
		case $best in
		*' aesni_intel '*) ;;
		*) fail "priority: $a is served by" \
			"$(echo "${best:-none - - -}" | awk '{ print $2, "(module", $3 ", priority", $4 ")" }'), not by aesni_intel"
			continue ;;
		esac
		if [ -n "$bad$missing" ]; then
			fail "priority: $a: ours $(echo "$best" | awk '{ print $2, $4, $5 }') $bad${missing:+; Debian's driver names we lack: $missing}"
		else
			pass "priority: $a is served by ours:" \
				$(echo "$best" | awk '{ print $2, "priority", $4, "selftest", $5 }') \
				"(Debian's: $(awk -v n="$a" '!/^#/ && $1 == n { printf "%s %s ", $2, $3 }' "$DEBIAN_ALGS")all ours too)" \
				"${other:-(no other provider)}"
		fi
	done
	CT_CACHE=
}

# 2 and 5: every driver of ours through AF_ALG, against OpenSSL's answers
check_afalg() {
	local what=$1 cases=$2 name drv kind res claim
	ours | awk '$6 == "no" { print $1, $2 }' | sort > /tmp/drivers
	[ -s /tmp/drivers ] || { fail "$what: no driver of ours to test"; return; }
	while read -r name drv; do
		# the single-block cipher through the kernel's ecb template
		[ "$name" != aes ] || drv="ecb($drv)"
		for kind in $(kind_of "$name"); do
			[ "$kind" != - ] || continue
			case $what:$name:$kind in bad-input:aes:* | bad-input:*:fscrypt) continue ;; esac
			case $what:$kind in
			afalg:xts) claim="equals OpenSSL AES-XTS (encrypt, decrypt, ciphertext stealing)" ;;
			afalg:gcm | afalg:rfc4106) claim="equals OpenSSL AES-GCM (encrypt, decrypt), forged tags give EBADMSG" ;;
			afalg:ecb) claim="equals OpenSSL AES-ECB (encrypt, decrypt)" ;;
			afalg:cbc) claim="equals OpenSSL AES-CBC (encrypt, decrypt)" ;;
			afalg:ctr) claim="equals OpenSSL AES-CTR (encrypt, decrypt; counters wrapping 32/64/128 bits)" ;;
			afalg:cts) claim="equals OpenSSL AES-CBC-CTS CS3 (encrypt, decrypt)" ;;
			afalg:fscrypt) claim="fscrypt-style (AES-256, zero IV, NUL-padded names of 16..255 bytes) equals OpenSSL CBC-CTS CS3" ;;
			afalg:xctr) claim="equals XCTR computed from OpenSSL's AES (encrypt, decrypt)" ;;
			*) claim="refuses bad key sizes, authsizes, lengths, assoclens with EINVAL" ;;
			esac
			if res=$(afalg-client "$cases" "$kind" "$drv"); then
				pass "$what: $drv $claim (${res##*: })"
			else
				echo "$res" | sed 's/^/vm| /'
				fail "$what: $drv ($kind cases)"
			fi
		done
	done < /tmp/drivers
}

BAD_DMESG='WARNING|BUG|Call Trace|Oops|general protection|UBSAN|RIP:'
# no kernel warning since line $2 of dmesg (our insmod), no new taint
# but out-of-tree (O) and unsigned (E)
check_kernel_clean() {
	local what=$1 since=$2 new taint
	new=$(dmesg | tail -n +$((since + 1)) | grep -E "$BAD_DMESG" || true)
	taint=$(($(cat /proc/sys/kernel/tainted) & ~(TAINT0 | 4096 | 8192)))
	if [ -n "$new" ] || [ $taint != 0 ]; then
		echo "$new" | head -n 40 | sed 's/^/vm|   /'
		fail "$what: kernel warnings or new taint $taint in dmesg"
	else
		pass "$what: dmesg has no WARNING/BUG/Call Trace/Oops since our insmod," \
			"no taint but O/E"
	fi
}

# 3a: plain dm-crypt: the raw sectors are OpenSSL's, computed on the host at
# sectors 0 and 70000: AES-XTS with the 512-byte sector number as tweak, or
# AES-CBC with the ESSIV IV AES_{sha256(key)}(sector); the users of ours
# (xts(aes), or cbc(aes) and the cipher aes) must gain references
check_dm_plain() {
	local cipher=$1 bits=$2 ref=$3 algs=$4 refs0 refs1 s a
	ESSIV_NOTE=
	truncate -s 40M /tmp/plain.img
	quiet losetup /dev/loop0 /tmp/plain.img || { fail "dm-crypt plain $cipher $bits: losetup"; return; }
	refs0=$(for a in $algs; do our_refs "$a"; done)
	if quiet cryptsetup open --type plain --cipher "$cipher" --key-size "$bits" \
		--hash plain --key-file /data/key$bits /dev/loop0 plain &&
	   refs1=$(for a in $algs; do our_refs "$a"; done) &&
	   { [ "$ref" != essiv ] || essiv_on_ours; } &&
	   quiet dd if=/data/pattern of=/dev/mapper/plain bs=512 conv=fsync &&
	   quiet dd if=/data/pattern of=/dev/mapper/plain bs=512 seek=70000 conv=fsync &&
	   dd if=/dev/mapper/plain bs=512 skip=70000 count=128 2>/dev/null | cmp -s - /data/pattern &&
	   quiet cryptsetup close plain; then
		for s in 0 70000; do
			dd if=/tmp/plain.img bs=512 skip=$s count=128 2>/dev/null |
				cmp - /data/$ref$bits-$s > /tmp/cmp.out 2>&1 && continue
			fail "dm-crypt plain $cipher $bits: raw sectors from $s differ from OpenSSL's: $(cat /tmp/cmp.out)"
			s=bad
			break
		done
		if [ "$s" = bad ]; then :
		elif ! echo $refs0 $refs1 | awk '{ n = NF / 2; for (i = 1; i <= n; i++) if ($(i + n) <= $i) exit 1 }'; then
			fail "dm-crypt plain $cipher $bits: refcnt of our $algs did not rise ($refs0 -> $refs1)"
		else
			pass "dm-crypt plain $cipher $bits-bit key: data read back, raw sectors" \
				"0.. and 70000.. equal OpenSSL's ($ref); refcnt of our $algs:" $refs0 "->" $refs1 \
				"${ESSIV_NOTE:+; $ESSIV_NOTE}"
		fi
	else
		fail "dm-crypt plain $cipher $bits: open/write/read back failed"
	fi
	cryptsetup close plain 2>/dev/null
	losetup -d /dev/loop0
	rm -f /tmp/plain.img
}

# 3b (and the demo): LUKS2 aes-xts-plain64 (or LUKS1 aes-cbc-essiv:sha256),
# an ext2 file system written, closed, reopened and read back; no plaintext
# on the raw device
LUKS_NOTE=
ESSIV_NOTE=
luks_roundtrip() {
	local bits=$1 type=${2:-luks2} cipher=${3:-aes-xts-plain64} alg=${4:-xts(aes)}
	local sum refs0 refs1 marker="aesni-intel-vm-luks-marker-$$"
	ESSIV_NOTE=
	truncate -s 48M /tmp/luks.img
	quiet losetup /dev/loop1 /tmp/luks.img || return 1
	refs0=$(our_refs "$alg")
	quiet cryptsetup luksFormat -q --type "$type" --cipher "$cipher" \
		--key-size "$bits" --pbkdf pbkdf2 --pbkdf-force-iterations 1000 \
		--hash sha256 --key-file /data/passphrase /dev/loop1 &&
	quiet cryptsetup open --key-file /data/passphrase /dev/loop1 luks &&
	refs1=$(our_refs "$alg") &&
	{ [ "$alg" != 'cbc(aes)' ] || essiv_on_ours; } &&
	quiet mke2fs -q /dev/mapper/luks && quiet mount -t ext2 /dev/mapper/luks /mnt &&
	head -c 1000000 /dev/urandom > /mnt/random && cp /data/pattern /mnt/ &&
	echo "$marker" > /mnt/marker && sum=$(sha256sum < /mnt/random) &&
	quiet umount /mnt && quiet cryptsetup close luks &&
	{ ! grep -qF "$marker" /tmp/luks.img || { out "  plaintext on the raw device"; false; }; } &&
	quiet cryptsetup open --key-file /data/passphrase /dev/loop1 luks &&
	quiet mount -t ext2 /dev/mapper/luks /mnt &&
	{ [ "$(sha256sum < /mnt/random)" = "$sum" ] && cmp -s /mnt/pattern /data/pattern &&
	  grep -q "$marker" /mnt/marker || { out "  files read back differ"; false; }; } &&
	quiet umount /mnt && quiet cryptsetup close luks &&
	{ [ "$refs1" -gt "$refs0" ] || { out "  our $alg refcnt did not rise ($refs0 -> $refs1)"; false; }; } &&
	LUKS_NOTE="1 MB file sha256 ${sum%% *} read back intact; our $alg refcnt $refs0 -> $refs1 while open${ESSIV_NOTE:+; $ESSIV_NOTE}"
	local rc=$?
	umount /mnt 2>/dev/null
	cryptsetup close luks 2>/dev/null
	losetup -d /dev/loop1
	rm -f /tmp/luks.img
	return $rc
}

check_dm_luks() {	# BITS [TYPE CIPHER ALG]
	local what="${2:-luks2} ${3:-aes-xts-plain64} $1-bit key"
	if luks_roundtrip "$@"; then
		pass "dm-crypt $what: ext2 written, reopened, read back; $LUKS_NOTE"
	else
		fail "dm-crypt $what: see the failed step above"
	fi
}

# 4: two network namespaces, a veth pair, ESP transport mode
ipsec_setup() {
	IPSEC_BASE=$(our_refs 'rfc4106(gcm(aes))')
	quiet ip netns add left && quiet ip netns add right &&
	quiet ip link add veth-l netns left type veth peer name veth-r netns right &&
	quiet ip -n left addr add 10.47.0.1/24 dev veth-l &&
	quiet ip -n right addr add 10.47.0.2/24 dev veth-r &&
	quiet ip -n left link set veth-l up && quiet ip -n right link set veth-r up &&
	quiet ip -n left link set lo up && quiet ip -n right link set lo up
}

ipsec_sas() {
	local bits=$1 ns k1 k2 me peer
	k1=0x$(head -c $((bits / 8 + 4)) /dev/urandom | od -An -tx1 | tr -d ' \n')
	k2=0x$(head -c $((bits / 8 + 4)) /dev/urandom | od -An -tx1 | tr -d ' \n')
	for ns in left right; do
		quiet ip -n $ns xfrm state add src 10.47.0.1 dst 10.47.0.2 proto esp spi 0x1001 \
			mode transport aead 'rfc4106(gcm(aes))' "$k1" 128 &&
		quiet ip -n $ns xfrm state add src 10.47.0.2 dst 10.47.0.1 proto esp spi 0x1002 \
			mode transport aead 'rfc4106(gcm(aes))' "$k2" 128 || return 1
		if [ $ns = left ]; then me=10.47.0.1 peer=10.47.0.2; else me=10.47.0.2 peer=10.47.0.1; fi
		quiet ip -n $ns xfrm policy add src $me dst $peer dir out \
			tmpl proto esp mode transport &&
		quiet ip -n $ns xfrm policy add src $peer dst $me dir in \
			tmpl proto esp mode transport || return 1
	done
}

# packets through the SAs of a namespace, from ip -s xfrm state
esp_packets() {
	ip -n "$1" -s xfrm state | sed -n 's/.*[^0-9]\([0-9][0-9]*\)(packets).*/\1/p' |
		awk '{ s += $1 } END { print s + 0 }'
}

IPSEC_NOTE=
ipsec_traffic() {
	local bits=$1 refs0 refs1 sum got seqiv ns i=0
	# SAs of an earlier run are freed after the flush, asynchronously
	for ns in left right; do
		quiet ip -n $ns xfrm state flush && quiet ip -n $ns xfrm policy flush || return 1
	done
	while [ "$(our_refs 'rfc4106(gcm(aes))')" -gt "$IPSEC_BASE" ] && [ $i -lt 40 ]; do
		sleep 0.5
		i=$((i + 1))
	done
	refs0=$(our_refs 'rfc4106(gcm(aes))')
	ipsec_sas "$bits" || return 1
	quiet ip netns exec left ping -c 3 -w 10 10.47.0.2 || return 1
	head -c 262144 /dev/urandom > /tmp/send
	sum=$(sha256sum < /tmp/send)
	# the receiver ends when the sender closes; the sender after its input
	ip netns exec right timeout 30 nc -l -p 5001 -e sh -c 'cat > /tmp/recv' &
	sleep 1
	ip netns exec left timeout 30 nc 10.47.0.2 5001 < /tmp/send
	wait
	got=$(sha256sum < /tmp/recv)
	[ "$got" = "$sum" ] || { out "  received $(wc -c < /tmp/recv) bytes, sha256 differs"; return 1; }
	refs1=$(our_refs 'rfc4106(gcm(aes))')
	seqiv=$(crypto_table | awk '$1 == "seqiv(rfc4106(gcm(aes)))" { print $2 }' | head -n1)
	[ "$(esp_packets left)" -gt 0 ] && [ "$(esp_packets right)" -gt 0 ] || {
		out "  no packets counted on the ESP SAs"; return 1; }
	ours | awk -v d="$seqiv" '"seqiv(" $2 ")" == d { f = 1 } END { exit !f }' || {
		out "  ESP output uses '$seqiv', not one of our drivers"; return 1; }
	[ "$refs1" -gt "$refs0" ] || { out "  our rfc4106 refcnt did not rise"; return 1; }
	IPSEC_NOTE="ping 3/3 and 256 KiB over TCP intact; ESP packets left/right $(esp_packets left)/$(esp_packets right); kernel uses $seqiv; our rfc4106 refcnt $refs0 -> $refs1"
}

ipsec_teardown() {
	ip netns del left 2>/dev/null
	ip netns del right 2>/dev/null
	return 0
}

check_ipsec() {
	local bits
	if ! ipsec_setup; then
		fail "ipsec: namespaces/veth setup failed"
		ipsec_teardown
		return
	fi
	for bits in 128 256; do
		if ipsec_traffic $bits; then
			pass "ipsec: ESP rfc4106(gcm(aes)) $bits-bit key between two netns: $IPSEC_NOTE"
		else
			fail "ipsec: ESP rfc4106(gcm(aes)) $bits-bit key: see the failed step above"
		fi
	done
	ipsec_teardown
}

# 6: unload/reload 10 times: nothing of ours left behind after rmmod, the same
# algorithms back after insmod, unreclaimable slab stable
check_reload() {
	local n0 i slab1='' slab left n
	n0=$(ours | wc -l)
	# The netns teardown frees the IPsec states (and their tfms) later.
	# 6.1's default RNG (ansi_cprng, for seqiv) holds an "aes" cipher,
	# ours while we serve "aes": once no seqiv uses it, it is dropped
	# (crypto_user's DELRNG), as a user unloading the module would.
	i=0
	while [ "$(cat /sys/module/aesni_intel/refcnt)" != 0 ] && [ $i -lt 60 ]; do
		[ ! -x /bin/crypto-prio ] || crypto-prio --delrng > /dev/null 2>&1 || true
		sleep 0.5
		i=$((i + 1))
	done
	for i in 1 2 3 4 5 6 7 8 9 10; do
		quiet rmmod aesni_intel || { fail "reload: rmmod #$i (refcnt $(cat /sys/module/aesni_intel/refcnt))"; return; }
		left=$(ours | wc -l)
		[ "$left" = 0 ] || { fail "reload: $left algorithms left after rmmod #$i"; return; }
		load_module || { fail "reload: insmod #$i"; return; }
		n=$(ours | awk '$5 == "passed"' | wc -l)
		[ "$n" = "$n0" ] || { fail "reload: $n of $n0 algorithms passed after insmod #$i"; return; }
		slab=$(awk '/^SUnreclaim/ { print $2 }' /proc/meminfo)
		[ -n "$slab1" ] || slab1=$slab
	done
	if [ $((slab - slab1)) -gt 512 ]; then
		fail "reload: unreclaimable slab grew $((slab - slab1)) KiB over 9 reloads"
	else
		pass "reload: 10 x rmmod/insmod, $n0 algorithms back and passed each time, none left" \
			"after rmmod, unreclaimable slab $slab1 -> $slab KiB"
	fi
}

# Bochs tigerlake: the VAES + AVX2 and AVX10 256/512 drivers registered and
# passed; tigerlake is on the zmm exclusion list, so 512-bit ones get priority 1
check_vaes() {
	local fam name prio missing='' best
	for fam in 'vaes.avx2' 'avx10.256' 'avx10.512'; do
		for name in 'gcm(aes)' 'rfc4106(gcm(aes))' 'xts(aes)' 'ecb(aes)' \
			    'cbc(aes)' 'cts(cbc(aes))' 'ctr(aes)' 'xctr(aes)'; do
			ours | awk -v n="$name" -v f="$fam" '$1 == n && $6 == "no" && $2 ~ f && $5 == "passed" { x = 1 } END { exit !x }' ||
				missing="$missing $name/$fam"
		done
	done
	if [ -n "$missing" ]; then
		fail "vaes: not registered with selftest passed:$missing"
	else
		pass "vaes: vaes_avx2, avx10_256 and avx10_512 drivers of gcm, rfc4106, xts, ecb, cbc, cts(cbc), ctr, xctr registered, selftest passed"
	fi
	prio=$(ours | awk '$2 ~ /avx10.512/ { print $4 }' | sort -u | tr '\n' ' ')
	best=$(for name in 'gcm(aes)' 'rfc4106(gcm(aes))' 'xts(aes)' 'ecb(aes)' 'cbc(aes)' \
		'cts(cbc(aes))' 'ctr(aes)' 'xctr(aes)'; do users_view "$name" | head -n1 | awk '{ print $2 }'; done)
	if [ "$prio" = "1 " ] && ! echo "$best" | grep -q 'avx10.512'; then
		pass "zmm exclusion: on tigerlake the avx10_512 drivers have priority 1; served by:" $best
	else
		fail "zmm exclusion: avx10_512 priorities '$prio', served by:" $best
	fi
}

# the module's build-id if it is the one under test, else "MISMATCH"
build_id() {
	cmp -s /sys/module/aesni_intel/notes/.note.gnu.build-id /data/build-id &&
		od -An -tx1 /data/build-id | tr -d ' \n' | tail -c 40 || echo MISMATCH
}

cpu_note() {
	local f x
	for x in aes pclmulqdq avx avx2 vaes vpclmulqdq avx512f avx512vl; do
		grep -qw "$x" /proc/cpuinfo && f="${f:-} $x" || f="${f:-} -$x"
	done
	echo "$(uname -r), CPU flags:$f"
}

demo() {
	local name
	out "Guest: Linux $(cpu_note)"
	out "Module: our aesni-intel.ko, build-id $(build_id) (same as the one built), Debian's own not present"
	# the kernel's generic implementations, instantiated so that they compete
	check_generic > /dev/null
	out ""
	out "Who serves the kernel's AES-GCM/AES-XTS requests (highest priority first):"
	for name in 'gcm(aes)' 'rfc4106(gcm(aes))' 'xts(aes)'; do
		users_view "$name" | awk '{ printf "vm|   %-18s %-50s priority %-4s selftest %s (%s)\n", $1, $2, $4, $5, $3 }'
	done
	out ""
	out "Self-tests (crypto manager, at registration): $(ours | awk '$5 == "passed"' | wc -l) of $(ours | wc -l) algorithms of aesni-intel passed"
	out ""
	if luks_roundtrip 512; then
		out "LUKS2: luksFormat aes-xts-plain64 (512-bit key, AES-256) on a 48 MiB loop device, ext2 file system written, closed, reopened:"
		out "  $LUKS_NOTE"
	else
		out "LUKS2: FAILED (see above)"
	fi
	out ""
	if ipsec_setup && ipsec_traffic 256; then
		out "IPsec: ESP transport mode, rfc4106(gcm(aes)) 256-bit key, netns left 10.47.0.1 <-veth-> right 10.47.0.2:"
		out "  $IPSEC_NOTE"
	else
		out "IPsec: FAILED (see above)"
	fi
	ipsec_teardown
	out ""
	out "Total time in the VM: $(($(date +%s) - T0)) s"
}

mode=${1:-check}
since=$(dmesg | wc -l)
TAINT0=$(cat /proc/sys/kernel/tainted)
if dmesg | grep -qE "$BAD_DMESG"; then
	out "  note: warnings before our module was loaded (emulator quirks, not" \
		"counted): $(dmesg | grep -E 'WARNING' | sed 's/.*WARNING: //' | tr '\n' ' ')"
fi
if ! load_module; then
	fail "load: insmod /aesni-intel.ko"
	dmesg | tail -n 20 | sed 's/^/vm|   /'
	exit 0
fi
case $mode in
check)
	check_generic
	check_selftests
	check_afalg afalg /data/cases.txt
	check_afalg bad-input /data/bad.txt
	check_kernel_clean bad-input "$since"
	check_dm_plain aes-xts-plain64 256 xts 'xts(aes)'
	check_dm_plain aes-xts-plain64 512 xts 'xts(aes)'
	check_dm_plain aes-cbc-essiv:sha256 256 essiv 'cbc(aes) aes'
	check_dm_luks 256
	check_dm_luks 512
	check_dm_luks 256 luks1 aes-cbc-essiv:sha256 'cbc(aes)'
	check_ipsec
	check_reload
	check_kernel_clean dmesg "$since"
	;;
bochs)
	check_selftests
	check_vaes
	check_afalg afalg /data/cases.txt
	check_afalg bad-input /data/bad.txt
	. /bochs-users.sh	# dm-crypt and IPsec on the AVX10 drivers
	check_kernel_clean dmesg "$since"
	;;
demo)
	demo
	;;
list)
	# vm/debian-algs.sh: what the module registers, user-visible ones only
	ours | awk '$6 == "no" { print "vm| ALG", $1, $2, $4, $5, $7 }' | sort -k2
	;;
esac
# the whole kernel log goes to the console log file, for the record
dmesg | sed 's/^/dmesg| /'
