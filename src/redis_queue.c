/* FastQueue\RedisQueue: push, later, bulk, pop, sizes and clear over Laravel's keys:
 * queues:NAME (list), :delayed and :reserved (zsets), :notify (list), behind the prefix. */
#include "php_fastqueue.h"
#include "redis_queue.h"
#include "reserve.h"
#include "job.h"
#include "payload.h"
#include "options.h"
#include "zend_exceptions.h"
#include "zend_interfaces.h"
#include "ext/standard/url.h"
#include "ext/date/php_date.h"
#include <math.h>
#include <sys/time.h>

static zend_object_handlers redis_queue_handlers;

/* {{{ keys */
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

bool fastqueue_queue_name_ok(const fastqueue_redis_queue *q, const zend_string *name, uint32_t arg)
{
	zend_string *key;
	bool ok;

	if (!fastqueue_conn_is_cluster(&q->conn)) {
		return true;
	}
	key = fastqueue_queue_key(q, name, "");
	ok = fastqueue_cluster_has_hash_tag(ZSTR_VAL(key), ZSTR_LEN(key));
	zend_string_release(key);
	if (!ok) {
		zend_argument_value_error(arg, "names queue \"%s\", which has no hash tag: in a Redis Cluster the keys of "
			"a queue must share one hash slot, so name it with braces, as \"{%s}\"", ZSTR_VAL(name), ZSTR_VAL(name));
	}
	return ok;
}

/* The four keys of a queue, in the order the scripts take them. */
typedef struct { zend_string *queue, *delayed, *reserved, *notify; } queue_keys;

static void queue_keys_init(queue_keys *k, const fastqueue_redis_queue *q, const zend_string *name)
{
	k->queue = fastqueue_queue_key(q, name, "");
	k->delayed = fastqueue_queue_key(q, name, ":delayed");
	k->reserved = fastqueue_queue_key(q, name, ":reserved");
	k->notify = fastqueue_queue_key(q, name, ":notify");
}

static void queue_keys_free(queue_keys *k)
{
	zend_string_release(k->queue);
	zend_string_release(k->delayed);
	zend_string_release(k->reserved);
	zend_string_release(k->notify);
}
/* }}} */

void fastqueue_queue_throw(fastqueue_redis_queue *q)
{
	zend_class_entry *ce = q->conn.err_kind == FASTQUEUE_ERR_REPLICATION ? fastqueue_ce_ReplicationException
		: q->conn.err_kind == FASTQUEUE_ERR_CONNECTION ? fastqueue_ce_ConnectionException : fastqueue_ce_RedisException;
	zend_throw_exception(ce, q->conn.err[0] ? q->conn.err : "Redis command failed", 0);
}

static double now_seconds(void)
{
	struct timeval tv;
	gettimeofday(&tv, NULL);
	return (double) tv.tv_sec + tv.tv_usec / 1e6;
}

static void add_long_arg(fastqueue_args *a, char *buf, size_t size, zend_long n)
{
	fastqueue_args_add(a, buf, fastqueue_format(buf, size, ZEND_LONG_FMT, n));
}

/* {{{ options */
static zend_string *url_decoded(zend_string *s)
{
	zend_string *d = zend_string_init(ZSTR_VAL(s), ZSTR_LEN(s), 0);
	ZSTR_LEN(d) = php_raw_url_decode(ZSTR_VAL(d), ZSTR_LEN(d));
	return d;
}

/* php_url_parse refuses an empty host for any scheme but file://, so unix:///path is ours to read. */
static bool parse_unix_url(zend_string *url, fastqueue_conn_options *o)
{
	static const char prefix[] = "unix://";
	size_t n = sizeof(prefix) - 1;

	if (ZSTR_LEN(url) <= n || strncasecmp(ZSTR_VAL(url), prefix, n) != 0 || ZSTR_VAL(url)[n] != '/') {
		return false;
	}
	o->socket = zend_string_init(ZSTR_VAL(url) + n, ZSTR_LEN(url) - n, 0);
	return true;
}

/* php_url reads "host:0" as no port at all (port 0), which would mean 6379: find an explicit
 * port 0 in the authority (after any user:pass@, before the path). */
