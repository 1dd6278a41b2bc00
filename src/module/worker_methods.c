/* FastQueue\Worker's PHP methods but its constructor (worker_options.c): each reads its
 * arguments, calls the worker's C API (src/worker/worker.h) and throws what it refuses. */
#include "worker.h"
#include "redis_queue.h"
#include "exceptions.h"
#include "errors.h"
#include "zend_exceptions.h"

/* Throws a refusal of the worker's C API, as the class its kind calls for. */
static void throw_worker_error(const fastqueue_worker_error *err)
{
	if (err->kind == FASTQUEUE_WORKER_ERR_EXPORTER) {
		zend_throw_exception(fastqueue_ce_Exception, err->text, 0);
	} else {
		zend_throw_error(NULL, "%s", err->text);
	}
}

/* {{{ a run */
static void free_names(zend_string **names, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		zend_string_release(names[i]);
	}
	efree(names);
}

/* "high,default,low" (NULL: "default") as its names, blanks around each trimmed and empty
 * ones left out: *n of them, in an emalloc'd array. */
static zend_string **split_queues(zend_string *queues, uint32_t *n)
{
	const char *p = queues ? ZSTR_VAL(queues) : "default";
	const char *end = p + (queues ? ZSTR_LEN(queues) : 7);
	zend_string **names = safe_emalloc((size_t) (end - p) / 2 + 1, sizeof(*names), 0);

	*n = 0;
	while (p <= end) {
		const char *comma = memchr(p, ',', end - p);
		const char *stop = comma ? comma : end;
		const char *a = p, *b = stop;
		while (a < b && (*a == ' ' || *a == '\t')) a++;
		while (b > a && (b[-1] == ' ' || b[-1] == '\t')) b--;
		if (b > a) {
			names[(*n)++] = zend_string_init(a, b - a, 0);
		}
		p = stop + 1;
	}
	return names;
}

/* Checks the queue list and sets up the worker's run: FAILURE with an exception thrown. */
static zend_result begin_run(fastqueue_worker *w, zend_string *queues)
{
	fastqueue_worker_error err = {0};
	zend_string **names;
	uint32_t n;

	if (fastqueue_worker_may_run(w, get_active_function_name(), &err) == FAILURE) {
		throw_worker_error(&err);
		return FAILURE;
	}
	names = split_queues(queues, &n);
	if (n == 0) {
		efree(names);
		zend_argument_value_error(1, "must name at least one queue");
		return FAILURE;
	}
	for (uint32_t i = 0; i < n; i++) {
		zend_string *refused = fastqueue_queue_name_refusal(fastqueue_redis_queue_from_obj(fastqueue_worker_queue(w)), names[i]);
		if (refused) {
			fastqueue_throw_name_refused(1, refused);
			free_names(names, n);
			return FAILURE;
		}
	}
	if (fastqueue_worker_begin_run(w, names, n, &err) == FAILURE) {
		throw_worker_error(&err);
		return FAILURE;
	}
	return SUCCESS;
}

PHP_METHOD(FastQueue_Worker, daemon)
{
	zend_string *queues = NULL;
	fastqueue_worker *w = fastqueue_worker_of(Z_OBJ_P(ZEND_THIS));
	int status;

	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR(queues)
	ZEND_PARSE_PARAMETERS_END();

	if (begin_run(w, queues) == FAILURE) {
		RETURN_THROWS();
	}
	status = fastqueue_worker_daemon(w, queues);
	if (EG(exception)) {
		RETURN_THROWS();
	}
	RETURN_LONG(status);
}

PHP_METHOD(FastQueue_Worker, runNextJob)
{
	zend_string *queues = NULL;
	fastqueue_worker *w = fastqueue_worker_of(Z_OBJ_P(ZEND_THIS));
	bool ran;

	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR(queues)
	ZEND_PARSE_PARAMETERS_END();

	if (begin_run(w, queues) == FAILURE) {
		RETURN_THROWS();
	}
	ran = fastqueue_worker_run_next(w);
	if (EG(exception)) {
		RETURN_THROWS();
	}
	RETURN_BOOL(ran);
}
/* }}} */

/* {{{ controls */
PHP_METHOD(FastQueue_Worker, stop)
{
	zend_long status = 0;
	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_LONG(status)
	ZEND_PARSE_PARAMETERS_END();
	(void) return_value;
	/* daemon() returns it as the process's exit status: only 0-255 survive exit(). */
	if (status < 0 || status > 255) {
		zend_argument_value_error(1, "must be between 0 and 255");
		RETURN_THROWS();
	}
	fastqueue_worker_request_stop(fastqueue_worker_of(Z_OBJ_P(ZEND_THIS)), (int) status);
}

