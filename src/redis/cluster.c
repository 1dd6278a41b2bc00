/* Redis Cluster: key slots, the slot map, routing, and the MOVED, ASK and TRYAGAIN redirects.
 * The map is learnt with CLUSTER SLOTS from any node that answers (the seeds first time), kept
 * until a MOVED reply or a lost node says it is out of date, and then read again before the
 * next command is routed. Each node has its own single connection (link.c, the only API used
 * here), made on first use with the front's settings; the node tells us of each of its errors
 * (on_error), which we copy to the front, where callers read them. */
#include "cluster.h"

/* Where a MOVED or ASK reply sent a command. */
typedef struct _fastqueue_redirect {
	bool pending;              /* the last reply was a redirect not followed yet */
	bool ask;                  /* ASK (this command only, after ASKING), not MOVED */
	bool again;                /* TRYAGAIN: the same node, a moment later (keys of the slot
	                            * are halfway through a migration) */
	uint16_t slot;
	zend_long port;
	char host[256];
} fastqueue_redirect;

typedef struct _cluster_node {
	fastqueue_conn conn;             /* its connection; conn.owner is this node */
	fastqueue_cluster *cl;           /* the cluster it belongs to */
	fastqueue_redirect redirect;     /* the last MOVED, ASK or TRYAGAIN it answered */
	zend_string *host;
	zend_long port;
} cluster_node;

struct _fastqueue_cluster {
	fastqueue_conn *front;           /* the connection callers hold; errors end up there */
	cluster_node **nodes;            /* every node met: seeds, map entries, redirects */
	uint32_t count;
	uint32_t cap;
	int32_t slots[FASTQUEUE_CLUSTER_SLOTS]; /* node index per slot, -1: no master known */
	bool known;                      /* the map was read at least once */
	bool stale;                      /* read it again before the next route */
};

/* {{{ slots */
/* CRC16-CCITT (XMODEM): polynomial 0x1021, initial value 0, as the cluster specification names. */
static uint16_t crc16(const unsigned char *p, size_t len)
{
	uint16_t crc = 0;

	for (size_t i = 0; i < len; i++) {
		crc ^= (uint16_t) (p[i] << 8);
		for (int bit = 0; bit < 8; bit++) {
			crc = (crc & 0x8000) ? (uint16_t) ((crc << 1) ^ 0x1021) : (uint16_t) (crc << 1);
		}
	}
	return crc;
}

/* The part of the key that is hashed: between the first "{" and the first "}" after it, when
 * that is not empty; else the whole key. */
static bool hash_tag(const char *key, size_t len, const char **tag, size_t *tag_len)
{
	const char *open = memchr(key, '{', len), *close;

	if (!open) {
		return false;
	}
	close = memchr(open + 1, '}', len - (size_t) (open + 1 - key));
	if (!close || close == open + 1) {
		return false;
	}
	*tag = open + 1;
	*tag_len = (size_t) (close - open - 1);
	return true;
}

bool fastqueue_cluster_has_hash_tag(const char *key, size_t len)
{
	const char *tag;
	size_t tag_len;
	return hash_tag(key, len, &tag, &tag_len);
}

uint16_t fastqueue_cluster_key_slot(const char *key, size_t len)
{
	const char *tag;
	size_t tag_len;

	if (hash_tag(key, len, &tag, &tag_len)) {
		return crc16((const unsigned char *) tag, tag_len) & (FASTQUEUE_CLUSTER_SLOTS - 1);
	}
	return crc16((const unsigned char *) key, len) & (FASTQUEUE_CLUSTER_SLOTS - 1);
}
/* }}} */

/* {{{ nodes */
static void node_failed(fastqueue_conn *c);

static int32_t node_index(fastqueue_cluster *cl, const char *host, size_t host_len, zend_long port)
{
	for (uint32_t i = 0; i < cl->count; i++) {
		cluster_node *n = cl->nodes[i];
		if (n->port == port && zend_string_equals_cstr(n->host, host, host_len)) {
			return (int32_t) i;
		}
	}
	return -1;
}

