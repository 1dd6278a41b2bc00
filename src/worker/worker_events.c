/* The worker's events: calling the listeners Worker::on() added, reporting what they throw,
 * and noticing exit() unwinding through them. Below the loop (worker.c), running a job
 * (worker_run.c) and getting jobs (worker_reserve.c), which all fire events. */
#include "exceptions.h"
#include "worker_private.h"
#include "zend_exceptions.h"

/* Worker::on()'s event names, by worker_event. */
const char *const fastqueue_worker_event_names[EV_COUNT] = {
	"looping", "processing", "processed", "exception", "released", "failed", "timeout", "stopping",
	"signal", "queue:reserved", "queue:migrated", "queue:deleted", "queue:released", "error", "idle",
	"measured"
};

/* {{{ calling PHP */

/* exit() inside PHP code unwinds through us: stop everything and let it through. */
bool fastqueue_worker_unwinding(fastqueue_worker *w)
{
	if (EG(exception) && zend_is_unwind_exit(EG(exception))) {
		w->exiting = true;
	}
	return w->exiting;
}

void fastqueue_worker_report(const char *what, zend_object *ex)
{
	zval rv, *msg = zend_read_property(ex->ce, ex, "message", sizeof("message") - 1, 1, &rv);
	zend_string *text = zval_get_string(msg);
	fprintf(stderr, "FastQueue: %s: %s: %s\n", what, ZSTR_VAL(ex->ce->name), ZSTR_VAL(text));
	fflush(stderr);
	zend_string_release(text);
}

/* Calls a callable zval; the return value goes to rv (UNDEF when the call failed). */
static void call_php(zval *callable, zval *args, uint32_t argc, zval *rv)
{
	zend_fcall_info fci;
	zend_fcall_info_cache fcc;
	char *error = NULL;

	ZVAL_UNDEF(rv);
	if (zend_fcall_info_init(callable, 0, &fci, &fcc, NULL, &error) == FAILURE) {
		if (error) efree(error);
		return;
	}
	if (error) efree(error);
	fci.retval = rv;
	fci.params = args;
	fci.param_count = argc;
	zend_call_function(&fci, &fcc);
}

/* The TimeoutException our alarm threw into the running job (throw mode): it belongs to the
 * job, wherever inside it the job was, a listener included. */
static bool job_timeout_pending(fastqueue_worker *w)
{
	return w->timeout_thrown && EG(exception) && instanceof_function(EG(exception)->ce, fastqueue_ce_TimeoutException);
}

/* Runs the listeners of an event. A listener that throws is reported on stderr and the
 * worker goes on; returns false when a listener returned false (for looping). */
bool fastqueue_worker_fire(fastqueue_worker *w, worker_event ev, zval *args, uint32_t argc)
{
	zval *cb, rv, listeners;
	bool go_on = true;

	if (Z_ISUNDEF(w->listeners[ev])) {
		return true;
	}
	/* A listener may call on(): it then separates the array, and this walk goes on over the
	 * one it began with. */
	ZVAL_COPY(&listeners, &w->listeners[ev]);
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL(listeners), cb) {
		call_php(cb, args, argc, &rv);
		if (Z_TYPE(rv) == IS_FALSE) {
			go_on = false;
		}
		zval_ptr_dtor(&rv);
		if (fastqueue_worker_unwinding(w) || job_timeout_pending(w)) {
			go_on = false;
			break;
		}
		if (EG(exception)) {
			char what[64];
			snprintf(what, sizeof(what), "the '%s' listener threw", fastqueue_worker_event_names[ev]);
			fastqueue_worker_report(what, EG(exception));
			zend_clear_exception();
		}
	} ZEND_HASH_FOREACH_END();
	zval_ptr_dtor(&listeners);
	return go_on;
}

void fastqueue_worker_fire_job(fastqueue_worker *w, worker_event ev, zval *job)
{
	fastqueue_worker_fire(w, ev, job, 1);
}

void fastqueue_worker_fire_job_value(fastqueue_worker *w, worker_event ev, zval *job, zval *value)
{
	zval args[2];
	ZVAL_COPY_VALUE(&args[0], job);
	ZVAL_COPY_VALUE(&args[1], value);
	fastqueue_worker_fire(w, ev, args, 2);
}
/* }}} */
