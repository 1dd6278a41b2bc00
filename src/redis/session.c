/* A session with one Redis server over hiredis: the socket (TCP or unix), the TLS handshake
 * (through tls.c), AUTH and SELECT, one blocking command at a time; and the connection's error
 * text and endpoint. The single connection (link.c) opens every server's socket through here,
 * and Sentinel (sentinel.c) each sentinel's, so both authenticate with the same code and
 * report it with the same text. Nothing here throws: failures leave their text on c. */
#include "session.h"
#include "tls.h"
#include "seconds.h"
#include <hiredis/hiredis.h>
#include <errno.h>

#define CTX(c) ((redisContext *) (c)->ctx)

/* hiredis 0.14 has no sds-free length type for replies; both have ->len. */
#define REPLY_LEN(r) ((size_t) (r)->len)

void fastqueue_session_init(fastqueue_conn *c, const fastqueue_conn_options *opt)
{
	memset(c, 0, sizeof(*c));
	fastqueue_conn_options_copy(&c->opt, opt);
}

void fastqueue_session_free(fastqueue_conn *c)
{
	fastqueue_session_close(c);
	fastqueue_tls_context_free(c->tls_ctx);
	c->tls_ctx = NULL;
	fastqueue_conn_options_free(&c->opt);
	memset(&c->opt, 0, sizeof(c->opt));
}

void fastqueue_session_close(fastqueue_conn *c)
{
	if (c->ctx) {
		redisFree(CTX(c));
		c->ctx = NULL;
	}
	c->scripts_loaded = 0;
}

void fastqueue_session_error(fastqueue_conn *c, fastqueue_err_kind kind, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(c->err, sizeof(c->err), fmt, ap);
	va_end(ap);
	c->err_kind = kind;
	if (c->on_error) {
		/* Its owner (a cluster, for a node) learns of it at once, as it may hold callers. */
		c->on_error(c);
	}
}

#define set_error fastqueue_session_error

const char *fastqueue_session_endpoint(const fastqueue_conn *c, char *buf, size_t size)
{
	if (c->opt.sentinel.count) {
		if (c->master_host[0]) {
			snprintf(buf, size, "%s:" ZEND_LONG_FMT " (master \"%s\" by Sentinel)", c->master_host, c->master_port,
				ZSTR_VAL(c->opt.sentinel.service));
		} else {
			snprintf(buf, size, "master \"%s\" by Sentinel", ZSTR_VAL(c->opt.sentinel.service));
		}
	} else if (c->opt.socket) {
		snprintf(buf, size, "unix:%s", ZSTR_VAL(c->opt.socket));
	} else {
		snprintf(buf, size, "%s:" ZEND_LONG_FMT, c->opt.host ? ZSTR_VAL(c->opt.host) : "127.0.0.1", c->opt.port);
	}
	return buf;
}

#define endpoint fastqueue_session_endpoint

/* Any double gives a valid timeval: read_timeout and connect_timeout have no upper bound,
 * and block_for adds read_timeout to its wait. */
static struct timeval to_timeval(double seconds)
{
	return fastqueue_timeval(seconds);
}

void fastqueue_session_set_read_timeout(fastqueue_conn *c, double seconds)
{
	if (c->ctx) {
		/* hiredis treats a zero timeval as "no timeout". */
		redisSetTimeout(CTX(c), to_timeval(seconds > 0 ? seconds : 0));
	}
}

void fastqueue_session_lost(fastqueue_conn *c, const char *doing)
{
	char ep[300];
	const char *why = CTX(c) && CTX(c)->errstr[0] ? CTX(c)->errstr : "unknown error";
	char tls_why[256] = "";
	if (CTX(c) && CTX(c)->err == REDIS_ERR_IO && (errno == EAGAIN || errno == EWOULDBLOCK)) {
		why = "read timed out";
	}
	if (c->opt.tls.enabled) {
		/* The socket error alone ("Connection reset by peer") hides a TLS alert such as
		 * the server's "certificate required". */
		fastqueue_tls_last_error(tls_why, sizeof(tls_why));
	}
	set_error(c, FASTQUEUE_ERR_CONNECTION, "Redis connection to %s lost while %s: %s%s%s%s",
		endpoint(c, ep, sizeof(ep)), doing, why, tls_why[0] ? " (TLS: " : "", tls_why, tls_why[0] ? ")" : "");
}

/* A context-level failure while the session is set up: the socket is of no use. */
static void fail_from_context(fastqueue_conn *c, const char *doing)
{
	fastqueue_session_lost(c, doing);
	fastqueue_session_close(c);
}

