/* Metrics: the accumulator behind Worker::metrics(), 'measured' and the exporter.
 *
 * Plain C, as metrics.h explains: malloc'd memory, one mutex taken by every function, queue
 * names copied in as bytes. PHP's thread records a job in a few dozen instructions (a queue
 * found by a compare with the last one used, a bucket found by a short scan); the cost of
 * text is paid only by render(), which whoever reads the figures calls. */
#include "metrics.h"
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <inttypes.h>
#include <math.h>
#include <sched.h>
#include <time.h>
#include <unistd.h>

/* {{{ buckets: the upper bounds, as they are written in le="..." and as numbers */
typedef struct _bucket_set {
	uint32_t count;                /* bounds, +Inf not included */
	const double *bounds;
	const char *const *labels;
} bucket_set;

static const double wait_bounds[] = {0.5, 1, 2, 5, 10, 30, 60, 300, 900, 3600, 21600};
static const char *const wait_labels[] = {"0.5", "1", "2", "5", "10", "30", "60", "300", "900", "3600", "21600"};
static const double run_bounds[] = {.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600};
static const char *const run_labels[] = {"0.005", "0.01", "0.025", "0.05", "0.1", "0.25", "0.5", "1", "2.5", "5", "10",
	"30", "60", "300", "900", "3600"};
/* 1 MiB to 1 GiB by powers of 2: what a PHP job's allocations span, from a no-op's to a
 * memory_limit's. */
static const double memory_bounds[] = {1048576.0, 2097152.0, 4194304.0, 8388608.0, 16777216.0, 33554432.0,
	67108864.0, 134217728.0, 268435456.0, 536870912.0, 1073741824.0};
static const char *const memory_labels[] = {"1048576", "2097152", "4194304", "8388608", "16777216", "33554432",
	"67108864", "134217728", "268435456", "536870912", "1073741824"};

#define BUCKET_SET(name) {sizeof(name##_bounds) / sizeof(double), name##_bounds, name##_labels}
static const bucket_set wait_buckets = BUCKET_SET(wait);
static const bucket_set run_buckets = BUCKET_SET(run);
static const bucket_set memory_buckets = BUCKET_SET(memory);

/* The longest set, +Inf's slot included. */
#define MAX_SLOTS 17
/* }}} */

typedef struct _histogram {
	uint64_t slot[MAX_SLOTS];      /* observations per bucket, not cumulative; the last used is +Inf's */
	uint64_t count;
	double sum;
} histogram;

typedef struct _queue_figures {
	char *name;                    /* the queue's name, its bytes (not NUL-terminated for us) */
	size_t len;
	uint64_t jobs[FASTQUEUE_OUTCOME_COUNT];
	uint64_t timeouts;
	histogram wait, run, cpu, memory;
	double limited_seconds;        /* the limits option: time the queue was held back */
	uint64_t held_back[2];         /* rounds a limit held back a job: [0] rate, [1] concurrency */
} queue_figures;

/* {{{ the running job: written by PHP's thread alone, read by any
 *
 * A sequence count instead of the lock (a seqlock): the writer makes it odd, stores, makes it
 * even; a reader copies, and keeps its copy only when the count was even and the same before and
 * after. Every shared word is stored and loaded atomically (relaxed: the fences order them), so
 * a reader never sees a torn value, only a copy it throws away. The job pays a few stores. */
#define LABEL_WORDS (FASTQUEUE_METRICS_LABEL_MAX / 8)

typedef struct _label_words {
	uint32_t len;
	uint64_t w[LABEL_WORDS];
} label_words;

typedef struct _job_slot {
	uint32_t seq;                  /* odd while PHP's thread writes */
	uint32_t present;              /* a job's handler runs */
	uint64_t started;              /* the bits of its monotonic start (a double) */
	label_words name, uuid, queue;
} job_slot;

/* A reader's copy, NUL-free bytes with their lengths. */
typedef struct _job_copy {
	bool present;
	double started;
	char name[FASTQUEUE_METRICS_LABEL_MAX], uuid[FASTQUEUE_METRICS_LABEL_MAX], queue[FASTQUEUE_METRICS_LABEL_MAX];
	uint32_t name_len, uuid_len, queue_len;
} job_copy;
/* }}} */

