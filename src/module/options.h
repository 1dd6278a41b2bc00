/* Reading array options: each reader throws a TypeError/ValueError naming the option and the
 * argument position when the value does not fit. The bounds they share are in seconds.h
 * (src/base/), which this header includes for its users. */
#ifndef FASTQUEUE_OPTIONS_H
#define FASTQUEUE_OPTIONS_H

#include "php.h"
#include "seconds.h"

/* max may be INFINITY for no bound but finiteness. */
zend_result fastqueue_opt_number(zval *v, uint32_t arg, const char *name, double min, double max, double *out);
zend_result fastqueue_opt_long(zval *v, uint32_t arg, const char *name, zend_long min, zend_long max, zend_long *out);
zend_result fastqueue_opt_bool(zval *v, uint32_t arg, const char *name, bool *out);
/* A string; with nullable, null clears *out. Empty strings are refused unless allow_empty. */
zend_result fastqueue_opt_string(zval *v, uint32_t arg, const char *name, bool nullable, bool allow_empty, zend_string **out);

/* A node address: "host", "host:port", "tcp://host:port", "redis://host:port", "[v6]:port"; with
 * tls not NULL, "tls://" and "rediss://" too, which set it. FAILURE: not an address (nothing
 * thrown). */
zend_result fastqueue_parse_node(const zend_string *node, zend_long default_port, bool *tls, zend_string **host,
	zend_long *port);

#endif
