/* FastQueue\Worker: Laravel's daemon loop (Illuminate\Queue\Worker) in C. */
#ifndef FASTQUEUE_WORKER_H
#define FASTQUEUE_WORKER_H

#include "php.h"

/* The exit statuses Worker::daemon() returns and the process ends with, published as
 * Worker::EXIT_SUCCESS, EXIT_ERROR and EXIT_MEMORY_LIMIT (the stub's @cvalue), so the
 * constants and the code that returns them cannot drift apart. */
#define FASTQUEUE_EXIT_SUCCESS 0       /* a stop condition: signal, limits, restart key, stop() */
#define FASTQUEUE_EXIT_ERROR 1         /* a job timed out (timeout_exit_status's default), the watchdog */
#define FASTQUEUE_EXIT_MEMORY_LIMIT 12 /* the memory option was reached after a round */

extern zend_class_entry *fastqueue_ce_Worker;

/* Sets fastqueue_ce_Worker to ce and the class's object handlers. */
void fastqueue_worker_minit(zend_class_entry *ce);

#endif
