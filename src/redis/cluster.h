/* Redis Cluster: hash slots, and the slot map that says which node
 * serves a key. Part of the connection layer: conn.c routes each command through here, and
 * nothing above conn.c learns that it talks to a cluster. */
#ifndef FASTQUEUE_CLUSTER_H
#define FASTQUEUE_CLUSTER_H

#include "php.h"
#include "conn_options.h"

#define FASTQUEUE_CLUSTER_SLOTS 16384

/* The hash slot of a key, as Redis Cluster computes it (CRC16 of its hash tag, or of the key). */
uint16_t fastqueue_cluster_key_slot(const char *key, size_t len);
/* Whether the key holds a hash tag: a "{...}" with something between the braces. */
bool fastqueue_cluster_has_hash_tag(const char *key, size_t len);

struct _fastqueue_conn;
typedef struct _fastqueue_cluster fastqueue_cluster;

/* The nodes and slot map of the cluster that front stands for. Node connections copy front's
 * settings (user, password, TLS, timeouts) and report their errors on front too. */
fastqueue_cluster *fastqueue_cluster_new(struct _fastqueue_conn *front);
void fastqueue_cluster_free(fastqueue_cluster *cl);

/* The connection of the node that serves slot, learning the slot map first when it is unknown
 * or stale. NULL: no node could say (the reason is on front). */
struct _fastqueue_conn *fastqueue_cluster_for_slot(fastqueue_cluster *cl, uint16_t slot);
/* The connection of the node at host:port, added when new (a MOVED or ASK named it). */
struct _fastqueue_conn *fastqueue_cluster_node(fastqueue_cluster *cl, const char *host, zend_long port);
/* A MOVED reply: slot lives on node now; the whole map is read again before the next route. */
void fastqueue_cluster_moved(fastqueue_cluster *cl, uint16_t slot, struct _fastqueue_conn *node);
/* A node was lost: read the map again before the next route (a failover may have moved it). */
void fastqueue_cluster_stale(fastqueue_cluster *cl);

/* The node connections known so far, for what concerns them all (deferred replies, close). */
uint32_t fastqueue_cluster_count(const fastqueue_cluster *cl);
struct _fastqueue_conn *fastqueue_cluster_at(fastqueue_cluster *cl, uint32_t i);

#endif
