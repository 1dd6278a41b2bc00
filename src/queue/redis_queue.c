/* FastQueue\RedisQueue: push, later, bulk, pop, sizes and clear over Laravel's keys:
 * queues:NAME (list), :delayed and :reserved (zsets), :notify (list), behind the prefix. */
#include "exceptions.h"
#include "redis_queue.h"
#include "reserve.h"
#include "job.h"
#include "payload.h"
#include "seconds.h"
#include "lua_scripts.h"
#include "zend_exceptions.h"
#include "zend_interfaces.h"
#include "ext/date/php_date.h"
#include <math.h>

static zend_object_handlers redis_queue_handlers;

/* {{{ keys */
/* }}} */

static void add_long_arg(fastqueue_args *a, char *buf, size_t size, zend_long n)
{
	ZEND_ASSERT(size >= FASTQUEUE_LONG_CHARS);
	(void) size;
	fastqueue_args_add(a, buf, fastqueue_format_long(buf, n));
}

/* until.NNNNNN, the score of a job reserved uncharged (slot below a million), as
 * ZEND_LONG_FMT ".%06u" writes it, without snprintf: this is once per job. */
static size_t format_slot_score(char *buf, zend_long until, uint32_t slot)
{
	size_t n = fastqueue_format_long(buf, until);

	ZEND_ASSERT(slot < FASTQUEUE_SLOTS_PER_SECOND);
	buf[n++] = '.';
	for (int i = 5; i >= 0; i--) {
		buf[n + (size_t) i] = (char) ('0' + slot % 10);
		slot /= 10;
	}
	n += 6;
	buf[n] = '\0';
	return n;
}

/* {{{ object handlers */
static zend_object *redis_queue_create(zend_class_entry *ce)
{
	fastqueue_redis_queue *q = zend_object_alloc(sizeof(fastqueue_redis_queue), ce);
	memset(q, 0, offsetof(fastqueue_redis_queue, std));
	zend_object_std_init(&q->std, ce);
	object_properties_init(&q->std, ce);
	q->std.handlers = &redis_queue_handlers;
	return &q->std;
}

static void redis_queue_free(zend_object *obj)
{
	fastqueue_redis_queue *q = fastqueue_redis_queue_from_obj(obj);
	fastqueue_conn_free(&q->conn);
	if (q->prefix) zend_string_release(q->prefix);
	if (q->default_queue) zend_string_release(q->default_queue);
	zend_object_std_dtor(obj);
}

/* Methods on an object whose constructor failed or never ran. */
static fastqueue_redis_queue *queue_from_this(zval *this_zv)
{
	fastqueue_redis_queue *q = Z_FASTQUEUE_REDIS_QUEUE_P(this_zv);
	if (!q->default_queue) {
		zend_throw_error(NULL, "FastQueue\\RedisQueue was not constructed");
		return NULL;
	}
	return q;
}
#define QUEUE_OR_THROW() \
	fastqueue_redis_queue *q = queue_from_this(ZEND_THIS); \
	if (!q) RETURN_THROWS()
#define QUEUE_NAME_OR_THROW(arg, name) \
	if (!fastqueue_queue_name_ok(q, (name), (arg))) RETURN_THROWS()
/* }}} */

zend_result fastqueue_redis_queue_construct(fastqueue_redis_queue *q, const fastqueue_queue_settings *s)
{
	/* Connect lazily: the first command connects, so constructing never blocks. */
	fastqueue_conn_init(&q->conn, &s->conn);
	q->prefix = zend_string_copy(s->prefix);
	q->default_queue = zend_string_copy(s->queue);
	q->retry_after = s->retry_after;
	q->block_for = s->block_for;
	q->migration_batch_size = s->migration_batch_size;
	if (!fastqueue_queue_name_ok(q, q->default_queue, 1)) {
		/* Left unconstructed, as after any refused option. */
		fastqueue_conn_free(&q->conn);
		zend_string_release(q->prefix);
		zend_string_release(q->default_queue);
		q->prefix = q->default_queue = NULL;
		return FAILURE;
	}
	return SUCCESS;
}

