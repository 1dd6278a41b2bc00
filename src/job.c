/* FastQueue\Job: accessors over the payload (decoded once, lazily) and the three ways a
 * reserved job ends: delete, release, fail. */
#include "php_fastqueue.h"
#include "job.h"
#include "redis_queue.h"
#include "payload.h"
#include "options.h"
#include "zend_exceptions.h"
#include <time.h>

static zend_object_handlers job_handlers;

static zend_object *job_new(zend_class_entry *ce)
{
	fastqueue_job *job = zend_object_alloc(sizeof(fastqueue_job), ce);
	zend_object_std_init(&job->std, ce);
	object_properties_init(&job->std, ce);
	job->std.handlers = &job_handlers;
	ZVAL_UNDEF(&job->payload);
	ZVAL_UNDEF(&job->failure);
	job->attempts = -1;
	return &job->std;
}

static void job_free(zend_object *obj)
{
	fastqueue_job *job = fastqueue_job_from_obj(obj);
	if (job->raw) zend_string_release(job->raw);
	if (job->reserved) zend_string_release(job->reserved);
	if (job->queue) zend_string_release(job->queue);
	if (job->payload_error) zend_string_release(job->payload_error);
	if (job->owner) OBJ_RELEASE(job->owner);
	zval_ptr_dtor(&job->payload);
	zval_ptr_dtor(&job->failure);
	zend_object_std_dtor(obj);
}

static HashTable *job_get_gc(zend_object *obj, zval **table, int *n)
{
	fastqueue_job *job = fastqueue_job_from_obj(obj);
	*table = &job->failure;
	*n = 1;
	return zend_std_get_properties(obj);
}

void fastqueue_job_create(zval *out, zend_object *owner, zend_string *queue,
	zend_string *raw, zend_string *reserved, zend_long attempts)
{
	fastqueue_job *job;

	object_init_ex(out, fastqueue_ce_Job);
	job = Z_FASTQUEUE_JOB_P(out);
	job->raw = raw;
	job->reserved = reserved;
	job->queue = zend_string_copy(queue);
	job->owner = owner;
	GC_ADDREF(owner);
	job->attempts = attempts;
}

/* Decodes and checks the payload once; remembers why it is invalid. */
static bool decode_payload(fastqueue_job *job)
{
	const char *error;
	zval *name;

	if (!Z_ISUNDEF(job->payload)) {
		return true;
	}
	if (job->payload_error) {
		return false;
	}
	if (fastqueue_json_decode(ZSTR_VAL(job->raw), ZSTR_LEN(job->raw), &job->payload, &error) == FAILURE) {
		job->payload_error = zend_strpprintf(0, "Job payload is not valid JSON: %s", error);
		return false;
	}
	if (Z_TYPE(job->payload) != IS_ARRAY) {
		job->payload_error = zend_string_init_fast("Job payload must be a JSON object", sizeof("Job payload must be a JSON object") - 1);
	} else if (!(name = zend_hash_str_find(Z_ARRVAL(job->payload), "job", 3)) || Z_TYPE_P(name) != IS_STRING || !Z_STRLEN_P(name)) {
		job->payload_error = zend_string_init_fast("Job payload has no \"job\" name", sizeof("Job payload has no \"job\" name") - 1);
	} else {
		return true;
	}
	zval_ptr_dtor(&job->payload);
	ZVAL_UNDEF(&job->payload);
	return false;
}

HashTable *fastqueue_job_payload_or_null(fastqueue_job *job, zend_string **why)
{
	if (!decode_payload(job)) {
		*why = job->payload_error;
		return NULL;
	}
	return Z_ARRVAL(job->payload);
}

HashTable *fastqueue_job_payload(fastqueue_job *job)
{
	if (!decode_payload(job)) {
		zend_throw_exception(fastqueue_ce_PayloadException, ZSTR_VAL(job->payload_error), 0);
		return NULL;
	}
	return Z_ARRVAL(job->payload);
}

#define JOB_PAYLOAD_OR_THROW() \
	fastqueue_job *job = Z_FASTQUEUE_JOB_P(ZEND_THIS); \
	HashTable *payload = fastqueue_job_payload(job); \
	if (!payload) RETURN_THROWS()

