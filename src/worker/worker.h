/* FastQueue\Worker: Laravel's daemon loop (Illuminate\Queue\Worker) in C. */
#ifndef FASTQUEUE_WORKER_H
#define FASTQUEUE_WORKER_H

#include "php.h"
#include "worker_settings.h"

/* The exit statuses Worker::daemon() returns and the process ends with, published as
 * Worker::EXIT_SUCCESS, EXIT_ERROR and EXIT_MEMORY_LIMIT (the stub's @cvalue), so the
 * constants and the code that returns them cannot drift apart. */
#define FASTQUEUE_EXIT_SUCCESS 0       /* a stop condition: signal, limits, restart key, stop() */
#define FASTQUEUE_EXIT_ERROR 1         /* a job timed out (timeout_exit_status's default), the watchdog */
#define FASTQUEUE_EXIT_MEMORY_LIMIT 12 /* the memory option was reached after a round */

extern zend_class_entry *fastqueue_ce_Worker;

/* Sets fastqueue_ce_Worker to ce and the class's object handlers. */
void fastqueue_worker_minit(zend_class_entry *ce);

/* Whether the worker object obj's constructor already ran. */
bool fastqueue_worker_constructed(zend_object *obj);

/* Builds a new worker from what its constructor read (src/module/worker_options.c): the queue
 * (addref'd), the handler or NULL with its callable's cache, and opt, which the worker takes
 * (opt is zeroed). FAILURE: an Error was thrown and the worker is left unconstructed. */
zend_result fastqueue_worker_construct(zend_object *obj, zend_object *queue, zval *handler,
	const zend_fcall_info_cache *handler_fcc, worker_options *opt);

#endif
