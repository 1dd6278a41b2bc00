/* FastQueue\RedisQueue's PHP methods: push, pushRaw, later, laterRaw, bulk, pop, the sizes,
 * clear, getQueue and getPrefix. They read and check their arguments, call the queue's plain
 * C operations (src/queue/redis_queue.c) and throw what those leave on the connection. */
#include "errors.h"
#include "redis_queue_methods.h"
#include "job_options.h"
#include "seconds.h"
#include "zend_exceptions.h"
#include "zend_interfaces.h"
#include "ext/date/php_date.h"
#include <math.h>

fastqueue_redis_queue *fastqueue_queue_from_this(zval *this_zv)
{
	fastqueue_redis_queue *q = Z_FASTQUEUE_REDIS_QUEUE_P(this_zv);
	if (!fastqueue_redis_queue_constructed(q)) {
		zend_throw_error(NULL, "FastQueue\\RedisQueue was not constructed");
		return NULL;
	}
	return q;
}

/* false: the ValueError about argument arg, which named a queue a cluster cannot serve, was thrown. */
static bool queue_name_ok(const fastqueue_redis_queue *q, const zend_string *name, uint32_t arg)
{
	zend_string *why = fastqueue_queue_name_refusal(q, name);

	if (why) {
		fastqueue_throw_name_refused(arg, why);
		return false;
	}
	return true;
}

#define QUEUE_OR_THROW() \
	fastqueue_redis_queue *q = fastqueue_queue_from_this(ZEND_THIS); \
	if (!q) RETURN_THROWS()
#define QUEUE_NAME_OR_THROW(arg, name) \
	if (!queue_name_ok(q, (name), (arg))) RETURN_THROWS()

/* The option that named the default queue is in argument 1, the constructor's options. */
zend_result fastqueue_redis_queue_construct(fastqueue_redis_queue *q, const fastqueue_queue_settings *s)
{
	zend_string *why;

	if (fastqueue_redis_queue_init(q, s, &why) == FAILURE) {
		fastqueue_throw_name_refused(1, why);
		return FAILURE;
	}
	return SUCCESS;
}

/* When a delay of int|float|DateTimeInterface seconds makes a job available; throws on bad input. */
static zend_result available_at(zval *delay, uint32_t arg_num, zend_long *out)
{
	double now = fastqueue_clock_wall(), d;

	if (Z_TYPE_P(delay) == IS_OBJECT) {
		zval ts;
		zend_call_method_with_0_params(Z_OBJ_P(delay), Z_OBJCE_P(delay), NULL, "gettimestamp", &ts);
		if (Z_TYPE(ts) != IS_LONG) {
			zval_ptr_dtor(&ts);
			return FAILURE;
		}
		d = (double) Z_LVAL(ts) - now;
		if (d < 0) {
			d = 0; /* a time in the past: due now */
		}
	} else {
		d = Z_TYPE_P(delay) == IS_LONG ? (double) Z_LVAL_P(delay) : Z_DVAL_P(delay);
		if (!zend_finite(d)) {
			zend_argument_value_error(arg_num, "must be a finite number of seconds");
			return FAILURE;
		}
		if (d < 0) {
			zend_argument_value_error(arg_num, "must be greater than or equal to 0");
			return FAILURE;
		}
	}
	if (d > FASTQUEUE_MAX_DELAY) {
		zend_argument_value_error(arg_num, "must be at most %d seconds (10 years) from now", FASTQUEUE_MAX_DELAY);
		return FAILURE;
	}
	*out = (zend_long) floor(now + d);
	return SUCCESS;
}

/* The "id" of a raw payload, which must be a JSON object; throws PayloadException otherwise. */
static zend_string *raw_payload_id(zend_string *payload)
{
	zend_string *why, *id = fastqueue_payload_raw_id(payload, &why);

	if (!id) {
		fastqueue_throw_payload_error(ZSTR_VAL(why));
		zend_string_release(why);
	}
	return id;
}

