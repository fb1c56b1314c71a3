# SPDX-License-Identifier: MIT
# abstat plot --kind runs: every side's measured runs in run order, one
# panel per benchmark x metric, so drift, a slow first run and outliers
# show. A gap in a line separates the result files (boots) of one side.
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
# A key entry that does not fit is left empty by gnuplot ("difficulty
# fitting plot titles into key"): labels over 60 characters show 57 and ...
short(s) = strlen(s) > 60 ? s[1:57] . "..." : s

# the machine lines under the subtitle (two fields, "-" for none), and
# how many there are (the chart grows by them)
mline(a, b) = (a eq "-" ? "" : "\n" . unq(a)) . \
	       (b eq "-" ? "" : "\n" . unq(b))
mlines(a, b) = (a ne "-") + (b ne "-")
# index 0: 0, title, subtitle, panels, sides, most runs of a side,
# machine (two lines)
stats data index 0 using (title = unq(strcol(2)), sub = unq(strcol(3)), \
	np = column(4), ns = column(5), nruns = column(6), \
	mach = mline(strcol(7), strcol(8)), \
	nm = mlines(strcol(7), strcol(8)), 0) nooutput
# index 1: side number, side label
array side[ns]
do for [i = 1:ns] {
	stats data index 1 every ::(i - 1)::(i - 1) \
		using (lab = unq(strcol(2)), 0) nooutput
	side[i] = short(lab)
}
# index 2: panel number, panel title, unit, lowest value, highest value,
# and the axis's one unit: divisor, decimals, label (abstat picks them, so
# that no axis mixes "990.00" with "1.00k" or labels ns ticks "212M")
array ptitle[np]
array plabel[np]
array pdiv[np]
array pfmt[np]
do for [i = 1:np] {
	stats data index 2 every ::(i - 1)::(i - 1) \
		using (lab = unq(strcol(2)), div = column(6), dec = column(7), \
		ylab = unq(strcol(8)), 0) nooutput
	ptitle[i] = lab
	plabel[i] = ylab eq "-" ? "" : ylab
	pdiv[i] = div > 0 ? div : 1
	pfmt[i] = sprintf("%%.%df", int(dec))
}
# index 3 + (panel - 1) * sides + (side - 1): run number, value
blk(p, s) = 3 + (p - 1) * ns + (s - 1)

cols = (fmt eq "txt" || np == 1) ? 1 : 2
rows = ceil(np * 1.0 / cols)
if (fmt eq "png") {
	set terminal pngcairo noenhanced \
		size 520 * cols, 90 + 15 * nm + 280 * rows \
		font "sans,10"
} else {
	if (fmt eq "svg") {
		set terminal svg noenhanced \
			size 520 * cols, 90 + 15 * nm + 280 * rows \
			font "sans,10"
	} else {
		set terminal dumb noenhanced nofeed size 72, 4 + nm + 16 * rows
	}
}
set output out

set datafile missing "NaN"
set xrange [0.5:nruns + 0.5]
if (nruns <= 20) { set xtics 1 }
set xtics nomirror
set ytics nomirror
set border 3
if (fmt ne "txt") { set grid ytics }
set key bmargin center horizontal
set offsets 0, 0, graph 0.08, graph 0.08

set multiplot layout rows, cols title title . "\n" . sub . mach
do for [p = 1:np] {
	set title ptitle[p]
	set ylabel plabel[p]
	set format y pfmt[p]
	if (fmt eq "txt") {
		plot for [s = 1:ns] data index blk(p, s) using 1:($2 / pdiv[p]) \
			with linespoints lt s pt s title side[s]
	} else {
		plot for [s = 1:ns] data index blk(p, s) using 1:($2 / pdiv[p]) \
			with linespoints lw 1.5 pt 7 ps 0.8 lc s title side[s]
	}
}
unset multiplot
