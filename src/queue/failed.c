/* The failed-job store: recording a failure atomically with the end of its reservation, and
 * what RedisQueue's failed(), retryFailed(), forgetFailed() and flushFailed() do with it
 * (their PHP methods are in src/module/failed_methods.c). FAILURE leaves the error on the
 * queue's connection. */
#include "failed.h"
#include "payload.h"
#include "lua_scripts.h"
#include "zend_exceptions.h"

/* The store's keys. In a Redis Cluster they carry a hash tag, so the index and every record
 * share one slot and one node: "{fastqueue:failed}" and "{fastqueue:failed}:ID". */
static const char *store_name(const fastqueue_redis_queue *q, size_t *len)
{
	bool cluster = fastqueue_conn_is_cluster(&q->conn);
	*len = cluster ? sizeof("{fastqueue:failed}") - 1 : sizeof("fastqueue:failed") - 1;
	return cluster ? "{fastqueue:failed}" : "fastqueue:failed";
}

static zend_string *index_key(const fastqueue_redis_queue *q)
{
	size_t len;
	const char *name = store_name(q, &len);
	return zend_string_concat2(ZSTR_VAL(q->prefix), ZSTR_LEN(q->prefix), name, len);
}

static zend_string *record_key(const fastqueue_redis_queue *q, const char *id, size_t len)
{
	size_t name_len;
	const char *name = store_name(q, &name_len);
	zend_string *key = zend_string_alloc(ZSTR_LEN(q->prefix) + name_len + 1 + len, 0);
	char *p = ZSTR_VAL(key);

	memcpy(p, ZSTR_VAL(q->prefix), ZSTR_LEN(q->prefix));
	p += ZSTR_LEN(q->prefix);
	memcpy(p, name, name_len);
	p += name_len;
	*p++ = ':';
	memcpy(p, id, len);
	p[len] = '\0';
	return key;
}

/* The connection that serves the store. */
static fastqueue_conn *store_conn(fastqueue_redis_queue *q)
{
	zend_string *key = index_key(q);
	fastqueue_conn *c = fastqueue_conn_route_str(&q->conn, key);
	zend_string_release(key);
	return c;
}

/* The id a failure is filed under: the job's uuid, else its id, else a new random one. */
static zend_string *failed_id(fastqueue_job *job)
{
	static const fastqueue_field fields[] = {FASTQUEUE_FIELD_UUID, FASTQUEUE_FIELD_ID};
	char id[FASTQUEUE_ID_LEN];
	zval v;

	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		fastqueue_job_field(job, fields[i], &v);
		if (Z_TYPE(v) == IS_STRING && Z_STRLEN(v)) {
			return Z_STR(v);
		}
		zval_ptr_dtor(&v);
	}
	fastqueue_random_id(id);
	return zend_string_init(id, FASTQUEUE_ID_LEN, 0);
}

/* Class, message and the full text ((string) $e, as Laravel stores it) of a Throwable. */
static void describe(zval *e, zend_string **cls, zend_string **message, zend_string **trace)
{
	zval rv, *msg;

	if (Z_TYPE_P(e) != IS_OBJECT) {
		*cls = zend_string_init("", 0, 0);
		*message = zend_string_init("The job was marked as failed without an exception", sizeof("The job was marked as failed without an exception") - 1, 0);
		*trace = zend_string_init("", 0, 0);
		return;
	}
	*cls = zend_string_copy(Z_OBJCE_P(e)->name);
	msg = zend_read_property(Z_OBJCE_P(e), Z_OBJ_P(e), "message", sizeof("message") - 1, 1, &rv);
	*message = zval_get_string(msg);
	*trace = zval_try_get_string(e);
	if (!*trace) {
		/* __toString threw: keep the record, drop that exception. */
		zend_clear_exception();
		*trace = zend_string_init("", 0, 0);
	}
}

