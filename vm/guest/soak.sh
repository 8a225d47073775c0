# SPDX-License-Identifier: GPL-2.0-or-later
#
# The concurrency soak inside the VM (busybox sh; started by /init with
# vmtest=soak, 4 vCPUs; vm/soak.sh packs it).  For soak_secs= seconds, all
# at once, each user checking every byte it gets back:
#   dm-crypt  LUKS2 aes-xts-plain64, and LUKS2 aes-gcm-random with
#             dm-integrity (AEAD), each with writer and reader processes
#             (soak-io blk: every block carries its number and generation)
#   IPsec     ESP rfc4106(gcm(aes)) between two netns, IPv4 and IPv6, in
#             transport and in tunnel mode: one TCP stream each, both ways
#   AF_ALG    gcm, rfc4106, xts processes replaying OpenSSL's cases
#   FPU       a user process keeping ymm0-15 loaded and checking them
#   cryptd    soak-nest.ko: requests submitted from kernel FPU sections,
#             which the SIMD wrapper must defer to cryptd (and checks)
# Requests through cryptd are counted by kprobes on its enqueue functions.
# soak_break=dm flips one byte of the XTS mapping's ciphertext on its loop
# device mid-run: the soak must then FAIL.
set -u
export DM_DISABLE_UDEV=1
T0=$(date +%s)
out() { echo "vm| $*"; }
ip() { /usr/sbin/ip "$@"; }
pass() { out "PASS soak: $* [$(($(date +%s) - T0))s]"; }
fail() { out "FAIL soak: $*"; }
quiet() {
	"$@" > /tmp/cmd.out 2>&1 && return 0
	out "  command failed: $*"
	sed 's/^/vm|   /' /tmp/cmd.out
	return 1
}
arg() { sed -n "s/.*$1=\([a-z0-9]*\).*/\1/p" /proc/cmdline; }
SECS=$(arg soak_secs)
SECS=${SECS:-90}
BREAK=$(arg soak_break)
BAD_DMESG='WARNING|BUG|Call Trace|Oops|general protection|UBSAN|RIP:'

# our drivers' refcnt for an algorithm name, from /proc/crypto
our_refs() {
	awk -F' *: ' -v n="$1" '/^name/ { a = $2 } /^module/ { m = $2 }
		/^refcnt/ && a == n && m == "aesni_intel" { s += $2 }
		END { print s + 0 }' /proc/crypto
}

since=$(dmesg | wc -l)
taint0=$(cat /proc/sys/kernel/tainted)
for m in $(cat /lib/modules/soak/load-order); do
	insmod "/lib/modules/soak/$m" || fail "insmod $m"
done
quiet insmod /aesni-intel.ko || { fail "insmod aesni-intel.ko"; exit 0; }
i=0
while grep -qE 'selftest *: unknown|type *: larval' /proc/crypto && [ $i -lt 600 ]; do
	sleep 0.5
	i=$((i + 1))
done
out "soak: $(nproc) CPUs, $SECS s, $(uname -r); our drivers:" \
	$(awk -F' *: ' '/^driver/ { d = $2 } /^module/ && $2 == "aesni_intel" { print d }' /proc/crypto |
		grep -v '^__' | sort | tr '\n' ' ')

# cryptd's enqueue functions, counted by kprobes
T=/sys/kernel/tracing
mount -t tracefs tracefs $T 2>/dev/null
PROBES="cryptd_aead_encrypt_enqueue cryptd_aead_decrypt_enqueue
	cryptd_skcipher_encrypt_enqueue cryptd_skcipher_decrypt_enqueue"
for p in $PROBES; do
	echo "p:soak/$p cryptd:$p" >> $T/kprobe_events ||
		fail "kprobe on cryptd:$p: $(tail -n 2 $T/error_log)"
done
echo 0 > $T/tracing_on	# count hits only, record nothing
echo 1 > $T/events/soak/enable || fail "cannot enable the cryptd kprobes"
out "soak: kprobes: $(cat $T/kprobe_profile | tr -s ' ' | tr '\n' ';')"
cryptd_hits() {
	awk '$1 ~ /^cryptd_(aead|skcipher)_(en|de)crypt_enqueue$/ { s += $2 }
		END { print s + 0 }' $T/kprobe_profile
}

