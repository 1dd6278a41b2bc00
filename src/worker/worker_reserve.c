/* FastQueue\Worker, getting jobs: one reserve script per round trip (with the acks of the
 * jobs finished meanwhile and the restart key), the prefetch buffer, the batch reserved ahead
 * (overlap), and handing back what will not run in time. */
#include "exceptions.h"
#include "worker_private.h"
#include "worker_stop.h"
#include "signals.h"
#include "payload.h"
#include "seconds.h"
#include "lua_scripts.h"
#include "zend_exceptions.h"
#include <math.h>

/* A field as an integer, dflt when absent or not one. */
zend_long fastqueue_worker_field_long(fastqueue_job *job, fastqueue_field f, zend_long dflt)
{
	zval v, n;
	bool found;

	fastqueue_job_field(job, f, &v);
	found = fastqueue_payload_int(&v, &n) == SUCCESS && Z_TYPE(n) == IS_LONG;
	zval_ptr_dtor(&v);
	return found ? Z_LVAL(n) : dflt;
}

/* {{{ telling Redis that a job started or finished, without waiting for the reply */
static zend_string *reserved_key(fastqueue_worker *w, fastqueue_job *job)
{
	return fastqueue_queue_list_key(&w->list, job->queue_index, FASTQUEUE_KEY_RESERVED);
}

void fastqueue_worker_add_ack(fastqueue_worker *w, fastqueue_job *job)
{
	fastqueue_ack *ack;

	if (w->acks.len == w->acks.cap) {
		w->acks.cap = w->acks.cap ? w->acks.cap * 2 : 16;
		w->acks.items = safe_erealloc(w->acks.items, w->acks.cap, sizeof(*w->acks.items), 0);
	}
	ack = &w->acks.items[w->acks.len++];
	ack->key = zend_string_copy(reserved_key(w, job));
	ack->copy = zend_string_copy(job->reserved);
	ack->raw = job->uncharged && !zend_string_equals(job->raw, job->reserved) ? zend_string_copy(job->raw) : NULL;
}

void fastqueue_worker_drop_acks(fastqueue_worker *w, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		zend_string_release(w->acks.items[i].key);
		zend_string_release(w->acks.items[i].copy);
		if (w->acks.items[i].raw) {
			zend_string_release(w->acks.items[i].raw);
		}
	}
	/* Nothing to move when all went (w->acks.items is still NULL when there never was one). */
	if (n < w->acks.len) {
		memmove(w->acks.items, w->acks.items + n, (w->acks.len - n) * sizeof(*w->acks.items));
	}
	w->acks.len -= n;
	w->acks.sent = n > w->acks.sent ? 0 : w->acks.sent - n;
}

/* Once every reply to what went out without waiting has been read, the acks sent are done
 * with. When one of those calls failed, lost with a connection or refused (LOADING after a
 * restart, a missing permission), they all go again: removing a member twice does no harm. */
static void settle_deferred(fastqueue_worker *w)
{
	fastqueue_redis_queue *q = worker_queue(w);
	bool lost;

	if (fastqueue_conn_deferred(&q->conn)) {
		return;
	}
	if (fastqueue_conn_deferred_failure(&q->conn, &lost)) {
		fprintf(stderr, "FastQueue: Redis %s marks of started and finished jobs (%s); acknowledgements are sent again\n",
			lost ? "may not have received" : "refused", q->conn.deferred_err);
		fflush(stderr);
		w->acks.sent = 0;
		return;
	}
	fastqueue_worker_drop_acks(w, w->acks.sent);
}

/* {{{ limits: what they held back, and the slots this worker frees */
void fastqueue_worker_throttle_free(fastqueue_worker *w)
{
	throttle_state *t = &w->throttle;

	if (t->held) efree(t->held);
	if (t->freed) efree(t->freed);
	memset(t, 0, sizeof(*t));
	t->wait = -1;
}

void fastqueue_worker_throttle_reset(fastqueue_worker *w)
{
	throttle_state *t = &w->throttle;

	fastqueue_worker_throttle_free(w);
	for (uint32_t i = 0; i < w->opt.limits_count; i++) {
		for (uint32_t j = 0; j < w->list.count; j++) {
			if (zend_string_equals(w->opt.limit_queues[i], w->list.names[j])) {
				fastqueue_queue_list_set_limit(&w->list, worker_queue(w), j + 1, &w->opt.limit_values[i]);
			}
		}
	}
	if (w->list.limits) {
		t->held = ecalloc(w->list.count, sizeof(*t->held));
		t->freed = ecalloc(w->list.count, sizeof(*t->freed));
		t->seen_at = fastqueue_clock_mono();
	}
}

