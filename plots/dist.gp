# SPDX-License-Identifier: MIT
# abstat plot --kind dist: the distribution of every side's measured runs,
# one panel per benchmark x metric: a box per side (quartiles, median,
# whiskers to 1.5 IQR, outliers as points) and every run as a dot beside
# it, spread sideways by its run number (the same spread every time), as
# hyperfine's plot_whisker.py and the papers draw them. The data file is
# that of --kind runs.
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
# a side's name under its box: 24 characters at most
short(s) = strlen(s) > 24 ? s[1:21] . "..." : s

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
# index 2: panel number, title, unit, lowest, highest value, the axis's
# one unit: divisor, decimals, label
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
# a run's dot: right of its box, spread by the run number's golden-ratio
# fraction (deterministic, so the chart is the same every time)
dot(s, i) = s + 0.3 + 0.12 * (i * 0.6180339887 - floor(i * 0.6180339887))

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
set style boxplot outliers pointtype 6
set style data boxplot
set boxwidth 0.4
set xrange [0.4:ns + 0.6]
set xtics () nomirror scale 0
do for [s = 1:ns] { set xtics add (side[s] s) }
set ytics nomirror
set border 3
if (fmt ne "txt") { set grid ytics }
unset key
set offsets 0, 0, graph 0.08, graph 0.08

set multiplot layout rows, cols title title . "\n" . sub . mach
do for [p = 1:np] {
	set title ptitle[p]
	set ylabel plabel[p]
	set format y pfmt[p]
	if (fmt eq "txt") {
		plot for [s = 1:ns] data index blk(p, s) \
			using (s):($2 / pdiv[p]) with boxplot lt s, \
		     for [s = 1:ns] data index blk(p, s) \
			using (dot(s, $1)):($2 / pdiv[p]) with points lt s pt s
	} else {
		plot for [s = 1:ns] data index blk(p, s) \
			using (s):($2 / pdiv[p]) with boxplot lc s \
			fs transparent solid 0.3 border, \
		     for [s = 1:ns] data index blk(p, s) \
			using (dot(s, $1)):($2 / pdiv[p]) \
			with points pt 7 ps 0.5 lc s
	}
}
unset multiplot
