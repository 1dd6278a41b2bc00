/* The supervisors' registry in Redis (docs/supervisor.md, "Several hosts"): each named
 * supervisor claims its name on its host, writes a heartbeat with its status record, finds the
 * live supervisors of its name on other hosts (for the shared budget), and reads the stamps of
 * fastqueue:terminate and of a restart. Plain C over the redis layer; a function that fails
 * returns FAILURE with its text in err. */
#ifndef FASTQUEUE_SUP_REGISTRY_H
#define FASTQUEUE_SUP_REGISTRY_H

#include "php.h"
#include "conn.h"
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

typedef struct _fastqueue_sup_registry fastqueue_sup_registry;

/* What a heartbeat found. */
typedef struct {
	unsigned hosts;        /* live supervisors of this name, this one included (at least 1) */
	unsigned rank;         /* this one's place among them, 0-based, in the order of host names */
	char restart[64];      /* the restart stamp's value, "" when there is none */
	char terminate[64];    /* the terminate stamp's value, "" when there is none */
} fastqueue_sup_beat;

/* A registry for supervisor name on host, beating every heartbeat seconds, over conn (not
 * owned) with the RedisQueue's key prefix. */
fastqueue_sup_registry *fastqueue_sup_registry_new(fastqueue_conn *conn, const char *prefix, size_t prefix_len,
	const char *name, const char *host, pid_t pid, double heartbeat);
void fastqueue_sup_registry_free(fastqueue_sup_registry *r);

/* Claims the name on this host. FAILURE with err 'a supervisor named "NAME" already runs on
 * host "HOST" (pid PID)' when a live process holds it, or a Redis error. */
zend_result fastqueue_sup_registry_claim(fastqueue_sup_registry *r, char *err, size_t errlen);

/* One heartbeat at Unix time now: renews the claim, writes the status record (JSON, len bytes)
 * to expire after two heartbeats, and fills out. FAILURE: Redis could not be read or
 * written; out is untouched. */
zend_result fastqueue_sup_registry_beat(fastqueue_sup_registry *r, const char *record, size_t len, double now,
	fastqueue_sup_beat *out, char *err, size_t errlen);

/* On a stop: removes the record and the claim, so the name is free at once and the others
 * take this one's share at their next heartbeat. Errors are ignored. */
void fastqueue_sup_registry_release(fastqueue_sup_registry *r);

#endif
