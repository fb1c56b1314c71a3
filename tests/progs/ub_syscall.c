/*
 * ub_syscall MS [LOOPS]: UnixBench's "System Call Overhead" (syscall.c,
 * its "mix" test) as it runs: close(dup(0)), getpid(), getuid(),
 * umask(022) in a loop until an alarm after MS milliseconds (or LOOPS
 * loops exactly, when given: a fixed count), then "COUNT|n|1|lps" on
 * stderr, as UnixBench's programs report to its driver.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

static volatile sig_atomic_t done;

static void on_alarm(int sig)
{
	(void)sig;
	done = 1;
}

int main(int argc, char **argv)
{
	long ms = argc > 1 ? atol(argv[1]) : 100;
	unsigned long limit = argc > 2 ? strtoul(argv[2], NULL, 10) : 0;
	struct itimerval it = { { 0, 0 }, { ms / 1000, (ms % 1000) * 1000 } };
	unsigned long n = 0;

	signal(SIGALRM, on_alarm);
	if (!limit)
		setitimer(ITIMER_REAL, &it, NULL);
	while (!done && (!limit || n < limit)) {
		close(dup(0));
		getpid();
		getuid();
		umask(022);
		n++;
	}
	fprintf(stderr, "COUNT|%lu|1|lps\n", n);
	return 0;
}
