/* FastQueue\Job's object: the payload's fields (scanned, or decoded once, lazily), whether it is
 * a job, and the removal of its reservation. Its PHP methods, the three ways a reserved job
 * ends among them (delete, release, fail), are in src/module/job_methods.c. */
#include "job.h"
#include "redis_queue.h"
#include "payload.h"

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
	if (job->previous_crash) zend_string_release(job->previous_crash);
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

/* The names of the fields the scanner finds, for reading them from the decoded payload. */
static const struct { const char *name; size_t len; } field_names[FASTQUEUE_FIELD_COUNT] = {
#define FIELD_NAME(f, n) [f] = {n, sizeof(n) - 1}
	FIELD_NAME(FASTQUEUE_FIELD_JOB, "job"),
	FIELD_NAME(FASTQUEUE_FIELD_ATTEMPTS, "attempts"),
	FIELD_NAME(FASTQUEUE_FIELD_MAX_TRIES, "maxTries"),
	FIELD_NAME(FASTQUEUE_FIELD_MAX_EXCEPTIONS, "maxExceptions"),
	FIELD_NAME(FASTQUEUE_FIELD_TIMEOUT, "timeout"),
	FIELD_NAME(FASTQUEUE_FIELD_BACKOFF, "backoff"),
	FIELD_NAME(FASTQUEUE_FIELD_DELAY, "delay"),
	FIELD_NAME(FASTQUEUE_FIELD_RETRY_UNTIL, "retryUntil"),
	FIELD_NAME(FASTQUEUE_FIELD_TIMEOUT_AT, "timeoutAt"),
	FIELD_NAME(FASTQUEUE_FIELD_FAIL_ON_TIMEOUT, "failOnTimeout"),
	FIELD_NAME(FASTQUEUE_FIELD_UUID, "uuid"),
	FIELD_NAME(FASTQUEUE_FIELD_ID, "id"),
	FIELD_NAME(FASTQUEUE_FIELD_DISPLAY_NAME, "displayName"),
	FIELD_NAME(FASTQUEUE_FIELD_DATA, "data"),
	FIELD_NAME(FASTQUEUE_FIELD_CREATED_AT, "createdAt"),
#undef FIELD_NAME
};

/* A field of the decoded payload (which must be there), or NULL when absent. */
static zval *decoded_field(fastqueue_job *job, fastqueue_field field)
{
	return zend_hash_str_find(Z_ARRVAL(job->payload), field_names[field].name, field_names[field].len);
}

/* Whether the decoded payload is a job: decoding it proved it JSON as the scanner would, and
 * it names its job (a JSON list decodes to an array too, but with no "job" key). */
static bool decoded_is_job(fastqueue_job *job)
{
	zval *name = decoded_field(job, FASTQUEUE_FIELD_JOB);
	return name && Z_TYPE_P(name) == IS_STRING && Z_STRLEN_P(name) > 0;
}

const fastqueue_scan *fastqueue_job_scan(fastqueue_job *job)
{
	if (!job->scanned) {
		fastqueue_payload_scan(ZSTR_VAL(job->raw), ZSTR_LEN(job->raw), &job->scan);
		job->scanned = true;
	}
	return &job->scan;
}

/* Scans the payload and checks it is a job; remembers why not. */
static void check_by_scan(fastqueue_job *job)
{
	bool valid = fastqueue_payload_scan(ZSTR_VAL(job->raw), ZSTR_LEN(job->raw), &job->scan);
	const fastqueue_json_span *name = &job->scan.field[FASTQUEUE_FIELD_JOB];
	/* A name is a non-empty string (an escaped one never is empty). */
	bool named = name->type == FASTQUEUE_JSON_STRING_ESCAPED
		|| (name->type == FASTQUEUE_JSON_STRING && name->to - name->from > 2);

	job->scanned = true;
	job->checked = true;
	job->payload_error = fastqueue_payload_invalid_reason(job->raw, &job->scan, valid, "Job payload");
	if (!job->payload_error && !named) {
		job->payload_error = zend_string_init("Job payload has no \"job\" name", sizeof("Job payload has no \"job\" name") - 1, 0);
	}
}

