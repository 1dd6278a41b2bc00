/* Redis Cluster: hash slots, the slot map that says which node serves a key, and the
 * redirects. Above the single connection (link.h), whose API alone it uses; below conn.c,
 * which routes each command through here, so nothing above conn.c learns that it talks to a
 * cluster. */
#ifndef FASTQUEUE_CLUSTER_H
#define FASTQUEUE_CLUSTER_H

#include "php.h"
#include "link.h"

#define FASTQUEUE_CLUSTER_SLOTS 16384

/* The hash slot of a key, as Redis Cluster computes it (CRC16 of its hash tag, or of the key). */
uint16_t fastqueue_cluster_key_slot(const char *key, size_t len);
/* Whether the key holds a hash tag: a "{...}" with something between the braces. */
bool fastqueue_cluster_has_hash_tag(const char *key, size_t len);

typedef struct _fastqueue_cluster fastqueue_cluster;

/* The nodes and slot map of the cluster that front stands for. Node connections copy front's
 * settings (user, password, TLS, timeouts) and report their errors on front too. */
fastqueue_cluster *fastqueue_cluster_new(fastqueue_conn *front);
void fastqueue_cluster_free(fastqueue_cluster *cl);
/* "the Redis Cluster of SEED" for error texts; returns buf. */
const char *fastqueue_cluster_describe(const fastqueue_cluster *cl, char *buf, size_t size);

/* The connection of the node that serves slot, learning the slot map first when it is unknown
 * or stale. NULL: no node could say (the reason is on front). */
fastqueue_conn *fastqueue_cluster_for_slot(fastqueue_cluster *cl, uint16_t slot);

/* A command, or a script (EVALSHA, EVAL on NOSCRIPT), on a node of a cluster: the MOVED, ASK
 * and TRYAGAIN replies followed to the node they name, a few times at most. */
zend_result fastqueue_cluster_command(fastqueue_conn *node, const fastqueue_args *a, fastqueue_reply **out);
zend_result fastqueue_cluster_eval(fastqueue_conn *node, const fastqueue_script *script, int numkeys,
	const fastqueue_args *keys_and_args, fastqueue_reply **out);

/* For every node known so far: close, the read timeout, the replies owed to deferred commands
 * (counted, read, sent), and their failures merged into failed and *lost (the first node's
 * text into the front's deferred_err, where callers read it). */
void fastqueue_cluster_close(fastqueue_cluster *cl);
void fastqueue_cluster_set_read_timeout(fastqueue_cluster *cl, double seconds);
uint32_t fastqueue_cluster_deferred(const fastqueue_cluster *cl);
zend_result fastqueue_cluster_drain(fastqueue_cluster *cl);
zend_result fastqueue_cluster_flush(fastqueue_cluster *cl);
bool fastqueue_cluster_deferred_failure(fastqueue_cluster *cl, bool failed, bool *lost);

#endif