/* Whether a record of another job is filed under rkey: ids come from payloads, and two jobs
 * may share one (a producer's bug). The same job failing again (run twice after a lost
 * acknowledgement) replaces its own record. */
static bool taken_by_another(fastqueue_redis_queue *q, zend_string *rkey, fastqueue_job *job)
{
	fastqueue_args a;
	fastqueue_reply *r;
	const char *s;
	size_t len;
	bool taken = false;

	fastqueue_args_init(&a);
	fastqueue_args_add(&a, "HGET", 4);
	fastqueue_args_add_str(&a, rkey);
	fastqueue_args_add(&a, "payload", 7);
	if (fastqueue_conn_command(store_conn(q), &a, &r) == SUCCESS) {
		/* Anything but a string or nil is no answer: filed apart, so nothing is overwritten. */
		taken = fastqueue_reply_is_nil(r) ? false
			: !fastqueue_reply_string(r, &s, &len) || !zend_string_equals_cstr(job->raw, s, len);
		fastqueue_reply_free(r);
	}
	fastqueue_args_free(&a);
	return taken;
}

zend_result fastqueue_failed_record(fastqueue_redis_queue *q, fastqueue_job *job, zval *exception)
{
	zend_string *id = failed_id(job), *cls, *message, *trace;
	zend_string *ikey = index_key(q), *rkey = record_key(q, ZSTR_VAL(id), ZSTR_LEN(id));

	if (taken_by_another(q, rkey, job)) {
		/* Never overwrite another job's failure: this one is filed under its id and a suffix. */
		char suffix[FASTQUEUE_ID_LEN];
		zend_string *unique;
		fastqueue_random_id(suffix);
		unique = zend_string_concat3(ZSTR_VAL(id), ZSTR_LEN(id), "-", 1, suffix, 8);
		zend_string_release(id);
		zend_string_release(rkey);
		id = unique;
		rkey = record_key(q, ZSTR_VAL(id), ZSTR_LEN(id));
	}
	zend_string *reserved_key = fastqueue_queue_key(q, job->queue, ":reserved");
	bool cluster = fastqueue_conn_is_cluster(&q->conn);
	fastqueue_conn *c;
	fastqueue_args a;
	fastqueue_reply *r;
	char at[24];
	zend_result ok;

	describe(exception, &cls, &message, &trace);
	fastqueue_args_init(&a);
	fastqueue_args_add_str(&a, ikey);
	fastqueue_args_add_str(&a, rkey);
	if (!cluster) {
		fastqueue_args_add_str(&a, reserved_key);
	}
	fastqueue_args_add_str(&a, job->reserved);
	fastqueue_args_add_str(&a, fastqueue_job_uncharged_member(job) ? fastqueue_job_uncharged_member(job) : job->reserved);
	fastqueue_args_add_str(&a, id);
	fastqueue_args_add(&a, at, fastqueue_format(at, sizeof(at), ZEND_LONG_FMT, fastqueue_clock_unix()));
	fastqueue_args_add(&a, "id", 2);
	fastqueue_args_add_str(&a, id);
	fastqueue_args_add(&a, "queue", 5);
	fastqueue_args_add_str(&a, job->queue);
	fastqueue_args_add(&a, "payload", 7);
	fastqueue_args_add_str(&a, job->raw);
	fastqueue_args_add(&a, "exception", 9);
	fastqueue_args_add_str(&a, cls);
	fastqueue_args_add(&a, "message", 7);
	fastqueue_args_add_str(&a, message);
	fastqueue_args_add(&a, "trace", 5);
	fastqueue_args_add_str(&a, trace);
	fastqueue_args_add(&a, "failed_at", 9);
	fastqueue_args_add(&a, at, strlen(at));
	c = store_conn(q);
	ok = fastqueue_conn_eval(c, FASTQUEUE_LUA_FAIL, cluster ? 2 : 3, &a, &r);
	fastqueue_reply_free(r);
	if (ok == SUCCESS) {
		ok = fastqueue_conn_wait_replicas(c);
	}
	/* Recorded first, then unreserved: a failure in between can repeat the job, never lose it. */
	if (ok == SUCCESS && cluster) {
		/* In a cluster fail.lua cannot reach :reserved (another slot): end the reservation here. */
		ok = fastqueue_queue_delete_reserved(q, job->queue, job->reserved, fastqueue_job_uncharged_member(job));
	}
	fastqueue_args_free(&a);
	zend_string_release(id);
	zend_string_release(ikey);
	zend_string_release(rkey);
	zend_string_release(reserved_key);
	zend_string_release(cls);
	zend_string_release(message);
	zend_string_release(trace);
	return ok;
}

