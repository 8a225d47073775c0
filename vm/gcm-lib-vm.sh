#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The AES-GCM library of aesni-intel in Debian's kernels (part of make
# check-vm, as the series "lib"; also runs alone: ./vm/gcm-lib-vm.sh):
#   - the nine aesni_gcm_* symbols are exported by aesni-intel.ko for 6.12
#     and 6.1 (its Module.symvers);
#   - vm/gcm-demo builds against them (KBUILD_EXTRA_SYMBOLS) and, loaded in
#     QEMU, seals and opens records through the library (6.12 and 6.1);
#   - per-record cost at 64, 1000, 1500 and 2500 B, in guest instructions
#     (QEMU TCG "-icount shift=0": a guest nanosecond is one instruction;
#     aesni_avx is what runs there): crypto_aead with our module, with
#     Debian's aesni-intel, and our library.  Passes if the library costs
#     at least 100 instructions less than crypto_aead with our module per
#     1500 B record and no more at any length (6.12).
if [ -z "${REPO:-}" ]; then
	set -eu
	. "$(dirname "$0")/lib.sh"
	results=$OUT/results-lib.txt
	: > "$results"
	result() { echo "$*" | tee -a "$results"; }
	standalone=1
fi

GCM_LIB_SYMS="aesni_gcm_preparekey aesni_gcm_encrypt aesni_gcm_decrypt
aesni_gcm_init aesni_gcm_auth_update aesni_gcm_encrypt_update
aesni_gcm_decrypt_update aesni_gcm_encrypt_final aesni_gcm_decrypt_final"

# build_lib_module DIR KVER MODDIR: vm/DIR against the module built in
# MODDIR; prints the .ko
build_lib_module() {
	local name=$1 kver=$2 moddir=$3 dir=$OUT/$1-$2
	rm -rf "$dir"
	cp -r "$VMDIR/$name" "$dir"
	if ! make -C "/usr/src/linux-headers-$kver" M="$dir" \
		KBUILD_EXTRA_SYMBOLS="$moddir/Module.symvers" \
		ccflags-y="-I$REPO/include" modules > "$dir/build.log" 2>&1 ||
	   grep -q 'WARNING: .*undefined' "$dir/build.log"; then
		tail -n 20 "$dir/build.log" >&2
		return 1
	fi
	echo "$dir/$name.ko"
}

# lib_initramfs NAME KVER AESNI_KO KO...: /aesni-intel.ko, the modules it
# needs, the other .ko in /, vm/guest/gcm-lib.sh as /tests.sh
lib_initramfs() {
	local name=$1 kver=$2 ko=$3 root=$OUT/$1.root m
	shift 3
	rm -rf "$root"
	mkdir -p "$root"/{bin,dev,proc,sys,tmp,run,lib/modules}
	for m in $(module_files "$kver" $(modinfo -F depends "$ko" | tr ',' ' ')); do
		case $m in
		*/aesni-intel.ko*) ;;
		*.xz) xz -dc "$m" > "$root/lib/modules/$(basename "$m" .xz)" ;;
		*) cp "$m" "$root/lib/modules/" ;;
		esac
		[ "${m##*/aesni-intel.ko}" != "$m" ] ||
			basename "${m%.xz}" >> "$root/lib/modules/load-order"
	done
	touch "$root/lib/modules/load-order"
	cp "$ko" "$root/aesni-intel.ko"
	cp "$@" "$root/"
	cp /bin/busybox "$root/bin/busybox"
	install -m 755 "$VMDIR/guest/init" "$root/init"
	cp "$VMDIR/guest/gcm-lib.sh" "$root/tests.sh"
	(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) > "$OUT/$name.cpio.gz"
}

# lib_boot KVER INITRD MODE LOG: one CPU, -icount shift=0; booted once more
# if Debian's kernel stopped before /init ran, as run_qemu (vm/lib.sh) does
lib_boot() {
	local try
	for try in 1 2; do
		timeout 600 qemu-system-x86_64 -accel tcg -cpu max -smp 1 -m 512 \
			-icount shift=0 -nographic -no-reboot \
			-kernel "/boot/vmlinuz-$1" -initrd "$2" \
			-append "console=ttyS0 quiet panic=-1 no_timer_check vmtest=$3" \
			< /dev/null 2>&1 | sed -u 's/\r$//' > "$4" || true
		if [ "$try" = 2 ] || grep -q 'vm| ' "$4" || grep -qi aesni "$4"; then
			break
		fi
		mv "$4" "$4.boot-crash"
		say "the $1 kernel stopped before /init ran: booting once more (first log: ${4#"$REPO"/}.boot-crash)"
	done
	grep -q 'vm| GUEST-DONE' "$4"
}

# cost LOG PATH OP LEN: instructions per record from a bench log
cost() {
	sed -n "s/^.*vm| bench: $2 $3 $4 \([0-9]*\)$/\1/p" "$1" | head -n1
}

