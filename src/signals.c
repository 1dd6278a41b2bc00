/* Signals for the worker: SIGTERM/SIGINT/SIGQUIT ask it to stop after the current job,
 * SIGUSR2 pauses it, SIGCONT resumes it, SIGALRM times a job out. The handlers only set
 * flags, request a VM interrupt and re-arm the timer: no PHP, no hiredis, no malloc. */
#include "php_fastqueue.h"
#include "signals.h"
#include "options.h"
#include "clock.h"
#include "zend_atomic.h"
#include <sys/time.h>
#include <errno.h>
#include <unistd.h>

fastqueue_signal_state fastqueue_signals;

static const int handled[] = {SIGTERM, SIGINT, SIGQUIT, SIGUSR2, SIGCONT, SIGALRM};
#define HANDLED_COUNT (sizeof(handled) / sizeof(handled[0]))
static struct sigaction previous[HANDLED_COUNT];
static struct itimerval previous_timer;
static double previous_timer_saved;   /* fastqueue_clock_mono() when it was saved */
/* Which quit signals arrived during the run, one flag each: a handler never writes another
 * signal's flag, so none is lost when one handler interrupts another. */
static volatile sig_atomic_t quit_received[HANDLED_COUNT];
/* Signals not yet told to the signal callback, one flag each (as quit_received). */
static volatile sig_atomic_t pending[HANDLED_COUNT];
static volatile sig_atomic_t any_pending;
static fastqueue_signal_callback signal_cb;
static void *signal_ctx;
static bool dispatching;

/* What the watchdog needs, prepared before the job starts so the handler only reads it. */
static struct {
	double grace;                   /* seconds between the timeout and the hard exit */
	char message[256];              /* written to stderr on the hard exit */
	size_t message_len;
	char message_name[128];         /* the job name, timeout and grace it was made for: */
	zend_long message_seconds;      /* a run of jobs of one class formats it once */
	double message_grace;
	fastqueue_timeout_callback cb;
	void *ctx;
	volatile sig_atomic_t handled;  /* the safe-point callback has run */
} job_alarm;

static void (*previous_interrupt)(zend_execute_data *execute_data);

/* Any double arms a valid timer: a payload's timeout can be as large as PHP_INT_MAX, and a
 * time_t cast of such a double is undefined (setitimer then fails and the job runs unwatched). */
static void arm_timer(double seconds)
{
	struct itimerval t;
	time_t whole;
	long usec;

	memset(&t, 0, sizeof(t));
	fastqueue_split_seconds(seconds, 1e6, &whole, &usec);
	t.it_value.tv_sec = whole;
	t.it_value.tv_usec = (suseconds_t) usec;
	/* All zero would disarm the timer: a positive time under a microsecond fires at once. */
	if (whole == 0 && usec == 0 && seconds > 0) {
		t.it_value.tv_usec = 1;
	}
	setitimer(ITIMER_REAL, &t, NULL);
}

static void on_signal(int signo)
{
	int saved = errno;
	if (signo != SIGALRM) {
		fastqueue_signals.changes++;
		if (signal_cb) {
			for (size_t i = 0; i < HANDLED_COUNT; i++) {
				if (handled[i] == signo) {
					pending[i] = 1;
				}
			}
			any_pending = 1;
			zend_atomic_bool_store_ex(&EG(vm_interrupt), true);
		}
	}
	switch (signo) {
		case SIGTERM:
		case SIGINT:
		case SIGQUIT:
			for (size_t i = 0; i < HANDLED_COUNT; i++) {
				if (handled[i] == signo) {
					quit_received[i] = 1;
				}
			}
			fastqueue_signals.quit = 1;
			break;
		case SIGUSR2:
			fastqueue_signals.paused = 1;
			break;
		case SIGCONT:
			fastqueue_signals.paused = 0;
			break;
		case SIGALRM:
			if (!fastqueue_signals.in_job) {
				break;
			}
			if (!fastqueue_signals.timed_out) {
				/* First alarm: the job ran too long. Ask the VM for a safe point, and
				 * start the watchdog in case the job is stuck where PHP cannot stop it. */
				fastqueue_signals.timed_out = 1;
				zend_atomic_bool_store_ex(&EG(vm_interrupt), true);
				arm_timer(job_alarm.grace);
			} else {
				/* Watchdog: no safe point within the grace period (a blocking C call). */
				ssize_t ignored = write(STDERR_FILENO, job_alarm.message, job_alarm.message_len);
				(void) ignored;
				_exit(FASTQUEUE_EXIT_ERROR);
			}
			break;
	}
	errno = saved;
}

