// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * crypto-prio: set the priority of one crypto driver through the crypto
 * user netlink API (crypto_user.ko, CRYPTO_MSG_UPDATEALG), e.g. to make the
 * kernel pick vaes_avx10_512 for IPsec, whose SAs name only the algorithm.
 * The kernel also drops the template instances built on that driver (the
 * seqiv(...) of an earlier SA), so the next user instantiates anew.
 * Static, libc only; runs in the test VMs.
 *
 *   crypto-prio DRIVER PRIORITY
 *   crypto-prio --delrng   drop the kernel's default RNG (CRYPTO_MSG_DELRNG):
 *                          6.1's ansi_cprng holds an "aes" cipher, which pins
 *                          aesni-intel until the RNG is gone
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <linux/netlink.h>
#include <linux/cryptouser.h>

int main(int argc, char **argv)
{
	struct {
		struct nlmsghdr h;
		struct crypto_user_alg alg;
		struct nlattr a;
		unsigned int prio;
	} req = { 0 };
	struct {
		struct nlmsghdr h;
		struct nlmsgerr e;
		char pad[256];
	} ack;
	struct sockaddr_nl kernel = { .nl_family = AF_NETLINK };
	int fd;

	if (argc == 2 && !strcmp(argv[1], "--delrng")) {
		req.h.nlmsg_len = NLMSG_LENGTH(sizeof(req.alg));
		req.h.nlmsg_type = CRYPTO_MSG_DELRNG;
	} else if (argc == 3) {
		req.h.nlmsg_len = sizeof(req);
		req.h.nlmsg_type = CRYPTO_MSG_UPDATEALG;
	} else {
		fprintf(stderr, "usage: %s DRIVER PRIORITY | --delrng\n",
			argv[0]);
		return 2;
	}
	req.h.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	if (argc == 3) {
		snprintf(req.alg.cru_driver_name,
			 sizeof(req.alg.cru_driver_name), "%s", argv[1]);
		req.a.nla_len = NLA_HDRLEN + sizeof(req.prio);
		req.a.nla_type = CRYPTOCFGA_PRIORITY_VAL;
		req.prio = atoi(argv[2]);
	}
	fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_CRYPTO);
	if (fd < 0 || sendto(fd, &req, sizeof(req), 0,
			     (struct sockaddr *)&kernel, sizeof(kernel)) < 0 ||
	    recv(fd, &ack, sizeof(ack), 0) < 0) {
		perror("crypto-prio: netlink");
		return 1;
	}
	if (ack.h.nlmsg_type == NLMSG_ERROR && ack.e.error) {
		fprintf(stderr, "crypto-prio: %s: %s\n", argv[1],
			strerror(-ack.e.error));
		return 1;
	}
	return 0;
}
