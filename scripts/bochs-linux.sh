# SPDX-License-Identifier: GPL-2.0-or-later
#
# Sourced by vm/lib.sh and kunit/check-kunit.sh: boots a Linux kernel and
# initramfs under Bochs' tigerlake model (AVX-512, VAES, VPCLMULQDQ) from an
# isolinux ISO, with the console on COM1 written to a file.
#
# bochs_boot_linux DIR KERNEL INITRD CMDLINE LOG LIMIT DONE MEGS
#   DIR scratch folder (emptied), LOG the serial console, LIMIT seconds,
#   DONE a string the guest prints when it has finished: Bochs does not
#   always exit at poweroff, so it is stopped once DONE appears in LOG.
# Always pass clearcpuid=pku,xsaves,xsavec in CMDLINE: it works around
# Bochs 2.7's wrong compacted XSAVE size (shared/notes/test-machines.md).
bochs_boot_linux() {
	local d=$1 kernel=$2 initrd=$3 cmdline=$4 log=$5 limit=$6 done=$7 megs=$8
	local pid
	rm -rf "$d"
	mkdir -p "$d/iso"
	cp /usr/lib/ISOLINUX/isolinux.bin \
	   /usr/lib/syslinux/modules/bios/ldlinux.c32 "$d/iso/"
	cp "$kernel" "$d/iso/kernel"
	cp "$initrd" "$d/iso/initrd.gz"
	printf 'DEFAULT linux\nLABEL linux\n  KERNEL kernel\n  APPEND initrd=initrd.gz console=ttyS0 %s\n' \
		"$cmdline" > "$d/iso/isolinux.cfg"
	xorriso -as mkisofs -quiet -o "$d/boot.iso" -b isolinux.bin -c boot.cat \
		-no-emul-boot -boot-load-size 4 -boot-info-table "$d/iso" 2>/dev/null
	cat > "$d/bochsrc" <<-EOF
	megs: $megs
	cpu: model=tigerlake, count=1, ips=100000000
	romimage: file=/usr/share/bochs/BIOS-bochs-latest
	vgaromimage: file=/usr/share/bochs/VGABIOS-lgpl-latest
	ata0-master: type=cdrom, path=$d/boot.iso, status=inserted
	boot: cdrom
	com1: enabled=1, mode=file, dev=$log
	display_library: rfb, options="timeout=0"
	sound: driver=dummy
	speaker: enabled=0
	clock: sync=none
	log: $d/bochs.log
	EOF
	: > "$log"
	echo c > "$d/debugger-input"
	(cd "$d" && exec timeout "$limit" bochs -q -f bochsrc < debugger-input > bochs.out 2>&1) &
	pid=$!
	while kill -0 "$pid" 2>/dev/null; do
		if grep -q "$done" "$log" 2>/dev/null; then
			sleep 2
			kill "$pid" 2>/dev/null || true
			break
		fi
		sleep 2
	done
	wait "$pid" 2>/dev/null || true
}
