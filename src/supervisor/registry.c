/* The supervisors' registry: see registry.h. */
#include "registry.h"
#include <stdio.h>
#include <stdlib.h>

struct _fastqueue_sup_registry {
	fastqueue_conn *conn;
};

fastqueue_sup_registry *fastqueue_sup_registry_new(fastqueue_conn *conn, const char *prefix, size_t prefix_len,
	const char *name, const char *host, pid_t pid, double heartbeat)
{
	fastqueue_sup_registry *r = calloc(1, sizeof(*r));
	(void) prefix, (void) prefix_len, (void) name, (void) host, (void) pid, (void) heartbeat;
	if (r) {
		r->conn = conn;
	}
	return r;
}

void fastqueue_sup_registry_free(fastqueue_sup_registry *r)
{
	free(r);
}

zend_result fastqueue_sup_registry_claim(fastqueue_sup_registry *r, char *err, size_t errlen)
{
	(void) r;
	snprintf(err, errlen, "the registry is not built yet");
	return FAILURE;
}

zend_result fastqueue_sup_registry_beat(fastqueue_sup_registry *r, const char *record, size_t len, double now,
	fastqueue_sup_beat *out, char *err, size_t errlen)
{
	(void) r, (void) record, (void) len, (void) now, (void) out;
	snprintf(err, errlen, "the registry is not built yet");
	return FAILURE;
}

void fastqueue_sup_registry_release(fastqueue_sup_registry *r)
{
	(void) r;
}