# ---- dm-crypt: LUKS2 XTS, and LUKS2 GCM over dm-integrity
luks() {	# NAME LOOP SIZE_MB luksFormat-options...
	local name=$1 loop=$2 size=$3
	shift 3
	truncate -s "${size}M" "/tmp/$name.img"
	quiet losetup "$loop" "/tmp/$name.img" &&
	quiet cryptsetup luksFormat -q --type luks2 --pbkdf pbkdf2 \
		--pbkdf-force-iterations 1000 --hash sha256 \
		--key-file /data/passphrase "$@" "$loop" &&
	quiet cryptsetup open --key-file /data/passphrase "$loop" "$name"
}
dm_ok=1
xts_refs0=$(our_refs 'xts(aes)') gcm_refs0=$(our_refs 'gcm(aes)')
luks sxts /dev/loop2 24 --cipher aes-xts-plain64 --key-size 512 || {
	fail "LUKS2 aes-xts-plain64 setup"; dm_ok=0; }
luks sgcm /dev/loop3 24 --cipher aes-gcm-random --integrity aead \
	--integrity-no-wipe --key-size 256 || {
	fail "LUKS2 aes-gcm-random --integrity aead setup"; dm_ok=0; }
for m in sxts sgcm; do
	out "soak: $m: $(cryptsetup status $m | awk -F': *' '/cipher|integrity:|offset|size/ { gsub(/^ +/, "", $1); printf "%s %s, ", $1, $2 }')"
done
[ "$(our_refs 'xts(aes)')" -gt "$xts_refs0" ] || { fail "dm-crypt XTS does not use our xts(aes)"; dm_ok=0; }
[ "$(our_refs 'gcm(aes)')" -gt "$gcm_refs0" ] || { fail "dm-crypt GCM does not use our gcm(aes)"; dm_ok=0; }
blocks() { echo $(($(blockdev --getsize64 "$1") / 4096)); }

# ---- IPsec: left/right netns; v4/v6 transport on the veth addresses
# (TCP only), v4/v6 tunnel between addresses on lo
key() { echo 0x$(head -c 36 /dev/urandom | od -An -tx1 | tr -d ' \n'); }
sa() {	# NS SRC DST SPI MODE
	quiet ip -n "$1" xfrm state add src "$2" dst "$3" proto esp spi "$4" \
		mode "$5" aead 'rfc4106(gcm(aes))' "$6" 128
}
pair() {	# MODE LEFT RIGHT SPI [OUTER_LEFT OUTER_RIGHT]: SAs and policies
	local mode=$1 l=$2 r=$3 spi=$4 ol=${5:-$2} or=${6:-$3} sel='' k1 k2
	k1=$(key) k2=$(key)
	[ "$mode" = tunnel ] || sel='proto 6'	# TCP (no /etc/protocols here)
	for ns in left right; do
		sa $ns "$ol" "$or" $spi "$mode" "$k1" && sa $ns "$or" "$ol" $((spi + 1)) "$mode" "$k2" || return 1
	done
	quiet ip -n left xfrm policy add src "$l" dst "$r" $sel dir out tmpl src "$ol" dst "$or" proto esp mode "$mode" &&
	quiet ip -n left xfrm policy add src "$r" dst "$l" $sel dir in tmpl src "$or" dst "$ol" proto esp mode "$mode" &&
	quiet ip -n right xfrm policy add src "$r" dst "$l" $sel dir out tmpl src "$or" dst "$ol" proto esp mode "$mode" &&
	quiet ip -n right xfrm policy add src "$l" dst "$r" $sel dir in tmpl src "$ol" dst "$or" proto esp mode "$mode"
}
ipsec_setup() {
	quiet ip netns add left && quiet ip netns add right &&
	quiet ip link add veth-l netns left type veth peer name veth-r netns right &&
	quiet ip -n left addr add 10.47.0.1/24 dev veth-l &&
	quiet ip -n right addr add 10.47.0.2/24 dev veth-r &&
	quiet ip -n left addr add fd47::1/64 dev veth-l nodad &&
	quiet ip -n right addr add fd47::2/64 dev veth-r nodad &&
	quiet ip -n left addr add 10.48.0.1/32 dev lo &&
	quiet ip -n right addr add 10.48.0.2/32 dev lo &&
	quiet ip -n left addr add fd48::1/128 dev lo nodad &&
	quiet ip -n right addr add fd48::2/128 dev lo nodad &&
	for ns in left right; do
		quiet ip -n $ns link set lo up || return 1
	done &&
	quiet ip -n left link set veth-l up && quiet ip -n right link set veth-r up &&
	quiet ip -n left route add 10.48.0.2/32 dev veth-l src 10.48.0.1 &&
	quiet ip -n right route add 10.48.0.1/32 dev veth-r src 10.48.0.2 &&
	quiet ip -n left route add fd48::2/128 via fd47::2 dev veth-l src fd48::1 &&
	quiet ip -n right route add fd48::1/128 via fd47::1 dev veth-r src fd48::2 &&
	pair transport 10.47.0.1 10.47.0.2 0x1100 &&
	pair transport fd47::1 fd47::2 0x1200 &&
	pair tunnel 10.48.0.1 10.48.0.2 0x1300 10.47.0.1 10.47.0.2 &&
	pair tunnel fd48::1 fd48::2 0x1400 fd47::1 fd47::2
}
ipsec_ok=1
ipsec_setup || { fail "IPsec setup"; ipsec_ok=0; }
# config:port:address of the right side
STREAMS="v4-transport:7001:10.47.0.2 v6-transport:7002:fd47::2
	v4-tunnel:7003:10.48.0.2 v6-tunnel:7004:fd48::2"