/* The node at host:port, added with the front's settings when new. */
static int32_t add_node(fastqueue_cluster *cl, const char *host, size_t host_len, zend_long port)
{
	int32_t i = node_index(cl, host, host_len, port);
	fastqueue_conn_options o;
	cluster_node *n;

	if (i >= 0) {
		return i;
	}
	if (cl->count == cl->cap) {
		cl->cap = cl->cap ? cl->cap * 2 : 8;
		cl->nodes = safe_erealloc(cl->nodes, cl->cap, sizeof(*cl->nodes), 0);
	}
	n = ecalloc(1, sizeof(*n));
	n->host = zend_string_init(host, host_len, 0);
	n->port = port;
	/* The front's settings, for this node alone: no seeds, no Sentinel, database 0. */
	o = cl->front->opt;
	o.host = n->host;
	o.port = port;
	o.socket = NULL;
	o.database = 0;
	memset(&o.cluster, 0, sizeof(o.cluster));
	memset(&o.sentinel, 0, sizeof(o.sentinel));
	fastqueue_link_init(&n->conn, &o);
	n->conn.owner = n;
	n->conn.on_error = node_failed;
	n->cl = cl;
	cl->nodes[cl->count] = n;
	return (int32_t) cl->count++;
}

fastqueue_cluster *fastqueue_cluster_new(fastqueue_conn *front)
{
	fastqueue_cluster *cl = ecalloc(1, sizeof(*cl));

	cl->front = front;
	for (uint32_t i = 0; i < FASTQUEUE_CLUSTER_SLOTS; i++) {
		cl->slots[i] = -1;
	}
	for (uint32_t i = 0; i < front->opt.cluster.count; i++) {
		add_node(cl, ZSTR_VAL(front->opt.cluster.hosts[i]), ZSTR_LEN(front->opt.cluster.hosts[i]),
			front->opt.cluster.ports[i]);
	}
	return cl;
}

void fastqueue_cluster_free(fastqueue_cluster *cl)
{
	if (!cl) {
		return;
	}
	for (uint32_t i = 0; i < cl->count; i++) {
		fastqueue_link_free(&cl->nodes[i]->conn);
		zend_string_release(cl->nodes[i]->host);
		efree(cl->nodes[i]);
	}
	if (cl->nodes) {
		efree(cl->nodes);
	}
	efree(cl);
}

/* The connection of the node at host:port, added when new (a MOVED or ASK named it). */
static fastqueue_conn *node_at(fastqueue_cluster *cl, const char *host, zend_long port)
{
	return &cl->nodes[add_node(cl, host, strlen(host), port)]->conn;
}

/* A MOVED reply: slot lives on node now; the whole map is read again before the next route. */
static void moved(fastqueue_cluster *cl, uint16_t slot, fastqueue_conn *node)
{
	for (uint32_t i = 0; i < cl->count; i++) {
		if (&cl->nodes[i]->conn == node) {
			cl->slots[slot] = (int32_t) i;
		}
	}
	cl->stale = true;
}

/* "MOVED <slot> <host>:<port>" or "ASK ...", the text of the error reply: where to send the
 * command instead. A MOVED also corrects the slot map at once (the whole map is read again
 * before the next route). */
static void note_redirect(cluster_node *n, const char *reply, size_t reply_len)
{
	char text[300];
	unsigned slot;
	const char *addr, *colon;
	size_t len = reply_len < sizeof(text) - 1 ? reply_len : sizeof(text) - 1;
	zend_long port;
	fastqueue_redirect *rd = &n->redirect;

	memcpy(text, reply, len);
	text[len] = '\0';
	rd->pending = rd->again = false;
	rd->ask = text[0] == 'A';
	addr = strchr(text + (rd->ask ? 4 : 6), ' ');
	if (sscanf(text + (rd->ask ? 4 : 6), "%u", &slot) != 1 || slot >= FASTQUEUE_CLUSTER_SLOTS || !addr
		|| !(colon = strrchr(addr + 1, ':')) || (port = ZEND_STRTOL(colon + 1, NULL, 10)) < 1 || port > 65535
		|| (size_t) (colon - addr - 1) >= sizeof(rd->host)) {
		return;
	}
	rd->slot = (uint16_t) slot;
	rd->port = port;
	memcpy(rd->host, addr + 1, (size_t) (colon - addr - 1));
	rd->host[colon - addr - 1] = '\0';
	if (!rd->host[0]) {
		/* An unknown endpoint: the node asked. */
		snprintf(rd->host, sizeof(rd->host), "%s", ZSTR_VAL(n->conn.opt.host));
	}
	rd->pending = true;
	if (!rd->ask) {
		moved(n->cl, rd->slot, node_at(n->cl, rd->host, rd->port));
	}
}

