// SPDX-License-Identifier: MIT
/*
 * harness: the shared main() of the built-in workloads (see harness.h).
 * Only the loop between abstat_begin() and abstat_end() is measured; the
 * clock reads that give the summary line sit just outside it, as
 * abstat.h's own do (a clock read can retry, and its instructions
 * would make the region's counts vary), so the by-hand ns/op and
 * abstat's region time agree.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif

#include "abstat.h"
#include "harness.h"

const char *harness_argv0 = "";

int harness_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: error: ", workload.name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return -1;
}

int harness_perror(const char *what)
{
	return harness_error("%s: %s", what, strerror(errno));
}

int harness_parse_u64(const char *s, uint64_t min, uint64_t max,
		      uint64_t *out)
{
	unsigned long long v;
	char *end;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || *end || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int harness_tmpdir(char *buf, size_t len)
{
	const char *tmp = getenv("TMPDIR");
	int n;

	if (!tmp || !*tmp)
		tmp = "/tmp";
	n = snprintf(buf, len, "%s/abstat-%s.XXXXXX", tmp, workload.name);
	if (n < 0 || (size_t)n >= len)
		return harness_error("TMPDIR is too long");
	if (!mkdtemp(buf))
		return harness_perror(buf);
	return 0;
}

int harness_tmpfile(char *dir, char *path, size_t len, uint64_t size_kb)
{
	char buf[4096];
	int fd;

	memset(buf, 'x', sizeof(buf));
	if (harness_tmpdir(dir, len) < 0)
		return -1;
	if ((size_t)snprintf(path, len, "%s/file", dir) >= len)
		return harness_error("TMPDIR is too long");
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0644);
	if (fd < 0)
		return harness_perror(path);
	for (uint64_t i = 0; i < size_kb / 4; i++)
		if (write(fd, buf, sizeof(buf)) != (ssize_t)sizeof(buf)) {
			close(fd);
			return harness_perror(path);
		}
	return fd;
}

void harness_tmpfile_remove(const char *dir, const char *path)
{
	if (path[0] && dir[0])
		unlink(path);
	if (dir[0])
		rmdir(dir);
}

int64_t harness_getppid(uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
#ifdef __linux__
		syscall(SYS_getppid);
#else
		getppid();
#endif
	}
	return (int64_t)n;
}

int harness_fork_wait(void)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return harness_perror("fork");
	if (pid == 0)
		_exit(0);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return harness_error("child %ld did not exit cleanly", (long)pid);
	return 0;
}

static pthread_mutex_t threads_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t threads_cond = PTHREAD_COND_INITIALIZER;
static int threads_started;
static pthread_t threads_tids[HARNESS_MAX_THREADS];
static uint64_t threads_created;

int harness_threads_start(uint64_t n, void *(*fn)(void *))
{
	int err;

	for (threads_created = 0; threads_created < n &&
				  threads_created < HARNESS_MAX_THREADS;
	     threads_created++) {
		err = pthread_create(&threads_tids[threads_created], NULL, fn,
				     (void *)(uintptr_t)threads_created);
		if (err)
			return harness_error("pthread_create: %s",
					     strerror(err));
	}
	return 0;
}

void harness_threads_wait(void)
{
	pthread_mutex_lock(&threads_lock);
	while (!threads_started)
		pthread_cond_wait(&threads_cond, &threads_lock);
	pthread_mutex_unlock(&threads_lock);
}

void harness_threads_run(void)
{
	pthread_mutex_lock(&threads_lock);
	threads_started = 1;
	pthread_cond_broadcast(&threads_cond);
	pthread_mutex_unlock(&threads_lock);
	for (uint64_t i = 0; i < threads_created; i++)
		pthread_join(threads_tids[i], NULL);
	threads_created = 0;
}

static void harness_usage(FILE *f)
{
	fprintf(f,
		"usage: %s [-n N]%s%s\n"
		"One operation: %s.\n"
		"  -n N   %s (default %" PRIu64 ")\n"
		"%s"
		"  -h     this help\n"
		"Under abstat(1) only the loop is measured and the operation count\n"
		"is reported (ABSTAT_CTL); see abstat-workloads(7).\n",
		workload.name, workload.optstring ? " [" : "",
		workload.optstring ? "options]" : "", workload.op,
		workload.n_means ? workload.n_means : "operations",
		workload.default_n,
		workload.opt_usage ? workload.opt_usage : "");
}

static int harness_args(int argc, char **argv, uint64_t *n)
{
	char opts[32] = "n:h";
	int c;

	if (workload.optstring)
		strncat(opts, workload.optstring, sizeof(opts) - 4);
	while ((c = getopt(argc, argv, opts)) != -1) {
		if (c == 'n') {
			if (harness_parse_u64(optarg, 1, UINT64_MAX / 2, n) < 0)
				return harness_error("-n: expected a positive integer, got '%s'",
						     optarg);
		} else if (c == 'h') {
			harness_usage(stdout);
			exit(0);
		} else if (c == '?' || !workload.option ||
			   workload.option(c, optarg) < 0) {
			if (c == '?')
				harness_usage(stderr);
			return -1;
		}
	}
	if (optind < argc)
		return harness_error("unexpected argument '%s'; see -h",
				     argv[optind]);
	return 0;
}

static double harness_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
	uint64_t n = workload.default_n;
	double t0, t1, s;
	int64_t ops;

	harness_argv0 = argv[0];
	if (harness_args(argc, argv, &n) < 0)
		return 2;
	if (workload.setup && workload.setup(n) < 0)
		return 1;
	/* Nothing buffered may be flushed inside the region. */
	fflush(NULL);
	t0 = harness_now();
	abstat_begin();
	ops = workload.run(n);
	abstat_end();
	t1 = harness_now();
	if (workload.teardown)
		workload.teardown();
	if (ops < 0)
		return 1;
	abstat_ops((unsigned long long)ops);
	s = t1 - t0;
	printf("%s: %" PRId64 " ops in %.3f s, %.1f ns/op, %.0f ops/s\n",
	       workload.name, ops, s, ops ? s * 1e9 / (double)ops : 0.0,
	       s > 0 ? (double)ops / s : 0.0);
	return 0;
}