static bool url_has_port_zero(const zend_string *url)
{
	const char *p = strstr(ZSTR_VAL(url), "://"), *end, *at, *colon;

	if (!p) {
		return false;
	}
	p += 3;
	end = p + strcspn(p, "/?#");
	for (at = p; at < end; at++) {
		if (*at == '@') {
			p = at + 1;
		}
	}
	if (p < end && *p == '[') { /* [ipv6]:port */
		p = memchr(p, ']', end - p);
		if (!p) {
			return false;
		}
	}
	colon = memchr(p, ':', end - p);
	if (!colon || colon + 1 == end) {
		return false;
	}
	for (p = colon + 1; p < end; p++) {
		if (*p != '0') {
			return false;
		}
	}
	return true;
}

/* redis://[user:pass@]host[:port][/db], rediss://... (TLS) or unix:///path.sock: fills the
 * connection settings. */
static zend_result parse_url_option(zend_string *url, fastqueue_conn_options *o)
{
	php_url *u;
	zend_result ok = FAILURE;

	if (parse_unix_url(url, o)) {
		return SUCCESS;
	}
	u = php_url_parse_ex(ZSTR_VAL(url), ZSTR_LEN(url));
	if (!u || !u->scheme) {
		zend_argument_value_error(1, "option \"url\" must look like redis[s]://[user:pass@]host[:port][/db] or unix:///path.sock");
		goto done;
	}
	if (zend_string_equals_literal_ci(u->scheme, "unix")) {
		if (!u->path) {
			zend_argument_value_error(1, "option \"url\" names no socket path");
			goto done;
		}
		o->socket = zend_string_copy(u->path);
	} else if (zend_string_equals_literal_ci(u->scheme, "redis") || zend_string_equals_literal_ci(u->scheme, "tcp")
		|| zend_string_equals_literal_ci(u->scheme, "rediss") || zend_string_equals_literal_ci(u->scheme, "tls")) {
		if (!u->host) {
			zend_argument_value_error(1, "option \"url\" names no host");
			goto done;
		}
		if (!u->port && url_has_port_zero(url)) {
			zend_argument_value_error(1, "option \"url\" has a port outside 1..65535");
			goto done;
		}
		o->host = zend_string_copy(u->host);
		o->tls.enabled = zend_string_equals_literal_ci(u->scheme, "rediss") || zend_string_equals_literal_ci(u->scheme, "tls");
		if (u->port) {
			o->port = u->port;
		}
		if (u->path && ZSTR_LEN(u->path) > 1) {
			const char *db = ZSTR_VAL(u->path) + 1;
			char *end;
			zend_long n = ZEND_STRTOL(db, &end, 10);
			if (*end != '\0' || n < 0) {
				zend_argument_value_error(1, "option \"url\" has a database that is not a number >= 0");
				goto done;
			}
			o->database = n;
		}
	} else {
		zend_argument_value_error(1, "option \"url\" has unsupported scheme \"%s\" (redis://, rediss:// or unix://)", ZSTR_VAL(u->scheme));
		goto done;
	}
	if (u->user && ZSTR_LEN(u->user)) {
		o->username = url_decoded(u->user);
	}
	if (u->pass) {
		o->password = url_decoded(u->pass);
	}
	ok = SUCCESS;
done:
	if (u) php_url_free(u);
	return ok;
}

/* What asked for TLS, for the messages that refuse it. */
typedef enum { TLS_BY_NONE = 0, TLS_BY_URL, TLS_BY_SCHEME, TLS_BY_HOST, TLS_BY_OPTION } tls_request;

typedef struct {
	fastqueue_conn_options conn;
	int scheme_tls;                  /* option "scheme": -1 not given, 0 tcp, 1 tls */
	bool host_tls;                   /* option "host" came as tls://host */
	bool tls_option;                 /* option "tls" asked for TLS (true or an array) */
	zend_string *prefix;
	zend_string *queue;
	zend_long retry_after;
	double block_for;
	zend_long migration_batch_size;
} queue_settings;

static void settings_free(queue_settings *s)
{
	fastqueue_conn_options_free(&s->conn);
	if (s->prefix) zend_string_release(s->prefix);
	if (s->queue) zend_string_release(s->queue);
}

