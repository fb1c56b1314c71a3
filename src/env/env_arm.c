// SPDX-License-Identifier: MIT
/*
 * env_arm: what an arm64 /proc/cpuinfo says of its CPU (implementer,
 * architecture, variant, part, revision: the MIDR_EL1 fields) turned into
 * the cpu keys the x86 layout fills, so that a table names the CPU and a
 * compare of two different CPUs is refused on arm64 too; and whether the
 * machine is a virtual one, from the device tree. The names are lscpu's
 * (util-linux, sys-utils/lscpu-arm.c), for the implementers and parts
 * this field meets; others are named by their numbers.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "env.h"
#include "sysroot.h"

static const struct {
	unsigned id;
	const char *name;
} env_arm_implementers[] = {
	{ 0x41, "ARM" },      { 0x42, "Broadcom" }, { 0x43, "Cavium" },
	{ 0x46, "Fujitsu" },  { 0x48, "HiSilicon" }, { 0x4e, "NVIDIA" },
	{ 0x50, "APM" },      { 0x51, "Qualcomm" }, { 0x61, "Apple" },
	{ 0x6d, "Microsoft" }, { 0xc0, "Ampere" },
};

static const struct {
	unsigned impl, part;
	const char *name;
} env_arm_parts[] = {
	{ 0x41, 0xd03, "Cortex-A53" },  { 0x41, 0xd04, "Cortex-A35" },
	{ 0x41, 0xd05, "Cortex-A55" },  { 0x41, 0xd07, "Cortex-A57" },
	{ 0x41, 0xd08, "Cortex-A72" },  { 0x41, 0xd09, "Cortex-A73" },
	{ 0x41, 0xd0a, "Cortex-A75" },  { 0x41, 0xd0b, "Cortex-A76" },
	{ 0x41, 0xd0c, "Neoverse-N1" }, { 0x41, 0xd0d, "Cortex-A77" },
	{ 0x41, 0xd40, "Neoverse-V1" }, { 0x41, 0xd41, "Cortex-A78" },
	{ 0x41, 0xd44, "Cortex-X1" },   { 0x41, 0xd46, "Cortex-A510" },
	{ 0x41, 0xd47, "Cortex-A710" }, { 0x41, 0xd48, "Cortex-X2" },
	{ 0x41, 0xd49, "Neoverse-N2" }, { 0x41, 0xd4f, "Neoverse-V2" },
	{ 0x41, 0xd84, "Neoverse-V3" }, { 0x41, 0xd8e, "Neoverse-N3" },
	{ 0x43, 0x0af, "ThunderX2 99xx" }, { 0x46, 0x001, "A64FX" },
	{ 0x48, 0xd01, "TaiShan-v110" }, { 0x4e, 0x004, "Carmel" },
	{ 0xc0, 0xac3, "Ampere-1" },    { 0xc0, 0xac4, "Ampere-1a" },
};

/*
 * QEMU's TCG "max" CPU: implementer 0 (reserved for software) and part
 * 0x051 ('Q'), set by target/arm for -cpu max under TCG only (under KVM
 * the guest reads the host's MIDR): every count comes from an emulated
 * PMU, where a cycle is an instruction under -icount.
 */
#define ENV_ARM_QEMU_IMPL 0x00
#define ENV_ARM_QEMU_PART 0x051

bool env_arm_emulated(unsigned impl, unsigned part)
{
	return impl == ENV_ARM_QEMU_IMPL && part == ENV_ARM_QEMU_PART;
}

void env_arm_name(unsigned impl, unsigned part, char *vendor,
		  size_t vlen, char *model, size_t mlen)
{
	const char *iv = NULL, *pn = NULL;

	for (size_t i = 0; i < sizeof(env_arm_implementers) /
				       sizeof(env_arm_implementers[0]); i++)
		if (env_arm_implementers[i].id == impl)
			iv = env_arm_implementers[i].name;
	for (size_t i = 0; i < sizeof(env_arm_parts) / sizeof(env_arm_parts[0]);
	     i++)
		if (env_arm_parts[i].impl == impl &&
		    env_arm_parts[i].part == part)
			pn = env_arm_parts[i].name;
	if (env_arm_emulated(impl, part)) {
		snprintf(vendor, vlen, "QEMU");
		snprintf(model, mlen, "QEMU TCG -cpu max");
		return;
	}
	if (iv)
		snprintf(vendor, vlen, "%s", iv);
	else
		snprintf(vendor, vlen, "0x%02x", impl);
	if (pn)
		snprintf(model, mlen, "%s %s", vendor, pn);
	else
		snprintf(model, mlen, "%s part 0x%03x", vendor, part);
}

/* Does the NUL-separated list of the device-tree file rel hold word? */
static bool env_dt_has(const char *root, const char *rel, const char *word)
{
	char buf[1024];
	ssize_t n;
	int fd = env_open(root, rel);

	if (fd < 0)
		return false;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return false;
	buf[n] = '\0';
	for (ssize_t k = 0; k < n; k += (ssize_t)strlen(buf + k) + 1)
		if (strstr(buf + k, word))
			return true;
	return false;
}

int env_dt_virtual(const char *root)
{
	char path[PATH_MAX];

	if (sysroot_path(root, "/proc/device-tree", path, sizeof(path)) ||
	    access(path, F_OK))
		return -1; /* no device tree: ACPI, or not arm */
	/* QEMU's virt board, a hypervisor's node (Xen, KVM's pvtime) */
	return env_dt_has(root, "/proc/device-tree/compatible",
			  "linux,dummy-virt") ||
	       env_dt_has(root, "/proc/device-tree/hypervisor/compatible", "");
}
