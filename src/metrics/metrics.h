/* Metrics: what a worker's jobs and rounds cost, per queue, kept for Prometheus.
 *
 * The accumulator belongs to a Worker and counts over all its runs. PHP's thread records into
 * it; the exporter thread (metrics_export.c) renders it while jobs run. So it is plain C: its
 * memory is malloc'd, every function takes its mutex, and it never touches the Zend engine
 * (queue names are copied in as bytes). */
#ifndef FASTQUEUE_METRICS_H
#define FASTQUEUE_METRICS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct _fastqueue_metrics fastqueue_metrics;

/* How a job attempt ended, as fastqueue_jobs_total's outcome label says. */
typedef enum {
	FASTQUEUE_OUTCOME_PROCESSED,   /* its handler returned; it was deleted */
	FASTQUEUE_OUTCOME_RELEASED,    /* released for another attempt (the worker's retry or its own) */
	FASTQUEUE_OUTCOME_FAILED,      /* failed, by the worker or by $job->fail() */
	FASTQUEUE_OUTCOME_COUNT
} fastqueue_outcome;

/* One job attempt's figures. */
typedef struct _fastqueue_job_figures {
	fastqueue_outcome outcome;
	bool timed_out;                /* it ran past its timeout */
	bool wait_known;               /* the payload said when it became due */
	double wait_seconds;           /* from due to start, when wait_known */
	double run_seconds;            /* wall time of its handler */
	double cpu_seconds;            /* user + system CPU time of PHP's thread over the same span */
	size_t memory_peak_bytes;      /* PHP's allocation peak during the handler */
	bool ran;                      /* its handler ran: run, CPU and memory were measured (a job
	                                * failed as not runnable has none of them) */
} fastqueue_job_figures;

/* The worker-wide counters and gauges, as PHP's thread last set them. */
typedef struct _fastqueue_worker_figures {
	uint64_t reserve_round_trips;
	double redis_wait_seconds;
	double idle_seconds;
	uint32_t prefetch_buffer_jobs;
	bool job_running;
	double started_at;             /* Unix time the worker was made */
	int64_t lease_renewals, leases_lost, lease_failures;
} fastqueue_worker_figures;

/* NULL when out of memory. worker_label is copied. */
fastqueue_metrics *fastqueue_metrics_new(const char *worker_label, size_t label_len, double started_at);
void fastqueue_metrics_free(fastqueue_metrics *m);

/* Records one finished job attempt of queue (its name without the prefix). */
void fastqueue_metrics_record_job(fastqueue_metrics *m, const char *queue, size_t queue_len,
	const fastqueue_job_figures *f);

/* Worker-wide figures: PHP's thread adds to the counters and sets the gauges. */
void fastqueue_metrics_add_round_trip(fastqueue_metrics *m, double redis_wait_seconds);
/* The limits option: seconds a queue was held back, and one reserve that held back its job. */
void fastqueue_metrics_add_limited(fastqueue_metrics *m, const char *queue, size_t queue_len, double seconds);
void fastqueue_metrics_add_held_back(fastqueue_metrics *m, const char *queue, size_t queue_len, bool concurrency);
void fastqueue_metrics_add_redis_wait(fastqueue_metrics *m, double seconds);
void fastqueue_metrics_add_idle(fastqueue_metrics *m, double seconds);
void fastqueue_metrics_set_buffer(fastqueue_metrics *m, uint32_t prefetched_jobs);
void fastqueue_metrics_set_running(fastqueue_metrics *m, bool running);
void fastqueue_metrics_set_leases(fastqueue_metrics *m, int64_t renewed, int64_t lost, int64_t failures);

/* A copy of the worker-wide figures, taken under the lock. */
void fastqueue_metrics_get_worker(fastqueue_metrics *m, fastqueue_worker_figures *out);

/* The exposition (Prometheus text format 0.0.4) of everything recorded so far: a malloc'd,
 * NUL-terminated buffer the caller free()s, its length in *len; NULL when out of memory. Safe
 * from any thread. */
char *fastqueue_metrics_render(fastqueue_metrics *m, size_t *len);

#endif
