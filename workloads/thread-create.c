// SPDX-License-Identifier: MIT
/*
 * thread-create: pthread_create() of a thread that returns at once, then
 * pthread_join() it -- one operation (the NetBSD thread's thread-heavy
 * work, seed 004; lmbench's and UnixBench's process creation, for
 * threads). The default attributes: glibc keeps a freed thread's stack in
 * its cache, so after the first operation no mmap is taken. Pinned to one
 * CPU (abstat's default) the new thread runs on the creator's CPU.
 */
#include <pthread.h>
#include <string.h>

#include "harness.h"

static void *thread_create_main(void *arg)
{
	return arg;
}

static int64_t thread_create_run(uint64_t n)
{
	pthread_t t;
	int err;

	for (uint64_t i = 0; i < n; i++) {
		err = pthread_create(&t, NULL, thread_create_main, NULL);
		if (err)
			return harness_error("pthread_create: %s", strerror(err));
		err = pthread_join(t, NULL);
		if (err)
			return harness_error("pthread_join: %s", strerror(err));
	}
	return (int64_t)n;
}

const struct workload workload = {
	.name = "thread-create",
	.op = "pthread_create() + pthread_join() of a thread that returns",
	.default_n = 10000,
	.run = thread_create_run,
};
