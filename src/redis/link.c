/* One connection to one Redis server over hiredis: connect (the socket, TLS, AUTH and SELECT
 * through session.c; with Sentinel to the master the sentinels name, checked with ROLE),
 * reconnect on the next command after a loss, commands, pipelines, EVALSHA with EVAL on
 * NOSCRIPT, deferred and pending replies. It knows nothing of clusters: cluster.c builds its
 * routing on this API. Nothing here throws: failures leave their text on the connection. */
#include "link.h"
#include "sentinel.h"
#include <hiredis/hiredis.h>
#include <errno.h>

#define CTX(c) ((redisContext *) (c)->ctx)

/* hiredis 0.14 has no sds-free length type for replies; both have ->len. */
#define REPLY_LEN(r) ((size_t) (r)->len)

void fastqueue_link_init(fastqueue_conn *c, const fastqueue_conn_options *opt)
{
	fastqueue_session_init(c, opt);
}

void fastqueue_link_free(fastqueue_conn *c)
{
	if (c->pending_reply) {
		freeReplyObject(c->pending_reply);
		c->pending_reply = NULL;
	}
	fastqueue_link_close(c);
	fastqueue_session_free(c);
}

/* Keeps the first deferred failure for the caller to act on. */
static void note_deferred_failure(fastqueue_conn *c, bool lost, const char *why)
{
	if (!c->deferred_failed) {
		snprintf(c->deferred_err, sizeof(c->deferred_err), "%s", why);
	}
	c->deferred_failed = true;
	c->deferred_lost = c->deferred_lost || lost;
}

void fastqueue_link_close(fastqueue_conn *c)
{
	if (c->deferred) {
		note_deferred_failure(c, true, c->err_kind == FASTQUEUE_ERR_CONNECTION && c->err[0] ? c->err
			: "the connection closed before their replies were read");
		c->deferred = 0;
	}
	if (c->pending && !c->pending_reply) {
		c->pending_lost = true;
	}
	fastqueue_session_close(c);
}

#define set_error fastqueue_session_error
#define endpoint fastqueue_session_endpoint

/* A context-level failure (I/O, EOF, timeout): the connection is unusable. */
static void fail_from_context(fastqueue_conn *c, const char *doing)
{
	fastqueue_session_lost(c, doing);
	fastqueue_link_close(c);
}

/* The reply being read could not be had (I/O, EOF, timeout, or bytes that are not RESP):
 * named after its command when known. */
static void fail_reading(fastqueue_conn *c)
{
	char doing[64];

	if (c->reading) {
		fastqueue_format(doing, sizeof(doing), "reading the reply to %.*s", (int) MIN(c->reading_len, 32), c->reading);
		fail_from_context(c, doing);
	} else {
		fail_from_context(c, "reading a reply");
	}
}


/* The sentinels named the master, but their view can lag behind a failover: a server that
 * is not a master now would refuse every write. ROLE says what it is. */
static zend_result check_master(fastqueue_conn *c)
{
	char ep[300];
	redisReply *r;
	char role[FASTQUEUE_REPLY_DESCRIPTION];
	fastqueue_args a;
	zend_result ok;

	fastqueue_args_init(&a);
	fastqueue_args_add(&a, "ROLE", 4);
	ok = fastqueue_session_call(c, &a, "asking its role", &r);
	fastqueue_args_free(&a);
	if (ok == FAILURE) {
		return FAILURE;
	}
	if (r->type != REDIS_REPLY_ARRAY || r->elements < 1 || r->element[0]->type != REDIS_REPLY_STRING
			|| REPLY_LEN(r->element[0]) != 6 || memcmp(r->element[0]->str, "master", 6) != 0) {
		/* The role's name when it gave one, else what came back. */
		if (r->type == REDIS_REPLY_ARRAY && r->elements >= 1 && r->element[0]->type == REDIS_REPLY_STRING) {
			fastqueue_reply_escape(r->element[0]->str, REPLY_LEN(r->element[0]), role, sizeof(role));
		} else if (r->type == REDIS_REPLY_ERROR) {
			fastqueue_reply_escape(r->str, REPLY_LEN(r), role, sizeof(role));
		} else {
			fastqueue_reply_describe(r, role, sizeof(role));
		}
		set_error(c, FASTQUEUE_ERR_CONNECTION, "Redis at %s is not a master (ROLE: %s); the sentinels will be asked again",
			endpoint(c, ep, sizeof(ep)), role);
		freeReplyObject(r);
		fastqueue_link_close(c);
		return FAILURE;
	}
	freeReplyObject(r);
	return SUCCESS;
}