/* {{{ push side */
zend_result fastqueue_queue_push_payloads(fastqueue_redis_queue *q, zend_string *name, zend_string **payloads, uint32_t n)
{
	fastqueue_conn *c;
	queue_keys k;
	fastqueue_args a;
	fastqueue_reply *r;
	zend_result ok;

	queue_keys_init(&k, q, name);
	fastqueue_args_init(&a);
	fastqueue_args_add_str(&a, k.queue);
	fastqueue_args_add_str(&a, k.notify);
	for (uint32_t i = 0; i < n; i++) {
		fastqueue_args_add_str(&a, payloads[i]);
	}
	c = fastqueue_conn_route_str(&q->conn, k.queue);
	ok = fastqueue_conn_eval(c, FASTQUEUE_LUA_PUSH, 2, &a, &r);
	fastqueue_reply_free(r);
	if (ok == SUCCESS) {
		ok = fastqueue_conn_wait_replicas(c);
	}
	fastqueue_args_free(&a);
	queue_keys_free(&k);
	return ok;
}

static zend_result zadd_delayed(fastqueue_redis_queue *q, zend_string *name, zend_long available_at, zend_string *payload)
{
	zend_string *key = fastqueue_queue_key(q, name, ":delayed");
	fastqueue_conn *c;
	fastqueue_args a;
	fastqueue_reply *r;
	char score[24];
	zend_result ok;

	fastqueue_args_init(&a);
	fastqueue_args_add(&a, "ZADD", 4);
	fastqueue_args_add_str(&a, key);
	add_long_arg(&a, score, sizeof(score), available_at);
	fastqueue_args_add_str(&a, payload);
	c = fastqueue_conn_route_str(&q->conn, key);
	ok = fastqueue_conn_command(c, &a, &r);
	if (ok == FAILURE) {
		fastqueue_conn_name_key(&q->conn, ZSTR_VAL(key), ZSTR_LEN(key));
	} else {
		ok = fastqueue_conn_wait_replicas(c);
	}
	fastqueue_reply_free(r);
	fastqueue_args_free(&a);
	zend_string_release(key);
	return ok;
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
	fastqueue_scan scan;
	bool valid = fastqueue_payload_scan(ZSTR_VAL(payload), ZSTR_LEN(payload), &scan);
	zend_string *why = fastqueue_payload_invalid_reason(payload, &scan, valid, "Payload");
	zval id;

	if (why) {
		zend_throw_exception(fastqueue_ce_PayloadException, ZSTR_VAL(why), 0);
		zend_string_release(why);
		return NULL;
	}
	fastqueue_payload_value(ZSTR_VAL(payload), &scan.field[FASTQUEUE_FIELD_ID], &id);
	switch (Z_TYPE(id)) {
		case IS_UNDEF:
		case IS_NULL:
			return ZSTR_EMPTY_ALLOC();
		case IS_STRING:
			return Z_STR(id);
		case IS_LONG:
			return zend_long_to_str(Z_LVAL(id));
		default:
			zval_ptr_dtor(&id);
			zend_throw_exception(fastqueue_ce_PayloadException, "Payload \"id\" must be a string", 0);
			return NULL;
	}
}

