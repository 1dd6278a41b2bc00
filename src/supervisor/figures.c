/* The supervisor's figures (figures.h): each queue's backlog and the wait of its oldest due
 * job from Laravel's keys, its average run time from the workers' published metrics. Only
 * reads: LLEN, ZCOUNT, LINDEX, ZRANGEBYSCORE, ZRANGE and GET. On one server all of a reading's
 * commands go in one pipeline (one more for the metrics' texts); in a Redis Cluster each goes
 * alone to the node that serves its key, so that redirects are followed. */
#include "figures.h"
#include "reply_value.h"
#include "payload_scan.h"
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Longest wait for a reply to one of these reads: a Redis that hangs must not hold the
 * supervisor's loop longer than this per call. */
#define FIGURES_READ_TIMEOUT 1.0

#define METRICS_SET "fastqueue:metrics:{workers}"
#define RUN_SUM "fastqueue_job_run_seconds_sum{"
#define RUN_COUNT "fastqueue_job_run_seconds_count{"

/* Jobs seen at a queue's tail, remembered for the wait of payloads without createdAt. */
#define TAIL_SIGHTINGS 64

/* What the reader remembers of a queue whose head job carries no createdAt (before Laravel 12,
 * RedisQueue::push): the job at its head and since when this reader saw it, at the head or
 * earlier at the tail (a job at the tail was pushed by then), so that under a steady load,
 * where the head changes at every reading, its wait still shows. */
typedef struct {
	char *queue;
	bool standin;                      /* its last head had no createdAt: the tail is read too */
	bool has_head;
	uint64_t head;                     /* the job's identity: a hash of its uuid, id or bytes */
	double head_since;                 /* Unix seconds it was first seen */
	uint64_t tail[TAIL_SIGHTINGS];     /* a ring of the distinct jobs seen at the tail */
	double tail_at[TAIL_SIGHTINGS];    /* ... and when each was first seen there */
	unsigned ntail, next_tail;
} queue_seen;

/* A worker's run-time sum and count for one queue at the previous reading. */
typedef struct {
	char *worker;
	char *queue;
	double sum;
	double count;
	double pub;        /* when the publication these come from was made (its score), Unix s */
	double rate;       /* run seconds a second between its last two publications; -1 unknown */
	bool seen;         /* met in the reading being made */
} run_mark;

struct _fastqueue_sup_figures {
	fastqueue_conn *conn;
	char *prefix;
	size_t prefix_len;
	queue_seen *seen;
	size_t nseen;
	run_mark *marks;
	size_t nmarks;
};

/* {{{ commands: built, sent (one pipeline, or one by one in a cluster), their replies */
typedef struct {
	const char *name;       /* the command's name, for error texts */
	char *key;              /* the key it reads (owned), named when Redis says WRONGTYPE */
	size_t key_len;
	fastqueue_args args;    /* points at key, at the batch's now and at literals */
	fastqueue_conn *conn;   /* where it went */
	fastqueue_reply *reply; /* NULL when it failed */
} command;

typedef struct {
	command *cmds;          /* allocated once at its final size: args hold pointers into themselves */
	size_t n, cap;
	char now[FASTQUEUE_LONG_CHARS];
	size_t now_len;
} batch;

static void batch_init(batch *b, size_t cap, double now)
{
	b->cmds = calloc(cap ? cap : 1, sizeof(*b->cmds));
	b->n = 0;
	b->cap = b->cmds ? cap : 0;
	/* Delayed jobs are due at whole seconds, as the worker's pop migrates them. */
	b->now_len = fastqueue_format_long(b->now, (zend_long) floor(now));
}

static void batch_free(batch *b)
{
	for (size_t i = 0; i < b->n; i++) {
		fastqueue_args_free(&b->cmds[i].args);
		free(b->cmds[i].key);
		if (b->cmds[i].reply) {
			fastqueue_reply_free(b->cmds[i].reply);
		}
	}
	free(b->cmds);
	b->cmds = NULL;
	b->n = b->cap = 0;
}

static char *join(const char *a, size_t alen, const char *b, size_t blen, const char *c, size_t clen, size_t *len)
{
	char *s = malloc(alen + blen + clen + 1);
	if (s) {
		memcpy(s, a, alen);
		memcpy(s + alen, b, blen);
		memcpy(s + alen + blen, c, clen);
		s[alen + blen + clen] = '\0';
		*len = alen + blen + clen;
	}
	return s;
}

/* A new command on key (taken over; *key_len bytes, read once key is made), its name first,
 * then key; NULL when out of room. */
