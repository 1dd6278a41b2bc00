/* FastQueue\RedisQueue's constructor options: read, checked and given their defaults. */
#ifndef FASTQUEUE_REDIS_QUEUE_OPTIONS_H
#define FASTQUEUE_REDIS_QUEUE_OPTIONS_H

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

/* Reads the constructor's options (NULL: none), url first so explicit options override its
 * parts. FAILURE: an error naming the option was thrown; free s either way. */
zend_result fastqueue_queue_settings_parse(HashTable *options, fastqueue_queue_settings *s);
void fastqueue_queue_settings_free(fastqueue_queue_settings *s);

#endif
