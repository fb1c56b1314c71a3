// SPDX-License-Identifier: MIT
/*
 * session_signal: the stop signals of a session (session_priv.h). The
 * first stops the session as SIGINT does (the workload ended, the cpuset
 * removed, the journal kept), a second leaves at once, saying where the
 * finished runs are. Copies that come together are one request: GNU
 * timeout, and many job runners, send the signal to abstat and then to
 * its process group, so abstat gets it twice within microseconds.
 * Signal state lives at file scope: a handler can reach nothing else.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cpuset.h"
#include "session_priv.h"

static volatile sig_atomic_t session_stop;
static volatile sig_atomic_t session_hook_group; /* a hook's group, or 0 */
static struct cpuset *session_cpuset_for_signal;
static pid_t session_pid;
static struct timespec session_stop_at; /* when the first came */
/* What a second signal says before it leaves (session_signal_kept). */
static char session_kept[8192];

/* A stop signal within this long of the first is the same request. */
#define SESSION_SAME_STOP_NS 1000000000LL

static long long session_since_stop_ns(void)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (now.tv_sec - session_stop_at.tv_sec) * 1000000000LL +
	       (now.tv_nsec - session_stop_at.tv_nsec);
}

/* The line a second signal writes (write(2): async-signal-safe). */
static void session_say_left(void)
{
	static const char left[] = "abstat: stopped at once by a second signal";
	static const char none[] = "; no run was journaled (no -o)\n";
	ssize_t rc;

	rc = write(STDERR_FILENO, left, sizeof(left) - 1);
	if (rc < 0)
		return;
	if (session_kept[0])
		rc = write(STDERR_FILENO, session_kept, strlen(session_kept));
	else
		rc = write(STDERR_FILENO, none, sizeof(none) - 1);
	(void)rc;
}

/*
 * Every signal whose default action ends the process and that can come
 * from outside (kill, a terminal, a timer, a resource limit): the first
 * stops the session like SIGINT, so that the workload is ended and the
 * cpuset removed on the way out. SIGPIPE is ignored (write errors say
 * it); SIGKILL cannot be caught: it leaves a stale cgroup that 'abstat
 * doctor' names. Faults (SIGSEGV, SIGBUS...) keep their default.
 */
static const int session_stop_sigs[] = {
	SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM,
	SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGIO, SIGPWR, SIGSTKFLT,
};

static void session_on_signal(int sig)
{
	if (getpid() != session_pid) {
		/* The launcher's child before exec (it shares our memory):
		 * take the default action there, as the workload would. */
		struct sigaction dfl = { .sa_handler = SIG_DFL };

		sigaction(sig, &dfl, NULL);
		raise(sig);
		return;
	}
	if (session_stop) {
		/* The same request again (a copy sent to the group): the
		 * stop is under way. */
		if (session_since_stop_ns() < SESSION_SAME_STOP_NS)
			return;
		/* Second signal: leave at once; the journal stays. A hook
		 * that was running goes too (hooks.c waits for a first one
		 * itself). */
		session_say_left();
		if (session_hook_group)
			kill(-(pid_t)session_hook_group, SIGKILL);
		if (session_cpuset_for_signal)
			cpuset_destroy_signal_safe(session_cpuset_for_signal);
		_exit(EXIT_INTERRUPTED);
	}
	clock_gettime(CLOCK_MONOTONIC, &session_stop_at);
	session_stop = sig;
}

bool session_stopping(void)
{
	return session_stop != 0;
}

volatile sig_atomic_t *session_stop_flag(void)
{
	return &session_stop;
}

volatile sig_atomic_t *session_hook_pgid(void)
{
	return &session_hook_group;
}

void session_signals(struct session *s)
{
	struct sigaction sa = { .sa_handler = session_on_signal };
	struct sigaction ign = { .sa_handler = SIG_IGN };

	session_pid = getpid();
	sigemptyset(&s->stop_signals);
	for (size_t i = 0;
	     i < sizeof(session_stop_sigs) / sizeof(session_stop_sigs[0]); i++)
		sigaddset(&s->stop_signals, session_stop_sigs[i]);
	for (int sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
		sigaddset(&s->stop_signals, sig);
	/* Handled as a whole set: a handler runs with every stop signal
	 * blocked, so a second one waits for the first to return. */
	sa.sa_mask = s->stop_signals;
	for (int sig = 1; sig < NSIG; sig++)
		if (sigismember(&s->stop_signals, sig) == 1)
			sigaction(sig, &sa, NULL);
	sigaction(SIGPIPE, &ign, NULL);
	/* Blocked except inside the launcher's ppoll: no lost wake-up. */
	sigprocmask(SIG_BLOCK, &s->stop_signals, NULL);
}

void session_signal_cpuset(struct cpuset *cs)
{
	session_cpuset_for_signal = cs;
}

void session_signal_kept(const char *journal)
{
	size_t n = strlen(session_kept);
	sigset_t all, old;

	/* Written with the stop signals blocked: a handler never reads a
	 * half-written line. */
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	if (n)
		n--; /* over the newline */
	snprintf(session_kept + n, sizeof(session_kept) - n,
		 "; the runs that finished are in %s ('abstat recover %s' makes a result of them)\n",
		 journal, journal);
	sigprocmask(SIG_SETMASK, &old, NULL);
}
