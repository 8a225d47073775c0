# SPDX-License-Identifier: GPL-2.0-or-later
#
# Allocation failures aimed at our driver, in the KUnit test kernel (run by
# kunit/guest-init when the command line has fi_range=; busybox sh).
#
# failslab and fail_page_alloc fail half of the allocations whose call
# chain passes through our code: the stack-trace filter's require-start/
# require-end is the text of our objects, whose first symbol and the one
# after them check-kunit.sh names as fi_range=ADDR:NAME-ADDR:NAME and this
# script finds in /proc/kallsyms.  Meanwhile afalg-client replays OpenSSL's
# cases on every gcm/rfc4106/xts driver of ours with each result straddling
# a page boundary (so that skcipher_walk's slow path allocates): every case
# must give OpenSSL's result or ENOMEM.  Afterwards kmemleak scans for
# leaks.  Prints "kunit-guest| fault: ..." lines for check-kunit.sh.
out() { echo "kunit-guest| fault: $*"; }
D=/sys/kernel/debug
mount -t debugfs debugfs $D 2>/dev/null

range=$(sed -n 's/.*fi_range=\([^ ]*\).*/\1/p' /proc/cmdline)
lo=${range%%-*} hi=${range#*-}
# each end must be in /proc/kallsyms as ADDR t NAME
for e in "$lo" "$hi"; do
	grep -qi "^${e%%:*} [tT] ${e#*:}\$" /proc/kallsyms ||
		{ out "FAIL: $e is not in /proc/kallsyms"; exit 0; }
done
start=0x${lo%%:*} end=0x${hi%%:*}
out "our code: $start (${lo#*:}) .. $end (${hi#*:}, the next symbol), from /proc/kallsyms"

TIMES=1000000
for f in failslab fail_page_alloc; do
	echo N > $D/$f/ignore-gfp-wait
	echo 1 > $D/$f/interval
	echo 0 > $D/$f/space
	echo $TIMES > $D/$f/times
	echo 2 > $D/$f/verbose
	echo 32 > $D/$f/stacktrace-depth
	echo $start > $D/$f/require-start
	echo $end > $D/$f/require-end
done
echo N > $D/fail_page_alloc/ignore-gfp-highmem
echo 0 > $D/fail_page_alloc/min-order
# what kmemleak suspects from before (boot) is reported now and set aside
echo scan > $D/kmemleak
echo clear > $D/kmemleak

drivers=$(awk -F' *: ' '$1 == "driver" { d = $2 } $1 == "internal" && $2 == "no" && d ~ /^(generic-gcm|rfc4106-gcm|xts-aes)-(aesni|vaes)/ { print d }' /proc/crypto)
for f in failslab fail_page_alloc; do echo 50 > $D/$f/probability; done
for drv in $drivers; do
	case $drv in xts*) k=xts ;; rfc4106*) k=rfc4106 ;; *) k=gcm ;; esac
	AFALG_FAULTS=1 afalg-client /cases.txt $k "$drv" > /afalg.out 2>&1
	grep -v '^afalg ' /afalg.out | head -n 5 | sed 's/^/kunit-guest| fault:   /'
	out "$(grep '^afalg ' /afalg.out || echo "afalg $drv: no result")"
done
for f in failslab fail_page_alloc; do echo 0 > $D/$f/probability; done
out "injected: failslab $((TIMES - $(cat $D/failslab/times))), fail_page_alloc $((TIMES - $(cat $D/fail_page_alloc/times)))"

# kmemleak reports objects unreferenced for 5 s and more
sleep 6
echo scan > $D/kmemleak
sleep 1
echo scan > $D/kmemleak
out "kmemleak: $(grep -c '^unreferenced object' $D/kmemleak) unreferenced objects"
sed -n '1,30p' $D/kmemleak | sed 's/^/kunit-guest| fault:   /'
