/* The Redis connection as the layers above use it: one server (link.c), the master of a
 * Sentinel service, or a Redis Cluster (cluster.c, over link.c), behind one API. It returns
 * SUCCESS/FAILURE and keeps the error on the connection; callers throw. */
#ifndef FASTQUEUE_CONN_H
#define FASTQUEUE_CONN_H

#include "php.h"
#include "clock.h"
#include "args.h"
#include "script.h"
#include "conn_options.h"
#include "link.h"
#include "cluster.h"

/* Whether this build can speak TLS (hiredis >= 1.1 with hiredis_ssl at build time). */
bool fastqueue_conn_tls_supported(void);
/* The TLS library's version for phpinfo(), or NULL in a build without TLS. */
const char *fastqueue_conn_tls_version(void);

void fastqueue_conn_init(fastqueue_conn *c, const fastqueue_conn_options *opt);
void fastqueue_conn_free(fastqueue_conn *c);
zend_result fastqueue_conn_connect(fastqueue_conn *c);

/* The connection that serves key: c itself, or with a cluster the connection of the node that
 * owns key's slot. Commands on one key (or on keys of one hash slot) go there; its failures are
 * also reported on c. When no node can be found, c is returned, and every command on it fails
 * with the reason. */
fastqueue_conn *fastqueue_conn_route(fastqueue_conn *c, const char *key, size_t len);
static inline fastqueue_conn *fastqueue_conn_route_str(fastqueue_conn *c, const zend_string *key)
{
	return fastqueue_conn_route(c, ZSTR_VAL(key), ZSTR_LEN(key));
}
/* Whether keys could be served by different connections, so must not share a command. */
static inline bool fastqueue_conn_is_cluster(const fastqueue_conn *c)
{
	return c->cluster != NULL;
}
void fastqueue_conn_close(fastqueue_conn *c);
bool fastqueue_conn_is_connected(const fastqueue_conn *c);

/* Sends one command and reads its reply. On FAILURE *out is NULL and the error is on c. */
zend_result fastqueue_conn_command(fastqueue_conn *c, const fastqueue_args *a, fastqueue_reply **out);

/* One command on a connection that is no cluster's front, by hiredis's own formatter and
 * allocator. With fastqueue_conn_connect and fastqueue_conn_close (a cluster node's settings
 * copied, not the node itself) it touches nothing of the Zend engine: a thread other than
 * PHP's may use a connection of its own through these three (src/worker/lease.c). */
zend_result fastqueue_conn_command_offthread(fastqueue_conn *c, int argc, const char **argv, const size_t *len,
	fastqueue_reply **out);

/* Runs a script by EVALSHA, sending EVAL when Redis answers NOSCRIPT. keys/args follow. */
zend_result fastqueue_conn_eval(fastqueue_conn *c, const fastqueue_script *script,
	int numkeys, const fastqueue_args *keys_and_args, fastqueue_reply **out);

/* Pipelining: queue commands, then read their replies in order. */
zend_result fastqueue_conn_append(fastqueue_conn *c, const fastqueue_args *a);
zend_result fastqueue_conn_read(fastqueue_conn *c, fastqueue_reply **out);
/* The same, for a reply to command (its name only), which an error text then names. */
zend_result fastqueue_conn_read_reply_to(fastqueue_conn *c, const char *command, fastqueue_reply **out);

/* Deferred commands: sent now (fastqueue_conn_flush) or with the next command, never waited
 * for. Their replies are read, in order, before the reply of any later command; a failure
 * among them does not fail that command but is kept for fastqueue_conn_deferred_failure(). */
zend_result fastqueue_conn_defer(fastqueue_conn *c, const fastqueue_args *a);
/* Deferred, as fastqueue_conn_defer: the n commands cmds[0..n), in that order, in one write to
 * the output buffer. */
zend_result fastqueue_conn_defer_all(fastqueue_conn *c, const fastqueue_args *cmds, int n);
/* Writes what is queued to the socket now, without reading. */
zend_result fastqueue_conn_flush(fastqueue_conn *c);
/* Reads the replies still owed to deferred commands. */
zend_result fastqueue_conn_drain(fastqueue_conn *c);
/* Replies still owed to deferred commands (with a cluster: on all its nodes). */
uint32_t fastqueue_conn_deferred(fastqueue_conn *c);
/* Whether a deferred command failed since the last call (*lost: maybe never ran, as its
 * connection went away first); the text is in c->deferred_err. Clears the state. */
bool fastqueue_conn_deferred_failure(fastqueue_conn *c, bool *lost);

/* A pending command: a script call sent now whose reply is read later, in order with the
 * deferred ones (any later command's read reads it first and keeps it), then taken. One at a
 * time, on a connection that is not a cluster's front. The worker reserves the next batch so
 * while it runs the current one. */
zend_result fastqueue_conn_eval_send_pending(fastqueue_conn *c, const fastqueue_script *script,
	int numkeys, const fastqueue_args *keys_and_args);
/* Its reply (waiting for it if need be): FAILURE when Redis refused the call (NOSCRIPT
 * included: it then did not run) or the connection went away before the reply came. */
zend_result fastqueue_conn_take_pending(fastqueue_conn *c, fastqueue_reply **out);
/* Whether Redis refused a call because it did not know the script (it did not run). */
bool fastqueue_conn_is_noscript(const fastqueue_conn *c);

/* After a WRONGTYPE reply to a command on one key, adds that key to the error text: Redis's
 * own message names none, and an operator must know which key to repair. */
void fastqueue_conn_name_key(fastqueue_conn *c, const char *key, size_t len);

/* After a write of jobs (push, later, release, fail): with wait_replicas, waits until that many
 * replicas have every write of this connection so far (WAIT). FAILURE: Redis failed, or fewer
 * confirmed it within wait_timeout (FASTQUEUE_ERR_REPLICATION: the write itself is done). */
zend_result fastqueue_conn_wait_replicas(fastqueue_conn *c);

/* Sets the read timeout for the calls that follow (0 = none). */
void fastqueue_conn_set_read_timeout(fastqueue_conn *c, double seconds);

/* {{{ replies of the wrong type or shape
 * A peer that is not Redis, or one in front of it, can answer anything well-formed. Every
 * reply is checked before use; one that does not fit fails c with FASTQUEUE_ERR_PROTOCOL
 * (a RedisException) and the text "Unexpected reply to COMMAND from ENDPOINT: DESCRIPTION
 * (expected WHAT)", where DESCRIPTION is fastqueue_reply_describe()'s. command is the
 * command's name only, never its arguments (AUTH's password). Each returns FAILURE then. */
zend_result fastqueue_conn_unexpected(fastqueue_conn *c, const char *command, const fastqueue_reply *r,
	const char *expected);
/* An integer reply into *out. */
zend_result fastqueue_conn_expect_integer(fastqueue_conn *c, const char *command, const fastqueue_reply *r,
	zend_long *out);
/* A string (bulk or status) into *s, *len; with nil_ok a nil too, as *s NULL. */
zend_result fastqueue_conn_expect_string(fastqueue_conn *c, const char *command, const fastqueue_reply *r,
	bool nil_ok, const char **s, size_t *len);
/* An array of strings, of n elements when n is not SIZE_MAX; with nils_ok nils among them. */
zend_result fastqueue_conn_expect_strings(fastqueue_conn *c, const char *command, const fastqueue_reply *r,
	size_t n, bool nils_ok);
/* }}} */

const char *fastqueue_hiredis_version(void);

#endif
