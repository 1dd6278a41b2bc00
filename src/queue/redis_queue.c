/* FastQueue\RedisQueue's object and its operations as plain C: push, later, pop, sizes and
 * clear over Laravel's keys: queues:NAME (list), :delayed and :reserved (zsets), :notify
 * (list), behind the prefix; and the worker's acks and start marks. FAILURE leaves the error
 * on the queue's connection; the PHP methods (src/module/redis_queue_methods.c) throw it. */
#include "redis_queue.h"
#include "reserve.h"
#include "job.h"
#include "lua_scripts.h"

static zend_object_handlers redis_queue_handlers;

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

/* }}} */

zend_result fastqueue_redis_queue_init(fastqueue_redis_queue *q, const fastqueue_queue_settings *s, zend_string **why)
{
	/* Connect lazily: the first command connects, so constructing never blocks. */
	fastqueue_conn_init(&q->conn, &s->conn);
	q->prefix = zend_string_copy(s->prefix);
	q->default_queue = zend_string_copy(s->queue);
	q->retry_after = s->retry_after;
	q->block_for = s->block_for;
	q->migration_batch_size = s->migration_batch_size;
	if ((*why = fastqueue_queue_name_refusal(q, q->default_queue))) {
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

zend_result fastqueue_queue_push_delayed(fastqueue_redis_queue *q, zend_string *name, zend_long available_at, zend_string *payload)
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

/* A token per freed slot, at most a few (a waiting worker takes one), living a short while:
 * a token nobody waits for only wakes a worker early once. */
#define SLOT_TOKENS_KEPT 4
#define SLOT_TOKENS_TTL_MS "10000"

zend_result fastqueue_queue_defer_slot_tokens(fastqueue_redis_queue *q, zend_string *key, uint32_t count)
{
	fastqueue_args cmd[3];
	fastqueue_conn *c = fastqueue_conn_route_str(&q->conn, key);
	zend_result ok;

	for (int i = 0; i < 3; i++) {
		fastqueue_args_init(&cmd[i]);
	}
	fastqueue_args_add(&cmd[0], "LPUSH", 5);
	fastqueue_args_add_str(&cmd[0], key);
	for (uint32_t i = 0; i < count && i < SLOT_TOKENS_KEPT; i++) {
		fastqueue_args_add(&cmd[0], "1", 1);
	}
	fastqueue_args_add(&cmd[1], "LTRIM", 5);
	fastqueue_args_add_str(&cmd[1], key);
	fastqueue_args_add(&cmd[1], "0", 1);
	fastqueue_args_add(&cmd[1], "3", 1);
	fastqueue_args_add(&cmd[2], "PEXPIRE", 7);
	fastqueue_args_add_str(&cmd[2], key);
	fastqueue_args_add(&cmd[2], SLOT_TOKENS_TTL_MS, sizeof(SLOT_TOKENS_TTL_MS) - 1);
	ok = fastqueue_conn_defer_all(c, cmd, 3);
	for (int i = 0; i < 3; i++) {
		fastqueue_args_free(&cmd[i]);
	}
	return ok;
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
		if (b->jobs[0].crash) {
			Z_FASTQUEUE_JOB_P(out)->previous_crash = zend_string_copy(b->jobs[0].crash);
		}
	}
}

/* A charged reserve of one job from the list. */
static zend_result reserve_one(fastqueue_redis_queue *q, const fastqueue_queue_list *l, fastqueue_reserve_batch *b)
{
	fastqueue_reserve_request req;

	fastqueue_reserve_request_init(&req, q, l, 1, true, false);
	return fastqueue_reserve(q, &req, b);
}

zend_result fastqueue_queue_pop(fastqueue_redis_queue *q, zend_string *name, zval *job)
{
	fastqueue_queue_list l;
	fastqueue_reserve_batch b;
	bool announced = false;

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
	batch_job(q, &l, &b, job);
	fastqueue_reserve_batch_free(&b);
	fastqueue_queue_list_free(&l);
	return SUCCESS;
failed:
	fastqueue_queue_list_free(&l);
	return FAILURE;
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

/* The counting command (LLEN/ZCARD) and key suffix of each of the queue's lists, in
 * fastqueue_queue_count's order. */
static const struct { fastqueue_queue_part part; const char *cmd, *suffix; } counted[] = {
	{FASTQUEUE_PART_PENDING, "LLEN", ""},
	{FASTQUEUE_PART_DELAYED, "ZCARD", ":delayed"},
	{FASTQUEUE_PART_RESERVED, "ZCARD", ":reserved"},
};

zend_result fastqueue_queue_count(fastqueue_redis_queue *q, zend_string *name, unsigned parts, zend_long *total)
{
	const char *cmds[3];
	zend_string *keys[3];
	fastqueue_conn *c;
	fastqueue_reply *r;
	zend_result ok = SUCCESS;
	int n = 0, piped;

	*total = 0;
	for (size_t i = 0; i < sizeof(counted) / sizeof(counted[0]); i++) {
		if (parts & counted[i].part) {
			cmds[n] = counted[i].cmd;
			keys[n++] = fastqueue_queue_key(q, name, counted[i].suffix);
		}
	}
	ZEND_ASSERT(n > 0);
	piped = n;
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
				ok = add_count(c, cmds[i], r, total);
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
			ok = add_count(c, cmds[i], r, total);
		}
		fastqueue_reply_free(r);
	}
	for (int i = 0; i < n; i++) {
		zend_string_release(keys[i]);
	}
	return ok;
}

zend_result fastqueue_queue_clear(fastqueue_redis_queue *q, zend_string *name, zend_long *removed)
{
	queue_keys k;
	fastqueue_args a;
	fastqueue_reply *r;
	zend_result ok;

	*removed = 0;
	queue_keys_init(&k, q, name);
	fastqueue_args_init(&a);
	fastqueue_args_add_str(&a, k.queue);
	fastqueue_args_add_str(&a, k.delayed);
	fastqueue_args_add_str(&a, k.reserved);
	fastqueue_args_add_str(&a, k.notify);
	ok = fastqueue_conn_eval(fastqueue_conn_route_str(&q->conn, k.queue), FASTQUEUE_LUA_CLEAR, 4, &a, &r);
	if (ok == SUCCESS) {
		ok = fastqueue_conn_expect_integer(fastqueue_conn_route_str(&q->conn, k.queue), "the clear script (EVALSHA)",
			r, removed);
	}
	fastqueue_reply_free(r);
	fastqueue_args_free(&a);
	queue_keys_free(&k);
	return ok;
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
