// SPDX-License-Identifier: MIT
/*
 * stats_power: what a test could have detected. The power of Welch's
 * two-sided t test of level alpha against a true difference delta, for
 * normal values with SDs sd_a, sd_b and counts n_a, n_b, exactly as the
 * test runs (its df estimated from the sample variances): given the two
 * sample variances, V_a / k_a and V_b / k_b times the true ones with
 * V ~ chi^2_k, k = n - 1, the mean difference D ~ N(delta, se^2) is
 * called when |D| > t_{1-alpha/2, df^} se^, so
 *	power = E[Phi((delta - c se^) / se) + Phi((-delta - c se^) / se)],
 * c = t_{1-alpha/2, df^}, the expectation over both V by Simpson's rule
 * on their logs (with equal variances and df fixed this is the
 * noncentral t's power; Welch's estimated df makes it lower at few
 * values, which the noncentral t with the true df does not see: at 3
 * boots a side it would state 80% where the test has 70%). The smallest
 * detectable delta at a given power is found by bisection (the power
 * grows with delta). Pure: numbers in, numbers out.
 */
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>

#include "stats.h"

/* Simpson intervals over each side's log variance: its density is
 * smooth in the log, and 64 intervals give the power to ~1e-5 */
#define STATS_POWER_STEPS 64
#define STATS_POWER_ITER 32
/* the critical values' table over the share of variance of side A */
#define STATS_POWER_CRIT 64
#define N_GRID ((STATS_POWER_STEPS + 1) * (STATS_POWER_STEPS + 1))
/* a power this close to the one asked for reaches it: a change given
 * back as printed (json's 10 digits) is the change stated */
#define STATS_POWER_TOL 1e-6

static double stats_phi(double x)
{
	return 0.5 * erfc(-x / M_SQRT2);
}

/* A side's sample variance as a multiple of its true one, V / k with
 * V ~ chi^2_k, k = n - 1: Simpson's nodes over s = log V, and the weight
 * of each (its density times Simpson's weight and step). */
static void stats_power_nodes(double k, double *ratio, double *w)
{
	/* log V's SD is about sqrt(2 / k); its left tail, e^(k s / 2), is
	 * long at a small k */
	double lo = log(k) - 12 * sqrt(2 / k) - 40 / k;
	double hi = log(k + 12 * sqrt(2 * k) + 20);
	double h = (hi - lo) / STATS_POWER_STEPS;
	double lnorm = -k / 2 * log(2) - stats_lgamma(k / 2);

	for (int i = 0; i <= STATS_POWER_STEPS; i++) {
		double x = lo + h * i;
		double sw = i == 0 || i == STATS_POWER_STEPS ? 1 :
			    i % 2 ? 4 : 2;

		ratio[i] = exp(x) / k;
		w[i] = sw * h / 3 * exp(lnorm + k / 2 * x - exp(x) / 2);
	}
}

/* Welch's test as it runs: given the two sample variances (each node
 * pair), the mean difference D ~ N(delta, se^2) is called when
 * |D| > t_{1-alpha/2, df^} se^, se^ and df^ from the sample variances.
 * The grid of (weight, se^, critical value) does not depend on delta:
 * built once per design. */
struct stats_power_grid {
	double se;
	size_t n;
	double w[N_GRID];
	double cse[N_GRID];
};

static bool stats_power_grid(const struct stats_power_in *in,
			     struct stats_power_grid *g)
{
	double ra[STATS_POWER_STEPS + 1], wa[STATS_POWER_STEPS + 1];
	double rb[STATS_POWER_STEPS + 1], wb[STATS_POWER_STEPS + 1];
	double crit[STATS_POWER_CRIT + 1], qa, qb;
	size_t k = 0;

	if (!(in->n_a >= 2 && in->n_b >= 2) || !(in->sd_a >= 0) ||
	    !(in->sd_b >= 0) || !(in->alpha > 0 && in->alpha < 1))
		return false;
	qa = in->sd_a * in->sd_a / in->n_a;
	qb = in->sd_b * in->sd_b / in->n_b;
	if (!(qa + qb > 0) || !isfinite(qa + qb))
		return false;
	g->se = sqrt(qa + qb);
	stats_power_nodes(in->n_a - 1, ra, wa);
	stats_power_nodes(in->n_b - 1, rb, wb);
	/* df^ depends on r = ea / (ea + eb) only: the critical values on a
	 * table over r, interpolated */
	for (int i = 0; i <= STATS_POWER_CRIT; i++) {
		double r = (double)i / STATS_POWER_CRIT;
		double df = 1 / (r * r / (in->n_a - 1) +
				 (1 - r) * (1 - r) / (in->n_b - 1));

		crit[i] = stats_t_quantile(1 - in->alpha / 2, df);
	}
	for (int i = 0; i <= STATS_POWER_STEPS; i++)
		for (int j = 0; j <= STATS_POWER_STEPS; j++) {
			double ea = qa * ra[i], eb = qb * rb[j];
			double x = ea / (ea + eb) * STATS_POWER_CRIT;
			int at = x >= STATS_POWER_CRIT ? STATS_POWER_CRIT - 1 :
							 (int)x;
			double c = crit[at] + (x - at) *
					      (crit[at + 1] - crit[at]);

			/* nodes that weigh nothing are left out */
			if (wa[i] * wb[j] < 1e-13)
				continue;
			g->w[k] = wa[i] * wb[j];
			g->cse[k++] = c * sqrt(ea + eb);
		}
	g->n = k;
	return true;
}