/* A new job's payload, its id in id; NULL with the exception thrown when an option is wrong or
 * data cannot be encoded. */
static zend_string *new_payload(zend_string *job, zval *data, HashTable *options, uint32_t options_arg, char id[FASTQUEUE_ID_LEN])
{
	fastqueue_job_options o;
	zend_string *payload, *why;

	if (fastqueue_job_options_parse(options, options_arg, &o) == FAILURE) {
		return NULL;
	}
	payload = fastqueue_payload_create(job, data, &o, id, &why);
	fastqueue_job_options_free(&o);
	if (why) {
		fastqueue_throw_payload_error(ZSTR_VAL(why));
		zend_string_release(why);
	}
	return payload;
}

PHP_METHOD(FastQueue_RedisQueue, push)
{
	zend_string *job, *queue = NULL, *payload;
	zval *data = NULL, empty;
	HashTable *options = NULL;
	char id[FASTQUEUE_ID_LEN];

	ZEND_PARSE_PARAMETERS_START(1, 4)
		Z_PARAM_STR(job)
		Z_PARAM_OPTIONAL
		Z_PARAM_ZVAL(data)
		Z_PARAM_STR_OR_NULL(queue)
		Z_PARAM_ARRAY_HT(options)
	ZEND_PARSE_PARAMETERS_END();
	QUEUE_OR_THROW();
	QUEUE_NAME_OR_THROW(3, fastqueue_queue_name(q, queue));

	ZVAL_EMPTY_STRING(&empty);
	if (!(payload = new_payload(job, data ? data : &empty, options, 4, id))) {
		RETURN_THROWS();
	}
	if (fastqueue_queue_push_payloads(q, fastqueue_queue_name(q, queue), &payload, 1) == FAILURE) {
		zend_string_release(payload);
		fastqueue_throw_queue_error(q);
		RETURN_THROWS();
	}
	zend_string_release(payload);
	RETURN_STRINGL(id, FASTQUEUE_ID_LEN);
}

PHP_METHOD(FastQueue_RedisQueue, pushRaw)
{
	zend_string *payload, *queue = NULL, *id;

	ZEND_PARSE_PARAMETERS_START(1, 2)
		Z_PARAM_STR(payload)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR_OR_NULL(queue)
	ZEND_PARSE_PARAMETERS_END();
	QUEUE_OR_THROW();
	QUEUE_NAME_OR_THROW(2, fastqueue_queue_name(q, queue));

	if (!(id = raw_payload_id(payload))) {
		RETURN_THROWS();
	}
	if (fastqueue_queue_push_payloads(q, fastqueue_queue_name(q, queue), &payload, 1) == FAILURE) {
		zend_string_release(id);
		fastqueue_throw_queue_error(q);
		RETURN_THROWS();
	}
	RETURN_STR(id);
}

static bool delay_arg_ok(zval *delay, uint32_t arg_num)
{
	if (Z_TYPE_P(delay) == IS_LONG || Z_TYPE_P(delay) == IS_DOUBLE) {
		return true;
	}
	if (Z_TYPE_P(delay) == IS_OBJECT && instanceof_function(Z_OBJCE_P(delay), php_date_get_interface_ce())) {
		return true;
	}
	zend_argument_type_error(arg_num, "must be of type DateTimeInterface|int|float, %s given", zend_zval_type_name(delay));
	return false;
}