void fastqueue_signals_dispatch(void)
{
	if (!signal_cb || !any_pending || dispatching) {
		return;
	}
	dispatching = true;
	any_pending = 0;
	for (size_t i = 0; i < HANDLED_COUNT && signal_cb; i++) {
		if (pending[i]) {
			pending[i] = 0;
			signal_cb(signal_ctx, handled[i]);
		}
	}
	dispatching = false;
}

void fastqueue_signals_on_signal(fastqueue_signal_callback cb, void *ctx)
{
	for (size_t i = 0; i < HANDLED_COUNT; i++) {
		pending[i] = 0;
	}
	any_pending = 0;
	signal_ctx = ctx;
	signal_cb = cb;
}

static void interrupt_hook(zend_execute_data *execute_data)
{
	fastqueue_signals_dispatch();
	if (fastqueue_signals.in_job && fastqueue_signals.timed_out && !job_alarm.handled && job_alarm.cb) {
		job_alarm.handled = 1;
		job_alarm.cb(job_alarm.ctx);
	}
	if (previous_interrupt) {
		previous_interrupt(execute_data);
	}
}

void fastqueue_signals_minit(void)
{
	previous_interrupt = zend_interrupt_function;
	zend_interrupt_function = interrupt_hook;
}

void fastqueue_signals_install(void)
{
	struct sigaction sa;
	struct itimerval off;

	if (fastqueue_signals.installed) {
		return;
	}
	/* Flags first: a signal that arrives once its handler is in place must not be wiped. One
	 * that comes before still finds the previous disposition, as it would without us. */
	fastqueue_signals.quit = 0;
	fastqueue_signals.paused = 0;
	fastqueue_signals.timed_out = 0;
	fastqueue_signals.in_job = 0;
	for (size_t i = 0; i < HANDLED_COUNT; i++) {
		quit_received[i] = 0;
	}
	/* The caller's timer is set aside for the run (jobs need ITIMER_REAL) and saved in the same
	 * call that stops it, so it cannot fire in between; restore re-arms what is left of it. */
	memset(&off, 0, sizeof(off));
	setitimer(ITIMER_REAL, &off, &previous_timer);
	previous_timer_saved = fastqueue_clock_mono();
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < HANDLED_COUNT; i++) {
		/* Stop, pause and resume must not cut short a job's own call that can resume (flock, a
		 * pipe read): SA_RESTART. Our sleeps still end at once (nanosleep is never restarted),
		 * and our Redis waits are short steps. The alarm has no SA_RESTART: a job that ran out
		 * of time should leave a blocking call and reach a safe point. */
		sa.sa_flags = handled[i] == SIGALRM ? 0 : SA_RESTART;
		sigaction(handled[i], &sa, &previous[i]);
	}
	fastqueue_signals.installed = 1;
}

/* The caller's timer as it would be now had it run on during the run: its time left less the
 * time since it was saved, at once (1 us; 0 would disarm it) when that is past; same interval. */
static void rearm_previous_timer(void)
{
	struct itimerval t = previous_timer;
	int64_t left_us, elapsed_us;

	if (t.it_value.tv_sec == 0 && t.it_value.tv_usec == 0) {
		return;
	}
	elapsed_us = (int64_t) ((fastqueue_clock_mono() - previous_timer_saved) * 1e6);
	left_us = (int64_t) t.it_value.tv_sec * 1000000 + t.it_value.tv_usec - elapsed_us;
	if (left_us <= 0) {
		left_us = 1;
	}
	t.it_value.tv_sec = (time_t) (left_us / 1000000);
	t.it_value.tv_usec = (suseconds_t) (left_us % 1000000);
	setitimer(ITIMER_REAL, &t, NULL);
}

