#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Static checks: checkpatch.pl --strict (from Debian's linux-source-6.12) on
# every C file and header, and W=1 builds of the module against the 6.12 and
# 6.1 headers that must print no warning (compiler, modpost or objtool).
set -eu
cd "$(dirname "$0")/.."
out=build/static
mkdir -p "$out"
pass=0 fail=0
result() {		# result NAME STATUS [DETAIL-FILE]
	if [ "$2" = 0 ]; then
		echo "static: $1: PASS"
		pass=$((pass + 1))
	else
		echo "static: $1: FAIL"
		[ -z "${3:-}" ] || sed 's/^/    /' "$3" | head -n 40
		fail=$((fail + 1))
	fi
}

# checkpatch.pl and its data files, unpacked once from the source tarball.
cp_dir=$out/checkpatch
if [ ! -x "$cp_dir/scripts/checkpatch.pl" ]; then
	echo "static: unpacking checkpatch.pl from linux-source-6.12"
	rm -rf "$cp_dir"; mkdir -p "$cp_dir"
	tar -xJf /usr/src/linux-source-6.12.tar.xz -C "$cp_dir" \
		--strip-components=1 --wildcards \
		'*/scripts/checkpatch.pl' '*/scripts/spelling.txt' \
		'*/scripts/const_structs.checkpatch'
fi
# The driver's own C files: those git tracks (not the build's *.mod.c).
files=$(git ls-files '*.c' '*.h' 2>/dev/null | grep -v / || true)
# and the public headers of the library
headers=$(git ls-files 'include/*.h' 2>/dev/null || true)
[ -n "$files" ] || files="aesni-intel_glue.c aes-gcm-keys.c gcm-kunit-test.c aesni-intel.h"
for f in $files $headers; do
	[ -e "$f" ] || continue
	st=0
	log=$out/checkpatch-${f//\//_}.txt
	"$cp_dir/scripts/checkpatch.pl" --strict --no-tree --quiet \
		--no-summary --show-types -f "$f" > "$log" 2>&1 || st=1
	[ -s "$log" ] && st=1
	result "checkpatch --strict $f" $st "$log"
done

# W=1 builds, each in its own copy of the sources so that they never mix.
for kdir in $(ls -d /usr/src/linux-headers-6.12.*-amd64 | sort -V | tail -n 1) \
	    $(ls -d /usr/src/linux-headers-6.1.0-*-amd64 | sort -V | tail -n 1); do
	ver=${kdir#/usr/src/linux-headers-}
	src=$out/build-$ver
	rm -rf "$src"; mkdir -p "$src"
	cp Kbuild $files *.S "$src"/
	[ -z "$headers" ] || { mkdir -p "$src/include"; cp $headers "$src/include/"; }
	rm -f "$src/gcm-kunit-test.c"
	echo "static: W=1 build against $ver"
	st=0
	make -C "$kdir" M="$PWD/$src" CONFIG_CRYPTO_AES_GCM_XTS_X86=m W=1 \
		modules > "$out/build-$ver.log" 2>&1 || st=1
	grep -iE 'warning|error' "$out/build-$ver.log" > "$out/build-$ver.warn" && st=1
	[ -f "$src/aesni-intel.ko" ] || st=1
	result "W=1 build, no warnings, against $ver" $st "$out/build-$ver.warn"
done

# An assembler without VAES/VPCLMULQDQ/AVX-512 (forced): the module must
# still build, with the aesni and aesni_avx code only.
src=$out/build-novaes
rm -rf "$src"; mkdir -p "$src"
cp Kbuild $files *.S "$src"/
[ -z "$headers" ] || { mkdir -p "$src/include"; cp $headers "$src/include/"; }
rm -f "$src/gcm-kunit-test.c"
kdir=$(ls -d /usr/src/linux-headers-6.12.*-amd64 | sort -V | tail -n 1)
echo "static: W=1 build against ${kdir#/usr/src/linux-headers-} with AESNI_INTEL_VAES=n"
st=0
make -C "$kdir" M="$PWD/$src" CONFIG_CRYPTO_AES_GCM_XTS_X86=m W=1 \
	AESNI_INTEL_VAES=n modules > "$out/build-novaes.log" 2>&1 || st=1
grep -iE 'warning|error' "$out/build-novaes.log" > "$out/build-novaes.warn" && st=1
if [ -f "$src/aesni-intel.ko" ]; then
	# (the portable C powers of H keep their names)
	nm "$src/aesni-intel.ko" | grep -E ' T aes_.*_(vaes_avx2|vaes_avx10_(256|512))$' |
		grep -v ' T aes_gcm_precompute_c_' >> "$out/build-novaes.warn" && st=1
else
	st=1
fi
result "W=1 build without the VAES code (AESNI_INTEL_VAES=n): no warnings, no vaes symbols" $st "$out/build-novaes.warn"

# bench/median.py must still make the README's tables from the stored runs
# (Zen 4, Zen 3 with plain returns and with the return thunk, Sapphire
# Rapids): the same lines, character for character.
for cpu in zen4 zen3 zen3-thunk spr; do
	st=0
	case $cpu in
	zen4) head='^  worst of the 4 configurations, at 16 B / 4096 B:$' ;;
	zen3) head='^  Zen 3, worst of the 4 configurations, at 16 B / 4096 B:$' ;;
	zen3-thunk) head='^  Zen 3, BENCH_RET=thunk, worst of the 4 configurations, at 16 B / 4096 B:$' ;;
	spr) head='^  Sapphire Rapids, worst of the 4 configurations, at 16 B / 4096 B:$' ;;
	esac
	python3 bench/median.py bench/results/bench-$cpu-[0-9].tsv > "$out/median-$cpu.txt" 2>&1 || st=1
	sed -n '2,14p' "$out/median-$cpu.txt" > "$out/median-table-$cpu.txt"
	grep -A13 "$head" README | tail -n 13 |
		diff - "$out/median-table-$cpu.txt" > "$out/median-$cpu.diff" || st=1
	[ -s "$out/median-table-$cpu.txt" ] || st=1
	result "bench/median.py on bench/results/bench-$cpu-*.tsv gives the README's table" $st "$out/median-$cpu.diff"
done

echo "static: covered checkpatch --strict on $(echo $files $headers | wc -w) C files, W=1 module builds for 6.12 and 6.1, and for 6.12 without the VAES code, the README's benchmark tables (Zen 4, Zen 3 twice, Sapphire Rapids) from the stored runs"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
