/* FastQueue\RedisQueue's constructor options: the url, the connection (host, port, socket,
 * auth, timeouts), TLS, Sentinel and Cluster, and the queue's own (prefix, queue, retry_after,
 * block_for, migration_batch_size), each refused by name when it is wrong. The rows of
 * redis_queue_options_table.h (scripts/gen-options writes them from options.php) read them;
 * here are the readers and checks those rows name, what holds only once all are read, and the
 * constructor, which builds the queue from the settings. */
#include "exceptions.h"
#include "redis_queue_options.h"
#include "redis_queue.h"
#include "redis_queue_methods.h"
#include "options.h"
#include "redis_queue_options_table.h"
#include "zend_exceptions.h"
#include "ext/standard/url.h"

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

/* Option "url": read first (its row is marked so), so that the other options override its parts. */
static zend_result read_url_option(zval *v, void *settings)
{
	if (Z_TYPE_P(v) == IS_NULL) {
		return SUCCESS;
	}
	if (Z_TYPE_P(v) != IS_STRING) {
		zend_argument_type_error(1, "option \"url\" must be of type ?string, %s given", zend_zval_type_name(v));
		return FAILURE;
	}
	return parse_url_option(Z_STR_P(v), &((fastqueue_queue_settings *) settings)->conn);
}

/* What asked for TLS, for the messages that refuse it. */
typedef enum { TLS_BY_NONE = 0, TLS_BY_URL, TLS_BY_SCHEME, TLS_BY_HOST, TLS_BY_OPTION } tls_request;

/* Option "tls": true, or an array of PHP's SSL context option names (the rows of
 * redis_queue_tls_option_table); false and null ask for nothing. A key outside the list is
 * refused by name: a misspelt verify_peer must not leave verification on or off behind the
 * user's back. */
static zend_result read_tls_option(zval *v, void *settings)
{
	fastqueue_queue_settings *s = settings;
	fastqueue_tls_options *t = &s->conn.tls;

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
	if (fastqueue_options_read(&redis_queue_tls_option_table, Z_ARRVAL_P(v), t) == FAILURE) {
		return FAILURE;
	}
	if (t->local_pk && !t->local_cert) {
		zend_argument_value_error(1, "option \"tls.local_pk\" needs \"tls.local_cert\" too");
		return FAILURE;
	}
	return SUCCESS;
}

