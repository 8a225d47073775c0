# SPDX-License-Identifier: GPL-2.0-or-later
#
# Out-of-tree build of the aesni-intel module, and the project's targets.
# Inside a kernel tree, Kbuild reads the file "Kbuild" and never this one.
#
#   make              build aesni-intel.ko against the newest installed
#                     Debian linux-headers-6.12.*-amd64 (override KDIR=)
#   make check        install what is missing, then every check below
#   make check-static checkpatch --strict and a W=1 build without warnings
#   make check-user   user-space differential tests of every implementation
#                     the CPU runs (OpenSSL and a C model as references)
#   make check-emu    the same driver on a bare-metal image under Bochs
#                     (tigerlake): all implementations incl. AVX10/512
#   make check-vm     the module in Debian's 6.12 and 6.1 kernels (QEMU) and
#                     6.12 under Bochs: self-tests, AF_ALG, dm-crypt, IPsec
#   make check-kunit  KUnit + full crypto self-tests + KASAN, in-tree kernel
#   make bench        throughput against OpenSSL and Linux 6.12's code
#   make run          the demo: a throw-away VM with the module serving
#                     dm-crypt and IPsec

KDIR ?= $(lastword $(sort $(wildcard /usr/src/linux-headers-6.12.*-amd64)))
KBUILD_OPTS = CONFIG_CRYPTO_AES_GCM_XTS_X86=m W=1

.PHONY: all modules clean deps check check-static check-user check-emu \
	check-vm check-kunit bench run

all: modules

modules:
	@test -n "$(KDIR)" || { echo "no kernel headers: run 'make deps' or set KDIR=" >&2; exit 1; }
	$(MAKE) -C $(KDIR) M=$(CURDIR) $(KBUILD_OPTS) modules

clean:
	-test -z "$(KDIR)" || $(MAKE) -C $(KDIR) M=$(CURDIR) clean
	rm -rf build
	$(MAKE) -C tests/user clean
	-$(MAKE) -C bench clean

deps:
	./scripts/install-deps.sh

check: deps
	./scripts/check-all.sh

check-static:
	./scripts/check-static.sh

check-user:
	$(MAKE) -C tests/user check

check-emu:
	./emu/run-tests.sh

check-vm:
	./vm/check-vm.sh

check-kunit:
	./kunit/check-kunit.sh

bench:
	$(MAKE) -C bench run

run: deps
	./vm/demo.sh