void fastqueue_worker_slot_freed(fastqueue_worker *w, const fastqueue_job *job)
{
	if (w->throttle.freed && job->queue_index >= 1 && job->queue_index <= w->list.count
			&& w->list.limiter_notify[job->queue_index - 1]) {
		w->throttle.freed[job->queue_index - 1]++;
	}
}

/* The freed slots announced, deferred behind the acks that free them: with the next reserve
 * (not each start mark, which would cost three commands a job), which follows soon, as a batch
 * takes no more jobs than the limits let it. */
static void announce_freed(fastqueue_worker *w)
{
	for (uint32_t i = 0; w->throttle.freed && i < w->list.count; i++) {
		if (w->throttle.freed[i]) {
			fastqueue_queue_defer_slot_tokens(worker_queue(w), w->list.limiter_notify[i], w->throttle.freed[i]);
			w->throttle.freed[i] = 0;
		}
	}
}

/* A reserve's word on the limits: which queues they held back and the first time one may let
 * a job start. With metrics, the time since the last reserve counts as limited for the queues
 * held back then, and each queue held back now as a job held back. */
static void note_held_back(fastqueue_worker *w, const fastqueue_reserve_batch *b)
{
	throttle_state *t = &w->throttle;
	double now;

	if (!t->held) {
		return;
	}
	now = fastqueue_clock_mono();
	if (t->any) {
		w->stats.limited_seconds += now - t->seen_at;
	}
	w->stats.held_back += b->nheld;
	for (uint32_t i = 0; w->metrics && t->any && i < w->list.count; i++) {
		if (t->held[i]) {
			fastqueue_metrics_add_limited(w->metrics, ZSTR_VAL(w->list.names[i]), ZSTR_LEN(w->list.names[i]), now - t->seen_at);
		}
	}
	memset(t->held, 0, w->list.count * sizeof(*t->held));
	t->any = false;
	t->wait = -1;
	t->seen_at = now;
	for (uint32_t i = 0; i < b->nheld; i++) {
		const fastqueue_held_back *h = &b->held[i];
		t->held[h->queue - 1] |= h->concurrency ? HELD_SLOTS : HELD_RATE;
		t->any = true;
		if (h->wait >= 0 && (t->wait < 0 || h->wait < t->wait)) {
			t->wait = h->wait;
		}
		if (w->metrics) {
			fastqueue_metrics_add_held_back(w->metrics, ZSTR_VAL(w->list.names[h->queue - 1]),
				ZSTR_LEN(w->list.names[h->queue - 1]), h->concurrency);
		}
	}
}
/* }}} */

/* Queues the unsent acks to go with the next command, and the slots they free. */
static void defer_acks(fastqueue_worker *w)
{
	if (w->acks.sent < w->acks.len
		&& fastqueue_queue_defer_acks(worker_queue(w), w->acks.items + w->acks.sent, w->acks.len - w->acks.sent) == SUCCESS) {
		w->acks.sent = w->acks.len;
	}
	announce_freed(w);
}

/* A job reserved uncharged starts: its attempt is charged in Redis now, before any of its
 * code runs, with the acks of the jobs before it, sent without waiting for the reply. Should
 * the worker die during the job, it comes back with this attempt counted (a job that kills
 * its worker still runs out of tries); the jobs behind it come back uncharged. */
void fastqueue_worker_mark_started(fastqueue_worker *w, fastqueue_job *job)
{
	fastqueue_redis_queue *q = worker_queue(w);

	if (!job->uncharged || job->started) {
		return;
	}
	settle_deferred(w);
	job->started = true;
	if (fastqueue_queue_defer_start(q, reserved_key(w, job), job->reserved_until, job->slot, job->raw,
			job->reserved, w->acks.items + w->acks.sent, w->acks.len - w->acks.sent) == FAILURE) {
		fprintf(stderr, "FastQueue: could not mark job %s started: %s; it runs, but should the worker die "
			"during it, it comes back with this attempt not counted\n", ZSTR_VAL(job->queue), q->conn.err);
		fflush(stderr);
		return;
	}
	w->acks.sent = w->acks.len;
}
/* }}} */

/* {{{ getting jobs: reserve, the prefetch buffer, handing back */
static void buffer_push(fastqueue_worker *w, zval *job, double reserved_at)
{
	if (w->buffer.head + w->buffer.len == w->buffer.cap) {
		if (w->buffer.head > 0) {
			memmove(w->buffer.items, w->buffer.items + w->buffer.head, w->buffer.len * sizeof(*w->buffer.items));
			w->buffer.head = 0;
		} else {
			w->buffer.cap = w->buffer.cap ? w->buffer.cap * 2 : 8;
			w->buffer.items = safe_erealloc(w->buffer.items, w->buffer.cap, sizeof(*w->buffer.items), 0);
		}
	}
	ZVAL_COPY_VALUE(&w->buffer.items[w->buffer.head + w->buffer.len].job, job);
	w->buffer.items[w->buffer.head + w->buffer.len].reserved_at = reserved_at;
	w->buffer.len++;
}