/* The prefix link.c gives the text of an error reply. */
#define REPLY_ERROR "Redis error: "
#define REPLY_ERROR_LEN (sizeof(REPLY_ERROR) - 1)

static bool error_reply_is(const fastqueue_conn *c, const char *word, size_t len)
{
	return c->err_kind == FASTQUEUE_ERR_REPLY && strncmp(c->err, REPLY_ERROR, REPLY_ERROR_LEN) == 0
		&& strncmp(c->err + REPLY_ERROR_LEN, word, len) == 0;
}

/* A node's error (on_error): callers hold the front, and read it there. */
static void node_failed(fastqueue_conn *c)
{
	cluster_node *n = c->owner;
	fastqueue_conn *front = n->cl->front;

	memcpy(front->err, c->err, sizeof(c->err));
	front->err_kind = c->err_kind;
	if (c->err_kind == FASTQUEUE_ERR_CONNECTION) {
		/* A lost node may have failed over: ask for the map again. */
		n->cl->stale = true;
	} else if (error_reply_is(c, "MOVED ", 6) || error_reply_is(c, "ASK ", 4)) {
		note_redirect(n, c->err + REPLY_ERROR_LEN, strlen(c->err + REPLY_ERROR_LEN));
	} else if (error_reply_is(c, "TRYAGAIN", 8)) {
		n->redirect.pending = n->redirect.again = true;
	}
}
/* }}} */

/* {{{ the slot map */
/* One CLUSTER SLOTS entry, [start, end, [host, port, ...], replicas...], into map. An empty
 * host means "the node you asked". */
static bool read_range(fastqueue_cluster *cl, const fastqueue_reply *e, const cluster_node *asked, int32_t *map)
{
	zend_long start, end, port;
	const fastqueue_reply *master;
	const char *host;
	size_t host_len;
	int32_t idx;

	if (fastqueue_reply_array_len(e) < 3
		|| !fastqueue_reply_integer(fastqueue_reply_array_at(e, 0), &start)
		|| !fastqueue_reply_integer(fastqueue_reply_array_at(e, 1), &end)
		|| start < 0 || end < start || end >= FASTQUEUE_CLUSTER_SLOTS) {
		return false;
	}
	master = fastqueue_reply_array_at(e, 2);
	if (fastqueue_reply_array_len(master) < 2
		|| !fastqueue_reply_string(fastqueue_reply_array_at(master, 0), &host, &host_len)
		|| !fastqueue_reply_integer(fastqueue_reply_array_at(master, 1), &port) || port < 1 || port > 65535) {
		return false;
	}
	if (host_len == 0 || (host_len == 1 && host[0] == '?')) {
		host = ZSTR_VAL(asked->host);
		host_len = ZSTR_LEN(asked->host);
	}
	idx = add_node(cl, host, host_len, port);
	for (zend_long s = start; s <= end; s++) {
		map[s] = idx;
	}
	return true;
}

/* Asks one node for the map. SUCCESS: the map is replaced. */
static zend_result ask_slots(fastqueue_cluster *cl, uint32_t i, char *why, size_t why_size)
{
	fastqueue_args a;
	fastqueue_reply *r;
	int32_t *map = safe_emalloc(FASTQUEUE_CLUSTER_SLOTS, sizeof(*map), 0);
	cluster_node *n = cl->nodes[i];
	const fastqueue_reply *bad = NULL;
	size_t count;
	zend_result ok;

	fastqueue_args_init(&a);
	fastqueue_args_add(&a, "CLUSTER", 7);
	fastqueue_args_add(&a, "SLOTS", 5);
	ok = fastqueue_cluster_command(&n->conn, &a, &r);
	fastqueue_args_free(&a);
	if (ok == FAILURE) {
		fastqueue_format_note(why, why_size, "%s:" ZEND_LONG_FMT ": %s", ZSTR_VAL(n->host), n->port, n->conn.err);
		efree(map);
		return FAILURE;
	}
	for (uint32_t s = 0; s < FASTQUEUE_CLUSTER_SLOTS; s++) {
		map[s] = -1;
	}
	count = fastqueue_reply_array_len(r);
	if (!fastqueue_reply_is_array(r)) {
		bad = r;
	}
	for (size_t e = 0; e < count && !bad; e++) {
		/* add_node may grow cl->nodes: n stays valid, as nodes are allocated one by one. */
		if (!read_range(cl, fastqueue_reply_array_at(r, e), n, map)) {
			bad = fastqueue_reply_array_at(r, e);
		}
	}
	if (bad || count == 0) {
		char what[FASTQUEUE_REPLY_DESCRIPTION], text[FASTQUEUE_REPLY_DESCRIPTION + 64];
		if (bad) {
			snprintf(text, sizeof(text), "unexpected reply to CLUSTER SLOTS: %s%s (expected [start, end, [host, port], ...])",
				bad == r ? "" : "an entry ", fastqueue_reply_describe(bad, what, sizeof(what)));
		}
		fastqueue_format_note(why, why_size, "%s:" ZEND_LONG_FMT ": %s", ZSTR_VAL(n->host), n->port,
			bad ? text : "it serves no slot yet (the cluster is not set up)");
		fastqueue_reply_free(r);
		efree(map);
		return FAILURE;
	}
	fastqueue_reply_free(r);
	memcpy(cl->slots, map, sizeof(cl->slots));
	efree(map);
	cl->known = true;
	cl->stale = false;
	return SUCCESS;
}