PHP_METHOD(FastQueue_RedisQueue, later)
{
	zend_string *job, *queue = NULL, *payload;
	zval *delay, *data = NULL, empty;
	HashTable *options = NULL;
	zend_long at;
	char id[FASTQUEUE_ID_LEN];

	ZEND_PARSE_PARAMETERS_START(2, 5)
		Z_PARAM_ZVAL(delay)
		Z_PARAM_STR(job)
		Z_PARAM_OPTIONAL
		Z_PARAM_ZVAL(data)
		Z_PARAM_STR_OR_NULL(queue)
		Z_PARAM_ARRAY_HT(options)
	ZEND_PARSE_PARAMETERS_END();
	QUEUE_OR_THROW();
	QUEUE_NAME_OR_THROW(4, fastqueue_queue_name(q, queue));

	if (!delay_arg_ok(delay, 1) || available_at(delay, 1, &at) == FAILURE) {
		RETURN_THROWS();
	}
	ZVAL_EMPTY_STRING(&empty);
	if (!(payload = new_payload(job, data ? data : &empty, options, 5, id))) {
		RETURN_THROWS();
	}
	if (fastqueue_queue_push_delayed(q, fastqueue_queue_name(q, queue), at, payload) == FAILURE) {
		zend_string_release(payload);
		fastqueue_throw_queue_error(q);
		RETURN_THROWS();
	}
	zend_string_release(payload);
	RETURN_STRINGL(id, FASTQUEUE_ID_LEN);
}

PHP_METHOD(FastQueue_RedisQueue, laterRaw)
{
	zend_string *payload, *queue = NULL, *id;
	zval *delay;
	zend_long at;

	ZEND_PARSE_PARAMETERS_START(2, 3)
		Z_PARAM_ZVAL(delay)
		Z_PARAM_STR(payload)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR_OR_NULL(queue)
	ZEND_PARSE_PARAMETERS_END();
	QUEUE_OR_THROW();
	QUEUE_NAME_OR_THROW(3, fastqueue_queue_name(q, queue));

	if (!delay_arg_ok(delay, 1) || available_at(delay, 1, &at) == FAILURE) {
		RETURN_THROWS();
	}
	if (!(id = raw_payload_id(payload))) {
		RETURN_THROWS();
	}
	if (fastqueue_queue_push_delayed(q, fastqueue_queue_name(q, queue), at, payload) == FAILURE) {
		zend_string_release(id);
		fastqueue_throw_queue_error(q);
		RETURN_THROWS();
	}
	RETURN_STR(id);
}

PHP_METHOD(FastQueue_RedisQueue, bulk)
{
	HashTable *jobs;
	zval *data = NULL, empty, *job, ids;
	zend_string *queue = NULL, **payloads;
	uint32_t n = 0, count;
	char id[FASTQUEUE_ID_LEN];

	ZEND_PARSE_PARAMETERS_START(1, 3)
		Z_PARAM_ARRAY_HT(jobs)
		Z_PARAM_OPTIONAL
		Z_PARAM_ZVAL(data)
		Z_PARAM_STR_OR_NULL(queue)
	ZEND_PARSE_PARAMETERS_END();
	QUEUE_OR_THROW();
	QUEUE_NAME_OR_THROW(3, fastqueue_queue_name(q, queue));

	count = zend_hash_num_elements(jobs);
	ZEND_HASH_FOREACH_VAL(jobs, job) {
		ZVAL_DEREF(job);
		if (Z_TYPE_P(job) != IS_STRING) {
			zend_argument_type_error(1, "must contain only job names (strings), %s found", zend_zval_type_name(job));
			RETURN_THROWS();
		}
	} ZEND_HASH_FOREACH_END();

	if (count == 0) {
		RETURN_EMPTY_ARRAY();
	}
	/* The ids are collected aside and returned only once everything is pushed: a return_value
	 * freed on failure would be freed again by the engine. */
	array_init_size(&ids, count);
	ZVAL_EMPTY_STRING(&empty);
	payloads = safe_emalloc(count, sizeof(*payloads), 0);
	ZEND_HASH_FOREACH_VAL(jobs, job) {
		ZVAL_DEREF(job);
		if (!(payloads[n] = new_payload(Z_STR_P(job), data ? data : &empty, NULL, 0, id))) {
			break;
		}
		add_next_index_stringl(&ids, id, FASTQUEUE_ID_LEN);
		n++;
	} ZEND_HASH_FOREACH_END();
	if (n == count && fastqueue_queue_push_payloads(q, fastqueue_queue_name(q, queue), payloads, n) == FAILURE) {
		fastqueue_throw_queue_error(q);
	}
	for (uint32_t i = 0; i < n; i++) {
		zend_string_release(payloads[i]);
	}
	efree(payloads);
	if (EG(exception)) {
		zval_ptr_dtor(&ids);
		RETURN_THROWS();
	}
	RETURN_COPY_VALUE(&ids);
}

