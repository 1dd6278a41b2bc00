/* FastQueue\Job's PHP methods: the payload's fields as Laravel's Job reads them, and the three
 * ways a reserved job ends (delete, release, fail). The object and its payload rules are in
 * src/queue/job.c, which returns the errors these throw. */
#include "errors.h"
#include "exceptions.h"
#include "job.h"
#include "redis_queue.h"
#include "payload.h"
#include "seconds.h"
#include "zend_exceptions.h"

/* false: the payload is not a job, and the PayloadException saying why was thrown. */
static bool job_checked(fastqueue_job *job)
{
	zend_string *why;
	if (!fastqueue_job_is_valid(job, &why)) {
		fastqueue_throw_payload_error(ZSTR_VAL(why));
		return false;
	}
	return true;
}

#define JOB_CHECK_OR_THROW() \
	fastqueue_job *job = Z_FASTQUEUE_JOB_P(ZEND_THIS); \
	if (!job_checked(job)) RETURN_THROWS()

/* Returns a top-level ?int field, or throws naming the field when it is not an integer. */
static void return_int_field(INTERNAL_FUNCTION_PARAMETERS, fastqueue_field field, const char *name)
{
	zval v;
	ZEND_PARSE_PARAMETERS_NONE();
	JOB_CHECK_OR_THROW();
	fastqueue_job_field(job, field, &v);
	if (fastqueue_payload_int(&v, return_value) == FAILURE) {
		zval_ptr_dtor(&v);
		zend_throw_exception_ex(fastqueue_ce_PayloadException, 0, "Job payload field \"%s\" must be an integer or null", name);
		RETURN_THROWS();
	}
	zval_ptr_dtor(&v);
}

