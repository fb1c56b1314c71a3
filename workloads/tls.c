// SPDX-License-Identifier: MIT
/*
 * tls: T threads (-t, default 4) each add to a thread-local counter
 * (__thread, the initial-exec model of a program's own variable) --
 * one operation; with -g each adds to its own slot of a global array
 * instead, the same work without thread-local storage (the NetBSD
 * thread's TLS question, seed 004). -n is the total over all threads.
 * The threads are created in setup and wait for a start signal, so
 * thread creation is outside the region; the region ends when the last
 * thread is joined. Every access goes to memory (a volatile pointer), so
 * the compiler keeps one load and one store an operation either way.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

#define MAX_THREADS 64

static __thread uint64_t tls_counter;
/* one cache line a thread: no false sharing between the -g slots */
static struct {
	uint64_t v;
	char pad[56];
} global_slots[MAX_THREADS];
static pthread_mutex_t start_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t start_cond = PTHREAD_COND_INITIALIZER;
static int started;
static int use_global;
static uint64_t nthreads = 4;
static pthread_t tids[MAX_THREADS];
static uint64_t per_thread[MAX_THREADS];
static uint64_t created;

static int tls_option(int opt, const char *arg)
{
	if (opt == 'g') {
		use_global = 1;
		return 0;
	}
	if (harness_parse_u64(arg, 1, MAX_THREADS, &nthreads) < 0)
		return harness_error("-t: expected 1..%d threads, got '%s'",
				     MAX_THREADS, arg);
	return 0;
}

static void *tls_main(void *arg)
{
	uint64_t id = (uint64_t)(uintptr_t)arg;
	volatile uint64_t *p = use_global ? &global_slots[id].v : &tls_counter;

	pthread_mutex_lock(&start_lock);
	while (!started)
		pthread_cond_wait(&start_cond, &start_lock);
	pthread_mutex_unlock(&start_lock);
	for (uint64_t i = 0; i < per_thread[id]; i++)
		*p += 1;
	return NULL;
}

static int tls_setup(uint64_t n)
{
	int err;

	for (uint64_t i = 0; i < nthreads; i++)
		per_thread[i] = n / nthreads + (i < n % nthreads);
	for (created = 0; created < nthreads; created++) {
		err = pthread_create(&tids[created], NULL, tls_main,
				     (void *)(uintptr_t)created);
		if (err)
			return harness_error("pthread_create: %s",
					     strerror(err));
	}
	return 0;
}

static int64_t tls_run(uint64_t n)
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

static void tls_teardown(void)
{
	/* After a failed setup: release and join what was created. */
	if (created)
		tls_run(0);
}

const struct workload workload = {
	.name = "tls",
	.op = "add 1 to a thread-local counter, in T threads",
	.default_n = 100000000,
	.n_means = "operations over all threads",
	.optstring = "t:g",
	.opt_usage = "  -t T     threads (default 4)\n"
		     "  -g       a global array's slot instead of TLS\n",
	.option = tls_option,
	.setup = tls_setup,
	.run = tls_run,
	.teardown = tls_teardown,
};
