/* Signal handlers of the supervisor: flags and a byte in the self-pipe, nothing else. */
#include "supervisor_signals.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

fastqueue_sup_signal_flags fastqueue_sup_signals;

static const int handled[] = {SIGTERM, SIGINT, SIGQUIT, SIGUSR2, SIGCONT, SIGCHLD, SIGHUP};
#define NHANDLED (sizeof(handled) / sizeof(handled[0]))

static struct sigaction previous[NHANDLED];
static int wake_pipe[2] = {-1, -1};

static void on_signal(int signo)
{
	int saved = errno;
	switch (signo) {
		case SIGUSR2: fastqueue_sup_signals.paused = 1; fastqueue_sup_signals.pause_news++; break;
		case SIGCONT: fastqueue_sup_signals.paused = 0; fastqueue_sup_signals.pause_news++; break;
		case SIGCHLD: fastqueue_sup_signals.child = 1; break;
		case SIGHUP: fastqueue_sup_signals.restart++; break;
		default: fastqueue_sup_signals.quit = 1; break;
	}
	/* Full pipe: the loop wakes anyway, and reads the flags. */
	(void) !write(wake_pipe[1], "", 1);
	errno = saved;
}

int fastqueue_sup_signals_install(char *err, size_t errlen)
{
	struct sigaction sa;

	if (pipe2(wake_pipe, O_CLOEXEC | O_NONBLOCK) != 0) {
		snprintf(err, errlen, "cannot make the supervisor's signal pipe: %s", strerror(errno));
		wake_pipe[0] = wake_pipe[1] = -1;
		return -1;
	}
	memset((void *) &fastqueue_sup_signals, 0, sizeof(fastqueue_sup_signals));
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESTART | SA_NOCLDSTOP;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < NHANDLED; i++) {
		sigaction(handled[i], &sa, &previous[i]);
	}
	return wake_pipe[0];
}

void fastqueue_sup_signals_restore(void)
{
	if (wake_pipe[0] < 0) {
		return;
	}
	for (size_t i = 0; i < NHANDLED; i++) {
		sigaction(handled[i], &previous[i], NULL);
	}
	close(wake_pipe[0]);
	close(wake_pipe[1]);
	wake_pipe[0] = wake_pipe[1] = -1;
}

void fastqueue_sup_signals_drain(void)
{
	char buf[64];
	while (read(wake_pipe[0], buf, sizeof(buf)) > 0);
}
