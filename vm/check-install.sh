#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# make check-install: the module installed the way a user installs it.
#   1. "make dkms-install" on this host: DKMS builds and installs ours for
#      every installed kernel (here Debian's 6.12 and 6.1) into updates/dkms.
#   2. Each kernel boots in QEMU with a copy of its /lib/modules crypto
#      modules: the load by CPU feature and "modprobe aesni-intel" take ours.
#   3. "make dkms-uninstall"; each kernel boots again: the distribution's
#      aesni-intel is back.  Its /proc/crypto entries are the list of what
#      the distribution's module serves.
#   4. For every name the distribution's module registered (internal "__"
#      ones aside), the entry that serves it with ours installed is ours,
#      with "selftest: passed", at no lower a priority than the
#      distribution's.
# Needs root (it installs into /lib/modules and /usr/src; it always
# uninstalls again on exit).
set -eu
. "$(dirname "$0")/lib.sh"
cd "$REPO"
results=$OUT/install-results.txt
: > "$results"
result() { echo "$*" | tee -a "$results"; }
t0=$(date +%s)

if [ "$(id -u)" != 0 ]; then
	echo "check-install: needs root (installs into /lib/modules)"
	echo "check-install: 0 passed, 1 failed"
	exit 1
fi
command -v dkms > /dev/null || die "dkms is not installed (make deps)"

kvers=
for series in 6.12 6.1; do
	if kver=$(kernel_version "$series"); then
		kvers="$kvers $kver"
	else
		result "FAIL $series: no Debian linux-image/linux-headers $series installed"
	fi
done

uninstall() { make --no-print-directory dkms-uninstall > "$OUT/dkms-uninstall.log" 2>&1; }
trap uninstall EXIT

# make_install_initramfs KVER MODE: the crypto part of /lib/modules/KVER
# as installed on the host now, with kmod to load from it
make_install_initramfs() {
	local kver=$1 mode=$2 root=$OUT/install-$2-$1.root d
	local m=/lib/modules/$kver
	rm -rf "$root"
	mkdir -p "$root"/{bin,dev,proc,sys,tmp,run,data,usr/bin} "$root$m"
	cp -p "$m"/modules.* "$root$m/"
	for d in kernel/arch/x86/crypto kernel/crypto kernel/lib/crypto updates; do
		[ ! -d "$m/$d" ] || (cd / && cp -pr --parents "${m#/}/$d" "$root")
	done
	: > "$root/lib/modules/load-order"
	cp /bin/busybox "$root/bin/busybox"
	copy_with_libs "$root" /usr/bin/kmod
	mkdir -p "$root/usr/sbin"
	ln -s /usr/bin/kmod "$root/usr/sbin/modprobe"
	install -m 755 "$VMDIR/guest/init" "$root/init"
	cp "$VMDIR/guest/install.sh" "$root/tests.sh"
	modinfo -k "$kver" -F srcversion "$OUT/dkms-$kver.ko" > "$root/data/srcversion"
	(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) > "$OUT/install-$mode-$kver.cpio.gz"
}

# boot KVER MODE: the guest's ALG lines go to build/vm/install-MODE-KVER.algs
boot() {
	local kver=$1 mode=$2 log=$OUT/console-install-$2-$1.log
	make_install_initramfs "$kver" "$mode"
	run_qemu "$kver" "$OUT/install-$mode-$kver.cpio.gz" "$mode" "$log" 300 |
		grep -v '^GUEST-DONE$' | grep -v '^ALG ' |
		sed "s/^\(PASS\|FAIL\|SKIPPED\) /\1 $kver /" | tee -a "$results" || true
	grep -q 'vm| GUEST-DONE' "$log" ||
		result "FAIL $kver $mode: the VM did not finish (${log#"$REPO"/})"
	tr -d '\r' < "$log" | sed -n 's/^.*vm| ALG //p' > "$OUT/install-$mode-$kver.algs"
}

say "dkms-install (log build/vm/dkms-install.log)"
if make --no-print-directory dkms-install > "$OUT/dkms-install.log" 2>&1; then
	result "PASS dkms: installed for every kernel with headers:" \
		$(dkms status -m aesni-intel | awk -F', ' '/installed/ { print $2 }')
else
	tail -n 20 "$OUT/dkms-install.log"
	result "FAIL dkms: make dkms-install"
fi
for kver in $kvers; do
	f=$(modinfo -k "$kver" -n aesni-intel)
	case $f in
	*/updates/dkms/*) result "PASS $kver: depmod resolves aesni-intel to ${f#/lib/modules/"$kver"/}" ;;
	*) result "FAIL $kver: aesni-intel resolves to $f, not to updates/dkms" ;;
	esac
	case $f in
	*.xz) xz -dc "$f" > "$OUT/dkms-$kver.ko" ;;
	*) cp "$f" "$OUT/dkms-$kver.ko" ;;
	esac
	boot "$kver" ours
done

say "dkms-uninstall"
if uninstall && ! dkms status -m aesni-intel | grep -q .; then
	result "PASS dkms: uninstalled (dkms status lists nothing)"
else
	result "FAIL dkms: make dkms-uninstall"
fi
for kver in $kvers; do
	f=$(modinfo -k "$kver" -n aesni-intel)
	case $f in
	*/kernel/arch/x86/crypto/aesni-intel.ko*)
		result "PASS $kver: aesni-intel resolves to the distribution's ${f#/lib/modules/"$kver"/} again" ;;
	*) result "FAIL $kver: after uninstall aesni-intel resolves to $f" ;;
	esac
	boot "$kver" distro
done

# compare KVER: every non-internal name of the distribution's module is
# served by ours (the highest-priority entry), self-tested, at >= priority
for kver in $kvers; do
	d=$OUT/install-distro-$kver.algs o=$OUT/install-ours-$kver.algs
	names=$(awk '$3 == "aesni_intel" && $6 == "no" { print $1 }' "$d" | sort -u)
	if [ -z "$names" ]; then
		result "FAIL $kver: no algorithm list from the distribution's module"
		continue
	fi
	bad=
	for n in $names; do
		dp=$(awk -v n="$n" '$1 == n && $3 == "aesni_intel" && $4 > p { p = $4 } END { print p + 0 }' "$d")
		best=$(awk -v n="$n" '$1 == n && $6 == "no"' "$o" | sort -k4,4nr | head -n 1)
		set -- $best
		if [ "${3:-}" != aesni_intel ] || [ "${5:-}" != passed ] || [ "${4:-0}" -lt "$dp" ]; then
			bad="$bad $n(${2:-none}/${3:-}/${4:-}/${5:-} vs $dp)"
		fi
	done
	if [ -z "$bad" ]; then
		result "PASS $kver: ours serves all $(echo $names | wc -w) names of the distribution's module" \
			"(self-tested, priority >= the distribution's):" $names
	else
		result "FAIL $kver: not served by ours at >= the distribution's priority:$bad"
	fi
done

passed=$(grep -c '^PASS' "$results" || true)
failed=$(grep -c '^FAIL' "$results" || true)
echo "check-install covered: DKMS install for$kvers, autoload + modprobe in QEMU, /proc/crypto vs the distribution's module, uninstall"
echo "check-install: $passed passed, $failed failed in $(($(date +%s) - t0))s"
[ "$failed" = 0 ] && [ "$passed" -gt 0 ]
