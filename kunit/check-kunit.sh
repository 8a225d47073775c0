#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# make check-kunit: builds the in-tree test kernel (kunit/build-kernel.sh:
# this directory inside Debian's linux-source-6.12, KUnit, the full crypto
# self-tests with their fuzzer, KASAN), boots it under QEMU TCG (aesni and
# aesni_avx run there) and under Bochs' tigerlake model (all five), and
# counts: the KUnit suite's results, the self-test result of every one of
# our algorithms, KASAN reports and kernel warnings.
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
out=$repo/build/kunit
mkdir -p "$out"
pass=0 fail=0 skip=0
say() { printf 'kunit: %s\n' "$*"; }
check() {	# check NAME OK(0/1) DETAIL
	if [ "$2" = 0 ]; then
		say "$1: PASS ($3)"; pass=$((pass + 1))
	else
		say "$1: FAIL ($3)"; fail=$((fail + 1))
	fi
}

start=$(date +%s)
bzimage=$("$repo/kunit/build-kernel.sh" | tail -n 1)
say "kernel built in $(( $(date +%s) - start )) s: $bzimage"

# initramfs: busybox and the /init above
root=$out/initramfs
rm -rf "$root"; mkdir -p "$root/bin" "$root/proc" "$root/sys"
cp /bin/busybox "$root/bin/busybox"
install -m 755 "$repo/kunit/guest-init" "$root/init"
# for the fault injection (QEMU): the AF_ALG client and OpenSSL's cases
gcc -O2 -Wall -static -o "$root/bin/afalg-client" "$repo/vm/afalg-client.c"
gcc -O2 -Wall -o "$out/gen-cases" "$repo/vm/gen-cases.c" -lcrypto
"$out/gen-cases" random "$(date +%s)" "${KUNIT_FAULT_CASES:-40}" > "$root/cases.txt"
cp "$repo/kunit/fault-inject.sh" "$root/"
(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) > "$out/initramfs.cpio.gz"

boot_qemu() {	# LOG CMDLINE
	timeout 1200 qemu-system-x86_64 -accel tcg -cpu max -smp 2 -m 1024 \
		-nographic -no-reboot -kernel "$bzimage" \
		-initrd "$out/initramfs.cpio.gz" -append "console=ttyS0 $2" \
		< /dev/null > "$1" 2>&1 || true
}

. "$repo/scripts/bochs-linux.sh"
boot_bochs() {	# LOG CMDLINE
	bochs_boot_linux "$out/bochs" "$bzimage" "$out/initramfs.cpio.gz" \
		"$2" "$1" 1500 'kunit-guest| GUEST-DONE' 1024
}

# verdicts MACHINE LOG: one line per check
verdicts() {
	local m=$1 log=$2 totals p f s ours bad skips
	tr -d '\r' < "$log" > "$log.txt"
	log=$log.txt
	if ! grep -q 'kunit-guest| GUEST-DONE' "$log"; then
		check "$m: boot" 1 "the guest never finished; see ${log#"$repo"/}"
		tail -n 30 "$log" | sed 's/^/    /'
		return
	fi
	# the suite line counts cases; the Totals line counts each case once
	# per implementation (the parameter), which is what we report
	totals=$(grep -m1 -E '^# Totals: pass:' "$log" || true)
	p=$(echo "$totals" | sed -nE 's/.*pass:([0-9]+).*/\1/p')
	f=$(echo "$totals" | sed -nE 's/.*fail:([0-9]+).*/\1/p')
	s=$(echo "$totals" | sed -nE 's/.*skip:([0-9]+).*/\1/p')
	grep -E '^ +not ok [0-9]+ ' "$log" | head -n 40 || true
	grep -E 'EXPECTATION FAILED|ASSERTION FAILED' -A 3 "$log" | head -n 40 || true
	check "$m: KUnit suite aesni-intel" \
		$([ -n "$totals" ] && [ "${f:-1}" = 0 ] && [ "${p:-0}" -gt 0 ] && echo 0 || echo 1) \
		"${p:-?} case x implementation runs passed, ${f:-?} failed, ${s:-?} skipped: implementations this CPU lacks"
	# Each skip reason with its count.  Bochs' tigerlake has every feature
	# and QEMU TCG all but VPCLMULQDQ and AVX-512: only the VAES drivers may
	# be missing, and only under QEMU.
	skips=$(grep -oE '# SKIP .*[^ ]' "$log" | sed 's/^# SKIP *//' | sort | uniq -c || true)
	[ -z "$skips" ] || echo "$skips" | while read -r n why; do
		say "$m: SKIPPED ($n case runs: ${why:-no reason given})"; done
	bad=$(echo "$skips" | grep -v '^$' | if [ "$m" = qemu ]; then
		grep -Ev ' [^ ]*(vaes|avx10)[^ ]* not registered on this CPU$'; else cat; fi | wc -l)
	check "$m: every implementation this CPU has ran its KUnit cases" \
		"$([ "$bad" = 0 ] && echo 0 || echo 1)" "$bad skip reasons besides VAES drivers absent under QEMU"
	grep -E '# gcm_in_irq_and_task_context: task' "$log" | sed 's/^ */    /' || true
	ours=$(grep -c 'kunit-guest| .* selftest ' "$log" || true)
	bad=$(grep 'kunit-guest| .* selftest ' "$log" | grep -vc 'selftest passed' || true)
	grep 'kunit-guest| ' "$log" | grep -v 'GUEST-DONE\| fault: ' | sed 's/.*kunit-guest| /    /'
	check "$m: full crypto self-tests ($3 fuzz iterations)" \
		$([ "$ours" -gt 0 ] && [ "$bad" = 0 ] && ! grep -q 'alg: .*\(failed\|mismatch\)' "$log" && echo 0 || echo 1) \
		"$((ours - bad)) of our algorithms passed, $bad not"
	grep -E 'alg: ' "$log" | head -n 10 | sed 's/^/    /' || true
	bad=$(grep -c 'BUG: KASAN' "$log" || true)
	check "$m: KASAN" "$([ "$bad" = 0 ] && echo 0 || echo 1)" "$bad reports"
	[ "$m" != qemu ] || fault_verdicts "$m" "$log"
	# Bochs' tigerlake model reports a CPUID topology the kernel warns
	# about while booting, long before any crypto code runs: that one
	# warning is the emulator's, and is named but not counted.
	if [ "$m" = bochs ] && grep -q 'WARNING: .*topology_common\.c' "$log"; then
		say "$m: ignored: boot-time WARNING in arch/x86/kernel/cpu/topology_common.c (Bochs CPUID topology quirk)"
	fi
	bad=$(grep -E 'WARNING:|BUG:|Oops' "$log" | grep -vc 'WARNING: .*topology_common\.c' || true)
	check "$m: kernel log free of warnings" "$([ "$bad" = 0 ] && echo 0 || echo 1)" "$bad lines"
	grep -E 'WARNING:|BUG:|Oops' "$log" | grep -v 'topology_common.c' | head -n 5 | sed 's/^/    /' || true
}