/* Hands back the given jobs of group g (one script call: its queues share a hash slot). */
static zend_result hand_back_group(fastqueue_worker *w, uint32_t g, buffered_job *jobs, uint32_t n)
{
	fastqueue_redis_queue *q = worker_queue(w);
	uint32_t first = w->list.group_first[g], last = w->list.group_first[g + 1], sent = 0;
	fastqueue_args a;
	fastqueue_reply *r;
	char (*qnum)[12];
	zend_result ok;

	qnum = safe_emalloc(n, sizeof(*qnum), 0);
	fastqueue_args_init(&a);
	for (uint32_t i = 4 * first; i < 4 * last; i++) {
		fastqueue_args_add_str(&a, w->list.keys[i]);
	}
	for (uint32_t i = 0; i < n; i++) {
		fastqueue_job *job = Z_FASTQUEUE_JOB_P(&jobs[i].job);
		if (job->queue_index <= first || job->queue_index > last) {
			continue;
		}
		/* Queue numbers as the call counts them: within the group. */
		fastqueue_args_add(&a, qnum[sent], fastqueue_format(qnum[sent], sizeof(qnum[sent]), "%u", job->queue_index - first));
		fastqueue_args_add_str(&a, job->raw);
		/* Its member in :reserved: the job as pushed, as it never started. */
		fastqueue_args_add_str(&a, job->uncharged && !job->started ? job->raw : job->reserved);
		sent++;
	}
	ok = SUCCESS;
	if (sent) {
		double asked = w->metrics ? fastqueue_clock_mono() : 0;
		ok = fastqueue_conn_eval(fastqueue_conn_route_str(&q->conn, w->list.keys[4 * first]), FASTQUEUE_LUA_REQUEUE,
			(int) (4 * (last - first)), &a, &r);
		fastqueue_reply_free(r);
		if (w->metrics) {
			fastqueue_worker_redis_waited(w, asked);
		}
		if (ok == FAILURE) {
			fprintf(stderr, "FastQueue: could not hand back %u prefetched job(s): %s; they come back after retry_after\n",
				sent, q->conn.err);
			fflush(stderr);
		}
	}
	fastqueue_args_free(&a);
	efree(qnum);
	return ok;
}

/* Hands the given buffered jobs back to the head of their queues, untouched. */
static zend_result hand_back(fastqueue_worker *w, buffered_job *jobs, uint32_t n)
{
	zend_result ok = SUCCESS;

	for (uint32_t g = 0; g < w->list.ngroups && n; g++) {
		if (hand_back_group(w, g, jobs, n) == FAILURE) {
			ok = FAILURE;
		}
	}
	for (uint32_t i = 0; i < n; i++) {
		zval_ptr_dtor(&jobs[i].job);
	}
	return ok;
}

/* Sends the pending acknowledgements now and reads every reply still owed, rather than
 * leaving them to the next reserve, when none is coming soon. */
void fastqueue_worker_send_acks(fastqueue_worker *w)
{
	fastqueue_redis_queue *q = worker_queue(w);

	if (!w->acks.len && !fastqueue_conn_deferred(&q->conn)) {
		return;
	}
	double asked = w->metrics ? fastqueue_clock_mono() : 0;
	zend_result ok;

	defer_acks(w);
	ok = fastqueue_conn_drain(&q->conn);
	if (w->metrics) {
		fastqueue_worker_redis_waited(w, asked);
	}
	if (ok == FAILURE) {
		fprintf(stderr, "FastQueue: could not acknowledge %u finished job(s): %s; they may run again after retry_after\n",
			w->acks.len, q->conn.err);
		fflush(stderr);
	}
	settle_deferred(w);
}

static zend_result take_in_flight(fastqueue_worker *w);

/* Sends the pending acknowledgements and hands back the buffer and the overlapped batch:
 * nothing of ours stays reserved. */
void fastqueue_worker_flush_round(fastqueue_worker *w)
{
	if (!w->list_ready) {
		return;
	}
	fastqueue_worker_send_acks(w);
	/* The overlapped batch goes back too, behind the buffer's jobs: untouched and in order. */
	take_in_flight(w);
	hand_back(w, w->buffer.items + w->buffer.head, w->buffer.len);
	w->buffer.head = w->buffer.len = 0;
	if (w->metrics) {
		fastqueue_metrics_set_buffer(w->metrics, 0);
	}
}

