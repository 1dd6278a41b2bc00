/* The one clock of FastQueue: wall time for what goes to Redis (scores, failed_at, stats()'s
 * start), monotonic time for durations and deadlines within the process, which must not jump
 * when the system's time is set. */
#ifndef FASTQUEUE_CLOCK_H
#define FASTQUEUE_CLOCK_H

#include "php.h"
#include <time.h>

/* Unix seconds from the precise clock. time() reads the kernel's coarse clock, which can still
 * show the last second for a few milliseconds after PHP's time() (8.4: the precise clock) shows
 * the next: a score FastQueue computes must never be behind one a PHP producer just wrote. */
static inline zend_long fastqueue_clock_unix(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (zend_long) ts.tv_sec;
}

/* Unix time in seconds, with its fraction. */
static inline double fastqueue_clock_wall(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return (double) ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Seconds since an arbitrary start, never set back: for durations and deadlines. */
static inline double fastqueue_clock_mono(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double) ts.tv_sec + ts.tv_nsec / 1e9;
}

#endif
