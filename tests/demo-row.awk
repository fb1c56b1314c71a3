# The delta, interval and verdict of one row of a compare table (text or
# mail), as the table printed them: awk -v metric=task-clock/op -f
# tests/demo-row.awk TABLE prints "DELTA CI VERDICT". A row too wide for
# the table's width has its name on a line of its own and its numbers on
# the next (fmt_text.c), a table that fits shows cv columns, and one
# that does not may print the interval as +- its half width, so the
# cells are found by their shape, not their position: the delta is the
# first signed cell, the interval the one in brackets (or after +-), the
# verdict last.
pending { row = $0; pending = 0 }
$1 == metric && NF == 1 { pending = 1; next }
$1 == metric { row = $0 }
row != "" {
	n = split(row, f, " ")
	d = ""; ci = ""
	for (i = 2; i <= n; i++) {
		if (ci == "" && f[i] ~ /^(\[|\+-)/) ci = f[i]
		else if (d == "" && f[i] ~ /^[+-]/) d = f[i]
	}
	print d, ci, f[n]
	exit
}
