#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Builds the in-tree test kernel: Debian's linux-source-6.12 with this
# directory added as arch/x86/crypto/aesni-intel/ (plus one line in the
# parent Kconfig and one in the parent Makefile, nothing else), configured
# from tinyconfig + kunit/kernel.config.  The tree is cached outside the
# repository, keyed by the source package version and the config fragment,
# so only the first run pays for a full build; later runs copy in changed
# files and rebuild what depends on them.
#
# Prints the path of the bzImage on its last line.
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
tarball=/usr/src/linux-source-6.12.tar.xz
srcver=$(dpkg-query -W -f='${Version}' linux-source-6.12)
key=$( (echo "$srcver"; cat "$repo/kunit/kernel.config") | sha256sum | cut -c1-16)
cache=${KUNIT_CACHE:-/var/cache/aesni-intel-kunit}/$key
tree=$cache/linux-source-6.12
drv=$tree/arch/x86/crypto/aesni-intel
jobs=$(nproc)
kmake() { make -C "$tree" ARCH=x86_64 -j"$jobs" "$@"; }

# One cached tree serves every checkout on the machine: hold a lock while
# copying in and building, and hand out a private copy of the bzImage, so
# that two checkouts never build into or boot from each other's half-built
# tree.
mkdir -p "$cache"
exec 9>"$cache.lock"
flock 9

if [ ! -f "$cache/.unpacked" ]; then
	echo "kunit: unpacking linux-source-6.12 $srcver into $cache" >&2
	rm -rf "$cache"; mkdir -p "$cache"
	tar -xJf "$tarball" -C "$cache"
	mkdir -p "$drv"
	echo 'source "arch/x86/crypto/aesni-intel/Kconfig"' >> "$tree/arch/x86/crypto/Kconfig"
	echo 'obj-y += aesni-intel/' >> "$tree/arch/x86/crypto/Makefile"
	touch "$cache/.unpacked"
fi

# Copy the driver's files; unchanged ones keep their timestamps.
for f in "$repo"/Kbuild "$repo"/Kconfig "$repo"/*.c "$repo"/*.h "$repo"/*.S; do
	[ -e "$f" ] || continue
	cmp -s "$f" "$drv/${f##*/}" || cp "$f" "$drv/"
done
# the library's public headers (include/aesni-gcm*.h)
mkdir -p "$drv/include"
for f in "$repo"/include/*.h; do
	[ -e "$f" ] || continue
	cmp -s "$f" "$drv/include/${f##*/}" || cp "$f" "$drv/include/"
done

if [ ! -f "$tree/.config" ]; then
	echo "kunit: configuring (tinyconfig + kunit/kernel.config)" >&2
	kmake -s tinyconfig >&2
	(cd "$tree" && ARCH=x86_64 scripts/kconfig/merge_config.sh -m .config \
		"$repo/kunit/kernel.config" >&2)
	kmake -s olddefconfig >&2
	missing=0
	while read -r line; do
		case "$line" in
		CONFIG_*=*) grep -qx "$line" "$tree/.config" || { echo "kunit: config lost: $line" >&2; missing=1; } ;;
		"# CONFIG_"*) sym=${line#\# }; sym=${sym%% *}
			! grep -q "^$sym=" "$tree/.config" || { echo "kunit: config set: $sym" >&2; missing=1; } ;;
		esac
	done < "$repo/kunit/kernel.config"
	if [ $missing != 0 ]; then
		rm -f "$tree/.config"
		exit 1
	fi
fi

# Files of the driver that are gone from the repository go from the tree.
for f in "$drv"/*.c "$drv"/*.h "$drv"/*.S; do
	[ -e "$f" ] || continue
	[ -e "$repo/${f##*/}" ] || rm -f "$f"
done

echo "kunit: building bzImage (-j$jobs)" >&2
kmake -s bzImage >&2
mkdir -p "$repo/build/kunit"
cp "$tree/arch/x86/boot/bzImage" "$repo/build/kunit/bzImage"
# The text of our objects (not the KUnit tests') in vmlinux, as its first
# symbol and the one after it, ADDR:NAME-ADDR:NAME, for fault-inject.sh.
for o in $(ar t "$drv/built-in.a" | grep -v kunit-test); do
	nm --defined-only "$o"
done | awk '$2 ~ /^[tT]$/ && $3 !~ /^_sub_/ { print $3 }' | sort -u |
	awk 'NR == FNR { ours[$1] = 1; next }
	     $2 ~ /^[tTwW]$/ && ($3 in ours) { if (!n++) first = $1 ":" $3; next }
	     n { r = first "-" $1 ":" $3; if (n > best) { best = n; range = r }; n = 0 }
	     END { print range }' - "$tree/System.map" > "$repo/build/kunit/ours.range"
echo "$repo/build/kunit/bzImage"
