// SPDX-License-Identifier: MIT
/*
 * threads: sysbench "threads": T threads (-t, default 4) each repeat
 * lock a mutex; sched_yield(); unlock it -- one operation. -n is the total
 * over all threads. As in sysbench there are 8 mutexes and thread i uses
 * mutex i % 8. Threads are created in setup and wait for a start signal,
 * so thread creation is outside the region; the region ends when the last
 * thread is joined (harness_threads_*). Pinned to one CPU (abstat's
 * default) every yield can switch threads.
 */
#include <pthread.h>
#include <sched.h>

#include "harness.h"

#define NLOCKS 8

static pthread_mutex_t locks[NLOCKS];
static uint64_t nthreads = 4;
static uint64_t per_thread[HARNESS_MAX_THREADS];

static int threads_option(int opt, const char *arg)
{
	(void)opt;
	if (harness_parse_u64(arg, 1, HARNESS_MAX_THREADS, &nthreads) < 0)
		return harness_error("-t: expected 1..%d threads, got '%s'",
				     HARNESS_MAX_THREADS, arg);
	return 0;
}

static void *threads_main(void *arg)
{
	uint64_t id = (uint64_t)(uintptr_t)arg;
	pthread_mutex_t *m = &locks[id % NLOCKS];

	harness_threads_wait();
	for (uint64_t i = 0; i < per_thread[id]; i++) {
		pthread_mutex_lock(m);
		sched_yield();
		pthread_mutex_unlock(m);
	}
	return NULL;
}

static int threads_setup(uint64_t n)
{
	for (int i = 0; i < NLOCKS; i++)
		pthread_mutex_init(&locks[i], NULL);
	for (uint64_t i = 0; i < nthreads; i++)
		per_thread[i] = n / nthreads + (i < n % nthreads);
	return harness_threads_start(nthreads, threads_main);
}

static int64_t threads_run(uint64_t n)
{
	harness_threads_run();
	return (int64_t)n;
}

const struct workload workload = {
	.name = "threads",
	.op = "mutex lock + sched_yield() + unlock, in T threads",
	.default_n = 400000,
	.n_means = "operations over all threads",
	.optstring = "t:",
	.opt_usage = "  -t T     threads (default 4)\n",
	.option = threads_option,
	.setup = threads_setup,
	.run = threads_run,
	/* after a failed setup: release and join what was created */
	.teardown = harness_threads_run,
};