# ---- everything at once
R=/tmp/soak
mkdir -p $R
end=$(($(date +%s) + SECS))
if [ $dm_ok = 1 ]; then
	soak-io blk /dev/mapper/sxts "$(blocks /dev/mapper/sxts)" "$SECS" 3 2 > $R/blk-xts 2>&1 &
	soak-io blk /dev/mapper/sgcm "$(blocks /dev/mapper/sgcm)" "$SECS" 3 2 > $R/blk-gcm 2>&1 &
fi
if [ $ipsec_ok = 1 ]; then
	for s in $STREAMS; do
		c=${s%%:*} p=${s#*:} a=${p#*:} p=${p%%:*}
		ip netns exec right soak-io tcp-server "$p" "$SECS" > $R/tcp-$c-server 2>&1 &
		ip netns exec left soak-io tcp-client "$a" "$p" "$SECS" > $R/tcp-$c-client 2>&1 &
	done
fi
for k in gcm rfc4106 xts; do
	case $k in gcm) a='gcm(aes)' ;; rfc4106) a='rfc4106(gcm(aes))' ;; xts) a='xts(aes)' ;; esac
	(while [ "$(date +%s)" -lt $end ]; do afalg-client /data/cases.txt $k "$a"; done) > $R/afalg-$k 2>&1 &
done
soak-io fpu "$SECS" > $R/fpu 2>&1 &
quiet insmod /lib/modules/soak/soak-nest.ko || fail "insmod soak-nest.ko"
sleep $((SECS / 2))
peak="xts(aes) $(our_refs 'xts(aes)'), gcm(aes) $(our_refs 'gcm(aes)'), rfc4106(gcm(aes)) $(our_refs 'rfc4106(gcm(aes))')"
if [ "$BREAK" = dm ]; then
	# one byte of the ciphertext of block 3 of the XTS mapping, which its
	# reader processes check over and over
	off=$(cryptsetup status sxts | awk '/offset/ { print $2 }')
	printf '\377' | dd of=/tmp/sxts.img bs=1 seek=$((off * 512 + 3 * 4096 + 100)) conv=notrunc 2>/dev/null
	out "soak: MUTATION soak_break=dm: flipped one byte of sxts's ciphertext (loop2 byte $((off * 512 + 3 * 4096 + 100)))"
fi
wait_user() { while [ "$(date +%s)" -lt $end ]; do sleep 1; done; }
wait_user
drivers=$(cat /sys/module/soak_nest/parameters/drivers 2>/dev/null)
quiet rmmod soak_nest
wait
hits=$(cryptd_hits)
# its final counts: requests, deferred, mismatches, errors
nest=$(dmesg | sed -n 's/.*soak-nest: \([0-9]*\) requests from FPU sections, \([0-9]*\) deferred, \([0-9]*\) mismatches, \([0-9]*\) errors/\1 \2 \3 \4/p' | tail -n 1)
echo 0 > $T/events/soak/enable
out "soak: ran $(($(date +%s) - end + SECS)) s; our refcnt at mid-run: $peak"

# ---- verdicts
for f in blk-xts blk-gcm; do
	[ $dm_ok = 1 ] || break
	line=$(grep '^blk ' $R/$f)
	sed 's/^/vm|   /' $R/$f | grep -v '^vm|   blk ' | head -n 8
	case $line in
	*' 0 corrupt, 0 I/O errors') pass "dm-crypt ${f#blk-} (LUKS2 $( [ $f = blk-xts ] && echo aes-xts-plain64 || echo 'aes-gcm-random, dm-integrity aead')): ${line#blk }" ;;
	*) fail "dm-crypt ${f#blk-}: ${line:-no result}" ;;
	esac
