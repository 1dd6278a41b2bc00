/* One connection to one Redis server (link.c): what can be done on it alone (its struct and
 * its socket's setup are session.h's). It knows nothing of clusters; a cluster (cluster.c) keeps one per node and
 * builds its routing on these. The layers above use conn.h, which adds the cluster's front.
 * Every function returns SUCCESS/FAILURE and keeps the error on the connection (c->err,
 * c->err_kind); nothing throws. Replies handed out (*out) are the caller's to free with
 * fastqueue_reply_free; on FAILURE *out is NULL. */
#ifndef FASTQUEUE_LINK_H
#define FASTQUEUE_LINK_H

#include "php.h"
#include "session.h"
#include "script.h"

/* c's own copies of opt (no cluster is made: cluster.count is for conn.c), and their release
 * with the socket, any reply kept, and the TLS context. */
void fastqueue_link_init(fastqueue_conn *c, const fastqueue_conn_options *opt);
void fastqueue_link_free(fastqueue_conn *c);

/* Connects: to host/port, the socket, or the master the sentinels name (checked with ROLE);
 * then TLS, AUTH, SELECT. Closes any socket first. */
zend_result fastqueue_link_connect(fastqueue_conn *c);
/* Closes the socket: deferred replies still owed count as lost (fastqueue_link_deferred_failure),
 * as does a pending command's reply not read yet. */
void fastqueue_link_close(fastqueue_conn *c);
static inline bool fastqueue_link_is_connected(const fastqueue_conn *c)
{
	return c->ctx != NULL;
}


/* See conn.h's fastqueue_conn_* of the same names: these are them for one server. */
zend_result fastqueue_link_command(fastqueue_conn *c, const fastqueue_args *a, fastqueue_reply **out);
zend_result fastqueue_link_command_offthread(fastqueue_conn *c, int argc, const char **argv, const size_t *len,
	fastqueue_reply **out);
/* EVALSHA, then EVAL on NOSCRIPT. before (or NULL), with arg, runs ahead of each of the two
 * tries, and FAILURE from it fails the try (a cluster defers ASKING there, which admits one
 * command only). */
typedef zend_result (*fastqueue_link_before)(fastqueue_conn *c, void *arg);
zend_result fastqueue_link_eval(fastqueue_conn *c, const fastqueue_script *script, int numkeys,
	const fastqueue_args *keys_and_args, fastqueue_link_before before, void *arg, fastqueue_reply **out);
zend_result fastqueue_link_append(fastqueue_conn *c, const fastqueue_args *a);
zend_result fastqueue_link_read(fastqueue_conn *c, fastqueue_reply **out);
zend_result fastqueue_link_read_reply_to(fastqueue_conn *c, const char *command, fastqueue_reply **out);
zend_result fastqueue_link_defer_all(fastqueue_conn *c, const fastqueue_args *cmds, int n);
zend_result fastqueue_link_flush(fastqueue_conn *c);
zend_result fastqueue_link_drain(fastqueue_conn *c);
bool fastqueue_link_deferred_failure(fastqueue_conn *c, bool *lost);
zend_result fastqueue_link_eval_send_pending(fastqueue_conn *c, const fastqueue_script *script,
	int numkeys, const fastqueue_args *keys_and_args);
zend_result fastqueue_link_take_pending(fastqueue_conn *c, fastqueue_reply **out);
bool fastqueue_link_is_noscript(const fastqueue_conn *c);
void fastqueue_link_set_read_timeout(fastqueue_conn *c, double seconds);

#endif