/* A job's fork that ends through the worker (exit(), a fatal error) shares the parent's
 * connection: the acknowledgements, the prefetched jobs and the replies owed are the parent's,
 * which goes on with them. The child sends and reads nothing; it only lets go of its copies. */
void fastqueue_worker_forget_round(fastqueue_worker *w)
{
	for (uint32_t i = 0; i < w->buffer.len; i++) {
		zval_ptr_dtor(&w->buffer.items[w->buffer.head + i].job);
	}
	w->buffer.head = w->buffer.len = 0;
	fastqueue_worker_drop_acks(w, w->acks.len);
	w->flight.out = false;
}

/* How long a job with this timeout may hold its reservation: its timeout (1 s when it has
 * none, an optimistic guess) plus the watchdog's grace. */
static double longest_run(fastqueue_worker *w, zend_long timeout)
{
	return (double) (timeout > 0 ? timeout : 1) + w->opt.timeout_grace;
}

/* A prefetched job may start only while its reservation outlasts its run. */
static bool still_safe(fastqueue_worker *w, buffered_job *b)
{
	fastqueue_redis_queue *q = worker_queue(w);
	fastqueue_job *job = Z_FASTQUEUE_JOB_P(&b->job);
	zend_long timeout;

	if (q->retry_after < 0) {
		return true;
	}
	timeout = fastqueue_worker_field_long(job, FASTQUEUE_FIELD_TIMEOUT, w->opt.timeout);
	return fastqueue_clock_wall() + longest_run(w, timeout) < b->reserved_at + (double) q->retry_after;
}

/* What was sent ahead was reserved while the last job or batch ran or ended: it starts while
 * its reservation outlasts a run, or when it is at most a second older than a reserve made
 * now would be (reservations count whole seconds: any reserve of one job may be a second old
 * when it starts). Else it goes back and a fresh reserve follows. */
static bool reserved_ahead_usable(fastqueue_worker *w, buffered_job *b)
{
	/* The age first: still_safe reads the job's timeout, which scans its payload. */
	return (double) fastqueue_clock_unix() - b->reserved_at <= 1.0 || still_safe(w, b);
}

/* How many jobs to reserve per round trip. A prefetched job may start only while its
 * reservation outlasts a whole run (still_safe); when the worker's timeout leaves no such
 * window, every extra job would be reserved only to be handed back, two round trips each. */
zend_long fastqueue_worker_usable_prefetch(fastqueue_worker *w)
{
	fastqueue_redis_queue *q = worker_queue(w);
	double run = longest_run(w, w->opt.timeout);

	/* + 1: reservations are counted in whole seconds, so one may already be a second old. */
	if (w->opt.prefetch == 1 || q->retry_after < 0 || run + 1 < (double) q->retry_after) {
		return w->opt.prefetch;
	}
	if (!w->prefetch_warned) {
		w->prefetch_warned = true;
		fprintf(stderr, "FastQueue: prefetch " ZEND_LONG_FMT " unused: a prefetched job must be able to finish "
			"before its reservation ends, and timeout (" ZEND_LONG_FMT " s) + timeout_grace (%.1f s) leaves no room "
			"in retry_after (" ZEND_LONG_FMT " s); reserving one job at a time. Raise retry_after (Laravel's default "
			"is 90) or lower timeout.\n", w->opt.prefetch, w->opt.timeout, w->opt.timeout_grace, q->retry_after);
		fflush(stderr);
	}
	return 1;
}

static void redis_failed(fastqueue_worker *w, const char *doing)
{
	fastqueue_redis_queue *q = worker_queue(w);
	double wait = fmin(0.1 * (double) (1u << (w->redis_failures < 6 ? w->redis_failures : 6)), 5.0);
	w->redis_failures++;
	w->redis_down = q->conn.err_kind == FASTQUEUE_ERR_CONNECTION;
	fprintf(stderr, "FastQueue: %s failed: %s; retrying in %.1f s\n", doing, q->conn.err, wait);
	fflush(stderr);
	/* The 'error' listeners get the error as the exception RedisQueue would throw (made only
	 * when someone listens). */
	if (!Z_ISUNDEF(w->listeners[EV_ERROR])) {
		zval e, m;
		object_init_ex(&e, fastqueue_exception_class_of(q->conn.err_kind));
		ZVAL_STRING(&m, q->conn.err[0] ? q->conn.err : "Redis command failed");
		zend_update_property_ex(zend_ce_exception, Z_OBJ(e), ZSTR_KNOWN(ZEND_STR_MESSAGE), &m);
		zval_ptr_dtor(&m);
		fastqueue_worker_fire(w, EV_ERROR, &e, 1);
		zval_ptr_dtor(&e);
	}
	fastqueue_signals_sleep(wait);
}