/* Reads the map from the first node that gives it: those already connected first (cheap, and
 * alive a moment ago), then the others in the order met. */
static zend_result refresh(fastqueue_cluster *cl)
{
	char why[sizeof(cl->front->err) - 80] = "";
	uint32_t known = cl->count;

	for (int connected = 1; connected >= 0; connected--) {
		for (uint32_t i = 0; i < known; i++) {
			if (fastqueue_link_is_connected(&cl->nodes[i]->conn) != (bool) connected) {
				continue;
			}
			if (ask_slots(cl, i, why, sizeof(why)) == SUCCESS) {
				return SUCCESS;
			}
		}
	}
	snprintf(cl->front->err, sizeof(cl->front->err), "Cannot read the Redis Cluster's slot map from any node: %s", why);
	cl->front->err_kind = FASTQUEUE_ERR_CONNECTION;
	return FAILURE;
}

fastqueue_conn *fastqueue_cluster_for_slot(fastqueue_cluster *cl, uint16_t slot)
{
	/* A map that could not be read again is still the best guess: a node it names that is
	 * gone fails on its own, and the next route tries once more. */
	if ((!cl->known || cl->stale) && refresh(cl) == FAILURE && !cl->known) {
		return NULL;
	}
	if (cl->slots[slot] < 0) {
		snprintf(cl->front->err, sizeof(cl->front->err), "No node of the Redis Cluster serves slot %u now "
			"(a failover or a resharding in progress, or slots left unassigned)", (unsigned) slot);
		cl->front->err_kind = FASTQUEUE_ERR_CONNECTION;
		cl->stale = true;
		return NULL;
	}
	return &cl->nodes[cl->slots[slot]]->conn;
}
/* }}} */

/* {{{ commands on a node: redirects followed */
/* MOVED and ASK replies followed for one command, at most: a slot moves once per resharding
 * step, so more means the nodes disagree (a failover underway); the caller retries later. */
#define MAX_REDIRECTS 5

/* After a node answered MOVED, ASK or TRYAGAIN: the node to send the command to instead
 * (*ask: with ASKING first), or NULL when there is no redirect to follow. */
static fastqueue_conn *follow_redirect(fastqueue_conn *c, int hops, bool *ask)
{
	cluster_node *n = c->owner;

	if (!n || !n->redirect.pending) {
		return NULL;
	}
	n->redirect.pending = false;
	if (n->redirect.again) {
		/* A multi-key command met a slot whose keys are partly moved: the migration of a
		 * batch takes milliseconds. */
		n->redirect.again = false;
		/* *ask stays: a node importing the slot still needs ASKING. */
		usleep(10000 * (useconds_t) (hops + 1));
		return c;
	}
	*ask = n->redirect.ask;
	return node_at(n->cl, n->redirect.host, n->redirect.port);
}

/* Ahead of each try on a node: no redirect yet, and with ask, ASKING queued, whose reply is
 * read before the command's: the command may then use a slot the node is importing. */
