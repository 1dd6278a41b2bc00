/* FastQueue\Worker: the object, its daemon loop, stop conditions, adding listeners, and the C
 * API its PHP methods call (src/module/worker_methods.c, which throws what this refuses). One
 * round trip per round: the reserve script carries the acknowledgements of finished jobs,
 * migrates due jobs, reserves the next ones and reads the restart key (worker_reserve.c).
 * PHP is called only to run a job (worker_run.c) and its event listeners (worker_events.c). */
#include "worker.h"
#include "worker_private.h"
#include "worker_stop.h"
#include "signals.h"
#include "zend_exceptions.h"
#include "zend_smart_str.h"
#include <sys/stat.h>
#include <unistd.h>

static zend_object_handlers worker_handlers;

/* {{{ idle time ('metrics' on: counted) */
/* Sleeps for a round that runs no job, counting the time as idle; paused: the round may not
 * take a job (the exposition's state says so while it sleeps). */
static void idle_sleep(fastqueue_worker *w, double seconds, bool paused)
{
	double from;

	if (!w->metrics) {
		fastqueue_signals_sleep(seconds);
		return;
	}
	fastqueue_worker_measure_idle(w, paused);
	from = fastqueue_clock_mono();
	fastqueue_signals_sleep(seconds);
	fastqueue_metrics_add_idle(w->metrics, fastqueue_clock_mono() - from);
}
/* }}} */

/* {{{ stop conditions (Laravel's stopIfNecessary itself: worker_stop.h) */
/* The reserve call reads the restart key; while prefetched jobs keep the worker from
 * reserving, read it on its own, at most once a second, so a restart is not 31 jobs late. */
static void watch_restart_between_reserves(fastqueue_worker *w)
{
	if (w->restart.watch && w->buffer.len > 0 && fastqueue_clock_mono() - w->restart.read_at >= 1.0) {
		fastqueue_worker_poll_restart_key(w);
	}
}

static bool in_maintenance(fastqueue_worker *w)
{
	struct stat st;
	return w->opt.maintenance_file && !w->opt.force && stat(ZSTR_VAL(w->opt.maintenance_file), &st) == 0;
}

/* Laravel has one paused flag: pause() or SIGUSR2 set it, resume() or SIGCONT clear it. During
 * a run it lives in the signal state, where the handlers can reach it. */
static bool is_paused(fastqueue_worker *w)
{
	return w->running ? fastqueue_signals.paused : w->paused;
}

static void set_paused(fastqueue_worker *w, bool paused)
{
	w->paused = paused;
	if (w->running) {
		fastqueue_signals.paused = paused;
	}
}

/* Whether a job may start now: not paused, not in maintenance, and no looping listener said no. */
static bool should_run(fastqueue_worker *w, zval *queues)
{
	zval args[2];
	if (in_maintenance(w) || is_paused(w)) {
		return false;
	}
	if (Z_ISUNDEF(w->listeners[EV_LOOPING])) {
		return true;
	}
	ZVAL_STR(&args[0], w->opt.name);
	ZVAL_COPY_VALUE(&args[1], queues);
	return fastqueue_worker_fire(w, EV_LOOPING, args, 2);
}

/* A round that may not run a job (paused, maintenance, looping false): Laravel's pauseWorker.
 * Finished jobs are acknowledged and prefetched ones handed back first, so none of them waits
 * for the end of the pause (and runs again after retry_after). */
static void idle_round(fastqueue_worker *w)
{
	fastqueue_worker_flush_round(w);
	/* stop() from a looping listener: no reason to sleep first (a signal cuts the sleep short). */
	if (!w->stop_requested) {
		idle_sleep(w, w->opt.sleep > 0 ? w->opt.sleep : 1, true);
	}
	fastqueue_worker_poll_restart_key(w);
}
/* }}} */

/* {{{ a run: daemon() and runNextJob() share its setup and teardown */
/* The list reserves use: the run's queues but those skipQueues() named, in their order. */
static void build_list(fastqueue_worker *w)
{
	zend_string **active = safe_emalloc(w->run_count, sizeof(*active), 0);
	uint32_t n = 0;

	for (uint32_t i = 0; i < w->run_count; i++) {
		if (!w->skip || !zend_hash_exists(w->skip, w->run_names[i])) {
			active[n++] = w->run_names[i];
		}
	}
	fastqueue_queue_list_init(&w->list, worker_queue(w), active, n, w->opt.restart_key);
	fastqueue_worker_throttle_reset(w);
	efree(active);
	w->skip_changed = false;
}

