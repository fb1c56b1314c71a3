// SPDX-License-Identifier: MIT
/*
 * paired_sim: interleaved A/B sessions simulated with neighbours that
 * share the machine's state, to check the test compare gives an
 * interleaved design (doc/verdicts.md, "Pairs"). Each trial: R rounds,
 * each round one run of A then one of B; round t's runs share a drift
 * (a random walk, step SD drift) and a load (lognormal, SD load), and
 * each run has its own noise (SD noise); B is A times 1 + delta. Counted:
 * trials where Wilcoxon's signed-rank test of the log ratios (compare's
 * paired test) and Mann-Whitney U of the runs as independent (the
 * unpaired test) find p < alpha, on the same data.
 *
 *   cc -O2 -Isrc/compare -o build/paired_sim bench/paired_sim.c \
 *      src/compare/stats.c src/compare/stats_boot.c \
 *      src/compare/stats_paired.c src/compare/stats_t.c \
 *      src/compare/stats_power.c -lm
 *   build/paired_sim [trials rounds delta [power]] (default 1000 20 0.06)
 *
 * With a fourth argument (any): each trial states its detectable change
 * as compare does on pairs (the SD of the log ratios raised to its upper
 * 60% bound, one sample, 3 / pi of the pairs, 80% power), then injects
 * that change into a fresh session and counts how often the signed-rank
 * test finds it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "stats.h"

static double unif(struct stats_rng *r)
{
	return ((double)(stats_rng_next(r) >> 11) + 0.5) / 9007199254740992.0;
}

static double gauss(struct stats_rng *r)
{
	return sqrt(-2 * log(unif(r))) * cos(2 * M_PI * unif(r));
}

int main(int argc, char **argv)
{
	int trials = argc > 1 ? atoi(argv[1]) : 1000;
	int rounds = argc > 2 ? atoi(argv[2]) : 20;
	double delta = argc > 3 ? atof(argv[3]) : 0.06;
	const double drift = 0.04, load = 0.12, noise = 0.08, alpha = 0.05;
	double a[4096], b[4096], d[4096], r_sum = 0;
	int paired = 0, unpaired = 0;
	bool power = argc > 4;
	double stated_sum = 0;
	struct stats_rng rng;

	if (rounds < 4 || rounds > 4096 || trials < 1)
		return 2;
	stats_rng_seed(&rng, 51);
	for (int t = 0; t < trials; t++) {
		double w = 0, p, u, ma = 0, mb = 0, sab = 0, saa = 0, sbb = 0;
		struct stats_paired sp;
		bool exact;

		if (power) {
			/* a first session: its own spread gives the change */
			struct stats_power_in in = { .alpha = alpha,
						     .power = 0.8 };
			double m = 0, ss = 0, x;

			/* a pair's log ratio: the shared drift and load
			 * cancel, the two runs' own noise is left */
			for (int i = 0; i < rounds; i++) {
				d[i] = noise * (gauss(&rng) - gauss(&rng));
				m += d[i] / rounds;
			}
			for (int i = 0; i < rounds; i++)
				ss += (d[i] - m) * (d[i] - m);
			in.sd_a = stats_sd_upper(sqrt(ss / (rounds - 1)),
						 rounds, 0.6);
			in.n_a = in.n_b = rounds * 3 / M_PI;
			if (stats_power_mde(&in, &x))
				return 1;
			delta = expm1(x);
			stated_sum += delta;
		}
		for (int i = 0; i < rounds; i++) {
			double shared;

			w += drift * gauss(&rng);
			shared = w + load * gauss(&rng);
			a[i] = 1e6 * exp(shared + noise * gauss(&rng));
			b[i] = 1e6 * (1 + delta) *
			       exp(shared + noise * gauss(&rng));
			d[i] = log(b[i] / a[i]);
			ma += log(a[i]) / rounds;
			mb += log(b[i]) / rounds;
		}
		for (int i = 0; i < rounds; i++) {
			sab += (log(a[i]) - ma) * (log(b[i]) - mb);
			saa += (log(a[i]) - ma) * (log(a[i]) - ma);
			sbb += (log(b[i]) - mb) * (log(b[i]) - mb);
		}
		r_sum += sab / sqrt(saa * sbb);
		if (stats_signed_rank(d, rounds, 1 - alpha, &sp) ||
		    stats_mann_whitney(a, rounds, b, rounds, &p, &u, &exact))
			return 1;
		paired += sp.p < alpha;
		unpaired += p < alpha;
	}
	if (power)
		printf("each trial's own stated change (mean %.2f%%): ",
		       100 * stated_sum / trials);
	else
		printf("delta %+.1f%%: ", delta * 100);
	printf("trials %d rounds %d (neighbours' r %.2f): p < %.2f paired %d (%.1f%%), unpaired %d (%.1f%%)\n",
	       trials, rounds, r_sum / trials, alpha, paired,
	       100.0 * paired / trials, unpaired, 100.0 * unpaired / trials);
	return 0;
}
