#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# bench/placements.sh REV [REV...]: compare trees across code placements.
#
# On the Zen 3 of bench/results a row of 16-64 B moves by up to 10 % when
# our code merely moves by 16 bytes (where its branches and call targets
# fall for the branch predictor and the op cache), so one build's ratio can
# credit or blame a change for what is only its new layout.  This builds the
# bench once per REV (a git revision of this repository; "." = the working
# tree) and per shift of our objects' code (PLACE_SHIFTS, default "0 16 32
# 48": bench/Makefile's TEXT_SHIFT, so every function of ours moves by
# that many bytes; Linux's objects stay where they are), runs the
# builds in turn, PLACE_REPS times (default 2), and prints for every row the
# mean and the lowest of its worst-configuration ratio (ours / Linux 6.12)
# over all of them.  Rows are chosen with BENCH_FILTER, BENCH_LENS and
# BENCH_KEYS as for make bench (defaults: "ecb", "16 64", "128").
#
# A change is a win where its mean beats the other tree's across shifts, not
# where one build reads higher.  Builds go to build/bench/placements/.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=$ROOT/build/bench/placements
SHIFTS=${PLACE_SHIFTS:-0 16 32 48}
REPS=${PLACE_REPS:-2}
FILTER=${BENCH_FILTER:-ecb}
LENS=${BENCH_LENS:-16 64}
KEYS=${BENCH_KEYS:-128}
[ $# -ge 1 ] || { echo "usage: bench/placements.sh REV [REV...]" >&2; exit 2; }

cd "$ROOT"
make -s -C bench objs		# Linux's objects, aes_ref.o and cpu.o
for rev in "$@"; do
	src=$OUT/src-${rev//\//_}
	rm -rf "$src"
	mkdir -p "$src"
	if [ "$rev" = . ]; then
		cp ./*.S ./*.h Kbuild "$src"
	else
		git archive "$rev" -- '*.S' '*.h' Kbuild | tar -x -C "$src"
	fi
	for shift in $SHIFTS; do
		make -s -C bench SRC="$src" BUILD="$src/build-$shift" \
			TEXT_SHIFT="$shift" bin
		make -s -C bench SRC="$src" BUILD="$src/build-$shift" \
			TEXT_SHIFT="$shift" print-bin > "$src/bin-$shift"
	done
done

echo "rows: $FILTER, lengths $LENS, AES-$KEYS; shifts $SHIFTS, $REPS time(s) each"
for _ in $(seq "$REPS"); do
	for shift in $SHIFTS; do
		for rev in "$@"; do
			BENCH_FILTER=$FILTER BENCH_LENS=$LENS BENCH_KEYS=$KEYS BENCH_ROUNDS=5 \
				taskset -c "${BENCH_CPU:-$(($(nproc) - 1))}" \
				"$(cat "$OUT/src-${rev//\//_}/bin-$shift")" |
			awk -v rev="$rev" '
				/^[a-z0-9]+ [a-z_0-9]+ AES-/ { row = $1 " " $2 " " $3 " " $4 }
				/^ +[0-9]+ +[0-9]/ { n = split($0, a, "|"); m = split(a[2], q, " ");
					print row, $1, rev, q[m] }'
		done
	done
done | awk '{ k = $1 " " $2 " " $3 " " $4 " " $5 " " $6; s[k] += $7; n[k]++
	if (!(k in lo) || $7 < lo[k]) lo[k] = $7 }
	END { for (k in s) printf "%-44s mean %.3f  lowest %.2f  (%d builds x runs)\n",
		k, s[k] / n[k], lo[k], n[k] }' | sort -k1,1 -k2,2 -k3,3 -k4,4 -k5,5n -k6,6