static command *batch_add(batch *b, const char *name, char *key, const size_t *key_len)
{
	command *c;

	if (!key || b->n == b->cap) {
		free(key);
		return NULL;
	}
	c = &b->cmds[b->n++];
	c->name = name;
	c->key = key;
	c->key_len = *key_len;
	fastqueue_args_init(&c->args);
	fastqueue_args_add(&c->args, name, strlen(name));
	fastqueue_args_add(&c->args, key, c->key_len);
	return c;
}

static void add_lit(command *c, const char *s)
{
	fastqueue_args_add(&c->args, s, strlen(s));
}

static char *queue_key(const fastqueue_sup_figures *f, const char *queue, const char *suffix, size_t *len)
{
	char *head = join(f->prefix, f->prefix_len, "queues:", 7, queue, strlen(queue), len);
	char *key;

	if (!head) {
		return NULL;
	}
	key = join(head, *len, suffix, strlen(suffix), "", 0, len);
	free(head);
	return key;
}

/* The read timeout of x for these calls: at most FIGURES_READ_TIMEOUT, and less when the
 * connection's own is less. A single server's or a node's setting is lowered too, so that a
 * reconnect on the way keeps the bound; a cluster's front only passes it to its nodes' sockets
 * (a node found meanwhile copies the front's setting, which must stay the user's). */
typedef struct {
	fastqueue_conn *conn;
	double saved;
} bounded;

static bounded bound(fastqueue_conn *x)
{
	bounded b = {x, x->opt.read_timeout};
	double t = x->opt.read_timeout > 0 && x->opt.read_timeout < FIGURES_READ_TIMEOUT ? x->opt.read_timeout
		: FIGURES_READ_TIMEOUT;

	if (!fastqueue_conn_is_cluster(x)) {
		x->opt.read_timeout = t;
	}
	fastqueue_conn_set_read_timeout(x, t);
	return b;
}

static void unbound(bounded b)
{
	b.conn->opt.read_timeout = b.saved;
	fastqueue_conn_set_read_timeout(b.conn, b.saved);
}

/* Keeps the first failure's text, with the key when Redis said WRONGTYPE. */
static void note_failure(fastqueue_conn *x, const command *c, char *err, size_t errlen, bool *failed)
{
	if (*failed) {
		return;
	}
	*failed = true;
	if (c) {
		fastqueue_conn_name_key(x, c->key, c->key_len);
	}
	snprintf(err, errlen, "%s", x->err[0] ? x->err : "Redis failed");
}

/* A cluster: each command alone, to the node of its key, redirects followed. */
static zend_result run_routed(fastqueue_sup_figures *f, batch *b, char *err, size_t errlen)
{
	bool failed = false;

	for (size_t i = 0; i < b->n && !failed; i++) {
		command *c = &b->cmds[i];
		bounded bd;
		c->conn = fastqueue_conn_route(f->conn, c->key, c->key_len);
		bd = bound(c->conn);
		if (fastqueue_conn_command(c->conn, &c->args, &c->reply) == FAILURE) {
			note_failure(c->conn, c, err, errlen, &failed);
		}
		unbound(bd);
	}
	return failed ? FAILURE : SUCCESS;
}

/* One server: the whole batch in one pipeline. Every reply is read, errors among them too,
 * so that the connection stays in step, unless the connection went away. */
static zend_result run_piped(fastqueue_sup_figures *f, batch *b, char *err, size_t errlen)
{
	fastqueue_conn *x = f->conn;
	bool failed = false;
	bounded bd;

	bd = bound(x);
	if (!fastqueue_conn_is_connected(x) && fastqueue_conn_connect(x) == FAILURE) {
		note_failure(x, NULL, err, errlen, &failed);
		unbound(bd);
		return FAILURE;
	}
	for (size_t i = 0; i < b->n; i++) {
		b->cmds[i].conn = x;
		if (fastqueue_conn_append(x, &b->cmds[i].args) == FAILURE) {
			note_failure(x, NULL, err, errlen, &failed);
			unbound(bd);
			return FAILURE;
		}
	}
	for (size_t i = 0; i < b->n; i++) {
		command *c = &b->cmds[i];
		if (fastqueue_conn_read_reply_to(x, c->name, &c->reply) == FAILURE) {
			note_failure(x, c, err, errlen, &failed);
			if (!fastqueue_conn_is_connected(x)) {
				break;
			}
		}
	}
	unbound(bd);
	return failed ? FAILURE : SUCCESS;
}

