/* leave_behind S P: start S children that call setsid() and P that do
 * not, each sleeping 30 s (an alarm ends them even if nobody does), wait
 * until every one is set up, then exit 0: a workload that leaves
 * S + P processes behind. */
#include <stdlib.h>
#include <unistd.h>

static void child(int ready, int own_session)
{
	if (own_session && setsid() < 0)
		_exit(1);
	alarm(30);
	if (write(ready, "r", 1) != 1)
		_exit(1);
	close(ready);
	for (;;)
		pause();
}

int main(int argc, char **argv)
{
	int s = argc > 1 ? atoi(argv[1]) : 1, p = argc > 2 ? atoi(argv[2]) : 0;
	int fd[2];
	char c;

	if (pipe(fd) < 0)
		return 2;
	for (int i = 0; i < s + p; i++) {
		pid_t pid = fork();

		if (pid < 0)
			return 2;
		if (pid == 0) {
			close(fd[0]);
			child(fd[1], i < s);
		}
	}
	close(fd[1]);
	for (int i = 0; i < s + p; i++)
		if (read(fd[0], &c, 1) != 1)
			return 3;
	return 0;
}
