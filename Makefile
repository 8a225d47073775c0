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
#   make install      (root) into /lib/modules/<KDIR's kernel>/updates, depmod
#   make uninstall    (root) remove it again: the distribution's module is back
#   make dkms-install / dkms-uninstall   the same through DKMS, for every
#                     installed kernel and on kernel upgrades (dkms.conf)
#   make check-install  DKMS-installs for the installed 6.12 and 6.1 kernels,
#                     boots each in QEMU: ours is loaded and serves every
#                     name the distribution's module served; then uninstalls

KDIR ?= $(lastword $(sort $(wildcard /usr/src/linux-headers-6.12.*-amd64)))
KBUILD_OPTS = CONFIG_CRYPTO_AES_GCM_XTS_X86=m W=1
# the release of the kernel KDIR is for (6.1's kernel.release is not it)
KVER = $(shell sed -n 's/^\#define UTS_RELEASE "\(.*\)"/\1/p' \
	$(KDIR)/include/generated/utsrelease.h 2>/dev/null)
DKMS_VERSION = $(shell sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' dkms.conf)
DKMS_SRC = /usr/src/aesni-intel-$(DKMS_VERSION)

.PHONY: all modules clean deps check check-static check-user check-emu \
	check-vm check-kunit check-install bench run install uninstall \
	dkms-install dkms-uninstall

all: modules

modules:
	@test -n "$(KDIR)" || { echo "no kernel headers: run 'make deps' or set KDIR=" >&2; exit 1; }
	$(MAKE) -C $(KDIR) M=$(CURDIR) $(KBUILD_OPTS) modules
	$(if $(wildcard vm/gcm-demo/Kbuild),$(MAKE) -C $(KDIR) \
		M=$(CURDIR)/vm/gcm-demo W=1 \
		KBUILD_EXTRA_SYMBOLS=$(CURDIR)/Module.symvers modules)

clean:
	-test -z "$(KDIR)" || $(MAKE) -C $(KDIR) M=$(CURDIR) clean
	-test -z "$(KDIR)" || $(MAKE) -C $(KDIR) M=$(CURDIR)/vm/gcm-demo clean
	rm -rf build
	$(MAKE) -C tests/user clean
	-$(MAKE) -C bench clean

# Into updates/, which depmod searches before kernel/: the distribution's
# aesni-intel stays on disk, and uninstall brings it back.
install: modules
	$(MAKE) -C $(KDIR) M=$(CURDIR) $(KBUILD_OPTS) INSTALL_MOD_DIR=updates \
		modules_install
	depmod -a $(KVER)
	@echo "installed aesni-intel for $(KVER): $$(modinfo -k $(KVER) -n aesni-intel)"

uninstall:
	rm -f /lib/modules/$(KVER)/updates/aesni-intel.ko*
	depmod -a $(KVER)
	@echo "aesni-intel for $(KVER) is now: $$(modinfo -k $(KVER) -n aesni-intel)"

# The module's sources only (no tests), as DKMS builds them.
dkms-install: dkms-uninstall
	mkdir -p $(DKMS_SRC)
	cp -p dkms.conf Kbuild Kconfig *.c *.h *.S $(DKMS_SRC)/
	if [ -d include ]; then cp -pr include $(DKMS_SRC)/; fi
	dkms add -m aesni-intel -v $(DKMS_VERSION)
	for b in /lib/modules/*/build; do \
		k=$${b%/build}; k=$${k##*/}; \
		[ -d "$$b/" ] || continue; \
		dkms install -m aesni-intel -v $(DKMS_VERSION) -k "$$k" || exit 1; \
	done
	dkms status -m aesni-intel

dkms-uninstall:
	if dkms status -m aesni-intel -v $(DKMS_VERSION) | grep -q .; then \
		dkms remove -m aesni-intel -v $(DKMS_VERSION) --all; fi
	rm -rf $(DKMS_SRC)

check-install: deps
	./vm/check-install.sh

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
