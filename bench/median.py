#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Median over several bench runs of the ratio in the configuration worst for us.

Usage: median.py [--low] RUN.txt...

Each RUN.txt is the output of one bench process (build/bench/bench.txt or
what make bench BENCH_RUNS=N keeps as build/bench/run-N.txt).  A row's
"worst" column is ours / the peer in the configuration worst for us; the
shared machine runs whole processes at one of two speeds, so one process
proves little and the median over several is what the README quotes.

Prints the README's table (AES-256, 16 B / 4096 B) and then every row,
any key size and length, whose median is below 1.00, with the runs' values.
--low prints only that list.  Exits with status 1 if no row was found.
"""
import re
import statistics
import sys
from collections import defaultdict

IMPLS = ["aesni", "aesni_avx", "vaes_avx2", "vaes_avx10_256", "vaes_avx10_512"]
TABLE = [("xts", "enc"), ("xts", "dec"), ("gcm", "enc"), ("gcm", "dec"),
         ("gcm1", "enc"), ("gcm1", "dec"), ("ecb", "enc"), ("ecb", "dec"),
         ("cbc", "enc"), ("cbc", "dec"), ("ctr", "enc"), ("xctr", "enc")]

# "xts aesni AES-256 encrypt  (linux = ...)", "gcm1 ... decrypt, 16 B AAD ..."
TITLE = re.compile(r"^(\w+) (\S+) AES-(\d+) (encrypt|decrypt)")
# "  4096  12345  11111 [openssl]  1.2%  0.21 |  1.01 ... worst |"
ROW = re.compile(r"^\s+(\d+)\s+\d+\s+\d+(?:\s+\d+)?\s+\S+%\s+\S+\s+\|([\s\d.]+)\|")


def parse(files):
    ratios = defaultdict(list)	# (mode, impl, bits, dir, len) -> [worst]
    for name in files:
        title = None
        with open(name) as f:
            for line in f:
                m = TITLE.match(line)
                if m:
                    title = (m.group(1), m.group(2), int(m.group(3)),
                             m.group(4)[:3])
                    continue
                m = ROW.match(line)
                if m and title:
                    worst = float(m.group(2).split()[-1])
                    ratios[title + (int(m.group(1)),)].append(worst)
                elif not line.strip():
                    title = None
    return ratios


def main():
    args = sys.argv[1:]
    low_only = bool(args) and args[0] == "--low"
    files = args[1:] if low_only else args
    if not files:
        sys.exit(__doc__.strip().splitlines()[2])
    ratios = parse(files)
    if not ratios:
        sys.exit("median.py: no result rows in " + " ".join(files))
    med = {k: statistics.median(v) for k, v in ratios.items()}
    if not low_only:
        print(f"ours / Linux 6.12, median of {len(files)} run(s), AES-256, "
              "worst of the configurations, at 16 B / 4096 B:")
        print(" " * 12 + "".join(f"{i:15s}" for i in IMPLS).rstrip())
        for mode, d in TABLE:
            line = f"  {mode + ' ' + d:10s}"
            for impl in IMPLS:
                a = med.get((mode, impl, 256, d, 16))
                b = med.get((mode, impl, 256, d, 4096))
                if a is None or b is None:
                    line += f"{'-':15s}"
                else:
                    line += f"{a:.2f} / {b:.2f}    "
            print(line.rstrip())
        print()
    print("Rows with a median below 1.00 (mode impl key dir length: median [runs]):")
    for k in sorted(med):
        if med[k] < 1.0:
            runs = " ".join(f"{x:.2f}" for x in ratios[k])
            print(f"  {k[0]} {k[1]} {k[2]} {k[3]} {k[4]}: {med[k]:.2f} [{runs}]")


if __name__ == "__main__":
    main()