/* Runs a one-command query; NULL on failure. */
static fastqueue_reply *query(fastqueue_redis_queue *q, fastqueue_args *a)
{
	fastqueue_reply *r;
	/* Every query names a store key first: one node serves the store. */
	zend_result ok = fastqueue_conn_command(fastqueue_conn_route(&q->conn, a->argv[1], a->len[1]), a, &r);
	fastqueue_args_free(a);
	return ok == SUCCESS ? r : NULL;
}

/* The store's ids by the zset command given (ZRANGE, ZREVRANGE), all of them; NULL on failure. */
static fastqueue_reply *query_ids(fastqueue_redis_queue *q, const char *command)
{
	zend_string *ikey = index_key(q);
	fastqueue_args a;
	fastqueue_reply *ids;

	fastqueue_args_init(&a);
	fastqueue_args_add(&a, command, strlen(command));
	fastqueue_args_add_str(&a, ikey);
	fastqueue_args_add(&a, "0", 1);
	fastqueue_args_add(&a, "-1", 2);
	ids = query(q, &a);
	zend_string_release(ikey);
	return ids;
}

zend_result fastqueue_failed_each(fastqueue_redis_queue *q, fastqueue_failed_visit visit, void *ctx)
{
	fastqueue_conn *c;
	fastqueue_args a;
	fastqueue_reply *ids, *r;
	size_t n;
	bool unexpected = false;

	if (!(ids = query_ids(q, "ZREVRANGE"))) {
		return FAILURE;
	}
	c = store_conn(q);
	if (fastqueue_conn_expect_strings(c, "ZREVRANGE", ids, SIZE_MAX, false) == FAILURE) {
		fastqueue_reply_free(ids);
		return FAILURE;
	}
	n = fastqueue_reply_array_len(ids);
	/* One pipeline for all records: newest first. */
	for (size_t i = 0; i < n; i++) {
		const char *id;
		size_t len;
		zend_string *rkey;
		fastqueue_reply_string(fastqueue_reply_array_at(ids, i), &id, &len); /* checked above */
		rkey = record_key(q, id, len);
		fastqueue_args_init(&a);
		fastqueue_args_add(&a, "HGETALL", 7);
		fastqueue_args_add_str(&a, rkey);
		fastqueue_conn_append(c, &a);
		fastqueue_args_free(&a);
		zend_string_release(rkey);
	}
	for (size_t i = 0; i < n; i++) {
		if (fastqueue_conn_read_reply_to(c, "HGETALL", &r) == FAILURE) {
			if (!fastqueue_conn_is_connected(c)) {
				break;
			}
			continue;
		}
		if (!unexpected && fastqueue_conn_expect_strings(c, "HGETALL", r, SIZE_MAX, false) == FAILURE) {
			/* Read on to the end of the pipeline, so the connection stays in step. */
			unexpected = true;
		}
		if (!unexpected) {
			visit(ctx, r);
		}
		fastqueue_reply_free(r);
	}
	fastqueue_reply_free(ids);
	return unexpected || !fastqueue_conn_is_connected(c) ? FAILURE : SUCCESS;
}

