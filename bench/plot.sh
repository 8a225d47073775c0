#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# bench/plot.sh TSV OUTDIR: one gnuplot chart (PNG and SVG) of MB/s against
# message length per mode, direction and key size, from the data that
# bench writes (BENCH_TSV).  Ours are solid lines, Linux 6.12's dashed in
# the same colour, OpenSSL dotted; each point is in the configuration (IV
# stores, offset) that is worst for ours, as in the tables.
set -eu

tsv=$1
out=$2
command -v gnuplot >/dev/null || { echo "plots: SKIPPED (gnuplot not installed)"; exit 0; }
rm -rf "$out/plotdata"
mkdir -p "$out/plotdata"
cpu=$(sed -n 's/^# CPU: //p' "$tsv")
# BENCH_RET=thunk runs say so in the title (bench/Makefile)
grep -q '^# RET: thunk' "$tsv" && cpu="$cpu, returns as with SRSO Safe RET"

# One data file per chart and series: plotdata/CHART/NNR+WHO+IMPL.dat
# (NN: implementation's colour, R: ours, our other form, Linux)
awk -F'\t' -v dir="$out/plotdata" '
/^#/ { next }
{
	chart = $1 "-" $2 "-aes" $3
	impl = $4; who = $5
	if (!(impl in col))
		col[impl] = ++ncol
	if (who == "openssl") {
		if (chart in ossl_impl && ossl_impl[chart] != impl)
			next
		ossl_impl[chart] = impl
		series = "990+openssl+"
	} else {
		rank = who ~ /^linux/ ? 3 : who ~ /4-call/ ? 2 : 1
		gsub(/ /, "_", who)
		series = sprintf("%02d%d+%s+%s", col[impl], rank, who, impl)
	}
	f = dir "/" chart "/" series ".dat"
	if (!(chart in made)) {
		system("mkdir -p \"" dir "/" chart "\"")
		made[chart] = 1
	}
	print $6, $7 >> f
	close(f)
}' "$tsv"

n=0
for d in "$out"/plotdata/*/; do
	chart=$(basename "$d")
	title=$(echo "$chart" | awk -F- '{
		m = toupper($1); if (m == "GCM1") m = "GCM one-shot";
		print m ", AES-" substr($3, 4) ", " $2 }')
	for fmt in png svg; do
		if [ $fmt = png ]; then
			term='pngcairo size 1100,650 font ",10"'
		else
			term='svg size 1100,650 font ",10" dynamic'
		fi
		{
			echo "set terminal $term"
			echo "set termoption noenhanced"
			echo "set output '$out/$chart.$fmt'"
			echo "set title \"$title: MB/s (higher is better) on $cpu\""
			echo "set logscale x 2; set xlabel 'message length (bytes)'"
			echo "set ylabel 'MB/s (10^6 bytes/s)'; set grid"
			echo "set key outside right top"
			printf 'plot '
			sep=
			for f in "$d"*.dat; do
				s=$(basename "$f" .dat)
				c=$(echo "$s" | cut -c1-2 | sed 's/^0//')
				who=$(echo "$s" | cut -d+ -f2 | tr _ ' ')
				impl=$(echo "$s" | cut -d+ -f3)
				case $who in
				openssl) style="lc rgb 'black' dt 3"; name=openssl ;;
				linux*) style="lc $c dt 2"
					name="linux 6.12${who#linux}, peer of $impl" ;;
				*) style="lc $c dt 1"; name="$who $impl" ;;
				esac
				printf "%s'%s' using 1:2 with linespoints %s lw 1.5 title '%s'" \
					"$sep" "$f" "$style" "$name"
				sep=", \\
     "
			done
			echo
		} >"$d/plot.$fmt.gp"
		gnuplot "$d/plot.$fmt.gp"
	done
	n=$((n + 1))
done
echo "plots: $n charts (PNG and SVG) in $out/"