static zend_result before_try(fastqueue_conn *c, void *ask)
{
	cluster_node *n = c->owner;
	fastqueue_args a;
	zend_result ok;

	if (n) {
		n->redirect.pending = n->redirect.again = false;
	}
	if (!*(bool *) ask) {
		return SUCCESS;
	}
	fastqueue_args_init(&a);
	fastqueue_args_add(&a, "ASKING", 6);
	ok = fastqueue_link_defer_all(c, &a, 1);
	fastqueue_args_free(&a);
	return ok;
}

static zend_result command_once(fastqueue_conn *c, const fastqueue_args *a, bool ask, fastqueue_reply **out)
{
	*out = NULL;
	if (before_try(c, &ask) == FAILURE) {
		return FAILURE;
	}
	return fastqueue_link_command(c, a, out);
}

zend_result fastqueue_cluster_command(fastqueue_conn *node, const fastqueue_args *a, fastqueue_reply **out)
{
	bool ask = false;
	zend_result ok = command_once(node, a, false, out);

	for (int hops = 0; ok == FAILURE && hops < MAX_REDIRECTS && (node = follow_redirect(node, hops, &ask)); hops++) {
		ok = command_once(node, a, ask, out);
	}
	return ok;
}

zend_result fastqueue_cluster_eval(fastqueue_conn *node, const fastqueue_script *s, int numkeys,
	const fastqueue_args *ka, fastqueue_reply **out)
{
	bool ask = false;
	zend_result ok = fastqueue_link_eval(node, s, numkeys, ka, before_try, &ask, out);

	for (int hops = 0; ok == FAILURE && hops < MAX_REDIRECTS && (node = follow_redirect(node, hops, &ask)); hops++) {
		ok = fastqueue_link_eval(node, s, numkeys, ka, before_try, &ask, out);
	}
	return ok;
}
/* }}} */

/* {{{ what concerns every node */
const char *fastqueue_cluster_describe(const fastqueue_cluster *cl, char *buf, size_t size)
{
	const fastqueue_cluster_options *o = &cl->front->opt.cluster;

	snprintf(buf, size, "the Redis Cluster of %s:" ZEND_LONG_FMT "%s", ZSTR_VAL(o->hosts[0]), o->ports[0],
		o->count > 1 ? " and other seeds" : "");
	return buf;
}

void fastqueue_cluster_close(fastqueue_cluster *cl)
{
	for (uint32_t i = 0; i < cl->count; i++) {
		fastqueue_link_close(&cl->nodes[i]->conn);
	}
}

void fastqueue_cluster_set_read_timeout(fastqueue_cluster *cl, double seconds)
{
	for (uint32_t i = 0; i < cl->count; i++) {
		fastqueue_link_set_read_timeout(&cl->nodes[i]->conn, seconds);
	}
}

uint32_t fastqueue_cluster_deferred(const fastqueue_cluster *cl)
{
	uint32_t n = 0;

	for (uint32_t i = 0; i < cl->count; i++) {
		n += cl->nodes[i]->conn.deferred;
	}
	return n;
}

zend_result fastqueue_cluster_drain(fastqueue_cluster *cl)
{
	zend_result ok = SUCCESS;

	for (uint32_t i = 0; i < cl->count; i++) {
		if (fastqueue_link_drain(&cl->nodes[i]->conn) == FAILURE) {
			ok = FAILURE;
		}
	}
	return ok;
}

zend_result fastqueue_cluster_flush(fastqueue_cluster *cl)
{
	zend_result ok = SUCCESS;

	for (uint32_t i = 0; i < cl->count; i++) {
		fastqueue_conn *n = &cl->nodes[i]->conn;
		if (n->ctx && fastqueue_link_flush(n) == FAILURE) {
			ok = FAILURE;
		}
	}
	return ok;
}

bool fastqueue_cluster_deferred_failure(fastqueue_cluster *cl, bool failed, bool *lost)
{
	fastqueue_conn *front = cl->front;

	/* The nodes' failures, the first one's text on the front, where callers read it. */
	for (uint32_t i = 0; i < cl->count; i++) {
		fastqueue_conn *n = &cl->nodes[i]->conn;
		bool node_lost;
		if (fastqueue_link_deferred_failure(n, &node_lost)) {
			if (!failed) {
				memcpy(front->deferred_err, n->deferred_err, sizeof(front->deferred_err));
			}
			failed = true;
			*lost = *lost || node_lost;
		}
	}
	return failed;
}
/* }}} */
