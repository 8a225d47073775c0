#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Shows that the KUnit suite can fail: each mutation below is applied to a
# throw-away copy of the repository, whose check-kunit runs under QEMU with
# the crypto self-tests off (cryptomgr.notests=1), so that only the suite
# stands between the breakage and a pass.  Each must end in FAIL.
# Not part of make check (about 2 minutes per mutation).
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d /tmp/aesni-kunit-mutants.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

# name|file|sed expression
mutations='
non-SIMD setkey: powers of H without the x^-1 factor|aes-gcm-keys.c|s/^\telem = gcm_mul(elem, x_inv);/\t(void)x_inv;/
tag comparison: a forged tag is accepted|aesni-intel_glue.c|s/^\tif (likely(tag_ok))$/\tif (likely(tag_ok || authsize))/
scatterlists: walk steps not rounded down to whole blocks|aesni-intel_glue.c|s/^\t\t\tnbytes = round_down(nbytes, AES_BLOCK_SIZE);/\t\t\t;/
'
caught=0 missed=0
while IFS='|' read -r name file expr; do
	[ -n "$name" ] || continue
	copy=$tmp/copy
	rm -rf "$copy"; mkdir -p "$copy"
	(cd "$repo" && git ls-files | cpio -pdm --quiet "$copy")
	sed -i "$expr" "$copy/$file"
	if cmp -s "$repo/$file" "$copy/$file"; then
		echo "mutation '$name': did not apply to $file"; missed=$((missed + 1)); continue
	fi
	echo "mutation '$name' ($file): running the suite"
	if KUNIT_MACHINES=qemu KUNIT_QEMU_FUZZ=0 KUNIT_CMDLINE=cryptomgr.notests=1 \
		"$copy/kunit/check-kunit.sh" > "$tmp/log" 2>&1; then
		echo "  MISSED: the suite passed"; missed=$((missed + 1))
	else
		grep -E 'KUnit suite.*FAIL' "$tmp/log" | sed 's/^/  caught: /' || true
		caught=$((caught + 1))
	fi
done <<< "$mutations"
# put the real sources back into the cached kernel tree
"$repo/kunit/build-kernel.sh" > /dev/null
echo "$caught passed, $missed failed"
[ "$missed" = 0 ]
