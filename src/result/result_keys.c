// SPDX-License-Identifier: MIT
/*
 * result_keys: typed accessors of the result's config and environment
 * (result_keys.h).
 */
#include <string.h>

#include "result_keys.h"

static const json_t *rk_get(const json_t *o, const char *key)
{
	return json_is_object(o) ? json_object_get(o, key) : NULL;
}

static const char *rk_str(const json_t *o, const char *key)
{
	return json_string_value(rk_get(o, key));
}

const char *result_session(const struct result *r)
{
	return rk_str(r->config, RK_SESSION);
}

bool result_interleaved(const struct result *r)
{
	return json_is_true(rk_get(r->config, RK_INTERLEAVED));
}

bool result_planned_runs(const struct result *r, size_t *runs)
{
	const json_t *rep = rk_get(r->config, RK_REPEAT);
	const json_t *warm = rk_get(r->config, RK_WARMUP);

	if (!json_is_integer(rep) || !json_is_integer(warm) ||
	    json_integer_value(rep) < 0 || json_integer_value(warm) < 0)
		return false;
	*runs = (size_t)json_integer_value(rep) +
		(size_t)json_integer_value(warm);
	return true;
}

const char *result_cpus(const struct result *r)
{
	const char *c = rk_str(r->config, RK_CPUS);

	return c && *c ? c : NULL;
}

bool result_user_only(const struct result *r)
{
	return json_is_true(rk_get(r->config, RK_USER_ONLY));
}

bool result_versus_has(const struct result *r)
{
	return rk_get(r->config, RK_VERSUS) != NULL;
}

const char *result_versus_label(const struct result *r)
{
	return rk_str(rk_get(r->config, RK_VERSUS), RK_LABEL);
}

size_t result_versus_argc(const struct result *r)
{
	return json_array_size(rk_get(rk_get(r->config, RK_VERSUS), RK_ARGV));
}

const char *result_versus_argv(const struct result *r, size_t n)
{
	const char *w = json_string_value(json_array_get(
		rk_get(rk_get(r->config, RK_VERSUS), RK_ARGV), n));

	return w ? w : "";
}

double result_imported_mean(const struct result *r, const char *bench,
			    const char *metric)
{
	const char *key = !strcmp(metric, "user") ? RK_USER_MEAN :
			  !strcmp(metric, "sys") ? RK_SYS_MEAN : NULL;
	const json_t *v;

	if (!key)
		return -1;
	v = rk_get(rk_get(rk_get(rk_get(r->config, RK_IMPORTED),
				 RK_BENCHMARKS), bench), key);
	return json_is_number(v) && json_number_value(v) >= 0 ?
		       json_number_value(v) : -1;
}

const char *result_cpu_model(const struct result *r)
{
	const char *m = rk_str(rk_get(r->env, RK_CPU), RK_MODEL_NAME);

	return m && strcmp(m, "unknown") ? m : NULL;
}

const char *result_cpu_name(const struct result *r)
{
	const char *m = result_cpu_model(r);

	return m ? m : "unknown CPU";
}

bool result_cpu_emulated(const struct result *r)
{
	return json_is_true(rk_get(rk_get(r->env, RK_CPU), RK_EMULATED));
}

const char *result_kernel_release(const struct result *r)
{
	return rk_str(rk_get(r->env, RK_KERNEL), RK_RELEASE);
}

int result_hypervisor(const struct result *r)
{
	const json_t *hv = rk_get(r->env, RK_HYPERVISOR);

	return json_is_boolean(hv) ? json_is_true(hv) : -1;
}

const char *result_pmu_name(const struct result *r, size_t n)
{
	const json_t *p = rk_get(r->env, RK_PMUS);

	return json_is_array(p) && n < json_array_size(p) ?
		       rk_str(json_array_get(p, n), RK_NAME) : NULL;
}

size_t result_n_pmus(const struct result *r)
{
	return json_array_size(rk_get(r->env, RK_PMUS));
}

bool result_has_pmus(const struct result *r)
{
	return json_is_array(rk_get(r->env, RK_PMUS));
}

const char *result_lab_counter(const struct result *r)
{
	return rk_str(r->env, RK_LAB_COUNTER);
}

const char *result_imported_str(const struct result *r, const char *key)
{
	return rk_str(rk_get(r->env, RK_IMPORTED), key);
}

bool result_not_recorded(const struct result *r, const char *metric)
{
	const json_t *a = rk_get(rk_get(r->env, RK_IMPORTED), RK_NOT_RECORDED);
	const json_t *v;
	size_t i;

	json_array_foreach(a, i, v)
		if (json_is_string(v) && !strcmp(json_string_value(v), metric))
			return true;
	return false;
}
