/* What RedisQueue's PHP methods share (src/module/redis_queue_methods.c, failed_methods.c). */
#ifndef FASTQUEUE_REDIS_QUEUE_METHODS_H
#define FASTQUEUE_REDIS_QUEUE_METHODS_H

#include "php.h"
#include "redis_queue.h"

/* The queue $this is, or NULL with an Error thrown when its constructor failed or never ran. */
fastqueue_redis_queue *fastqueue_queue_from_this(zval *this_zv);

/* fastqueue_redis_queue_init(), throwing the ValueError about the constructor's options when
 * the default queue's name is refused (for the constructor, src/module/redis_queue_options.c). */
zend_result fastqueue_redis_queue_construct(fastqueue_redis_queue *q, const fastqueue_queue_settings *s);

#endif