static void redis_ok(fastqueue_worker *w)
{
	if (w->redis_failures) {
		fprintf(stderr, "FastQueue: Redis is back after %u failed attempt(s)\n", w->redis_failures);
		fflush(stderr);
	}
	w->redis_failures = 0;
	w->redis_down = false;
}

/* The restart key's value as a reserve or a GET read it (NULL: absent). */
static void note_restart_value(fastqueue_worker *w, const zend_string *value)
{
	if (!w->restart.watch) {
		return;
	}
	w->restart.read_at = fastqueue_clock_mono();
	if (!w->restart.known) {
		/* The value at start could not be read: this one is the baseline. */
		w->restart.seen = value ? zend_string_copy((zend_string *) value) : NULL;
		w->restart.known = true;
		return;
	}
	if ((value != NULL) != (w->restart.seen != NULL) || (value && !zend_string_equals(value, w->restart.seen))) {
		w->restart.changed = true;
	}
}

/* A batch's migrations as queue:migrated arguments: a list of [queue name, [members],
 * "delayed"|"reserved"]. Copied out so the batch can be freed before any listener runs. */
static void migration_args(fastqueue_worker *w, const fastqueue_reserve_batch *b, zval *out)
{
	array_init_size(out, b->nmigrations);
	for (uint32_t i = 0; i < b->nmigrations; i++) {
		const fastqueue_migration *m = &b->migrations[i];
		zval step, list;

		array_init_size(&list, m->count);
		for (uint32_t j = 0; j < m->count; j++) {
			add_next_index_str(&list, zend_string_copy(m->members[j]));
		}
		array_init_size(&step, 3);
		add_next_index_str(&step, zend_string_copy(w->list.names[m->queue - 1]));
		add_next_index_zval(&step, &list);
		add_next_index_string(&step, m->expired ? "reserved" : "delayed");
		add_next_index_zval(out, &step);
	}
}

/* queue:migrated, once per migration step, in the order the script took them. */
static void fire_migrations(fastqueue_worker *w, zval *steps)
{
	zval *step;
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(steps), step) {
		if (w->exiting) {
			break;
		}
		zval args[3];
		for (zend_ulong i = 0; i < 3; i++) {
			ZVAL_COPY_VALUE(&args[i], zend_hash_index_find(Z_ARRVAL_P(step), i));
		}
		fastqueue_worker_fire(w, EV_Q_MIGRATED, args, 3);
	} ZEND_HASH_FOREACH_END();
}

/* A reserved job of a batch as a Job. Reserved charged, the script gave its reserved copy and
 * attempts count; uncharged, it sent the job once, and its reserved copy and count are made
 * here from the payload's scan. */
static void batch_job(fastqueue_worker *w, const fastqueue_reserve_batch *b, const fastqueue_reserved_job *rj, zval *out)
{
	fastqueue_job *fj;
	zend_string *why;

	fastqueue_job_create(out, w->queue, w->list.names[b->queue - 1], zend_string_copy(rj->raw),
		rj->reserved ? zend_string_copy(rj->reserved) : NULL, rj->attempts);
	fj = Z_FASTQUEUE_JOB_P(out);
	fj->queue_index = b->queue;
	fj->reserved_until = b->until;
	fj->previous_crash = rj->crash ? zend_string_copy(rj->crash) : NULL;
	if (b->charged) {
		return;
	}
	fj->attempts = fastqueue_job_is_valid(fj, &why) ? fastqueue_payload_next_attempts(rj->raw, fastqueue_job_scan(fj)) : -1;
	fj->reserved = fj->attempts >= 0 ? fastqueue_payload_with_attempts(rj->raw, fastqueue_job_scan(fj), fj->attempts) : NULL;
	if (!fj->reserved) {
		fj->reserved = zend_string_copy(rj->raw);
		fj->attempts = -1;
	}
	fj->uncharged = true;
	fj->reserved_until = b->until;
	fj->slot = rj->slot;
}

/* Puts the jobs of a batch in the buffer (reserved at `at`), notes the restart key's value,
 * and tells queue:migrated listeners what it migrated; frees the batch. */
static void buffer_batch(fastqueue_worker *w, fastqueue_reserve_batch *b, double at)
{
	zval migrations;
	bool report = b->migrations != NULL;

	note_restart_value(w, b->restart);
	note_held_back(w, b);
	for (uint32_t i = 0; i < b->njobs; i++) {
		zval job;
		batch_job(w, b, &b->jobs[i], &job);
		buffer_push(w, &job, at);
	}
	if (report) {
		migration_args(w, b, &migrations);
	}
	fastqueue_reserve_batch_free(b);
	if (report) {
		fire_migrations(w, &migrations);
		zval_ptr_dtor(&migrations);
	}
}

