/* The Redis connection as the layers above use it: a single server goes straight to link.c;
 * a cluster's front (which has no socket) to its nodes through cluster.c; a cluster's node to
 * link.c, with its redirects followed by cluster.c. Also what is the same for all three: the
 * error texts of replies of the wrong shape, WAIT for replicas, the key in a WRONGTYPE error.
 * Nothing here throws: failures leave their text on the connection. */
#include "conn.h"
#include "tls.h"

bool fastqueue_conn_tls_supported(void)
{
	return fastqueue_tls_available();
}

const char *fastqueue_conn_tls_version(void)
{
	return fastqueue_tls_version();
}

static const char *endpoint(const fastqueue_conn *c, char *buf, size_t size)
{
	return c->cluster ? fastqueue_cluster_describe(c->cluster, buf, size) : fastqueue_session_endpoint(c, buf, size);
}

/* A cluster's node: its commands follow MOVED, ASK and TRYAGAIN (cluster.c set itself as its
 * owner). */
static inline bool is_node(const fastqueue_conn *c)
{
	return c->owner != NULL;
}

void fastqueue_conn_init(fastqueue_conn *c, const fastqueue_conn_options *opt)
{
	fastqueue_link_init(c, opt);
	if (c->opt.cluster.count) {
		c->cluster = fastqueue_cluster_new(c);
	}
}

void fastqueue_conn_free(fastqueue_conn *c)
{
	if (c->cluster) {
		fastqueue_cluster_close(c->cluster);
		fastqueue_link_close(c);
		fastqueue_cluster_free(c->cluster);
		c->cluster = NULL;
	}
	fastqueue_link_free(c);
}

void fastqueue_conn_close(fastqueue_conn *c)
{
	if (c->cluster) {
		fastqueue_cluster_close(c->cluster);
	}
	fastqueue_link_close(c);
}

bool fastqueue_conn_is_connected(const fastqueue_conn *c)
{
	return fastqueue_link_is_connected(c);
}

zend_result fastqueue_conn_connect(fastqueue_conn *c)
{
	char ep[300];

	if (!c->cluster) {
		return fastqueue_link_connect(c);
	}
	/* The front of a cluster has no socket: commands go to its nodes (fastqueue_conn_route).
	 * One reaches it only when no node could be found, and the reason is already here. */
	fastqueue_conn_close(c);
	if (!c->err[0]) {
		fastqueue_session_error(c, FASTQUEUE_ERR_CONNECTION, "No node of %s could be reached", endpoint(c, ep, sizeof(ep)));
	}
	c->err_kind = FASTQUEUE_ERR_CONNECTION;
	return FAILURE;
}

fastqueue_conn *fastqueue_conn_route(fastqueue_conn *c, const char *key, size_t len)
{
	fastqueue_conn *node;

	if (!c->cluster) {
		return c;
	}
	node = fastqueue_cluster_for_slot(c->cluster, fastqueue_cluster_key_slot(key, len));
	return node ? node : c;
}

zend_result fastqueue_conn_command(fastqueue_conn *c, const fastqueue_args *a, fastqueue_reply **out)
{
	if (UNEXPECTED(c->cluster)) {
		*out = NULL;
		return fastqueue_conn_connect(c);
	}
	if (is_node(c)) {
		return fastqueue_cluster_command(c, a, out);
	}
	return fastqueue_link_command(c, a, out);
}

zend_result fastqueue_conn_command_offthread(fastqueue_conn *c, int argc, const char **argv, const size_t *len,
	fastqueue_reply **out)
{
	if (UNEXPECTED(c->cluster)) {
		*out = NULL;
		return fastqueue_conn_connect(c);
	}
	return fastqueue_link_command_offthread(c, argc, argv, len, out);
}

zend_result fastqueue_conn_eval(fastqueue_conn *c, const fastqueue_script *s,
	int numkeys, const fastqueue_args *ka, fastqueue_reply **out)
{
	if (UNEXPECTED(c->cluster)) {
		*out = NULL;
		return fastqueue_conn_connect(c);
	}
	if (is_node(c)) {
		return fastqueue_cluster_eval(c, s, numkeys, ka, out);
	}
	return fastqueue_link_eval(c, s, numkeys, ka, NULL, NULL, out);
}

