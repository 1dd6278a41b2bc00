/* FastQueue\Worker's settings as plain C: what the constructor's options resolve to
 * (src/module/worker_options.c reads them, with their defaults), and what the worker runs by. */
#ifndef FASTQUEUE_WORKER_SETTINGS_H
#define FASTQUEUE_WORKER_SETTINGS_H

#include "php.h"
#include "metrics_endpoint.h"
#include "reserve.h"

typedef struct _worker_options {
	zend_string *name;            /* the worker's name, as queue:work --name */
	double sleep;                 /* seconds to sleep when no job is ready */
	zend_long tries;              /* attempts allowed unless the job says; 0 = unlimited */
	zend_long *backoff;           /* seconds before a retry, by attempt; last repeats */
	uint32_t backoff_count;
	zend_long timeout;            /* seconds a job may run unless it says; 0 = none */
	zend_long memory;             /* MB of memory at which the worker stops (EXIT_MEMORY_LIMIT) */
	zend_long max_jobs;           /* stop after this many jobs; 0 = never */
	zend_long max_time;           /* stop after this many seconds; 0 = never */
	double rest;                  /* seconds to rest after each job */
	bool force;                   /* run even while the maintenance file exists */
	bool stop_when_empty;         /* stop when no job is ready */
	zend_string *restart_key;     /* Redis key whose change stops the worker, or NULL */
	zend_string *maintenance_file;/* while this file exists no job starts, or NULL */
	bool timeout_throw;           /* timeout_mode 'throw' rather than 'kill' */
	zend_long timeout_exit_status;/* the exit status of a 'kill' timeout */
	bool failed_store;            /* record failed jobs in Redis */
	zend_long prefetch;           /* jobs reserved per round trip */
	bool overlap;                 /* daemon() with prefetch: reserve the next batch while this one runs */
	double timeout_grace;         /* seconds after a timeout before the watchdog ends the process */
	bool lease_renewal;           /* keep the running job's reservation alive (src/worker/lease.c) */
	zend_string **limit_queues;   /* the queues the limits option names (emalloc'd), or NULL */
	fastqueue_queue_limit *limit_values; /* their limits, in the same order */
	uint32_t limits_count;
	/* Metrics (src/metrics/metrics.c; the exporter thread, src/metrics/metrics_export.c, reads
	 * the rest) */
	bool metrics;                 /* gather the figures: per job, per queue and per worker */
	bool metrics_given;           /* 'metrics' was in the options (a false there is explicit) */
	zend_string *metrics_worker;  /* the worker label's value; default "HOSTNAME:PID" */
	zend_string *metrics_file;    /* textfile-collector path, or NULL */
	zend_string *metrics_listen;  /* "PORT", "IPV4:PORT" or "[IPV6]:PORT" to serve /metrics, or NULL */
	fastqueue_net *metrics_allow; /* the networks metrics_listen serves (emalloc'd), or NULL: any */
	uint32_t metrics_allow_count;
	bool metrics_publish;         /* write the exposition to Redis for fastqueue:metrics */
	double metrics_interval;      /* seconds between rewrites and publications */
} worker_options;

/* Frees what o holds and zeroes it. */
void fastqueue_worker_options_free(worker_options *o);

/* metrics_listen split into its address (NUL-terminated, without brackets; "127.0.0.1" for a
 * bare port) and port, and whether the address is IPv6. FAILURE when it is not of that form
 * (nothing thrown): the exporter calls it again on the stored, already valid, value. */
zend_result fastqueue_metrics_listen_parse(const char *s, size_t len, char *host, size_t host_size,
	int *port, bool *v6);

#endif
