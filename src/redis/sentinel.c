/* Redis Sentinel: the "sentinel" option, and asking the sentinels where the master is. The
 * connection (conn.c) asks before every connect, so a reconnect after a failover finds the
 * new master; it then checks with ROLE that the server is a master, as the sentinels' view may
 * lag behind. */
#include "sentinel.h"
#include "options.h"
#include "reply.h"
#include <hiredis/hiredis.h>
#include <stdarg.h>

/* {{{ the option */
static zend_result read_nodes(zval *v, fastqueue_sentinel_options *out)
{
	zval *node;
	uint32_t n;

	if (Z_TYPE_P(v) != IS_ARRAY) {
		zend_argument_type_error(1, "option \"sentinel.nodes\" must be of type array, %s given", zend_zval_type_name(v));
		return FAILURE;
	}
	n = zend_hash_num_elements(Z_ARRVAL_P(v));
	if (n == 0) {
		zend_argument_value_error(1, "option \"sentinel.nodes\" must name at least one sentinel");
		return FAILURE;
	}
	out->hosts = ecalloc(n, sizeof(*out->hosts));
	out->ports = ecalloc(n, sizeof(*out->ports));
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(v), node) {
		ZVAL_DEREF(node);
		if (Z_TYPE_P(node) != IS_STRING) {
			zend_argument_type_error(1, "option \"sentinel.nodes\" must contain strings (host:port), %s found",
				zend_zval_type_name(node));
			return FAILURE;
		}
		if (fastqueue_parse_node(Z_STR_P(node), FASTQUEUE_SENTINEL_DEFAULT_PORT, NULL,
				&out->hosts[out->count], &out->ports[out->count]) == FAILURE) {
			/* A node written as a url may carry credentials (user:pass@, ?password=): not shown. */
			if (strpbrk(ZSTR_VAL(Z_STR_P(node)), "@?")) {
				zend_argument_value_error(1, "option \"sentinel.nodes\" contains, at position %u, a node that is not "
					"host, host:port or tcp://host:port (not shown: it may hold a password)", out->count + 1);
			} else {
				zend_argument_value_error(1, "option \"sentinel.nodes\" contains \"%s\", which is not host, host:port "
					"or tcp://host:port", ZSTR_VAL(Z_STR_P(node)));
			}
			return FAILURE;
		}
		out->count++;
	} ZEND_HASH_FOREACH_END();
	return SUCCESS;
}

zend_result fastqueue_sentinel_read_option(zval *v, fastqueue_sentinel_options *out)
{
	zend_string *key;
	zval *item;

	fastqueue_sentinel_options_free(out);
	if (Z_TYPE_P(v) == IS_NULL) {
		return SUCCESS;
	}
	if (Z_TYPE_P(v) != IS_ARRAY) {
		zend_argument_type_error(1, "option \"sentinel\" must be of type array|null, %s given", zend_zval_type_name(v));
		return FAILURE;
	}
	ZEND_HASH_FOREACH_STR_KEY_VAL(Z_ARRVAL_P(v), key, item) {
		zend_result ok;
		ZVAL_DEREF(item);
		if (!key) {
			zend_argument_value_error(1, "option \"sentinel\" must be an array with string keys");
			return FAILURE;
		}
		if (zend_string_equals_literal(key, "nodes")) {
			if (out->count) {
				fastqueue_sentinel_options_free(out);
			}
			ok = read_nodes(item, out);
		} else if (zend_string_equals_literal(key, "service")) {
			ok = fastqueue_opt_string(item, 1, "sentinel.service", false, false, &out->service);
		} else if (zend_string_equals_literal(key, "username")) {
			ok = fastqueue_opt_string(item, 1, "sentinel.username", true, true, &out->username);
		} else if (zend_string_equals_literal(key, "password")) {
			ok = fastqueue_opt_string(item, 1, "sentinel.password", true, true, &out->password);
		} else {
			zend_argument_value_error(1, "option \"sentinel\" contains unknown key \"%s\" (known: nodes, service, "
				"username, password)", ZSTR_VAL(key));
			return FAILURE;
		}
		if (ok == FAILURE) {
			return FAILURE;
		}
	} ZEND_HASH_FOREACH_END();
	if (!out->count) {
		zend_argument_value_error(1, "option \"sentinel\" needs \"nodes\", the sentinels' addresses");
		return FAILURE;
	}
	if (!out->service) {
		zend_argument_value_error(1, "option \"sentinel\" needs \"service\", the master's name");
		return FAILURE;
	}
	return SUCCESS;
}

void fastqueue_sentinel_options_copy(fastqueue_sentinel_options *dst, const fastqueue_sentinel_options *src)
{
	memset(dst, 0, sizeof(*dst));
	if (!src->count) {
		return;
	}
	dst->count = src->count;
	dst->hosts = safe_emalloc(src->count, sizeof(*dst->hosts), 0);
	dst->ports = safe_emalloc(src->count, sizeof(*dst->ports), 0);
	for (uint32_t i = 0; i < src->count; i++) {
		dst->hosts[i] = zend_string_copy(src->hosts[i]);
		dst->ports[i] = src->ports[i];
	}
	dst->service = src->service ? zend_string_copy(src->service) : NULL;
	dst->username = src->username ? zend_string_copy(src->username) : NULL;
	dst->password = src->password ? zend_string_copy(src->password) : NULL;
}

void fastqueue_sentinel_options_free(fastqueue_sentinel_options *o)
{
	for (uint32_t i = 0; i < o->count; i++) {
		zend_string_release(o->hosts[i]);
	}
	if (o->hosts) efree(o->hosts);
	if (o->ports) efree(o->ports);
	if (o->service) zend_string_release(o->service);
	if (o->username) zend_string_release(o->username);
	if (o->password) zend_string_release(o->password);
	memset(o, 0, sizeof(*o));
}
/* }}} */

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