/* With Sentinel: where the master is now, into master_host/master_port. */
static zend_result find_master(fastqueue_conn *c)
{
	char why[sizeof(c->err) - 64];

	c->master_host[0] = '\0';
	if (fastqueue_sentinel_find_master(&c->opt.sentinel, c->opt.connect_timeout, c->master_host,
			sizeof(c->master_host), &c->master_port, why, sizeof(why)) == FAILURE) {
		c->master_host[0] = '\0';
		set_error(c, FASTQUEUE_ERR_CONNECTION, "Cannot find the master \"%s\" by Sentinel: %s",
			ZSTR_VAL(c->opt.sentinel.service), why);
		return FAILURE;
	}
	return SUCCESS;
}

zend_result fastqueue_link_connect(fastqueue_conn *c)
{
	zend_result ok;

	fastqueue_link_close(c);
	if (c->opt.sentinel.count) {
		if (find_master(c) == FAILURE) {
			return FAILURE;
		}
		ok = fastqueue_session_open(c, c->master_host, c->master_port);
	} else if (c->opt.socket) {
		ok = fastqueue_session_open(c, NULL, 0);
	} else {
		ok = fastqueue_session_open(c, c->opt.host ? ZSTR_VAL(c->opt.host) : "127.0.0.1", c->opt.port);
	}
	if (ok == FAILURE) {
		return FAILURE;
	}
	if (c->opt.sentinel.count && check_master(c) == FAILURE) {
		return FAILURE;
	}
	c->err_kind = FASTQUEUE_ERR_NONE;
	c->err[0] = '\0';
	return SUCCESS;
}

void fastqueue_link_set_read_timeout(fastqueue_conn *c, double seconds)
{
	fastqueue_session_set_read_timeout(c, seconds);
}

static zend_result ensure_connected(fastqueue_conn *c)
{
	if (c->ctx && CTX(c)->err == 0) {
		return SUCCESS;
	}
	return fastqueue_link_connect(c);
}

static bool reply_starts_with(const redisReply *r, const char *word, size_t len)
{
	return REPLY_LEN(r) >= len && memcmp(r->str, word, len) == 0;
}

/* Turns an error reply into the connection's error. A command error keeps the connection.
 * A server that wants a password we were not given is a connection problem, as a refused
 * AUTH is: the session is useless, and a worker should back off and reconnect. Redis says so
 * with NOAUTH, or, for a command of more than 10 arguments (the pop script), with a protocol
 * error. After any protocol error Redis closes the connection: so do we. */
