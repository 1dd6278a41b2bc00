/* What the supervisor reads from Redis about its queues, for balancing and for status: each
 * queue's backlog, the wait of its oldest due job, and its jobs' average run time from the
 * workers' published metrics (docs/supervisor.md, "The figures"). It only reads: no job is
 * taken, moved or touched. Plain C over the redis layer; a function that fails returns
 * FAILURE with its text in err (Redis unreachable, a reply of the wrong type). */
#ifndef FASTQUEUE_SUP_FIGURES_H
#define FASTQUEUE_SUP_FIGURES_H

#include "php.h"
#include "conn.h"
#include <stdbool.h>
#include <stddef.h>

/* One queue's figures at one reading. */
typedef struct {
	long backlog;    /* pending jobs plus delayed jobs already due */
	double wait;     /* seconds the oldest due job has waited, 0 for an empty queue, -1 unknown */
	double runtime;  /* average run seconds of its recent jobs, from the metrics; -1 unknown */
	double busy;     /* processes busy on its jobs on average since the previous reading: the
	                  * growth of the run seconds' sum over all workers divided by the seconds
	                  * between the readings (only with_runtime, from the second reading); -1
	                  * unknown. Balancing counts it so that a steady load keeps its processes. */
} fastqueue_sup_queue_figures;

/* The reader's state between readings: the running sums of the metrics (so a runtime covers
 * the jobs since the previous reading, when there were any) and when each job at a queue's
 * head was first seen (the wait's stand-in for payloads without createdAt). */
typedef struct _fastqueue_sup_figures fastqueue_sup_figures;

/* A reader over conn (not owned: the RedisQueue's connection, used on the caller's thread
 * only, a cluster's front or a single server) with the RedisQueue's key prefix. */
fastqueue_sup_figures *fastqueue_sup_figures_new(fastqueue_conn *conn, const char *prefix, size_t prefix_len);
void fastqueue_sup_figures_free(fastqueue_sup_figures *f);

/* Reads the backlog and the wait of n queues (names without prefix) into out[0..n-1], and
 * their runtime when with_runtime (one more read of the published metrics). now is Unix
 * seconds. FAILURE: nothing in out is to be trusted; err (errlen bytes) says why. */
zend_result fastqueue_sup_figures_read(fastqueue_sup_figures *f, const char *const *queues, unsigned n,
	bool with_runtime, double now, fastqueue_sup_queue_figures *out, char *err, size_t errlen);

/* The sum of the n queues' backlogs only, the cheapest reading: a pool at zero processes is
 * polled with it to notice a push. FAILURE as above. */
zend_result fastqueue_sup_figures_backlog(fastqueue_sup_figures *f, const char *const *queues, unsigned n,
	double now, long *backlog, char *err, size_t errlen);

#endif