struct _fastqueue_metrics {
	pthread_mutex_t lock;          /* guards everything below but job */
	char *worker;                  /* the worker label's value, its bytes */
	size_t worker_len;
	queue_figures *queues;         /* in the order they first had a job */
	uint32_t nqueues, cap;
	uint32_t last;                 /* the queue last recorded: jobs come in runs of one queue */
	fastqueue_worker_figures w;
	char host[256];                /* gethostname() as the worker was made, NUL-terminated */
	char *run_queues;              /* the current (or last) run's queues, comma-separated, or NULL */
	size_t run_queues_len;
	job_slot job;                  /* the running job (its own sequence count, not the lock) */
};

static const char *const outcome_names[FASTQUEUE_OUTCOME_COUNT] = {"processed", "released", "failed"};

fastqueue_metrics *fastqueue_metrics_new(const char *worker_label, size_t label_len, double started_at)
{
	fastqueue_metrics *m = calloc(1, sizeof(*m));

	if (!m) {
		return NULL;
	}
	m->worker = malloc(label_len ? label_len : 1);
	if (!m->worker) {
		free(m);
		return NULL;
	}
	memcpy(m->worker, worker_label, label_len);
	m->worker_len = label_len;
	if (gethostname(m->host, sizeof(m->host) - 1) != 0) {
		m->host[0] = '\0';
	}
	m->w.started_at = started_at;
	pthread_mutex_init(&m->lock, NULL);
	return m;
}

void fastqueue_metrics_free(fastqueue_metrics *m)
{
	if (!m) {
		return;
	}
	for (uint32_t i = 0; i < m->nqueues; i++) {
		free(m->queues[i].name);
	}
	free(m->queues);
	free(m->worker);
	free(m->run_queues);
	pthread_mutex_destroy(&m->lock);
	free(m);
}

/* {{{ recording */
/* A figure that is not a number or below 0 (a clock stepped back) is recorded as 0: the
 * exposition never holds "NaN" and a counter never goes down. */
static double sane(double v)
{
	return v > 0 && isfinite(v) ? v : 0.0;
}

static void observe(histogram *h, const bucket_set *b, double v)
{
	uint32_t i = 0;

	while (i < b->count && v > b->bounds[i]) {
		i++;
	}
	h->slot[i]++;
	h->count++;
	h->sum += v;
}

/* The queue's figures, added when it had none; NULL when out of memory. */
static queue_figures *queue_of(fastqueue_metrics *m, const char *name, size_t len)
{
	queue_figures *q;

	if (m->nqueues && m->queues[m->last].len == len && memcmp(m->queues[m->last].name, name, len) == 0) {
		return &m->queues[m->last];
	}
	for (uint32_t i = 0; i < m->nqueues; i++) {
		if (m->queues[i].len == len && memcmp(m->queues[i].name, name, len) == 0) {
			m->last = i;
			return &m->queues[i];
		}
	}
	if (m->nqueues == m->cap) {
		uint32_t cap = m->cap ? m->cap * 2 : 4;
		queue_figures *grown = realloc(m->queues, cap * sizeof(*grown));
		if (!grown) {
			return NULL;
		}
		m->queues = grown;
		m->cap = cap;
	}
	q = &m->queues[m->nqueues];
	memset(q, 0, sizeof(*q));
	q->name = malloc(len ? len : 1);
	if (!q->name) {
		return NULL;
	}
	memcpy(q->name, name, len);
	q->len = len;
	m->last = m->nqueues++;
	return q;
}

/* {{{ the running job's slot */
/* The longest prefix of s within max bytes that does not cut a UTF-8 sequence: a cut before a
 * continuation byte (10xxxxxx) moves back to its sequence's first byte. */
static size_t utf8_fit(const char *s, size_t len, size_t max)
{
	size_t n = max;

	if (len <= max) {
		return len;
	}
	while (n > 0 && ((unsigned char) s[n] & 0xC0) == 0x80) {
		n--;
	}
	return n;
}

/* A word's bytes as a little-endian number, whatever the machine's order: byte k of the text
 * is bits 8k to 8k+7, which slot_get reads back the same way. */
static inline uint64_t le64(uint64_t word)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	return __builtin_bswap64(word);
#else
	return word;
#endif
}