static void free_run_names(fastqueue_worker *w)
{
	for (uint32_t i = 0; i < w->run_count; i++) {
		zend_string_release(w->run_names[i]);
	}
	if (w->run_names) efree(w->run_names);
	w->run_names = NULL;
	w->run_count = 0;
}

/* Between rounds: a change of skipQueues() takes effect. What the old list reserved goes back
 * first (acknowledged, handed back), as the jobs refer to their queue by its place in it. */
static void apply_skip(fastqueue_worker *w)
{
	if (!w->skip_changed) {
		return;
	}
	fastqueue_worker_flush_round(w);
	fastqueue_queue_list_free(&w->list);
	build_list(w);
}

/* The metrics' exposition, when an option asks for one: FAILURE with the reason in err. */
static zend_result start_exporter(fastqueue_worker *w, fastqueue_worker_error *err)
{
	fastqueue_redis_queue *q = worker_queue(w);
	zend_string *listen = w->opt.metrics_listen;
	char host[64] = "";
	fastqueue_export_settings s = {w->opt.metrics_file, listen, host, 0, false, w->opt.metrics_allow,
		w->opt.metrics_allow_count, w->opt.metrics_publish,
		w->opt.metrics_interval, w->opt.metrics_worker, q->prefix, &q->conn};

	if (listen) {
		/* Checked by the constructor already. */
		fastqueue_metrics_listen_parse(ZSTR_VAL(listen), ZSTR_LEN(listen), host, sizeof(host), &s.listen_port, &s.listen_v6);
	}
	if (w->metrics && fastqueue_metrics_export_wanted(&s)
		&& !(w->exporter = fastqueue_metrics_export_start(w->metrics, &s, err->text, sizeof(err->text)))) {
		err->kind = FASTQUEUE_WORKER_ERR_EXPORTER;
		return FAILURE;
	}
	return SUCCESS;
}

static zend_result refuse(fastqueue_worker_error *err, fastqueue_worker_err_kind kind, const char *text)
{
	err->kind = kind;
	snprintf(err->text, sizeof(err->text), "%s", text);
	return FAILURE;
}

zend_result fastqueue_worker_may_run(fastqueue_worker *w, const char *method, fastqueue_worker_error *err)
{
	if (w->running) {
		return refuse(err, FASTQUEUE_WORKER_ERR_STATE, "FastQueue\\Worker is already running");
	}
	/* Another worker's run (this one is inside its job or a listener): one set of handlers and
	 * one alarm per process, and ours would take them from it and give back the wrong ones. */
	if (fastqueue_signals.installed) {
		err->kind = FASTQUEUE_WORKER_ERR_STATE;
		snprintf(err->text, sizeof(err->text), "FastQueue\\Worker::%s() cannot run inside a job or listener of "
			"another running worker (signal handlers and the job alarm are per process)", method);
		return FAILURE;
	}
	return SUCCESS;
}

/* The exposition's info: the run's queues as given, comma-separated, and no job yet. */
static void measure_run_start(fastqueue_worker *w)
{
	smart_str joined = {0};

	for (uint32_t i = 0; i < w->run_count; i++) {
		if (i) {
			smart_str_appendc(&joined, ',');
		}
		smart_str_append(&joined, w->run_names[i]);
	}
	smart_str_0(&joined);
	fastqueue_metrics_run_started(w->metrics, joined.s ? ZSTR_VAL(joined.s) : "", joined.s ? ZSTR_LEN(joined.s) : 0,
		zend_memory_usage(false));
	smart_str_free(&joined);
}

zend_result fastqueue_worker_begin_run(fastqueue_worker *w, zend_string **names, uint32_t n, fastqueue_worker_error *err)
{
	fastqueue_redis_queue *q = worker_queue(w);

	w->run_names = names;
	w->run_count = n;
	if (w->metrics) {
		measure_run_start(w);
	}
	if (start_exporter(w, err) == FAILURE) {
		free_run_names(w);
		return FAILURE;
	}
	build_list(w);
	w->list_ready = true;
	w->running = true;
	w->run_pid = getpid();
	w->stop_requested = false;
	w->restart.changed = false;
	fastqueue_worker_set_job_hooks(w);
	w->reserve_count = fastqueue_worker_usable_prefetch(w);
	if (w->opt.lease_renewal && fastqueue_lease_possible(q->retry_after)) {
		w->lease = fastqueue_lease_start(&q->conn, q->retry_after);
	}
	fastqueue_signals_install();
	fastqueue_signals.paused = w->paused;
	fastqueue_crash_start(&q->conn);
	return SUCCESS;
}