/* In a cluster the queue and the store live in different slots: pushed first, then
 * forgotten, so a failure in between can leave the record to retry again, but never loses
 * the job. */
static zend_result retry_across_slots(fastqueue_redis_queue *q, zend_string *id, zend_string *rkey,
	zend_string *queue, zend_string *fresh, bool *pushed, zend_string **refused)
{
	zend_string *ikey;
	fastqueue_args a;
	fastqueue_reply *r;
	zend_result ok = FAILURE;

	if ((*refused = fastqueue_queue_name_refusal(q, queue))) {
		/* A record of a queue that has no hash tag cannot be pushed back here. */
		return FAILURE;
	}
	if (fastqueue_queue_push_payloads(q, queue, &fresh, 1) == FAILURE) {
		return FAILURE;
	}
	*pushed = true;
	ikey = index_key(q);
	fastqueue_args_init(&a);
	fastqueue_args_add(&a, "ZREM", 4);
	fastqueue_args_add_str(&a, ikey);
	fastqueue_args_add_str(&a, id);
	if ((r = query(q, &a))) {
		fastqueue_reply_free(r);
		fastqueue_args_init(&a);
		fastqueue_args_add(&a, "DEL", 3);
		fastqueue_args_add_str(&a, rkey);
		if ((r = query(q, &a))) {
			fastqueue_reply_free(r);
			ok = SUCCESS;
		}
	}
	zend_string_release(ikey);
	return ok;
}

/* On one server, the retry script moves the record back onto its queue in one step. */
static zend_result retry_by_script(fastqueue_redis_queue *q, zend_string *id, zend_string *rkey,
	zend_string *queue, zend_string *fresh, bool *pushed)
{
	zend_string *ikey = index_key(q), *qkey = fastqueue_queue_key(q, queue, ""), *nkey = fastqueue_queue_key(q, queue, ":notify");
	fastqueue_args a;
	fastqueue_reply *r;
	zend_long n = 0;
	zend_result ok;

	fastqueue_args_init(&a);
	fastqueue_args_add_str(&a, ikey);
	fastqueue_args_add_str(&a, rkey);
	fastqueue_args_add_str(&a, qkey);
	fastqueue_args_add_str(&a, nkey);
	fastqueue_args_add_str(&a, id);
	fastqueue_args_add_str(&a, fresh);
	ok = fastqueue_conn_eval(&q->conn, FASTQUEUE_LUA_RETRY, 4, &a, &r);
	if (ok == SUCCESS) {
		ok = fastqueue_conn_expect_integer(&q->conn, "the retry script (EVALSHA)", r, &n);
		fastqueue_reply_free(r);
		*pushed = n == 1;
		if (ok == SUCCESS && n) {
			ok = fastqueue_conn_wait_replicas(&q->conn);
		}
	}
	fastqueue_args_free(&a);
	zend_string_release(ikey);
	zend_string_release(qkey);
	zend_string_release(nkey);
	return ok;
}