/* Option "tls": true, or an array of PHP's SSL context option names; false and null ask for
 * nothing. A key outside the list is refused by name: a misspelt verify_peer must not leave
 * verification on or off behind the user's back. */
static zend_result read_tls_option(queue_settings *s, zval *v)
{
	fastqueue_tls_options *t = &s->conn.tls;
	zend_string *key;
	zval *item;

	if (Z_TYPE_P(v) == IS_NULL || Z_TYPE_P(v) == IS_FALSE) {
		s->tls_option = false;
		return SUCCESS;
	}
	if (Z_TYPE_P(v) == IS_TRUE) {
		s->tls_option = true;
		return SUCCESS;
	}
	if (Z_TYPE_P(v) != IS_ARRAY) {
		zend_argument_type_error(1, "option \"tls\" must be of type array|bool|null, %s given", zend_zval_type_name(v));
		return FAILURE;
	}
	s->tls_option = true;
	ZEND_HASH_FOREACH_STR_KEY_VAL(Z_ARRVAL_P(v), key, item) {
		zend_string **str = NULL;
		bool *flag = NULL;
		char name[32];

		if (!key) {
			zend_argument_value_error(1, "option \"tls\" must be an array with string keys");
			return FAILURE;
		}
		ZVAL_DEREF(item);
		if (zend_string_equals_literal(key, "cafile")) str = &t->cafile;
		else if (zend_string_equals_literal(key, "capath")) str = &t->capath;
		else if (zend_string_equals_literal(key, "local_cert")) str = &t->local_cert;
		else if (zend_string_equals_literal(key, "local_pk")) str = &t->local_pk;
		else if (zend_string_equals_literal(key, "peer_name")) str = &t->peer_name;
		else if (zend_string_equals_literal(key, "verify_peer")) flag = &t->verify_peer;
		else if (zend_string_equals_literal(key, "verify_peer_name")) flag = &t->verify_peer_name;
		else {
			zend_argument_value_error(1, "option \"tls\" contains unknown key \"%s\" (known: cafile, capath, "
				"local_cert, local_pk, peer_name, verify_peer, verify_peer_name)", ZSTR_VAL(key));
			return FAILURE;
		}
		fastqueue_format(name, sizeof(name), "tls.%s", ZSTR_VAL(key));
		if (str ? fastqueue_opt_string(item, 1, name, true, false, str) == FAILURE
			: fastqueue_opt_bool(item, 1, name, flag) == FAILURE) {
			return FAILURE;
		}
	} ZEND_HASH_FOREACH_END();
	if (t->local_pk && !t->local_cert) {
		zend_argument_value_error(1, "option \"tls.local_pk\" needs \"tls.local_cert\" too");
		return FAILURE;
	}
	return SUCCESS;
}

/* "tcp"/"redis" or "tls"/"rediss", as Laravel's predis config writes it. */
static zend_result read_scheme_option(queue_settings *s, zval *v)
{
	if (Z_TYPE_P(v) != IS_STRING) {
		zend_argument_type_error(1, "option \"scheme\" must be of type string, %s given", zend_zval_type_name(v));
		return FAILURE;
	}
	if (zend_string_equals_literal_ci(Z_STR_P(v), "tcp") || zend_string_equals_literal_ci(Z_STR_P(v), "redis")) {
		s->scheme_tls = 0;
	} else if (zend_string_equals_literal_ci(Z_STR_P(v), "tls") || zend_string_equals_literal_ci(Z_STR_P(v), "rediss")) {
		s->scheme_tls = 1;
	} else {
		zend_argument_value_error(1, "option \"scheme\" must be \"tcp\" or \"tls\"");
		return FAILURE;
	}
	return SUCCESS;
}

/* "tls://host", as Laravel's phpredis config can write it: TLS to host. */
static zend_result read_host_option(queue_settings *s, zval *v)
{
	if (fastqueue_opt_string(v, 1, "host", true, false, &s->conn.host) == FAILURE) {
		return FAILURE;
	}
	s->host_tls = false;
	if (s->conn.host && ZSTR_LEN(s->conn.host) >= 6 && strncasecmp(ZSTR_VAL(s->conn.host), "tls://", 6) == 0) {
		zend_string *bare;
		if (ZSTR_LEN(s->conn.host) == 6) {
			zend_argument_value_error(1, "option \"host\" names no host after tls://");
			return FAILURE;
		}
		bare = zend_string_init(ZSTR_VAL(s->conn.host) + 6, ZSTR_LEN(s->conn.host) - 6, 0);
		zend_string_release(s->conn.host);
		s->conn.host = bare;
		s->host_tls = true;
	}
	return SUCCESS;
}

