#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# "make check": every check target in turn.  Each ends with a line
# "N passed, N failed[, N skipped]"; this adds them up, prints a table and
# ends with the grand total.  A target that crashes without printing its
# counts is counted as one failure.  Every SKIPPED line of every target is
# listed at the end; one that is not an expected skip (expected_skip below)
# counts as a failure.
set -u
cd "$(dirname "$0")/.."
mkdir -p build
targets=${CHECK_TARGETS:-"check-static check-user check-emu check-vm check-install check-kunit"}
tp=0 tf=0 ts=0
summary=""
for t in $targets; do
	echo "=== make $t ==="
	start=$(date +%s)
	make --no-print-directory "$t" 2>&1 | tee "build/$t.log"
	st=${PIPESTATUS[0]}
	secs=$(( $(date +%s) - start ))
	line=$(grep -E '^([A-Za-z-]+: )?[0-9]+ passed, [0-9]+ failed' "build/$t.log" | tail -n 1)
	p=$(echo "$line" | sed -nE 's/.*\b([0-9]+) passed.*/\1/p')
	f=$(echo "$line" | sed -nE 's/.*\b([0-9]+) failed.*/\1/p')
	s=$(echo "$line" | sed -nE 's/.*\b([0-9]+) skipped.*/\1/p')
	p=${p:-0} f=${f:-0} s=${s:-0}
	if [ -z "$line" ] || { [ "$st" != 0 ] && [ "$f" = 0 ]; }; then
		echo "check: make $t exited $st without a failure count: counted as 1 failure"
		f=$((f + 1))
	fi
	tp=$((tp + p)) tf=$((tf + f)) ts=$((ts + s))
	summary="$summary$(printf '%-12s %5d passed %4d failed %4d skipped  %5ds' "$t" "$p" "$f" "$s" "$secs")\n"
done
# expected_skip TARGET LINE: prints the name of the expected skip that LINE
# is, or fails.  The whole list:
#   gcm-iv-size   Wycheproof GCM/GMAC cases with IVs other than 12 bytes,
#                 which gcm(aes) cannot take (check-user, check-emu)
#   cpu-lacks     an implementation needing a feature that this host's
#                 kernel does not list in /proc/cpuinfo (check-user, bench)
#   qemu-no-vaes  KUnit cases of the VAES/AVX10 drivers under QEMU TCG,
#                 which lacks VPCLMULQDQ and AVX-512 (check-kunit)
expected_skip() {
	local flag
	case $1:$2 in
	check-user:wycheproof\ aes_g*_test.json:\ SKIPPED\ \(*:\ gcm\(aes\)\ takes\ 12-byte\ IVs\) | \
	check-emu:wycheproof\ aes_g*_test.json:\ SKIPPED\ \(*:\ gcm\(aes\)\ takes\ 12-byte\ IVs\))
		echo gcm-iv-size ;;
	check-user:*': SKIPPED (CPU lacks '*')' | check-user:*': SKIPPED (OS has not enabled '*' state)' | \
	bench:*': SKIPPED (CPU lacks '*')' | bench:*': SKIPPED (OS has not enabled '*' state)')
		flag=$(echo "$2" | sed -E 's/.*\((CPU lacks |OS has not enabled )([^ )]*).*/\2/' |
		       tr 'A-Z.' 'a-z_' | sed 's/^ymm$/avx/; s/^zmm$/avx512f/')
		grep -m1 '^flags' /proc/cpuinfo | grep -qw -- "$flag" && return 1
		echo "cpu-lacks ($flag not in /proc/cpuinfo)" ;;
	check-kunit:'kunit: qemu: SKIPPED ('*' not registered on this CPU)')
		echo "$2" | grep -Eq ': [a-z0-9_()-]*(vaes|avx10)[a-z0-9_()-]* not registered' || return 1
		echo qemu-no-vaes ;;
	*)	return 1 ;;
	esac
}

echo "=== skips ==="
bad_skips=0
for t in $targets; do
	grep -E 'SKIPPED' "build/$t.log" | sed 's/^vm| //' | while IFS= read -r l; do
		if name=$(expected_skip "$t" "$l"); then
			echo "$t: expected ($name): $l"
		else
			echo "$t: UNEXPECTED: $l"
		fi
	done
done | tee build/check-skips.log
bad_skips=$(grep -c ': UNEXPECTED: ' build/check-skips.log || true)
if [ "$bad_skips" != 0 ]; then
	echo "check: $bad_skips skips not on the expected list: counted as failures"
	tf=$((tf + bad_skips))
	summary="$summary$(printf '%-12s %5d passed %4d failed %4d skipped' "skips" 0 "$bad_skips" 0)\n"
fi
echo "=== summary ==="
printf "$summary"
echo "$tp passed, $tf failed, $ts skipped"
[ "$tf" = 0 ]
