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

/* The name of env.pmus' core PMU (cpu, cpu_core, cpu_atom, armv8_*), or
 * NULL without one (or without the list). */
static const char *compare_core_pmu(const json_t *env)
{
	const json_t *pmus = json_object_get(env, "pmus"), *p;
	size_t i;

	json_array_foreach(pmus, i, p) {
		const char *n = json_string_value(json_object_get(p, "name"));

		if (n && (!strcmp(n, "cpu") || !strncmp(n, "cpu_", 4) ||
			  !strncmp(n, "armv8_", 6) || !strncmp(n, "armv7_", 6)))
			return n;
	}
	return NULL;
}

json_t *compare_machine(const json_t *env)
{
	const json_t *cpu = json_object_get(env, "cpu");
	const json_t *hv = json_object_get(env, "hypervisor");
	const char *model = json_string_value(json_object_get(cpu,
							      "model_name"));
	const char *pmu = compare_core_pmu(env);
	bool emulated = json_is_true(json_object_get(cpu, "emulated"));

	/* the x86_64 kernel lab's instruction counter (lab/count-merge.sh) */
	const char *counter = json_string_value(json_object_get(env,
								"lab_counter"));

	if (!pmu && json_is_array(json_object_get(env, "pmus")))
		pmu = "none";
	json_t *m = json_pack("{s:s, s:o, s:s?, s:b}", "cpu",
			 model && strcmp(model, "unknown") ? model :
							     "unknown CPU",
			 "virtual", json_is_boolean(hv) ? json_copy((json_t *)hv) :
							 json_null(),
			 "pmu", pmu, "emulated", emulated);

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