/* Seeds given as tls:// or rediss:// ask for TLS, as a tls:// host does. */
static zend_result read_cluster_option(queue_settings *s, zval *v)
{
	bool tls = false;

	if (fastqueue_cluster_read_option(v, &s->conn.cluster, &tls) == FAILURE) {
		return FAILURE;
	}
	s->host_tls = s->host_tls || tls;
	return SUCCESS;
}

/* A cluster is found from its seeds: what names one server does not fit beside them. */
static zend_result check_cluster_settings(HashTable *options, queue_settings *s)
{
	static const char *const single[] = {"host", "port", "socket", "url", "sentinel"};

	if (!s->conn.cluster.count) {
		return SUCCESS;
	}
	for (size_t i = 0; i < sizeof(single) / sizeof(single[0]); i++) {
		zval *v = zend_hash_str_find_deref(options, single[i], strlen(single[i]));
		if (v && Z_TYPE_P(v) != IS_NULL) {
			zend_argument_value_error(1, "options \"cluster\" and \"%s\" exclude each other: the cluster's nodes "
				"come from its seeds and its slot map", single[i]);
			return FAILURE;
		}
	}
	if (s->conn.database != 0) {
		zend_argument_value_error(1, "option \"database\" must be 0 with option \"cluster\": a Redis Cluster "
			"has database 0 only");
		return FAILURE;
	}
	return SUCCESS;
}

static zend_result read_option(queue_settings *s, zend_string *key, zval *v)
{
	const char *k = ZSTR_VAL(key);
	double d;

	if (zend_string_equals_literal(key, "host")) return read_host_option(s, v);
	if (zend_string_equals_literal(key, "scheme")) return read_scheme_option(s, v);
	if (zend_string_equals_literal(key, "tls")) return read_tls_option(s, v);
	if (zend_string_equals_literal(key, "sentinel")) return fastqueue_sentinel_read_option(v, &s->conn.sentinel);
	if (zend_string_equals_literal(key, "cluster")) return read_cluster_option(s, v);
	if (zend_string_equals_literal(key, "socket")) return fastqueue_opt_string(v, 1, k, true, false, &s->conn.socket);
	if (zend_string_equals_literal(key, "username")) return fastqueue_opt_string(v, 1, k, true, true, &s->conn.username);
	if (zend_string_equals_literal(key, "password")) return fastqueue_opt_string(v, 1, k, true, true, &s->conn.password);
	if (zend_string_equals_literal(key, "prefix")) return fastqueue_opt_string(v, 1, k, true, true, &s->prefix);
	if (zend_string_equals_literal(key, "queue")) return fastqueue_opt_string(v, 1, k, true, true, &s->queue);
	if (zend_string_equals_literal(key, "port")) return fastqueue_opt_long(v, 1, k, 1, 65535, &s->conn.port);
	if (zend_string_equals_literal(key, "database")) return fastqueue_opt_long(v, 1, k, 0, ZEND_LONG_MAX, &s->conn.database);
	if (zend_string_equals_literal(key, "migration_batch_size")) {
		if (fastqueue_opt_long(v, 1, k, -1, ZEND_LONG_MAX, &s->migration_batch_size) == FAILURE) return FAILURE;
		if (s->migration_batch_size == 0) {
			zend_argument_value_error(1, "option \"migration_batch_size\" must be -1 (all) or greater than 0");
			return FAILURE;
		}
		return SUCCESS;
	}
	if (zend_string_equals_literal(key, "retry_after")) {
		if (Z_TYPE_P(v) == IS_NULL) {
			s->retry_after = -1;
			return SUCCESS;
		}
		/* now + retry_after is the reservation's score: bounded, it cannot wrap round to a
		 * negative time that makes the job due again at once. */
		return fastqueue_opt_long(v, 1, k, 0, FASTQUEUE_MAX_DELAY, &s->retry_after);
	}
	if (zend_string_equals_literal(key, "block_for")) {
		if (Z_TYPE_P(v) == IS_NULL) {
			s->block_for = -1;
			return SUCCESS;
		}
		/* Bounded, BLPOP's timeout and the socket's read timeout hold it exactly. */
		return fastqueue_opt_number(v, 1, k, 0, FASTQUEUE_MAX_WAIT, &s->block_for);
	}
	if (zend_string_equals_literal(key, "connect_timeout")) {
		if (fastqueue_opt_number(v, 1, k, 0, INFINITY, &d) == FAILURE) return FAILURE;
		s->conn.connect_timeout = d > 0 ? d : 2.0;
		return SUCCESS;
	}
	if (zend_string_equals_literal(key, "read_timeout")) {
		if (Z_TYPE_P(v) == IS_NULL) {
			s->conn.read_timeout = 0;
			return SUCCESS;
		}
		return fastqueue_opt_number(v, 1, k, 0, INFINITY, &s->conn.read_timeout);
	}
	if (zend_string_equals_literal(key, "url")) {
		return SUCCESS; /* read first, see parse_settings */
	}
	if (zend_string_equals_literal(key, "wait_replicas")) {
		return fastqueue_opt_long(v, 1, k, 0, 1000, &s->conn.wait_replicas);
	}
	if (zend_string_equals_literal(key, "wait_timeout")) {
		if (fastqueue_opt_number(v, 1, k, 0, FASTQUEUE_MAX_WAIT, &s->conn.wait_timeout) == FAILURE) return FAILURE;
		if (s->conn.wait_timeout < 0.001) {
			zend_argument_value_error(1, "option \"wait_timeout\" must be at least 0.001 (seconds)");
			return FAILURE;
		}
		return SUCCESS;
	}
	zend_argument_value_error(1, "contains unknown option \"%s\"", k);
	return FAILURE;
}