/* Stops the run's lease thread, keeping its counts for stats(). */
static void end_lease(fastqueue_worker *w)
{
	fastqueue_lease_counts c;

	if (!w->lease) {
		return;
	}
	fastqueue_lease_counts_get(w->lease, &c);
	w->stats.leases.renewed += c.renewed;
	w->stats.leases.lost += c.lost;
	w->stats.leases.failures += c.failures;
	fastqueue_lease_stop(w->lease);
	w->lease = NULL;
	if (w->metrics) {
		fastqueue_metrics_set_leases(w->metrics, w->stats.leases.renewed, w->stats.leases.lost, w->stats.leases.failures);
	}
}

static void end_run(fastqueue_worker *w)
{
	fastqueue_crash_pause();
	end_lease(w);
	if (w->run_pid == getpid()) {
		fastqueue_worker_flush_round(w);
	} else {
		fastqueue_worker_forget_round(w);
	}
	fastqueue_metrics_export_stop(w->exporter);
	w->exporter = NULL;
	w->paused = fastqueue_signals.paused;
	fastqueue_signals_restore();
	fastqueue_queue_list_free(&w->list);
	fastqueue_worker_throttle_free(w);
	free_run_names(w);
	w->list_ready = false;
	w->running = false;
	w->daemon_started = 0;
	w->restart.watch = w->restart.known = false;
	if (w->restart.seen) {
		zend_string_release(w->restart.seen);
		w->restart.seen = NULL;
	}
}

static void read_restart_baseline(fastqueue_worker *w)
{
	fastqueue_redis_queue *q = worker_queue(w);
	fastqueue_conn *c;
	fastqueue_args a;
	fastqueue_reply *r = NULL;
	const char *s;
	size_t len;

	if (!w->opt.restart_key) {
		return;
	}
	w->restart.watch = true;
	fastqueue_args_init(&a);
	fastqueue_args_add(&a, "GET", 3);
	fastqueue_args_add_str(&a, w->list.keys[4 * w->list.count]);
	c = fastqueue_conn_route_str(&q->conn, w->list.keys[4 * w->list.count]);
	if (fastqueue_conn_command(c, &a, &r) == SUCCESS && fastqueue_conn_expect_string(c, "GET", r, true, &s, &len) == SUCCESS) {
		if (s) {
			w->restart.seen = zend_string_init(s, len, 0);
		}
		w->restart.known = true;
		fastqueue_reply_free(r);
	} else {
		fastqueue_reply_free(r);
		fprintf(stderr, "FastQueue: could not read the restart key: %s\n", q->conn.err);
		fflush(stderr);
	}
	fastqueue_args_free(&a);
}
/* }}} */

/* {{{ the loops, each run under one guard against fatal errors */
typedef struct _daemon_run {
	zval queues;                  /* the queue list as given, for looping listeners */
	bool stop;                    /* a stop condition held */
	int status;                   /* and the exit status it gives */
} daemon_run;

/* A quit, pause or resume signal, at a safe point: the signal listeners get its number and
 * the running job (null between jobs). */
static void on_signal_event(void *ctx, int signo)
{
	fastqueue_worker *w = ctx;
	zval args[2];

	if (w->exiting) {
		return;
	}
	ZVAL_LONG(&args[0], signo);
	if (Z_ISUNDEF(w->current)) {
		ZVAL_NULL(&args[1]);
	} else {
		ZVAL_COPY_VALUE(&args[1], &w->current);
	}
	fastqueue_worker_fire(w, EV_SIGNAL, args, 2);
}