/* "tcp"/"redis" or "tls"/"rediss", as Laravel's predis config writes it. */
static zend_result read_scheme_option(zval *v, void *settings)
{
	fastqueue_queue_settings *s = settings;

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
static zend_result check_host_option(void *settings)
{
	fastqueue_queue_settings *s = settings;

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

/* {{{ sentinel: ['nodes' => ['host:port', 'tcp://host:port', ...], 'service' => NAME,
 * 'username' => ?, 'password' => ?]. */
static zend_result read_sentinel_nodes(zval *v, fastqueue_sentinel_options *out)
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

/* The row of "nodes" in redis_queue_sentinel_option_table. */
static zend_result read_sentinel_nodes_option(zval *v, void *settings)
{
	return read_sentinel_nodes(v, settings);
}

static zend_result read_sentinel_settings(zval *v, fastqueue_sentinel_options *out)
{
	fastqueue_sentinel_options_free(out);
	if (Z_TYPE_P(v) == IS_NULL) {
		return SUCCESS;
	}
	if (Z_TYPE_P(v) != IS_ARRAY) {
		zend_argument_type_error(1, "option \"sentinel\" must be of type array|null, %s given", zend_zval_type_name(v));
		return FAILURE;
	}
	if (fastqueue_options_read(&redis_queue_sentinel_option_table, Z_ARRVAL_P(v), out) == FAILURE) {
		return FAILURE;
	}
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
/* }}} */

/* {{{ cluster: a list of seed nodes, 'host:port' or tcp://, redis://, tls://, rediss:// URLs. *tls
 * is set when a seed asks for TLS (then every seed must). */
static zend_result read_cluster_seed(zval *seed, fastqueue_cluster_options *out, bool *tls, bool *tls_seen, bool *plain_seen)
{
	bool seed_tls;

	if (Z_TYPE_P(seed) != IS_STRING) {
		zend_argument_type_error(1, "option \"cluster\" must contain strings (host:port), %s found",
			zend_zval_type_name(seed));
		return FAILURE;
	}
	if (fastqueue_parse_node(Z_STR_P(seed), FASTQUEUE_CLUSTER_DEFAULT_PORT, &seed_tls,
			&out->hosts[out->count], &out->ports[out->count]) == FAILURE) {
		/* A seed written as a url may carry credentials (user:pass@, ?password=): not shown. */
		if (strpbrk(ZSTR_VAL(Z_STR_P(seed)), "@?")) {
			zend_argument_value_error(1, "option \"cluster\" contains, at position %u, a seed that is not host, "
				"host:port, tcp://host:port or tls://host:port (not shown: it may hold a password)", out->count + 1);
		} else {
			zend_argument_value_error(1, "option \"cluster\" contains \"%s\", which is not host, host:port, "
				"tcp://host:port or tls://host:port", ZSTR_VAL(Z_STR_P(seed)));
		}
		return FAILURE;
	}
	out->count++;
	*tls_seen = *tls_seen || seed_tls;
	*plain_seen = *plain_seen || !seed_tls;
	if (*tls_seen && *plain_seen) {
		zend_argument_value_error(1, "option \"cluster\" mixes TLS and plain seeds: every node of a cluster "
			"speaks the same transport");
		return FAILURE;
	}
	*tls = *tls_seen;
	return SUCCESS;
}

static zend_result read_cluster_seeds(zval *v, fastqueue_cluster_options *out, bool *tls)
{
	zval *seed;
	uint32_t n;
	bool tls_seen = false, plain_seen = false;

	fastqueue_cluster_options_free(out);
	*tls = false;
	if (Z_TYPE_P(v) == IS_NULL) {
		return SUCCESS;
	}
	if (Z_TYPE_P(v) != IS_ARRAY) {
		zend_argument_type_error(1, "option \"cluster\" must be of type array|null, %s given", zend_zval_type_name(v));
		return FAILURE;
	}
	n = zend_hash_num_elements(Z_ARRVAL_P(v));
	if (n == 0) {
		zend_argument_value_error(1, "option \"cluster\" must name at least one seed node");
		return FAILURE;
	}
	out->hosts = ecalloc(n, sizeof(*out->hosts));
	out->ports = ecalloc(n, sizeof(*out->ports));
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(v), seed) {
		ZVAL_DEREF(seed);
		if (read_cluster_seed(seed, out, tls, &tls_seen, &plain_seen) == FAILURE) {
			return FAILURE;
		}
	} ZEND_HASH_FOREACH_END();
	return SUCCESS;
}
/* }}} */

static zend_result read_sentinel_option(zval *v, void *settings)
{
	return read_sentinel_settings(v, &((fastqueue_queue_settings *) settings)->conn.sentinel);
}

/* Seeds given as tls:// or rediss:// ask for TLS, as a tls:// host does. */
static zend_result read_cluster_option(zval *v, void *settings)
{
	fastqueue_queue_settings *s = settings;
	bool tls = false;

	if (read_cluster_seeds(v, &s->conn.cluster, &tls) == FAILURE) {
		return FAILURE;
	}
	s->host_tls = s->host_tls || tls;
	return SUCCESS;
}

/* A cluster is found from its seeds: what names one server does not fit beside them. */
static zend_result check_cluster_settings(HashTable *options, fastqueue_queue_settings *s)
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

static zend_result check_migration_batch_size(void *settings)
{
	if (((fastqueue_queue_settings *) settings)->migration_batch_size == 0) {
		zend_argument_value_error(1, "option \"migration_batch_size\" must be -1 (all) or greater than 0");
		return FAILURE;
	}
	return SUCCESS;
}

/* 0 asks for the default. */
static zend_result check_connect_timeout(void *settings)
{
	fastqueue_queue_settings *s = settings;

	if (s->conn.connect_timeout <= 0) {
		s->conn.connect_timeout = FASTQUEUE_REDIS_QUEUE_DEFAULT_CONNECT_TIMEOUT;
	}
	return SUCCESS;
}

static zend_result check_wait_timeout(void *settings)
{
	if (((fastqueue_queue_settings *) settings)->conn.wait_timeout < 0.001) {
		zend_argument_value_error(1, "option \"wait_timeout\" must be at least 0.001 (seconds)");
		return FAILURE;
	}
	return SUCCESS;
}

/* Whether TLS is on, from all that can ask for it. An explicit scheme overrides the url's, as
 * explicit options override the url's other parts; "tcp" next to a TLS request is refused, as
 * is TLS over a unix socket. A build without TLS refuses any request: never plain text instead. */
static zend_result resolve_tls(fastqueue_queue_settings *s)
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

/* A default of src/module/options.php given as text, applied when nothing else filled the field. */
static zend_string *default_string(const char *text)
{
	return *text ? zend_string_init(text, strlen(text), 0) : ZSTR_EMPTY_ALLOC();
}

/* The defaults applied after reading, when the option was absent, null or (queue) empty. */
static void apply_fallbacks(fastqueue_queue_settings *s)
{
	if (!s->conn.host && !s->conn.socket) {
		s->conn.host = default_string(FASTQUEUE_REDIS_QUEUE_DEFAULT_HOST);
	}
	if (!s->prefix) {
		s->prefix = default_string(FASTQUEUE_REDIS_QUEUE_DEFAULT_PREFIX);
	}
	if (!s->queue || !ZSTR_LEN(s->queue)) {
		if (s->queue) zend_string_release(s->queue);
		s->queue = default_string(FASTQUEUE_REDIS_QUEUE_DEFAULT_QUEUE);
	}
}

/* What holds only when all is read: TLS from all that asks for it, the options that exclude
 * each other. */
static zend_result check_settings(HashTable *options, fastqueue_queue_settings *s)
{
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
	return SUCCESS;
}

/* The table's defaults, and those of what no single option fills; then the options, the url
 * first (its row says so) so that explicit options can override its parts. */
zend_result fastqueue_queue_settings_parse(HashTable *options, fastqueue_queue_settings *s)
{
	memset(s, 0, sizeof(*s));
	fastqueue_options_defaults(&redis_queue_option_table, s);
	s->scheme_tls = -1;
	fastqueue_options_defaults(&redis_queue_tls_option_table, &s->conn.tls);
	if (fastqueue_options_read(&redis_queue_option_table, options, s) == FAILURE
		|| check_settings(options, s) == FAILURE) {
		return FAILURE;
	}
	apply_fallbacks(s);
	return SUCCESS;
}

PHP_METHOD(FastQueue_RedisQueue, __construct)
{
	HashTable *options = NULL;
	fastqueue_queue_settings s;
	fastqueue_redis_queue *q = Z_FASTQUEUE_REDIS_QUEUE_P(ZEND_THIS);
	zend_result ok;

	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_ARRAY_HT(options)
	ZEND_PARSE_PARAMETERS_END();

	if (q->default_queue) {
		zend_throw_error(NULL, "FastQueue\\RedisQueue is already constructed");
		RETURN_THROWS();
	}
	if (fastqueue_queue_settings_parse(options, &s) == FAILURE) {
		fastqueue_queue_settings_free(&s);
		RETURN_THROWS();
	}
	ok = fastqueue_redis_queue_construct(q, &s);
	fastqueue_queue_settings_free(&s);
	if (ok == FAILURE) {
		RETURN_THROWS();
	}
}
