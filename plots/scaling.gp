# SPDX-License-Identifier: MIT
# abstat plot --kind scaling: results run with different --copies; copies
# vs aggregate throughput (ops/s summed over the copies: median with its
# 95% CI), one line per benchmark, and ideal linear scaling from the result
# with the fewest copies drawn dashed.
#
# Set before this script runs (abstat passes them with -e, or a .gp file
# written by abstat sets them in its first lines):
#   data  the data file (columns: abstat-plot(1), PLOT DATA FILES)
#   out   the output file
#   fmt   "png", "svg" or "txt"
# Every string shown (labels, titles, names) is read from the data file,
# never written into this script: gnuplot runs `backquotes` in command text.

set datafile separator "\t"
# abstat writes '"' in strings as \001: gnuplot data fields cannot hold '"'.
Q = "\001"
unq(s) = strstrt(s, Q) ? s[1:strstrt(s, Q) - 1] . '"' . \
	 unq(s[strstrt(s, Q) + 1:]) : s

# index 0: 0, title, subtitle, benchmarks, most copies
stats data index 0 using (title = unq(strcol(2)), sub = unq(strcol(3)), \
	nb = column(4), maxc = column(5), 0) nooutput
# index 1: benchmark number, benchmark name
array bench[nb]
do for [i = 1:nb] {
	stats data index 1 every ::(i - 1)::(i - 1) \
		using (lab = unq(strcol(2)), 0) nooutput
	bench[i] = lab
}
# index 1 + b: copies, median ops/s, CI low, CI high, ideal, side label

if (fmt eq "png") {
	set terminal pngcairo noenhanced size 800, 540 font "sans,10"
} else {
	if (fmt eq "svg") {
		set terminal svg noenhanced size 800, 540 font "sans,10"
	} else {
		set terminal dumb noenhanced nofeed size 72, 30
	}
}
set output out

set title title . "\n" . sub
set xlabel "copies (each pinned to its own CPU)"
set ylabel "ops/s, all copies"
set xrange [0.5:maxc + 0.5]
if (maxc <= 16) { set xtics 1 }
set xtics nomirror
set ytics nomirror
set border 3
set format y "%.1s%c"
set key top left vertical
# Throughputs of different benchmarks differ by orders of magnitude.
if (nb > 1) { set logscale y }
if (nb == 1) { set yrange [0:*] }
if (fmt ne "txt") { set grid ytics }

if (fmt eq "txt") {
	plot for [b = 1:nb] data index 1 + b using 1:2:3:4 \
		with yerrorlines lt b pt b title bench[b], \
	     for [b = 1:nb] data index 1 + b using 1:5 \
		with lines lt 0 title (b == 1 ? "linear" : "")
} else {
	plot for [b = 1:nb] data index 1 + b using 1:2:3:4 \
		with yerrorlines lw 2 pt 7 lc b title bench[b], \
	     for [b = 1:nb] data index 1 + b using 1:5 \
		with lines dt 2 lw 1.5 lc b title (b == 1 ? "linear" : ""), \
	     for [b = 1:nb] data index 1 + b \
		using 1:2:(unq(strcol(6))) with labels left offset 1, 0.7 \
		font ",8" notitle
}
