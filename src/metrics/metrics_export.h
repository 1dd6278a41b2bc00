/* The exposition of a worker's metrics while it runs (metrics_file, metrics_listen,
 * metrics_publish): per run, a thread built like the lease's (src/worker/lease.c) that every
 * metrics_interval seconds renders the accumulator (src/metrics/metrics.c) into a file and into
 * Redis, and the endpoint's own thread (src/metrics/metrics_endpoint.c) that serves it over
 * HTTP. The rest of the worker calls only these functions, all from PHP's thread. */
#ifndef FASTQUEUE_METRICS_EXPORT_H
#define FASTQUEUE_METRICS_EXPORT_H

#include "php.h"
#include "conn.h"
#include "metrics.h"
#include "metrics_endpoint.h"

typedef struct _fastqueue_metrics_export fastqueue_metrics_export;

/* What a run exposes, and where. */
typedef struct _fastqueue_export_settings {
	const zend_string *file;       /* metrics_file: the textfile collector's path, or NULL */
	const zend_string *listen;     /* metrics_listen as given, or NULL; then its parts: */
	const char *listen_host;       /* the address to bind, an IP literal ("127.0.0.1" for a port) */
	int listen_port;
	bool listen_v6;
	const fastqueue_net *allow;    /* metrics_allow: the clients' networks, or NULL: any client */
	size_t allow_count;
	bool publish;                  /* metrics_publish: the exposition goes to Redis */
	double interval;               /* metrics_interval, seconds */
	const zend_string *worker;     /* the worker label: the publication's member and key */
	const zend_string *prefix;     /* the queue's key prefix, in front of the publication's keys */
	fastqueue_conn *conn;          /* the queue's connection: its settings, its cluster's routes */
} fastqueue_export_settings;

/* Whether s asks for any exposition (else no thread is started). */
bool fastqueue_metrics_export_wanted(const fastqueue_export_settings *s);

/* Binds the endpoint, writes the file once, and starts the thread. NULL with the error's text
 * in err (the message of the FastQueue\Exception the glue throws) when the address cannot be
 * bound (naming it and why) or the thread cannot start. m must outlive the exporter. */
fastqueue_metrics_export *fastqueue_metrics_export_start(fastqueue_metrics *m, const fastqueue_export_settings *s,
	char *err, size_t err_size);

/* The run ended: stops the thread, writes the file a last time, and takes this worker's
 * publication out of Redis. In a process forked during the run (a job's fork), frees what it
 * may and touches neither the file, the endpoint nor Redis: they are the parent's. NULL: none. */
void fastqueue_metrics_export_stop(fastqueue_metrics_export *e);

/* The process is about to end without ending the run (a 'kill' timeout): writes the file and
 * publishes once more, the latter within a short bound, so the attempt that timed out shows. */
void fastqueue_metrics_export_last_words(fastqueue_metrics_export *e);

#endif
