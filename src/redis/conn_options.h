/* The connection's settings as plain C structs: where Redis is (a server, the master of a
 * Sentinel service, or a Redis Cluster's seeds), who we are to it, TLS, timeouts. The option
 * readers above (src/queue/redis_queue_options.c) fill them from PHP values and throw; the
 * connection only copies and reads them. */
#ifndef FASTQUEUE_CONN_OPTIONS_H
#define FASTQUEUE_CONN_OPTIONS_H

#include "php.h"

#define FASTQUEUE_SENTINEL_DEFAULT_PORT 26379
#define FASTQUEUE_CLUSTER_DEFAULT_PORT 6379

/* TLS settings, named after PHP's SSL stream context options. */
typedef struct _fastqueue_tls_options {
	bool enabled;              /* TLS requested (rediss://, scheme tls, tls://host, option tls) */
	bool verify_peer;          /* check the server's chain against cafile/capath or the system store */
	bool verify_peer_name;     /* check that the server's certificate names peer_name (or host) */
	zend_string *cafile;       /* CA bundle, or NULL */
	zend_string *capath;       /* directory of hashed CA certificates, or NULL */
	zend_string *local_cert;   /* client certificate (PEM), or NULL */
	zend_string *local_pk;     /* client private key (PEM), or NULL: never printed */
	zend_string *peer_name;    /* SNI and the name checked; NULL: the host */
} fastqueue_tls_options;

typedef struct _fastqueue_sentinel_options {
	uint32_t count;            /* sentinels; 0: no Sentinel, connect to host/port */
	zend_string **hosts;       /* their hosts, in the order given */
	zend_long *ports;
	zend_string *service;      /* the master's name in the sentinels' configuration */
	zend_string *username;     /* the sentinels' ACL user, or NULL */
	zend_string *password;     /* the sentinels' password (never printed), or NULL */
} fastqueue_sentinel_options;

typedef struct _fastqueue_cluster_options {
	uint32_t count;            /* seed nodes; 0: not a cluster */
	zend_string **hosts;       /* their hosts, in the order given */
	zend_long *ports;
} fastqueue_cluster_options;

typedef struct _fastqueue_conn_options {
	zend_string *host;         /* NULL when socket is set */
	zend_long port;
	zend_string *socket;       /* unix socket path, or NULL */
	zend_string *username;     /* ACL user, or NULL */
	zend_string *password;     /* never printed, or NULL */
	zend_long database;
	double connect_timeout;    /* seconds */
	double read_timeout;       /* seconds; 0 = wait forever */
	fastqueue_tls_options tls; /* TLS settings; tls.enabled false: plain TCP */
	zend_long wait_replicas;   /* writes of jobs return once this many replicas have them; 0: no wait */
	double wait_timeout;       /* seconds to wait for them (WAIT's timeout) */
	fastqueue_sentinel_options sentinel; /* sentinel.count > 0: the master of sentinel.service,
	                            * wherever the sentinels say it is (host and port unused) */
	fastqueue_cluster_options cluster; /* cluster.count > 0: a Redis Cluster found from these seeds
	                            * (host, port, socket and database unused) */
} fastqueue_conn_options;

/* Copies of opt's strings into *dst (which owns them afterwards), and their release. */
void fastqueue_conn_options_copy(fastqueue_conn_options *dst, const fastqueue_conn_options *opt);
void fastqueue_conn_options_free(fastqueue_conn_options *o);

void fastqueue_sentinel_options_copy(fastqueue_sentinel_options *dst, const fastqueue_sentinel_options *src);
void fastqueue_sentinel_options_free(fastqueue_sentinel_options *o);

void fastqueue_cluster_options_copy(fastqueue_cluster_options *dst, const fastqueue_cluster_options *src);
void fastqueue_cluster_options_free(fastqueue_cluster_options *o);

#endif