static void slot_put(label_words *to, const char *s, size_t len)
{
	size_t n = s ? utf8_fit(s, len, FASTQUEUE_METRICS_LABEL_MAX) : 0, i = 0;
	uint64_t word;

	/* Whole words by a fixed-size copy (one load each), no call. The tail of a value of a word
	 * or more is the last 8 bytes shifted down (a little-endian word's first bytes are the low
	 * ones); a shorter value's, byte by byte. The bytes past n in the last word are not read. */
	for (; i + 8 <= n; i += 8) {
		memcpy(&word, s + i, 8);
		__atomic_store_n(&to->w[i / 8], le64(word), __ATOMIC_RELAXED);
	}
	if (i < n) {
		word = 0;
		if (n >= 8) {
			memcpy(&word, s + n - 8, 8);
			word = le64(word) >> (8 * (8 - (n - i)));
		} else {
			for (size_t k = 0; k < n; k++) {
				word |= (uint64_t) (unsigned char) s[k] << (8 * k);
			}
		}
		__atomic_store_n(&to->w[i / 8], word, __ATOMIC_RELAXED);
	}
	__atomic_store_n(&to->len, (uint32_t) n, __ATOMIC_RELAXED);
}

/* The writer's section: the count odd, and the release fence keeps the stores after it from
 * being seen before it. */
static uint32_t slot_open(job_slot *j)
{
	uint32_t seq = __atomic_load_n(&j->seq, __ATOMIC_RELAXED) + 1;

	__atomic_store_n(&j->seq, seq, __ATOMIC_RELAXED);
	__atomic_thread_fence(__ATOMIC_RELEASE);
	return seq;
}

static void slot_close(job_slot *j, uint32_t seq)
{
	__atomic_store_n(&j->seq, seq + 1, __ATOMIC_RELEASE);
}

static void slot_clear(job_slot *j)
{
	uint32_t seq;

	if (!__atomic_load_n(&j->present, __ATOMIC_RELAXED)) {
		return;
	}
	seq = slot_open(j);
	__atomic_store_n(&j->present, 0, __ATOMIC_RELAXED);
	slot_close(j, seq);
}

static void slot_get(const label_words *from, char *to, uint32_t *len)
{
	uint32_t n = __atomic_load_n(&from->len, __ATOMIC_RELAXED);

	n = n > FASTQUEUE_METRICS_LABEL_MAX ? FASTQUEUE_METRICS_LABEL_MAX : n;
	for (uint32_t i = 0; i < n; i += 8) {
		uint64_t word = __atomic_load_n(&from->w[i / 8], __ATOMIC_RELAXED);
		for (uint32_t k = 0; k < 8 && i + k < n; k++) {
			to[i + k] = (char) (word >> (8 * k));
		}
	}
	*len = n;
}

/* A whole copy of the slot; false when PHP's thread kept rewriting it while this read (then the
 * job line is left out of this render). */
static bool slot_read(job_slot *j, job_copy *out)
{
	for (int tries = 0; tries < 1000; tries++) {
		uint32_t before = __atomic_load_n(&j->seq, __ATOMIC_ACQUIRE);
		uint64_t bits;
		if (before & 1) {
			sched_yield();
			continue;
		}
		out->present = __atomic_load_n(&j->present, __ATOMIC_RELAXED) != 0;
		if (out->present) {
			bits = __atomic_load_n(&j->started, __ATOMIC_RELAXED);
			memcpy(&out->started, &bits, sizeof(bits));
			slot_get(&j->name, out->name, &out->name_len);
			slot_get(&j->uuid, out->uuid, &out->uuid_len);
			slot_get(&j->queue, out->queue, &out->queue_len);
		}
		__atomic_thread_fence(__ATOMIC_ACQUIRE);
		if (__atomic_load_n(&j->seq, __ATOMIC_RELAXED) == before) {
			return true;
		}
	}
	return false;
}

void fastqueue_metrics_job_started(fastqueue_metrics *m, const fastqueue_job_identity *job)
{
	job_slot *j = &m->job;
	uint32_t seq = slot_open(j);
	uint64_t bits;

	memcpy(&bits, &job->started, sizeof(bits));
	__atomic_store_n(&j->started, bits, __ATOMIC_RELAXED);
	slot_put(&j->name, job->name, job->name_len);
	slot_put(&j->uuid, job->uuid, job->uuid_len);
	slot_put(&j->queue, job->queue, job->queue_len);
	__atomic_store_n(&j->present, 1, __ATOMIC_RELAXED);
	slot_close(j, seq);
}
/* }}} */