static void return_string_field(INTERNAL_FUNCTION_PARAMETERS, fastqueue_field field, bool nullable)
{
	zval v;
	ZEND_PARSE_PARAMETERS_NONE();
	JOB_CHECK_OR_THROW();
	fastqueue_job_field(job, field, &v);
	if (Z_TYPE(v) == IS_STRING) {
		RETURN_STR(Z_STR(v));
	}
	if (Z_TYPE(v) == IS_LONG) {
		RETURN_STR(zend_long_to_str(Z_LVAL(v)));
	}
	zval_ptr_dtor(&v);
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

PHP_METHOD(FastQueue_Job, getJobId) { return_string_field(INTERNAL_FUNCTION_PARAM_PASSTHRU, FASTQUEUE_FIELD_ID, false); }
PHP_METHOD(FastQueue_Job, uuid) { return_string_field(INTERNAL_FUNCTION_PARAM_PASSTHRU, FASTQUEUE_FIELD_UUID, true); }
PHP_METHOD(FastQueue_Job, getName) { return_string_field(INTERNAL_FUNCTION_PARAM_PASSTHRU, FASTQUEUE_FIELD_JOB, false); }

PHP_METHOD(FastQueue_Job, resolveName)
{
	ZEND_PARSE_PARAMETERS_NONE();
	JOB_CHECK_OR_THROW();
	RETURN_STR(fastqueue_job_display_name(job));
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
	fastqueue_job *job = Z_FASTQUEUE_JOB_P(ZEND_THIS);
	const char *why;
	if (!fastqueue_job_payload(job, &why)) {
		fastqueue_throw_payload_error(why);
		RETURN_THROWS();
	}
	RETURN_COPY(&job->payload);
}

/* Only "data" is decoded, unless payload() decoded the whole already. */
PHP_METHOD(FastQueue_Job, getData)
{
	ZEND_PARSE_PARAMETERS_NONE();
	JOB_CHECK_OR_THROW();
	fastqueue_job_field(job, FASTQUEUE_FIELD_DATA, return_value);
	if (Z_ISUNDEF_P(return_value)) {
		RETURN_NULL();
	}
}

PHP_METHOD(FastQueue_Job, previousCrash)
{
	ZEND_PARSE_PARAMETERS_NONE();
	fastqueue_job *job = Z_FASTQUEUE_JOB_P(ZEND_THIS);
	if (!job->previous_crash) {
		RETURN_NULL();
	}
	RETURN_STR_COPY(job->previous_crash);
}

PHP_METHOD(FastQueue_Job, attempts)
{
	zval n, v;
	ZEND_PARSE_PARAMETERS_NONE();
	fastqueue_job *job = Z_FASTQUEUE_JOB_P(ZEND_THIS);
	if (job->attempts >= 0) {
		RETURN_LONG(job->attempts);
	}
	/* The pop script could not find the count; Laravel's rule: the payload's attempts + 1. */
	if (!job_checked(job)) {
		RETURN_THROWS();
	}
	fastqueue_job_field(job, FASTQUEUE_FIELD_ATTEMPTS, &v);
	if (fastqueue_payload_int(&v, &n) == FAILURE) {
		zval_ptr_dtor(&v);
		fastqueue_throw_payload_error("Job payload field \"attempts\" must be an integer");
		RETURN_THROWS();
	}
	/* v may hold a string ("attempts":"12"), n only its number. */
	zval_ptr_dtor(&v);
	RETURN_LONG(Z_TYPE(n) != IS_LONG ? 1 : Z_LVAL(n) < ZEND_LONG_MAX ? Z_LVAL(n) + 1 : ZEND_LONG_MAX);
}

PHP_METHOD(FastQueue_Job, maxTries) { return_int_field(INTERNAL_FUNCTION_PARAM_PASSTHRU, FASTQUEUE_FIELD_MAX_TRIES, "maxTries"); }
PHP_METHOD(FastQueue_Job, maxExceptions) { return_int_field(INTERNAL_FUNCTION_PARAM_PASSTHRU, FASTQUEUE_FIELD_MAX_EXCEPTIONS, "maxExceptions"); }
PHP_METHOD(FastQueue_Job, timeout) { return_int_field(INTERNAL_FUNCTION_PARAM_PASSTHRU, FASTQUEUE_FIELD_TIMEOUT, "timeout"); }
/* As Laravel's Job::retryUntil(): older payloads carry the same deadline as "timeoutAt". */
PHP_METHOD(FastQueue_Job, retryUntil)
{
	return_int_field(INTERNAL_FUNCTION_PARAM_PASSTHRU, FASTQUEUE_FIELD_RETRY_UNTIL, "retryUntil");
	if (Z_TYPE_P(return_value) == IS_NULL && !EG(exception)) {
		return_int_field(INTERNAL_FUNCTION_PARAM_PASSTHRU, FASTQUEUE_FIELD_TIMEOUT_AT, "timeoutAt");
	}
}

/* Laravel stores backoff as "1,5,10" (or a bare int); a list is also accepted. A payload
 * without one falls back to "delay", as Laravel's Job::backoff() (fastqueue_job_backoff). */
static bool backoff_list(zval *v, zval *return_value)
{
	zval *item;
	if (Z_ISUNDEF_P(v) || Z_TYPE_P(v) == IS_NULL || (Z_TYPE_P(v) == IS_STRING && Z_STRLEN_P(v) == 0)) {
		RETVAL_NULL();
		return true;
	}
	array_init(return_value);
	if (Z_TYPE_P(v) == IS_LONG) {
		add_next_index_long(return_value, Z_LVAL_P(v));
		return true;
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
		return true;
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
		return true;
	}
bad:
	zval_ptr_dtor(return_value);
	ZVAL_NULL(return_value);
	return false;
}

PHP_METHOD(FastQueue_Job, backoff)
{
	zval v;
	bool ok;
	ZEND_PARSE_PARAMETERS_NONE();
	JOB_CHECK_OR_THROW();
	fastqueue_job_backoff(job, &v);
	ok = backoff_list(&v, return_value);
	zval_ptr_dtor(&v);
	if (!ok) {
		fastqueue_throw_payload_error("Job payload field \"backoff\" must be a list of seconds such as \"1,5,10\"");
		RETURN_THROWS();
	}
}

PHP_METHOD(FastQueue_Job, shouldFailOnTimeout)
{
	zval v;
	bool yes;
	ZEND_PARSE_PARAMETERS_NONE();
	JOB_CHECK_OR_THROW();
	fastqueue_job_field(job, FASTQUEUE_FIELD_FAIL_ON_TIMEOUT, &v);
	yes = !Z_ISUNDEF(v) && zend_is_true(&v);
	zval_ptr_dtor(&v);
	RETURN_BOOL(yes);
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

static zend_result remove_reserved(fastqueue_job *job)
{
	if (fastqueue_job_remove_reserved(job) == FAILURE) {
		fastqueue_throw_queue_error(fastqueue_redis_queue_from_obj(job->owner));
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
	if (fastqueue_queue_release(q, job->queue, job->reserved, fastqueue_job_uncharged_member(job),
			fastqueue_clock_unix() + delay, &released) == FAILURE) {
		fastqueue_throw_queue_error(q);
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

