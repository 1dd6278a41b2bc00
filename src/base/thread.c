/* Starting FastQueue's threads.
 *
 * Why wait until the new thread runs: its first moments belong to the C library and to any
 * allocator preloaded in front of malloc (AddressSanitizer's, in the project's tests), which
 * allocate for the thread outside FastQueue's code. A job that forks (pcntl_fork) just then
 * copies their locks held, and the child, with no thread to release them, waits on its first
 * malloc for ever. glibc's own malloc takes its locks across a fork; the ASan runtime of
 * gcc 12 (bookworm) does not, and 04/115 hung so in 4 runs of 30. Once fn runs, what a thread allocates is
 * its own code's business, which each file guards across forks (the exporter's quiet lock). */
#include "thread.h"
#include <signal.h>
#include <stdbool.h>

typedef struct {
	void *(*fn)(void *);
	void *arg;
	pthread_mutex_t lock;
	pthread_cond_t running;        /* signalled once the thread is in fn's hands */
	bool started;
} thread_start;

static void *trampoline(void *p)
{
	thread_start *s = p;
	void *(*fn)(void *) = s->fn;
	void *arg = s->arg;

	/* s lives on the starter's stack: not touched after the unlock. */
	pthread_mutex_lock(&s->lock);
	s->started = true;
	pthread_cond_signal(&s->running);
	pthread_mutex_unlock(&s->lock);
	return fn(arg);
}

int fastqueue_thread_start(pthread_t *thread, void *(*fn)(void *), void *arg)
{
	thread_start s = {.fn = fn, .arg = arg, .started = false};
	sigset_t all, old;
	int err;

	pthread_mutex_init(&s.lock, NULL);
	pthread_cond_init(&s.running, NULL);
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	err = pthread_create(thread, NULL, trampoline, &s);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (err == 0) {
		pthread_mutex_lock(&s.lock);
		while (!s.started) {
			pthread_cond_wait(&s.running, &s.lock);
		}
		pthread_mutex_unlock(&s.lock);
	}
	pthread_cond_destroy(&s.running);
	pthread_mutex_destroy(&s.lock);
	return err;
}
