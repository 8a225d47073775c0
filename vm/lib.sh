# SPDX-License-Identifier: GPL-2.0-or-later
#
# Shared by check-vm.sh and demo.sh (sourced, not run): find Debian's
# kernels, build the module for one of them in its own copy of the sources,
# build the host-side test tools, pack an initramfs and boot it under QEMU
# TCG or Bochs.  Everything goes to build/vm/.  Guest side: vm/guest/.

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
VMDIR=$REPO/vm
OUT=$REPO/build/vm
mkdir -p "$OUT"
# one seed for all the random test data of a run: printed, and reusable
export AESNI_VM_SEED=${AESNI_VM_SEED:-$(date +%s)}

say() { printf '== %s\n' "$*" >&2; }
die() { printf 'vm: %s\n' "$*" >&2; exit 1; }

# newest installed Debian kernel of a series (6.12, 6.1) that has both the
# image in /boot and the headers: prints its version (6.12.117+deb12-amd64)
kernel_version() {
	local v best=
	for v in /boot/vmlinuz-"$1".*-amd64; do
		v=${v#/boot/vmlinuz-}
		[ -d "/usr/src/linux-headers-$v" ] && [ -d "/lib/modules/$v" ] &&
			best=$(printf '%s\n%s\n' "$best" "$v" | sort -V | tail -n1)
	done
	[ -n "$best" ] || return 1
	echo "$best"
}

# Build aesni-intel.ko for kernel $1 in build/vm/mod-$1 (a copy of the
# sources, so builds for two kernels never share objects); prints its path.
# AESNI_VM_DEBIAN_MODULE=1 takes Debian's own aesni-intel instead: a control
# run of the rig itself, never a test of our module.
build_module() {
	local kver=$1 dir=$OUT/mod-$1 f
	if [ "${AESNI_VM_DEBIAN_MODULE:-0}" = 1 ]; then
		dir=$OUT/debian-$kver
		mkdir -p "$dir"
		# the distribution's file, even while ours is installed
		f=$(ls "/lib/modules/$kver"/kernel/arch/x86/crypto/aesni-intel.ko*)
		case $f in
		*.xz) xz -dc "$f" > "$dir/aesni-intel.ko" ;;
		*) cp "$f" "$dir/aesni-intel.ko" ;;
		esac
		say "CONTROL RUN: Debian's own aesni-intel for $kver, not ours"
		echo "$dir/aesni-intel.ko"
		return
	fi
	mkdir -p "$dir"
	for f in Kbuild Kconfig Makefile "$REPO"/*.c "$REPO"/*.S "$REPO"/*.h; do
		f=${f#"$REPO"/}
		[ -e "$REPO/$f" ] && cp -p "$REPO/$f" "$dir/"
	done
	mkdir -p "$dir/include"
	cp -p "$REPO"/include/*.h "$dir/include/"
	say "building aesni-intel.ko for $kver in ${dir#"$REPO"/}"
	if ! make -C "$dir" KDIR="/usr/src/linux-headers-$kver" -j2 modules \
		> "$dir/build.log" 2>&1; then
		tail -n 20 "$dir/build.log" >&2
		return 1
	fi
	echo "$dir/aesni-intel.ko"
}

# host tools: the case generator (OpenSSL) and the static AF_ALG client
build_tools() {
	local t=$OUT/tools
	mkdir -p "$t"
	for f in gen-cases afalg-client crypto-prio; do
		[ "$t/$f" -nt "$VMDIR/$f.c" ] && continue
		say "building $f"
		case $f in
		gen-cases) gcc -O2 -Wall -o "$t/$f" "$VMDIR/$f.c" -lcrypto ;;
		*) gcc -O2 -Wall -static -o "$t/$f" "$VMDIR/$f.c" ;;
		esac
	done
}

# modules (names) in insmod order with their dependencies, deduplicated
module_files() {
	local kver=$1; shift
	local m
	for m in "$@"; do
		modprobe -S "$kver" --show-depends "$m" || die "no module $m for $kver"
	done | awk '$1 == "insmod" && !seen[$2]++ { print $2 }'
}

# copy binaries with the shared libraries they need (ldd), keeping paths
copy_with_libs() {
	local root=$1 f; shift
	for f in "$@"; do
		cp -L --parents "$f" "$root"
		ldd "$f" 2>/dev/null | awk '/=> \// { print $3 } /^\t\// { print $1 }'
	done | sort -u | while read -r f; do cp -L --parents "$f" "$root"; done
}

# make_initramfs NAME KVER KO PROFILE: pack build/vm/NAME.cpio.gz.
# Profile "full": AF_ALG, dm-crypt, IPsec and their tools; "small": AF_ALG
# only (Bochs).  Test data must already be in build/vm/data-PROFILE.
# The module under test goes to /aesni-intel.ko, loaded by the tests.
make_initramfs() {
	local name=$1 kver=$2 ko=$3 profile=$4
	local root=$OUT/$name.root m deps
	local mods="af_alg algif_aead algif_skcipher ecb"
	local tools=
	rm -rf "$root"
	mkdir -p "$root"/{bin,dev,proc,sys,tmp,run,mnt,lib/modules,data}
	if [ "$profile" = full ]; then
		# seqiv takes its salt from "stdrng": drbg is built into 6.12, a
		# module in 6.1 whose jitterentropy seed fails under TCG, so
		# ansi_cprng stands in there
		mods="$mods loop dm-crypt ext4 veth xfrm_user esp4 seqiv ansi_cprng"
		# crypto-prio --delrng frees the default RNG before the reloads
		mods="$mods crypto_user"
		# the kernel's generic gcm and xts, to compete with ours
		mods="$mods ctr gcm ghash-generic xts cts"
		# dm-crypt's aes-cbc-essiv:sha256
		mods="$mods essiv"
		tools="/usr/sbin/cryptsetup /usr/sbin/ip"
	fi
	# what our module needs (crypto_simd, cryptd, ...) comes first
	deps=$(modinfo -F depends "$ko" | tr ',' ' ')
	for m in $(module_files "$kver" $deps $mods); do
		case $m in
		*/aesni-intel.ko*) die "$m: Debian's aesni-intel must not be in the guest" ;;
		*.xz) xz -dc "$m" > "$root/lib/modules/$(basename "$m" .xz)" ;;
		*) cp "$m" "$root/lib/modules/" ;;
		esac
		basename "${m%.xz}" >> "$root/lib/modules/load-order"
	done
	cp "$ko" "$root/aesni-intel.ko"
	# its GNU build-id note, to check in the guest that this is what runs
	objcopy -O binary --only-section=.note.gnu.build-id "$ko" "$root/data/build-id"
	cp /bin/busybox "$root/bin/busybox"
	[ -z "$tools" ] || copy_with_libs "$root" $tools
	cp "$OUT/tools/afalg-client" "$root/bin/"
	[ "$profile" != full ] || cp "$OUT/tools/crypto-prio" "$root/bin/"
	install -m 755 "$VMDIR/guest/init" "$root/init"
	cp "$VMDIR/guest/tests.sh" "$root/tests.sh"
	cp -r "$OUT/data-$profile/." "$root/data/"
	cp "$VMDIR"/debian-algs-*.txt "$root/data/"
	(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) > "$OUT/$name.cpio.gz"
	say "initramfs $name.cpio.gz: $(du -k "$OUT/$name.cpio.gz" | cut -f1) KiB ($kver, $profile)"
}

