/* Exit statuses and restart delays: what the supervisor's loop decides when it reaps. */
#include "exits.h"
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>

static const char *signal_name(int signo)
{
	switch (signo) {
		case SIGHUP: return "SIGHUP";
		case SIGINT: return "SIGINT";
		case SIGQUIT: return "SIGQUIT";
		case SIGILL: return "SIGILL";
		case SIGABRT: return "SIGABRT";
		case SIGBUS: return "SIGBUS";
		case SIGFPE: return "SIGFPE";
		case SIGKILL: return "SIGKILL";
		case SIGUSR1: return "SIGUSR1";
		case SIGSEGV: return "SIGSEGV";
		case SIGUSR2: return "SIGUSR2";
		case SIGPIPE: return "SIGPIPE";
		case SIGALRM: return "SIGALRM";
		case SIGTERM: return "SIGTERM";
		case SIGXCPU: return "SIGXCPU";
		default: return NULL;
	}
}

bool fastqueue_exit_by_design(int wstatus, double ran, const uint8_t design_exits[32], double min_run)
{
	return WIFEXITED(wstatus) && fastqueue_exit_in(design_exits, (unsigned) WEXITSTATUS(wstatus)) && ran >= min_run;
}

void fastqueue_exit_describe(int wstatus, char *buf, size_t len)
{
	if (WIFEXITED(wstatus)) {
		snprintf(buf, len, "exited with status %d", WEXITSTATUS(wstatus));
	} else if (WIFSIGNALED(wstatus)) {
		const char *name = signal_name(WTERMSIG(wstatus));
		snprintf(buf, len, "was killed by signal %d%s%s%s%s", WTERMSIG(wstatus), name ? " (" : "", name ? name : "",
			name ? ")" : "", WCOREDUMP(wstatus) ? ", core dumped" : "");
	} else {
		snprintf(buf, len, "ended with wait status %d", wstatus);
	}
}

unsigned fastqueue_exit_next_streak(unsigned streak, double ran, double steady)
{
	return ran >= steady ? 1 : streak + 1;
}

double fastqueue_exit_restart_delay(unsigned streak, double max)
{
	double delay = 1;
	for (unsigned i = 1; i < streak && delay < max; i++) {
		delay *= 2;
	}
	return delay < max ? delay : max;
}
