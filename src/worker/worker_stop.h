/* The worker's stop conditions, Laravel's stopIfNecessary: the loop (worker.c) asks them each
 * round and getting jobs (worker_reserve.c) before it reserves ahead. Static inline: they are
 * checked once per job. */
#ifndef FASTQUEUE_WORKER_STOP_H
#define FASTQUEUE_WORKER_STOP_H

#include "worker.h"
#include "worker_private.h"
#include "signals.h"
#include "clock.h"

static inline bool fastqueue_worker_memory_exceeded(fastqueue_worker *w)
{
	return (double) zend_memory_usage(true) / 1048576.0 >= (double) w->opt.memory;
}

/* Laravel's stopIfNecessary, in its order: true when the run ends, with its exit status in
 * *status. "Go on" is the false answer, never a status value, so no status stop() was given
 * can be mistaken for it. */
static inline bool fastqueue_worker_should_stop(fastqueue_worker *w, bool had_job, int *status)
{
	if (w->stop_requested) {
		*status = w->stop_status;
		return true;
	}
	*status = FASTQUEUE_EXIT_SUCCESS;
	if (fastqueue_signals.quit) return true;
	if (fastqueue_worker_memory_exceeded(w)) {
		*status = FASTQUEUE_EXIT_MEMORY_LIMIT;
		return true;
	}
	if (w->restart.changed) return true;
	if (w->opt.stop_when_empty && !had_job) return true;
	if (w->opt.max_time && fastqueue_clock_mono() - w->daemon_started >= (double) w->opt.max_time) return true;
	return w->opt.max_jobs && w->stats.processed >= w->opt.max_jobs;
}

/* Inside daemon(), whether the run ends once the job now ending is done, as far as can be
 * told before its ending listeners run (stop(), a quit signal, memory, restart, max_time,
 * max_jobs). */
static inline bool fastqueue_worker_run_ends_after_job(fastqueue_worker *w)
{
	int status;
	return !w->daemon_started || fastqueue_worker_should_stop(w, true, &status);
}

#endif