void fastqueue_metrics_run_started(fastqueue_metrics *m, const char *queues, size_t queues_len, size_t memory_bytes)
{
	char *copy = malloc(queues_len ? queues_len : 1);

	pthread_mutex_lock(&m->lock);
	free(m->run_queues);
	m->run_queues = copy;
	m->run_queues_len = copy ? queues_len : 0;
	if (copy) {
		memcpy(copy, queues, queues_len);
	}
	slot_clear(&m->job);
	__atomic_store_n(&m->w.state, FASTQUEUE_STATE_IDLE, __ATOMIC_RELAXED);
	__atomic_store_n(&m->w.memory_bytes, memory_bytes, __ATOMIC_RELAXED);
	pthread_mutex_unlock(&m->lock);
}

void fastqueue_metrics_record_job(fastqueue_metrics *m, const char *queue, size_t queue_len,
	const fastqueue_job_figures *f)
{
	queue_figures *q;

	pthread_mutex_lock(&m->lock);
	slot_clear(&m->job);
	__atomic_store_n(&m->w.memory_bytes, f->memory_bytes, __ATOMIC_RELAXED);
	q = queue_of(m, queue, queue_len);
	if (q) {
		q->jobs[f->outcome < FASTQUEUE_OUTCOME_COUNT ? f->outcome : FASTQUEUE_OUTCOME_FAILED]++;
		q->timeouts += f->timed_out;
		if (f->wait_known) {
			observe(&q->wait, &wait_buckets, sane(f->wait_seconds));
		}
		if (f->ran) {
			observe(&q->run, &run_buckets, sane(f->run_seconds));
			observe(&q->cpu, &run_buckets, sane(f->cpu_seconds));
			observe(&q->memory, &memory_buckets, (double) f->memory_peak_bytes);
		}
	}
	pthread_mutex_unlock(&m->lock);
}

void fastqueue_metrics_add_limited(fastqueue_metrics *m, const char *queue, size_t queue_len, double seconds)
{
	queue_figures *q;

	pthread_mutex_lock(&m->lock);
	if ((q = queue_of(m, queue, queue_len))) {
		q->limited_seconds += sane(seconds);
	}
	pthread_mutex_unlock(&m->lock);
}

void fastqueue_metrics_add_held_back(fastqueue_metrics *m, const char *queue, size_t queue_len, bool concurrency)
{
	queue_figures *q;

	pthread_mutex_lock(&m->lock);
	if ((q = queue_of(m, queue, queue_len))) {
		q->held_back[concurrency ? 1 : 0]++;
	}
	pthread_mutex_unlock(&m->lock);
}

void fastqueue_metrics_add_round_trip(fastqueue_metrics *m, double redis_wait_seconds)
{
	pthread_mutex_lock(&m->lock);
	m->w.reserve_round_trips++;
	m->w.redis_wait_seconds += sane(redis_wait_seconds);
	pthread_mutex_unlock(&m->lock);
}

void fastqueue_metrics_add_redis_wait(fastqueue_metrics *m, double seconds)
{
	pthread_mutex_lock(&m->lock);
	m->w.redis_wait_seconds += sane(seconds);
	pthread_mutex_unlock(&m->lock);
}

void fastqueue_metrics_add_idle(fastqueue_metrics *m, double seconds)
{
	pthread_mutex_lock(&m->lock);
	m->w.idle_seconds += sane(seconds);
	pthread_mutex_unlock(&m->lock);
}

/* The buffer and state gauges change with every job: a single atomic store each (no lock),
 * which a reader loads atomically too; they need no consistency with the other figures. */
void fastqueue_metrics_set_buffer(fastqueue_metrics *m, uint32_t prefetched_jobs)
{
	__atomic_store_n(&m->w.prefetch_buffer_jobs, prefetched_jobs, __ATOMIC_RELAXED);
}

void fastqueue_metrics_set_state(fastqueue_metrics *m, fastqueue_worker_state state)
{
	__atomic_store_n(&m->w.state, state, __ATOMIC_RELAXED);
}

void fastqueue_metrics_set_idle(fastqueue_metrics *m, bool paused, size_t memory_bytes)
{
	__atomic_store_n(&m->w.state, paused ? FASTQUEUE_STATE_PAUSED : FASTQUEUE_STATE_IDLE, __ATOMIC_RELAXED);
	__atomic_store_n(&m->w.memory_bytes, memory_bytes, __ATOMIC_RELAXED);
}

