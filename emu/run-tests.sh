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
#                          image (e.g. gcm:vaes_avx10_512): the run must fail;
#                          CORRUPT= (as for check-user) works too
#   EMU_SEED=n             seed of the driver's PRNG (default: the time)
#   EMU_CASES=n            random cases per implementation (image default)
#   EMU_MAXLEN=n           longest random message in bytes (image default)
#   EMU_EXHAUSTIVE=n       test every length up to n (image default)
#   EMU_FLIPS=n            GCM messages tampered with bit by bit (image default)
#   EMU_CPU=model          Bochs CPU model (default tigerlake); on tigerlake
#                          and corei7_icelake_u every implementation must
#                          run, on others a skip is allowed (gating checks)
#   EMU_TIMEOUT=seconds    give up after this long (default 600)
#   WYCHEPROOF_DIR=dir     the Wycheproof JSON files (as for check-user); they
#                          reach the image as Multiboot modules, converted by
#                          tests/user/wycheproof2txt.py
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=$ROOT/build/emu
CPU=${EMU_CPU:-tigerlake}
TIMEOUT=${EMU_TIMEOUT:-600}
EMU_CORRUPT=${EMU_CORRUPT:-${CORRUPT:-}}
CMDLINE="seed=${EMU_SEED:-$(date +%s)}${EMU_CASES:+ cases=$EMU_CASES}"
CMDLINE+="${EMU_MAXLEN:+ maxlen=$EMU_MAXLEN}${EMU_CORRUPT:+ corrupt=$EMU_CORRUPT}"
CMDLINE+="${EMU_EXHAUSTIVE:+ exhaustive=$EMU_EXHAUSTIVE}${EMU_FLIPS:+ flips=$EMU_FLIPS}"
# these models have every feature: each implementation must run (else FAIL)
case $CPU in tigerlake | corei7_icelake_u) CMDLINE+=" expect=all" ;; esac
SYSLINUX=/usr/lib/syslinux/modules/bios
WYCHEPROOF_DIR=${WYCHEPROOF_DIR:-$ROOT/tests/vectors/wycheproof}

echo "emu: building the test image"
make -s -j2 -C "$ROOT/emu" OUT="$OUT"

echo "emu: building $OUT/boot.iso (command line: '${CMDLINE}')"
rm -rf "$OUT/iso" "$OUT/wycheproof"
mkdir -p "$OUT/iso"
cp /usr/lib/ISOLINUX/isolinux.bin "$SYSLINUX/ldlinux.c32" \
	"$SYSLINUX/mboot.c32" "$SYSLINUX/libcom32.c32" "$OUT/image.elf" \
	"$OUT/iso/"
# Wycheproof vectors: one module each, under an ISO 9660 (8.3) name, with
# the JSON name the driver asks for as the module's argument.
APPEND="image.elf $CMDLINE"
if [ -d "$WYCHEPROOF_DIR" ]; then
	mkdir "$OUT/wycheproof"
	python3 "$ROOT/tests/user/wycheproof2txt.py" "$WYCHEPROOF_DIR" \
		"$OUT/wycheproof"
	for m in xts gcm gmac; do
		json=aes_${m}_test.json
		[ -f "$OUT/wycheproof/$json.txt" ] || continue
		mv "$OUT/wycheproof/$json.txt" "$OUT/iso/wp$m.txt"
		APPEND+=" --- wp$m.txt $json"
	done
else
	echo "emu: $WYCHEPROOF_DIR not found (the tree ships it): FAILED"
	exit 1
fi
printf 'DEFAULT emu\nPROMPT 0\nLABEL emu\n  KERNEL mboot.c32\n  APPEND %s\n' \
	"$APPEND" >"$OUT/iso/isolinux.cfg"
xorriso -as mkisofs -o "$OUT/boot.iso" -b isolinux.bin -c boot.cat \
	-no-emul-boot -boot-load-size 4 -boot-info-table "$OUT/iso" \
	>"$OUT/xorriso.log" 2>&1 || { cat "$OUT/xorriso.log"; exit 1; }

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
: >serial.txt
start=$(date +%s)
bochs -q -f bochsrc <<<c >bochs.out 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT

# Copy the new part of serial.txt to stdout; then decide if the run is over.
summary_re='^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$'
shown=0
result=timeout
while sleep 1; do
	size=$(stat -c %s serial.txt)
	tail -c +$((shown + 1)) serial.txt | head -c $((size - shown))
	shown=$size
	if grep -Eq "$summary_re" serial.txt; then
		result=done
	elif [ "$(grep -c '^emu: long mode up' serial.txt)" -gt 1 ]; then
		result=reboot
	elif grep -q '^emu: FATAL' serial.txt; then
		sleep 1		# let the rest of the fault report arrive
		result=fatal
	elif ! kill -0 $pid 2>/dev/null; then
		result=exited
	elif [ $(($(date +%s) - start)) -lt "$TIMEOUT" ]; then
		continue
	fi
	break
done
kill $pid 2>/dev/null || true
wait $pid 2>/dev/null || true
trap - EXIT
tail -c +$((shown + 1)) serial.txt
elapsed=$(($(date +%s) - start))

summary=$(grep -E "$summary_re" serial.txt | tail -n 1 || true)
case $result in
done)	echo "emu: run finished in ${elapsed}s" ;;
fatal)	echo "emu: FAILED: the image took a CPU exception after ${elapsed}s" ;;
reboot)	echo "emu: FAILED: the image rebooted (triple fault?) after ${elapsed}s" ;;
exited)	echo "emu: FAILED: Bochs exited early; see $OUT/bochs.out, $OUT/bochs.log"
	tail -n 5 bochs.out ;;
*)	echo "emu: FAILED: no summary line within ${TIMEOUT}s" ;;
esac
if [ "$result" != done ]; then
	# The tests that reported so far, and the run itself as a failure.
	echo "$(grep -c ': PASS' serial.txt || true) passed," \
		"$(($(grep -c ': FAIL' serial.txt || true) + 1)) failed"
	exit 1
fi
failed=$(echo "$summary" | sed -E 's/^.* ([0-9]+) failed.*$/\1/')
echo "$summary"
[ "$failed" -eq 0 ]
