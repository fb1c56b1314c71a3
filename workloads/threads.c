// SPDX-License-Identifier: MIT
/*
 * threads: sysbench "threads": T threads (-t, default 4) each repeat
 * lock a mutex; sched_yield(); unlock it -- one operation. -n is the total
 * over all threads. As in sysbench there are 8 mutexes and thread i uses
 * mutex i % 8. Threads are created in setup and wait for a start signal,
 * so thread creation is outside the region; the region ends when the last
 * thread is joined. Pinned to one CPU (abstat's default) every yield can
 * switch threads.
 */
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

#define NLOCKS 8
#define MAX_THREADS 1024

static pthread_mutex_t locks[NLOCKS];
static pthread_mutex_t start_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t start_cond = PTHREAD_COND_INITIALIZER;
static int started;
static uint64_t nthreads = 4;
static pthread_t tids[MAX_THREADS];
static uint64_t per_thread[MAX_THREADS];
static uint64_t created;

static int threads_option(int opt, const char *arg)
{
	(void)opt;
	if (harness_parse_u64(arg, 1, MAX_THREADS, &nthreads) < 0)
		return harness_error("-t: expected 1..%d threads, got '%s'",
				     MAX_THREADS, arg);
	return 0;
}

static void *threads_main(void *arg)
{
	uint64_t id = (uint64_t)(uintptr_t)arg;
	pthread_mutex_t *m = &locks[id % NLOCKS];

	pthread_mutex_lock(&start_lock);
	while (!started)
		pthread_cond_wait(&start_cond, &start_lock);
	pthread_mutex_unlock(&start_lock);
	for (uint64_t i = 0; i < per_thread[id]; i++) {
		pthread_mutex_lock(m);
		sched_yield();
		pthread_mutex_unlock(m);
	}
	return NULL;
}

static int threads_setup(uint64_t n)
{
	int err;

	for (int i = 0; i < NLOCKS; i++)
		pthread_mutex_init(&locks[i], NULL);
	for (uint64_t i = 0; i < nthreads; i++)
		per_thread[i] = n / nthreads + (i < n % nthreads);
	for (created = 0; created < nthreads; created++) {
		err = pthread_create(&tids[created], NULL, threads_main,
				     (void *)(uintptr_t)created);
		if (err) {
			harness_error("pthread_create: %s", strerror(err));
			return -1;
		}
	}
	return 0;
}

static int64_t threads_run(uint64_t n)
{
	pthread_mutex_lock(&start_lock);
	started = 1;
	pthread_cond_broadcast(&start_cond);
	pthread_mutex_unlock(&start_lock);
	for (uint64_t i = 0; i < created; i++)
		pthread_join(tids[i], NULL);
	created = 0;
	return (int64_t)n;
}

static void threads_teardown(void)
{
	/* After a failed setup: release and join what was created. */
	if (created) {
		threads_run(0);
	}
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
	.teardown = threads_teardown,
};
