// SPDX-License-Identifier: MIT
/*
 * compare_machine: what a comparison was measured on, in one line for the
 * tables' headers ("machine: AMD EPYC 9R14 (virtual machine, no core
 * PMU)") and as an object for json: the CPU as the environment names it
 * (cpu.model_name; arm64's from its MIDR fields, env_arm.c), whether the
 * machine is virtual, and where counts came from: a core PMU, none
 * (software events only), or QEMU TCG's emulated one, whose cycles are
 * its instructions under icount (cpu.emulated); and where instructions
 * were counted by the emulator (env.lab_counter: the x86_64 kernel
 * lab's QEMU plugin, lab/count-merge.sh). From side 0's first
 * file; a side measured elsewhere shows in the environment's differences.
 */
#include <stdio.h>
#include <string.h>

#include "compare.h"
#include "result_keys.h"

/* The name of env.pmus' core PMU (cpu, cpu_core, cpu_atom, armv8_*), or
 * NULL without one (or without the list). */
static const char *compare_core_pmu(const struct result *r)
{
	for (size_t i = 0; i < result_n_pmus(r); i++) {
		const char *n = result_pmu_name(r, i);

		if (n && (!strcmp(n, "cpu") || !strncmp(n, "cpu_", 4) ||
		    !strncmp(n, "armv8_", 6) || !strncmp(n, "armv7_", 6)))
			return n;
	}
	return NULL;
}

json_t *compare_machine(const struct result *r)
{
	const char *pmu = compare_core_pmu(r);
	int hv = result_hypervisor(r);
	/* the x86_64 kernel lab's instruction counter (lab/count-merge.sh) */
	const char *counter = result_lab_counter(r);
	json_t *m;

	if (!pmu && result_has_pmus(r))
		pmu = "none";
	m = json_pack("{s:s, s:o, s:s?, s:b}", "cpu", result_cpu_name(r),
		      "virtual", hv < 0 ? json_null() : json_boolean(hv),
		      "pmu", pmu, "emulated", result_cpu_emulated(r));
	if (m && counter) /* only where it counted */
		json_object_set_new(m, "counter", json_string(counter));
	return m;
}

void compare_machine_line(const json_t *machine, char *buf, size_t len)
{
	const json_t *v = json_object_get(machine, "virtual");
	const char *pmu = json_string_value(json_object_get(machine, "pmu"));
	char how[160] = "";

	if (json_is_true(json_object_get(machine, "emulated")))
		snprintf(how, sizeof(how),
			 "emulated PMU%s%s: a cycle is an instruction",
			 pmu ? " " : "", pmu ? pmu : "");
	else if (pmu && !strcmp(pmu, "none"))
		snprintf(how, sizeof(how), "no core PMU");
	else if (pmu)
		snprintf(how, sizeof(how), "PMU %s", pmu);
	if (json_string_value(json_object_get(machine, "counter")))
		snprintf(how + strlen(how), sizeof(how) - strlen(how),
			 "%sinstructions counted by the emulator",
			 how[0] ? "; " : "");
	snprintf(buf, len, "machine: %s%s%s%s%s",
		 json_string_value(json_object_get(machine, "cpu")),
		 json_is_boolean(v) || how[0] ? " (" : "",
		 json_is_true(v)  ? "virtual machine" :
		 json_is_false(v) ? "bare metal" :
				    "",
		 json_is_boolean(v) && how[0] ? ", " : "", how);
	if (json_is_boolean(v) || how[0])
		snprintf(buf + strlen(buf), len - strlen(buf), ")");
}
