/* One pass over a payload: is it JSON as PHP's decoder accepts it, and where are the
 * top-level fields the worker reads. Generated from payload_scan.re by re2c (scripts/gen-scanner). */
#ifndef FASTQUEUE_PAYLOAD_SCAN_H
#define FASTQUEUE_PAYLOAD_SCAN_H

#include <stdbool.h>
#include <stddef.h>

/* The top-level fields the worker and Job read; "delay" and "timeoutAt" are what older
 * payloads call backoff and retryUntil. */
typedef enum _fastqueue_field {
	FASTQUEUE_FIELD_JOB,
	FASTQUEUE_FIELD_ATTEMPTS,
	FASTQUEUE_FIELD_MAX_TRIES,
	FASTQUEUE_FIELD_MAX_EXCEPTIONS,
	FASTQUEUE_FIELD_TIMEOUT,
	FASTQUEUE_FIELD_BACKOFF,
	FASTQUEUE_FIELD_DELAY,
	FASTQUEUE_FIELD_RETRY_UNTIL,
	FASTQUEUE_FIELD_TIMEOUT_AT,
	FASTQUEUE_FIELD_FAIL_ON_TIMEOUT,
	FASTQUEUE_FIELD_UUID,
	FASTQUEUE_FIELD_ID,
	FASTQUEUE_FIELD_DISPLAY_NAME,
	FASTQUEUE_FIELD_DATA,
	FASTQUEUE_FIELD_CREATED_AT,     /* Laravel 12+: the Unix second it was pushed (metrics' wait) */
	FASTQUEUE_FIELD_COUNT
} fastqueue_field;

typedef enum _fastqueue_json_type {
	FASTQUEUE_JSON_ABSENT = 0,
	FASTQUEUE_JSON_STRING,          /* no escapes: its bytes between the quotes are the value */
	FASTQUEUE_JSON_STRING_ESCAPED,
	FASTQUEUE_JSON_INT,             /* an integer literal (it may not fit a zend_long) */
	FASTQUEUE_JSON_FLOAT,
	FASTQUEUE_JSON_TRUE,
	FASTQUEUE_JSON_FALSE,
	FASTQUEUE_JSON_NULL,
	FASTQUEUE_JSON_OBJECT,
	FASTQUEUE_JSON_ARRAY
} fastqueue_json_type;

typedef struct _fastqueue_json_span {
	size_t from, to;                /* the value's text, [from, to) */
	fastqueue_json_type type;
} fastqueue_json_span;

typedef struct _fastqueue_scan {
	fastqueue_json_type top;        /* the payload's own type */
	size_t close;                   /* an object payload: where its closing brace is */
	bool has_members;               /* an object payload: it has at least one member */
	fastqueue_json_span field[FASTQUEUE_FIELD_COUNT]; /* the last of each name, as decoders keep */
} fastqueue_scan;

/* Deepest nesting of arrays and objects PHP's decoder accepts at its default depth (512). */
#define FASTQUEUE_JSON_MAX_NESTING 511

/* true when s is well-formed JSON (RFC 8259, as json_decode($s, true) accepts it) and out
 * describes it. s[n] must be '\0' (zend_strings and hiredis replies end so): the scanner
 * stops on that sentinel. Keys are compared decoded ("\u0061ttempts" is "attempts"). */
bool fastqueue_payload_scan(const char *s, size_t n, fastqueue_scan *out);

#endif
