/* Reading array options: each reader throws a TypeError/ValueError naming the option and the
 * argument position when the value does not fit. */
#ifndef FASTQUEUE_OPTIONS_H
#define FASTQUEUE_OPTIONS_H

#include "php.h"

zend_result fastqueue_opt_number(zval *v, uint32_t arg, const char *name, double min, double *out);
zend_result fastqueue_opt_long(zval *v, uint32_t arg, const char *name, zend_long min, zend_long max, zend_long *out);
zend_result fastqueue_opt_bool(zval *v, uint32_t arg, const char *name, bool *out);
/* A string; with nullable, null clears *out. Empty strings are refused unless allow_empty. */
zend_result fastqueue_opt_string(zval *v, uint32_t arg, const char *name, bool nullable, bool allow_empty, zend_string **out);

#endif