static void daemon_loop(fastqueue_worker *w, void *arg)
{
	daemon_run *run = arg;
	zval job;

	w->daemon_started = fastqueue_clock_mono();
	while (!run->stop && !w->exiting) {
		bool waited, had_job = false;
		fastqueue_signals_dispatch();
		if (!should_run(w, &run->queues)) {
			if (w->exiting) break;
			idle_round(w);
			/* Laravel's pauseWorker checks with no job: stop_when_empty ends a paused worker. */
			run->stop = fastqueue_worker_should_stop(w, false, &run->status);
			continue;
		}
		apply_skip(w);
		if (w->list.count == 0) {
			/* Every queue skipped: a round that finds no job, as Laravel's getNextJob with
			 * every queue paused (no pop, the sleep, stop_when_empty holds). */
			if (fastqueue_clock_mono() - w->restart.read_at >= 1.0) {
				fastqueue_worker_poll_restart_key(w);
			}
			if (!w->restart.changed) {
				idle_sleep(w, w->opt.sleep, true);
			}
			run->stop = fastqueue_worker_should_stop(w, false, &run->status);
			continue;
		}
		waited = fastqueue_worker_fill_buffer(w, true);
		if (w->exiting) break;
		/* A restart seen by the reserve that brought the next job: it goes back unstarted,
		 * as Laravel stops before it pops another. */
		if (!w->restart.changed && fastqueue_worker_take_job(w, &job)) {
			had_job = true;
			fastqueue_worker_run_job(w, &job);
			zval_ptr_dtor(&job);
			watch_restart_between_reserves(w);
			if (w->opt.rest > 0) {
				fastqueue_worker_send_acks(w);
				fastqueue_signals_sleep(w->opt.rest);
			}
		} else {
			if (!Z_ISUNDEF(w->listeners[EV_IDLE])) {
				fastqueue_worker_fire(w, EV_IDLE, NULL, 0);
				if (w->exiting) break;
			}
			if (!waited && !w->redis_failures && !w->restart.changed) {
				/* With block_for the wait already happened; Laravel sleeps again, we do not. */
				idle_sleep(w, w->opt.sleep, false);
			}
		}
		/* A queue a limit held back is not empty: stop_when_empty waits for it, as Laravel's
		 * worker goes on while its rate-limiting middleware releases the jobs it pops. */
		run->stop = fastqueue_worker_should_stop(w, had_job || w->redis_failures || w->throttle.any, &run->status);
	}
}

static void next_job(fastqueue_worker *w, void *arg)
{
	bool *ran = arg;
	zval job;
	bool waited;

	if (w->list.count == 0) {
		idle_sleep(w, w->opt.sleep, true);
		return;
	}
	waited = fastqueue_worker_fill_buffer(w, false);
	if (w->exiting) {
		return;
	}
	if (fastqueue_worker_take_job(w, &job)) {
		fastqueue_worker_run_job(w, &job);
		zval_ptr_dtor(&job);
		*ran = true;
	} else if (!waited && !w->redis_failures) {
		idle_sleep(w, w->opt.sleep, false);
	}
}

/* Runs body; a fatal error in a job or in a listener (which bails out past every frame)
 * first leaves nothing of ours behind: finished jobs acknowledged, prefetched ones handed
 * back, the handlers and timer as they were. The job that was running stays reserved and
 * comes back after retry_after with this attempt counted, as after kill -9. Only w, body and
 * arg are used after the longjmp, and none of them changes in between. */
static void run_guarded(fastqueue_worker *w, void (*body)(fastqueue_worker *, void *), void *arg)
{
	zend_try {
		body(w, arg);
	} zend_catch {
		fastqueue_crash_disarm();
		fastqueue_signals_end_job();
		if (!Z_ISUNDEF(w->current)) {
			Z_FASTQUEUE_JOB_P(&w->current)->hooks = NULL;
		}
		end_run(w);
		zend_bailout();
	} zend_end_try();
}

int fastqueue_worker_daemon(fastqueue_worker *w, zend_string *queues)
{
	daemon_run run;
	zval status_zv;

	ZVAL_STR(&run.queues, queues ? zend_string_copy(queues) : zend_string_init("default", 7, 0));
	run.stop = false;
	run.status = FASTQUEUE_EXIT_SUCCESS;
	read_restart_baseline(w);
	if (!Z_ISUNDEF(w->listeners[EV_SIGNAL])) {
		fastqueue_signals_on_signal(on_signal_event, w);
	}
	run_guarded(w, daemon_loop, &run);
	/* A signal that ended the run is heard before the stopping listeners. */
	if (!w->exiting) {
		fastqueue_signals_dispatch();
	}
	end_run(w);
	zval_ptr_dtor(&run.queues);
	/* exit() is unwinding: no stopping listeners, its exception goes on up. */
	if (!w->exiting) {
		ZVAL_LONG(&status_zv, run.status);
		fastqueue_worker_fire(w, EV_STOPPING, &status_zv, 1);
	}
	return run.status;
}