done
for s in $STREAMS; do
	[ $ipsec_ok = 1 ] || break
	c=${s%%:*}
	cl=$(grep '^tcp ' $R/tcp-$c-client) sv=$(grep '^tcp ' $R/tcp-$c-server)
	cs=$(echo "$cl" | sed -n 's/.*sent \([0-9]*\) bytes.*/\1/p') cr=$(echo "$cl" | sed -n 's/.*received \([0-9]*\) bytes.*/\1/p')
	ss=$(echo "$sv" | sed -n 's/.*sent \([0-9]*\) bytes.*/\1/p') sr=$(echo "$sv" | sed -n 's/.*received \([0-9]*\) bytes.*/\1/p')
	case "$cl$sv" in
	*' 0 bad bytes'*' 0 bad bytes')
		if [ -n "$cs" ] && [ "$cs" = "$sr" ] && [ "$ss" = "$cr" ] && [ "$cs" -gt 0 ] && [ "$ss" -gt 0 ]; then
			pass "IPsec ESP rfc4106 $c: TCP left->right $cs bytes, right->left $ss bytes, every byte checked, 0 bad"
		else
			fail "IPsec $c: sent/received differ: client '$cl', server '$sv'"
		fi ;;
	*) fail "IPsec $c: client '$cl', server '$sv'"
	   cat $R/tcp-$c-client $R/tcp-$c-server | grep -v '^tcp ' | head -n 5 | sed 's/^/vm|   /' ;;
	esac
done
if [ $ipsec_ok = 1 ]; then
	pk=$(ip -n left -s xfrm state | sed -n 's/.*[^0-9]\([0-9][0-9]*\)(packets).*/\1/p' | tr '\n' ' ')
	out "soak: ESP packets per SA (left): $pk"
	seqiv=$(awk -F' *: ' '/^name/ { n = $2 } /^driver/ && n == "seqiv(rfc4106(gcm(aes)))" { print $2 }' /proc/crypto | sort -u | tr '\n' ' ')
	case $seqiv in
	*aesni*) ;;
	*) fail "IPsec: ESP does not use our rfc4106 (seqiv instances: $seqiv)" ;;
	esac
fi
for k in gcm rfc4106 xts; do
	runs=$(grep -c '^afalg ' $R/afalg-$k)
	bad=$(grep '^afalg ' $R/afalg-$k | awk '{ s += $(NF - 1) } END { print s + 0 }')
	cases=$(grep '^afalg ' $R/afalg-$k | awk '{ s += $3 } END { print s + 0 }')
	bytes=$(awk -v k=$k '$1 == k && $6 != "-" { s += length($6) / 2 } END { print s + 0 }' /data/cases.txt)
	if [ "$runs" -gt 0 ] && [ "$bad" = 0 ] && ! grep -q 'case failed\|cannot use' $R/afalg-$k; then
		pass "AF_ALG $k: $runs passes over OpenSSL's cases, $cases cases, $((bytes * runs / 1024)) KiB of input, 0 mismatches"
	else
		fail "AF_ALG $k: $runs runs, $bad failed cases"
		grep -v '^afalg ' $R/afalg-$k | head -n 5 | sed 's/^/vm|   /'
	fi
done
line=$(cat $R/fpu)
case $line in
'fpu: '*' 0 mismatches') pass "user FPU load: ${line#fpu: }" ;;
*) fail "user FPU load: $line" ;;
esac
set -- ${nest:-? ? ? ?}
if [ "$3" = 0 ] && [ "$4" = 0 ] && [ "$2" -gt 0 ] 2>/dev/null; then
	pass "soak-nest (requests from kernel FPU sections, checked against the generic code): $1 requests to $drivers, $2 deferred to cryptd, 0 mismatches, 0 errors"
else
	fail "soak-nest: requests deferred mismatches errors = ${nest:-none reported}, drivers $drivers"
fi
if [ "$hits" -gt 0 ]; then
	pass "requests via cryptd (kprobes on its enqueue functions): $hits, of which" \
		"soak-nest's $2 and $((hits - ${2:-0})) from the other users"
else
	fail "requests via cryptd: $hits (none: the SIMD-unusable path did not run)"
fi
new=$(dmesg | tail -n +$((since + 1)) | grep -E "$BAD_DMESG" || true)
taint=$(($(cat /proc/sys/kernel/tainted) & ~(taint0 | 4096 | 8192)))
if [ -z "$new" ] && [ $taint = 0 ]; then
	pass "kernel log: 0 warnings (no WARNING/BUG/Oops since our insmod, no new taint but O/E)"
else
	echo "$new" | head -n 30 | sed 's/^/vm|   /'
	fail "kernel log: $(echo "$new" | grep -c .) warning lines, new taint $taint"
fi
cryptsetup close sxts 2>/dev/null
cryptsetup close sgcm 2>/dev/null
dmesg | sed 's/^/dmesg| /'
