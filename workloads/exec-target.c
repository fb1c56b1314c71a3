// SPDX-License-Identifier: MIT
/* exec-target: the program the exec workload runs: does nothing and exits.
 * Built static when the toolchain can, so the cost measured is exec and
 * process setup, not the dynamic loader. Not a workload by itself. */
int main(void)
{
	return 0;
}
