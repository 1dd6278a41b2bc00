/* FastQueue\RedisQueue's settings as plain C: what the constructor's options resolve to
 * (src/module/redis_queue_options.c reads them), and what the queue is built from. */
#ifndef FASTQUEUE_QUEUE_SETTINGS_H
#define FASTQUEUE_QUEUE_SETTINGS_H

#include "php.h"
#include "conn.h"

/* The constructor's options, resolved. */
typedef struct _fastqueue_queue_settings {
	fastqueue_conn_options conn;
	int scheme_tls;                  /* option "scheme": -1 not given, 0 tcp, 1 tls */
	bool host_tls;                   /* option "host" came as tls://host */
	bool tls_option;                 /* option "tls" asked for TLS (true or an array) */
	zend_string *prefix;
	zend_string *queue;
	zend_long retry_after;
	double block_for;
	zend_long migration_batch_size;
} fastqueue_queue_settings;

static inline void fastqueue_queue_settings_free(fastqueue_queue_settings *s)
{
	fastqueue_conn_options_free(&s->conn);
	if (s->prefix) zend_string_release(s->prefix);
	if (s->queue) zend_string_release(s->queue);
}

#endif