PHP_METHOD(FastQueue_Worker, pause)
{
	ZEND_PARSE_PARAMETERS_NONE();
	(void) return_value;
	fastqueue_worker_set_paused(fastqueue_worker_of(Z_OBJ_P(ZEND_THIS)), true);
}

PHP_METHOD(FastQueue_Worker, resume)
{
	ZEND_PARSE_PARAMETERS_NONE();
	(void) return_value;
	fastqueue_worker_set_paused(fastqueue_worker_of(Z_OBJ_P(ZEND_THIS)), false);
}

PHP_METHOD(FastQueue_Worker, isPaused)
{
	ZEND_PARSE_PARAMETERS_NONE();
	RETURN_BOOL(fastqueue_worker_is_paused(fastqueue_worker_of(Z_OBJ_P(ZEND_THIS))));
}

static void free_set(HashTable *set)
{
	if (set) {
		zend_hash_destroy(set);
		FREE_HASHTABLE(set);
	}
}

PHP_METHOD(FastQueue_Worker, skipQueues)
{
	HashTable *queues, *skip = NULL;
	zval *name;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_ARRAY_HT(queues)
	ZEND_PARSE_PARAMETERS_END();
	(void) return_value;

	ZEND_HASH_FOREACH_VAL(queues, name) {
		if (Z_TYPE_P(name) != IS_STRING) {
			free_set(skip);
			zend_argument_type_error(1, "must contain only queue names (strings), %s given", zend_zval_type_name(name));
			RETURN_THROWS();
		}
		if (!skip) {
			ALLOC_HASHTABLE(skip);
			zend_hash_init(skip, 8, NULL, NULL, 0);
		}
		zend_hash_add_empty_element(skip, Z_STR_P(name));
	} ZEND_HASH_FOREACH_END();
	fastqueue_worker_skip_queues(fastqueue_worker_of(Z_OBJ_P(ZEND_THIS)), skip);
}

PHP_METHOD(FastQueue_Worker, on)
{
	zend_string *event;
	zval *listener;

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_STR(event)
		Z_PARAM_ZVAL(listener)
	ZEND_PARSE_PARAMETERS_END();

	if (!zend_is_callable(listener, 0, NULL)) {
		zend_argument_type_error(2, "must be a valid callback");
		RETURN_THROWS();
	}
	if (!fastqueue_worker_listen(fastqueue_worker_of(Z_OBJ_P(ZEND_THIS)), event, listener)) {
		zend_argument_value_error(1, "must be one of looping, processing, processed, exception, released, failed, timeout, "
			"stopping, signal, queue:reserved, queue:migrated, queue:deleted, queue:released, error, idle, measured; \"%s\" given", ZSTR_VAL(event));
		RETURN_THROWS();
	}
	RETURN_OBJ_COPY(Z_OBJ_P(ZEND_THIS));
}
/* }}} */

/* {{{ figures */
PHP_METHOD(FastQueue_Worker, stats)
{
	fastqueue_worker_stats s;

	ZEND_PARSE_PARAMETERS_NONE();
	fastqueue_worker_get_stats(fastqueue_worker_of(Z_OBJ_P(ZEND_THIS)), &s);
	array_init_size(return_value, 8);
	add_assoc_long(return_value, "processed", s.processed);
	add_assoc_long(return_value, "failed", s.failed);
	add_assoc_long(return_value, "released", s.released);
	add_assoc_long(return_value, "exceptions", s.exceptions);
	add_assoc_long(return_value, "timeouts", s.timeouts);
	add_assoc_double(return_value, "started_at", s.started_at);
	add_assoc_double(return_value, "busy_seconds", s.busy);
	add_assoc_long(return_value, "memory_peak", (zend_long) s.memory_peak);
	add_assoc_long(return_value, "lease_renewals", s.leases.renewed);
	add_assoc_long(return_value, "leases_lost", s.leases.lost);
	add_assoc_long(return_value, "lease_failures", s.leases.failures);
	add_assoc_long(return_value, "held_back", s.held_back);
	add_assoc_double(return_value, "limited_seconds", s.limited_seconds);
}

PHP_METHOD(FastQueue_Worker, metrics)
{
	fastqueue_worker_error err = {0};
	size_t len;
	char *text;

	ZEND_PARSE_PARAMETERS_NONE();
	text = fastqueue_worker_metrics_text(fastqueue_worker_of(Z_OBJ_P(ZEND_THIS)), &len, &err);
	if (!text) {
		zend_throw_error(NULL, "FastQueue\\Worker::metrics(): %s", err.text);
		RETURN_THROWS();
	}
	RETVAL_STRINGL(text, len);
	free(text);
}
/* }}} */
