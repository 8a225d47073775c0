# SPDX-License-Identifier: GPL-2.0-or-later
#
# The AES-GCM library in the VM (busybox sh, run by /init as /tests.sh of
# the initramfs that vm/gcm-lib-vm.sh packs):
#   sh /tests.sh lib         our /aesni-intel.ko: the demo module seals and
#                            opens records through the library, then the
#                            per-record costs (gcm-bench.ko)
#   sh /tests.sh lib-debian  the distribution's aesni-intel (/aesni-intel.ko
#                            is then Debian's): its crypto_aead costs
# Lines for the host start with "vm| ".
set -u
out() { echo "vm| $*"; }

wait_selftests() {
	local t=0
	while grep -q 'selftest *: unknown' /proc/crypto ||
	      grep -q 'type *: larval' /proc/crypto; do
		t=$((t + 1))
		[ $t -lt 600 ] || { out "FAIL selftests still running after 300 s"; return 1; }
		sleep 0.5
	done
}

if ! insmod /aesni-intel.ko; then
	out "FAIL insmod aesni-intel.ko"
	exit 0
fi
wait_selftests
if [ "$1" = lib ]; then
	# the crypto_aead side (with the one-shot fast path for linear
	# requests) passed the kernel's self-tests
	n=$(awk '/^driver/ { d = $3 } /^module/ { m = $3 }
		/^selftest/ && m == "aesni_intel" { t++; if ($3 == "passed") p++ }
		END { printf "%d %d", p, t }' /proc/crypto)
	if [ "${n% *}" = "${n#* }" ] && [ "${n#* }" -gt 0 ]; then
		out "PASS self-tests of aesni_intel: ${n% *} of ${n#* } algorithms passed"
	else
		out "FAIL self-tests of aesni_intel: only ${n% *} of ${n#* } passed"
	fi
	if insmod /gcm-demo.ko; then
		out "PASS gcm-demo.ko loaded (all its checks passed)"
	else
		out "FAIL gcm-demo.ko refused to load (a check failed)"
	fi
	dmesg | sed -n 's/^.*gcm-demo: /vm| demo: /p'
	insmod /gcm-bench.ko || out "FAIL gcm-bench.ko"
else
	insmod /gcm-bench.ko || out "FAIL gcm-bench.ko"
fi
dmesg | sed -n 's/^.*gcm-bench: /vm| bench: /p'