zend_result fastqueue_conn_append(fastqueue_conn *c, const fastqueue_args *a)
{
	if (UNEXPECTED(c->cluster)) {
		return fastqueue_conn_connect(c);
	}
	return fastqueue_link_append(c, a);
}

zend_result fastqueue_conn_read(fastqueue_conn *c, fastqueue_reply **out)
{
	/* A front has no socket: its read fails as a closed connection's does. */
	return fastqueue_link_read(c, out);
}

zend_result fastqueue_conn_read_reply_to(fastqueue_conn *c, const char *command, fastqueue_reply **out)
{
	return fastqueue_link_read_reply_to(c, command, out);
}

zend_result fastqueue_conn_defer(fastqueue_conn *c, const fastqueue_args *a)
{
	return fastqueue_conn_defer_all(c, a, 1);
}

zend_result fastqueue_conn_defer_all(fastqueue_conn *c, const fastqueue_args *cmds, int n)
{
	if (UNEXPECTED(c->cluster)) {
		return fastqueue_conn_connect(c);
	}
	return fastqueue_link_defer_all(c, cmds, n);
}

zend_result fastqueue_conn_flush(fastqueue_conn *c)
{
	if (c->cluster) {
		return fastqueue_cluster_flush(c->cluster);
	}
	return fastqueue_link_flush(c);
}

zend_result fastqueue_conn_drain(fastqueue_conn *c)
{
	if (c->cluster) {
		return fastqueue_cluster_drain(c->cluster);
	}
	return fastqueue_link_drain(c);
}

uint32_t fastqueue_conn_deferred(fastqueue_conn *c)
{
	return c->deferred + (c->cluster ? fastqueue_cluster_deferred(c->cluster) : 0);
}

bool fastqueue_conn_deferred_failure(fastqueue_conn *c, bool *lost)
{
	bool failed = fastqueue_link_deferred_failure(c, lost);

	if (c->cluster) {
		failed = fastqueue_cluster_deferred_failure(c->cluster, failed, lost);
	}
	return failed;
}

zend_result fastqueue_conn_eval_send_pending(fastqueue_conn *c, const fastqueue_script *s,
	int numkeys, const fastqueue_args *ka)
{
	if (c->cluster && !c->pending) {
		fastqueue_session_error(c, FASTQUEUE_ERR_PROTOCOL, "A pending command is not for a cluster");
		return FAILURE;
	}
	return fastqueue_link_eval_send_pending(c, s, numkeys, ka);
}

zend_result fastqueue_conn_take_pending(fastqueue_conn *c, fastqueue_reply **out)
{
	return fastqueue_link_take_pending(c, out);
}

bool fastqueue_conn_is_noscript(const fastqueue_conn *c)
{
	return fastqueue_link_is_noscript(c);
}

void fastqueue_conn_set_read_timeout(fastqueue_conn *c, double seconds)
{
	if (c->cluster) {
		fastqueue_cluster_set_read_timeout(c->cluster, seconds);
	}
	fastqueue_link_set_read_timeout(c, seconds);
}

void fastqueue_conn_name_key(fastqueue_conn *c, const char *key, size_t len)
{
	size_t used = strlen(c->err);

	if (c->err_kind == FASTQUEUE_ERR_REPLY && strncmp(c->err, "Redis error: WRONGTYPE ", 23) == 0
		&& used < sizeof(c->err)) {
		snprintf(c->err + used, sizeof(c->err) - used, " (key %.*s)", (int) len, key);
	}
}