static zend_result check_reply(fastqueue_conn *c, redisReply *r)
{
	char ep[300];

	if (r->type != REDIS_REPLY_ERROR) {
		return SUCCESS;
	}
	if (reply_starts_with(r, "NOAUTH", 6)) {
		set_error(c, FASTQUEUE_ERR_CONNECTION, "Redis at %s requires authentication: %.*s",
			endpoint(c, ep, sizeof(ep)), (int) REPLY_LEN(r), r->str);
		fastqueue_link_close(c);
	} else if (reply_starts_with(r, "ERR Protocol error: unauthenticated", 35)) {
		set_error(c, FASTQUEUE_ERR_CONNECTION, "Redis at %s requires authentication: NOAUTH (it answered: %.*s)",
			endpoint(c, ep, sizeof(ep)), (int) REPLY_LEN(r), r->str);
		fastqueue_link_close(c);
	} else if (c->opt.sentinel.count && reply_starts_with(r, "READONLY", 8)) {
		/* The master became a replica (a failover): connect again, to the master the
		 * sentinels name now. */
		set_error(c, FASTQUEUE_ERR_CONNECTION, "Redis at %s is a replica now: %.*s; the sentinels will be asked again",
			endpoint(c, ep, sizeof(ep)), (int) REPLY_LEN(r), r->str);
		fastqueue_link_close(c);
	} else {
		set_error(c, FASTQUEUE_ERR_REPLY, "Redis error: %.*s", (int) REPLY_LEN(r), r->str);
		if (reply_starts_with(r, "ERR Protocol error", 18)) {
			fastqueue_link_close(c);
		}
	}
	return FAILURE;
}

/* A reply read for the caller: checked as check_reply() does, freed if it failed, else handed out. */
static zend_result hand_out_reply(fastqueue_conn *c, redisReply *r, fastqueue_reply **out)
{
	if (check_reply(c, r) == FAILURE) {
		freeReplyObject(r);
		return FAILURE;
	}
	*out = r;
	return SUCCESS;
}

/* "<mark><n>\r\n" without printf, which costs more than the rest of the command. */
static char *put_header(char *p, char mark, size_t n)
{
	*p++ = mark;
	p = fastqueue_put_digits(p, n);
	*p++ = '\r';
	*p++ = '\n';
	return p;
}

/* The most a command takes in RESP (its headers at their longest). */
static size_t command_size_max(const fastqueue_args *a)
{
	size_t len = 1 + 20 + 2;

	for (int i = 0; i < a->argc; i++) {
		len += 1 + 20 + 2 + a->len[i] + 2;
	}
	return len;
}

/* A command in RESP at p; returns the end. hiredis's own argv formatter appends piece by piece
 * and costs several times more on the per-job path. */
static char *put_command(char *p, const fastqueue_args *a)
{
	p = put_header(p, '*', (size_t) a->argc);
	for (int i = 0; i < a->argc; i++) {
		p = put_header(p, '$', a->len[i]);
		memcpy(p, a->argv[i], a->len[i]);
		p += a->len[i];
		*p++ = '\r';
		*p++ = '\n';
	}
	return p;
}

/* Queues commands cmds[0..n) in one buffer and one append to hiredis's output buffer: each
 * append costs hiredis a copy and often a realloc, and a job's start mark is four commands. */
static zend_result append_commands(fastqueue_conn *c, const fastqueue_args *cmds, int n)
{
	size_t len = 0;
	char *buf, *p;
	int rc;

	if (ensure_connected(c) == FAILURE) {
		return FAILURE;
	}
	for (int i = 0; i < n; i++) {
		len += command_size_max(&cmds[i]);
	}
	p = buf = emalloc(len);
	for (int i = 0; i < n; i++) {
		p = put_command(p, &cmds[i]);
	}
	rc = redisAppendFormattedCommand(CTX(c), buf, (size_t) (p - buf));
	efree(buf);
	if (rc != REDIS_OK) {
		fail_from_context(c, "sending a command");
		return FAILURE;
	}
	return SUCCESS;
}

zend_result fastqueue_link_append(fastqueue_conn *c, const fastqueue_args *a)
{
	return append_commands(c, a, 1);
}

/* The replies of deferred commands are only looked at for an error (check_reply): hiredis
 * builds them with these functions, which allocate nothing but a top-level error. Every other
 * reply, and every element of an array, is the one static object below, typed as a status
 * (hiredis 1.x reads the type of each reply it returns, looking for RESP3 pushes). Building
 * and freeing the four replies of a job's start mark cost more than the rest of it. */
