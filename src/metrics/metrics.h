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
	size_t memory_bytes;           /* PHP's allocation as the attempt ended: the memory gauge */
	bool ran;                      /* its handler ran: run, CPU and memory were measured (a job
	                                * failed as not runnable has none of them) */
} fastqueue_job_figures;

/* What the worker does now, as fastqueue_worker_state's state label says. */
typedef enum {
	FASTQUEUE_STATE_IDLE,          /* between jobs, or its rounds find none */
	FASTQUEUE_STATE_BUSY,          /* a job runs */
	FASTQUEUE_STATE_PAUSED         /* its rounds may not take a job: paused, maintenance, a looping
	                                * listener's false, or every queue skipped */
} fastqueue_worker_state;

/* The job whose handler runs, as PHP's thread hands it over: the accumulator copies each value
 * into buffers of its own (cut at a UTF-8 boundary past FASTQUEUE_METRICS_LABEL_MAX bytes), so
 * no other thread ever reads the job's memory. */
#define FASTQUEUE_METRICS_LABEL_MAX 256
typedef struct _fastqueue_job_identity {
	const char *name;              /* its display name, as Job::resolveName() gives it */
	size_t name_len;
	const char *uuid;              /* or NULL */
	size_t uuid_len;
	const char *queue;             /* without the prefix */
	size_t queue_len;
	double started;                /* monotonic time its handler started (run_seconds's start) */
} fastqueue_job_identity;

/* The worker-wide counters and gauges, as PHP's thread last set them. */
typedef struct _fastqueue_worker_figures {
	uint64_t reserve_round_trips;
	double redis_wait_seconds;
	double idle_seconds;
	uint32_t prefetch_buffer_jobs;
	fastqueue_worker_state state;
	size_t memory_bytes;           /* PHP's allocation at the last job boundary or idle round */
	double started_at;             /* Unix time the worker was made */
	int64_t lease_renewals, leases_lost, lease_failures;
} fastqueue_worker_figures;

/* NULL when out of memory. worker_label is copied. */
fastqueue_metrics *fastqueue_metrics_new(const char *worker_label, size_t label_len, double started_at);
void fastqueue_metrics_free(fastqueue_metrics *m);

/* As a run starts: the queues it serves (comma-separated, without prefix; copied), no job, idle,
 * and PHP's allocation now. */
void fastqueue_metrics_run_started(fastqueue_metrics *m, const char *queues, size_t queues_len, size_t memory_bytes);

/* The running job's handler starts: published without the lock (a sequence count lets a reader
 * see it whole), so a job costs no lock it did not take before. */
void fastqueue_metrics_job_started(fastqueue_metrics *m, const fastqueue_job_identity *job);

/* Records one finished job attempt of queue (its name without the prefix), and that no job runs
 * now (the job line goes, the memory gauge takes f->memory_bytes). */
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
/* busy as a job begins, idle as it ends; idle or paused (with PHP's allocation then) as a round
 * that runs no job begins. Atomic stores, no lock. */
void fastqueue_metrics_set_state(fastqueue_metrics *m, fastqueue_worker_state state);
void fastqueue_metrics_set_idle(fastqueue_metrics *m, bool paused, size_t memory_bytes);
void fastqueue_metrics_set_leases(fastqueue_metrics *m, int64_t renewed, int64_t lost, int64_t failures);

/* A copy of the worker-wide figures, taken under the lock. */
void fastqueue_metrics_get_worker(fastqueue_metrics *m, fastqueue_worker_figures *out);

/* The exposition (Prometheus text format 0.0.4) of everything recorded so far: a malloc'd,
 * NUL-terminated buffer the caller free()s, its length in *len; NULL when out of memory. Safe
 * from any thread. */
char *fastqueue_metrics_render(fastqueue_metrics *m, size_t *len);

#endif