static zend_result batch_run(fastqueue_sup_figures *f, batch *b, char *err, size_t errlen)
{
	if (!b->cmds || b->n < b->cap) {
		snprintf(err, errlen, "Out of memory for the supervisor's reading of the figures");
		return FAILURE;
	}
	if (b->n == 0) {
		return SUCCESS;
	}
	return fastqueue_conn_is_cluster(f->conn) ? run_routed(f, b, err, errlen) : run_piped(f, b, err, errlen);
}

/* A reply's check failed on its connection: that text into err. */
static zend_result bad_reply(const command *c, char *err, size_t errlen)
{
	snprintf(err, errlen, "%s", c->conn->err);
	return FAILURE;
}

static zend_result reply_integer(const command *c, long *out, char *err, size_t errlen)
{
	zend_long v;

	if (fastqueue_conn_expect_integer(c->conn, c->name, c->reply, &v) == FAILURE) {
		return bad_reply(c, err, errlen);
	}
	*out = (long) v;
	return SUCCESS;
}
/* }}} */

/* {{{ the backlog and the wait */
/* A queue's commands in a batch, in this order; Q_TAIL only while its head lacks createdAt. */
enum { Q_LLEN, Q_ZCOUNT, Q_HEAD, Q_DUE, Q_TAIL, Q_COMMANDS };

/* A queue's LLEN and ZCOUNT of its due delayed jobs, and with the wait its head and its
 * oldest due delayed job, and with_tail its tail. */
static bool add_queue_commands(const fastqueue_sup_figures *f, batch *b, const char *queue, bool with_wait,
	bool with_tail)
{
	size_t len;
	command *c;

	if (!batch_add(b, "LLEN", queue_key(f, queue, "", &len), &len)) {
		return false;
	}
	if (!(c = batch_add(b, "ZCOUNT", queue_key(f, queue, ":delayed", &len), &len))) {
		return false;
	}
	add_lit(c, "-inf");
	fastqueue_args_add(&c->args, b->now, b->now_len);
	if (!with_wait) {
		return true;
	}
	if (!(c = batch_add(b, "LINDEX", queue_key(f, queue, "", &len), &len))) {
		return false;
	}
	add_lit(c, "0");
	if (!(c = batch_add(b, "ZRANGEBYSCORE", queue_key(f, queue, ":delayed", &len), &len))) {
		return false;
	}
	add_lit(c, "-inf");
	fastqueue_args_add(&c->args, b->now, b->now_len);
	add_lit(c, "LIMIT");
	add_lit(c, "0");
	add_lit(c, "1");
	add_lit(c, "WITHSCORES");
	if (with_tail) {
		if (!(c = batch_add(b, "LINDEX", queue_key(f, queue, "", &len), &len))) {
			return false;
		}
		add_lit(c, "-1");
	}
	return true;
}

static zend_result read_backlog(const command *cmds, long *backlog, char *err, size_t errlen)
{
	long pending, due;

	if (reply_integer(&cmds[Q_LLEN], &pending, err, errlen) == FAILURE
		|| reply_integer(&cmds[Q_ZCOUNT], &due, err, errlen) == FAILURE) {
		return FAILURE;
	}
	*backlog = pending + due;
	return SUCCESS;
}

/* An integer field as the worker reads one (fastqueue_payload_int): an integer, a string of
 * one, or a float with no fraction. */
static bool span_long(const char *s, const fastqueue_json_span *v, long *out)
{
	char buf[48], *end;
	size_t from = v->from, to = v->to;

	if (v->type == FASTQUEUE_JSON_STRING) {
		from++, to--;  /* the quotes */
	} else if (v->type != FASTQUEUE_JSON_INT && v->type != FASTQUEUE_JSON_FLOAT) {
		return false;
	}
	if (to <= from || to - from >= sizeof(buf)) {
		return false;
	}
	memcpy(buf, s + from, to - from);
	buf[to - from] = '\0';
	errno = 0;
	if (v->type == FASTQUEUE_JSON_FLOAT) {
		double d = strtod(buf, &end);
		if (*end || !isfinite(d) || d != floor(d) || fabs(d) > 9e15) {
			return false;
		}
		*out = (long) d;
		return true;
	}
	*out = strtol(buf, &end, 10);
	return !*end && errno == 0 && (buf[0] == '-' || (buf[0] >= '0' && buf[0] <= '9'));
}

static uint64_t hash_bytes(uint64_t h, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		h = (h ^ (unsigned char) s[i]) * 1099511628211ULL;
	}
	return h;
}

/* Which job this payload is, for the first-seen stand-in: its uuid, else its id, else its
 * bytes (a payload that is not JSON included). */