static redisReply deferred_ok = {.type = REDIS_REPLY_STATUS};

static void *deferred_string(const redisReadTask *task, char *str, size_t len)
{
	redisReply *r;

	if (task->type != REDIS_REPLY_ERROR || task->parent) {
		return &deferred_ok;
	}
	/* malloc, not emalloc: the reader may free it when the context is freed, at shutdown too. */
	if (!(r = calloc(1, sizeof(*r))) || !(r->str = malloc(len + 1))) {
		free(r);
		return NULL; /* hiredis reports "Out of memory" */
	}
	memcpy(r->str, str, len);
	r->str[len] = '\0';
	r->len = len;
	r->type = REDIS_REPLY_ERROR;
	return r;
}

#if HIREDIS_MAJOR >= 1
typedef size_t deferred_array_len;
#else
typedef int deferred_array_len;
#endif

static void *deferred_array(const redisReadTask *task, deferred_array_len elements)
{
	(void) task;
	(void) elements;
	return &deferred_ok;
}

static void *deferred_integer(const redisReadTask *task, long long value)
{
	(void) task;
	(void) value;
	return &deferred_ok;
}

static void *deferred_nil(const redisReadTask *task)
{
	(void) task;
	return &deferred_ok;
}

#if HIREDIS_MAJOR >= 1
static void *deferred_double(const redisReadTask *task, double value, char *str, size_t len)
{
	(void) task;
	(void) value;
	(void) str;
	(void) len;
	return &deferred_ok;
}

static void *deferred_bool(const redisReadTask *task, int value)
{
	(void) task;
	(void) value;
	return &deferred_ok;
}
#endif

static void deferred_free(void *obj)
{
	redisReply *r = obj;

	if (r && r != &deferred_ok) {
		free(r->str);
		free(r);
	}
}

static redisReplyObjectFunctions deferred_functions = {
	.createString = deferred_string,
	.createArray = deferred_array,
	.createInteger = deferred_integer,
	.createNil = deferred_nil,
#if HIREDIS_MAJOR >= 1
	.createDouble = deferred_double,
	.createBool = deferred_bool,
#endif
	.freeObject = deferred_free,
};

/* Reads one reply owed to a deferred command. FAILURE only when the connection is gone. */
static zend_result read_deferred(fastqueue_conn *c)
{
	redisReader *reader = CTX(c)->reader;
	redisReplyObjectFunctions *usual = reader->fn;
	void *r = NULL;

	reader->fn = &deferred_functions;
	if (redisGetReply(CTX(c), &r) != REDIS_OK || !r) {
		/* The context is freed here, with the reader's part-built reply, if any: so while it
		 * still has the functions that built that reply. */
		fail_from_context(c, "reading a reply");
		return FAILURE;
	}
	reader->fn = usual;
	c->deferred--;
	if (check_reply(c, r) == FAILURE) {
		note_deferred_failure(c, false, c->err);
		if (c->ctx) {
			/* The command whose reply comes next has not failed. */
			c->err_kind = FASTQUEUE_ERR_NONE;
			c->err[0] = '\0';
		}
	}
	deferred_free(r);
	return c->ctx ? SUCCESS : FAILURE;
}

static bool awaiting_pending(const fastqueue_conn *c)
{
	return c->pending && !c->pending_reply && !c->pending_lost;
}

/* Reads the pending command's reply and keeps it, error or not, for take_pending. */
static zend_result read_pending(fastqueue_conn *c)
{
	void *r = NULL;
	const char *was = c->reading;
	size_t was_len = c->reading_len;
	bool failed;

	c->reading = "EVALSHA";
	c->reading_len = 7;
	if ((failed = redisGetReply(CTX(c), &r) != REDIS_OK || !r)) {
		fail_reading(c);
	}
	c->reading = was;
	c->reading_len = was_len;
	if (failed) {
		return FAILURE;
	}
	c->pending_reply = r;
	return SUCCESS;
}

