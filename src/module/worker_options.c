/* FastQueue\Worker's options, as the constructor's third argument gives them, read into the
 * plain settings of src/worker/worker_settings.h by the rows of worker_options_table.h
 * (scripts/gen-options writes them from options.php): here are the readers and checks those
 * rows name, what holds across options, and the constructor, which reads them and hands them
 * to the worker. */
#include "worker.h"
#include "worker_options.h"
#include "redis_queue.h"
#include "options.h"
#include "worker_options_table.h"
#include <unistd.h>

/* Each value bounded like later()'s delay: time() + backoff is the released job's score. */
static zend_result read_backoff_option(zval *v, void *settings)
{
	worker_options *o = settings;
	zval *item;
	uint32_t n = 0;
	zend_long one;

	if (Z_TYPE_P(v) == IS_LONG) {
		if (fastqueue_opt_long(v, 3, "backoff", 0, FASTQUEUE_MAX_DELAY, &one) == FAILURE) {
			return FAILURE;
		}
		o->backoff = erealloc(o->backoff, sizeof(zend_long));
		o->backoff[0] = one;
		o->backoff_count = 1;
		return SUCCESS;
	}
	if (Z_TYPE_P(v) != IS_ARRAY || zend_hash_num_elements(Z_ARRVAL_P(v)) == 0) {
		zend_argument_type_error(3, "option \"backoff\" must be an int or a non-empty list of ints");
		return FAILURE;
	}
	o->backoff = safe_erealloc(o->backoff, zend_hash_num_elements(Z_ARRVAL_P(v)), sizeof(zend_long), 0);
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(v), item) {
		if (Z_TYPE_P(item) != IS_LONG || Z_LVAL_P(item) < 0 || Z_LVAL_P(item) > FASTQUEUE_MAX_DELAY) {
			zend_argument_value_error(3, "option \"backoff\" must hold only integers between 0 and %d", FASTQUEUE_MAX_DELAY);
			return FAILURE;
		}
		o->backoff[n++] = Z_LVAL_P(item);
	} ZEND_HASH_FOREACH_END();
	o->backoff_count = n;
	return SUCCESS;
}

/* {{{ limits: ['QUEUE' => ['rate' => N, 'per' => SECONDS, 'concurrency' => N], ...] */
/* One queue's entry as it is read: the limit first, so the table's offsets reach it. */
typedef struct {
	fastqueue_queue_limit limit;
	const char *label;            /* limits["QUEUE"], as messages name it */
	bool per_given;
} limit_reading;

/* per is a window: zero would let nothing through, or everything. */
static zend_result check_limit_per(void *settings)
{
	limit_reading *r = settings;

	if (r->limit.per <= 0) {
		zend_argument_value_error(3, "option \"%s[\"per\"]\" must be greater than 0", r->label);
		return FAILURE;
	}
	r->per_given = true;
	return SUCCESS;
}

/* What the keys do not say one by one: rate and per go together, and an entry limits something. */
static zend_result check_limit_entry(const limit_reading *r)
{
	if ((r->limit.rate > 0) != r->per_given) {
		zend_argument_value_error(3, "option \"%s\" needs \"rate\" and \"per\" together", r->label);
		return FAILURE;
	}
	if (r->limit.rate == 0 && r->limit.concurrency == 0) {
		zend_argument_value_error(3, "option \"%s\" must set \"rate\" with \"per\", or \"concurrency\"", r->label);
		return FAILURE;
	}
	return SUCCESS;
}

static zend_result read_limit_entry(zend_string *queue, zval *v, limit_reading *r)
{
	fastqueue_option_table table = worker_limits_option_table;
	char label[300];

	snprintf(label, sizeof(label), "limits[\"%s\"]", ZSTR_VAL(queue));
	r->label = label;
	if (Z_TYPE_P(v) != IS_ARRAY) {
		zend_argument_type_error(3, "option \"%s\" must be of type array, %s given", label, zend_zval_type_name(v));
		return FAILURE;
	}
	table.parent = label;
	table.indexed = true;
	if (fastqueue_options_read(&table, Z_ARRVAL_P(v), r) == FAILURE) {
		return FAILURE;
	}
	return check_limit_entry(r);
}

