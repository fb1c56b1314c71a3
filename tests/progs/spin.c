/* spin N: N getppid() system calls (a workload of known cost). */
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 100000;

	for (long i = 0; i < n; i++)
		syscall(SYS_getppid);
	return 0;
}