void fastqueue_signals_restore(void)
{
	if (!fastqueue_signals.installed) {
		return;
	}
	fastqueue_signals_end_job();
	for (size_t i = 0; i < HANDLED_COUNT; i++) {
		sigaction(handled[i], &previous[i], NULL);
	}
	signal_cb = NULL;
	signal_ctx = NULL;
	rearm_previous_timer();
	fastqueue_signals.installed = 0;
}

void fastqueue_signals_raise_deferred_quit(void)
{
	/* Read once the previous dispositions are back: a signal after that went to them already. */
	for (size_t i = 0; i < HANDLED_COUNT; i++) {
		if (quit_received[i]) {
			quit_received[i] = 0;
			raise(handled[i]);
		}
	}
}

void fastqueue_signals_start_job(zend_long seconds, double grace, const char *job_name,
	fastqueue_timeout_callback cb, void *ctx)
{
	int n;

	job_alarm.grace = grace;
	job_alarm.cb = cb;
	job_alarm.ctx = ctx;
	job_alarm.handled = 0;
	fastqueue_signals.timed_out = 0;
	if (seconds <= 0) {
		fastqueue_signals.in_job = 0;
		return;
	}
	if (!job_alarm.message_len || seconds != job_alarm.message_seconds || grace != job_alarm.message_grace
		|| strlen(job_name) >= sizeof(job_alarm.message_name) || strcmp(job_name, job_alarm.message_name) != 0) {
		n = snprintf(job_alarm.message, sizeof(job_alarm.message),
			"FastQueue: job %s ran past its timeout of " ZEND_LONG_FMT " s and did not return within %.1f s; "
			"the worker exits with status 1 and the job stays reserved until retry_after\n",
			job_name, seconds, grace);
		job_alarm.message_len = n < 0 ? 0 : ((size_t) n < sizeof(job_alarm.message) ? (size_t) n : sizeof(job_alarm.message) - 1);
		job_alarm.message_seconds = seconds;
		job_alarm.message_grace = grace;
		snprintf(job_alarm.message_name, sizeof(job_alarm.message_name), "%s", job_name);
	}
	fastqueue_signals.in_job = 1;
	arm_timer((double) seconds);
}

void fastqueue_signals_extend_grace(double at_least)
{
	int n;

	if (!fastqueue_signals.in_job || !fastqueue_signals.timed_out) {
		return;
	}
	/* Armed first: the line below is rewritten while no alarm can come for seconds. */
	arm_timer(job_alarm.grace > at_least ? job_alarm.grace : at_least);
	if (at_least > job_alarm.grace) {
		/* The watchdog's line names this longer wait; the next job's start writes it anew. */
		n = snprintf(job_alarm.message, sizeof(job_alarm.message),
			"FastQueue: job %s ran past its timeout of " ZEND_LONG_FMT " s and was still being failed %.1f s later; "
			"the worker exits with status 1\n", job_alarm.message_name, job_alarm.message_seconds, at_least);
		job_alarm.message_len = n < 0 ? 0 : ((size_t) n < sizeof(job_alarm.message) ? (size_t) n : sizeof(job_alarm.message) - 1);
		job_alarm.message_grace = -1;
	}
}

void fastqueue_signals_end_job(void)
{
	struct itimerval off;
	fastqueue_signals.in_job = 0;
	memset(&off, 0, sizeof(off));
	setitimer(ITIMER_REAL, &off, NULL);
	fastqueue_signals.timed_out = 0;
	job_alarm.cb = NULL;
	job_alarm.ctx = NULL;
}

void fastqueue_signals_sleep(double seconds)
{
	struct timespec req, rem;
	sig_atomic_t seen = fastqueue_signals.changes;
	time_t whole;
	long nsec;

	/* NaN too: no sleep. A time nanosleep refuses (EINVAL) would make every sleep return at
	 * once and the worker spin, so the split keeps it valid for any double. */
	if (!(seconds > 0)) {
		return;
	}
	fastqueue_split_seconds(seconds, 1e9, &whole, &nsec);
	req.tv_sec = whole;
	req.tv_nsec = nsec;
	while (nanosleep(&req, &rem) == -1 && errno == EINTR) {
		if (fastqueue_signals.changes != seen || fastqueue_signals.quit) {
			return;
		}
		req = rem;
	}
}