/* Returns a top-level ?int field, or throws naming the field when it is not an integer. */
static void return_int_field(INTERNAL_FUNCTION_PARAMETERS, const char *field, size_t len)
{
	ZEND_PARSE_PARAMETERS_NONE();
	JOB_PAYLOAD_OR_THROW();
	if (fastqueue_payload_int(payload, field, len, return_value) == FAILURE) {
		zend_throw_exception_ex(fastqueue_ce_PayloadException, 0, "Job payload field \"%s\" must be an integer or null", field);
		RETURN_THROWS();
	}
}

static void return_string_field(INTERNAL_FUNCTION_PARAMETERS, const char *field, size_t len, bool nullable)
{
	zval *v;
	ZEND_PARSE_PARAMETERS_NONE();
	JOB_PAYLOAD_OR_THROW();
	v = zend_hash_str_find(payload, field, len);
	if (v && Z_TYPE_P(v) == IS_STRING) {
		RETURN_STR_COPY(Z_STR_P(v));
	}
	if (v && Z_TYPE_P(v) == IS_LONG) {
		RETURN_STR(zend_long_to_str(Z_LVAL_P(v)));
	}
	if (nullable) {
		RETURN_NULL();
	}
	RETURN_EMPTY_STRING();
}

PHP_METHOD(FastQueue_Job, __construct)
{
	ZEND_PARSE_PARAMETERS_NONE();
	(void) return_value;
	zend_throw_error(NULL, "FastQueue\\Job is created by RedisQueue::pop(), not directly");
}

PHP_METHOD(FastQueue_Job, getJobId) { return_string_field(INTERNAL_FUNCTION_PARAM_PASSTHRU, "id", 2, false); }
PHP_METHOD(FastQueue_Job, uuid) { return_string_field(INTERNAL_FUNCTION_PARAM_PASSTHRU, "uuid", 4, true); }
PHP_METHOD(FastQueue_Job, getName) { return_string_field(INTERNAL_FUNCTION_PARAM_PASSTHRU, "job", 3, false); }

PHP_METHOD(FastQueue_Job, resolveName)
{
	zval *v;
	ZEND_PARSE_PARAMETERS_NONE();
	JOB_PAYLOAD_OR_THROW();
	v = zend_hash_str_find(payload, "displayName", sizeof("displayName") - 1);
	if (!v || Z_TYPE_P(v) != IS_STRING || !Z_STRLEN_P(v)) {
		v = zend_hash_str_find(payload, "job", 3);
	}
	RETURN_STR_COPY(Z_STR_P(v));
}

PHP_METHOD(FastQueue_Job, getRawBody)
{
	ZEND_PARSE_PARAMETERS_NONE();
	RETURN_STR_COPY(Z_FASTQUEUE_JOB_P(ZEND_THIS)->raw);
}

PHP_METHOD(FastQueue_Job, getReservedJob)
{
	ZEND_PARSE_PARAMETERS_NONE();
	RETURN_STR_COPY(Z_FASTQUEUE_JOB_P(ZEND_THIS)->reserved);
}

PHP_METHOD(FastQueue_Job, payload)
{
	ZEND_PARSE_PARAMETERS_NONE();
	JOB_PAYLOAD_OR_THROW();
	(void) payload;
	RETURN_COPY(&job->payload);
}

PHP_METHOD(FastQueue_Job, getData)
{
	zval *v;
	ZEND_PARSE_PARAMETERS_NONE();
	JOB_PAYLOAD_OR_THROW();
	v = zend_hash_str_find(payload, "data", 4);
	if (v) {
		RETURN_COPY(v);
	}
	RETURN_NULL();
}

PHP_METHOD(FastQueue_Job, attempts)
{
	zval n;
	ZEND_PARSE_PARAMETERS_NONE();
	fastqueue_job *job = Z_FASTQUEUE_JOB_P(ZEND_THIS);
	if (job->attempts >= 0) {
		RETURN_LONG(job->attempts);
	}
	/* The pop script could not find the count; Laravel's rule: the payload's attempts + 1. */
	HashTable *payload = fastqueue_job_payload(job);
	if (!payload) {
		RETURN_THROWS();
	}
	if (fastqueue_payload_int(payload, "attempts", 8, &n) == FAILURE) {
		zend_throw_exception(fastqueue_ce_PayloadException, "Job payload field \"attempts\" must be an integer", 0);
		RETURN_THROWS();
	}
	RETURN_LONG((Z_TYPE(n) == IS_LONG ? Z_LVAL(n) : 0) + 1);
}

