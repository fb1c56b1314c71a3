# SPDX-License-Identifier: MIT
# abstat plot --kind delta: one horizontal bar per row (metric, or benchmark
# for suites) per non-baseline side: the change vs the baseline in percent,
# the 95% CI as whiskers, significant rows filled and marked "*", the
# others hatched (a key entry says so), zero line.
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
# index 0: 0, title, subtitle, x label, rows, sides, CI low, CI high,
# machine (two lines)
stats data index 0 using (title = unq(strcol(2)), sub = unq(strcol(3)), \
	xlab = unq(strcol(4)), nrows = column(5), nsides = column(6), \
	lo = column(7), hi = column(8), \
	mach = mline(strcol(9), strcol(10)), \
	nm = mlines(strcol(9), strcol(10)), 0) nooutput
# index 1: side number, side label (0 is the baseline)
array side[nsides]
do for [i = 1:nsides] {
	stats data index 1 every ::(i - 1)::(i - 1) \
		using (lab = unq(strcol(2)), 0) nooutput
	side[i] = short(lab)
}

nbars = nrows * (nsides - 1)
span = hi - lo
if (span <= 0) { span = 1 }
xmin = lo - 0.05 * span
xmax = hi + 0.05 * span

if (fmt eq "png") {
	set terminal pngcairo noenhanced size 960, 180 + 15 * nm + 30 * nbars \
		font "sans,10"
} else {
	if (fmt eq "svg") {
		set terminal svg noenhanced \
			size 960, 180 + 15 * nm + 30 * nbars \
			font "sans,10"
	} else {
		set terminal dumb noenhanced nofeed size 72, 10 + nm + 2 * nbars
	}
}
set output out

set title title . "\n" . sub . mach
set xlabel xlab
set xrange [xmin:xmax]
set yrange [nrows - 0.5:-0.5]
set ytics nomirror
# The value column: the notes are y2 tic labels right of the plot.
set link y2
set y2tics scale 0
set xtics nomirror
set format x "%+g"
set grid xtics
set border 3
# The text chart: no tick mark drawn, as a '+' it reads as an interval's
# end (the right axis's in each row, the x axis's in the last row): the
# y2 labels start one column left, over the mark, with a blank of their
# own; a top border closes the grid, whose lines end in '+' too.
if (fmt eq "txt") {
	set ytics scale 0
	set xtics scale 0
	set y2tics offset -1, 0
	set border 7
}
set yzeroaxis lt -1 lw 1.5
set key tmargin right horizontal
set style fill solid 0.55 border -1
set errorbars (fmt eq "txt" ? 0 : 2)

# Bars of side k (2..nsides) are stacked within a row's band.
bw = 0.8 / (nsides - 1)
off(k) = (k - 2 - (nsides - 2) / 2.0) * bw
blk(k) = k

# Row names label the middle of each row's band, once.
if (fmt eq "txt") {
	plot data index 2 using (0):1:(""):ytic(unq(strcol(2))) \
		with labels notitle, \
	     for [k = 2:nsides] data index blk(k) \
		using 3:($1 + off(k)):4:5 \
		:y2tic(" " . unq(strcol(7))) \
		with xerrorbars lt -1 pt "o" title side[k] . " vs " . side[1]
} else {
	plot data index 2 using (0):1:(""):ytic(unq(strcol(2))) \
		with labels notitle, \
	     for [k = 2:nsides] data index blk(k) \
		using (column(6) > 0 ? column(3) / 2 : NaN):($1 + off(k)): \
		(0):(column(3)):($1 + off(k) - bw * 0.4):($1 + off(k) + bw * 0.4) \
		with boxxyerror lc k - 1 fs solid 0.6 \
		title side[k] . " vs " . side[1], \
	     for [k = 2:nsides] data index blk(k) \
		using (column(6) > 0 ? NaN : column(3) / 2):($1 + off(k)): \
		(0):(column(3)):($1 + off(k) - bw * 0.4):($1 + off(k) + bw * 0.4) \
		with boxxyerror lc k - 1 fs pattern 4 notitle, \
	     for [k = 2:nsides] data index blk(k) \
		using 3:($1 + off(k)):4:5 \
		:y2tic(unq(strcol(7))) \
		with xerrorbars lc black pt 0 lw 1.5 notitle, \
	     keyentry with boxxyerror lc black fs pattern 4 \
		title "hatched: not significant or not tested"
}

# The text chart's x labels: gnuplot picks its step from the range, not
# from the width, and runs labels together in 72 columns ("-60-4-20+0").
# The plot's width in characters is known once it is drawn: the smallest
# step of 1, 2 or 5 times a power of 10 whose labels ("%+g") leave a
# blank between neighbours, then the chart again over the first.
if (fmt eq "txt") {
	cols = GPVAL_TERM_XMAX - GPVAL_TERM_XMIN
	xs = GPVAL_X_MAX - GPVAL_X_MIN
	nice(i) = 10 ** floor(log10(xs / cols)) * 10 ** int(i / 3) * \
		  (i % 3 == 0 ? 1 : i % 3 == 1 ? 2 : 5)
	i = 0
	step = 0
	while (step == 0) {
		w = 0
		do for [k = int(ceil(GPVAL_X_MIN / nice(i))): \
			    int(floor(GPVAL_X_MAX / nice(i)))] {
			l = strlen(sprintf("%+g", k * nice(i)))
			w = l > w ? l : w
		}
		if (nice(i) * cols / xs >= w + 1) { step = nice(i) }
		i = i + 1
	}
	set xtics step
	set output out
	replot
}