/* Whether TLS is on, from all that can ask for it. An explicit scheme overrides the url's, as
 * explicit options override the url's other parts; "tcp" next to a TLS request is refused, as
 * is TLS over a unix socket. A build without TLS refuses any request: never plain text instead. */
static zend_result resolve_tls(queue_settings *s)
{
	static const char *const by_text[] = {
		"", "a rediss:// url", "option \"scheme\" \"tls\"", "a tls:// host", "option \"tls\"" };
	tls_request by = s->conn.tls.enabled ? TLS_BY_URL : TLS_BY_NONE;

	if (s->scheme_tls == 0 && (s->host_tls || s->tls_option)) {
		zend_argument_value_error(1, "option \"scheme\" is \"tcp\" but option \"%s\" asks for TLS",
			s->host_tls ? "host" : "tls");
		return FAILURE;
	}
	if (s->scheme_tls >= 0) {
		by = s->scheme_tls ? TLS_BY_SCHEME : TLS_BY_NONE;
	}
	if (s->host_tls) {
		by = TLS_BY_HOST;
	} else if (s->tls_option && by == TLS_BY_NONE) {
		by = TLS_BY_OPTION;
	}
	s->conn.tls.enabled = by != TLS_BY_NONE;
	if (!s->conn.tls.enabled) {
		return SUCCESS;
	}
	if (s->conn.socket) {
		zend_argument_value_error(1, "asks for TLS (%s) over a unix socket: TLS needs host and port", by_text[by]);
		return FAILURE;
	}
	if (!fastqueue_conn_tls_supported()) {
		zend_throw_exception_ex(fastqueue_ce_ConnectionException, 0,
			"TLS to Redis was requested (%s) but this FastQueue build lacks TLS support: "
			"rebuild FastQueue against hiredis >= 1.1 with hiredis_ssl and OpenSSL "
			"(e.g. libhiredis-dev and libssl-dev on Debian 13), configure --with-fastqueue-tls", by_text[by]);
		return FAILURE;
	}
	return SUCCESS;
}

