/* Seconds as FastQueue's options and payloads give them: the bounds on delays and waits, and
 * their conversion into what the kernel and hiredis take (a timeval, whole seconds and a
 * fraction). Plain C, below every layer that reads a time. */
#ifndef FASTQUEUE_SECONDS_H
#define FASTQUEUE_SECONDS_H

#include "php.h"
#include <time.h>
#include <sys/time.h>

/* Ten years: the longest delay later() and release() accept, the longest retry_after and
 * backoff. Beyond it a value is a unit mistake (milliseconds for seconds), not a plan; and
 * now + it can never overflow a zend_long or a Redis score. */
#define FASTQUEUE_MAX_DELAY 315360000

/* One year: the longest wait an option may ask for (block_for, sleep, rest, timeout,
 * timeout_grace), so that the kernel and hiredis always get a time they can hold. */
#define FASTQUEUE_MAX_WAIT 31536000

/* A delay that cannot be refused (it comes from a job's payload at run time) is clamped to
 * 0..FASTQUEUE_MAX_DELAY instead, so that now + delay never overflows. */
static inline zend_long fastqueue_clamp_delay(zend_long delay)
{
	return delay < 0 ? 0 : (delay > FASTQUEUE_MAX_DELAY ? FASTQUEUE_MAX_DELAY : delay);
}

/* Splits seconds into whole seconds and a fraction in units of 1/scale (1e6 for a timeval,
 * 1e9 for a timespec) for any double: NaN and negatives give 0, values beyond
 * FASTQUEUE_MAX_DELAY (INF too) give FASTQUEUE_MAX_DELAY. So the time_t cast is always
 * defined and the fraction always below scale, whatever reaches the kernel or hiredis.
 * Plain arithmetic: safe in a signal handler. */
static inline void fastqueue_split_seconds(double seconds, double scale, time_t *whole, long *fraction)
{
	if (!(seconds > 0)) {
		seconds = 0;
	} else if (seconds > FASTQUEUE_MAX_DELAY) {
		seconds = FASTQUEUE_MAX_DELAY;
	}
	*whole = (time_t) seconds;
	*fraction = (long) ((seconds - (double) *whole) * scale);
	if (*fraction >= (long) scale) {
		*fraction = (long) scale - 1;
	}
}

/* A timeval for hiredis from any double (see fastqueue_split_seconds). */
static inline struct timeval fastqueue_timeval(double seconds)
{
	struct timeval tv;
	time_t whole;
	long usec;

	fastqueue_split_seconds(seconds, 1e6, &whole, &usec);
	tv.tv_sec = whole;
	tv.tv_usec = (suseconds_t) usec;
	return tv;
}

#endif
