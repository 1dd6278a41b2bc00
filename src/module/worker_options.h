/* FastQueue\Worker's options: their defaults, and reading them from the constructor's third
 * argument, each refused with a TypeError/ValueError that names it. */
#ifndef FASTQUEUE_WORKER_OPTIONS_H
#define FASTQUEUE_WORKER_OPTIONS_H

#include "php.h"
#include "worker_settings.h"

/* Fills o with the defaults, then with options (NULL: none). On FAILURE an exception is
 * thrown and o may hold some values: free it either way. */
zend_result fastqueue_worker_options_parse(HashTable *options, worker_options *o);

#endif
