/* A session with one Redis server (session.c): the connection's struct, opening its socket
 * (TCP or unix, TLS, AUTH, SELECT), one blocking command, and the error text and endpoint
 * every error names. Below the single connection (link.h) and Sentinel (sentinel.h), which
 * both open their sockets here. Nothing throws: failures leave their text on c. */
#ifndef FASTQUEUE_SESSION_H
#define FASTQUEUE_SESSION_H

#include "php.h"
#include "args.h"
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

/* c's own copies of opt, and their release with the socket and the TLS context. */
void fastqueue_session_init(fastqueue_conn *c, const fastqueue_conn_options *opt);
void fastqueue_session_free(fastqueue_conn *c);

/* Opens the socket to host:port, or with host NULL to opt.socket; then TLS (opt.tls), the read
 * timeout, AUTH (opt.username, opt.password) and SELECT (opt.database), all within
 * opt.connect_timeout for the connect and the handshake. Closes any socket first. FAILURE: the
 * error on c (FASTQUEUE_ERR_CONNECTION) and no socket. */
zend_result fastqueue_session_open(fastqueue_conn *c, const char *host, zend_long port);
/* Frees the socket alone (no bookkeeping of replies: link.c's close does that). */
void fastqueue_session_close(fastqueue_conn *c);
void fastqueue_session_set_read_timeout(fastqueue_conn *c, double seconds);

/* One command, its reply waited for and handed out unchecked (an error reply included) in *out,
 * the caller's to free. FAILURE: no reply (the socket is closed; the error says what was being
 * done, doing). */
zend_result fastqueue_session_call(fastqueue_conn *c, const fastqueue_args *a, const char *doing, fastqueue_reply **out);

/* Sets c's error (printf-style text, never a password), then tells c->on_error. */
void fastqueue_session_error(fastqueue_conn *c, fastqueue_err_kind kind, const char *fmt, ...) ZEND_ATTRIBUTE_FORMAT(printf, 3, 4);
/* The error of a socket that failed while doing (I/O, EOF, timeout; a TLS alert named), set on
 * c; the caller closes. */
void fastqueue_session_lost(fastqueue_conn *c, const char *doing);
/* "host:port", "unix:path" or the Sentinel master's, for error texts; returns buf. */
const char *fastqueue_session_endpoint(const fastqueue_conn *c, char *buf, size_t size);

#endif
