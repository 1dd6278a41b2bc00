/* FastQueue\RedisQueue's constructor options: the url, the connection (host, port, socket,
 * auth, timeouts), TLS, Sentinel and Cluster, and the queue's own (prefix, queue, retry_after,
 * block_for, migration_batch_size), each refused by name when it is wrong; and the
 * constructor, which reads them and builds the queue from the settings. */
#include "exceptions.h"
#include "redis_queue_options.h"
#include "redis_queue.h"
#include "options.h"
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

/* What asked for TLS, for the messages that refuse it. */
typedef enum { TLS_BY_NONE = 0, TLS_BY_URL, TLS_BY_SCHEME, TLS_BY_HOST, TLS_BY_OPTION } tls_request;

/* Option "tls": true, or an array of PHP's SSL context option names; false and null ask for
 * nothing. A key outside the list is refused by name: a misspelt verify_peer must not leave
 * verification on or off behind the user's back. */
static zend_result read_tls_option(fastqueue_queue_settings *s, zval *v)
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
static zend_result read_scheme_option(fastqueue_queue_settings *s, zval *v)
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
static zend_result read_host_option(fastqueue_queue_settings *s, zval *v)
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

static zend_result read_sentinel_option(zval *v, fastqueue_sentinel_options *out)
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
			ok = read_sentinel_nodes(item, out);
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

/* Seeds given as tls:// or rediss:// ask for TLS, as a tls:// host does. */
static zend_result read_cluster_option(fastqueue_queue_settings *s, zval *v)
{
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

static zend_result read_option(fastqueue_queue_settings *s, zend_string *key, zval *v)
{
	const char *k = ZSTR_VAL(key);
	double d;

	if (zend_string_equals_literal(key, "host")) return read_host_option(s, v);
	if (zend_string_equals_literal(key, "scheme")) return read_scheme_option(s, v);
	if (zend_string_equals_literal(key, "tls")) return read_tls_option(s, v);
	if (zend_string_equals_literal(key, "sentinel")) return read_sentinel_option(v, &s->conn.sentinel);
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

/* The url is applied first so that explicit options can override its parts. */
zend_result fastqueue_queue_settings_parse(HashTable *options, fastqueue_queue_settings *s)
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