zend_result fastqueue_conn_wait_replicas(fastqueue_conn *c)
{
	fastqueue_args a;
	fastqueue_reply *r;
	char n[24], ms[24];
	zend_long acked = -1;
	zend_result ok;
	double timeout_ms = c->opt.wait_timeout * 1000.0;

	if (c->opt.wait_replicas <= 0) {
		return SUCCESS;
	}
	fastqueue_args_init(&a);
	fastqueue_args_add(&a, "WAIT", 4);
	fastqueue_args_add(&a, n, fastqueue_format(n, sizeof(n), ZEND_LONG_FMT, c->opt.wait_replicas));
	/* WAIT reads 0 as "for ever": never below one millisecond. */
	fastqueue_args_add(&a, ms, fastqueue_format_long(ms, timeout_ms < 1 ? 1 : (zend_long) (timeout_ms + 0.5)));
	/* WAIT blocks up to its timeout: the read must not give up first. */
	if (c->opt.read_timeout > 0) {
		fastqueue_conn_set_read_timeout(c, c->opt.read_timeout + c->opt.wait_timeout);
	}
	ok = fastqueue_conn_command(c, &a, &r);
	fastqueue_conn_set_read_timeout(c, c->opt.read_timeout);
	fastqueue_args_free(&a);
	if (ok == FAILURE) {
		return FAILURE;
	}
	if (fastqueue_conn_expect_integer(c, "WAIT", r, &acked) == FAILURE) {
		fastqueue_reply_free(r);
		return FAILURE;
	}
	if (acked < c->opt.wait_replicas) {
		char ep[300], within[FASTQUEUE_LONG_CHARS + 4];
		/* No float through PHP's snprintf: a metrics thread may be here (args.h). */
		size_t n = fastqueue_format_seconds(within, c->opt.wait_timeout);
		while (within[n - 1] == '0') within[--n] = '\0';  /* "0.300" reads "0.3", "2.000" "2" */
		if (within[n - 1] == '.') within[--n] = '\0';
		fastqueue_session_error(c, FASTQUEUE_ERR_REPLICATION, "Only " ZEND_LONG_FMT " of " ZEND_LONG_FMT " replicas of %s confirmed the "
			"write within %s s (wait_replicas, wait_timeout): it is done on the master, but a failover could lose it",
			acked < 0 ? 0 : acked, c->opt.wait_replicas, endpoint(c, ep, sizeof(ep)), within);
		fastqueue_reply_free(r);
		return FAILURE;
	}
	fastqueue_reply_free(r);
	return SUCCESS;
}

/* {{{ replies of the wrong type or shape */
zend_result fastqueue_conn_unexpected(fastqueue_conn *c, const char *command, const fastqueue_reply *r,
	const char *expected)
{
	char ep[300], what[FASTQUEUE_REPLY_DESCRIPTION];

	fastqueue_session_error(c, FASTQUEUE_ERR_PROTOCOL, "Unexpected reply to %s from %s: %s (expected %s)", command,
		endpoint(c, ep, sizeof(ep)), fastqueue_reply_describe(r, what, sizeof(what)), expected);
	return FAILURE;
}

zend_result fastqueue_conn_expect_integer(fastqueue_conn *c, const char *command, const fastqueue_reply *r,
	zend_long *out)
{
	if (!fastqueue_reply_integer(r, out)) {
		return fastqueue_conn_unexpected(c, command, r, "an integer");
	}
	return SUCCESS;
}

zend_result fastqueue_conn_expect_string(fastqueue_conn *c, const char *command, const fastqueue_reply *r,
	bool nil_ok, const char **s, size_t *len)
{
	if (nil_ok && fastqueue_reply_is_nil(r)) {
		*s = NULL;
		*len = 0;
		return SUCCESS;
	}
	if (!fastqueue_reply_string(r, s, len)) {
		return fastqueue_conn_unexpected(c, command, r, nil_ok ? "a string or nil" : "a string");
	}
	return SUCCESS;
}

zend_result fastqueue_conn_expect_strings(fastqueue_conn *c, const char *command, const fastqueue_reply *r,
	size_t n, bool nils_ok)
{
	bool fits = fastqueue_reply_is_array(r) && (n == SIZE_MAX || fastqueue_reply_array_len(r) == n);
	const char *str;
	size_t len;

	for (size_t i = 0; fits && i < fastqueue_reply_array_len(r); i++) {
		const fastqueue_reply *e = fastqueue_reply_array_at(r, i);
		fits = fastqueue_reply_string(e, &str, &len) || (nils_ok && fastqueue_reply_is_nil(e));
	}
	if (!fits) {
		char expected[64];
		if (n == SIZE_MAX) {
			snprintf(expected, sizeof(expected), "an array of strings%s", nils_ok ? " and nils" : "");
		} else {
			snprintf(expected, sizeof(expected), "an array of %zu strings%s", n, nils_ok ? " or nils" : "");
		}
		return fastqueue_conn_unexpected(c, command, r, expected);
	}
	return SUCCESS;
}
/* }}} */
