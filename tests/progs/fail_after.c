/* fail_after FILE K: exit 1 on the K-th call (a counter kept in FILE),
 * else 0: a workload whose later runs fail. Prints to stderr first. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	int k = argc > 2 ? atoi(argv[2]) : 1, n = 0;
	FILE *f = fopen(argv[1], "r");

	if (f) {
		if (fscanf(f, "%d", &n) != 1)
			n = 0;
		fclose(f);
	}
	f = fopen(argv[1], "w");
	if (f) {
		fprintf(f, "%d\n", n + 1);
		fclose(f);
	}
	if (n + 1 >= k) {
		fprintf(stderr, "some noise\nfail_after: failing on call %d\n", n + 1);
		return 1;
	}
	return 0;
}
