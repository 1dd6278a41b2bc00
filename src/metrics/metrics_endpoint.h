/* The metrics_listen endpoint: a thread of its own that serves scrapes of the accumulator
 * (src/metrics.c) over HTTP, many clients at once. Plain C: the thread never calls into the
 * Zend engine. src/metrics_export.c opens it as a run starts and closes it as the run ends. */
#ifndef FASTQUEUE_METRICS_ENDPOINT_H
#define FASTQUEUE_METRICS_ENDPOINT_H

#include "metrics.h"
#include <stdbool.h>
#include <stddef.h>

/* A client network of metrics_allow: an address and how many of its leading bits count. */
typedef struct _fastqueue_net {
	int family;                    /* AF_INET or AF_INET6 */
	unsigned bits;                 /* the prefix length: 0-32, or 0-128 */
	unsigned char addr[16];        /* the network's address, its host bits cleared */
} fastqueue_net;

/* "ADDR/BITS" or a bare "ADDR" (all its bits), IPv4 or IPv6, into *out; false when s is not
 * one (bits out of range, not digits, not an address). */
bool fastqueue_net_parse(const char *s, size_t len, fastqueue_net *out);

typedef struct _fastqueue_endpoint fastqueue_endpoint;

/* What the endpoint serves, where, and to whom. */
typedef struct _fastqueue_endpoint_settings {
	const char *host;              /* an IP literal to bind */
	int port;
	bool v6;                       /* host is IPv6 */
	const fastqueue_net *allow;    /* metrics_allow (copied), or NULL: every client */
	size_t allow_count;
	fastqueue_metrics *metrics;    /* what is rendered; outlives the endpoint */
	int wake_fd;                   /* readable once the thread must stop (never read by it) */
} fastqueue_endpoint_settings;

/* Binds and listens; NULL with the reason in err (nothing started). */
fastqueue_endpoint *fastqueue_endpoint_open(const fastqueue_endpoint_settings *s, char *err, size_t err_size);

/* Starts the serving thread: 0, or pthread_create's error. */
int fastqueue_endpoint_start(fastqueue_endpoint *ep);

/* Frees the endpoint and closes its sockets. owner: this process started its thread, whose
 * wake_fd has been made readable, and which is joined first; else this is a fork's child's
 * copy, and only its copies of the sockets are closed (the parent's endpoint goes on). */
void fastqueue_endpoint_close(fastqueue_endpoint *ep, bool owner);

#endif
