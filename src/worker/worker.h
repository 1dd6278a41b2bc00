/* FastQueue\Worker: Laravel's daemon loop (Illuminate\Queue\Worker) in C. */
#ifndef FASTQUEUE_WORKER_H
#define FASTQUEUE_WORKER_H

#include "php.h"

void fastqueue_worker_minit(zend_class_entry *ce);

#endif
