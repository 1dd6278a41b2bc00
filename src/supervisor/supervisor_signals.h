/* The supervisor's signal handlers: each only sets a flag and writes a byte to a pipe (the
 * self-pipe), which wakes the loop's poll(). Installed for a run, the previous ones put back
 * after it. Apart from the worker's (src/worker/signals.c): the supervisor runs no job. */
#ifndef FASTQUEUE_SUPERVISOR_SIGNALS_H
#define FASTQUEUE_SUPERVISOR_SIGNALS_H

#include "php.h"
#include <signal.h>

typedef struct {
	volatile sig_atomic_t quit;       /* SIGTERM, SIGINT or SIGQUIT arrived */
	volatile sig_atomic_t paused;     /* 1 after SIGUSR2, 0 after SIGCONT: the last one counts */
	volatile sig_atomic_t pause_news; /* counts SIGUSR2 and SIGCONT */
	volatile sig_atomic_t child;      /* SIGCHLD arrived */
	volatile sig_atomic_t restart;    /* counts SIGHUP: a rolling restart each */
} fastqueue_sup_signal_flags;

extern fastqueue_sup_signal_flags fastqueue_sup_signals;

/* Installs the handlers and returns the self-pipe's read end (non-blocking, close-on-exec);
 * -1 with the reason in err. The flags start at zero. */
int fastqueue_sup_signals_install(char *err, size_t errlen);
/* Puts the previous handlers back and closes the pipe. */
void fastqueue_sup_signals_restore(void);
/* Empties the pipe after poll() said it is readable. */
void fastqueue_sup_signals_drain(void);

#endif
