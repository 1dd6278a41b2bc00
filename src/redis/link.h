/* One connection to one Redis server (link.c): the connection's struct and what can be done
 * on it alone. It knows nothing of clusters; a cluster (cluster.c) keeps one per node and
 * builds its routing on these. The layers above use conn.h, which adds the cluster's front.
 * Every function returns SUCCESS/FAILURE and keeps the error on the connection (c->err,
 * c->err_kind); nothing throws. Replies handed out (*out) are the caller's to free with
 * fastqueue_reply_free; on FAILURE *out is NULL. */
#ifndef FASTQUEUE_LINK_H
#define FASTQUEUE_LINK_H

#include "php.h"
#include "args.h"
#include "lua_scripts.h"
#include "conn_options.h"
#include "reply.h"
#include "reply_value.h"

typedef enum {
	FASTQUEUE_ERR_NONE = 0,
	FASTQUEUE_ERR_CONNECTION,  /* cannot connect, auth refused, connection lost, timeout */
	FASTQUEUE_ERR_REPLY,       /* Redis answered with an error reply */
	FASTQUEUE_ERR_PROTOCOL,    /* a reply of a shape we did not expect */
	FASTQUEUE_ERR_REPLICATION  /* a write done, but fewer replicas than wait_replicas confirmed it */
} fastqueue_err_kind;

typedef struct _fastqueue_conn {
	void *ctx;                      /* redisContext, NULL while disconnected */
	void *tls_ctx;                  /* redisSSLContext made from opt.tls on first connect, or NULL */
	fastqueue_conn_options opt;     /* owned copies of the settings */
	fastqueue_err_kind err_kind;    /* kind of the last error */
	char err[512];                  /* text of the last error, never the password */
	uint64_t scripts_loaded;        /* bit per script known to be cached on this connection */
	uint32_t deferred;              /* replies owed to deferred commands, read before any other */
	bool deferred_failed;           /* a deferred command failed, or its reply was lost, since the
	                                 * last fastqueue_conn_deferred_failure() */
	bool deferred_lost;             /* ... and it was lost with the connection: it may not have run */
	char deferred_err[512];         /* text of the first such failure */
	bool pending;                   /* a pending command was sent and not taken yet */
	bool pending_lost;              /* ... and its reply was lost with the connection */
	uint32_t pending_after;         /* deferred replies owed ahead of the pending one */
	void *pending_reply;            /* its reply (redisReply), once read, until taken */
	char master_host[256];          /* with Sentinel: the master last connected to, or "" */
	zend_long master_port;
	struct _fastqueue_cluster *cluster; /* the front of a cluster: its nodes and slot map (cluster.c),
	                                 * and no socket of its own; else NULL. Never read by link.c */
	void *owner;                    /* what holds this connection and must hear of its errors (a
	                                 * cluster's node: cluster.c), or NULL */
	void (*on_error)(struct _fastqueue_conn *c); /* with owner: called each time an error is set
	                                 * on c, after it is (c->err, c->err_kind) */
	const char *reading;            /* while a command's reply is read: its name, for the error
	                                 * text of a reply that cannot be parsed; else NULL */
	size_t reading_len;
} fastqueue_conn;

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

/* Sets c's error (printf-style text, never a password), then tells c->on_error. */
void fastqueue_link_error(fastqueue_conn *c, fastqueue_err_kind kind, const char *fmt, ...) ZEND_ATTRIBUTE_FORMAT(printf, 3, 4);
/* "host:port", "unix:path" or the Sentinel master's, for error texts; returns buf. */
const char *fastqueue_link_endpoint(const fastqueue_conn *c, char *buf, size_t size);

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
