# SPDX-License-Identifier: GPL-2.0-or-later
#
# The guest half of "make check-install" (vm/check-install.sh), as /tests.sh
# of an initramfs that holds a copy of the host's /lib/modules/<kernel> for
# the crypto modules, with whatever aesni-intel the host has installed
# there (ours through DKMS, or the distribution's after uninstalling).
#   sh /tests.sh ours      expect ours (MODULE_VERSION, srcversion)
#   sh /tests.sh distro    expect the distribution's
# Loads modules the way a booted system does: first by CPU feature (what
# udev does with /sys/devices/system/cpu/modalias), then "modprobe
# aesni-intel"; then prints every /proc/crypto entry for the host to
# compare:  vm| ALG name driver module priority selftest internal
set -u
out() { echo "vm| $*"; }
pass() { out "PASS $*"; }
fail() { out "FAIL $*"; }
modprobe() { /usr/sbin/modprobe "$@"; }	# kmod's, not busybox's
expect=$1
want_srcversion=$(cat /data/srcversion 2>/dev/null || true)

# 1: the load by CPU feature.  Other modules of the alias may be missing
# from this initramfs; only aesni-intel's resolution counts.
alias=$(cat /sys/devices/system/cpu/modalias)
modprobe -a -q "$alias" 2> /tmp/modprobe.err
if [ -d /sys/module/aesni_intel ]; then
	pass "$expect: the CPU-feature alias loaded aesni_intel"
else
	fail "$expect: the CPU-feature alias did not load aesni_intel"
	sed 's/^/vm|   /' /tmp/modprobe.err
fi
# 2: "modprobe aesni-intel" resolves to the same file (a no-op if loaded;
# rmmod + modprobe shows the explicit load too)
rmmod aesni_intel 2> /dev/null
if modprobe aesni-intel && [ -d /sys/module/aesni_intel ]; then
	pass "$expect: modprobe aesni-intel loaded aesni_intel"
else
	fail "$expect: modprobe aesni-intel"
fi

version=$(cat /sys/module/aesni_intel/version 2> /dev/null || echo none)
srcversion=$(cat /sys/module/aesni_intel/srcversion 2> /dev/null || echo none)
case $expect in
ours)
	if [ "$srcversion" = "$want_srcversion" ]; then
		pass "ours: the loaded aesni_intel is the DKMS build (version $version, srcversion $srcversion)"
	else
		fail "ours: loaded srcversion $srcversion, version $version; the DKMS build is $want_srcversion"
	fi ;;
distro)
	if [ -d /sys/module/aesni_intel ] && [ "$version" = none ] &&
	   [ "$srcversion" != "$want_srcversion" ]; then
		pass "distro: the loaded aesni_intel is the distribution's (no version, not our srcversion)"
	else
		fail "distro: the loaded aesni_intel has version $version, srcversion $srcversion"
	fi ;;
esac

# testmgr may still be testing after the load returns
t=0
while grep -q -e 'selftest *: unknown' -e 'type *: larval' /proc/crypto; do
	t=$((t + 1))
	[ $t -lt 600 ] || { fail "$expect: self-tests still running after 300 s"; break; }
	sleep 0.5
done
awk -F' *: ' '/^name/ { n = $2; i = "no"; s = "-" }
	/^driver/ { d = $2 } /^module/ { m = $2 } /^priority/ { p = $2 }
	/^selftest/ { s = $2 } /^internal/ { i = $2 }
	/^$/ && n != "" { print "vm| ALG", n, d, m, p, s, i; n = "" }' /proc/crypto
bad=$(dmesg | grep -E 'WARNING|BUG|Call Trace|Oops' || true)
if [ -z "$bad" ]; then
	pass "$expect: kernel log free of warnings"
else
	fail "$expect: kernel log:"
	echo "$bad" | head -n 10 | sed 's/^/vm|   /'
fi