static uint64_t job_identity(const char *s, size_t n, const fastqueue_scan *scan, bool scanned)
{
	static const fastqueue_field names[] = {FASTQUEUE_FIELD_UUID, FASTQUEUE_FIELD_ID};

	for (size_t i = 0; scanned && i < sizeof(names) / sizeof(names[0]); i++) {
		const fastqueue_json_span *v = &scan->field[names[i]];
		if (v->type != FASTQUEUE_JSON_ABSENT && v->type != FASTQUEUE_JSON_NULL) {
			return hash_bytes(14695981039346656037ULL + i + 1, s + v->from, v->to - v->from);
		}
	}
	return hash_bytes(14695981039346656037ULL, s, n);
}

/* When the head job became due by its payload: createdAt plus a positive delay, on its first
 * attempt only (a retried job became due when released, which the payload does not say). */
static bool due_from_payload(const char *s, const fastqueue_scan *scan, double *due)
{
	long created, delay = 0, attempts = 0;
	const fastqueue_json_span *a = &scan->field[FASTQUEUE_FIELD_ATTEMPTS];

	if (!span_long(s, &scan->field[FASTQUEUE_FIELD_CREATED_AT], &created) || created < 0) {
		return false;
	}
	if (a->type != FASTQUEUE_JSON_ABSENT && (!span_long(s, a, &attempts) || attempts != 0)) {
		return false;
	}
	if (!span_long(s, &scan->field[FASTQUEUE_FIELD_DELAY], &delay) || delay < 0) {
		delay = 0;
	}
	*due = (double) created + (double) delay;
	return true;
}

static queue_seen *find_seen(fastqueue_sup_figures *f, const char *queue)
{
	for (size_t i = 0; i < f->nseen; i++) {
		if (strcmp(f->seen[i].queue, queue) == 0) {
			return &f->seen[i];
		}
	}
	return NULL;
}

/* The queue's memory, made on first use; NULL when out of memory (the stand-in then counts 0). */
static queue_seen *add_seen(fastqueue_sup_figures *f, const char *queue)
{
	queue_seen *grown, *q = find_seen(f, queue);

	if (q) {
		return q;
	}
	grown = realloc(f->seen, (f->nseen + 1) * sizeof(*f->seen));
	if (!grown) {
		return NULL;
	}
	f->seen = grown;
	q = &f->seen[f->nseen];
	memset(q, 0, sizeof(*q));
	if (!(q->queue = strdup(queue))) {
		return NULL;
	}
	f->nseen++;
	return q;
}

/* Whether a reading of queue asks for its tail: at the first, and while its head has no
 * createdAt (Laravel 12's payloads, the common case, cost nothing more). */
static bool wants_tail(fastqueue_sup_figures *f, const char *queue)
{
	queue_seen *q = find_seen(f, queue);
	return !q || q->standin;
}

/* When this reader first saw job at the tail, or 0. */
static double seen_at_tail(const queue_seen *q, uint64_t job)
{
	for (unsigned i = 0; i < q->ntail; i++) {
		if (q->tail[i] == job) {
			return q->tail_at[i];
		}
	}
	return 0;
}

static void saw_tail(queue_seen *q, uint64_t job, double now)
{
	unsigned newest = (q->next_tail + TAIL_SIGHTINGS - 1) % TAIL_SIGHTINGS;

	if (q->ntail && q->tail[newest] == job) {
		return;
	}
	q->tail[q->next_tail] = job;
	q->tail_at[q->next_tail] = now;
	q->next_tail = (q->next_tail + 1) % TAIL_SIGHTINGS;
	q->ntail += q->ntail < TAIL_SIGHTINGS;
}

/* When this reader first saw job, now at queue's head: at the head before, or at the tail. */
static double first_seen(queue_seen *q, uint64_t job, double now)
{
	double tail;

	if (!q->has_head || q->head != job) {
		tail = seen_at_tail(q, job);
		q->has_head = true;
		q->head = job;
		q->head_since = tail > 0 && tail < now ? tail : now;
	}
	return q->head_since;
}

/* A string reply, or nil, into *s and *n. */
static zend_result reply_payload(const command *c, const char **s, size_t *n, char *err, size_t errlen)
{
	if (fastqueue_conn_expect_string(c->conn, c->name, c->reply, true, s, n) == FAILURE) {
		return bad_reply(c, err, errlen);
	}
	return SUCCESS;
}

