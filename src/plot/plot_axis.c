// SPDX-License-Identifier: MIT
/*
 * plot_axis: one unit per value axis (plot_data.h). gnuplot's "%s%c"
 * picks an SI prefix per tick, so one axis read "990.00" beside "1.00k",
 * a count of migrations "500.0m" and an axis labelled ns "212M". Here
 * the axis gets one divisor from its largest magnitude, never below 1
 * (no milli-migrations), the unit it makes (ns -> us, ms, s; kB -> MiB,
 * GiB; a count -> thousands, millions ...) as its label, and the
 * decimals its tick step needs, the same for every tick.
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "plot_data.h"

struct plot_scale {
	double div;
	const char *label; /* its prefix before the metric's unit when
			    * unit_after, else the whole label */
	bool unit_after;
};

static const struct plot_scale plot_ns[] = {
	{ 1, "ns", false }, { 1e3, "us", false }, { 1e6, "ms", false },
	{ 1e9, "s", false }, { 0, NULL, false },
};
static const struct plot_scale plot_kb[] = {
	{ 1, "KiB", false }, { 1024, "MiB", false },
	{ 1048576, "GiB", false }, { 0, NULL, false },
};
static const struct plot_scale plot_count[] = {
	{ 1, "", false }, { 1e3, "thousands", false },
	{ 1e6, "millions", false }, { 1e9, "billions", false },
	{ 1e12, "trillions", false }, { 0, NULL, false },
};
static const struct plot_scale plot_other[] = {
	{ 1, "", true }, { 1e3, "k", true }, { 1e6, "M", true },
	{ 1e9, "G", true }, { 1e12, "T", true }, { 0, NULL, false },
};

void plot_axis_pick(double lo, double hi, const char *unit,
		    struct plot_axis *a)
{
	const struct plot_scale *sc = !unit || !*unit || !strcmp(unit, "-") ?
		plot_count : !strcmp(unit, "ns") ? plot_ns :
		!strcmp(unit, "kB") ? plot_kb : plot_other;
	double mag = fmax(fabs(lo), fabs(hi)), step;
	size_t k = 0;

	if (!isfinite(mag))
		mag = 0;
	while (sc[k + 1].label && mag >= sc[k + 1].div)
		k++;
	a->div = sc[k].div;
	snprintf(a->label, sizeof(a->label), "%s%s", sc[k].label,
		 sc[k].unit_after ? unit : "");
	/* about five ticks over the range; a flat series by its size */
	step = (hi - lo) / 5 / a->div;
	if (!(step > 0) || !isfinite(step))
		step = mag > 0 ? mag / a->div / 10 : 1;
	a->decimals = (int)ceil(-log10(step));
	if (a->decimals < 0)
		a->decimals = 0;
	if (a->decimals > 6)
		a->decimals = 6;
}