# Test data made on the host: AF_ALG cases and expected answers (OpenSSL),
# dm-crypt keys, the plaintext pattern and its expected sectors.
make_data() {
	local profile=$1 scale=$2 d=$OUT/data-$1 bits key
	local seed=$AESNI_VM_SEED
	rm -rf "$d"
	mkdir -p "$d"
	"$OUT/tools/gen-cases" random "$seed" "$scale" > "$d/cases.txt"
	"$OUT/tools/gen-cases" bad > "$d/bad.txt"
	say "AF_ALG cases: $(wc -l < "$d/cases.txt") random (seed $seed," \
		"AESNI_VM_SEED=$seed reproduces), $(wc -l < "$d/bad.txt") bad-input"
	[ "$profile" = full ] || return 0
	head -c 65536 /dev/urandom > "$d/pattern"
	head -c 32 /dev/urandom > "$d/passphrase"
	for bits in 256 512; do
		head -c $((bits / 8)) /dev/urandom > "$d/key$bits"
		key=$(od -An -tx1 "$d/key$bits" | tr -d ' \n')
		# plain dm-crypt writes the pattern at sector 0 and at sector 70000
		"$OUT/tools/gen-cases" xts-sectors "$key" 0 < "$d/pattern" > "$d/xts$bits-0"
		"$OUT/tools/gen-cases" xts-sectors "$key" 70000 < "$d/pattern" > "$d/xts$bits-70000"
	done
	key=$(od -An -tx1 "$d/key256" | tr -d ' \n')
	"$OUT/tools/gen-cases" essiv-sectors "$key" 0 < "$d/pattern" > "$d/essiv256-0"
	"$OUT/tools/gen-cases" essiv-sectors "$key" 70000 < "$d/pattern" > "$d/essiv256-70000"
}

