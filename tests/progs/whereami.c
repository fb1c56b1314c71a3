/* whereami: print the CPUs this process may run on, its uid, its cgroups. */
#include <sched.h>
#include <stdio.h>
#include <unistd.h>

int main(void)
{
	cpu_set_t set;
	char line[512];
	FILE *f;
	const char *sep = "";

	sched_getaffinity(0, sizeof(set), &set);
	printf("cpus:");
	for (int c = 0; c < CPU_SETSIZE; c++)
		if (CPU_ISSET(c, &set)) {
			printf("%s%d", sep, c);
			sep = ",";
		}
	printf("\nuid: %d\ngid: %d\n", (int)getuid(), (int)getgid());
	f = fopen("/proc/self/cgroup", "r");
	while (f && fgets(line, sizeof(line), f))
		printf("cgroup: %s", line);
	if (f)
		fclose(f);
	return 0;
}