/* The tail job, when it was read: remembered as seen now, unless seen before. */
static zend_result note_tail(fastqueue_sup_figures *f, const char *queue, const command *c, double now,
	char *err, size_t errlen)
{
	const char *s;
	size_t n;
	fastqueue_scan scan;
	queue_seen *q;

	if (reply_payload(c, &s, &n, err, errlen) == FAILURE) {
		return FAILURE;
	}
	if (s && (q = add_seen(f, queue))) {
		bool scanned = fastqueue_payload_scan(s, n, &scan) && scan.top == FASTQUEUE_JSON_OBJECT;
		saw_tail(q, job_identity(s, n, &scan, scanned), now);
	}
	return SUCCESS;
}

/* When the job at the list's head became due, or *has false for an empty list. */
static zend_result head_due(fastqueue_sup_figures *f, const char *queue, const command *c, double now,
	bool *has, double *due, char *err, size_t errlen)
{
	const char *s;
	size_t n;
	fastqueue_scan scan;
	bool scanned;
	queue_seen *q = find_seen(f, queue);

	if (reply_payload(c, &s, &n, err, errlen) == FAILURE) {
		return FAILURE;
	}
	*has = s != NULL;
	if (!s) {
		if (q) {
			q->has_head = false;
		}
		return SUCCESS;
	}
	/* hiredis ends every string with a NUL, the scanner's sentinel. */
	scanned = fastqueue_payload_scan(s, n, &scan) && scan.top == FASTQUEUE_JSON_OBJECT;
	if (scanned && due_from_payload(s, &scan, due)) {
		if (q) {
			q->standin = q->has_head = false;
			q->ntail = q->next_tail = 0;
		}
		return SUCCESS;
	}
	if (!(q = add_seen(f, queue))) {
		*due = now;
		return SUCCESS;
	}
	q->standin = true;
	*due = first_seen(q, job_identity(s, n, &scan, scanned), now);
	return SUCCESS;
}

/* When the oldest due delayed job became due (its score), or false when none is due. */
static zend_result delayed_due(const command *c, bool *has, double *due, char *err, size_t errlen)
{
	const char *s;
	size_t n;
	char *end;
	size_t len;

	if (fastqueue_conn_expect_strings(c->conn, c->name, c->reply, SIZE_MAX, false) == FAILURE) {
		return bad_reply(c, err, errlen);
	}
	len = fastqueue_reply_array_len(c->reply);
	*has = len != 0;
	if (!len) {
		return SUCCESS;
	}
	if (len != 2 || !fastqueue_reply_string(fastqueue_reply_array_at(c->reply, 1), &s, &n)) {
		fastqueue_conn_unexpected(c->conn, c->name, c->reply, "a member and its score");
		return bad_reply(c, err, errlen);
	}
	*due = strtod(s, &end);
	if (end == s || !isfinite(*due)) {
		fastqueue_conn_unexpected(c->conn, c->name, c->reply, "a member and its score");
		return bad_reply(c, err, errlen);
	}
	return SUCCESS;
}

static zend_result read_wait(fastqueue_sup_figures *f, const char *queue, const command *cmds, bool with_tail,
	double now, double *wait, char *err, size_t errlen)
{
	bool has_head, has_delayed;
	double head = now, delayed = now, oldest;

	/* The tail first: a job alone in the list is at both ends, and was seen at the tail. */
	if (with_tail && note_tail(f, queue, &cmds[Q_TAIL], now, err, errlen) == FAILURE) {
		return FAILURE;
	}
	if (head_due(f, queue, &cmds[Q_HEAD], now, &has_head, &head, err, errlen) == FAILURE
		|| delayed_due(&cmds[Q_DUE], &has_delayed, &delayed, err, errlen) == FAILURE) {
		return FAILURE;
	}
	oldest = head < delayed ? head : delayed;
	/* A producer's clock ahead of this one shows as a due time to come: no wait. */
	*wait = (has_head || has_delayed) && now > oldest ? now - oldest : 0;
	return SUCCESS;
}
/* }}} */

/* {{{ the run time, from the metrics the workers publish */
/* The value of label name="..." in a sample's labels [p, end), unescaped into buf. */
static bool label_value(const char *p, const char *end, const char *name, char *buf, size_t size, size_t *len)
{
	size_t nlen = strlen(name);

	while (p < end) {
		bool match = (size_t) (end - p) > nlen + 1 && memcmp(p, name, nlen) == 0 && p[nlen] == '=' && p[nlen + 1] == '"';
		const char *q = memchr(p, '"', end - p);
		size_t n = 0;
		if (!q) {
			return false;
		}
		for (q++; q < end && *q != '"'; q++) {
			char ch = *q;
			if (ch == '\\' && q + 1 < end) {
				ch = *++q == 'n' ? '\n' : *q;
			}
			if (match && n < size) {
				buf[n++] = ch;
			}
		}
		if (match) {
			*len = n;
			return n < size;
		}
		p = q + 1;
		while (p < end && (*p == ',' || *p == ' ')) {
			p++;
		}
	}
	return false;
}

