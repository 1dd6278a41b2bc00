/* Redis Sentinel: asking the sentinels where the master is. The
 * connection (conn.c) asks before every connect, so a reconnect after a failover finds the
 * new master; it then checks with ROLE that the server is a master, as the sentinels' view may
 * lag behind. */
#include "sentinel.h"
#include "options.h"
#include "reply.h"
#include <hiredis/hiredis.h>
#include <stdarg.h>

/* {{{ asking the sentinels */
/* Appends "; " and a formatted note to err (truncating quietly). */
static void note(char *err, size_t size, const char *fmt, ...) ZEND_ATTRIBUTE_FORMAT(printf, 3, 4);
static void note(char *err, size_t size, const char *fmt, ...)
{
	size_t used = strlen(err);
	va_list ap;

	if (used && used + 2 < size) {
		memcpy(err + used, "; ", 3);
		used += 2;
	}
	if (used + 1 >= size) {
		return;
	}
	va_start(ap, fmt);
	vsnprintf(err + used, size - used, fmt, ap);
	va_end(ap);
}

/* One sentinel: SUCCESS with the master's address, else a note in err of what went wrong. */
static zend_result ask_sentinel(const fastqueue_sentinel_options *s, uint32_t i, struct timeval tv,
	char *host, size_t host_size, zend_long *port, char *err, size_t err_size)
{
	const char *where = ZSTR_VAL(s->hosts[i]);
	redisContext *ctx = redisConnectWithTimeout(where, (int) s->ports[i], tv);
	redisReply *r;
	char what[FASTQUEUE_REPLY_DESCRIPTION];
	zend_result ok = FAILURE;

	if (!ctx || ctx->err) {
		note(err, err_size, "sentinel %s:" ZEND_LONG_FMT ": %s", where, s->ports[i], ctx ? ctx->errstr : "out of memory");
		if (ctx) redisFree(ctx);
		return FAILURE;
	}
	redisSetTimeout(ctx, tv);
	if (s->password) {
		const char *argv[3] = {"AUTH"};
		size_t len[3] = {4};
		int argc = 1;
		if (s->username) {
			argv[argc] = ZSTR_VAL(s->username);
			len[argc++] = ZSTR_LEN(s->username);
		}
		argv[argc] = ZSTR_VAL(s->password);
		len[argc++] = ZSTR_LEN(s->password);
		r = redisCommandArgv(ctx, argc, argv, len);
		if (!r || r->type != REDIS_REPLY_STATUS || r->len != 2 || memcmp(r->str, "OK", 2) != 0) {
			/* The reply names no password; the password itself is never in a message. */
			if (!r) {
				note(err, err_size, "sentinel %s:" ZEND_LONG_FMT " refused authentication: %s", where, s->ports[i],
					ctx->errstr);
			} else if (r->type == REDIS_REPLY_ERROR) {
				note(err, err_size, "sentinel %s:" ZEND_LONG_FMT " refused authentication: %s", where, s->ports[i],
					fastqueue_reply_escape(r->str, r->len, what, sizeof(what)));
			} else {
				note(err, err_size, "sentinel %s:" ZEND_LONG_FMT " gave an unexpected reply to AUTH: %s (expected +OK)",
					where, s->ports[i], fastqueue_reply_describe(r, what, sizeof(what)));
			}
			if (r) freeReplyObject(r);
			redisFree(ctx);
			return FAILURE;
		}
		freeReplyObject(r);
	}
	{
		const char *argv[3] = {"SENTINEL", "get-master-addr-by-name", ZSTR_VAL(s->service)};
		size_t len[3] = {8, 23, ZSTR_LEN(s->service)};
		r = redisCommandArgv(ctx, 3, argv, len);
	}
	if (!r) {
		note(err, err_size, "sentinel %s:" ZEND_LONG_FMT ": %s", where, s->ports[i], ctx->errstr);
	} else if (r->type == REDIS_REPLY_ERROR) {
		note(err, err_size, "sentinel %s:" ZEND_LONG_FMT " answered: %s", where, s->ports[i],
			fastqueue_reply_escape(r->str, r->len, what, sizeof(what)));
	} else if (r->type == REDIS_REPLY_NIL) {
		note(err, err_size, "sentinel %s:" ZEND_LONG_FMT " knows no master named \"%s\"", where, s->ports[i],
			ZSTR_VAL(s->service));
	} else if (r->type != REDIS_REPLY_ARRAY || r->elements != 2 || r->element[0]->type != REDIS_REPLY_STRING
		|| r->element[1]->type != REDIS_REPLY_STRING || r->element[0]->len == 0 || r->element[0]->len >= host_size
		|| memchr(r->element[0]->str, '\0', r->element[0]->len)) {
		note(err, err_size, "sentinel %s:" ZEND_LONG_FMT " gave an answer that is not an address: %s", where, s->ports[i],
			fastqueue_reply_describe(r, what, sizeof(what)));
	} else {
		char *stop;
		long p = strtol(r->element[1]->str, &stop, 10);
		if (*stop || r->element[1]->len == 0 || p < 1 || p > 65535) {
			note(err, err_size, "sentinel %s:" ZEND_LONG_FMT " gave an answer that is not an address: %s", where,
				s->ports[i], fastqueue_reply_describe(r, what, sizeof(what)));
		} else {
			memcpy(host, r->element[0]->str, r->element[0]->len);
			host[r->element[0]->len] = '\0';
			*port = p;
			ok = SUCCESS;
		}
	}
	if (r) freeReplyObject(r);
	redisFree(ctx);
	return ok;
}

zend_result fastqueue_sentinel_find_master(const fastqueue_sentinel_options *s, double timeout,
	char *host, size_t host_size, zend_long *port, char *err, size_t err_size)
{
	struct timeval tv = fastqueue_timeval(timeout);

	err[0] = '\0';
	for (uint32_t i = 0; i < s->count; i++) {
		if (ask_sentinel(s, i, tv, host, host_size, port, err, err_size) == SUCCESS) {
			return SUCCESS;
		}
	}
	return FAILURE;
}
/* }}} */
