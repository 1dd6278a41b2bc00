/* FastQueue\Supervisor's PHP side: its object, options and methods over the plain C core of
 * src/supervisor/. */
#ifndef FASTQUEUE_SUPERVISOR_METHODS_H
#define FASTQUEUE_SUPERVISOR_METHODS_H

#include "php.h"

extern zend_class_entry *fastqueue_ce_Supervisor;

/* Sets fastqueue_ce_Supervisor to ce (what fastqueue.c registered) and its object handlers. */
void fastqueue_supervisor_minit(zend_class_entry *ce);

#endif