bool fastqueue_worker_run_next(fastqueue_worker *w)
{
	bool ran = false;

	run_guarded(w, next_job, &ran);
	end_run(w);
	/* A quit signal ends a daemon() run; here it was only held back until the job was done
	 * and acknowledged. Unlike daemon() the caller cannot tell, so it goes to the caller's
	 * disposition now: SIG_DFL ends the process, a pcntl handler runs, SIG_IGN ignores it. */
	fastqueue_signals_raise_deferred_quit();
	return ran;
}
/* }}} */

/* {{{ controls and figures */
fastqueue_worker *fastqueue_worker_of(zend_object *obj)
{
	return worker_from_obj(obj);
}

zend_object *fastqueue_worker_queue(fastqueue_worker *w)
{
	return w->queue;
}

void fastqueue_worker_request_stop(fastqueue_worker *w, int status)
{
	w->stop_requested = true;
	w->stop_status = status;
}

void fastqueue_worker_set_paused(fastqueue_worker *w, bool paused)
{
	set_paused(w, paused);
}

bool fastqueue_worker_is_paused(fastqueue_worker *w)
{
	return is_paused(w);
}

/* Two sets of skipped queues (NULL: empty) name the same queues. */
static bool skip_equal(HashTable *a, HashTable *b)
{
	zend_string *key;

	if ((a ? zend_hash_num_elements(a) : 0) != (b ? zend_hash_num_elements(b) : 0)) {
		return false;
	}
	if (a) {
		ZEND_HASH_FOREACH_STR_KEY(a, key) {
			if (!key || !zend_hash_exists(b, key)) {
				return false;
			}
		} ZEND_HASH_FOREACH_END();
	}
	return true;
}

static void free_skip(fastqueue_worker *w)
{
	if (w->skip) {
		zend_hash_destroy(w->skip);
		FREE_HASHTABLE(w->skip);
		w->skip = NULL;
	}
}

void fastqueue_worker_skip_queues(fastqueue_worker *w, HashTable *skip)
{
	if (!skip_equal(w->skip, skip)) {
		w->skip_changed = true;
	}
	free_skip(w);
	w->skip = skip;
}

/* The process's real allocation peak. With 'metrics' each job resets PHP's peak to measure its
 * own, so the highest seen before a reset is kept and counted too. */
static size_t process_memory_peak(fastqueue_worker *w)
{
	size_t now = zend_memory_peak_usage(true);
	return now > w->stats.memory_peak ? now : w->stats.memory_peak;
}

void fastqueue_worker_get_stats(fastqueue_worker *w, fastqueue_worker_stats *out)
{
	*out = w->stats;
	out->memory_peak = process_memory_peak(w);
	/* Lease renewal's counts, the running run's included. */
	fastqueue_worker_lease_counts(w, &out->leases);
}

char *fastqueue_worker_metrics_text(fastqueue_worker *w, size_t *len, fastqueue_worker_error *err)
{
	fastqueue_lease_counts leases;
	char *text;

	if (!w->metrics) {
		refuse(err, FASTQUEUE_WORKER_ERR_STATE, "metrics are off; construct the worker with 'metrics' => true");
		return NULL;
	}
	fastqueue_worker_lease_counts(w, &leases);
	fastqueue_metrics_set_leases(w->metrics, leases.renewed, leases.lost, leases.failures);
	text = fastqueue_metrics_render(w->metrics, len);
	if (!text) {
		refuse(err, FASTQUEUE_WORKER_ERR_MEMORY, "out of memory");
	}
	return text;
}

bool fastqueue_worker_listen(fastqueue_worker *w, const zend_string *event, zval *listener)
{
	int ev;

	for (ev = 0; ev < EV_COUNT; ev++) {
		if (zend_string_equals_cstr(event, fastqueue_worker_event_names[ev], strlen(fastqueue_worker_event_names[ev]))) {
			break;
		}
	}
	if (ev == EV_COUNT) {
		return false;
	}
	if (Z_ISUNDEF(w->listeners[ev])) {
		array_init(&w->listeners[ev]);
	}
	/* fastqueue_worker_fire() may be walking this array: add to a copy of it then. */
	SEPARATE_ARRAY(&w->listeners[ev]);
	Z_TRY_ADDREF_P(listener);
	add_next_index_zval(&w->listeners[ev], listener);
	return true;
}
/* }}} */

bool fastqueue_worker_constructed(zend_object *obj)
{
	return worker_from_obj(obj)->queue != NULL;
}

