#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# "make check": every check target in turn.  Each ends with a line
# "N passed, N failed[, N skipped]"; this adds them up, prints a table and
# ends with the grand total.  A target that crashes without printing its
# counts is counted as one failure.
set -u
cd "$(dirname "$0")/.."
mkdir -p build
targets=${CHECK_TARGETS:-"check-static check-user check-emu check-vm check-kunit"}
tp=0 tf=0 ts=0
summary=""
for t in $targets; do
	echo "=== make $t ==="
	start=$(date +%s)
	make --no-print-directory "$t" 2>&1 | tee "build/$t.log"
	st=${PIPESTATUS[0]}
	secs=$(( $(date +%s) - start ))
	line=$(grep -E '^([A-Za-z-]+: )?[0-9]+ passed, [0-9]+ failed' "build/$t.log" | tail -n 1)
	p=$(echo "$line" | sed -nE 's/.*\b([0-9]+) passed.*/\1/p')
	f=$(echo "$line" | sed -nE 's/.*\b([0-9]+) failed.*/\1/p')
	s=$(echo "$line" | sed -nE 's/.*\b([0-9]+) skipped.*/\1/p')
	p=${p:-0} f=${f:-0} s=${s:-0}
	if [ -z "$line" ] || { [ "$st" != 0 ] && [ "$f" = 0 ]; }; then
		echo "check: make $t exited $st without a failure count: counted as 1 failure"
		f=$((f + 1))
	fi
	tp=$((tp + p)) tf=$((tf + f)) ts=$((ts + s))
	summary="$summary$(printf '%-12s %5d passed %4d failed %4d skipped  %5ds' "$t" "$p" "$f" "$s" "$secs")\n"
done
echo "=== summary ==="
printf "$summary"
echo "$tp passed, $tf failed, $ts skipped"
[ "$tf" = 0 ]