static double stats_power_at(const struct stats_power_grid *g, double delta)
{
	double p = 0;

	delta = fabs(delta);
	for (size_t k = 0; k < g->n; k++)
		p += g->w[k] * (stats_phi((delta - g->cse[k]) / g->se) +
				stats_phi((-delta - g->cse[k]) / g->se));
	return fmin(1, fmax(0, p));
}

double stats_power_welch(const struct stats_power_in *in, double delta)
{
	struct stats_power_grid *g = malloc(sizeof(*g));
	double p = NAN;

	if (g && stats_power_grid(in, g))
		p = stats_power_at(g, delta);
	free(g);
	return p;
}

int stats_power_mde(const struct stats_power_in *in, double *delta)
{
	struct stats_power_grid *g;
	double lo = 0, hi;
	int rc = -EINVAL;

	if (!(in->power > in->alpha && in->power < 1))
		return -EINVAL;
	g = malloc(sizeof(*g));
	if (!g)
		return -ENOMEM;
	if (!stats_power_grid(in, g))
		goto out;
	/* a start past the normal approximation's answer, doubled until
	 * it is enough */
	hi = 4 * g->se;
	for (int i = 0; i < 60 && stats_power_at(g, hi) < in->power; i++)
		hi *= 2;
	for (int i = 0; i < STATS_POWER_ITER; i++) {
		double mid = (lo + hi) / 2;

		if (stats_power_at(g, mid) < in->power)
			lo = mid;
		else
			hi = mid;
	}
	*delta = hi;
	rc = 0;
out:
	free(g);
	return rc;
}

int stats_power_n(const struct stats_power_in *in, double delta,
		  size_t max, size_t *n)
{
	struct stats_power_in at = *in;
	size_t lo = 1, hi = 2;
	double p;

	if (!(delta > 0) || max < 2)
		return -EINVAL;
	/* the power grows with n: double, then bisect */
	for (;;) {
		at.n_a = at.n_b = (double)hi;
		p = stats_power_welch(&at, delta);
		if (isnan(p))
			return -EINVAL;
		if (p >= in->power - STATS_POWER_TOL)
			break;
		if (hi >= max)
			return -ERANGE;
		lo = hi;
		hi = hi * 2 > max ? max : hi * 2;
	}
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		at.n_a = at.n_b = (double)mid;
		if (stats_power_welch(&at, delta) >=
		    in->power - STATS_POWER_TOL)
			hi = mid;
		else
			lo = mid;
	}
	*n = hi;
	return 0;
}

/* The regularized lower incomplete gamma function P(a, x): its series
 * below a + 1, else 1 - its continued fraction (Lentz), as Numerical
 * Recipes (2nd ed., 6.2) computes it. */
static double stats_gamma_p(double a, double x)
{
	double lead;

	if (x <= 0)
		return 0;
	lead = exp(-x + a * log(x) - stats_lgamma(a));
	if (x < a + 1) {
		double sum = 1 / a, term = sum;

		for (int n = 1; n < 1000 && fabs(term) > fabs(sum) * 1e-15;
		     n++) {
			term *= x / (a + n);
			sum += term;
		}
		return fmin(1, sum * lead);
	} else {
		double b = x + 1 - a, c = 1e300, d = 1 / b, h = d;

		for (int i = 1; i < 1000; i++) {
			double an = -i * (i - a), del;

			b += 2;
			d = an * d + b;
			d = fabs(d) < 1e-300 ? 1e-300 : d;
			c = b + an / c;
			c = fabs(c) < 1e-300 ? 1e-300 : c;
			d = 1 / d;
			del = d * c;
			h *= del;
			if (fabs(del - 1) < 1e-15)
				break;
		}
		return fmax(0, 1 - lead * h);
	}
}

double stats_chi2_quantile(double p, double k)
{
	double lo = 0, hi = k + 10 * sqrt(2 * k) + 50;

	if (!(p > 0 && p < 1) || !(k > 0))
		return NAN;
	while (stats_gamma_p(k / 2, hi / 2) < p)
		hi *= 2;
	for (int i = 0; i < 200 && hi - lo > 1e-14 * hi; i++) {
		double mid = (lo + hi) / 2;

		if (stats_gamma_p(k / 2, mid / 2) < p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

double stats_sd_upper(double sd, double n, double conf)
{
	double k = n - 1, q;

	if (!(n >= 2) || !(conf > 0 && conf < 1))
		return sd;
	q = stats_chi2_quantile(1 - conf, k);
	return q > 0 ? sd * sqrt(k / q) : sd;
}