/* The sample's labels: from just after the '{' to the '}' outside quotes. */
static const char *labels_end(const char *p, const char *eol)
{
	bool quoted = false;

	for (; p < eol; p++) {
		if (*p == '\\' && quoted) {
			p++;
		} else if (*p == '"') {
			quoted = !quoted;
		} else if (*p == '}' && !quoted) {
			return p;
		}
	}
	return NULL;
}

/* One worker's exposition: its run sum and count for each of the n queues. */
static void scan_exposition(const char *text, size_t size, const char *const *queues, unsigned n,
	double *sum, double *count)
{
	const char *p = text, *stop = text + size;
	char name[1024];

	while (p < stop) {
		const char *eol = memchr(p, '\n', stop - p), *labels, *close;
		double *into = NULL;
		size_t len;
		eol = eol ? eol : stop;
		if ((size_t) (eol - p) > sizeof(RUN_SUM) - 1 && memcmp(p, RUN_SUM, sizeof(RUN_SUM) - 1) == 0) {
			labels = p + sizeof(RUN_SUM) - 1;
			into = sum;
		} else if ((size_t) (eol - p) > sizeof(RUN_COUNT) - 1 && memcmp(p, RUN_COUNT, sizeof(RUN_COUNT) - 1) == 0) {
			labels = p + sizeof(RUN_COUNT) - 1;
			into = count;
		}
		if (into && (close = labels_end(labels, eol)) && label_value(labels, close, "queue", name, sizeof(name), &len)) {
			char value[64], *end;
			size_t vlen = (size_t) (eol - close - 1);
			double v;
			if (vlen > 0 && vlen < sizeof(value)) {
				memcpy(value, close + 1, vlen);
				value[vlen] = '\0';
				v = strtod(value, &end);
				for (unsigned i = 0; end != value && isfinite(v) && i < n; i++) {
					if (strlen(queues[i]) == len && memcmp(queues[i], name, len) == 0) {
						into[i] += v;
					}
				}
			}
		}
		p = eol + 1;
	}
}

static run_mark *find_mark(fastqueue_sup_figures *f, const char *worker, size_t wlen, const char *queue)
{
	for (size_t i = 0; i < f->nmarks; i++) {
		if (strlen(f->marks[i].worker) == wlen && memcmp(f->marks[i].worker, worker, wlen) == 0
			&& strcmp(f->marks[i].queue, queue) == 0) {
			return &f->marks[i];
		}
	}
	return NULL;
}

static run_mark *add_mark(fastqueue_sup_figures *f, const char *worker, size_t wlen, const char *queue)
{
	run_mark *grown = realloc(f->marks, (f->nmarks + 1) * sizeof(*f->marks)), *m;
	size_t len;

	if (!grown) {
		return NULL;
	}
	f->marks = grown;
	m = &f->marks[f->nmarks];
	memset(m, 0, sizeof(*m));
	m->worker = join(worker, wlen, "", 0, "", 0, &len);
	m->queue = strdup(queue);
	if (!m->worker || !m->queue) {
		free(m->worker);
		free(m->queue);
		return NULL;
	}
	f->nmarks++;
	return m;
}

/* Per queue: the jobs since the previous reading (delta), all those published (all), and the
 * workers' busy rates (busy, from rated workers). */
typedef struct {
	double delta_sum, delta_count, all_sum, all_count, busy;
	unsigned rated;
} run_totals;

/* One worker's figures for queue i (from its publication made at pub), against its mark from
 * the previous reading: a count that went down is a worker that started again, counted from
 * zero. Its busy rate is the growth of its run seconds between two of its publications, over
 * the time between them: a worker publishes every few seconds (metrics_interval), less often
 * than a balancing turn may read, and a rate over the readings' interval would jump between
 * nothing and several times the truth. */
