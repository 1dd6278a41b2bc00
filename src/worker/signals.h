/* The only code that touches signal dispositions, the job alarm and the VM interrupt hook.
 * Handlers only set flags; the worker reads them between Redis calls and at safe points. */
#ifndef FASTQUEUE_SIGNALS_H
#define FASTQUEUE_SIGNALS_H

#include "php.h"
#include <signal.h>

typedef struct _fastqueue_signal_state {
	volatile sig_atomic_t quit;        /* SIGTERM, SIGINT or SIGQUIT arrived */
	volatile sig_atomic_t paused;      /* 1 after SIGUSR2, 0 after SIGCONT */
	volatile sig_atomic_t timed_out;   /* the running job's alarm fired */
	volatile sig_atomic_t in_job;      /* a job is running: the alarm means a timeout */
	volatile sig_atomic_t installed;   /* our handlers are in place */
	volatile sig_atomic_t changes;     /* counts quit/pause/resume signals: wakes sleeps */
} fastqueue_signal_state;

extern fastqueue_signal_state fastqueue_signals;

/* Called at a safe point (the VM interrupt hook) after a job's alarm fired. */
typedef void (*fastqueue_timeout_callback)(void *ctx);

/* Called at a safe point for each quit, pause or resume signal that arrived (signo). */
typedef void (*fastqueue_signal_callback)(void *ctx, int signo);

void fastqueue_signals_minit(void);
/* Ends the job alarm's thread (see signals.c), if this process started one. */
void fastqueue_signals_mshutdown(void);

/* Until restore: cb hears of each SIGTERM, SIGINT, SIGQUIT, SIGUSR2 and SIGCONT at the next safe
 * point (the VM interrupt, or fastqueue_signals_dispatch()), once per signal number pending. */
void fastqueue_signals_on_signal(fastqueue_signal_callback cb, void *ctx);
/* Calls the callback for the signals pending now (a safe point outside PHP code). */
void fastqueue_signals_dispatch(void);

/* Installs the worker's handlers, keeping the previous dispositions to restore; the caller's
 * ITIMER_REAL timer is stopped for the run. */
void fastqueue_signals_install(void);
/* Puts back the previous dispositions, and the caller's timer with the time it has left. */
void fastqueue_signals_restore(void);
/* After restore: raises again each quit signal (SIGTERM, SIGINT, SIGQUIT) that arrived during
 * the run, so the disposition found before handles it (SIG_DFL ends the process). */
void fastqueue_signals_raise_deferred_quit(void);

/* Starts the job's alarm: after seconds, timed_out is set and cb runs at the next safe point;
 * if the job reaches none within grace seconds after that, the process ends with status 1. */
void fastqueue_signals_start_job(zend_long seconds, double grace, const char *job_name,
	fastqueue_timeout_callback cb, void *ctx);
/* Gives the job another grace period, of at least at_least seconds (to unwind after
 * TimeoutException, or to fail it). */
void fastqueue_signals_extend_grace(double at_least);
/* The job returned: no alarm, no watchdog. */
void fastqueue_signals_end_job(void);

/* Called, async-signal-safe, when the process is about to die with a job running: signo a
 * fatal signal (SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL), or SIGALRM for the watchdog's exit
 * after the job's timeout of timeout seconds. It may only use async-signal-safe calls. */
typedef void (*fastqueue_death_hook)(int signo, zend_long timeout);

/* Until restore: hook hears of the process's death by a fatal signal or by the watchdog. The
 * fatal signals' handlers then put back the default action and raise the signal again, so the
 * process still dies by it (its core dump, its exit status). */
void fastqueue_signals_on_death(fastqueue_death_hook hook);

/* Sleeps up to seconds; returns early when a quit, pause or resume signal arrives. */
void fastqueue_signals_sleep(double seconds);

#endif
