// SPDX-License-Identifier: MIT
/*
 * stats_t: Student's t distribution and Welch's two-sample t test, for
 * comparing sides whose unit is the boot (one center per result file):
 * with 3 boots per side a rank test cannot reach 5% (the smallest exact
 * two-sided p of 3 vs 3 is 0.1), a t test on the boots' log centers can,
 * and the interval it implies is honest about few boots (wide).
 *
 * The t CDF is the regularized incomplete beta function,
 * P(|T| > t) = I_{df/(df+t^2)}(df/2, 1/2), evaluated by its continued
 * fraction with the modified Lentz method (Numerical Recipes 3rd ed.,
 * 6.4; Abramowitz and Stegun 26.5.8 and 26.7.1).
 */
#include <errno.h>
#include <math.h>
#include <stddef.h>

#include "stats.h"

/* Continued fraction of I_x(a, b), for x < (a + 1) / (a + b + 2). */
static double stats_betacf(double a, double b, double x)
{
	const double tiny = 1e-300;
	double c = 1, d = 1 - (a + b) * x / (a + 1), h;

	if (fabs(d) < tiny)
		d = tiny;
	d = 1 / d;
	h = d;
	for (int m = 1; m <= 300; m++) {
		double m2 = 2.0 * m;
		double aa = m * (b - m) * x / ((a - 1 + m2) * (a + m2));

		d = 1 + aa * d;
		d = fabs(d) < tiny ? tiny : d;
		c = 1 + aa / c;
		c = fabs(c) < tiny ? tiny : c;
		d = 1 / d;
		h *= d * c;
		aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + 1 + m2));
		d = 1 + aa * d;
		d = fabs(d) < tiny ? tiny : d;
		c = 1 + aa / c;
		c = fabs(c) < tiny ? tiny : c;
		d = 1 / d;
		double del = d * c;

		h *= del;
		if (fabs(del - 1) < 1e-15)
			break;
	}
	return h;
}

/* Regularized incomplete beta I_x(a, b), 0 <= x <= 1. */
static double stats_ibeta(double a, double b, double x)
{
	double front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	front = exp(stats_lgamma(a + b) - stats_lgamma(a) - stats_lgamma(b) + a * log(x) +
		    b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return front * stats_betacf(a, b, x) / a;
	return 1 - front * stats_betacf(b, a, 1 - x) / b;
}

double stats_t_sf2(double t, double df)
{
	if (!isfinite(t))
		return isnan(t) ? NAN : 0;
	if (df <= 0)
		return NAN;
	return stats_ibeta(df / 2, 0.5, df / (df + t * t));
}

double stats_t_quantile(double p, double df)
{
	double lo = 0, hi = 1;

	if (!(p > 0 && p < 1) || df <= 0)
		return NAN;
	if (p == 0.5)
		return 0;
	if (p < 0.5)
		return -stats_t_quantile(1 - p, df);
	/* P(T > q) = (1 - p): grow hi until it brackets, then bisect */
	while (stats_t_sf2(hi, df) / 2 > 1 - p && hi < 1e12)
		hi *= 2;
	for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
		double mid = (lo + hi) / 2;

		if (stats_t_sf2(mid, df) / 2 > 1 - p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

static void stats_mean_var(const double *v, size_t n, double *mean,
			   double *var)
{
	double s = 0, ss = 0;

	for (size_t i = 0; i < n; i++)
		s += v[i];
	*mean = s / (double)n;
	for (size_t i = 0; i < n; i++)
		ss += (v[i] - *mean) * (v[i] - *mean);
	*var = n > 1 ? ss / (double)(n - 1) : 0;
}

/*
 * Welch (1947): d = mean(b) - mean(a), se^2 = var_a / na + var_b / nb,
 * Welch-Satterthwaite df = se^4 / ((var_a/na)^2/(na-1) + (var_b/nb)^2/(nb-1)),
 * t = d / se, p = P(|T_df| > |t|), interval d -+ t_{(1+level)/2, df} se.
 * se == 0 (both sides constant): p 1 and a zero-width interval when d is
 * 0, else p 0 (the difference is exact).
 */
int stats_welch(const double *a, size_t na, const double *b, size_t nb,
		double level, struct stats_welch *out)
{
	double ma, va, mb, vb, qa, qb, se2;

	if (na < 2 || nb < 2 || !(level > 0 && level < 1))
		return -EINVAL;
	for (size_t i = 0; i < na; i++)
		if (!isfinite(a[i]))
			return -EINVAL;
	for (size_t i = 0; i < nb; i++)
		if (!isfinite(b[i]))
			return -EINVAL;
	stats_mean_var(a, na, &ma, &va);
	stats_mean_var(b, nb, &mb, &vb);
	qa = va / (double)na;
	qb = vb / (double)nb;
	se2 = qa + qb;
	out->diff = mb - ma;
	out->se = sqrt(se2);
	if (se2 <= 0) {
		out->df = (double)(na + nb - 2);
		out->t = 0;
		out->p = out->diff == 0 ? 1 : 0;
		out->lo = out->hi = out->diff;
		return 0;
	}
	out->df = se2 * se2 / (qa * qa / (double)(na - 1) +
			       qb * qb / (double)(nb - 1));
	out->t = out->diff / out->se;
	out->p = fmin(1, stats_t_sf2(out->t, out->df));
	double q = stats_t_quantile((1 + level) / 2, out->df);

	out->lo = out->diff - q * out->se;
	out->hi = out->diff + q * out->se;
	return 0;
}
