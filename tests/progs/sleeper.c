/* sleeper K: sleep 1 ms K times (each sleep is a context switch). */
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv)
{
	int k = argc > 1 ? atoi(argv[1]) : 10;
	struct timespec ts = { 0, 1000000 };

	for (int i = 0; i < k; i++)
		nanosleep(&ts, NULL);
	return 0;
}
