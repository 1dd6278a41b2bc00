/* Redis Sentinel: asking the sentinels where the master is, each over a session of its own
 * (session.c). The single connection (link.c) asks before every connect, so a reconnect after
 * a failover finds the new master; it then checks with ROLE that the server is a master, as
 * the sentinels' view may lag behind. */
#include "sentinel.h"
#include "session.h"
#include <hiredis/hiredis.h>
#include <stdarg.h>

/* {{{ asking the sentinels */
/* One sentinel: SUCCESS with the master's address, else a note in err of what went wrong. The
 * sentinel is asked over a session of its own (session.c, as every Redis server is): plain
 * TCP, the sentinels' user and password, timeout for the connect and for the answer. Its
 * settings are borrowed, never copied: the lease's thread finds the master through here too,
 * and must not touch the refcounts of strings PHP's thread shares (src/worker/lease.c). */
static zend_result ask_sentinel(const fastqueue_sentinel_options *s, uint32_t i, double timeout,
	char *host, size_t host_size, zend_long *port, char *err, size_t err_size)
{
	const char *where = ZSTR_VAL(s->hosts[i]);
	fastqueue_conn_options o;
	fastqueue_conn c;
	fastqueue_args a;
	redisReply *r = NULL;
	char what[FASTQUEUE_REPLY_DESCRIPTION];
	zend_result ok = FAILURE;

	memset(&o, 0, sizeof(o));
	o.host = s->hosts[i];
	o.port = s->ports[i];
	o.username = s->username;
	o.password = s->password;
	o.connect_timeout = timeout;
	o.read_timeout = timeout;
	memset(&c, 0, sizeof(c));
	c.opt = o;
	if (fastqueue_session_open(&c, where, s->ports[i]) == FAILURE) {
		/* The session's text names no password (AUTH's reply, never its arguments). */
		fastqueue_format_note(err, err_size, "sentinel %s:" ZEND_LONG_FMT ": %s", where, s->ports[i], c.err);
		fastqueue_session_close(&c);
		return FAILURE;
	}
	fastqueue_args_init(&a);
	fastqueue_args_add(&a, "SENTINEL", 8);
	fastqueue_args_add(&a, "get-master-addr-by-name", 23);
	fastqueue_args_add_str(&a, s->service);
	if (fastqueue_session_call(&c, &a, "asking for the master", (fastqueue_reply **) &r) == FAILURE) {
		fastqueue_format_note(err, err_size, "sentinel %s:" ZEND_LONG_FMT ": %s", where, s->ports[i], c.err);
	} else if (r->type == REDIS_REPLY_ERROR) {
		fastqueue_format_note(err, err_size, "sentinel %s:" ZEND_LONG_FMT " answered: %s", where, s->ports[i],
			fastqueue_reply_escape(r->str, r->len, what, sizeof(what)));
	} else if (r->type == REDIS_REPLY_NIL) {
		fastqueue_format_note(err, err_size, "sentinel %s:" ZEND_LONG_FMT " knows no master named \"%s\"", where, s->ports[i],
			ZSTR_VAL(s->service));
	} else if (r->type != REDIS_REPLY_ARRAY || r->elements != 2 || r->element[0]->type != REDIS_REPLY_STRING
		|| r->element[1]->type != REDIS_REPLY_STRING || r->element[0]->len == 0 || r->element[0]->len >= host_size
		|| memchr(r->element[0]->str, '\0', r->element[0]->len)) {
		fastqueue_format_note(err, err_size, "sentinel %s:" ZEND_LONG_FMT " gave an answer that is not an address: %s",
			where, s->ports[i], fastqueue_reply_describe(r, what, sizeof(what)));
	} else {
		char *stop;
		long p = strtol(r->element[1]->str, &stop, 10);
		if (*stop || r->element[1]->len == 0 || p < 1 || p > 65535) {
			fastqueue_format_note(err, err_size, "sentinel %s:" ZEND_LONG_FMT " gave an answer that is not an address: %s", where,
				s->ports[i], fastqueue_reply_describe(r, what, sizeof(what)));
		} else {
			memcpy(host, r->element[0]->str, r->element[0]->len);
			host[r->element[0]->len] = '\0';
			*port = p;
			ok = SUCCESS;
		}
	}
	fastqueue_args_free(&a);
	fastqueue_reply_free(r);
	/* No TLS context to free: the sentinels are asked over plain TCP. */
	fastqueue_session_close(&c);
	return ok;
}

zend_result fastqueue_sentinel_find_master(const fastqueue_sentinel_options *s, double timeout,
	char *host, size_t host_size, zend_long *port, char *err, size_t err_size)
{
	err[0] = '\0';
	for (uint32_t i = 0; i < s->count; i++) {
		if (ask_sentinel(s, i, timeout, host, host_size, port, err, err_size) == SUCCESS) {
			return SUCCESS;
		}
	}
	return FAILURE;
}
/* }}} */