/* The url is applied first so that explicit options can override its parts. */
static zend_result parse_settings(HashTable *options, queue_settings *s)
{
	zend_string *key;
	zval *v;

	memset(s, 0, sizeof(*s));
	s->conn.port = 6379;
	s->conn.connect_timeout = 2.0;
	s->conn.read_timeout = 10.0;
	s->conn.wait_timeout = 1.0;
	s->retry_after = 60;
	s->block_for = -1;
	s->migration_batch_size = -1;
	s->scheme_tls = -1;
	s->conn.tls.verify_peer = true;
	s->conn.tls.verify_peer_name = true;
	if (options && (v = zend_hash_str_find_deref(options, "url", 3)) && Z_TYPE_P(v) != IS_NULL) {
		if (Z_TYPE_P(v) != IS_STRING) {
			zend_argument_type_error(1, "option \"url\" must be of type ?string, %s given", zend_zval_type_name(v));
			return FAILURE;
		}
		if (parse_url_option(Z_STR_P(v), &s->conn) == FAILURE) {
			return FAILURE;
		}
	}
	if (options) {
		ZEND_HASH_FOREACH_STR_KEY_VAL(options, key, v) {
			if (!key) {
				zend_argument_value_error(1, "must be an array with string keys");
				return FAILURE;
			}
			ZVAL_DEREF(v);
			if (read_option(s, key, v) == FAILURE) {
				return FAILURE;
			}
		} ZEND_HASH_FOREACH_END();
	}
	if (resolve_tls(s) == FAILURE) {
		return FAILURE;
	}
	if (options && check_cluster_settings(options, s) == FAILURE) {
		return FAILURE;
	}
	if (s->conn.sentinel.count && s->conn.socket) {
		zend_argument_value_error(1, "options \"sentinel\" and \"socket\" exclude each other: the sentinels name the master's host and port");
		return FAILURE;
	}
	if (!s->conn.host && !s->conn.socket) {
		s->conn.host = zend_string_init("127.0.0.1", 9, 0);
	}
	if (!s->prefix) s->prefix = ZSTR_EMPTY_ALLOC();
	if (!s->queue || !ZSTR_LEN(s->queue)) {
		if (s->queue) zend_string_release(s->queue);
		s->queue = zend_string_init("default", 7, 0);
	}
	return SUCCESS;
}
/* }}} */

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