static zend_result read_limits_option(zval *v, void *settings)
{
	worker_options *o = settings;
	zend_string *queue;
	zend_ulong index;
	zval *entry;
	uint32_t n;

	if (Z_TYPE_P(v) == IS_NULL) {
		return SUCCESS;
	}
	if (Z_TYPE_P(v) != IS_ARRAY) {
		zend_argument_type_error(3, "option \"limits\" must be of type ?array, %s given", zend_zval_type_name(v));
		return FAILURE;
	}
	n = zend_hash_num_elements(Z_ARRVAL_P(v));
	/* A list is limits without their queues' names (['rate' => ...] given whole, say). */
	if (n && zend_array_is_list(Z_ARRVAL_P(v))) {
		zend_argument_value_error(3, "option \"limits\" must be keyed by queue names, a list given");
		return FAILURE;
	}
	o->limit_queues = safe_erealloc(o->limit_queues, n, sizeof(*o->limit_queues), 0);
	o->limit_values = safe_erealloc(o->limit_values, n, sizeof(*o->limit_values), 0);
	ZEND_HASH_FOREACH_KEY_VAL(Z_ARRVAL_P(v), index, queue, entry) {
		limit_reading r = {0};

		ZVAL_DEREF(entry);
		/* A numeric queue name is an integer key to PHP. */
		queue = queue ? zend_string_copy(queue) : zend_long_to_str((zend_long) index);
		if (ZSTR_LEN(queue) == 0) {
			zend_string_release(queue);
			zend_argument_value_error(3, "option \"limits\" must be keyed by queue names");
			return FAILURE;
		}
		if (read_limit_entry(queue, entry, &r) == FAILURE) {
			zend_string_release(queue);
			return FAILURE;
		}
		o->limit_queues[o->limits_count] = queue;
		o->limit_values[o->limits_count++] = r.limit;
	} ZEND_HASH_FOREACH_END();
	return SUCCESS;
}

/* A concurrency slot is held until its job is acknowledged or its reservation ends: without
 * retry_after a dead worker's slot would never come back. */
static zend_result check_limits_queue(const worker_options *o, const fastqueue_redis_queue *q)
{
	for (uint32_t i = 0; i < o->limits_count; i++) {
		if (o->limit_values[i].concurrency > 0 && q->retry_after < 1) {
			zend_argument_value_error(3, "option \"limits[\"%s\"][\"concurrency\"]\" needs the RedisQueue's "
				"retry_after (1 s or more): without it a dead worker's slot would never come back",
				ZSTR_VAL(o->limit_queues[i]));
			return FAILURE;
		}
	}
	return SUCCESS;
}
/* }}} */

/* {{{ metrics */
/* The worker label: Prometheus takes any bytes, but a label of kilobytes is a mistake. */
#define METRICS_WORKER_MAX 200

static zend_result check_metrics_worker(void *settings)
{
	worker_options *o = settings;

	if (ZSTR_LEN(o->metrics_worker) > METRICS_WORKER_MAX) {
		zend_argument_value_error(3, "option \"metrics_worker\" must be at most %d bytes long", METRICS_WORKER_MAX);
		return FAILURE;
	}
	return SUCCESS;
}

static zend_result check_metrics_listen(void *settings)
{
	worker_options *o = settings;
	char host[64];
	int port;
	bool v6;

	if (o->metrics_listen && fastqueue_metrics_listen_parse(ZSTR_VAL(o->metrics_listen), ZSTR_LEN(o->metrics_listen),
			host, sizeof(host), &port, &v6) == FAILURE) {
		zend_argument_value_error(3, "option \"metrics_listen\" must be \"PORT\", \"IPV4:PORT\" or \"[IPV6]:PORT\" "
			"with a port from 1 to 65535, \"%s\" given", ZSTR_VAL(o->metrics_listen));
		return FAILURE;
	}
	return SUCCESS;
}

/* A non-empty list of networks ("10.0.0.0/8", "::1/128", or a bare address). */
static zend_result read_metrics_allow_option(zval *v, void *settings)
{
	worker_options *o = settings;
	zval *item;
	uint32_t n = 0;

	if (Z_TYPE_P(v) == IS_NULL) {
		return SUCCESS;
	}
	if (Z_TYPE_P(v) != IS_ARRAY) {
		zend_argument_type_error(3, "option \"metrics_allow\" must be of type ?array, %s given", zend_zval_type_name(v));
		return FAILURE;
	}
	if (zend_hash_num_elements(Z_ARRVAL_P(v)) == 0) {
		zend_argument_value_error(3, "option \"metrics_allow\" must be null or a non-empty list of networks");
		return FAILURE;
	}
	o->metrics_allow = safe_erealloc(o->metrics_allow, zend_hash_num_elements(Z_ARRVAL_P(v)), sizeof(fastqueue_net), 0);
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(v), item) {
		ZVAL_DEREF(item);
		if (Z_TYPE_P(item) != IS_STRING) {
			zend_argument_type_error(3, "option \"metrics_allow\" must hold only strings, %s given", zend_zval_type_name(item));
			return FAILURE;
		}
		if (!fastqueue_net_parse(Z_STRVAL_P(item), Z_STRLEN_P(item), &o->metrics_allow[n])) {
			zend_argument_value_error(3, "option \"metrics_allow\" must hold networks such as \"10.0.0.0/8\" or \"::1/128\" "
				"(or an address), \"%s\" given", Z_STRVAL_P(item));
			return FAILURE;
		}
		n++;
	} ZEND_HASH_FOREACH_END();
	o->metrics_allow_count = n;
	return SUCCESS;
}