/* One reserve round trip, with the pending acks ahead of it; the jobs go to the buffer.
 * A batch is reserved uncharged, each job charged as it starts; a single job is reserved
 * charged, as Laravel's pop does, since it starts at once: that saves Redis and the worker
 * the start mark, at the cost Laravel's worker also has (should the worker die in the
 * microseconds between the reply and the job's start, the job comes back with the attempt
 * counted). With queue:migrated listeners the script reports what it migrated, and they
 * hear of it once the jobs are in the buffer. FAILURE: Redis failed (reported). */
static zend_result reserve(fastqueue_worker *w)
{
	fastqueue_redis_queue *q = worker_queue(w);
	fastqueue_reserve_request req;
	fastqueue_reserve_batch b;
	bool charged = w->reserve_count == 1;

	double asked = w->metrics ? fastqueue_clock_mono() : 0;
	zend_result ok;

	defer_acks(w);
	fastqueue_reserve_request_init(&req, q, &w->list, w->reserve_count, charged, !Z_ISUNDEF(w->listeners[EV_Q_MIGRATED]));
	ok = fastqueue_reserve(q, &req, &b);
	if (w->metrics) {
		fastqueue_metrics_add_round_trip(w->metrics, fastqueue_clock_mono() - asked);
	}
	if (ok == FAILURE) {
		settle_deferred(w);
		redis_failed(w, "reserving jobs");
		return FAILURE;
	}
	settle_deferred(w);
	redis_ok(w);
	/* Whole seconds, as the script computes the reservation's end: never later than it is. */
	buffer_batch(w, &b, (double) req.now);
	return SUCCESS;
}

/* Overlap: sends a reserve of count jobs (with the pending acks ahead of it) without waiting,
 * so that Redis reserves them while the worker runs PHP; its reply is read when the buffer
 * runs dry. Not on a cluster or across slot groups, and not once the run is ending. */
static void send_reserve(fastqueue_worker *w, zend_long count, bool charged)
{
	fastqueue_redis_queue *q = worker_queue(w);

	if (w->flight.out || !w->opt.overlap || w->restart.changed || w->stop_requested
		|| fastqueue_signals.quit || fastqueue_signals.paused || !fastqueue_reserve_can_send(q, &w->list)) {
		return;
	}
	fastqueue_reserve_request_init(&w->flight.request, q, &w->list, count, charged, !Z_ISUNDEF(w->listeners[EV_Q_MIGRATED]));
	defer_acks(w);
	/* A failed send closed the connection: taking the reply says so, and a reserve follows. */
	w->flight.out = fastqueue_reserve_send(q, &w->flight.request) == SUCCESS;
	if (w->metrics && w->flight.out) {
		/* Sent without waiting: its reply's wait is counted when it is taken. */
		fastqueue_metrics_add_round_trip(w->metrics, 0);
	}
}

/* Prefetch 1: the next job's reserve goes out with this job's ack as soon as the job has
 * ended well, before its processed listeners and the loop's checks, which then run while
 * Redis reserves. It is charged, as every reserve of one job: the next job holds one
 * reservation from here on, the same as Laravel's pop would give it a moment later. Not when
 * the run ends after this job as far as can be told now; should it end anyway (a listener's
 * stop(), a signal, maintenance, a looping listener's false), the job goes back to the head
 * of its queue as it was pushed, with no attempt used. */
void fastqueue_worker_reserve_ahead(fastqueue_worker *w)
{
	if (w->reserve_count != 1 || w->buffer.len || w->opt.rest > 0 || w->exiting
		|| fastqueue_worker_run_ends_after_job(w)) {
		return;
	}
	send_reserve(w, 1, true);
}

/* Takes the overlapped reserve's jobs into the buffer, behind those already there (they were
 * behind them in their queue). FAILURE when its reply was lost or refused: it reserved
 * nothing that will not come back after retry_after, uncharged (a batch) or charged (the
 * reserve of one sent ahead, as any reserve of one job whose reply is lost). */
