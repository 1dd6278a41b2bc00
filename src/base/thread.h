/* FastQueue's own threads (the lease's renewals, the metrics exporter, the job-timeout watch):
 * how they start. */
#ifndef FASTQUEUE_THREAD_H
#define FASTQUEUE_THREAD_H

#include <pthread.h>

/* Starts fn(arg) in a new thread with every signal blocked, which it keeps: SIGALRM (the job's
 * timeout and the watchdog) and the worker's signals must reach PHP's thread. Returns 0 once
 * the thread runs fn, else pthread_create's error. */
int fastqueue_thread_start(pthread_t *thread, void *(*fn)(void *), void *arg);

#endif