void fastqueue_metrics_set_leases(fastqueue_metrics *m, int64_t renewed, int64_t lost, int64_t failures)
{
	pthread_mutex_lock(&m->lock);
	m->w.lease_renewals = renewed;
	m->w.leases_lost = lost;
	m->w.lease_failures = failures;
	pthread_mutex_unlock(&m->lock);
}

void fastqueue_metrics_get_worker(fastqueue_metrics *m, fastqueue_worker_figures *out)
{
	pthread_mutex_lock(&m->lock);
	*out = m->w;
	out->prefetch_buffer_jobs = __atomic_load_n(&m->w.prefetch_buffer_jobs, __ATOMIC_RELAXED);
	out->state = __atomic_load_n(&m->w.state, __ATOMIC_RELAXED);
	out->memory_bytes = __atomic_load_n(&m->w.memory_bytes, __ATOMIC_RELAXED);
	pthread_mutex_unlock(&m->lock);
}
/* }}} */

/* {{{ rendering: Prometheus text format 0.0.4 */
typedef struct _text {
	char *s;
	size_t len, cap;
	bool failed;                   /* out of memory: everything after is dropped */
} text;

static bool reserve_text(text *t, size_t more)
{
	char *grown;
	size_t cap;

	if (t->failed) {
		return false;
	}
	if (t->len + more + 1 <= t->cap) {
		return true;
	}
	cap = t->cap ? t->cap : 4096;
	while (cap < t->len + more + 1) {
		cap *= 2;
	}
	grown = realloc(t->s, cap);
	if (!grown) {
		t->failed = true;
		return false;
	}
	t->s = grown;
	t->cap = cap;
	return true;
}

static void put(text *t, const char *s, size_t n)
{
	if (reserve_text(t, n)) {
		memcpy(t->s + t->len, s, n);
		t->len += n;
		t->s[t->len] = '\0';
	}
}

static void puts_text(text *t, const char *s)
{
	put(t, s, strlen(s));
}

static void putf(text *t, const char *fmt, ...)
{
	char buf[64];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n > 0) {
		put(t, buf, (size_t) n < sizeof(buf) ? (size_t) n : sizeof(buf) - 1);
	}
}

/* A label value as the format escapes it: backslash, double quote and line feed. */
static void put_escaped(text *t, const char *s, size_t n)
{
	size_t from = 0;

	for (size_t i = 0; i < n; i++) {
		const char *esc = s[i] == '\\' ? "\\\\" : s[i] == '"' ? "\\\"" : s[i] == '\n' ? "\\n" : NULL;
		if (esc) {
			put(t, s + from, i - from);
			put(t, esc, 2);
			from = i + 1;
		}
	}
	put(t, s + from, n - from);
}

static void family(text *t, const char *name, const char *type, const char *help)
{
	putf(t, "# HELP %s ", name);
	puts_text(t, help);
	putf(t, "\n# TYPE %s %s\n", name, type);
}

/* name{worker="..."[,queue="..."] then the caller's extra labels and value. */
static void sample_start(text *t, fastqueue_metrics *m, const char *name, const char *suffix, const queue_figures *q)
{
	puts_text(t, name);
	puts_text(t, suffix);
	puts_text(t, "{worker=\"");
	put_escaped(t, m->worker, m->worker_len);
	if (q) {
		puts_text(t, "\",queue=\"");
		put_escaped(t, q->name, q->len);
	}
	put(t, "\"", 1);
}

static void put_double(text *t, double v)
{
	putf(t, "%.9g", v);
}

static void put_histogram(text *t, fastqueue_metrics *m, const char *name, const queue_figures *q,
	const histogram *h, const bucket_set *b)
{
	uint64_t cumulative = 0;

	for (uint32_t i = 0; i <= b->count; i++) {
		cumulative += h->slot[i];
		sample_start(t, m, name, "_bucket", q);
		putf(t, ",le=\"%s\"} %" PRIu64 "\n", i < b->count ? b->labels[i] : "+Inf", cumulative);
	}
	sample_start(t, m, name, "_sum", q);
	put(t, "} ", 2);
	put_double(t, h->sum);
	put(t, "\n", 1);
	sample_start(t, m, name, "_count", q);
	putf(t, "} %" PRIu64 "\n", h->count);
}

