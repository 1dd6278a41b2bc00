/* A queue's keys in Redis, Laravel's layout behind the prefix: queues:NAME and its :delayed,
 * :reserved and :notify; and the hash tag a cluster needs in them. Below redis_queue.c,
 * reserve.c and failed.c, which all build keys. */
#include "redis_queue.h"
#include "cluster.h"

zend_string *fastqueue_queue_name(fastqueue_redis_queue *q, zend_string *name)
{
	return name && ZSTR_LEN(name) ? name : q->default_queue;
}

zend_string *fastqueue_queue_key(const fastqueue_redis_queue *q, const zend_string *name, const char *suffix)
{
	size_t slen = strlen(suffix);
	zend_string *key = zend_string_alloc(ZSTR_LEN(q->prefix) + 7 + ZSTR_LEN(name) + slen, 0);
	char *p = ZSTR_VAL(key);
	memcpy(p, ZSTR_VAL(q->prefix), ZSTR_LEN(q->prefix));
	p += ZSTR_LEN(q->prefix);
	memcpy(p, "queues:", 7);
	p += 7;
	memcpy(p, ZSTR_VAL(name), ZSTR_LEN(name));
	p += ZSTR_LEN(name);
	memcpy(p, suffix, slen + 1);
	return key;
}

zend_string *fastqueue_queue_name_refusal(const fastqueue_redis_queue *q, const zend_string *name)
{
	zend_string *key;
	bool tagged;

	if (!fastqueue_conn_is_cluster(&q->conn)) {
		return NULL;
	}
	key = fastqueue_queue_key(q, name, "");
	tagged = fastqueue_cluster_has_hash_tag(ZSTR_VAL(key), ZSTR_LEN(key));
	zend_string_release(key);
	if (tagged) {
		return NULL;
	}
	return zend_strpprintf(0, "names queue \"%s\", which has no hash tag: in a Redis Cluster the keys of "
		"a queue must share one hash slot, so name it with braces, as \"{%s}\"", ZSTR_VAL(name), ZSTR_VAL(name));
}