PHP_METHOD(FastQueue_RedisQueue, __construct)
{
	HashTable *options = NULL;
	queue_settings s;
	fastqueue_redis_queue *q = Z_FASTQUEUE_REDIS_QUEUE_P(ZEND_THIS);

	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_ARRAY_HT(options)
	ZEND_PARSE_PARAMETERS_END();

	if (q->default_queue) {
		zend_throw_error(NULL, "FastQueue\\RedisQueue is already constructed");
		RETURN_THROWS();
	}
	if (parse_settings(options, &s) == FAILURE) {
		settings_free(&s);
		RETURN_THROWS();
	}
	/* Connect lazily: the first command connects, so constructing never blocks. */
	fastqueue_conn_init(&q->conn, &s.conn);
	q->prefix = zend_string_copy(s.prefix);
	q->default_queue = zend_string_copy(s.queue);
	q->retry_after = s.retry_after;
	q->block_for = s.block_for;
	q->migration_batch_size = s.migration_batch_size;
	settings_free(&s);
	if (!fastqueue_queue_name_ok(q, q->default_queue, 1)) {
		/* Left unconstructed, as after any refused option. */
		fastqueue_conn_free(&q->conn);
		zend_string_release(q->prefix);
		zend_string_release(q->default_queue);
		q->prefix = q->default_queue = NULL;
		RETURN_THROWS();
	}
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
	double now = now_seconds(), d;

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

/* Deferred: one command, with its arguments. */
static zend_result defer_command(fastqueue_conn *c, fastqueue_args *a)
{
	zend_result ok = fastqueue_conn_defer(c, a);
	fastqueue_args_free(a);
	return ok;
}

zend_result fastqueue_queue_defer_start(fastqueue_redis_queue *q, zend_string *reserved_key,
	zend_long until, uint32_t slot, zend_string *raw, zend_string *copy,
	const fastqueue_ack *acks, uint32_t nacks)
{
	fastqueue_args a;
	char score[32];
	bool swap = !zend_string_equals(raw, copy);
	fastqueue_conn *c = fastqueue_conn_route_str(&q->conn, reserved_key);

	if (defer_acks_except(q, acks, nacks, reserved_key) == FAILURE) {
		return FAILURE;
	}
	/* Plain commands, not a script: a script call costs Redis some 20 times a ZREM, once per job.
	 * MULTI keeps the swap whole: a write refused (maxmemory) aborts it all, and the job keeps
	 * its reservation. The copy takes the score of the job as pushed, as the reserve wrote it. */
	if (swap) {
		fastqueue_args_init(&a);
		fastqueue_args_add(&a, "MULTI", 5);
		if (defer_command(c, &a) == FAILURE) {
			return FAILURE;
		}
		fastqueue_args_init(&a);
		fastqueue_args_add(&a, "ZADD", 4);
		fastqueue_args_add_str(&a, reserved_key);
		fastqueue_args_add(&a, score, fastqueue_format(score, sizeof(score), ZEND_LONG_FMT ".%06u", until, slot));
		fastqueue_args_add_str(&a, copy);
		if (defer_command(c, &a) == FAILURE) {
			return FAILURE;
		}
	}
	fastqueue_args_init(&a);
	fastqueue_args_add(&a, "ZREM", 4);
	fastqueue_args_add_str(&a, reserved_key);
	if (swap) {
		fastqueue_args_add_str(&a, raw);
	}
	for (uint32_t i = 0; i < nacks; i++) {
		if (zend_string_equals(acks[i].key, reserved_key)) {
			add_ack_members(&a, &acks[i]);
		}
	}
	if (a.argc > 2 && defer_command(c, &a) == FAILURE) {
		return FAILURE;
	}
	fastqueue_args_free(&a);
	if (swap) {
		fastqueue_args_init(&a);
		fastqueue_args_add(&a, "EXEC", 4);
		if (defer_command(c, &a) == FAILURE) {
			return FAILURE;
		}
	}
	/* Everything deferred goes out now: with a cluster, the acks to other nodes too. */
	return fastqueue_conn_flush(&q->conn);
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

zend_result fastqueue_queue_delete_reserved(fastqueue_redis_queue *q, zend_string *name, zend_string *reserved)
{
	zend_string *key = fastqueue_queue_key(q, name, ":reserved");
	fastqueue_args a;
	fastqueue_reply *r;
	zend_result ok;

	fastqueue_args_init(&a);
	fastqueue_args_add(&a, "ZREM", 4);
	fastqueue_args_add_str(&a, key);
	fastqueue_args_add_str(&a, reserved);
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
	zend_long when, bool *released)
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
	add_long_arg(&a, at, sizeof(at), when);
	c = fastqueue_conn_route_str(&q->conn, k.reserved);
	ok = fastqueue_conn_eval(c, FASTQUEUE_LUA_RELEASE, 2, &a, &r);
	if (ok == SUCCESS) {
		fastqueue_reply_integer(r, &n);
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
/* }}} */

/* {{{ inspection */

/* Runs one counting command (LLEN/ZCARD) per suffix in a pipeline and sums the replies. */
static void count_keys(INTERNAL_FUNCTION_PARAMETERS, const char *const *cmds, const char *const *suffixes, int n)
{
	zend_string *queue = NULL, *name, *keys[3];
	zend_long total = 0, v;
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
			} else if (fastqueue_reply_integer(r, &v)) {
				total += v;
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
		if (fastqueue_conn_read(c, &r) == FAILURE) {
			ok = FAILURE;
			if (!fastqueue_conn_is_connected(c)) {
				break;
			}
			fastqueue_conn_name_key(&q->conn, ZSTR_VAL(keys[i]), ZSTR_LEN(keys[i]));
			continue;
		}
		if (fastqueue_reply_integer(r, &v)) {
			total += v;
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
		fastqueue_reply_integer(r, &n);
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

void fastqueue_redis_queue_minit(zend_class_entry *ce)
{
	ce->create_object = redis_queue_create;
	memcpy(&redis_queue_handlers, zend_get_std_object_handlers(), sizeof(zend_object_handlers));
	redis_queue_handlers.offset = offsetof(fastqueue_redis_queue, std);
	redis_queue_handlers.free_obj = redis_queue_free;
	redis_queue_handlers.clone_obj = NULL;
}
