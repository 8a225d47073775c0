#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# make check-emu: build the bare-metal test image (emu/Makefile), put it on
# an isolinux ISO (mboot.c32 loads it as a Multiboot kernel), boot it under
# Bochs with a CPU model that has AVX-512 + VAES + VPCLMULQDQ, and follow its
# COM1 output until the final "N passed, N failed, N skipped" line.
#
# Environment:
#   EMU_CORRUPT=mode:impl  flip one output byte of that implementation in the
#                          image (e.g. gcm:vaes_avx10_512): the run must fail
#   EMU_CPU=model          Bochs CPU model (default tigerlake)
#   EMU_TIMEOUT=seconds    give up after this long (default 300)
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=$ROOT/build/emu
CPU=${EMU_CPU:-tigerlake}
TIMEOUT=${EMU_TIMEOUT:-300}
CMDLINE=${EMU_CORRUPT:+corrupt=$EMU_CORRUPT}
SYSLINUX=/usr/lib/syslinux/modules/bios

echo "emu: building the test image"
make -s -j2 -C "$ROOT/emu" OUT="$OUT"

echo "emu: building $OUT/boot.iso (command line: '${CMDLINE}')"
rm -rf "$OUT/iso"
mkdir -p "$OUT/iso"
cp /usr/lib/ISOLINUX/isolinux.bin "$SYSLINUX/ldlinux.c32" \
	"$SYSLINUX/mboot.c32" "$SYSLINUX/libcom32.c32" "$OUT/image.elf" \
	"$OUT/iso/"
printf 'DEFAULT emu\nPROMPT 0\nLABEL emu\n  KERNEL mboot.c32\n  APPEND image.elf %s\n' \
	"$CMDLINE" >"$OUT/iso/isolinux.cfg"
xorriso -as mkisofs -quiet -o "$OUT/boot.iso" -b isolinux.bin -c boot.cat \
	-no-emul-boot -boot-load-size 4 -boot-info-table "$OUT/iso"

cat >"$OUT/bochsrc" <<EOT
megs: 256
cpu: model=$CPU, count=1
romimage: file=/usr/share/bochs/BIOS-bochs-latest
vgaromimage: file=/usr/share/bochs/VGABIOS-lgpl-latest
display_library: rfb, options="timeout=0"
ata0-master: type=cdrom, path=boot.iso, status=inserted
boot: cdrom
com1: enabled=1, mode=file, dev=serial.txt
clock: sync=none
sound: driver=dummy
speaker: enabled=0
port_e9_hack: enabled=1
log: bochs.log
panic: action=fatal
EOT

echo "emu: booting Bochs ($CPU), output follows"
cd "$OUT"
rm -f serial.txt
start=$(date +%s)
bochs -q -f bochsrc <<<c >bochs.out 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT

shown=0
result=timeout
while :; do
	if [ -f serial.txt ]; then
		size=$(stat -c %s serial.txt)
		if [ "$size" -gt "$shown" ]; then
			tail -c +$((shown + 1)) serial.txt | head -c $((size - shown))
			shown=$size
		fi
		if grep -Eq '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' serial.txt; then
			result=done
			break
		fi
		if grep -q '^emu: FATAL' serial.txt; then
			sleep 1
			tail -c +$((shown + 1)) serial.txt
			result=fatal
			break
		fi
	fi
	if ! kill -0 $pid 2>/dev/null; then
		result=exited
		break
	fi
	if [ $(($(date +%s) - start)) -ge "$TIMEOUT" ]; then
		break
	fi
	sleep 1
done
kill $pid 2>/dev/null || true
wait $pid 2>/dev/null || true
trap - EXIT
elapsed=$(($(date +%s) - start))

summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' serial.txt | tail -n 1 || true)
case $result in
done)	echo "emu: run finished in ${elapsed}s" ;;
fatal)	echo "emu: FAILED: the image took a CPU exception after ${elapsed}s" ;;
exited)	echo "emu: FAILED: Bochs exited early; see $OUT/bochs.out, $OUT/bochs.log"
	tail -n 5 bochs.out ;;
*)	echo "emu: FAILED: no summary line within ${TIMEOUT}s" ;;
esac
[ "$result" = done ] || { echo "0 passed, 1 failed"; exit 1; }
failed=$(echo "$summary" | sed -E 's/^.* ([0-9]+) failed.*$/\1/')
echo "$summary"
[ "$failed" -eq 0 ]