zend_result fastqueue_worker_construct(zend_object *obj, zend_object *queue, zval *handler,
	const zend_fcall_info_cache *handler_fcc, worker_options *opt)
{
	fastqueue_worker *w = worker_from_obj(obj);

	w->opt = *opt;
	memset(opt, 0, sizeof(*opt));
	if (handler) {
		w->handler_fcc = *handler_fcc;
		ZVAL_COPY(&w->handler, handler);
	}
	w->stats.started_at = fastqueue_clock_wall();
	if (w->opt.metrics) {
		w->metrics = fastqueue_metrics_new(ZSTR_VAL(w->opt.metrics_worker), ZSTR_LEN(w->opt.metrics_worker), w->stats.started_at);
		if (!w->metrics) {
			fastqueue_worker_options_free(&w->opt);
			zval_ptr_dtor(&w->handler);
			ZVAL_UNDEF(&w->handler);
			return FAILURE;
		}
	}
	w->queue = queue;
	GC_ADDREF(w->queue);
	return SUCCESS;
}

/* {{{ object handlers */
static zend_object *worker_create(zend_class_entry *ce)
{
	fastqueue_worker *w = zend_object_alloc(sizeof(fastqueue_worker), ce);
	zend_object_std_init(&w->std, ce);
	object_properties_init(&w->std, ce);
	w->std.handlers = &worker_handlers;
	ZVAL_UNDEF(&w->handler);
	ZVAL_UNDEF(&w->current);
	for (int i = 0; i < EV_COUNT; i++) {
		ZVAL_UNDEF(&w->listeners[i]);
	}
	return &w->std;
}

static void worker_free(zend_object *obj)
{
	fastqueue_worker *w = worker_from_obj(obj);
	fastqueue_lease_stop(w->lease);
	if (w->queue) {
		fastqueue_crash_release(&worker_queue(w)->conn);
	}
	if (w->crash_name) {
		zend_string_release(w->crash_name);
	}
	fastqueue_metrics_export_stop(w->exporter);
	fastqueue_worker_free_limits(&w->limits);
	for (uint32_t i = 0; i < w->buffer.len; i++) {
		zval_ptr_dtor(&w->buffer.items[w->buffer.head + i].job);
	}
	if (w->buffer.items) efree(w->buffer.items);
	fastqueue_worker_drop_acks(w, w->acks.len);
	if (w->acks.items) efree(w->acks.items);
	if (w->list_ready) fastqueue_queue_list_free(&w->list);
	fastqueue_worker_throttle_free(w);
	free_run_names(w);
	free_skip(w);
	if (w->restart.seen) zend_string_release(w->restart.seen);
	zval_ptr_dtor(&w->handler);
	zval_ptr_dtor(&w->current);
	for (int i = 0; i < EV_COUNT; i++) {
		zval_ptr_dtor(&w->listeners[i]);
	}
	fastqueue_worker_options_free(&w->opt);
	fastqueue_metrics_free(w->metrics);
	if (w->queue) OBJ_RELEASE(w->queue);
	zend_object_std_dtor(obj);
}

/* Closures that capture the worker would leak without this. */
static HashTable *worker_get_gc(zend_object *obj, zval **table, int *n)
{
	fastqueue_worker *w = worker_from_obj(obj);
	zend_get_gc_buffer *buf = zend_get_gc_buffer_create();

	zend_get_gc_buffer_add_zval(buf, &w->handler);
	zend_get_gc_buffer_add_zval(buf, &w->current);
	for (int i = 0; i < EV_COUNT; i++) {
		zend_get_gc_buffer_add_zval(buf, &w->listeners[i]);
	}
	for (uint32_t i = 0; i < w->buffer.len; i++) {
		zend_get_gc_buffer_add_zval(buf, &w->buffer.items[w->buffer.head + i].job);
	}
	if (w->queue) {
		zend_get_gc_buffer_add_obj(buf, w->queue);
	}
	zend_get_gc_buffer_use(buf, table, n);
	return zend_std_get_properties(obj);
}
/* }}} */

/* ce: what fastqueue.c registered from the stub (its generated arginfo is included once). */
zend_class_entry *fastqueue_ce_Worker;

void fastqueue_worker_minit(zend_class_entry *ce)
{
	fastqueue_ce_Worker = ce;
	ce->create_object = worker_create;
	memcpy(&worker_handlers, zend_get_std_object_handlers(), sizeof(zend_object_handlers));
	worker_handlers.offset = offsetof(fastqueue_worker, std);
	worker_handlers.free_obj = worker_free;
	worker_handlers.get_gc = worker_get_gc;
	worker_handlers.clone_obj = NULL;
}