static zend_result take_in_flight(fastqueue_worker *w)
{
	fastqueue_redis_queue *q = worker_queue(w);
	fastqueue_reserve_batch b;

	if (!w->flight.out) {
		return SUCCESS;
	}
	double asked = w->metrics ? fastqueue_clock_mono() : 0;
	zend_result ok;

	w->flight.out = false;
	ok = fastqueue_reserve_take(q, &w->flight.request, &b);
	if (w->metrics) {
		fastqueue_worker_redis_waited(w, asked);
	}
	if (ok == FAILURE) {
		settle_deferred(w);
		if (!fastqueue_conn_is_noscript(&q->conn)) {
			fprintf(stderr, "FastQueue: the reserve sent ahead failed: %s; a new one follows\n", q->conn.err);
			fflush(stderr);
		}
		return FAILURE;
	}
	settle_deferred(w);
	buffer_batch(w, &b, (double) w->flight.request.now);
	return SUCCESS;
}

/* One blocking wait on Redis lasts at most this long: hiredis retries a read interrupted by a
 * signal, so the flags are checked between waits, and a signal is seen well within a second. */
#define WAIT_STEP 0.25

/* Reads the restart key on its own (when no reserve ran: paused, maintenance). */
void fastqueue_worker_poll_restart_key(fastqueue_worker *w)
{
	fastqueue_redis_queue *q = worker_queue(w);
	fastqueue_conn *c;
	fastqueue_args a;
	fastqueue_reply *r;

	if (!w->restart.watch) {
		return;
	}
	fastqueue_args_init(&a);
	fastqueue_args_add(&a, "GET", 3);
	fastqueue_args_add_str(&a, w->list.keys[4 * w->list.count]);
	c = fastqueue_conn_route_str(&q->conn, w->list.keys[4 * w->list.count]);
	if (fastqueue_conn_command(c, &a, &r) == SUCCESS) {
		const char *s;
		size_t len;
		/* A reply that is no value tells nothing: the next poll asks again, as after a failed GET. */
		if (fastqueue_conn_expect_string(c, "GET", r, true, &s, &len) == SUCCESS) {
			zend_string *value = s ? zend_string_init(s, len, 0) : NULL;
			note_restart_value(w, value);
			if (value) {
				zend_string_release(value);
			}
		}
		fastqueue_reply_free(r);
	}
	fastqueue_args_free(&a);
}

/* Waits up to block_for (0: for ever) for a job on any of the queues, one BLPOP on all their
 * :notify lists, in steps; stops at a quit or pause signal or stop(), and when the restart key
 * changed (read once a second meanwhile: an idle worker restarts as promptly as a busy one). */
static zend_result wait_for_jobs(fastqueue_worker *w, bool *announced)
{
	fastqueue_redis_queue *q = worker_queue(w);
	double until = fastqueue_clock_mono() + q->block_for;

	*announced = false;
	if (w->metrics) {
		/* After a pause, a worker that waits for a push is idle again. */
		fastqueue_worker_measure_idle(w, false);
	}
	while (!*announced && !fastqueue_signals.quit && !w->stop_requested && !fastqueue_signals.paused) {
		double left = q->block_for == 0 ? WAIT_STEP : fmin(until - fastqueue_clock_mono(), WAIT_STEP);
		if (left < 0.001) {
			break; /* BLPOP would read a timeout of 0 as "for ever" */
		}
		double asked = w->metrics ? fastqueue_clock_mono() : 0;
		zend_result ok = fastqueue_queue_wait(q, &w->list, left, announced);
		if (w->metrics) {
			/* Waiting for a job to be pushed: idle, not Redis being slow. */
			fastqueue_metrics_add_idle(w->metrics, fastqueue_clock_mono() - asked);
		}
		if (ok == FAILURE) {
			redis_failed(w, "waiting for jobs");
			return FAILURE;
		}
		if (!*announced && w->restart.watch && fastqueue_clock_mono() - w->restart.read_at >= 1.0) {
			fastqueue_worker_poll_restart_key(w);
			if (w->restart.changed) {
				break;
			}
		}
	}
	return SUCCESS;
}

/* Every queue held back by a limit (or empty): waits until the first limit may let a job start,
 * a slot held back is freed (its limiter notify list), or, with block_for, a job is pushed to a
 * queue no limit holds back; at most block_for (with it) or sleep, in steps, so a signal is
 * seen within a second. A push to a held back queue wakes nobody. The next round reserves. */