zend_result fastqueue_failed_retry(fastqueue_redis_queue *q, zend_string *id, bool *pushed, zend_string **refused)
{
	zend_string *rkey, *payload, *fresh, *queue;
	fastqueue_args a;
	fastqueue_reply *r;
	const char *s;
	size_t len;
	zend_result ok;

	*pushed = false;
	*refused = NULL;
	rkey = record_key(q, ZSTR_VAL(id), ZSTR_LEN(id));
	fastqueue_args_init(&a);
	fastqueue_args_add(&a, "HMGET", 5);
	fastqueue_args_add_str(&a, rkey);
	fastqueue_args_add(&a, "payload", 7);
	fastqueue_args_add(&a, "queue", 5);
	if (!(r = query(q, &a))) {
		zend_string_release(rkey);
		return FAILURE;
	}
	if (fastqueue_conn_expect_strings(store_conn(q), "HMGET", r, 2, true) == FAILURE) {
		fastqueue_reply_free(r);
		zend_string_release(rkey);
		return FAILURE;
	}
	if (!fastqueue_reply_string(fastqueue_reply_array_at(r, 0), &s, &len)) {
		/* No such record. */
		fastqueue_reply_free(r);
		zend_string_release(rkey);
		return SUCCESS;
	}
	payload = zend_string_init(s, len, 0);
	queue = fastqueue_reply_string(fastqueue_reply_array_at(r, 1), &s, &len) && len
		? zend_string_init(s, len, 0) : zend_string_copy(q->default_queue);
	fastqueue_reply_free(r);

	/* Attempts start again from zero; a payload we cannot rewrite goes back as it was. */
	fresh = fastqueue_payload_with_attempts(payload, NULL, 0);
	if (!fresh) {
		fresh = zend_string_copy(payload);
	}
	ok = fastqueue_conn_is_cluster(&q->conn) ? retry_across_slots(q, id, rkey, queue, fresh, pushed, refused)
		: retry_by_script(q, id, rkey, queue, fresh, pushed);
	zend_string_release(rkey);
	zend_string_release(payload);
	zend_string_release(fresh);
	zend_string_release(queue);
	return ok;
}

zend_result fastqueue_failed_forget(fastqueue_redis_queue *q, zend_string *id, bool *forgot)
{
	zend_string *ikey = index_key(q), *rkey = record_key(q, ZSTR_VAL(id), ZSTR_LEN(id));
	fastqueue_args a;
	fastqueue_reply *r;
	zend_long removed = 0;
	zend_result ok = FAILURE;

	fastqueue_args_init(&a);
	fastqueue_args_add(&a, "ZREM", 4);
	fastqueue_args_add_str(&a, ikey);
	fastqueue_args_add_str(&a, id);
	r = query(q, &a);
	if (r && fastqueue_conn_expect_integer(store_conn(q), "ZREM", r, &removed) == SUCCESS) {
		fastqueue_reply_free(r);
		fastqueue_args_init(&a);
		fastqueue_args_add(&a, "DEL", 3);
		fastqueue_args_add_str(&a, rkey);
		if ((r = query(q, &a))) {
			ok = SUCCESS;
		}
	}
	fastqueue_reply_free(r);
	zend_string_release(ikey);
	zend_string_release(rkey);
	*forgot = removed == 1;
	return ok;
}

zend_result fastqueue_failed_flush(fastqueue_redis_queue *q, zend_long *flushed)
{
	zend_string *ikey, **keys;
	fastqueue_args a;
	fastqueue_reply *ids, *r;
	size_t n;
	bool deleted;

	if (!(ids = query_ids(q, "ZRANGE"))) {
		return FAILURE;
	}
	if (fastqueue_conn_expect_strings(store_conn(q), "ZRANGE", ids, SIZE_MAX, false) == FAILURE) {
		fastqueue_reply_free(ids);
		return FAILURE;
	}
	ikey = index_key(q);
	n = fastqueue_reply_array_len(ids);
	keys = safe_emalloc(n + 1, sizeof(*keys), 0);
	fastqueue_args_init(&a);
	fastqueue_args_add(&a, "DEL", 3);
	fastqueue_args_add_str(&a, ikey);
	for (size_t i = 0; i < n; i++) {
		const char *id;
		size_t len;
		fastqueue_reply_string(fastqueue_reply_array_at(ids, i), &id, &len); /* checked above */
		keys[i] = record_key(q, id, len);
		fastqueue_args_add_str(&a, keys[i]);
	}
	r = query(q, &a);
	deleted = r != NULL;
	fastqueue_reply_free(r);
	for (size_t i = 0; i < n; i++) {
		zend_string_release(keys[i]);
	}
	efree(keys);
	fastqueue_reply_free(ids);
	zend_string_release(ikey);
	*flushed = (zend_long) n;
	return deleted ? SUCCESS : FAILURE;
}
