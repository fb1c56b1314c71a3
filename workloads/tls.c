// SPDX-License-Identifier: MIT
/*
 * tls: T threads (-t, default 4) each add to a thread-local counter
 * (__thread, the initial-exec model of a program's own variable) --
 * one operation; with -g each adds to its own slot of a global array
 * instead, the same work without thread-local storage (the NetBSD
 * thread's TLS question, seed 004). -n is the total over all threads.
 * The threads are created in setup and wait for a start signal, so
 * thread creation is outside the region; the region ends when the last
 * thread is joined (harness_threads_*). Every access goes to memory (a
 * volatile pointer), so the compiler keeps one load and one store an
 * operation either way.
 */
#include "harness.h"

#define MAX_THREADS 64

static __thread uint64_t tls_counter;
/* one cache line a thread: no false sharing between the -g slots */
static struct {
	uint64_t v;
	char pad[56];
} global_slots[MAX_THREADS];
static int use_global;
static uint64_t nthreads = 4;
static uint64_t per_thread[MAX_THREADS];

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

	harness_threads_wait();
	for (uint64_t i = 0; i < per_thread[id]; i++)
		*p += 1;
	return NULL;
}

static int tls_setup(uint64_t n)
{
	for (uint64_t i = 0; i < nthreads; i++)
		per_thread[i] = n / nthreads + (i < n % nthreads);
	return harness_threads_start(nthreads, tls_main);
}

static int64_t tls_run(uint64_t n)
{
	harness_threads_run();
	return (int64_t)n;
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
	/* after a failed setup: release and join what was created */
	.teardown = harness_threads_run,
};