static zend_string *new_payload(zend_string *job, zval *data, HashTable *options, uint32_t options_arg, char id[FASTQUEUE_ID_LEN])
{
	fastqueue_job_options o;
	zend_string *payload;

	if (fastqueue_job_options_parse(options, options_arg, &o) == FAILURE) {
		return NULL;
	}
	payload = fastqueue_payload_create(job, data, &o, id);
	fastqueue_job_options_free(&o);
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
		fastqueue_queue_throw(q);
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
		fastqueue_queue_throw(q);
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
	if (zadd_delayed(q, fastqueue_queue_name(q, queue), at, payload) == FAILURE) {
		zend_string_release(payload);
		fastqueue_queue_throw(q);
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
	if (zadd_delayed(q, fastqueue_queue_name(q, queue), at, payload) == FAILURE) {
		zend_string_release(id);
		fastqueue_queue_throw(q);
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
		fastqueue_queue_throw(q);
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
/* }}} */

/* {{{ pop side */
/* Adds the members an ack removes. */
static void add_ack_members(fastqueue_args *a, const fastqueue_ack *ack)
{
	fastqueue_args_add_str(a, ack->copy);
	if (ack->raw) {
		fastqueue_args_add_str(a, ack->raw);
	}
}

/* One ZREM for each key the acks name, except skip_key (NULL: none). */
static zend_result defer_acks_except(fastqueue_redis_queue *q, const fastqueue_ack *acks, uint32_t n,
	const zend_string *skip_key)
{
	for (uint32_t i = 0; i < n; i++) {
		fastqueue_args a;
		zend_result ok;
		bool seen = false;

		/* A key already sent with an earlier ack, or sent by the caller: nothing more to do. */
		for (uint32_t j = 0; j < i && !seen; j++) {
			seen = zend_string_equals(acks[j].key, acks[i].key);
		}
		if (seen || (skip_key && zend_string_equals(acks[i].key, skip_key))) {
			continue;
		}
		fastqueue_args_init(&a);
		fastqueue_args_add(&a, "ZREM", 4);
		fastqueue_args_add_str(&a, acks[i].key);
		for (uint32_t j = i; j < n; j++) {
			if (zend_string_equals(acks[j].key, acks[i].key)) {
				add_ack_members(&a, &acks[j]);
			}
		}
		ok = fastqueue_conn_defer(fastqueue_conn_route_str(&q->conn, acks[i].key), &a);
		fastqueue_args_free(&a);
		if (ok == FAILURE) {
			return FAILURE;
		}
	}
	return SUCCESS;
}

zend_result fastqueue_queue_defer_acks(fastqueue_redis_queue *q, const fastqueue_ack *acks, uint32_t n)
{
	return defer_acks_except(q, acks, n, NULL);
}

zend_result fastqueue_queue_defer_start(fastqueue_redis_queue *q, zend_string *reserved_key,
	zend_long until, uint32_t slot, zend_string *raw, zend_string *copy,
	const fastqueue_ack *acks, uint32_t nacks)
{
	enum { MULTI, ZADD, ZREM, EXEC };
	fastqueue_args cmd[4];
	char score[32];
	bool swap = !zend_string_equals(raw, copy);
	fastqueue_conn *c = fastqueue_conn_route_str(&q->conn, reserved_key);
	zend_result ok = SUCCESS;

	if (defer_acks_except(q, acks, nacks, reserved_key) == FAILURE) {
		return FAILURE;
	}
	/* Plain commands, not a script: a script call costs Redis some 20 times a ZREM, once per job.
	 * MULTI keeps the swap whole: a write refused (maxmemory) aborts it all, and the job keeps
	 * its reservation. The copy takes the score of the job as pushed, as the reserve wrote it.
	 * The commands go to the output buffer together (fastqueue_conn_defer_all). */
	for (int i = 0; i < 4; i++) {
		fastqueue_args_init(&cmd[i]);
	}
	fastqueue_args_add(&cmd[ZREM], "ZREM", 4);
	fastqueue_args_add_str(&cmd[ZREM], reserved_key);
	if (swap) {
		fastqueue_args_add_str(&cmd[ZREM], raw);
	}
	for (uint32_t i = 0; i < nacks; i++) {
		if (zend_string_equals(acks[i].key, reserved_key)) {
			add_ack_members(&cmd[ZREM], &acks[i]);
		}
	}
	if (swap) {
		fastqueue_args_add(&cmd[MULTI], "MULTI", 5);
		fastqueue_args_add(&cmd[ZADD], "ZADD", 4);
		fastqueue_args_add_str(&cmd[ZADD], reserved_key);
		fastqueue_args_add(&cmd[ZADD], score, format_slot_score(score, until, slot));
		fastqueue_args_add_str(&cmd[ZADD], copy);
		fastqueue_args_add(&cmd[EXEC], "EXEC", 4);
		ok = fastqueue_conn_defer_all(c, cmd, 4);
	} else if (cmd[ZREM].argc > 2) {
		/* Nothing to swap (the job's attempts could not be found): the acks alone. */
		ok = fastqueue_conn_defer(c, &cmd[ZREM]);
	}
	for (int i = 0; i < 4; i++) {
		fastqueue_args_free(&cmd[i]);
	}
	/* Everything deferred goes out now: with a cluster, the acks to other nodes too. */
	return ok == SUCCESS ? fastqueue_conn_flush(&q->conn) : FAILURE;
}

/* The job of a charged reserve of one, as a Job object, or null. */
static void batch_job(fastqueue_redis_queue *q, const fastqueue_queue_list *l, fastqueue_reserve_batch *b, zval *out)
{
	ZVAL_NULL(out);
	if (b->njobs) {
		fastqueue_job_create(out, &q->std, l->names[b->queue - 1], zend_string_copy(b->jobs[0].raw),
			zend_string_copy(b->jobs[0].reserved), b->jobs[0].attempts);
	}
}

/* A charged reserve of one job from the list. */
static zend_result reserve_one(fastqueue_redis_queue *q, const fastqueue_queue_list *l, fastqueue_reserve_batch *b)
{
	fastqueue_reserve_request req;

	fastqueue_reserve_request_init(&req, q, l, 1, true, false);
	return fastqueue_reserve(q, &req, b);
}

PHP_METHOD(FastQueue_RedisQueue, pop)
{
	zend_string *queue = NULL, *name;
	fastqueue_queue_list l;
	fastqueue_reserve_batch b;
	bool announced = false;

	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR_OR_NULL(queue)
	ZEND_PARSE_PARAMETERS_END();
	QUEUE_OR_THROW();
	QUEUE_NAME_OR_THROW(1, fastqueue_queue_name(q, queue));

	name = fastqueue_queue_name(q, queue);
	fastqueue_queue_list_init(&l, q, &name, 1, NULL);
	if (reserve_one(q, &l, &b) == FAILURE) {
		goto failed;
	}
	/* As Laravel: with block_for, wait for a push once, then try once more. */
	if (!b.njobs && q->block_for >= 0) {
		fastqueue_reserve_batch_free(&b);
		if (fastqueue_queue_wait(q, &l, q->block_for, &announced) == FAILURE) {
			goto failed;
		}
		if (announced && reserve_one(q, &l, &b) == FAILURE) {
			goto failed;
		}
	}
	batch_job(q, &l, &b, return_value);
	fastqueue_reserve_batch_free(&b);
	fastqueue_queue_list_free(&l);
	return;
failed:
	fastqueue_queue_list_free(&l);
	fastqueue_queue_throw(q);
	RETURN_THROWS();
}

/* }}} */

/* {{{ inspection */

/* Adds a count (LLEN's or ZCARD's reply) to *total: a negative one, or one that takes the sum
 * past ZEND_LONG_MAX, is no count Redis gives. */
static zend_result add_count(fastqueue_conn *c, const char *command, const fastqueue_reply *r, zend_long *total)
{
	zend_long v;

	if (fastqueue_conn_expect_integer(c, command, r, &v) == FAILURE) {
		return FAILURE;
	}
	if (v < 0 || v > ZEND_LONG_MAX - *total) {
		return fastqueue_conn_unexpected(c, command, r, v < 0 ? "a count, 0 or more" : "counts whose sum fits an int");
	}
	*total += v;
	return SUCCESS;
}

/* Runs one counting command (LLEN/ZCARD) per suffix in a pipeline and sums the replies. */
static void count_keys(INTERNAL_FUNCTION_PARAMETERS, const char *const *cmds, const char *const *suffixes, int n)
{
	zend_string *queue = NULL, *name, *keys[3];
	zend_long total = 0;
	fastqueue_conn *c;
	fastqueue_reply *r;
	zend_result ok = SUCCESS;
	int piped = n;

	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR_OR_NULL(queue)
	ZEND_PARSE_PARAMETERS_END();
	QUEUE_OR_THROW();

	ZEND_ASSERT(n <= 3);
	name = fastqueue_queue_name(q, queue);
	QUEUE_NAME_OR_THROW(1, name);
	for (int i = 0; i < n; i++) {
		keys[i] = fastqueue_queue_key(q, name, suffixes[i]);
	}
	/* A queue's keys share its hash slot: one node serves them all. */
	c = fastqueue_conn_route_str(&q->conn, keys[0]);
	if (fastqueue_conn_is_cluster(&q->conn)) {
		/* One by one: during a resharding each key may answer from another node (ASK), and
		 * only single commands follow redirects. */
		for (int i = 0; i < n && ok == SUCCESS; i++) {
			fastqueue_args a;
			fastqueue_args_init(&a);
			fastqueue_args_add(&a, cmds[i], strlen(cmds[i]));
			fastqueue_args_add_str(&a, keys[i]);
			ok = fastqueue_conn_command(c, &a, &r);
			fastqueue_args_free(&a);
			if (ok == FAILURE) {
				fastqueue_conn_name_key(&q->conn, ZSTR_VAL(keys[i]), ZSTR_LEN(keys[i]));
			} else {
				ok = add_count(c, cmds[i], r, &total);
			}
			fastqueue_reply_free(r);
		}
		piped = 0;
	}
	for (int i = 0; i < piped && ok == SUCCESS; i++) {
		fastqueue_args a;
		fastqueue_args_init(&a);
		fastqueue_args_add(&a, cmds[i], strlen(cmds[i]));
		fastqueue_args_add_str(&a, keys[i]);
		ok = fastqueue_conn_append(c, &a);
		fastqueue_args_free(&a);
	}
	/* Read every reply even after an error reply, so the pipeline stays in step. */
	for (int i = 0; i < piped; i++) {
		if (fastqueue_conn_read_reply_to(c, cmds[i], &r) == FAILURE) {
			ok = FAILURE;
			if (!fastqueue_conn_is_connected(c)) {
				break;
			}
			fastqueue_conn_name_key(&q->conn, ZSTR_VAL(keys[i]), ZSTR_LEN(keys[i]));
			continue;
		}
		/* After a reply of the wrong type, read on: the pipeline stays in step. */
		if (ok == SUCCESS) {
			ok = add_count(c, cmds[i], r, &total);
		}
		fastqueue_reply_free(r);
	}
	for (int i = 0; i < n; i++) {
		zend_string_release(keys[i]);
	}
	if (ok == FAILURE) {
		fastqueue_queue_throw(q);
		RETURN_THROWS();
	}
	RETURN_LONG(total);
}

PHP_METHOD(FastQueue_RedisQueue, size)
{
	static const char *const cmds[] = {"LLEN", "ZCARD", "ZCARD"};
	static const char *const suffixes[] = {"", ":delayed", ":reserved"};
	count_keys(INTERNAL_FUNCTION_PARAM_PASSTHRU, cmds, suffixes, 3);
}

PHP_METHOD(FastQueue_RedisQueue, pendingSize)
{
	static const char *const cmds[] = {"LLEN"};
	static const char *const suffixes[] = {""};
	count_keys(INTERNAL_FUNCTION_PARAM_PASSTHRU, cmds, suffixes, 1);
}

PHP_METHOD(FastQueue_RedisQueue, delayedSize)
{
	static const char *const cmds[] = {"ZCARD"};
	static const char *const suffixes[] = {":delayed"};
	count_keys(INTERNAL_FUNCTION_PARAM_PASSTHRU, cmds, suffixes, 1);
}

PHP_METHOD(FastQueue_RedisQueue, reservedSize)
{
	static const char *const cmds[] = {"ZCARD"};
	static const char *const suffixes[] = {":reserved"};
	count_keys(INTERNAL_FUNCTION_PARAM_PASSTHRU, cmds, suffixes, 1);
}

PHP_METHOD(FastQueue_RedisQueue, clear)
{
	zend_string *queue = NULL;
	queue_keys k;
	fastqueue_args a;
	fastqueue_reply *r;
	zend_long n = 0;
	zend_result ok;

	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_STR_OR_NULL(queue)
	ZEND_PARSE_PARAMETERS_END();
	QUEUE_OR_THROW();

	QUEUE_NAME_OR_THROW(1, fastqueue_queue_name(q, queue));
	queue_keys_init(&k, q, fastqueue_queue_name(q, queue));
	fastqueue_args_init(&a);
	fastqueue_args_add_str(&a, k.queue);
	fastqueue_args_add_str(&a, k.delayed);
	fastqueue_args_add_str(&a, k.reserved);
	fastqueue_args_add_str(&a, k.notify);
	ok = fastqueue_conn_eval(fastqueue_conn_route_str(&q->conn, k.queue), FASTQUEUE_LUA_CLEAR, 4, &a, &r);
	if (ok == SUCCESS) {
		ok = fastqueue_conn_expect_integer(fastqueue_conn_route_str(&q->conn, k.queue), "the clear script (EVALSHA)",
			r, &n);
	}
	fastqueue_reply_free(r);
	fastqueue_args_free(&a);
	queue_keys_free(&k);
	if (ok == FAILURE) {
		fastqueue_queue_throw(q);
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
/* }}} */

/* ce: what fastqueue.c registered from the stub (its generated arginfo is included once). */
zend_class_entry *fastqueue_ce_RedisQueue;

void fastqueue_redis_queue_minit(zend_class_entry *ce)
{
	fastqueue_ce_RedisQueue = ce;
	ce->create_object = redis_queue_create;
	memcpy(&redis_queue_handlers, zend_get_std_object_handlers(), sizeof(zend_object_handlers));
	redis_queue_handlers.offset = offsetof(fastqueue_redis_queue, std);
	redis_queue_handlers.free_obj = redis_queue_free;
	redis_queue_handlers.clone_obj = NULL;
}