static void wait_for_limits(fastqueue_worker *w)
{
	fastqueue_redis_queue *q = worker_queue(w);
	throttle_state *t = &w->throttle;
	bool *notify = safe_emalloc(w->list.count, sizeof(bool), 0), *slots = safe_emalloc(w->list.count, sizeof(bool), 0);
	bool any_slots = false, announced = false;
	double longest = q->block_for > 0 ? q->block_for : q->block_for == 0 ? FASTQUEUE_MAX_WAIT : w->opt.sleep;
	double until;

	for (uint32_t i = 0; i < w->list.count; i++) {
		notify[i] = q->block_for >= 0 && !t->held[i];
		slots[i] = (t->held[i] & HELD_SLOTS) != 0;
		any_slots |= slots[i];
	}
	/* A freed slot wakes the wait at once: no need to poll by sleep's short steps. */
	if (any_slots && longest < 1) {
		longest = 1;
	}
	/* + 1 ms: Redis's clock lets the start through once the window has moved past it. */
	until = t->seen_at + (t->wait >= 0 ? fmin(t->wait + 0.001, longest) : longest);
	while (!announced && !fastqueue_signals.quit && !w->stop_requested && !fastqueue_signals.paused) {
		double left = fmin(until - fastqueue_clock_mono(), WAIT_STEP), from = fastqueue_clock_mono();
		bool none;
		zend_result ok;

		if (left < 0.001) {
			break;
		}
		ok = fastqueue_queue_wait_some(q, &w->list, notify, slots, left, &announced, &none);
		if (ok == SUCCESS && none) {
			fastqueue_signals_sleep(left);
		}
		if (w->metrics) {
			fastqueue_metrics_add_idle(w->metrics, fastqueue_clock_mono() - from);
		}
		if (ok == FAILURE) {
			redis_failed(w, "waiting for a limit");
			break;
		}
		if (!announced && w->restart.watch && fastqueue_clock_mono() - w->restart.read_at >= 1.0) {
			fastqueue_worker_poll_restart_key(w);
			if (w->restart.changed) {
				break;
			}
		}
	}
	efree(notify);
	efree(slots);
}

/* Puts the next job at the head of the buffer when one is ready. Prefetched jobs whose
 * reservation could run out before they finish go back first, with all behind them (the
 * overlapped batch too) so the queue keeps its order; a job just reserved always runs, as no
 * reservation is fresher. With overlap, the overlapped batch becomes the buffer when it runs
 * dry, and the next is sent as a batch starts. Does not wait once a reserve saw the restart
 * key change. Returns whether it waited on Redis. */
bool fastqueue_worker_fill_buffer(fastqueue_worker *w, bool overlap)
{
	bool announced, waited = false;

	if (w->buffer.len && !still_safe(w, &w->buffer.items[w->buffer.head])) {
		take_in_flight(w);
		hand_back(w, w->buffer.items + w->buffer.head, w->buffer.len);
		w->buffer.head = w->buffer.len = 0;
	}
	bool held_ahead = false;

	if (!w->buffer.len) {
		bool sent_ahead = w->flight.out;
		take_in_flight(w);
		if (w->buffer.len && !reserved_ahead_usable(w, &w->buffer.items[w->buffer.head])) {
			hand_back(w, w->buffer.items + w->buffer.head, w->buffer.len);
			w->buffer.head = w->buffer.len = 0;
		}
		held_ahead = sent_ahead && !w->buffer.len && w->throttle.any;
	}
	if (!w->buffer.len) {
		/* The overlapped batch came back empty (or there was none): ask again now, as jobs
		 * pushed since it was sent may be there; not when it said that limits hold the
		 * queues back, which the wait below is for (a push to another queue ends it). */
		if (!held_ahead && (reserve(w) == FAILURE || w->exiting)) {
			return false;
		}
		/* Held back by limits: wait for them, and reserve in the next round. */
		if (!w->buffer.len && w->throttle.any && !w->restart.changed) {
			waited = true;
			wait_for_limits(w);
		/* Nothing ready: with block_for, wait on every queue's :notify at once, then reserve. */
		} else if (!w->buffer.len && worker_queue(w)->block_for >= 0 && !w->restart.changed) {
			waited = true;
			if (wait_for_jobs(w, &announced) == SUCCESS && announced) {
				reserve(w);
			}
		}
	}
	if (overlap && w->reserve_count > 1 && w->buffer.len && !w->exiting) {
		send_reserve(w, w->reserve_count, false);
	}
	if (w->metrics) {
		fastqueue_metrics_set_buffer(w->metrics, w->buffer.len);
	}
	return waited;
}

/* Takes the job at the head of the buffer into out; false when the buffer is empty. */
bool fastqueue_worker_take_job(fastqueue_worker *w, zval *out)
{
	if (!w->buffer.len) {
		return false;
	}
	ZVAL_COPY_VALUE(out, &w->buffer.items[w->buffer.head].job);
	w->buffer.head++;
	w->buffer.len--;
	if (!w->buffer.len) {
		w->buffer.head = 0;
	}
	if (w->metrics) {
		fastqueue_metrics_set_buffer(w->metrics, w->buffer.len);
	}
	return true;
}
/* }}} */
