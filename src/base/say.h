/* A line on stderr from the worker's own threads (lease renewal, metrics exposition), which
 * may not call into PHP: plain stdio, flushed at once so that it interleaves sensibly with
 * PHP's own output. */
#ifndef FASTQUEUE_SAY_H
#define FASTQUEUE_SAY_H

#include "php.h"
#include <stdarg.h>
#include <stdio.h>

static inline void fastqueue_say(const char *fmt, ...) ZEND_ATTRIBUTE_FORMAT(printf, 1, 2);
static inline void fastqueue_say(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fflush(stderr);
}

#endif