PHP_METHOD(FastQueue_RedisQueue, pop)
{
	zend_string *queue = NULL;

	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR_OR_NULL(queue)
	ZEND_PARSE_PARAMETERS_END();
	QUEUE_OR_THROW();
	QUEUE_NAME_OR_THROW(1, fastqueue_queue_name(q, queue));

	if (fastqueue_queue_pop(q, fastqueue_queue_name(q, queue), return_value) == FAILURE) {
		fastqueue_throw_queue_error(q);
		RETURN_THROWS();
	}
}

/* The number of jobs in the parts (FASTQUEUE_PART_* bits) of the queue the one argument names. */
static void return_count(INTERNAL_FUNCTION_PARAMETERS, unsigned parts)
{
	zend_string *queue = NULL, *name;
	zend_long total;

	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR_OR_NULL(queue)
	ZEND_PARSE_PARAMETERS_END();
	QUEUE_OR_THROW();

	name = fastqueue_queue_name(q, queue);
	QUEUE_NAME_OR_THROW(1, name);
	if (fastqueue_queue_count(q, name, parts, &total) == FAILURE) {
		fastqueue_throw_queue_error(q);
		RETURN_THROWS();
	}
	RETURN_LONG(total);
}

PHP_METHOD(FastQueue_RedisQueue, size)
{
	return_count(INTERNAL_FUNCTION_PARAM_PASSTHRU, FASTQUEUE_PART_PENDING | FASTQUEUE_PART_DELAYED | FASTQUEUE_PART_RESERVED);
}

PHP_METHOD(FastQueue_RedisQueue, pendingSize)
{
	return_count(INTERNAL_FUNCTION_PARAM_PASSTHRU, FASTQUEUE_PART_PENDING);
}

PHP_METHOD(FastQueue_RedisQueue, delayedSize)
{
	return_count(INTERNAL_FUNCTION_PARAM_PASSTHRU, FASTQUEUE_PART_DELAYED);
}

PHP_METHOD(FastQueue_RedisQueue, reservedSize)
{
	return_count(INTERNAL_FUNCTION_PARAM_PASSTHRU, FASTQUEUE_PART_RESERVED);
}

PHP_METHOD(FastQueue_RedisQueue, clear)
{
	zend_string *queue = NULL;
	zend_long n;

	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR_OR_NULL(queue)
	ZEND_PARSE_PARAMETERS_END();
	QUEUE_OR_THROW();

	QUEUE_NAME_OR_THROW(1, fastqueue_queue_name(q, queue));
	if (fastqueue_queue_clear(q, fastqueue_queue_name(q, queue), &n) == FAILURE) {
		fastqueue_throw_queue_error(q);
		RETURN_THROWS();
	}
	RETURN_LONG(n);
}

PHP_METHOD(FastQueue_RedisQueue, getQueue)
{
	zend_string *queue = NULL;

	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR_OR_NULL(queue)
	ZEND_PARSE_PARAMETERS_END();
	QUEUE_OR_THROW();

	RETURN_STR(zend_string_concat2("queues:", 7, ZSTR_VAL(fastqueue_queue_name(q, queue)), ZSTR_LEN(fastqueue_queue_name(q, queue))));
}

PHP_METHOD(FastQueue_RedisQueue, getPrefix)
{
	ZEND_PARSE_PARAMETERS_NONE();
	QUEUE_OR_THROW();
	RETURN_STR_COPY(q->prefix);
}
