// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * soak-io: the user-space loads of the concurrency soak (vm/guest/soak.sh),
 * each checking every byte it gets back.  Static, libc only.
 *
 *   soak-io blk DEV BLOCKS SECONDS WRITERS READERS
 *	BLOCKS 4 KiB blocks of DEV (a dm-crypt mapping), O_DIRECT so every
 *	read is decrypted and every write encrypted.  The first quarter is
 *	written once and then only read, by READERS processes; the rest is
 *	split between WRITERS processes, each of which rewrites and reads
 *	back random blocks of its own part.  Every block holds its number,
 *	its generation and a payload derived from both, so a read is checked
 *	against exactly what was last written there.  At the end every block
 *	is checked once more.
 *   soak-io tcp-server PORT SECONDS	(dual-stack: IPv4 and IPv6)
 *   soak-io tcp-client ADDR PORT SECONDS
 *	one TCP connection, both directions at once for SECONDS: each side
 *	sends a keyed byte stream and checks every byte it receives.
 *   soak-io fpu SECONDS
 *	keeps 16 ymm registers loaded with random values across a busy loop
 *	(preempted, interrupted, with kernel FPU users on every CPU) and
 *	checks them afterwards: user FPU state must survive.
 *
 * Each prints one line of counts and exits 1 on any mismatch or error.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define BLK		4096
#define WORDS		(BLK / 8)
#define MAGIC		0x736f616b2d696f00ULL	/* "soak-io" */