static void add_worker(fastqueue_sup_figures *f, const char *worker, size_t wlen, const char *queue,
	double sum, double count, double pub, run_totals *t)
{
	run_mark *m = find_mark(f, worker, wlen, queue);
	bool continued = m && count >= m->count;

	t->all_sum += sum;
	t->all_count += count;
	t->delta_sum += continued ? sum - m->sum : sum;
	t->delta_count += continued ? count - m->count : count;
	if (!m && count > 0 && (m = add_mark(f, worker, wlen, queue))) {
		m->rate = -1;
		m->pub = pub;
	}
	if (!m) {
		return;
	}
	if (!continued) {
		m->rate = -1;
		m->pub = pub;
	} else if (pub > m->pub) {
		m->rate = (sum - m->sum) / (pub - m->pub);
		m->pub = pub;
	}
	m->sum = sum;
	m->count = count;
	m->seen = true;
	if (m->rate >= 0) {
		t->busy += m->rate;
		t->rated++;
	}
}

/* Marks of the queues just read whose worker was not met are gone (a worker that ended). */
static void prune_marks(fastqueue_sup_figures *f, const char *const *queues, unsigned n)
{
	for (size_t i = 0; i < f->nmarks;) {
		run_mark *m = &f->marks[i];
		bool read = false;
		for (unsigned q = 0; q < n && !read; q++) {
			read = strcmp(m->queue, queues[q]) == 0;
		}
		if (read && !m->seen) {
			free(m->worker);
			free(m->queue);
			*m = f->marks[--f->nmarks];
			continue;
		}
		m->seen = false;
		i++;
	}
}

/* The workers' labels and publication times (ZRANGE WITHSCORES's reply) into a batch of GETs
 * of their expositions, and *pubs (malloc'd, one per GET). */
static zend_result workers_batch(const command *set, batch *gets, double now, double **pubs,
	char *err, size_t errlen)
{
	size_t n;

	if (fastqueue_conn_expect_strings(set->conn, set->name, set->reply, SIZE_MAX, false) == FAILURE
			|| fastqueue_reply_array_len(set->reply) % 2) {
		return bad_reply(set, err, errlen);
	}
	n = fastqueue_reply_array_len(set->reply) / 2;
	if (!(*pubs = calloc(n ? n : 1, sizeof(**pubs)))) {
		snprintf(err, errlen, "Out of memory for the supervisor's reading of the figures");
		return FAILURE;
	}
	batch_init(gets, n, now);
	for (size_t i = 0; i < n; i++) {
		const char *w, *score;
		size_t wlen, slen, len;
		char buf[64];
		fastqueue_reply_string(fastqueue_reply_array_at(set->reply, 2 * i), &w, &wlen);
		fastqueue_reply_string(fastqueue_reply_array_at(set->reply, 2 * i + 1), &score, &slen);
		snprintf(buf, sizeof(buf), "%.*s", (int) (slen < sizeof(buf) ? slen : sizeof(buf) - 1), score);
		(*pubs)[i] = strtod(buf, NULL);
		batch_add(gets, "GET", join(set->key, set->key_len, ":", 1, w, wlen, &len), &len);
	}
	return SUCCESS;
}

static zend_result read_runtime(fastqueue_sup_figures *f, const command *set, const char *const *queues,
	unsigned n, double now, fastqueue_sup_queue_figures *out, char *err, size_t errlen)
{
	batch gets;
	double *pubs = NULL;
	run_totals *t = calloc(n ? n : 1, sizeof(*t));
	double *sum = calloc(n ? n : 1, sizeof(*sum)), *count = calloc(n ? n : 1, sizeof(*count));
	zend_result ok = t && sum && count ? SUCCESS : FAILURE;

	if (ok == FAILURE) {
		snprintf(err, errlen, "Out of memory for the supervisor's reading of the figures");
	} else if ((ok = workers_batch(set, &gets, now, &pubs, err, errlen)) == SUCCESS) {
		ok = batch_run(f, &gets, err, errlen);
		for (size_t w = 0; ok == SUCCESS && w < gets.n; w++) {
			const command *c = &gets.cmds[w];
			const char *text, *worker = c->key + set->key_len + 1;
			size_t len;
			if (fastqueue_conn_expect_string(c->conn, c->name, c->reply, true, &text, &len) == FAILURE) {
				ok = bad_reply(c, err, errlen);
				break;
			}
			if (!text) {
				continue;  /* its publication expired: a worker gone */
			}
			memset(sum, 0, n * sizeof(*sum));
			memset(count, 0, n * sizeof(*count));
			scan_exposition(text, len, queues, n, sum, count);
			for (unsigned q = 0; q < n; q++) {
				add_worker(f, worker, c->key_len - set->key_len - 1, queues[q], sum[q], count[q], pubs[w], &t[q]);
			}
		}
		batch_free(&gets);
	}
	if (ok == SUCCESS) {
		prune_marks(f, queues, n);
		for (unsigned q = 0; q < n; q++) {
			out[q].runtime = t[q].delta_count > 0 ? t[q].delta_sum / t[q].delta_count
				: t[q].all_count > 0 ? t[q].all_sum / t[q].all_count : -1;
			out[q].busy = t[q].rated ? t[q].busy : -1;
		}
	} else {
		for (size_t i = 0; i < f->nmarks; i++) {
			f->marks[i].seen = false;
		}
	}
	free(t);
	free(sum);
	free(count);
	free(pubs);
	return ok;
}
/* }}} */