zend_result fastqueue_link_drain(fastqueue_conn *c)
{
	while (c->deferred || awaiting_pending(c)) {
		if (!c->ctx) {
			return FAILURE;
		}
		if (awaiting_pending(c) && c->pending_after == 0) {
			if (read_pending(c) == FAILURE) {
				return FAILURE;
			}
			continue;
		}
		if (read_deferred(c) == FAILURE) {
			return FAILURE;
		}
		if (awaiting_pending(c)) {
			c->pending_after--;
		}
	}
	return SUCCESS;
}

bool fastqueue_link_deferred_failure(fastqueue_conn *c, bool *lost)
{
	bool failed = c->deferred_failed;
	*lost = c->deferred_lost;
	c->deferred_failed = c->deferred_lost = false;
	return failed;
}

zend_result fastqueue_link_flush(fastqueue_conn *c)
{
	int done = 0;

	if (!c->ctx) {
		return FAILURE;
	}
	while (!done) {
		if (redisBufferWrite(CTX(c), &done) != REDIS_OK) {
			fail_from_context(c, "sending a command");
			return FAILURE;
		}
	}
	return SUCCESS;
}

zend_result fastqueue_link_read(fastqueue_conn *c, fastqueue_reply **out)
{
	void *r = NULL;
	*out = NULL;
	if (!c->ctx) {
		/* An earlier failure in the same pipeline already closed it. */
		return FAILURE;
	}
	if (fastqueue_link_drain(c) == FAILURE) {
		return FAILURE;
	}
	if (redisGetReply(CTX(c), &r) != REDIS_OK || !r) {
		fail_reading(c);
		return FAILURE;
	}
	return hand_out_reply(c, r, out);
}

zend_result fastqueue_link_read_reply_to(fastqueue_conn *c, const char *command, fastqueue_reply **out)
{
	zend_result ok;

	c->reading = command;
	c->reading_len = strlen(command);
	ok = fastqueue_link_read(c, out);
	c->reading = NULL;
	return ok;
}

zend_result fastqueue_link_command(fastqueue_conn *c, const fastqueue_args *a, fastqueue_reply **out)
{
	zend_result ok;

	*out = NULL;
	if (fastqueue_link_append(c, a) == FAILURE) {
		return FAILURE;
	}
	c->reading = a->argv[0];
	c->reading_len = a->len[0];
	ok = fastqueue_link_read(c, out);
	c->reading = NULL;
	return ok;
}

zend_result fastqueue_link_command_offthread(fastqueue_conn *c, int argc, const char **argv, const size_t *len,
	fastqueue_reply **out)
{
	redisReply *r;

	*out = NULL;
	if (ensure_connected(c) == FAILURE) {
		return FAILURE;
	}
	/* hiredis's own formatter and malloc: format_command's buffer comes from the Zend heap. */
	c->reading = argv[0];
	c->reading_len = len[0];
	r = redisCommandArgv(CTX(c), argc, argv, len);
	if (!r) {
		fail_reading(c);
	}
	c->reading = NULL;
	if (!r) {
		return FAILURE;
	}
	return hand_out_reply(c, r, out);
}

/* Builds EVALSHA/EVAL sha-or-source numkeys keys... args... */
static void eval_args(fastqueue_args *out, const fastqueue_script *s, bool by_sha, int numkeys,
	const fastqueue_args *ka, char *nk, size_t nk_size)
{
	fastqueue_args_init(out);
	if (by_sha) {
		fastqueue_args_add(out, "EVALSHA", 7);
		fastqueue_args_add(out, s->sha1, 40);
	} else {
		fastqueue_args_add(out, "EVAL", 4);
		fastqueue_args_add(out, s->source, s->len);
	}
	fastqueue_args_add(out, nk, fastqueue_format(nk, nk_size, "%d", numkeys));
	for (int i = 0; i < ka->argc; i++) {
		fastqueue_args_add(out, ka->argv[i], ka->len[i]);
	}
}

