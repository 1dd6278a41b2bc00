/* What becomes of one reserved job in Redis: deleted from the queue's :reserved set, or
 * released to :delayed (release.lua). Job's delete() and release() and the worker use them;
 * below job.c and redis_queue.c. */
#include "redis_queue.h"
#include "lua_scripts.h"

zend_result fastqueue_queue_delete_reserved(fastqueue_redis_queue *q, zend_string *name, zend_string *reserved,
	zend_string *uncharged)
{
	zend_string *key = fastqueue_queue_key(q, name, ":reserved");
	fastqueue_args a;
	fastqueue_reply *r;
	zend_result ok;

	fastqueue_args_init(&a);
	fastqueue_args_add(&a, "ZREM", 4);
	fastqueue_args_add_str(&a, key);
	fastqueue_args_add_str(&a, reserved);
	if (uncharged) {
		fastqueue_args_add_str(&a, uncharged);
	}
	ok = fastqueue_conn_command(fastqueue_conn_route_str(&q->conn, key), &a, &r);
	if (ok == FAILURE) {
		fastqueue_conn_name_key(&q->conn, ZSTR_VAL(key), ZSTR_LEN(key));
	}
	fastqueue_reply_free(r);
	fastqueue_args_free(&a);
	zend_string_release(key);
	return ok;
}

zend_result fastqueue_queue_release(fastqueue_redis_queue *q, zend_string *name, zend_string *reserved,
	zend_string *uncharged, zend_long when, bool *released)
{
	fastqueue_conn *c;
	queue_keys k;
	fastqueue_args a;
	fastqueue_reply *r;
	char at[24];
	zend_long n = 0;
	zend_result ok;

	queue_keys_init(&k, q, name);
	fastqueue_args_init(&a);
	fastqueue_args_add_str(&a, k.delayed);
	fastqueue_args_add_str(&a, k.reserved);
	fastqueue_args_add_str(&a, reserved);
	fastqueue_args_add(&a, at, fastqueue_format_long(at, when));
	if (uncharged) {
		fastqueue_args_add_str(&a, uncharged);
	}
	c = fastqueue_conn_route_str(&q->conn, k.reserved);
	ok = fastqueue_conn_eval(c, FASTQUEUE_LUA_RELEASE, 2, &a, &r);
	if (ok == SUCCESS) {
		/* Not 0 or 1: the job's fate is unknown, so no release is claimed. It is still in
		 * :reserved, or already in :delayed: it runs again either way. */
		ok = fastqueue_conn_expect_integer(c, "the release script (EVALSHA)", r, &n);
	}
	*released = n == 1;
	fastqueue_reply_free(r);
	if (ok == SUCCESS && n == 1) {
		ok = fastqueue_conn_wait_replicas(c);
	}
	fastqueue_args_free(&a);
	queue_keys_free(&k);
	return ok;
}
