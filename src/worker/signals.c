/* Signals for the worker: SIGTERM/SIGINT/SIGQUIT ask it to stop after the current job,
 * SIGUSR2 pauses it, SIGCONT resumes it, SIGALRM times a job out. The handlers only set
 * flags, request a VM interrupt and re-arm the timer: no PHP, no hiredis, no malloc. */
#include "worker.h"
#include "signals.h"
#include "seconds.h"
#include "clock.h"
#include "thread.h"
#include "zend_atomic.h"
#include <sys/time.h>
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <time.h>
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
	volatile double deadline;       /* fastqueue_clock_mono() when the running job times out */
} job_alarm;

/* Told of the process's death with a job running (fastqueue_signals_on_death), or NULL. */
static volatile fastqueue_death_hook death_hook;

/* The first alarm of a job, off the per-job path: a thread of the worker's process sleeps until
 * the running job's deadline and, when that job is still running then, sends SIGALRM to the
 * worker's thread. Starting and ending a job write the deadline under a lock that the thread
 * holds only to read it: no system call. A setitimer() to arm and another to disarm cost 2.25
 * us a job on the project's machines, a fifth of a job's time at prefetch 32. The thread is
 * woken only for a deadline earlier than the one it sleeps toward; with jobs of one timeout
 * it wakes about once per timeout. The grace period after the first alarm is timed with
 * ITIMER_REAL, as before. A fork's child has no such thread (pthread_atfork): its jobs arm
 * ITIMER_REAL, as every job did before. */
static struct {
	pthread_mutex_t lock;
	pthread_cond_t wake;
	pthread_t thread;
	pthread_t worker;               /* the thread the alarm goes to */
	bool running;                   /* the thread runs, in this process */
	bool stop;                      /* the thread is asked to end (module shutdown) */
	bool armed;                     /* a job with a timeout runs: deadline holds */
	bool sleeps_forever;            /* the thread waits for a job, not a deadline */
	struct timespec deadline;       /* CLOCK_MONOTONIC */
	struct timespec sleeps_until;   /* what the thread waits for, when not forever */
} watch = {.lock = PTHREAD_MUTEX_INITIALIZER};
static bool watch_failed;           /* the thread could not start: ITIMER_REAL, as before */

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

static void disarm_timer(void)
{
	struct itimerval off;

	memset(&off, 0, sizeof(off));
	setitimer(ITIMER_REAL, &off, NULL);
}

