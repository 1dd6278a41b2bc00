/* The status record: the supervisor as JSON, written to the registry at each heartbeat and
 * read by `fastqueue:status` (docs/supervisor.md, "The status record"). Built by hand into a
 * growing buffer: no zval below the glue. */
#include "supervisor.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
	char *buf;
	size_t len, cap;
	bool failed; /* out of memory: the record is dropped */
} out_buf;

static void grow(out_buf *o, size_t more)
{
	char *b;
	size_t cap;

	if (o->failed || o->len + more + 1 <= o->cap) {
		return;
	}
	cap = o->cap ? o->cap : 512;
	while (cap < o->len + more + 1) {
		cap *= 2;
	}
	if (!(b = realloc(o->buf, cap))) {
		o->failed = true;
		return;
	}
	o->buf = b;
	o->cap = cap;
}

static void put(out_buf *o, const char *fmt, ...) ZEND_ATTRIBUTE_FORMAT(printf, 2, 3);
static void put(out_buf *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	grow(o, (size_t) n);
	if (o->failed) {
		return;
	}
	va_start(ap, fmt);
	vsnprintf(o->buf + o->len, o->cap - o->len, fmt, ap);
	va_end(ap);
	o->len += (size_t) n;
}

/* A JSON string: quotes, backslashes and control bytes escaped; other bytes as they are. */
static void put_string(out_buf *o, const char *s)
{
	put(o, "\"");
	for (; s && *s; s++) {
		unsigned char c = (unsigned char) *s;
		if (c == '"' || c == '\\') {
			put(o, "\\%c", c);
		} else if (c < 0x20) {
			put(o, "\\u%04x", c);
		} else {
			put(o, "%c", c);
		}
	}
	put(o, "\"");
}

/* A figure that may be unknown (negative): null. */
static void put_figure(out_buf *o, double v)
{
	v >= 0 ? put(o, "%.3f", v) : put(o, "null");
}

static const char *state_text(fastqueue_sup_state st)
{
	return st == FASTQUEUE_SUP_PAUSED_STATE ? "paused" : st == FASTQUEUE_SUP_STOPPING_STATE ? "stopping" : "running";
}

static const char *const balance_names[] = {"off", "simple", "auto"};
static const char *const strategy_names[] = {"time", "size"};

static void put_groups(out_buf *o, const fastqueue_supervisor *s)
{
	put(o, "\"groups\":{");
	for (unsigned i = 0; i < s->ngroups; i++) {
		const fastqueue_sup_group *g = &s->groups[i];
		put(o, "%s", i ? "," : "");
		put_string(o, g->name);
		put(o, ":{\"balance\":\"%s\",\"strategy\":\"%s\",\"max_processes\":%u,\"max_shift\":%u,\"cooldown\":%.3f,"
			"\"shared\":%s,\"budget\":%u,\"hosts\":%u}", balance_names[g->mode], strategy_names[g->strategy], g->max,
			g->max_shift, g->cooldown, g->shared ? "true" : "false", g->budget, g->hosts);
	}
	put(o, "},");
}

static void put_pool(out_buf *o, const fastqueue_supervisor *s, unsigned pi)
{
	const fastqueue_sup_pool *p = &s->pools[pi];
	bool first = true;

	put_string(o, p->name);
	put(o, ":{\"group\":");
	p->group >= 0 ? put_string(o, s->groups[p->group].name) : put(o, "null");
	put(o, ",\"queues\":[");
	for (unsigned q = 0; q < p->nqueues; q++) {
		put(o, "%s", q ? "," : "");
		put_string(o, s->queues[p->queues[q]].name);
	}
	put(o, "],\"processes\":%u,\"min_processes\":%u,\"max_processes\":%u,\"pids\":[", p->target, p->min, p->max);
	for (unsigned i = 0; i < s->nchildren; i++) {
		if (s->children[i].pool == pi && !s->children[i].stopping) {
			put(o, "%s%ld", first ? "" : ",", (long) s->children[i].pid);
			first = false;
		}
	}
	put(o, "]}");
}

static void put_queues(out_buf *o, const fastqueue_supervisor *s)
{
	put(o, "\"queues\":{");
	for (unsigned i = 0; i < s->nqueues; i++) {
		const fastqueue_sup_queue *q = &s->queues[i];
		put(o, "%s", i ? "," : "");
		put_string(o, q->name);
		if (!q->read) {
			put(o, ":{\"backlog\":null,\"wait\":null,\"runtime\":null}");
			continue;
		}
		put(o, ":{\"backlog\":%ld,\"wait\":", q->last.backlog);
		put_figure(o, q->last.wait);
		put(o, ",\"runtime\":");
		put_figure(o, q->last.runtime);
		put(o, "}");
	}
	put(o, "},");
}

char *fastqueue_supervisor_record(const fastqueue_supervisor *s, size_t *len)
{
	out_buf o = {0};

	put(&o, "{\"name\":");
	put_string(&o, s->name);
	put(&o, ",\"host\":");
	put_string(&o, s->host);
	put(&o, ",\"pid\":%ld,\"state\":\"%s\",\"started\":%.3f,\"heartbeat\":%.3f,\"figures\":", (long) getpid(),
		state_text(s->state), s->started_at, s->heartbeat);
	put_string(&o, s->figures_err[0] ? s->figures_err : "ok");
	put(&o, ",");
	put_groups(&o, s);
	put(&o, "\"pools\":{");
	for (unsigned i = 0; i < s->npools; i++) {
		put(&o, "%s", i ? "," : "");
		put_pool(&o, s, i);
	}
	put(&o, "},");
	put_queues(&o, s);
	put(&o, "\"restarting\":");
	s->restarting >= 0 ? put_string(&o, s->pools[s->restarting].name) : put(&o, "null");
	put(&o, ",\"restarted\":");
	put_string(&o, s->restarted);
	put(&o, "}");
	if (o.failed) {
		free(o.buf);
		return NULL;
	}
	*len = o.len;
	return o.buf;
}