PHP_METHOD(FastQueue_Job, maxTries) { return_int_field(INTERNAL_FUNCTION_PARAM_PASSTHRU, "maxTries", sizeof("maxTries") - 1); }
PHP_METHOD(FastQueue_Job, maxExceptions) { return_int_field(INTERNAL_FUNCTION_PARAM_PASSTHRU, "maxExceptions", sizeof("maxExceptions") - 1); }
PHP_METHOD(FastQueue_Job, timeout) { return_int_field(INTERNAL_FUNCTION_PARAM_PASSTHRU, "timeout", sizeof("timeout") - 1); }
/* As Laravel's Job::retryUntil(): older payloads carry the same deadline as "timeoutAt". */
PHP_METHOD(FastQueue_Job, retryUntil)
{
	return_int_field(INTERNAL_FUNCTION_PARAM_PASSTHRU, "retryUntil", sizeof("retryUntil") - 1);
	if (Z_TYPE_P(return_value) == IS_NULL && !EG(exception)) {
		return_int_field(INTERNAL_FUNCTION_PARAM_PASSTHRU, "timeoutAt", sizeof("timeoutAt") - 1);
	}
}

/* Laravel stores backoff as "1,5,10" (or a bare int); a list is also accepted. A payload
 * without one falls back to "delay", as Laravel's Job::backoff() (fastqueue_payload_backoff). */
PHP_METHOD(FastQueue_Job, backoff)
{
	zval *v, *item;
	ZEND_PARSE_PARAMETERS_NONE();
	JOB_PAYLOAD_OR_THROW();
	v = fastqueue_payload_backoff(payload);
	if (!v || Z_TYPE_P(v) == IS_NULL || (Z_TYPE_P(v) == IS_STRING && Z_STRLEN_P(v) == 0)) {
		RETURN_NULL();
	}
	array_init(return_value);
	if (Z_TYPE_P(v) == IS_LONG) {
		add_next_index_long(return_value, Z_LVAL_P(v));
		return;
	}
	if (Z_TYPE_P(v) == IS_STRING) {
		const char *p = Z_STRVAL_P(v), *end = p + Z_STRLEN_P(v);
		while (p < end) {
			char *stop;
			zend_long n = ZEND_STRTOL(p, &stop, 10);
			if (stop == p || n < 0 || (stop < end && *stop != ',')) {
				goto bad;
			}
			add_next_index_long(return_value, n);
			p = stop + 1;
		}
		return;
	}
	if (Z_TYPE_P(v) == IS_ARRAY) {
		ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(v), item) {
			zval n;
			if (Z_TYPE_P(item) == IS_STRING) {
				zend_long l;
				if (is_numeric_string(Z_STRVAL_P(item), Z_STRLEN_P(item), &l, NULL, false) != IS_LONG) goto bad;
				ZVAL_LONG(&n, l);
			} else if (Z_TYPE_P(item) == IS_LONG) {
				ZVAL_LONG(&n, Z_LVAL_P(item));
			} else {
				goto bad;
			}
			add_next_index_zval(return_value, &n);
		} ZEND_HASH_FOREACH_END();
		return;
	}
bad:
	zval_ptr_dtor(return_value);
	zend_throw_exception(fastqueue_ce_PayloadException, "Job payload field \"backoff\" must be a list of seconds such as \"1,5,10\"", 0);
	RETURN_THROWS();
}

PHP_METHOD(FastQueue_Job, shouldFailOnTimeout)
{
	zval *v;
	ZEND_PARSE_PARAMETERS_NONE();
	JOB_PAYLOAD_OR_THROW();
	v = zend_hash_str_find(payload, "failOnTimeout", sizeof("failOnTimeout") - 1);
	RETURN_BOOL(v && zend_is_true(v));
}

PHP_METHOD(FastQueue_Job, getQueue)
{
	ZEND_PARSE_PARAMETERS_NONE();
	RETURN_STR_COPY(Z_FASTQUEUE_JOB_P(ZEND_THIS)->queue);
}

/* A job ends once: after delete, release or fail, another of them is a logic error. */
static bool job_is_open(fastqueue_job *job, const char *action)
{
	if (job->deleted || job->released) {
		zend_throw_exception_ex(fastqueue_ce_Exception, 0, "Cannot %s job %s: it was already %s", action,
			ZSTR_VAL(job->queue), job->failed ? "failed" : job->released ? "released" : "deleted");
		return false;
	}
	return true;
}

zend_result fastqueue_job_remove_reserved(fastqueue_job *job)
{
	fastqueue_redis_queue *q = fastqueue_redis_queue_from_obj(job->owner);
	return fastqueue_queue_delete_reserved(q, job->queue, job->reserved);
}

