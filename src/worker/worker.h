/* FastQueue\Worker: Laravel's daemon loop (Illuminate\Queue\Worker) in C. */
#ifndef FASTQUEUE_WORKER_H
#define FASTQUEUE_WORKER_H

#include "php.h"

extern zend_class_entry *fastqueue_ce_Worker;

/* Sets fastqueue_ce_Worker to ce and the class's object handlers. */
void fastqueue_worker_minit(zend_class_entry *ce);

#endif
