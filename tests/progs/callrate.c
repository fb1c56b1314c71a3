/*
 * callrate MS [BATCH]: seed 001's FreeBSD program (freebsd-current,
 * "syscall 4.7 vs 5.2") on Linux: write, socket, select and
 * gettimeofday each called for MS milliseconds (the original: 10 s), in
 * batches of BATCH calls (the original: 1000000) between clock reads,
 * then one line each, "{NAME: calls us calls/s}". The original called
 * each through a (int, ...) pointer with four zeros; here each call has
 * its own arguments: write of 0 bytes to fd 0, socket(0, 0, 0) (fails:
 * no such family, still a system call), select on no descriptors with
 * a zero timeout (a NULL one would block).
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

static void call_write(void)
{
	if (write(0, "", 0) < 0)
		return;
}

static void call_socket(void)
{
	int fd = socket(0, 0, 0);

	if (fd >= 0)
		close(fd);
}

static void call_select(void)
{
	struct timeval tv = { 0, 0 };

	select(0, NULL, NULL, NULL, &tv);
}

static long long elapsed_us(const struct timeval *a, const struct timeval *b)
{
	return (b->tv_sec - a->tv_sec) * 1000000LL + (b->tv_usec - a->tv_usec);
}

/* fp called in batches of batch between clock reads for ms; fp NULL:
 * the clock read itself is the call (the original's doGettimeofday) */
static void measure(const char *name, void (*fp)(void), long ms, long batch)
{
	unsigned long long i = 0;
	struct timeval tp, tp1;
	long long us;

	gettimeofday(&tp, 0);
	tp1 = tp;
	while (elapsed_us(&tp, &tp1) < ms * 1000) {
		for (long j = 0; fp && j < batch; j++) {
			fp();
			i++;
		}
		gettimeofday(&tp1, 0);
		i += !fp;
	}
	us = elapsed_us(&tp, &tp1);
	printf("{%s: %llu %lld %6.2f}\n", name, i, us, 1e6 * (double)i / (double)us);
}

int main(int argc, char **argv)
{
	long ms = argc > 1 ? atol(argv[1]) : 10000;
	long batch = argc > 2 ? atol(argv[2]) : 1000000;

	measure("write", call_write, ms, batch);
	measure("socket", call_socket, ms, batch);
	measure("select", call_select, ms, batch);
	measure("gettimeofday", NULL, ms, 1);
	return 0;
}