zend_result fastqueue_link_defer_all(fastqueue_conn *c, const fastqueue_args *cmds, int n)
{
	if (append_commands(c, cmds, n) == FAILURE) {
		return FAILURE;
	}
	c->deferred += (uint32_t) n;
	return SUCCESS;
}

static bool is_noscript(const fastqueue_conn *c)
{
	return c->err_kind == FASTQUEUE_ERR_REPLY && strncmp(c->err, "Redis error: NOSCRIPT", 21) == 0;
}

zend_result fastqueue_link_eval(fastqueue_conn *c, const fastqueue_script *s, int numkeys,
	const fastqueue_args *ka, fastqueue_link_before before, void *arg, fastqueue_reply **out)
{
	fastqueue_args a;
	char nk[16];
	zend_result ok;

	*out = NULL;
	eval_args(&a, s, true, numkeys, ka, nk, sizeof(nk));
	ok = (before && before(c, arg) == FAILURE) ? FAILURE : fastqueue_link_command(c, &a, out);
	fastqueue_args_free(&a);
	if (ok == FAILURE && is_noscript(c)) {
		/* SCRIPT FLUSH or a restarted server: send the source once; Redis caches it again.
		 * before again too (a cluster's ASKING admits one command only). */
		eval_args(&a, s, false, numkeys, ka, nk, sizeof(nk));
		ok = (before && before(c, arg) == FAILURE) ? FAILURE : fastqueue_link_command(c, &a, out);
		fastqueue_args_free(&a);
	}
	if (ok == SUCCESS) {
		c->scripts_loaded |= (uint64_t) 1 << s->index;
	}
	return ok;
}

zend_result fastqueue_link_eval_send_pending(fastqueue_conn *c, const fastqueue_script *s,
	int numkeys, const fastqueue_args *ka)
{
	fastqueue_args a;
	char nk[16];
	zend_result ok;

	if (c->pending) {
		set_error(c, FASTQUEUE_ERR_PROTOCOL, "A pending command is already out");
		return FAILURE;
	}
	eval_args(&a, s, true, numkeys, ka, nk, sizeof(nk));
	ok = fastqueue_link_append(c, &a);
	fastqueue_args_free(&a);
	if (ok == FAILURE) {
		return FAILURE;
	}
	c->pending = true;
	c->pending_lost = false;
	c->pending_after = c->deferred;
	/* A failed write closed the connection: the call is lost, and take_pending says so. */
	fastqueue_link_flush(c);
	return SUCCESS;
}

zend_result fastqueue_link_take_pending(fastqueue_conn *c, fastqueue_reply **out)
{
	redisReply *r;

	*out = NULL;
	if (!c->pending) {
		set_error(c, FASTQUEUE_ERR_PROTOCOL, "No pending command");
		return FAILURE;
	}
	if (awaiting_pending(c)) {
		/* Reads the deferred replies ahead of it, then it (and those behind it). */
		fastqueue_link_drain(c);
	}
	c->pending = false;
	r = c->pending_reply;
	c->pending_reply = NULL;
	if (!r) {
		c->pending_lost = false;
		if (c->err_kind != FASTQUEUE_ERR_CONNECTION) {
			set_error(c, FASTQUEUE_ERR_CONNECTION, "The connection closed before the reply was read");
		}
		return FAILURE;
	}
	return hand_out_reply(c, r, out);
}

bool fastqueue_link_is_noscript(const fastqueue_conn *c)
{
	return is_noscript(c);
}

const char *fastqueue_hiredis_version(void)
{
	return ZEND_TOSTR(HIREDIS_MAJOR) "." ZEND_TOSTR(HIREDIS_MINOR) "." ZEND_TOSTR(HIREDIS_PATCH);
}