static uint64_t mix(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void die(const char *what)
{
	perror(what);
	exit(2);
}

/* ---------------------------------------------------------------- blk */

struct blk_counts {
	uint64_t written, read, verified, corrupt, errors;
};

/* What block @b holds at generation @gen. */
static void fill_block(uint64_t *w, uint64_t b, uint64_t gen)
{
	uint64_t sum = 0;
	int i;

	w[0] = MAGIC ^ b;
	w[1] = gen;
	for (i = 2; i < WORDS - 1; i++)
		w[i] = mix(b * 0x9e3779b97f4a7c15ULL ^ gen << 40 ^ i);
	for (i = 0; i < WORDS - 1; i++)
		sum = (sum ^ w[i]) * 0x100000001b3ULL;
	w[WORDS - 1] = sum;
}

static int blk_fd;
static uint64_t *blk_want, *blk_got;

static void blk_write(struct blk_counts *c, uint64_t b, uint64_t gen)
{
	fill_block(blk_want, b, gen);
	if (pwrite(blk_fd, blk_want, BLK, b * BLK) != BLK) {
		fprintf(stderr, "soak-io: write block %llu: %s\n",
			(unsigned long long)b, strerror(errno));
		c->errors++;
		return;
	}
	c->written += BLK;
}

static void blk_check(struct blk_counts *c, uint64_t b, uint64_t gen)
{
	int i;

	if (pread(blk_fd, blk_got, BLK, b * BLK) != BLK) {
		fprintf(stderr, "soak-io: read block %llu: %s\n",
			(unsigned long long)b, strerror(errno));
		c->errors++;
		return;
	}
	c->read += BLK;
	c->verified++;
	fill_block(blk_want, b, gen);
	if (!memcmp(blk_want, blk_got, BLK))
		return;
	for (i = 0; i < BLK && ((uint8_t *)blk_want)[i] ==
	     ((uint8_t *)blk_got)[i]; i++)
		;
	if (c->corrupt++ < 5)
		fprintf(stderr, "soak-io: CORRUPT block %llu (generation %llu, stored %llu): first bad byte %d\n",
			(unsigned long long)b, (unsigned long long)gen,
			(unsigned long long)blk_got[1], i);
}

static void blk_open(const char *dev)
{
	blk_fd = open(dev, O_RDWR | O_DIRECT);
	if (blk_fd < 0)
		die(dev);
	if (posix_memalign((void **)&blk_want, BLK, BLK) ||
	    posix_memalign((void **)&blk_got, BLK, BLK))
		die("posix_memalign");
}

static int blk(const char *dev, uint64_t blocks, double secs, int writers,
	       int readers)
{
	uint64_t fixed = blocks / 4, part = (blocks - fixed) / writers, b;
	struct blk_counts *c, sum = { 0 };
	int i, status, bad = 0;
	double end;

	c = mmap(NULL, sizeof(*c) * (writers + readers + 1),
		 PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (c == MAP_FAILED || !part)
		die("blk setup");
	blk_open(dev);
	for (b = 0; b < fixed; b++)
		blk_write(&c[0], b, 0);
	end = now() + secs;
	for (i = 0; i < writers + readers; i++) {
		struct blk_counts *me = &c[i + 1];
		uint64_t first = fixed + i * part, *gen, r;

		if (fork())
			continue;
		blk_open(dev);
		srandom(getpid());
		if (i >= writers) {	/* reader of the fixed part */
			while (now() < end)
				blk_check(me, random() % fixed, 0);
			_exit(0);
		}
		gen = calloc(part, sizeof(*gen));
		for (b = 0; b < part; b++)
			blk_write(me, first + b, gen[b] = 1);
		while (now() < end) {
			r = random() % part;
			if (random() & 1)
				blk_write(me, first + r, ++gen[r]);
			else
				blk_check(me, first + r, gen[r]);
		}
		for (b = 0; b < part; b++)
			blk_check(me, first + b, gen[b]);
		_exit(0);
	}
	while (wait(&status) > 0)
		bad |= !WIFEXITED(status) || WEXITSTATUS(status);
	for (b = 0; b < fixed; b++)
		blk_check(&c[0], b, 0);
	for (i = 0; i <= writers + readers; i++) {
		sum.written += c[i].written;
		sum.read += c[i].read;
		sum.verified += c[i].verified;
		sum.corrupt += c[i].corrupt;
		sum.errors += c[i].errors;
	}
	printf("blk %s: %d writers + %d readers, %.0f s: written %llu KiB, read %llu KiB, %llu block reads verified, %llu corrupt, %llu I/O errors\n",
	       dev, writers, readers, secs,
	       (unsigned long long)sum.written / 1024,
	       (unsigned long long)sum.read / 1024,
	       (unsigned long long)sum.verified,
	       (unsigned long long)sum.corrupt,
	       (unsigned long long)sum.errors);
	return bad || sum.corrupt || sum.errors || !sum.verified;
}

/* ---------------------------------------------------------------- tcp */

/* Byte @pos of the stream keyed @key. */
static void stream_bytes(uint64_t key, uint64_t pos, uint8_t *buf, size_t n)
{
	uint64_t w = mix(key ^ pos / 8);
	size_t i;

	for (i = 0; i < n; i++, pos++) {
		if (i && !(pos % 8))
			w = mix(key ^ pos / 8);
		buf[i] = w >> (pos % 8 * 8);
	}
}

static int tcp_run(int fd, uint64_t send_key, uint64_t recv_key,
		   double secs, const char *who)
{
	uint64_t *sent, got = 0, bad = 0, first_bad = 0;
	static uint8_t buf[65536], want[65536];
	struct timeval tv = { .tv_sec = 60 };
	int status;
	pid_t pid;
	ssize_t n;

	sent = mmap(NULL, 8, PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sent == MAP_FAILED)
		die("mmap");
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	pid = fork();
	if (!pid) {	/* the sending half */
		double end = now() + secs;
		size_t len;

		while (now() < end) {
			len = 1 + random() % sizeof(buf);
			stream_bytes(send_key, *sent, buf, len);
			n = write(fd, buf, len);
			if (n <= 0)
				die("tcp send");
			*sent += n;
		}
		shutdown(fd, SHUT_WR);
		_exit(0);
	}
	while ((n = read(fd, buf, sizeof(buf))) > 0) {
		stream_bytes(recv_key, got, want, n);
		if (memcmp(buf, want, n)) {
			ssize_t i;

			for (i = 0; i < n; i++)
				if (buf[i] != want[i] && !bad++)
					first_bad = got + i;
		}
		got += n;
	}
	if (n < 0)
		perror("tcp receive");
	waitpid(pid, &status, 0);
	printf("tcp %s: sent %llu bytes, received %llu bytes, %llu bad bytes%s\n",
	       who, (unsigned long long)*sent, (unsigned long long)got,
	       (unsigned long long)bad, n < 0 ? ", receive error" : "");
	if (bad)
		printf("tcp %s: first bad byte at offset %llu\n", who,
		       (unsigned long long)first_bad);
	return n < 0 || bad || !got || !WIFEXITED(status) ||
	       WEXITSTATUS(status);
}

static int tcp_server(int port, double secs)
{
	struct sockaddr_in6 a = { .sin6_family = AF_INET6,
				  .sin6_port = htons(port) };
	int s = socket(AF_INET6, SOCK_STREAM, 0), one = 1, zero = 0, fd;
	char who[32];

	setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	setsockopt(s, IPPROTO_IPV6, IPV6_V6ONLY, &zero, sizeof(zero));
	if (bind(s, (struct sockaddr *)&a, sizeof(a)) || listen(s, 1))
		die("tcp listen");
	fd = accept(s, NULL, NULL);
	if (fd < 0)
		die("accept");
	snprintf(who, sizeof(who), "server :%d", port);
	return tcp_run(fd, 2 + port, 1 + port, secs, who);
}

static int tcp_client(const char *addr, int port, double secs)
{
	struct sockaddr_in6 a6 = { .sin6_family = AF_INET6,
				   .sin6_port = htons(port) };
	struct sockaddr_in a4 = { .sin_family = AF_INET,
				  .sin_port = htons(port) };
	bool v6 = strchr(addr, ':');
	struct sockaddr *a = v6 ? (struct sockaddr *)&a6 : (struct sockaddr *)&a4;
	socklen_t alen = v6 ? sizeof(a6) : sizeof(a4);
	char who[80];
	int fd, tries;

	if (inet_pton(v6 ? AF_INET6 : AF_INET, addr,
		      v6 ? (void *)&a6.sin6_addr : (void *)&a4.sin_addr) != 1)
		die(addr);
	for (tries = 0;; tries++) {
		fd = socket(a->sa_family, SOCK_STREAM, 0);
		if (!connect(fd, a, alen))
			break;
		close(fd);
		if (tries == 100)
			die("connect");
		usleep(100000);
	}
	snprintf(who, sizeof(who), "client %s:%d", addr, port);
	return tcp_run(fd, 1 + port, 2 + port, secs, who);
}

/* ---------------------------------------------------------------- fpu */

static int fpu(double secs)
{
	uint64_t in[64] __attribute__((aligned(32)));
	uint64_t out[64] __attribute__((aligned(32)));
	uint64_t checks = 0, bad = 0, spins;
	double end = now() + secs;
	int i;

	while (now() < end) {
		for (i = 0; i < 64; i++)
			in[i] = mix(checks * 64 + i);
		spins = 200000;
		asm volatile(
			"vmovdqa 0x000(%[in]), %%ymm0\n\t"
			"vmovdqa 0x020(%[in]), %%ymm1\n\t"
			"vmovdqa 0x040(%[in]), %%ymm2\n\t"
			"vmovdqa 0x060(%[in]), %%ymm3\n\t"
			"vmovdqa 0x080(%[in]), %%ymm4\n\t"
			"vmovdqa 0x0a0(%[in]), %%ymm5\n\t"
			"vmovdqa 0x0c0(%[in]), %%ymm6\n\t"
			"vmovdqa 0x0e0(%[in]), %%ymm7\n\t"
			"vmovdqa 0x100(%[in]), %%ymm8\n\t"
			"vmovdqa 0x120(%[in]), %%ymm9\n\t"
			"vmovdqa 0x140(%[in]), %%ymm10\n\t"
			"vmovdqa 0x160(%[in]), %%ymm11\n\t"
			"vmovdqa 0x180(%[in]), %%ymm12\n\t"
			"vmovdqa 0x1a0(%[in]), %%ymm13\n\t"
			"vmovdqa 0x1c0(%[in]), %%ymm14\n\t"
			"vmovdqa 0x1e0(%[in]), %%ymm15\n\t"
			"1: dec %[n]\n\t"
			"jnz 1b\n\t"
			"vmovdqa %%ymm0, 0x000(%[out])\n\t"
			"vmovdqa %%ymm1, 0x020(%[out])\n\t"
			"vmovdqa %%ymm2, 0x040(%[out])\n\t"
			"vmovdqa %%ymm3, 0x060(%[out])\n\t"
			"vmovdqa %%ymm4, 0x080(%[out])\n\t"
			"vmovdqa %%ymm5, 0x0a0(%[out])\n\t"
			"vmovdqa %%ymm6, 0x0c0(%[out])\n\t"
			"vmovdqa %%ymm7, 0x0e0(%[out])\n\t"
			"vmovdqa %%ymm8, 0x100(%[out])\n\t"
			"vmovdqa %%ymm9, 0x120(%[out])\n\t"
			"vmovdqa %%ymm10, 0x140(%[out])\n\t"
			"vmovdqa %%ymm11, 0x160(%[out])\n\t"
			"vmovdqa %%ymm12, 0x180(%[out])\n\t"
			"vmovdqa %%ymm13, 0x1a0(%[out])\n\t"
			"vmovdqa %%ymm14, 0x1c0(%[out])\n\t"
			"vmovdqa %%ymm15, 0x1e0(%[out])\n\t"
			"vzeroupper"
			: [n] "+r" (spins)
			: [in] "r" (in), [out] "r" (out)
			: "memory", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4",
			  "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10",
			  "xmm11", "xmm12", "xmm13", "xmm14", "xmm15");
		checks++;
		if (memcmp(in, out, sizeof(in)) && bad++ < 5)
			fprintf(stderr, "soak-io: fpu: ymm registers changed under us (check %llu)\n",
				(unsigned long long)checks);
	}
	printf("fpu: %llu checks of 16 ymm registers, %llu mismatches\n",
	       (unsigned long long)checks, (unsigned long long)bad);
	return bad || !checks;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 7 && !strcmp(argv[1], "blk"))
		return blk(argv[2], strtoull(argv[3], NULL, 0),
			   atof(argv[4]), atoi(argv[5]), atoi(argv[6]));
	if (argc == 4 && !strcmp(argv[1], "tcp-server"))
		return tcp_server(atoi(argv[2]), atof(argv[3]));
	if (argc == 5 && !strcmp(argv[1], "tcp-client"))
		return tcp_client(argv[2], atoi(argv[3]), atof(argv[4]));
	if (argc == 3 && !strcmp(argv[1], "fpu"))
		return fpu(atof(argv[2]));
	fprintf(stderr, "usage: see the head of vm/soak-io.c\n");
	return 2;
}