# run_qemu KVER INITRD MODE LOG TIMEOUT [SMP MEM APPEND]: boot under TCG
# (-cpu max: AES-NI, AVX, VAES, but no VPCLMULQDQ or AVX-512) with SMP
# vCPUs (2) and MEM MiB (1024), APPEND added to the kernel command line,
# and show the guest's "vm|" lines.
# (no_timer_check: on a busy host the emulated timer can miss the kernel's
# IO-APIC check, which then panics.)
#
# One retry, for a crash of the kernel's own boot under TCG (seen once: an
# int3 Oops in sched_clock_cpu, a text-patching race of the emulation): only
# if the guest's /init printed nothing (no "vm|" line) and the console never
# names aesni, i.e. the module under test was not loaded (/init loads only
# the modules the tests need; tests.sh, install.sh load ours).  The first
# console log is kept as LOG.boot-crash.
run_qemu() {
	local kver=$1 initrd=$2 mode=$3 log=$4 limit=$5 smp=${6:-2} mem=${7:-1024}
	local append=${8:+ $8} try
	for try in 1 2; do
		say "booting $kver under QEMU TCG (-cpu max), mode $mode, log ${log#"$REPO"/}"
		timeout "$limit" qemu-system-x86_64 -accel tcg -cpu max -smp "$smp" -m "$mem" \
			-nographic -no-reboot -kernel "/boot/vmlinuz-$kver" \
			-initrd "$initrd" -append "console=ttyS0 quiet panic=-1 no_timer_check vmtest=$mode$append" \
			< /dev/null 2>&1 | sed -u 's/\r$//' | tee "$log" | sed -un 's/^.*vm| //p' || true
		if [ "$try" = 2 ] || grep -q 'vm| ' "$log" || grep -qi aesni "$log"; then
			break
		fi
		mv "$log" "$log.boot-crash"
		say "the $kver kernel stopped before /init ran, our module not loaded: booting once more (first log: ${log#"$REPO"/}.boot-crash)"
	done
	grep -q 'vm| GUEST-DONE' "$log"
}

# run_bochs KVER INITRD MODE LOG TIMEOUT: boot on Bochs' tigerlake model
# (AVX-512, VAES, VPCLMULQDQ), see scripts/bochs-linux.sh.
. "$REPO/scripts/bochs-linux.sh"
run_bochs() {
	local kver=$1 initrd=$2 mode=$3 log=$4 limit=$5
	say "booting $kver under Bochs (tigerlake), mode $mode, log ${log#"$REPO"/}"
	bochs_boot_linux "$OUT/bochs" "/boot/vmlinuz-$kver" "$initrd" \
		"quiet panic=-1 clearcpuid=pku,xsaves,xsavec vmtest=$mode" \
		"$log" "$limit" 'vm| GUEST-DONE' 512
	tr -d '\r' < "$log" | sed -n 's/^.*vm| //p'
	grep -q 'vm| GUEST-DONE' "$log"
}
