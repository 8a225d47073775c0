#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Installs, as root on Debian 12, everything the build, the tests, the
# benchmark and the demo need.  Idempotent: packages already present are
# skipped without touching the network.
set -eu

# The newest Debian 6.12 and 6.1 kernels: headers to build against, images
# to boot in the VM tests.  Versions move as Debian publishes updates.
newest() {
	apt-cache search --names-only "$1" | awk '{print $1}' | sort -V | tail -n 1
}

pkgs="build-essential make gcc libssl-dev libelf-dev flex bison bc python3
      xz-utils kmod cpio busybox-static qemu-system-x86 bochs bochsbios
      vgabios bochs-x xorriso isolinux syslinux-common cryptsetup-bin
      kcapi-tools libkcapi-dev iproute2 e2fsprogs linux-source-6.12 jq
      dkms llvm-19 gnuplot-nox"

missing=""
for p in $pkgs; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null |
		grep -q 'install ok installed' || missing="$missing $p"
done
have_kernels=yes
for pat in 'linux-headers-6.12.*-amd64' 'linux-headers-6.1.0-*-amd64'; do
	ls -d /usr/src/$pat >/dev/null 2>&1 || have_kernels=no
done

if [ -z "$missing" ] && [ "$have_kernels" = yes ]; then
	echo "deps: all present"
	exit 0
fi

if [ "$(id -u)" != 0 ]; then
	echo "deps: missing:$missing (run as root to install)" >&2
	exit 1
fi

export DEBIAN_FRONTEND=noninteractive
echo "deps: apt-get update"
apt-get update -qq
k612=$(newest '^linux-image-6\.12\.[0-9.]*\+deb12-amd64-unsigned$')
k61=$(newest '^linux-image-6\.1\.0-[0-9]*-amd64-unsigned$')
h612=${k612%-unsigned}; h612=linux-headers-${h612#linux-image-}
h61=${k61%-unsigned}; h61=linux-headers-${h61#linux-image-}
echo "deps: installing$missing $k612 $h612 $k61 $h61"
apt-get install -y -qq --no-install-recommends $missing \
	"$k612" "$h612" "$k61" "$h61" >/dev/null
echo "deps: done"
