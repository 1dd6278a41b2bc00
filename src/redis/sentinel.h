/* Redis Sentinel: which server is the master of a service, as the sentinels say. Part of the
 * connection layer: link.c asks here before it connects, and again after a failover. */
#ifndef FASTQUEUE_SENTINEL_H
#define FASTQUEUE_SENTINEL_H

#include "php.h"
#include "conn_options.h"

/* Asks the sentinels in turn for the master's address, each within timeout seconds. SUCCESS:
 * host (NUL-terminated) and port. FAILURE: err says what each sentinel answered. */
zend_result fastqueue_sentinel_find_master(const fastqueue_sentinel_options *s, double timeout,
	char *host, size_t host_size, zend_long *port, char *err, size_t err_size);

#endif