static zend_result remove_reserved(fastqueue_job *job)
{
	if (fastqueue_job_remove_reserved(job) == FAILURE) {
		fastqueue_queue_throw(fastqueue_redis_queue_from_obj(job->owner));
		return FAILURE;
	}
	return SUCCESS;
}

PHP_METHOD(FastQueue_Job, delete)
{
	ZEND_PARSE_PARAMETERS_NONE();
	fastqueue_job *job = Z_FASTQUEUE_JOB_P(ZEND_THIS);
	if (!job_is_open(job, "delete")) {
		RETURN_THROWS();
	}
	if (job->hooks) {
		job->hooks->defer_delete(job->hooks->ctx, job);
		return;
	}
	if (remove_reserved(job) == FAILURE) {
		RETURN_THROWS();
	}
	job->deleted = true;
}

PHP_METHOD(FastQueue_Job, release)
{
	zend_long delay = 0;
	bool released;

	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(delay)
	ZEND_PARSE_PARAMETERS_END();

	fastqueue_job *job = Z_FASTQUEUE_JOB_P(ZEND_THIS);
	fastqueue_redis_queue *q = fastqueue_redis_queue_from_obj(job->owner);
	if (delay < 0 || delay > FASTQUEUE_MAX_DELAY) {
		zend_argument_value_error(1, "must be between 0 and %d seconds (10 years)", FASTQUEUE_MAX_DELAY);
		RETURN_THROWS();
	}
	if (!job_is_open(job, "release")) {
		RETURN_THROWS();
	}
	if (fastqueue_queue_release(q, job->queue, job->reserved, (zend_long) time(NULL) + delay, &released) == FAILURE) {
		fastqueue_queue_throw(q);
		RETURN_THROWS();
	}
	/* Not released means the reservation had expired: the job is back on its queue already. */
	job->released = true;
	if (job->hooks) {
		job->hooks->released(job->hooks->ctx, job, delay);
	}
}

PHP_METHOD(FastQueue_Job, fail)
{
	zval *e = NULL;

	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_OBJECT_OF_CLASS_OR_NULL(e, zend_ce_throwable)
	ZEND_PARSE_PARAMETERS_END();

	fastqueue_job *job = Z_FASTQUEUE_JOB_P(ZEND_THIS);
	if (job->failed) {
		return;
	}
	if (job->hooks) {
		zval none;
		ZVAL_NULL(&none);
		if (job->hooks->fail(job->hooks->ctx, job, e ? e : &none) == FAILURE) {
			RETURN_THROWS();
		}
		return;
	}
	/* A released job is in :delayed now, out of our hands; only a reserved one is removed.
	 * The job counts as failed only once that is done, so a call Redis refused can be repeated. */
	if (!job->deleted && !job->released) {
		if (remove_reserved(job) == FAILURE) {
			RETURN_THROWS();
		}
		job->deleted = true;
	}
	job->failed = true;
	if (e) {
		ZVAL_COPY(&job->failure, e);
	}
}

PHP_METHOD(FastQueue_Job, isDeleted) { ZEND_PARSE_PARAMETERS_NONE(); RETURN_BOOL(Z_FASTQUEUE_JOB_P(ZEND_THIS)->deleted); }
PHP_METHOD(FastQueue_Job, isReleased) { ZEND_PARSE_PARAMETERS_NONE(); RETURN_BOOL(Z_FASTQUEUE_JOB_P(ZEND_THIS)->released); }
PHP_METHOD(FastQueue_Job, hasFailed) { ZEND_PARSE_PARAMETERS_NONE(); RETURN_BOOL(Z_FASTQUEUE_JOB_P(ZEND_THIS)->failed); }

PHP_METHOD(FastQueue_Job, isDeletedOrReleased)
{
	ZEND_PARSE_PARAMETERS_NONE();
	fastqueue_job *job = Z_FASTQUEUE_JOB_P(ZEND_THIS);
	RETURN_BOOL(job->deleted || job->released);
}

void fastqueue_job_minit(zend_class_entry *ce)
{
	ce->create_object = job_new;
	memcpy(&job_handlers, zend_get_std_object_handlers(), sizeof(zend_object_handlers));
	job_handlers.offset = XtOffsetOf(fastqueue_job, std);
	job_handlers.free_obj = job_free;
	job_handlers.get_gc = job_get_gc;
	job_handlers.clone_obj = NULL;
}