bool fastqueue_job_is_valid(fastqueue_job *job, zend_string **why)
{
	if (!job->checked) {
		/* payload() keeps a decoded payload only when it is a job. */
		if (!Z_ISUNDEF(job->payload)) {
			job->checked = true;
		} else {
			check_by_scan(job);
		}
	}
	*why = job->payload_error;
	return !job->payload_error;
}

void fastqueue_job_field(fastqueue_job *job, fastqueue_field field, zval *out)
{
	zend_string *why;
	zval *v;

	if (!fastqueue_job_is_valid(job, &why)) {
		ZVAL_UNDEF(out);
		return;
	}
	if (!job->scanned) {
		/* Checked by the decode (payload()): read from it, with no pass over the text. Once
		 * scanned, the spans are the cheaper read. */
		v = decoded_field(job, field);
		if (v) {
			ZVAL_COPY(out, v);
		} else {
			ZVAL_UNDEF(out);
		}
		return;
	}
	fastqueue_payload_value(ZSTR_VAL(job->raw), &job->scan.field[field], out);
}

void fastqueue_job_backoff(fastqueue_job *job, zval *out)
{
	fastqueue_job_field(job, FASTQUEUE_FIELD_BACKOFF, out);
	if (Z_ISUNDEF_P(out) || Z_TYPE_P(out) == IS_NULL) {
		fastqueue_job_field(job, FASTQUEUE_FIELD_DELAY, out);
	}
}

zend_string *fastqueue_job_display_name(fastqueue_job *job)
{
	zval v;
	fastqueue_job_field(job, FASTQUEUE_FIELD_DISPLAY_NAME, &v);
	if (Z_TYPE(v) == IS_STRING && Z_STRLEN(v)) {
		return Z_STR(v);
	}
	zval_ptr_dtor(&v);
	fastqueue_job_field(job, FASTQUEUE_FIELD_JOB, &v);
	if (Z_TYPE(v) == IS_STRING) {
		return Z_STR(v);
	}
	zval_ptr_dtor(&v);
	return zend_string_copy(job->queue);
}

/* Decoded first, and checked by the decode: a payload PHP's decoder reads as a job needs no
 * scan. Anything else is scanned, for the reason in the scanner's words. */
HashTable *fastqueue_job_payload(fastqueue_job *job, const char **why)
{
	zend_string *invalid;
	const char *error;

	if (!Z_ISUNDEF(job->payload)) {
		return Z_ARRVAL(job->payload);
	}
	if (!job->checked || !job->payload_error) {
		if (fastqueue_json_decode(ZSTR_VAL(job->raw), ZSTR_LEN(job->raw), &job->payload, &error) == SUCCESS
				&& Z_TYPE(job->payload) == IS_ARRAY && decoded_is_job(job)) {
			job->checked = true;
			return Z_ARRVAL(job->payload);
		}
		zval_ptr_dtor(&job->payload);
		ZVAL_UNDEF(&job->payload);
	}
	if (!fastqueue_job_is_valid(job, &invalid)) {
		*why = ZSTR_VAL(invalid);
		return NULL;
	}
	/* The scanner took it for a job and PHP's decoder did not: they disagree (a bug). */
	*why = "Job payload could not be decoded";
	return NULL;
}

zend_result fastqueue_job_remove_reserved(fastqueue_job *job)
{
	fastqueue_redis_queue *q = fastqueue_redis_queue_from_obj(job->owner);
	return fastqueue_queue_delete_reserved(q, job->queue, job->reserved, fastqueue_job_uncharged_member(job));
}

/* ce: what fastqueue.c registered from the stub (its generated arginfo is included once). */
zend_class_entry *fastqueue_ce_Job;

void fastqueue_job_minit(zend_class_entry *ce)
{
	fastqueue_ce_Job = ce;
	ce->create_object = job_new;
	memcpy(&job_handlers, zend_get_std_object_handlers(), sizeof(zend_object_handlers));
	job_handlers.offset = offsetof(fastqueue_job, std);
	job_handlers.free_obj = job_free;
	job_handlers.get_gc = job_get_gc;
	job_handlers.clone_obj = NULL;
}