# fault_verdicts MACHINE LOG: kunit/fault-inject.sh's lines
fault_verdicts() {
	local m=$1 log=$2 inj cases bad enomem leaks
	grep 'kunit-guest| fault: ' "$log" | sed 's/.*kunit-guest| fault: /    fault: /'
	inj=$(sed -n 's/.*fault: injected: failslab \([0-9]*\), fail_page_alloc \([0-9]*\).*/\1 + \2/p' "$log")
	check "$m: fault injection hits our code" \
		"$([ -n "$inj" ] && [ $((inj)) -gt 0 ] && echo 0 || echo 1)" \
		"${inj:-no} failslab + fail_page_alloc failures injected into allocations whose stack is in our code"
	cases=$(grep -o 'fault: afalg .*: [0-9]* cases' "$log" | awk '{ s += $(NF - 1) } END { print s + 0 }')
	bad=$(grep -o 'fault: afalg .*: [0-9]* cases, [0-9]* failed' "$log" | awk '{ s += $(NF - 1) } END { print s + 0 }')
	enomem=$(grep -o '[0-9]* ENOMEM$' "$log" | awk '{ s += $1 } END { print s + 0 }')
	check "$m: under fault injection every result is OpenSSL's or ENOMEM" \
		"$([ "$cases" -gt 0 ] && [ "$bad" = 0 ] && ! grep -q 'fault: FAIL\|no result' "$log" && echo 0 || echo 1)" \
		"$cases AF_ALG cases on $(grep -c 'fault: afalg ' "$log") drivers: $bad wrong, $enomem ENOMEM"
	leaks=$(sed -n 's/.*fault: kmemleak: \([0-9]*\) unreferenced objects.*/\1/p' "$log")
	check "$m: kmemleak after fault injection" "$([ "${leaks:-x}" = 0 ] && echo 0 || echo 1)" \
		"${leaks:-no scan:} leaks"
}

# KUNIT_MACHINES="qemu" (or "bochs") runs one of the two, e.g. while
# working on the suite; the skipped one is counted as skipped.
machines=${KUNIT_MACHINES:-qemu bochs}
if [ "${machines#*qemu}" = "$machines" ]; then
	say "qemu: SKIPPED (KUNIT_MACHINES=$machines)"; skip=$((skip + 1))
else
	t=$(date +%s)
	say "booting under QEMU TCG (-cpu max)"
	boot_qemu "$out/qemu.log" "panic=-1 cryptomgr.fuzz_iterations=${KUNIT_QEMU_FUZZ:-200} fi_range=$(cat "$out/ours.range") ${KUNIT_CMDLINE:-}"
	verdicts "qemu" "$out/qemu.log" "${KUNIT_QEMU_FUZZ:-200}"
	say "QEMU part took $(( $(date +%s) - t )) s"
fi

if [ "${machines#*bochs}" = "$machines" ]; then
	say "bochs: SKIPPED (KUNIT_MACHINES=$machines)"; skip=$((skip + 1))
else
	t=$(date +%s)
	say "booting under Bochs (tigerlake)"
	boot_bochs "$out/bochs.log" "panic=-1 clearcpuid=pku,xsaves,xsavec cryptomgr.fuzz_iterations=${KUNIT_BOCHS_FUZZ:-20} gcm_kunit_test.iterations=${KUNIT_BOCHS_ITER:-4} gcm_lib_kunit_test.iterations=${KUNIT_BOCHS_ITER:-4} ${KUNIT_CMDLINE:-}"
	verdicts "bochs" "$out/bochs.log" "${KUNIT_BOCHS_FUZZ:-20}"
	say "Bochs part took $(( $(date +%s) - t )) s"
fi

say "covered: KUnit suite + full self-tests + KASAN on QEMU TCG (aesni, aesni_avx) and Bochs tigerlake (all five); failslab/fail_page_alloc aimed at our code + kmemleak on QEMU"
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" = 0 ]
