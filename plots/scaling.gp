# SPDX-License-Identifier: MIT
# abstat plot --kind scaling: one metric (default ops/s: aggregate
# throughput, summed over copies) against a scanned parameter (a scan's
# params value, or --copies), one curve per side label with its CI
# whiskers, and each curve's ideal scaling from its smallest value drawn
# dashed in its colour (linear for throughput, flat for a time per op),
# each with its own key entry.
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
# In a .txt chart curve c's points are the c-th capital letter and its
# ideal line is dotted with the c-th small letter at its points, so that
# each ideal line has a key entry of its own.
L = "abcdefghijklmnopqrstuvwxyz"
ilet(c) = L[(c - 1) % 26 + 1:(c - 1) % 26 + 1]

# gnuplot drops a key entry that does not fit (its docs, "Limitations
# fitting plot titles into key"): labels over 60 characters show 57 and ...
short(s) = strlen(s) > 60 ? s[1:57] . "..." : s

# the machine lines under the subtitle (two fields, "-" for none), and
# how many there are (the chart grows by them)
mline(a, b) = (a eq "-" ? "" : "\n" . unq(a)) . \
	       (b eq "-" ? "" : "\n" . unq(b))
mlines(a, b) = (a ne "-") + (b ne "-")
# index 0: 0, title, subtitle, x label, y label, curves, categorical,
# smallest x, largest x, the ideal ("linear", "flat"; "-" for none),
# machine (two lines)
stats data index 0 using (title = unq(strcol(2)), sub = unq(strcol(3)), \
	xlab = unq(strcol(4)), ylab = unq(strcol(5)), nc = column(6), \
	cat = column(7), xmin = column(8), xmax = column(9), \
	ideal = strcol(10), mach = mline(strcol(11), strcol(12)), \
	nm = mlines(strcol(11), strcol(12)), 0) nooutput
# index 1: curve number, curve name (side label)
array curve[nc]
do for [i = 1:nc] {
	stats data index 1 every ::(i - 1)::(i - 1) \
		using (lab = unq(strcol(2)), 0) nooutput
	curve[i] = short(lab)
}
# index 1 + c: x, center, CI low, CI high, ideal, x as written

if (fmt eq "png") {
	set terminal pngcairo noenhanced size 800, 540 + 15 * nm font "sans,10"
} else {
	if (fmt eq "svg") {
		set terminal svg noenhanced \
			size 800, 540 + 15 * nm font "sans,10"
	} else {
		set terminal dumb noenhanced nofeed size 72, 30 + nm
	}
}
set output out

set title title . "\n" . sub . mach
set xlabel xlab
set ylabel ylab
# the dumb terminal writes a y label over the tick labels
if (fmt eq "txt") { unset ylabel }
pad = (xmax > xmin) ? (xmax - xmin) * 0.05 : 0.5
set xrange [xmin - pad:xmax + pad]
if (cat == 0 && xmax - xmin <= 16 && xmin == int(xmin) && xmax == int(xmax)) {
	set xtics 1
}
set xtics nomirror
set ytics nomirror
set border 3
set format y "%.1s%c"
set key top left vertical
set yrange [0:*]
if (fmt ne "txt") { set grid ytics }

if (cat != 0) {
	if (fmt eq "txt") {
		plot for [c = 1:nc] data index 1 + c using 1:2:3:4:xtic(6) \
			with yerrorlines lt c pt c title curve[c]
	} else {
		plot for [c = 1:nc] data index 1 + c using 1:2:3:4:xtic(6) \
			with yerrorlines lw 2 pt 7 lc c title curve[c]
	}
} else {
	if (fmt eq "txt") {
		plot for [c = 1:nc] data index 1 + c using 1:2:3:4 \
			with yerrorlines lt c pt c title curve[c], \
		     for [c = 1:nc] data index 1 + c using 1:5 \
			with linespoints lt 0 pt ilet(c) \
			title curve[c] . " " . ideal
	} else {
		plot for [c = 1:nc] data index 1 + c using 1:2:3:4 \
			with yerrorlines lw 2 pt 7 lc c title curve[c], \
		     for [c = 1:nc] data index 1 + c using 1:5 \
			with lines dt 2 lw 1.5 lc c \
			title curve[c] . ": " . ideal . " (ideal)"
	}
}