fastqueue_sup_figures *fastqueue_sup_figures_new(fastqueue_conn *conn, const char *prefix, size_t prefix_len)
{
	fastqueue_sup_figures *f = calloc(1, sizeof(*f));

	if (f && !(f->prefix = malloc(prefix_len + 1))) {
		free(f);
		return NULL;
	}
	if (f) {
		f->conn = conn;
		memcpy(f->prefix, prefix, prefix_len);
		f->prefix[prefix_len] = '\0';
		f->prefix_len = prefix_len;
	}
	return f;
}

void fastqueue_sup_figures_free(fastqueue_sup_figures *f)
{
	if (!f) {
		return;
	}
	for (size_t i = 0; i < f->nseen; i++) {
		free(f->seen[i].queue);
	}
	for (size_t i = 0; i < f->nmarks; i++) {
		free(f->marks[i].worker);
		free(f->marks[i].queue);
	}
	free(f->seen);
	free(f->marks);
	free(f->prefix);
	free(f);
}

zend_result fastqueue_sup_figures_read(fastqueue_sup_figures *f, const char *const *queues, unsigned n,
	bool with_runtime, double now, fastqueue_sup_queue_figures *out, char *err, size_t errlen)
{
	batch b;
	zend_result ok = SUCCESS;
	bool built = true;
	size_t *first = calloc(n + 1, sizeof(*first)), total = 0;
	bool *tails = calloc(n + 1, sizeof(*tails));

	if (!first || !tails) {
		free(first);
		free(tails);
		snprintf(err, errlen, "Out of memory for the supervisor's reading of the figures");
		return FAILURE;
	}
	for (unsigned i = 0; i < n; i++) {
		tails[i] = wants_tail(f, queues[i]);
		first[i] = total;
		total += tails[i] ? Q_COMMANDS : Q_TAIL;
	}
	first[n] = total;
	batch_init(&b, total + (with_runtime ? 1 : 0), now);
	for (unsigned i = 0; i < n && built; i++) {
		built = add_queue_commands(f, &b, queues[i], true, tails[i]);
	}
	if (built && with_runtime) {
		size_t len;
		command *c = batch_add(&b, "ZRANGE", join(f->prefix, f->prefix_len, METRICS_SET, sizeof(METRICS_SET) - 1, "", 0, &len), &len);
		if (c) {
			add_lit(c, "0");
			add_lit(c, "-1");
			add_lit(c, "WITHSCORES");
		}
	}
	ok = batch_run(f, &b, err, errlen);
	for (unsigned i = 0; i < n && ok == SUCCESS; i++) {
		const command *cmds = &b.cmds[first[i]];
		out[i].runtime = -1;
		out[i].busy = -1;
		if (read_backlog(cmds, &out[i].backlog, err, errlen) == FAILURE
			|| read_wait(f, queues[i], cmds, tails[i], now, &out[i].wait, err, errlen) == FAILURE) {
			ok = FAILURE;
		}
	}
	if (ok == SUCCESS && with_runtime) {
		ok = read_runtime(f, &b.cmds[total], queues, n, now, out, err, errlen);
	}
	batch_free(&b);
	free(first);
	free(tails);
	return ok;
}

zend_result fastqueue_sup_figures_backlog(fastqueue_sup_figures *f, const char *const *queues, unsigned n,
	double now, long *backlog, char *err, size_t errlen)
{
	batch b;
	zend_result ok;
	bool built = true;

	*backlog = 0;
	batch_init(&b, (size_t) n * 2, now);
	for (unsigned i = 0; i < n && built; i++) {
		built = add_queue_commands(f, &b, queues[i], false, false);
	}
	ok = batch_run(f, &b, err, errlen);
	for (unsigned i = 0; i < n && ok == SUCCESS; i++) {
		long one;
		ok = read_backlog(&b.cmds[(size_t) i * 2], &one, err, errlen);
		*backlog += ok == SUCCESS ? one : 0;
	}
	batch_free(&b);
	return ok;
}
