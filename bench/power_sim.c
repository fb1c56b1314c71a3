// SPDX-License-Identifier: MIT
/*
 * power_sim: is the detectable change compare states (compare_power.c)
 * found when it is there? Each trial draws a comparison of BENCH
 * benchmarks, BOOTS boots a side (a boot's log center: a boot offset of
 * SD 1% plus the median of 10 runs of SD 0.5%, lognormal), states
 * benchmark 0's detectable change from that trial's own spread exactly
 * as compare does (each side's SD of the boots' log centers raised to
 * its upper COMPARE_POWER_SD_CONF bound, Welch's power at alpha / BENCH,
 * 80%), then injects that change into fresh boots of benchmark 0 (the
 * others unchanged) and runs compare's test: Welch t on the logs, Holm
 * over the benchmarks. Printed: the median stated change and how often
 * each trial's own stated change was found. CONF 0 states it from the
 * spread as measured (before issue 51). With DETECT (a fraction), as
 * --detect: the boots a side that trial says a change of DETECT needs,
 * and how often fresh boots that many a side, benchmark 0 changed by
 * DETECT, find it (each trial its own count).
 *
 *   cc -O2 -Isrc/compare -o build/power_sim bench/power_sim.c \
 *      src/compare/stats.c src/compare/stats_boot.c src/compare/stats_t.c \
 *      src/compare/stats_power.c -lm
 *   build/power_sim [trials boots bench conf [detect]]
 *   (default 400 3 1 0.6)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "stats.h"

#define MAXB 64
#define MAXN 512

static double unif(struct stats_rng *r)
{
	return ((double)(stats_rng_next(r) >> 11) + 0.5) / 9007199254740992.0;
}

static double gauss(struct stats_rng *r)
{
	return sqrt(-2 * log(unif(r))) * cos(2 * M_PI * unif(r));
}

/* one boot's log center */
static double boot(struct stats_rng *r)
{
	double v[10];

	for (int i = 0; i < 10; i++)
		v[i] = 0.005 * gauss(r);
	return 0.01 * gauss(r) + stats_median(v, 10);
}

static double log_sd(const double *v, int n)
{
	double m = 0, ss = 0;

	for (int i = 0; i < n; i++)
		m += v[i] / n;
	for (int i = 0; i < n; i++)
		ss += (v[i] - m) * (v[i] - m);
	return sqrt(ss / (n - 1));
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	int trials = argc > 1 ? atoi(argv[1]) : 400;
	int n = argc > 2 ? atoi(argv[2]) : 3;
	int nb = argc > 3 ? atoi(argv[3]) : 1;
	double conf = argc > 4 ? atof(argv[4]) : 0.6, alpha = 0.05;
	double detect = argc > 5 ? atof(argv[5]) : 0;
	size_t need_sum = 0;
	double a[MAXN], b[MAXN], p[MAXB], *stated;
	struct stats_rng rng;
	int found = 0;

	if (n < 2 || n > MAXN || nb < 1 || nb > MAXB || trials < 1)
		return 2;
	stated = calloc((size_t)trials, sizeof(*stated));
	if (!stated)
		return 1;
	stats_rng_seed(&rng, 51);
	for (int t = 0; t < trials; t++) {
		struct stats_power_in in = { .n_a = n, .n_b = n,
					     .alpha = alpha / nb,
					     .power = 0.8 };
		double x;
		int m;

		for (int i = 0; i < n; i++) {
			a[i] = boot(&rng);
			b[i] = boot(&rng);
		}
		in.sd_a = stats_sd_upper(log_sd(a, n), n, conf);
		in.sd_b = stats_sd_upper(log_sd(b, n), n, conf);
		if (stats_power_mde(&in, &x))
			return 1;
		stated[t] = expm1(x);
		m = n;
		if (detect > 0) {
			size_t need;

			if (stats_power_n(&in, log1p(detect), MAXN, &need))
				need = MAXN;
			m = (int)need;
			need_sum += need;
			x = log1p(detect);
		}
		/* fresh boots, benchmark 0 changed by the stated change (or
		 * DETECT, m boots a side) */
		for (int k = 0; k < nb; k++) {
			struct stats_welch w;

			for (int i = 0; i < m; i++) {
				a[i] = boot(&rng);
				b[i] = boot(&rng) + (k ? 0 : x);
			}
			if (stats_welch(a, m, b, m, 1 - alpha, &w))
				return 1;
			p[k] = w.p;
		}
		stats_holm(p, nb, p);
		found += p[0] < alpha;
	}
	qsort(stated, (size_t)trials, sizeof(*stated), cmp);
	if (detect > 0)
		printf("--detect %.1f%%: mean boots a side %.1f, ",
		       100 * detect, (double)need_sum / trials);
	printf("boots %d benchmarks %d conf %.2f: median stated %.2f%% (P10 %.2f%%, P90 %.2f%%), found %d of %d (%.1f%%)\n",
	       n, nb, conf, 100 * stated[trials / 2], 100 * stated[trials / 10],
	       100 * stated[trials * 9 / 10], found, trials,
	       100.0 * found / trials);
	free(stated);
	return 0;
}