/* Runs a setup command (AUTH, SELECT) right after connecting. */
static zend_result setup_command(fastqueue_conn *c, const fastqueue_args *a, const char *what)
{
	char ep[300];
	redisReply *r;

	c->reading = a->argv[0];
	c->reading_len = a->len[0];
	r = redisCommandArgv(CTX(c), a->argc, a->argv, a->len);
	c->reading = NULL;
	if (!r) {
		fail_from_context(c, what);
		return FAILURE;
	}
	if (r->type == REDIS_REPLY_ERROR) {
		set_error(c, FASTQUEUE_ERR_CONNECTION, "Redis at %s refused %s: %.*s",
			endpoint(c, ep, sizeof(ep)), what, (int) REPLY_LEN(r), r->str);
		freeReplyObject(r);
		fastqueue_session_close(c);
		return FAILURE;
	}
	if (r->type != REDIS_REPLY_STATUS || REPLY_LEN(r) != 2 || memcmp(r->str, "OK", 2) != 0) {
		/* Not Redis, or not a Redis in a state we know: the session this should set up does
		 * not exist, so the connection is of no use (the command's name only: AUTH's
		 * arguments hold the password). */
		char got[FASTQUEUE_REPLY_DESCRIPTION];
		set_error(c, FASTQUEUE_ERR_CONNECTION, "Unexpected reply to %s from %s: %s (expected +OK)",
			a->argv[0], endpoint(c, ep, sizeof(ep)), fastqueue_reply_describe(r, got, sizeof(got)));
		freeReplyObject(r);
		fastqueue_session_close(c);
		return FAILURE;
	}
	freeReplyObject(r);
	return SUCCESS;
}

static zend_result authenticate(fastqueue_conn *c)
{
	fastqueue_args a;
	zend_result ok;
	if (!c->opt.password) {
		return SUCCESS;
	}
	fastqueue_args_init(&a);
	fastqueue_args_add(&a, "AUTH", 4);
	if (c->opt.username) {
		fastqueue_args_add_str(&a, c->opt.username);
	}
	fastqueue_args_add_str(&a, c->opt.password);
	ok = setup_command(c, &a, "authentication");
	fastqueue_args_free(&a);
	return ok;
}

static zend_result select_database(fastqueue_conn *c)
{
	fastqueue_args a;
	char db[24];
	zend_result ok;
	if (c->opt.database == 0) {
		return SUCCESS;
	}
	fastqueue_args_init(&a);
	fastqueue_args_add(&a, "SELECT", 6);
	fastqueue_args_add(&a, db, fastqueue_format(db, sizeof(db), ZEND_LONG_FMT, c->opt.database));
	ok = setup_command(c, &a, "SELECT");
	fastqueue_args_free(&a);
	return ok;
}

/* The handshake on every new socket, reconnects included (never redisReconnect, which drops
 * the TLS state), before AUTH: so a password only ever travels encrypted. The socket timeout
 * is set first, or a handshake with a server that does not answer it (a plain port) would
 * wait for ever; connect_timeout bounds it as it bounds the TCP connect. */
static zend_result start_tls(fastqueue_conn *c)
{
	char ep[300], why[400];

	redisSetTimeout(CTX(c), to_timeval(c->opt.connect_timeout));
	if (fastqueue_tls_handshake(c->ctx, &c->tls_ctx, &c->opt, why, sizeof(why)) == FAILURE) {
		set_error(c, FASTQUEUE_ERR_CONNECTION, "TLS to Redis at %s failed: %s", endpoint(c, ep, sizeof(ep)), why);
		fastqueue_session_close(c);
		return FAILURE;
	}
	return SUCCESS;
}

zend_result fastqueue_session_open(fastqueue_conn *c, const char *host, zend_long port)
{
	char ep[300];
	struct timeval tv = to_timeval(c->opt.connect_timeout);
	redisContext *ctx;

	fastqueue_session_close(c);
	if (host) {
		ctx = redisConnectWithTimeout(host, (int) port, tv);
	} else {
		ctx = redisConnectUnixWithTimeout(ZSTR_VAL(c->opt.socket), tv);
	}
	if (!ctx) {
		set_error(c, FASTQUEUE_ERR_CONNECTION, "Cannot connect to Redis at %s: out of memory", endpoint(c, ep, sizeof(ep)));
		return FAILURE;
	}
	if (ctx->err) {
		set_error(c, FASTQUEUE_ERR_CONNECTION, "Cannot connect to Redis at %s: %s", endpoint(c, ep, sizeof(ep)), ctx->errstr);
		redisFree(ctx);
		return FAILURE;
	}
	c->ctx = ctx;
	if (c->opt.tls.enabled && start_tls(c) == FAILURE) {
		return FAILURE;
	}
	fastqueue_session_set_read_timeout(c, c->opt.read_timeout);
	if (authenticate(c) == FAILURE || select_database(c) == FAILURE) {
		return FAILURE;
	}
	return SUCCESS;
}

zend_result fastqueue_session_call(fastqueue_conn *c, const fastqueue_args *a, const char *doing, fastqueue_reply **out)
{
	redisReply *r = redisCommandArgv(CTX(c), a->argc, a->argv, a->len);

	*out = r;
	if (!r) {
		fail_from_context(c, doing);
		return FAILURE;
	}
	return SUCCESS;
}