gcm_lib_series() {
	local series=$1 kver ko moddir demo bench deb missing s log dlog
	if ! kver=$(kernel_version "$series"); then
		result "SKIPPED lib $series: no Debian linux-image/linux-headers $series installed"
		return
	fi
	ko=$(AESNI_VM_DEBIAN_MODULE=0 build_module "$kver") ||
		{ result "FAIL lib $kver: aesni-intel.ko does not build"; return; }
	moddir=$(dirname "$ko")
	missing=
	for s in $GCM_LIB_SYMS; do
		grep -qP "^0x[0-9a-f]+\t$s\t" "$moddir/Module.symvers" || missing="$missing $s"
	done
	if [ -z "$missing" ]; then
		result "PASS lib $kver: aesni-intel.ko exports all nine aesni_gcm_* symbols (Module.symvers, EXPORT_SYMBOL_GPL)"
	else
		result "FAIL lib $kver: aesni-intel.ko does not export:$missing"
	fi
	demo=$(build_lib_module gcm-demo "$kver" "$moddir") ||
		{ result "FAIL lib $kver: vm/gcm-demo does not build against the library"; return; }
	bench=$(build_lib_module gcm-bench "$kver" "$moddir") ||
		{ result "FAIL lib $kver: vm/gcm-bench does not build"; return; }
	result "PASS lib $kver: vm/gcm-demo (mainline names via aesni-gcm-compat.h) builds against Module.symvers with no undefined symbol"

	lib_initramfs "initrd-lib-$series" "$kver" "$ko" "$demo" "$bench"
	log=$OUT/console-lib-$series.log
	say "booting $kver (QEMU TCG, -icount shift=0): demo and bench, log ${log#"$REPO"/}"
	if ! lib_boot "$kver" "$OUT/initrd-lib-$series.cpio.gz" lib "$log"; then
		result "FAIL lib $kver: the VM did not finish; tail of ${log#"$REPO"/}:"
		tail -n 20 "$log"
		return
	fi
	sed -n 's/^.*vm| \(PASS\|FAIL\) /\1 lib '"$kver"': /p' "$log" | tee -a "$results"
	# the demo's own checks: all of them if one failed, else a count
	if grep -q 'vm| demo: FAIL' "$log"; then
		grep 'vm| demo: ' "$log" | sed 's/^.*vm| /  /'
	else
		echo "  demo: $(grep -c 'vm| demo: PASS' "$log") checks passed" \
			"(records of 0..9000 B sealed and opened, forgeries refused)"
	fi
	[ "$series" = 6.12 ] || return 0

	# the distribution's module through crypto_aead, for comparison
	deb=$(AESNI_VM_DEBIAN_MODULE=1 build_module "$kver" 2>/dev/null) || true
	lib_initramfs "initrd-lib-debian" "$kver" "$deb" "$bench"
	dlog=$OUT/console-lib-debian.log
	lib_boot "$kver" "$OUT/initrd-lib-debian.cpio.gz" lib-debian "$dlog" ||
		say "the Debian-module boot did not finish (${dlog#"$REPO"/})"
	gcm_lib_table "$kver" "$log" "$dlog"
}

# the table, and the done-when check
gcm_lib_table() {
	local kver=$1 log=$2 dlog=$3 op len a l d ok=1 why=
	echo "Per-record cost in guest instructions (QEMU TCG -icount shift=0, $kver, aesni_avx, 16 B AAD, 16 B tag)"
	printf '  %-8s %6s %14s %14s %14s %9s\n' op bytes "crypto_aead" "crypto_aead" "library" "saved"
	printf '  %-8s %6s %14s %14s %14s %9s\n' "" "" "(ours)" "(Debian's)" "(ours)" "vs ours"
	for op in encrypt decrypt; do
		for len in 64 1000 1500 2500; do
			a=$(cost "$log" crypto_aead $op $len)
			l=$(cost "$log" library $op $len)
			d=$(cost "$dlog" crypto_aead $op $len)
			printf '  %-8s %6s %14s %14s %14s %9s\n' $op $len "${a:-?}" "${d:-?}" "${l:-?}" \
				"$([ -n "$a" ] && [ -n "$l" ] && echo $((a - l)) || echo ?)"
			if [ -z "$a" ] || [ -z "$l" ]; then
				ok=0; why="$why $op/$len not measured;"
			elif [ "$l" -gt "$a" ]; then
				ok=0; why="$why $op/$len library slower;"
			elif [ "$len" = 1500 ] && [ $((a - l)) -lt 100 ]; then
				ok=0; why="$why $op/1500 saves only $((a - l));"
			fi
		done
	done
	sed -n 's/^.*vm| bench: crypto_aead gcm(aes) is /  crypto_aead served by: /p' "$log" | head -n1 | sed 's/$/ (ours)/'
	sed -n 's/^.*vm| bench: crypto_aead gcm(aes) is /  crypto_aead served by: /p' "$dlog" | head -n1 | sed "s/\$/ (Debian's)/"
	if [ $ok = 1 ]; then
		result "PASS lib $kver: the library saves >= 100 instructions per 1500 B record against crypto_aead with our module, and is no slower at 64..2500 B"
	else
		result "FAIL lib $kver:$why"
	fi
}

gcm_lib_check() {
	local s
	for s in ${AESNI_VM_LIB_KERNELS:-6.12 6.1}; do
		gcm_lib_series "$s"
	done
}

if [ -n "${standalone:-}" ]; then
	gcm_lib_check
	passed=$(grep -c '^PASS' "$results" || true)
	failed=$(grep -c '^FAIL' "$results" || true)
	skipped=$(grep -c '^SKIPPED' "$results" || true)
	echo "gcm-lib-vm: $passed passed, $failed failed, $skipped skipped"
	[ "$failed" = 0 ] && [ "$passed" -gt 0 ]
fi