/* HOSTNAME:PID of the process that made the worker: unique among live workers. */
static zend_string *default_metrics_worker(void)
{
	char host[256];

	if (gethostname(host, sizeof(host)) != 0) {
		snprintf(host, sizeof(host), "localhost");
	}
	host[sizeof(host) - 1] = '\0';
	return zend_strpprintf(0, "%s:%ld", host, (long) getpid());
}

/* The exposition options need the figures: they turn 'metrics' on, unless it was turned off
 * explicitly, which contradicts them. */
static zend_result settle_metrics(worker_options *o)
{
	const char *exporting = o->metrics_file ? "metrics_file" : o->metrics_listen ? "metrics_listen"
		: o->metrics_publish ? "metrics_publish" : NULL;

	if (o->metrics_allow && !o->metrics_listen) {
		zend_argument_value_error(3, "option \"metrics_allow\" needs option \"metrics_listen\"");
		return FAILURE;
	}
	if (!exporting) {
		return SUCCESS;
	}
	if (o->metrics_given && !o->metrics) {
		zend_argument_value_error(3, "option \"%s\" needs the figures that option \"metrics\" => false turns off", exporting);
		return FAILURE;
	}
	o->metrics = true;
	return SUCCESS;
}
/* }}} */

/* A false 'metrics' given outright refuses the exposition options (settle_metrics). */
static zend_result check_metrics(void *settings)
{
	((worker_options *) settings)->metrics_given = true;
	return SUCCESS;
}

static zend_result check_timeout_grace(void *settings)
{
	if (((worker_options *) settings)->timeout_grace <= 0) {
		zend_argument_value_error(3, "option \"timeout_grace\" must be greater than 0");
		return FAILURE;
	}
	return SUCCESS;
}

static zend_result read_timeout_mode_option(zval *v, void *settings)
{
	worker_options *o = settings;

	if (Z_TYPE_P(v) != IS_STRING) {
		zend_argument_type_error(3, "option \"timeout_mode\" must be of type string, %s given", zend_zval_type_name(v));
		return FAILURE;
	}
	if (zend_string_equals_literal(Z_STR_P(v), "kill")) {
		o->timeout_throw = false;
	} else if (zend_string_equals_literal(Z_STR_P(v), "throw")) {
		o->timeout_throw = true;
	} else {
		zend_argument_value_error(3, "option \"timeout_mode\" must be \"kill\" or \"throw\"");
		return FAILURE;
	}
	return SUCCESS;
}

/* The defaults of src/module/options.php, but for backoff's list, which is ours. */
zend_result fastqueue_worker_options_parse(HashTable *options, worker_options *o)
{
	fastqueue_options_defaults(&worker_option_table, o);
	o->backoff = emalloc(sizeof(zend_long));
	o->backoff[0] = FASTQUEUE_WORKER_DEFAULT_BACKOFF;
	o->backoff_count = 1;
	if (fastqueue_options_read(&worker_option_table, options, o) == FAILURE) {
		return FAILURE;
	}
	if (!o->metrics_worker) {
		o->metrics_worker = default_metrics_worker();
	}
	return settle_metrics(o);
}

PHP_METHOD(FastQueue_Worker, __construct)
{
	zval *queue, *handler = NULL;
	HashTable *options = NULL;
	zend_fcall_info_cache fcc = empty_fcall_info_cache;
	worker_options opt = {0};
	char *error = NULL;

	ZEND_PARSE_PARAMETERS_START(1, 3)
		Z_PARAM_OBJECT_OF_CLASS(queue, fastqueue_ce_RedisQueue)
		Z_PARAM_OPTIONAL
		Z_PARAM_ZVAL_OR_NULL(handler)
		Z_PARAM_ARRAY_HT(options)
	ZEND_PARSE_PARAMETERS_END();

	if (fastqueue_worker_constructed(Z_OBJ_P(ZEND_THIS))) {
		zend_throw_error(NULL, "FastQueue\\Worker is already constructed");
		RETURN_THROWS();
	}
	if (!fastqueue_redis_queue_from_obj(Z_OBJ_P(queue))->default_queue) {
		zend_argument_value_error(1, "must be a constructed FastQueue\\RedisQueue");
		RETURN_THROWS();
	}
	if (handler && !zend_is_callable_ex(handler, NULL, 0, NULL, &fcc, &error)) {
		zend_argument_type_error(2, "must be a valid callback or null, %s", error ? error : "not callable");
		if (error) efree(error);
		RETURN_THROWS();
	}
	if (error) efree(error);
	if (fastqueue_worker_options_parse(options, &opt) == FAILURE
			|| check_limits_queue(&opt, fastqueue_redis_queue_from_obj(Z_OBJ_P(queue))) == FAILURE) {
		fastqueue_worker_options_free(&opt);
		RETURN_THROWS();
	}
	if (fastqueue_worker_construct(Z_OBJ_P(ZEND_THIS), Z_OBJ_P(queue), handler, &fcc, &opt) == FAILURE) {
		zend_throw_error(NULL, "FastQueue\\Worker: out of memory for its metrics");
		RETURN_THROWS();
	}
}
