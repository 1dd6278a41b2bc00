/* RedisQueue's failed(), retryFailed(), forgetFailed() and flushFailed(): the PHP side of the
 * failed-job store in src/queue/failed.c, which returns the records and the error; the
 * arrays and the exceptions are made here. */
#include "errors.h"
#include "redis_queue_methods.h"
#include "failed.h"
#include "zend_exceptions.h"

/* A record's hash (flat field/value reply) as an array with failed_at as an int. */
static void record_to_array(const fastqueue_reply *r, zval *out)
{
	size_t n = fastqueue_reply_array_len(r);
	array_init_size(out, (uint32_t) (n / 2));
	for (size_t i = 0; i + 1 < n; i += 2) {
		const char *k, *v;
		size_t kl, vl;
		if (!fastqueue_reply_string(fastqueue_reply_array_at(r, i), &k, &kl)
			|| !fastqueue_reply_string(fastqueue_reply_array_at(r, i + 1), &v, &vl)) {
			continue;
		}
		if (kl == 9 && memcmp(k, "failed_at", 9) == 0) {
			add_assoc_long_ex(out, k, kl, ZEND_STRTOL(v, NULL, 10));
		} else {
			add_assoc_stringl_ex(out, k, kl, v, vl);
		}
	}
}

/* failed()'s list, and the queue it is limited to (NULL: every queue). */
typedef struct {
	zval list;
	zend_string *queue;
} record_list;

/* Adds a record to the list: one that is not empty, of the queue asked for. */
static void add_record(void *ctx, const fastqueue_reply *r)
{
	record_list *l = ctx;
	zval rec, *rq;

	record_to_array(r, &rec);
	rq = zend_hash_str_find(Z_ARRVAL(rec), "queue", 5);
	if (zend_hash_num_elements(Z_ARRVAL(rec)) == 0
		|| (l->queue && (!rq || !zend_string_equals(Z_STR_P(rq), l->queue)))) {
		zval_ptr_dtor(&rec);
		return;
	}
	add_next_index_zval(&l->list, &rec);
}

PHP_METHOD(FastQueue_RedisQueue, failed)
{
	fastqueue_redis_queue *q;
	record_list l = {.queue = NULL};

	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR_OR_NULL(l.queue)
	ZEND_PARSE_PARAMETERS_END();
	if (!(q = fastqueue_queue_from_this(ZEND_THIS))) RETURN_THROWS();

	/* Built aside: the engine frees return_value after a throw too. */
	array_init(&l.list);
	if (fastqueue_failed_each(q, add_record, &l) == FAILURE) {
		zval_ptr_dtor(&l.list);
		fastqueue_throw_queue_error(q);
		RETURN_THROWS();
	}
	RETURN_COPY_VALUE(&l.list);
}

PHP_METHOD(FastQueue_RedisQueue, retryFailed)
{
	zend_string *id, *refused;
	fastqueue_redis_queue *q;
	bool pushed;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(id)
	ZEND_PARSE_PARAMETERS_END();
	if (!(q = fastqueue_queue_from_this(ZEND_THIS))) RETURN_THROWS();

	if (fastqueue_failed_retry(q, id, &pushed, &refused) == FAILURE) {
		if (refused) {
			fastqueue_throw_name_refused(1, refused);
		} else {
			fastqueue_throw_queue_error(q);
		}
		RETURN_THROWS();
	}
	RETURN_BOOL(pushed);
}

PHP_METHOD(FastQueue_RedisQueue, forgetFailed)
{
	zend_string *id;
	fastqueue_redis_queue *q;
	bool forgot;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(id)
	ZEND_PARSE_PARAMETERS_END();
	if (!(q = fastqueue_queue_from_this(ZEND_THIS))) RETURN_THROWS();

	if (fastqueue_failed_forget(q, id, &forgot) == FAILURE) {
		fastqueue_throw_queue_error(q);
		RETURN_THROWS();
	}
	RETURN_BOOL(forgot);
}

PHP_METHOD(FastQueue_RedisQueue, flushFailed)
{
	fastqueue_redis_queue *q;
	zend_long flushed;

	ZEND_PARSE_PARAMETERS_NONE();
	if (!(q = fastqueue_queue_from_this(ZEND_THIS))) RETURN_THROWS();

	if (fastqueue_failed_flush(q, &flushed) == FAILURE) {
		fastqueue_throw_queue_error(q);
		RETURN_THROWS();
	}
	RETURN_LONG(flushed);
}