static bool ts_before(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec < b->tv_sec || (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

static void *watch_main(void *arg)
{
	struct timespec now;

	(void) arg;
	pthread_mutex_lock(&watch.lock);
	while (!watch.stop) {
		if (!watch.armed) {
			watch.sleeps_forever = true;
			pthread_cond_wait(&watch.wake, &watch.lock);
			continue;
		}
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (ts_before(&now, &watch.deadline)) {
			watch.sleeps_forever = false;
			watch.sleeps_until = watch.deadline;
			pthread_cond_timedwait(&watch.wake, &watch.lock, &watch.sleeps_until);
			continue;
		}
		/* The job ran to its deadline: the handler takes over (a safe point, then the grace).
		 * Should the job end before the signal lands, the handler sees no job or a deadline
		 * still ahead, and lets it pass. */
		watch.armed = false;
		pthread_kill(watch.worker, SIGALRM);
	}
	pthread_mutex_unlock(&watch.lock);
	return NULL;
}

static void watch_forget_after_fork(void)
{
	/* The thread is not copied into a child, and its lock may have been copied held: the
	 * child never takes it. */
	watch.running = false;
	watch_failed = true;
}

/* Starts the thread on the first job with a timeout: every signal blocked, which it keeps, so
 * that the worker's signals and the grace period's SIGALRM reach the worker's thread. */
static bool watch_start(void)
{
	static bool atfork_registered;
	pthread_condattr_t attr;
	int err;

	if (watch.running || watch_failed) {
		return watch.running;
	}
	if (!atfork_registered) {
		if (pthread_atfork(NULL, NULL, watch_forget_after_fork) != 0) {
			watch_failed = true;
			return false;
		}
		atfork_registered = true;
	}
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&watch.wake, &attr);
	pthread_condattr_destroy(&attr);
	watch.worker = pthread_self();
	watch.armed = false;
	watch.sleeps_forever = true;
	err = fastqueue_thread_start(&watch.thread, watch_main, NULL);
	if (err != 0) {
		pthread_cond_destroy(&watch.wake);
		watch_failed = true;
		return false;
	}
	/* It sleeps between runs; fastqueue_signals_mshutdown() ends it before the module's code
	 * is unmapped. */
	watch.running = true;
	return true;
}

/* Arms the first alarm for the running job, whose deadline is `seconds` from now. */
static void watch_arm(double seconds)
{
	struct timespec at;
	time_t whole;
	long nsec;
	bool wake;

	clock_gettime(CLOCK_MONOTONIC, &at);
	/* Any double gives a valid time (at most FASTQUEUE_MAX_DELAY ahead). */
	fastqueue_split_seconds(seconds, 1e9, &whole, &nsec);
	at.tv_sec += whole;
	at.tv_nsec += nsec;
	if (at.tv_nsec >= 1000000000L) {
		at.tv_sec++;
		at.tv_nsec -= 1000000000L;
	}
	pthread_mutex_lock(&watch.lock);
	watch.deadline = at;
	watch.armed = true;
	wake = watch.sleeps_forever || ts_before(&at, &watch.sleeps_until);
	pthread_mutex_unlock(&watch.lock);
	if (wake) {
		pthread_cond_signal(&watch.wake);
	}
}

static void watch_disarm(void)
{
	pthread_mutex_lock(&watch.lock);
	watch.armed = false;
	pthread_mutex_unlock(&watch.lock);
}

void fastqueue_signals_mshutdown(void)
{
	if (!watch.running) {
		return;
	}
	pthread_mutex_lock(&watch.lock);
	watch.stop = true;
	pthread_mutex_unlock(&watch.lock);
	pthread_cond_signal(&watch.wake);
	pthread_join(watch.thread, NULL);
	pthread_cond_destroy(&watch.wake);
	watch.running = false;
	watch.stop = false;
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
			if (!fastqueue_signals.timed_out && fastqueue_clock_mono() < job_alarm.deadline) {
				/* The watch thread's alarm for a job that has ended since (this is the next). */
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
				fastqueue_death_hook hook = death_hook;
				(void) ignored;
				if (hook) {
					hook(SIGALRM, job_alarm.message_seconds);
				}
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

/* {{{ deaths: fatal signals and the watchdog, told to a hook that records the cause */
static const int fatal_signals[] = {SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL};
#define FATAL_COUNT (sizeof(fatal_signals) / sizeof(fatal_signals[0]))
static struct sigaction fatal_previous[FATAL_COUNT];
static bool fatal_installed;
static void on_fatal_signal(int signo)
{
	struct sigaction dfl;
	fastqueue_death_hook hook = death_hook;

	death_hook = NULL; /* one record: a second fault in the hook goes straight to the default */
	if (hook) {
		hook(signo, 0);
	}
	memset(&dfl, 0, sizeof(dfl));
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	sigaction(signo, &dfl, NULL);
	/* Blocked while this handler runs: delivered, with the default action, once it returns. A
	 * fault raised by an instruction faults again when it is retried, the same way. */
	raise(signo);
}

void fastqueue_signals_on_death(fastqueue_death_hook hook)
{
	struct sigaction sa;

	death_hook = hook;
	if (fatal_installed || !hook) {
		return;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_fatal_signal;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < FATAL_COUNT; i++) {
		sigaction(fatal_signals[i], &sa, &fatal_previous[i]);
	}
	fatal_installed = true;
}

static void restore_fatal_signals(void)
{
	death_hook = NULL;
	if (!fatal_installed) {
		return;
	}
	fatal_installed = false;
	for (size_t i = 0; i < FATAL_COUNT; i++) {
		sigaction(fatal_signals[i], &fatal_previous[i], NULL);
	}
}
/* }}} */

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
	/* An alarm the watch thread sent just before the last job ended is pending here by now (it
	 * sends under the lock end_job took): a system call lets it land while our handler, which
	 * lets it pass, is still in place, not the caller's disposition. */
	disarm_timer();
	for (size_t i = 0; i < HANDLED_COUNT; i++) {
		sigaction(handled[i], &previous[i], NULL);
	}
	restore_fatal_signals();
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
	job_alarm.deadline = fastqueue_clock_mono() + (double) seconds;
	fastqueue_signals.in_job = 1;
	if (watch_start()) {
		watch_arm((double) seconds);
	} else {
		arm_timer((double) seconds);
	}
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
	fastqueue_signals.in_job = 0;
	if (watch.running) {
		watch_disarm();
	}
	/* ITIMER_REAL runs only for a job after its first alarm (the grace) or without the thread. */
	if (!watch.running || fastqueue_signals.timed_out) {
		disarm_timer();
	}
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
