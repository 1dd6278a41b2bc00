/* Redis Sentinel: which server is the master of a service, as the sentinels say. Part of the
 * connection layer: conn.c asks here before it connects, and again after a failover. */
#ifndef FASTQUEUE_SENTINEL_H
#define FASTQUEUE_SENTINEL_H

#include "php.h"

#define FASTQUEUE_SENTINEL_DEFAULT_PORT 26379

typedef struct _fastqueue_sentinel_options {
	uint32_t count;            /* sentinels; 0: no Sentinel, connect to host/port */
	zend_string **hosts;       /* their hosts, in the order given */
	zend_long *ports;
	zend_string *service;      /* the master's name in the sentinels' configuration */
	zend_string *username;     /* the sentinels' ACL user, or NULL */
	zend_string *password;     /* the sentinels' password (never printed), or NULL */
} fastqueue_sentinel_options;

/* Option "sentinel": ['nodes' => ['host:port', 'tcp://host:port', ...], 'service' => NAME,
 * 'username' => ?, 'password' => ?]. Throws (argument 1) and returns FAILURE when malformed. */
zend_result fastqueue_sentinel_read_option(zval *v, fastqueue_sentinel_options *out);

void fastqueue_sentinel_options_copy(fastqueue_sentinel_options *dst, const fastqueue_sentinel_options *src);
void fastqueue_sentinel_options_free(fastqueue_sentinel_options *o);

/* Asks the sentinels in turn for the master's address, each within timeout seconds. SUCCESS:
 * host (NUL-terminated) and port. FAILURE: err says what each sentinel answered. */
zend_result fastqueue_sentinel_find_master(const fastqueue_sentinel_options *s, double timeout,
	char *host, size_t host_size, zend_long *port, char *err, size_t err_size);

#endif
