/* Laravel's payload format: building one for push, and JSON in and out through ext/json. */
#ifndef FASTQUEUE_PAYLOAD_H
#define FASTQUEUE_PAYLOAD_H

#include "php.h"
#include "payload_scan.h"

#define FASTQUEUE_ID_LEN 32    /* Laravel's Str::random(32) */
#define FASTQUEUE_UUID_LEN 36

/* Encodes like Laravel's json_encode(..., JSON_UNESCAPED_UNICODE). NULL and *error on failure. */
zend_string *fastqueue_json_encode(zval *value, const char **error);

/* Decodes into arrays (assoc). FAILURE and *error when the text is not JSON. */
zend_result fastqueue_json_decode(const char *text, size_t len, zval *out, const char **error);

void fastqueue_random_id(char out[FASTQUEUE_ID_LEN]);
void fastqueue_uuid4(char out[FASTQUEUE_UUID_LEN]);

/* An integer option that may be null. */
typedef struct _fastqueue_nullable_long {
	bool set;              /* false: null */
	zend_long value;
} fastqueue_nullable_long;

/* The job options of push/later, as read and checked by src/module/job_options.c. */
typedef struct _fastqueue_job_options {
	fastqueue_nullable_long max_tries;
	fastqueue_nullable_long max_exceptions;
	fastqueue_nullable_long timeout;
	zend_string *backoff;       /* "1,5,10", as Laravel stores it; NULL: null */
	fastqueue_nullable_long retry_until;  /* a unix timestamp; not set: no "retryUntil" field */
	bool fail_on_timeout;
	zend_string *display_name;  /* NULL: the job name before '@' */
} fastqueue_job_options;

/* Releases the options' strings and zeroes them. */
void fastqueue_job_options_free(fastqueue_job_options *o);

/* Builds the payload JSON with Laravel's fields in Laravel's order; writes its id to id_out.
 * NULL when data cannot be encoded: *why is the PayloadException's text (the caller's to
 * free), or NULL when PHP code the encoding ran (JsonSerializable) threw. */
zend_string *fastqueue_payload_create(zend_string *job, zval *data, const fastqueue_job_options *o,
	char id_out[FASTQUEUE_ID_LEN], zend_string **why);

/* A payload field's value (UNDEF when absent) as ?int: numeric strings and whole floats count,
 * as in Laravel. FAILURE when it is present but not an integer. */
zend_result fastqueue_payload_int(zval *v, zval *out);

/* The attempts count a reserve gives the payload scanned as scan: its top-level "attempts"
 * plus one (1 when absent), as pop.lua counts; -1 when that is not a count of at most 15
 * digits (a numeric string counts) or the payload is not an object. */
zend_long fastqueue_payload_next_attempts(const zend_string *payload, const fastqueue_scan *scan);

/* A copy of payload with its top-level "attempts" set to n (added when absent); NULL when the
 * payload is not a well-formed JSON object or its "attempts" is not a count (digits, or a
 * string of digits). scan: the payload's scan, or NULL to scan it here. */
zend_string *fastqueue_payload_with_attempts(const zend_string *payload, const fastqueue_scan *scan, zend_long n);

/* The value of a scanned field (or any valid JSON value's span) as json_decode($s, true) gives
 * it; UNDEF when the field is absent. s must be the text that was scanned. */
void fastqueue_payload_value(const char *s, const fastqueue_json_span *v, zval *out);

/* A payload's scanner verdict as a reason: NULL when it is a JSON object, else why not, in
 * PHP's own words ("Job payload is not valid JSON: Syntax error"). prefix: "Job payload". */
zend_string *fastqueue_payload_invalid_reason(const zend_string *payload, const fastqueue_scan *scan,
	bool valid, const char *prefix);

/* The "id" of a payload pushed as it is (pushRaw, laterRaw): "" when absent or null, an
 * integer's digits. NULL when the payload is not a JSON object or its id is neither, with *why
 * the reason (a PayloadException's text, the caller's to free). */
zend_string *fastqueue_payload_raw_id(const zend_string *payload, zend_string **why);

#endif
