/* FastQueue\Job: one reserved job and the payload rules Laravel applies to it. */
#ifndef FASTQUEUE_JOB_H
#define FASTQUEUE_JOB_H

#include "php.h"
#include "payload_scan.h"

typedef struct _fastqueue_job fastqueue_job;

/* Set by a worker while it runs the job: delete() is then acknowledged with the next
 * reserve call instead of its own round trip, and fail() goes to the failed-job store. */
typedef struct _fastqueue_job_hooks {
	void *ctx;
	void (*defer_delete)(void *ctx, fastqueue_job *job);
	zend_result (*fail)(void *ctx, fastqueue_job *job, zval *exception);
	void (*released)(void *ctx, fastqueue_job *job, zend_long delay); /* after release() moved it */
} fastqueue_job_hooks;

struct _fastqueue_job {
	zend_string *raw;             /* the payload exactly as it was in the list */
	zend_string *reserved;        /* the copy in :reserved; ZREM needs it byte for byte */
	zend_string *queue;           /* the queue name (not the key) */
	zend_object *owner;           /* the RedisQueue it came from, kept alive with the job */
	zend_long attempts;           /* attempts as Laravel counts them (1 on the first run); -1 unknown */
	zval payload;                 /* the whole payload decoded, UNDEF until payload() asks; when
	                               * it came before any scan, fields are read from it */
	fastqueue_scan scan;          /* where raw's top-level fields are, once scanned */
	bool scanned;                 /* scan is filled in */
	bool checked;                 /* payload_error is known: by the scan, or by the decode */
	zend_string *payload_error;   /* why the payload is not a valid job, once known */
	zval failure;                 /* the Throwable given to fail(), or UNDEF */
	bool deleted;                 /* deleted or failed: gone from :reserved */
	bool released;                /* moved to :delayed */
	bool failed;                  /* fail() was called */
	uint32_t queue_index;         /* 1-based place in the worker's queue list */
	bool uncharged;               /* reserved by a worker as pushed: until it starts, :reserved
	                               * holds raw, and either form may be there after that */
	bool started;                 /* the worker marked it started (its attempt charged) */
	zend_long reserved_until;     /* a worker's job: its reservation's end (0: not known); */
	uint32_t slot;                /* uncharged: its slot in that reserve, which make its score
	                               * in :reserved */
	const fastqueue_job_hooks *hooks; /* the running worker's hooks, or NULL */
	zend_string *previous_crash;  /* the crash record of its previous attempt (why that attempt
	                               * ended its worker), as the reserve found it, or NULL */
	zend_object std;
};

static inline fastqueue_job *fastqueue_job_from_obj(zend_object *obj)
{
	return (fastqueue_job *) ((char *) obj - offsetof(fastqueue_job, std));
}
#define Z_FASTQUEUE_JOB_P(zv) fastqueue_job_from_obj(Z_OBJ_P(zv))

extern zend_class_entry *fastqueue_ce_Job;

/* Sets fastqueue_ce_Job to ce and the class's object handlers. */
void fastqueue_job_minit(zend_class_entry *ce);

/* The member a job may still have in :reserved besides its reserved copy: raw, when it was
 * reserved uncharged and its start mark may not have reached Redis (a connection lost under
 * it); else NULL. Whatever ends a reservation removes both. */
static inline zend_string *fastqueue_job_uncharged_member(const fastqueue_job *job)
{
	return job->uncharged && !zend_string_equals(job->raw, job->reserved) ? job->raw : NULL;
}

/* Creates a Job in out; takes ownership of raw and reserved. */
void fastqueue_job_create(zval *out, zend_object *owner, zend_string *queue,
	zend_string *raw, zend_string *reserved, zend_long attempts);

/* Whether the payload is a job (a JSON object naming its handler in "job"), known once: from
 * the decoded payload when payload() decoded it, else from one scan; false with *why set
 * (nothing thrown). */
bool fastqueue_job_is_valid(fastqueue_job *job, zend_string **why);

/* The payload's scan, scanning it now if nothing did (a decoded payload has no spans). */
const fastqueue_scan *fastqueue_job_scan(fastqueue_job *job);

/* A top-level field of a valid job's payload, as json_decode would give it (taken from the
 * decoded payload when there is one: the payload is then not scanned again); UNDEF when absent
 * or when the payload is not a job. The caller frees out and must not change it. */
void fastqueue_job_field(fastqueue_job *job, fastqueue_field field, zval *out);

/* The payload's backoff as Laravel's Job::backoff() reads it: "backoff", else "delay" (older
 * payloads named the backoff so; Laravel 13 writes the dispatch delay there). UNDEF when
 * neither is there. The caller frees out. */
void fastqueue_job_backoff(fastqueue_job *job, zval *out);

/* displayName, else the job name, else (not a job) the queue name. */
zend_string *fastqueue_job_display_name(fastqueue_job *job);

/* The whole payload decoded (once, on first use), or NULL with *why saying why not (a
 * PayloadException's text, which lives as long as the job). */
HashTable *fastqueue_job_payload(fastqueue_job *job, const char **why);

/* Removes the reserved copy now (one round trip); FAILURE leaves the error on the queue. */
zend_result fastqueue_job_remove_reserved(fastqueue_job *job);

#endif