static void render_queue_families(text *t, fastqueue_metrics *m)
{
	family(t, "fastqueue_jobs_total", "counter", "Job attempts the worker started, by how they ended.");
	for (uint32_t i = 0; i < m->nqueues; i++) {
		for (int o = 0; o < FASTQUEUE_OUTCOME_COUNT; o++) {
			sample_start(t, m, "fastqueue_jobs_total", "", &m->queues[i]);
			putf(t, ",outcome=\"%s\"} %" PRIu64 "\n", outcome_names[o], m->queues[i].jobs[o]);
		}
	}
	family(t, "fastqueue_job_timeouts_total", "counter", "Job attempts that ran past their timeout.");
	for (uint32_t i = 0; i < m->nqueues; i++) {
		sample_start(t, m, "fastqueue_job_timeouts_total", "", &m->queues[i]);
		putf(t, "} %" PRIu64 "\n", m->queues[i].timeouts);
	}
	family(t, "fastqueue_queue_limited_seconds_total", "counter",
		"Seconds the worker saw a job of the queue held back by its limits.");
	for (uint32_t i = 0; i < m->nqueues; i++) {
		sample_start(t, m, "fastqueue_queue_limited_seconds_total", "", &m->queues[i]);
		put(t, "} ", 2);
		put_double(t, m->queues[i].limited_seconds);
		put(t, "\n", 1);
	}
	family(t, "fastqueue_jobs_held_back_total", "counter",
		"Reserves in which a limit of the queue held back a job that was due, by limit.");
	for (uint32_t i = 0; i < m->nqueues; i++) {
		for (int k = 0; k < 2; k++) {
			sample_start(t, m, "fastqueue_jobs_held_back_total", "", &m->queues[i]);
			putf(t, ",limit=\"%s\"} %" PRIu64 "\n", k ? "concurrency" : "rate", m->queues[i].held_back[k]);
		}
	}
#define HISTOGRAM_FAMILY(name, help, field, buckets) \
	family(t, name, "histogram", help); \
	for (uint32_t i = 0; i < m->nqueues; i++) { \
		put_histogram(t, m, name, &m->queues[i], &m->queues[i].field, &buckets); \
	}
	HISTOGRAM_FAMILY("fastqueue_job_wait_seconds",
		"Seconds from when a job became due to its start (first attempts of payloads with createdAt; whole-second resolution).",
		wait, wait_buckets)
	HISTOGRAM_FAMILY("fastqueue_job_run_seconds", "Wall seconds of a job's handler.", run, run_buckets)
	HISTOGRAM_FAMILY("fastqueue_job_cpu_seconds", "User and system CPU seconds of PHP's thread during a job's handler.",
		cpu, run_buckets)
	HISTOGRAM_FAMILY("fastqueue_job_memory_peak_bytes", "Peak bytes PHP allocated during a job's handler.",
		memory, memory_buckets)
#undef HISTOGRAM_FAMILY
}

static void worker_sample(text *t, fastqueue_metrics *m, const char *name, const char *type, const char *help)
{
	family(t, name, type, help);
	sample_start(t, m, name, "", NULL);
	put(t, "} ", 2);
}

/* {{{ what the worker is and does now */
static void put_label(text *t, const char *name, const char *value, size_t len)
{
	putf(t, ",%s=\"", name);
	put_escaped(t, value, len);
	put(t, "\"", 1);
}

static void render_info(text *t, fastqueue_metrics *m)
{
	family(t, "fastqueue_worker_info", "gauge", "The worker's host, process and queues (always 1).");
	sample_start(t, m, "fastqueue_worker_info", "", NULL);
	put_label(t, "host", m->host, strlen(m->host));
	/* getpid() as rendered: a job's fork that renders (Worker::metrics()) names itself. */
	putf(t, ",pid=\"%ld\"", (long) getpid());
	put_label(t, "queues", m->run_queues ? m->run_queues : "", m->run_queues_len);
	put(t, "} 1\n", 4);
}

static void render_state(text *t, fastqueue_metrics *m)
{
	static const char *const names[] = {"busy", "idle", "paused"};
	static const fastqueue_worker_state states[] = {FASTQUEUE_STATE_BUSY, FASTQUEUE_STATE_IDLE, FASTQUEUE_STATE_PAUSED};
	fastqueue_worker_state now = __atomic_load_n(&m->w.state, __ATOMIC_RELAXED);

	family(t, "fastqueue_worker_state", "gauge", "What the worker does now: 1 for its state, 0 for the others.");
	for (int i = 0; i < 3; i++) {
		sample_start(t, m, "fastqueue_worker_state", "", NULL);
		putf(t, ",state=\"%s\"} %d\n", names[i], states[i] == now ? 1 : 0);
	}
}

