/* What RedisQueue's PHP methods share (src/module/redis_queue_methods.c, failed_methods.c). */
#ifndef FASTQUEUE_REDIS_QUEUE_METHODS_H
#define FASTQUEUE_REDIS_QUEUE_METHODS_H

#include "php.h"
#include "redis_queue.h"

/* The queue $this is, or NULL with an Error thrown when its constructor failed or never ran. */
fastqueue_redis_queue *fastqueue_queue_from_this(zval *this_zv);

#endif
