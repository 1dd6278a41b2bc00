/* FastQueue\RedisQueue's constructor options: read, checked and given their defaults, into
 * the plain settings of src/queue/queue_settings.h. */
#ifndef FASTQUEUE_REDIS_QUEUE_OPTIONS_H
#define FASTQUEUE_REDIS_QUEUE_OPTIONS_H

#include "php.h"
#include "queue_settings.h"

/* Reads the constructor's options (NULL: none), url first so explicit options override its
 * parts. FAILURE: an error naming the option was thrown; free s either way. */
zend_result fastqueue_queue_settings_parse(HashTable *options, fastqueue_queue_settings *s);

#endif