/* The handler's monotonic start as Unix time: both clocks read now, so a job pays for neither. */
static double unix_time_of(double mono)
{
	struct timespec wall, now;

	clock_gettime(CLOCK_REALTIME, &wall);
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double) wall.tv_sec + wall.tv_nsec / 1e9 - ((double) now.tv_sec + now.tv_nsec / 1e9 - mono);
}

static void render_job(text *t, fastqueue_metrics *m)
{
	job_copy job;

	family(t, "fastqueue_job_started_time_seconds", "gauge",
		"Unix time the running job's handler started; no sample between jobs.");
	if (!slot_read(&m->job, &job) || !job.present) {
		return;
	}
	sample_start(t, m, "fastqueue_job_started_time_seconds", "", NULL);
	put_label(t, "queue", job.queue, job.queue_len);
	put_label(t, "job", job.name, job.name_len);
	put_label(t, "uuid", job.uuid, job.uuid_len);
	putf(t, "} %.3f\n", unix_time_of(job.started));
}

static void render_now(text *t, fastqueue_metrics *m)
{
	render_info(t, m);
	render_state(t, m);
	worker_sample(t, m, "fastqueue_worker_memory_bytes", "gauge",
		"Bytes PHP had allocated at the last job boundary or idle round (memory_get_usage()).");
	putf(t, "%" PRIu64 "\n", (uint64_t) __atomic_load_n(&m->w.memory_bytes, __ATOMIC_RELAXED));
	render_job(t, m);
}
/* }}} */

static void render_worker_families(text *t, fastqueue_metrics *m)
{
	const fastqueue_worker_figures *w = &m->w;

	worker_sample(t, m, "fastqueue_reserve_round_trips_total", "counter", "Reserve calls sent to Redis.");
	putf(t, "%" PRIu64 "\n", w->reserve_round_trips);
	worker_sample(t, m, "fastqueue_redis_wait_seconds_total", "counter",
		"Seconds PHP's thread waited on Redis replies (reserves, acknowledgements, hand-backs).");
	put_double(t, w->redis_wait_seconds);
	put(t, "\n", 1);
	worker_sample(t, m, "fastqueue_idle_seconds_total", "counter",
		"Seconds spent sleeping or blocked waiting in rounds that found no job.");
	put_double(t, w->idle_seconds);
	put(t, "\n", 1);
	worker_sample(t, m, "fastqueue_prefetch_buffer_jobs", "gauge", "Prefetched jobs waiting in the worker to start.");
	putf(t, "%" PRIu32 "\n", __atomic_load_n(&w->prefetch_buffer_jobs, __ATOMIC_RELAXED));
	worker_sample(t, m, "fastqueue_jobs_running", "gauge", "Jobs running now (0 or 1).");
	putf(t, "%d\n", __atomic_load_n(&w->state, __ATOMIC_RELAXED) == FASTQUEUE_STATE_BUSY ? 1 : 0);
	worker_sample(t, m, "fastqueue_worker_start_time_seconds", "gauge", "Unix time the worker was made.");
	putf(t, "%.3f\n", w->started_at);
	render_now(t, m);
	worker_sample(t, m, "fastqueue_lease_renewals_total", "counter", "Reservations of running jobs moved forward.");
	putf(t, "%" PRId64 "\n", w->lease_renewals);
	worker_sample(t, m, "fastqueue_leases_lost_total", "counter",
		"Running jobs whose reservation was gone when it was to be renewed.");
	putf(t, "%" PRId64 "\n", w->leases_lost);
	worker_sample(t, m, "fastqueue_lease_failures_total", "counter", "Renewals that failed on a Redis error.");
	putf(t, "%" PRId64 "\n", w->lease_failures);
}

char *fastqueue_metrics_render(fastqueue_metrics *m, size_t *len)
{
	text t = {0};

	pthread_mutex_lock(&m->lock);
	render_queue_families(&t, m);
	render_worker_families(&t, m);
	pthread_mutex_unlock(&m->lock);
	if (t.failed || !t.s) {
		free(t.s);
		return NULL;
	}
	*len = t.len;
	return t.s;
}
/* }}} */
