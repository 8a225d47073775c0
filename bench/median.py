#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Median over several bench runs of the ratio in the configuration worst for us.

Usage: median.py [--low] RUN.tsv...

Each RUN.tsv is the BENCH_TSV file of one bench process (what the charts are
drawn from; make bench BENCH_RUNS=N keeps them as build/bench/run-N.tsv).
Its last column is, for every row and length, ours / the peer in the
configuration worst for us.  The shared machine runs whole processes at one
of two speeds, so one process proves little: the README quotes the median
over several.

Prints the README's table (AES-256, 16 B / 4096 B), then every row, any key
size and length, whose median is below 1.00, with each run's value.
--low prints only that list.  Exits with status 1 if a file has no rows.
"""
import statistics
import sys

RET_MODELS = set()     # BENCH_RET of the runs that say (bench/Makefile)
IMPLS = ["aesni", "aesni_avx", "vaes_avx2", "vaes_avx10_256", "vaes_avx10_512"]
TABLE = [("xts", "enc"), ("xts", "dec"), ("gcm", "enc"), ("gcm", "dec"),
         ("gcm1", "enc"), ("gcm1", "dec"), ("ecb", "enc"), ("ecb", "dec"),
         ("cbc", "enc"), ("cbc", "dec"), ("ctr", "enc"), ("xctr", "enc")]


def parse(files):
    """(mode, impl, bits, dir, len) -> [worst ratio of each run]"""
    ratios = {}
    for name in files:
        seen = {}
        with open(name) as f:
            for line in f:
                if line.startswith("# RET: "):
                    RET_MODELS.add(line[7:].strip())
                if line.startswith("#"):
                    continue
                # mode dir bits impl contender len MB/s config ratio
                field = line.rstrip("\n").split("\t")
                if len(field) != 9:
                    continue
                key = (field[0], field[3], int(field[2]), field[1][:3],
                       int(field[5]))
                seen[key] = float(field[8])	# the same on each contender
        if not seen:
            sys.exit(f"median.py: no result rows in {name}")
        for key, ratio in seen.items():
            ratios.setdefault(key, []).append(ratio)
    return ratios


def main():
    args = sys.argv[1:]
    low_only = bool(args) and args[0] == "--low"
    files = args[1:] if low_only else args
    if not files:
        sys.exit(__doc__.strip().splitlines()[2])
    ratios = parse(files)
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
        if RET_MODELS:
            print(f"RET in the timed assembly: {', '.join(sorted(RET_MODELS))}"
                  " (BENCH_RET)")
        print()
    print("Rows with a median below 1.00 (mode impl key dir length: median [runs]):")
    for k in sorted(med):
        if med[k] < 1.0:
            runs = " ".join(f"{x:.3f}" for x in ratios[k])
            print(f"  {k[0]} {k[1]} {k[2]} {k[3]} {k[4]}: {med[k]:.3f} [{runs}]")


if __name__ == "__main__":
    main()
