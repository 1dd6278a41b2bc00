/* FastQueue\Supervisor: the object that owns a src/supervisor/ core, its options read into
 * plain C by the rows of supervisor_options_table.h and supervisor_pool_options_table.h
 * (generated from options.php; each refused with a TypeError or ValueError that names it) and
 * the readers those rows name, the log callable, and the exceptions the core's errors become. */
#include "supervisor_methods.h"
#include "supervisor.h"
#include "exits.h"
#include "options.h"
#include "exceptions.h"
#include "worker.h"
#include "signals.h"
#include "seconds.h"
#include "clock.h"
#include "redis_queue.h"
#include "zend_exceptions.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Bounds of a pool: its name's length, and processes (a fleet of more is a mistake here; the
 * bound of min_processes and max_processes in options.php says the same). */
#define POOL_NAME_MAX 100
#define POOL_PROCESSES_MAX 1000
/* A registry name's and a host's length: they make up Redis keys, "NAME/HOST". */
#define REGISTRY_NAME_MAX 100
/* The queues one pool may name. */
#define POOL_QUEUES_MAX 100

zend_class_entry *fastqueue_ce_Supervisor;
static zend_object_handlers supervisor_handlers;

typedef struct {
	fastqueue_supervisor *core;
	zval log;                  /* the log callable, or UNDEF: lines to stderr */
	zval queue;                /* the RedisQueue whose connection the core uses, or UNDEF */
	zend_object *failure;      /* what the log callable threw during run(), thrown after it */
	bool exiting;              /* exit() in the log callable: the process ends after run() */
	bool bailed;               /* a fatal error in the log callable: bail out after run() */
	bool running;
	zend_object std;
} supervisor_object;

static inline supervisor_object *supervisor_from_obj(zend_object *obj)
{
	return (supervisor_object *) ((char *) obj - offsetof(supervisor_object, std));
}
#define Z_SUPERVISOR_P(zv) supervisor_from_obj(Z_OBJ_P(zv))

/* {{{ the object */
static zend_object *supervisor_create(zend_class_entry *ce)
{
	supervisor_object *o = zend_object_alloc(sizeof(supervisor_object), ce);
	zend_object_std_init(&o->std, ce);
	object_properties_init(&o->std, ce);
	o->std.handlers = &supervisor_handlers;
	ZVAL_UNDEF(&o->log);
	ZVAL_UNDEF(&o->queue);
	return &o->std;
}

static void supervisor_free(zend_object *obj)
{
	supervisor_object *o = supervisor_from_obj(obj);
	fastqueue_supervisor_free(o->core);
	zval_ptr_dtor(&o->log);
	zval_ptr_dtor(&o->queue);
	if (o->failure) {
		OBJ_RELEASE(o->failure);
	}
	zend_object_std_dtor(obj);
}

/* A log closure that captures the supervisor would leak without this. */
static HashTable *supervisor_get_gc(zend_object *obj, zval **table, int *n)
{
	supervisor_object *o = supervisor_from_obj(obj);
	zend_get_gc_buffer *buf = zend_get_gc_buffer_create();

	zend_get_gc_buffer_add_zval(buf, &o->log);
	zend_get_gc_buffer_add_zval(buf, &o->queue);
	zend_get_gc_buffer_use(buf, table, n);
	return zend_std_get_properties(obj);
}

/* The core, or an Error when the constructor did not run (a subclass cannot skip it: final). */
static fastqueue_supervisor *core_of(zval *this_zv)
{
	supervisor_object *o = Z_SUPERVISOR_P(this_zv);
	if (!o->core) {
		zend_throw_error(NULL, "FastQueue\\Supervisor is not constructed");
	}
	return o->core;
}
/* }}} */

/* {{{ the log */
static const char *const event_names[] = {
	[FASTQUEUE_SUP_STARTED] = "started", [FASTQUEUE_SUP_EXITED] = "exited",
	[FASTQUEUE_SUP_START_FAILED] = "start_failed", [FASTQUEUE_SUP_STOPPING] = "stopping",
	[FASTQUEUE_SUP_KILLED] = "killed", [FASTQUEUE_SUP_SHRINKING] = "shrinking",
	[FASTQUEUE_SUP_PAUSED] = "paused", [FASTQUEUE_SUP_CONTINUED] = "continued",
	[FASTQUEUE_SUP_STOPPED] = "stopped", [FASTQUEUE_SUP_SCALED] = "scaled",
	[FASTQUEUE_SUP_FIGURES] = "figures", [FASTQUEUE_SUP_RESTARTING] = "restarting",
	[FASTQUEUE_SUP_REGISTRY] = "registry",
};

static void add_nullable_string(zval *arr, const char *key, const char *value)
{
	value ? add_assoc_string(arr, key, value) : add_assoc_null(arr, key);
}

static void event_array(zval *arr, const fastqueue_sup_event *ev)
{
	bool ended = ev->kind == FASTQUEUE_SUP_EXITED;

	array_init(arr);
	add_assoc_string(arr, "event", event_names[ev->kind]);
	add_nullable_string(arr, "pool", ev->pool);
	ev->pid ? add_assoc_long(arr, "pid", ev->pid) : add_assoc_null(arr, "pid");
	add_nullable_string(arr, "reason", ev->reason);
	if (ended || ev->kind == FASTQUEUE_SUP_START_FAILED) {
		ev->delay >= 0 ? add_assoc_double(arr, "delay", ev->delay) : add_assoc_null(arr, "delay");
	} else {
		add_assoc_null(arr, "delay");
	}
	ended ? add_assoc_double(arr, "ran", ev->ran) : add_assoc_null(arr, "ran");
	ended && ev->status >= 0 ? add_assoc_long(arr, "status", ev->status) : add_assoc_null(arr, "status");
	ended && ev->signo ? add_assoc_long(arr, "signal", ev->signo) : add_assoc_null(arr, "signal");
}

/* The core's log: the callable, or stderr. Whatever ends the callable other than a return (a
 * Throwable, exit(), a fatal error) stops the fleet, later events go to stderr, and run()
 * carries it on once every worker has ended: a fatal error's bailout never leaves workers
 * without their supervisor. */
static void log_event(void *ctx, const fastqueue_sup_event *ev, const char *line)
{
	supervisor_object *o = ctx;
	zval args[2], rv;

	if (Z_ISUNDEF(o->log) || o->failure || o->exiting || o->bailed) {
		fprintf(stderr, "FastQueue supervisor: %s\n", line);
		fflush(stderr);
		return;
	}
	ZVAL_STRING(&args[0], line);
	event_array(&args[1], ev);
	ZVAL_UNDEF(&rv);
	zend_try {
		call_user_function(NULL, NULL, &o->log, &rv, 2, args);
	} zend_catch {
		o->bailed = true;
	} zend_end_try();
	zval_ptr_dtor(&rv);
	zval_ptr_dtor(&args[0]);
	zval_ptr_dtor(&args[1]);
	if (EG(exception) && zend_is_unwind_exit(EG(exception))) {
		o->exiting = true;         /* EG(exit_status) keeps the status for the exit after run() */
		zend_clear_exception();
	} else if (EG(exception)) {
		o->failure = EG(exception);
		GC_ADDREF(o->failure);
		zend_clear_exception();
	}
	if (o->bailed || o->exiting || o->failure) {
		o->core->stop_requested = true;
	}
}
/* }}} */

/* {{{ __construct */
/* What the constructor's options are read into, by the rows of supervisor_options_table.h. */
typedef struct {
	double stop_timeout;
	zval log;                  /* the log callable, or UNDEF */
	zval queue;                /* the RedisQueue, or UNDEF */
	zend_string *name, *host;  /* NULL: not given */
	double heartbeat;
} supervisor_settings;

static void supervisor_settings_free(supervisor_settings *ss)
{
	zval_ptr_dtor(&ss->log);
	zval_ptr_dtor(&ss->queue);
	if (ss->name) {
		zend_string_release(ss->name);
	}
	if (ss->host) {
		zend_string_release(ss->host);
	}
}

/* A registry name or host: 1 to REGISTRY_NAME_MAX bytes of letters, digits and _ . : -, so
 * that "NAME/HOST" is one key's part and reads back whole. */
static bool registry_word(const zend_string *w)
{
	if (ZSTR_LEN(w) == 0 || ZSTR_LEN(w) > REGISTRY_NAME_MAX) {
		return false;
	}
	for (size_t i = 0; i < ZSTR_LEN(w); i++) {
		char c = ZSTR_VAL(w)[i];
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || strchr("_.:-", c))) {
			return false;
		}
	}
	return true;
}

static zend_result check_registry_names(void *settings)
{
	supervisor_settings *ss = settings;

	if (ss->name && !registry_word(ss->name)) {
		zend_argument_value_error(1, "option \"name\" must be 1 to %d bytes of letters, digits, '_', '.', ':' "
			"and '-'", REGISTRY_NAME_MAX);
		return FAILURE;
	}
	if (ss->host && !registry_word(ss->host)) {
		zend_argument_value_error(1, "option \"host\" must be 1 to %d bytes of letters, digits, '_', '.', ':' "
			"and '-'", REGISTRY_NAME_MAX);
		return FAILURE;
	}
	return SUCCESS;
}

static zend_result read_queue_option(zval *v, void *settings)
{
	supervisor_settings *ss = settings;

	if (Z_TYPE_P(v) != IS_NULL && (Z_TYPE_P(v) != IS_OBJECT || !instanceof_function(Z_OBJCE_P(v), fastqueue_ce_RedisQueue))) {
		zend_argument_type_error(1, "option \"queue\" must be of type ?FastQueue\\RedisQueue, %s given",
			zend_zval_type_name(v));
		return FAILURE;
	}
	if (Z_TYPE_P(v) == IS_OBJECT && !fastqueue_redis_queue_constructed(Z_FASTQUEUE_REDIS_QUEUE_P(v))) {
		zend_argument_value_error(1, "option \"queue\" must be a constructed FastQueue\\RedisQueue");
		return FAILURE;
	}
	zval_ptr_dtor(&ss->queue);
	ZVAL_UNDEF(&ss->queue);
	if (Z_TYPE_P(v) == IS_OBJECT) {
		ZVAL_COPY(&ss->queue, v);
	}
	return SUCCESS;
}

#include "supervisor_options_table.h"

static zend_result read_log_option(zval *v, void *settings)
{
	supervisor_settings *ss = settings;

	if (Z_TYPE_P(v) != IS_NULL && !zend_is_callable(v, 0, NULL)) {
		zend_argument_type_error(1, "option \"log\" must be a valid callback or null, %s given",
			zend_zval_type_name(v));
		return FAILURE;
	}
	zval_ptr_dtor(&ss->log);
	ZVAL_UNDEF(&ss->log);
	if (Z_TYPE_P(v) != IS_NULL) {
		ZVAL_COPY(&ss->log, v);
	}
	return SUCCESS;
}

/* The figures and the registry over the RedisQueue's connection, when one is given. */
static zend_result connect_core(fastqueue_supervisor *core, const supervisor_settings *ss)
{
	fastqueue_redis_queue *q;
	char host[256];

	if (Z_ISUNDEF(ss->queue)) {
		return SUCCESS;
	}
	q = Z_FASTQUEUE_REDIS_QUEUE_P(&ss->queue);
	if (ss->host) {
		snprintf(host, sizeof(host), "%s", ZSTR_VAL(ss->host));
	} else if (gethostname(host, sizeof(host)) != 0) {
		snprintf(host, sizeof(host), "localhost");
	}
	host[sizeof(host) - 1] = '\0';
	return fastqueue_supervisor_connect(core, &q->conn, ZSTR_VAL(q->prefix), ZSTR_LEN(q->prefix),
		ss->name ? ZSTR_VAL(ss->name) : NULL, host, ss->heartbeat);
}

PHP_METHOD(FastQueue_Supervisor, __construct)
{
	supervisor_object *o = Z_SUPERVISOR_P(ZEND_THIS);
	HashTable *options = NULL;
	supervisor_settings ss;

	ZEND_PARSE_PARAMETERS_START(0, 1)
		Z_PARAM_OPTIONAL
		Z_PARAM_ARRAY_HT(options)
	ZEND_PARSE_PARAMETERS_END();

	if (o->core) {
		zend_throw_error(NULL, "FastQueue\\Supervisor is already constructed");
		RETURN_THROWS();
	}
	memset(&ss, 0, sizeof(ss));
	ZVAL_UNDEF(&ss.log);
	ZVAL_UNDEF(&ss.queue);
	fastqueue_options_defaults(&supervisor_option_table, &ss);
	if (fastqueue_options_read(&supervisor_option_table, options, &ss) == FAILURE) {
		supervisor_settings_free(&ss);
		RETURN_THROWS();
	}
	if (ss.name && Z_ISUNDEF(ss.queue)) {
		supervisor_settings_free(&ss);
		zend_argument_value_error(1, "option \"name\" needs the option \"queue\": the registry is kept in Redis");
		RETURN_THROWS();
	}
	if (!(o->core = fastqueue_supervisor_new(ss.stop_timeout)) || connect_core(o->core, &ss) == FAILURE) {
		supervisor_settings_free(&ss);
		fastqueue_supervisor_free(o->core);
		o->core = NULL;
		zend_throw_error(NULL, "FastQueue\\Supervisor: out of memory");
		RETURN_THROWS();
	}
	zval_ptr_dtor(&o->log);
	ZVAL_COPY_VALUE(&o->log, &ss.log); /* the reference read_log_option took goes to the object */
	ZVAL_UNDEF(&ss.log);
	zval_ptr_dtor(&o->queue);
	ZVAL_COPY_VALUE(&o->queue, &ss.queue); /* so is read_queue_option's: the connection outlives the core */
	ZVAL_UNDEF(&ss.queue);
	supervisor_settings_free(&ss);
	o->core->log = log_event;
	o->core->log_ctx = o;
}
/* }}} */

/* {{{ addPool */
/* What addPool()'s options are read into, by the rows of supervisor_pool_options_table.h. */
typedef struct {
	zend_long min, max;        /* max -1: not given, $processes */
	char **env;                /* malloc'd "NAME=value" strings, or NULL */
	uint8_t design_exits[32];  /* a bit per exit status */
	zend_string *group;        /* NULL: none */
	char **queues;             /* malloc'd names, NULL-terminated, or NULL */
	unsigned nqueues;
} pool_options;

static void pool_options_free(pool_options *po)
{
	fastqueue_sup_strings_free(po->env);
	fastqueue_sup_strings_free(po->queues);
	if (po->group) {
		zend_string_release(po->group);
	}
}

#include "supervisor_pool_options_table.h"

/* A malloc'd, NULL-terminated array of copies of strings; NULL when out of memory. */
static char **string_list(size_t n)
{
	return calloc(n + 1, sizeof(char *));
}

static zend_result read_command(HashTable *command, char ***argv)
{
	zval *item;
	size_t n = 0;

	if (zend_hash_num_elements(command) == 0 || !zend_array_is_list(command)) {
		zend_argument_value_error(2, "must be a non-empty list of strings");
		return FAILURE;
	}
	ZEND_HASH_FOREACH_VAL(command, item) {
		ZVAL_DEREF(item);
		if (Z_TYPE_P(item) != IS_STRING) {
			zend_argument_type_error(2, "must hold only strings, %s given at index %zu", zend_zval_type_name(item), n);
			return FAILURE;
		}
		if (memchr(Z_STRVAL_P(item), '\0', Z_STRLEN_P(item)) || (n == 0 && Z_STRLEN_P(item) == 0)) {
			zend_argument_value_error(2, "must hold strings without NUL bytes, and a program that is not empty");
			return FAILURE;
		}
		n++;
	} ZEND_HASH_FOREACH_END();
	*argv = string_list(n);
	n = 0;
	ZEND_HASH_FOREACH_VAL(command, item) {
		ZVAL_DEREF(item);
		if (*argv && !((*argv)[n++] = strdup(Z_STRVAL_P(item)))) {
			fastqueue_sup_strings_free(*argv);
			*argv = NULL;
		}
	} ZEND_HASH_FOREACH_END();
	return SUCCESS;
}

static zend_result read_env_option(zval *v, void *settings)
{
	pool_options *po = settings;
	zend_string *name;
	zval *value;
	size_t n = 0;

	if (Z_TYPE_P(v) != IS_ARRAY) {
		zend_argument_type_error(4, "option \"env\" must be of type array, %s given", zend_zval_type_name(v));
		return FAILURE;
	}
	ZEND_HASH_FOREACH_STR_KEY_VAL(Z_ARRVAL_P(v), name, value) {
		ZVAL_DEREF(value);
		if (!name || !ZSTR_LEN(name) || memchr(ZSTR_VAL(name), '=', ZSTR_LEN(name))
				|| memchr(ZSTR_VAL(name), '\0', ZSTR_LEN(name))) {
			zend_argument_value_error(4, "option \"env\" must have names that are non-empty strings without '=' or NUL");
			return FAILURE;
		}
		if (Z_TYPE_P(value) != IS_STRING || memchr(Z_STRVAL_P(value), '\0', Z_STRLEN_P(value))) {
			zend_argument_type_error(4, "option \"env\" must have string values without NUL, %s given for \"%s\"",
				zend_zval_type_name(value), ZSTR_VAL(name));
			return FAILURE;
		}
	} ZEND_HASH_FOREACH_END();
	fastqueue_sup_strings_free(po->env);
	po->env = string_list(zend_hash_num_elements(Z_ARRVAL_P(v)));
	ZEND_HASH_FOREACH_STR_KEY_VAL(Z_ARRVAL_P(v), name, value) {
		ZVAL_DEREF(value);
		if (po->env && !(po->env[n] = malloc(ZSTR_LEN(name) + Z_STRLEN_P(value) + 2))) {
			fastqueue_sup_strings_free(po->env);
			po->env = NULL;
		}
		if (po->env) {
			sprintf(po->env[n++], "%s=%s", ZSTR_VAL(name), Z_STRVAL_P(value));
		}
	} ZEND_HASH_FOREACH_END();
	if (!po->env) {
		zend_throw_error(NULL, "FastQueue\\Supervisor: out of memory");
		return FAILURE;
	}
	return SUCCESS;
}

static zend_result read_queues_option(zval *v, void *settings)
{
	pool_options *po = settings;
	zval *item;
	unsigned n = 0;

	if (Z_TYPE_P(v) != IS_ARRAY) {
		zend_argument_type_error(4, "option \"queues\" must be of type array, %s given", zend_zval_type_name(v));
		return FAILURE;
	}
	if (zend_hash_num_elements(Z_ARRVAL_P(v)) > POOL_QUEUES_MAX) {
		zend_argument_value_error(4, "option \"queues\" must name at most %d queues", POOL_QUEUES_MAX);
		return FAILURE;
	}
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(v), item) {
		ZVAL_DEREF(item);
		if (Z_TYPE_P(item) != IS_STRING || Z_STRLEN_P(item) == 0 || memchr(Z_STRVAL_P(item), '\0', Z_STRLEN_P(item))) {
			zend_argument_value_error(4, "option \"queues\" must hold only queue names: non-empty strings without NUL");
			return FAILURE;
		}
	} ZEND_HASH_FOREACH_END();
	fastqueue_sup_strings_free(po->queues);
	po->queues = string_list(zend_hash_num_elements(Z_ARRVAL_P(v)));
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(v), item) {
		ZVAL_DEREF(item);
		if (po->queues && !(po->queues[n++] = strdup(Z_STRVAL_P(item)))) {
			fastqueue_sup_strings_free(po->queues);
			po->queues = NULL;
		}
	} ZEND_HASH_FOREACH_END();
	if (!po->queues) {
		zend_throw_error(NULL, "FastQueue\\Supervisor: out of memory");
		return FAILURE;
	}
	po->nqueues = n;
	return SUCCESS;
}

static zend_result read_design_exits_option(zval *v, void *settings)
{
	pool_options *po = settings;
	zval *item;

	if (Z_TYPE_P(v) != IS_ARRAY) {
		zend_argument_type_error(4, "option \"design_exits\" must be of type array, %s given", zend_zval_type_name(v));
		return FAILURE;
	}
	memset(po->design_exits, 0, sizeof(po->design_exits));
	ZEND_HASH_FOREACH_VAL(Z_ARRVAL_P(v), item) {
		ZVAL_DEREF(item);
		if (Z_TYPE_P(item) != IS_LONG || Z_LVAL_P(item) < 0 || Z_LVAL_P(item) > 255) {
			zend_argument_value_error(4, "option \"design_exits\" must hold only integers between 0 and 255");
			return FAILURE;
		}
		fastqueue_exit_set(po->design_exits, (unsigned) Z_LVAL_P(item));
	} ZEND_HASH_FOREACH_END();
	return SUCCESS;
}

/* The sum of the min_processes of group gi's pools. */
static unsigned group_minimums(const fastqueue_supervisor *s, int gi)
{
	unsigned sum = 0;
	for (unsigned i = 0; i < s->npools; i++) {
		sum += s->pools[i].group == gi ? s->pools[i].min : 0;
	}
	return sum;
}

/* The group option: a group added before, whose budget takes the pool's minimum; its index, or
 * -1 for none; -2 after a throw. */
static int read_pool_group(const fastqueue_supervisor *s, const pool_options *po)
{
	int gi;

	if (!po->group) {
		return -1;
	}
	if ((gi = fastqueue_supervisor_group(s, ZSTR_VAL(po->group))) < 0) {
		zend_argument_value_error(4, "option \"group\" must name a group added with addGroup(), \"%s\" is none",
			ZSTR_VAL(po->group));
		return -2;
	}
	if (group_minimums(s, gi) + (unsigned) po->min > s->groups[gi].max) {
		zend_argument_value_error(4, "option \"min_processes\" (" ZEND_LONG_FMT ") would take group \"%s\"'s "
			"minimums to %u, above its max_processes (%u)", po->min, s->groups[gi].name,
			group_minimums(s, gi) + (unsigned) po->min, s->groups[gi].max);
		return -2;
	}
	if (s->groups[gi].mode != FASTQUEUE_BALANCE_OFF && po->nqueues == 0 && (s->groups[gi].mode == FASTQUEUE_BALANCE_AUTO
			|| po->min == 0)) {
		zend_argument_value_error(4, "option \"queues\" must name the pool's queues: group \"%s\" balances it "
			"on their figures", s->groups[gi].name);
		return -2;
	}
	return gi;
}

/* The options (NULL: none), and the bounds they set on processes, each refusal naming its key. */
static zend_result read_pool_options(const fastqueue_supervisor *s, HashTable *options, zend_long processes,
	pool_options *po, int *group)
{
	/* Worker::daemon()'s own statuses: a stop condition, a job's timeout, the memory limit. */
	fastqueue_exit_set(po->design_exits, FASTQUEUE_EXIT_SUCCESS);
	fastqueue_exit_set(po->design_exits, FASTQUEUE_EXIT_ERROR);
	fastqueue_exit_set(po->design_exits, FASTQUEUE_EXIT_MEMORY_LIMIT);
	fastqueue_options_defaults(&supervisor_pool_option_table, po);
	po->max = -1;
	if (fastqueue_options_read(&supervisor_pool_option_table, options, po) == FAILURE) {
		return FAILURE;
	}
	if ((*group = read_pool_group(s, po)) == -2) {
		return FAILURE;
	}
	if (po->max < 0) {
		po->max = *group >= 0 && (zend_long) s->groups[*group].max > processes ? s->groups[*group].max : processes;
	}
	if (po->min > processes) {
		zend_argument_value_error(4, "option \"min_processes\" must not be above $processes (" ZEND_LONG_FMT "), "
			ZEND_LONG_FMT " given", processes, po->min);
		return FAILURE;
	}
	if (po->max < processes) {
		zend_argument_value_error(4, "option \"max_processes\" must not be below $processes (" ZEND_LONG_FMT "), "
			ZEND_LONG_FMT " given", processes, po->max);
		return FAILURE;
	}
	return SUCCESS;
}

static zend_result check_pool_name(zend_string *name)
{
	if (ZSTR_LEN(name) == 0 || ZSTR_LEN(name) > POOL_NAME_MAX || memchr(ZSTR_VAL(name), '\0', ZSTR_LEN(name))) {
		zend_argument_value_error(1, "must be 1 to %d bytes long, without NUL", POOL_NAME_MAX);
		return FAILURE;
	}
	return SUCCESS;
}

PHP_METHOD(FastQueue_Supervisor, addPool)
{
	zend_string *name;
	HashTable *command, *options = NULL;
	zend_long processes;
	pool_options po = {0};
	char **argv = NULL, err[FASTQUEUE_SUP_ERR_LEN];
	fastqueue_supervisor *s;
	int group = -1;

	ZEND_PARSE_PARAMETERS_START(3, 4)
		Z_PARAM_STR(name)
		Z_PARAM_ARRAY_HT(command)
		Z_PARAM_LONG(processes)
		Z_PARAM_OPTIONAL
		Z_PARAM_ARRAY_HT(options)
	ZEND_PARSE_PARAMETERS_END();

	if (!(s = core_of(ZEND_THIS))) {
		RETURN_THROWS();
	}
	if (Z_SUPERVISOR_P(ZEND_THIS)->running) {
		zend_throw_error(NULL, "FastQueue\\Supervisor::addPool() cannot add a pool while run() runs");
		RETURN_THROWS();
	}
	if (check_pool_name(name) == FAILURE) {
		RETURN_THROWS();
	}
	if (processes < 0 || processes > POOL_PROCESSES_MAX) {
		zend_argument_value_error(3, "must be between 0 and %d", POOL_PROCESSES_MAX);
		RETURN_THROWS();
	}
	if (read_command(command, &argv) == FAILURE || read_pool_options(s, options, processes, &po, &group) == FAILURE) {
		fastqueue_sup_strings_free(argv);
		pool_options_free(&po);
		RETURN_THROWS();
	}
	if (!argv) {
		pool_options_free(&po);
		zend_throw_error(NULL, "FastQueue\\Supervisor: out of memory");
		RETURN_THROWS();
	}
	if (fastqueue_supervisor_add_pool(s, ZSTR_VAL(name), argv, po.env, (unsigned) processes, (unsigned) po.min,
			(unsigned) po.max, po.design_exits, err) == FAILURE) {
		fastqueue_sup_strings_free(argv);
		pool_options_free(&po);
		zend_argument_value_error(1, "must be unique: %s", err);
		RETURN_THROWS();
	}
	po.env = NULL; /* the pool's now */
	if (fastqueue_supervisor_pool_queues(s, &s->pools[s->npools - 1], group, (const char *const *) po.queues,
			po.nqueues) == FAILURE) {
		pool_options_free(&po);
		zend_throw_error(NULL, "FastQueue\\Supervisor: out of memory");
		RETURN_THROWS();
	}
	pool_options_free(&po);
}
/* }}} */

/* {{{ addGroup */
/* What addGroup()'s options are read into, by the rows of supervisor_group_options_table.h. */
typedef struct {
	zend_string *balance, *strategy;
	zend_long max, max_shift;
	double cooldown;
	bool shared;
} group_options;

static zend_result check_balance(void *settings)
{
	zend_string *b = ((group_options *) settings)->balance;
	if (!zend_string_equals_literal(b, "off") && !zend_string_equals_literal(b, "simple")
			&& !zend_string_equals_literal(b, "auto")) {
		zend_argument_value_error(2, "option \"balance\" must be \"off\", \"simple\" or \"auto\", \"%s\" given",
			ZSTR_VAL(b));
		return FAILURE;
	}
	return SUCCESS;
}

static zend_result check_strategy(void *settings)
{
	zend_string *st = ((group_options *) settings)->strategy;
	if (!zend_string_equals_literal(st, "time") && !zend_string_equals_literal(st, "size")) {
		zend_argument_value_error(2, "option \"strategy\" must be \"time\" or \"size\", \"%s\" given", ZSTR_VAL(st));
		return FAILURE;
	}
	return SUCCESS;
}

#include "supervisor_group_options_table.h"

static void group_options_free(group_options *go)
{
	if (go->balance) {
		zend_string_release(go->balance);
	}
	if (go->strategy) {
		zend_string_release(go->strategy);
	}
}

PHP_METHOD(FastQueue_Supervisor, addGroup)
{
	zend_string *name;
	HashTable *options = NULL;
	group_options go;
	fastqueue_sup_group g;
	fastqueue_supervisor *s;
	char err[FASTQUEUE_SUP_ERR_LEN];

	ZEND_PARSE_PARAMETERS_START(1, 2)
		Z_PARAM_STR(name)
		Z_PARAM_OPTIONAL
		Z_PARAM_ARRAY_HT(options)
	ZEND_PARSE_PARAMETERS_END();

	if (!(s = core_of(ZEND_THIS))) {
		RETURN_THROWS();
	}
	if (Z_SUPERVISOR_P(ZEND_THIS)->running) {
		zend_throw_error(NULL, "FastQueue\\Supervisor::addGroup() cannot add a group while run() runs");
		RETURN_THROWS();
	}
	if (check_pool_name(name) == FAILURE) {
		RETURN_THROWS();
	}
	memset(&go, 0, sizeof(go));
	fastqueue_options_defaults(&supervisor_group_option_table, &go);
	if (fastqueue_options_read(&supervisor_group_option_table, options, &go) == FAILURE) {
		group_options_free(&go);
		RETURN_THROWS();
	}
	g = (fastqueue_sup_group) {
		.name = ZSTR_VAL(name), .max = (unsigned) go.max, .max_shift = (unsigned) go.max_shift, .cooldown = go.cooldown,
		.shared = go.shared,
		.mode = zend_string_equals_literal(go.balance, "off") ? FASTQUEUE_BALANCE_OFF
			: zend_string_equals_literal(go.balance, "simple") ? FASTQUEUE_BALANCE_SIMPLE : FASTQUEUE_BALANCE_AUTO,
		.strategy = zend_string_equals_literal(go.strategy, "size") ? FASTQUEUE_STRATEGY_SIZE : FASTQUEUE_STRATEGY_TIME,
	};
	group_options_free(&go);
	if (g.mode == FASTQUEUE_BALANCE_AUTO && !s->figures) {
		zend_argument_value_error(2, "option \"balance\" \"auto\" needs the supervisor's option \"queue\": the "
			"figures are read from Redis");
		RETURN_THROWS();
	}
	if (g.shared && !s->registry) {
		zend_argument_value_error(2, "option \"shared\" needs the supervisor's option \"name\": the budget is "
			"shared by the supervisors of one name");
		RETURN_THROWS();
	}
	if (fastqueue_supervisor_add_group(s, &g, err) == FAILURE) {
		zend_argument_value_error(1, "must be unique: %s", err);
		RETURN_THROWS();
	}
}
/* }}} */

PHP_METHOD(FastQueue_Supervisor, restart)
{
	ZEND_PARSE_PARAMETERS_NONE();
	if (core_of(ZEND_THIS) && Z_SUPERVISOR_P(ZEND_THIS)->running) {
		Z_SUPERVISOR_P(ZEND_THIS)->core->restart_requested = true;
		Z_SUPERVISOR_P(ZEND_THIS)->core->restart_for[0] = '\0';
	}
}

PHP_METHOD(FastQueue_Supervisor, setProcesses)
{
	zend_string *name;
	zend_long processes;
	fastqueue_supervisor *s;
	fastqueue_sup_pool *p;

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_STR(name)
		Z_PARAM_LONG(processes)
	ZEND_PARSE_PARAMETERS_END();

	if (!(s = core_of(ZEND_THIS))) {
		RETURN_THROWS();
	}
	if (!(p = fastqueue_supervisor_pool(s, ZSTR_VAL(name)))) {
		zend_argument_value_error(1, "must name a pool, \"%s\" is none", ZSTR_VAL(name));
		RETURN_THROWS();
	}
	if (p->group >= 0 && s->groups[p->group].mode != FASTQUEUE_BALANCE_OFF) {
		zend_argument_value_error(1, "must name a pool that balancing leaves alone: group \"%s\" sets \"%s\"'s "
			"processes", s->groups[p->group].name, p->name);
		RETURN_THROWS();
	}
	if (processes < p->min || processes > p->max) {
		zend_argument_value_error(2, "must be between pool \"%s\"'s min_processes (%u) and max_processes (%u), "
			ZEND_LONG_FMT " given", p->name, p->min, p->max, processes);
		RETURN_THROWS();
	}
	p->target = (unsigned) processes;
	s->changed = true;
}

PHP_METHOD(FastQueue_Supervisor, run)
{
	supervisor_object *o = Z_SUPERVISOR_P(ZEND_THIS);
	char err[FASTQUEUE_SUP_ERR_LEN];
	zend_result ok;
	int status = 0;

	ZEND_PARSE_PARAMETERS_NONE();

	if (!core_of(ZEND_THIS)) {
		RETURN_THROWS();
	}
	if (o->running) {
		zend_throw_error(NULL, "FastQueue\\Supervisor is already running");
		RETURN_THROWS();
	}
	if (fastqueue_signals.installed) {
		zend_throw_error(NULL, "FastQueue\\Supervisor::run() cannot run inside Worker::daemon()");
		RETURN_THROWS();
	}
	if (o->core->npools == 0) {
		zend_throw_error(NULL, "FastQueue\\Supervisor::run() needs a pool: call addPool() first");
		RETURN_THROWS();
	}
	o->running = true;
	ok = fastqueue_supervisor_run(o->core, &status, err);
	o->running = false;
	if (o->bailed) {
		o->bailed = false;
		zend_bailout();
	}
	if (o->exiting) {
		o->exiting = false;
		zend_throw_unwind_exit();
		RETURN_THROWS();
	}
	if (o->failure) {
		zval failure;
		ZVAL_OBJ(&failure, o->failure); /* the reference taken when it was kept goes to the throw */
		o->failure = NULL;
		zend_throw_exception_object(&failure);
		RETURN_THROWS();
	}
	if (ok == FAILURE) {
		zend_throw_exception(fastqueue_ce_Exception, err, 0);
		RETURN_THROWS();
	}
	RETURN_LONG(status);
}

PHP_METHOD(FastQueue_Supervisor, stop)
{
	ZEND_PARSE_PARAMETERS_NONE();
	if (core_of(ZEND_THIS) && Z_SUPERVISOR_P(ZEND_THIS)->running) {
		Z_SUPERVISOR_P(ZEND_THIS)->core->stop_requested = true;
	}
}

PHP_METHOD(FastQueue_Supervisor, pause)
{
	ZEND_PARSE_PARAMETERS_NONE();
	if (core_of(ZEND_THIS) && Z_SUPERVISOR_P(ZEND_THIS)->running) {
		Z_SUPERVISOR_P(ZEND_THIS)->core->pause_requested = 1;
	}
}

PHP_METHOD(FastQueue_Supervisor, resume)
{
	ZEND_PARSE_PARAMETERS_NONE();
	if (core_of(ZEND_THIS) && Z_SUPERVISOR_P(ZEND_THIS)->running) {
		Z_SUPERVISOR_P(ZEND_THIS)->core->pause_requested = 0;
	}
}

/* {{{ status */
static const char *state_name(fastqueue_sup_state state)
{
	switch (state) {
		case FASTQUEUE_SUP_RUNNING: return "running";
		case FASTQUEUE_SUP_PAUSED_STATE: return "paused";
		case FASTQUEUE_SUP_STOPPING_STATE: return "stopping";
		default: return "idle";
	}
}

/* The pids of pool pi's workers asked to stop (stopping) or not, oldest first. */
static void pool_pids(const fastqueue_supervisor *s, unsigned pi, bool stopping, zval *out)
{
	double after = -1;

	array_init(out);
	for (;;) {
		const fastqueue_sup_child *next = NULL;
		for (unsigned i = 0; i < s->nchildren; i++) {
			const fastqueue_sup_child *c = &s->children[i];
			if (c->pool == pi && c->stopping == stopping && c->started > after && (!next || c->started < next->started)) {
				next = c;
			}
		}
		if (!next) {
			return;
		}
		add_next_index_long(out, next->pid);
		after = next->started;
	}
}

static void pool_status(const fastqueue_supervisor *s, unsigned pi, zval *out)
{
	const fastqueue_sup_pool *p = &s->pools[pi];
	zval command, pids;
	double next = -1, now = fastqueue_clock_mono();

	array_init(out);
	array_init(&command);
	for (size_t i = 0; p->argv[i]; i++) {
		add_next_index_string(&command, p->argv[i]);
	}
	add_assoc_zval(out, "command", &command);
	add_assoc_long(out, "processes", p->target);
	add_assoc_long(out, "min_processes", p->min);
	add_assoc_long(out, "max_processes", p->max);
	pool_pids(s, pi, false, &pids);
	add_assoc_zval(out, "pids", &pids);
	pool_pids(s, pi, true, &pids);
	add_assoc_zval(out, "stopping", &pids);
	add_assoc_long(out, "started", (zend_long) p->started);
	add_assoc_long(out, "replaced", (zend_long) p->replaced);
	add_assoc_long(out, "crashes", (zend_long) p->crashes);
	add_assoc_long(out, "waiting", p->nrestarts);
	for (unsigned i = 0; i < p->nrestarts; i++) {
		double d = p->restarts[i].due - now;
		next = next < 0 || d < next ? (d > 0 ? d : 0) : next;
	}
	next >= 0 ? add_assoc_double(out, "next_restart", next) : add_assoc_null(out, "next_restart");
	p->last_exit[0] ? add_assoc_string(out, "last_exit", p->last_exit) : add_assoc_null(out, "last_exit");
	p->group >= 0 ? add_assoc_string(out, "group", s->groups[p->group].name) : add_assoc_null(out, "group");
	array_init(&command);
	for (unsigned q = 0; q < p->nqueues; q++) {
		add_next_index_string(&command, s->queues[p->queues[q]].name);
	}
	add_assoc_zval(out, "queues", &command);
}

static const char *const balance_names[] = {"off", "simple", "auto"};
static const char *const strategy_names[] = {"time", "size"};

static void groups_status(const fastqueue_supervisor *s, zval *out)
{
	array_init(out);
	for (unsigned i = 0; i < s->ngroups; i++) {
		const fastqueue_sup_group *g = &s->groups[i];
		zval group;
		array_init(&group);
		add_assoc_string(&group, "balance", balance_names[g->mode]);
		add_assoc_string(&group, "strategy", strategy_names[g->strategy]);
		add_assoc_long(&group, "max_processes", g->max);
		add_assoc_long(&group, "max_shift", g->max_shift);
		add_assoc_double(&group, "cooldown", g->cooldown);
		add_assoc_bool(&group, "shared", g->shared);
		add_assoc_long(&group, "budget", g->budget);
		add_assoc_long(&group, "hosts", g->hosts);
		add_assoc_zval(out, g->name, &group);
	}
}

static void add_figure(zval *arr, const char *key, bool read, double v)
{
	read && v >= 0 ? add_assoc_double(arr, key, v) : add_assoc_null(arr, key);
}

static void queues_status(const fastqueue_supervisor *s, zval *out)
{
	array_init(out);
	for (unsigned i = 0; i < s->nqueues; i++) {
		const fastqueue_sup_queue *q = &s->queues[i];
		zval queue;
		array_init(&queue);
		q->read ? add_assoc_long(&queue, "backlog", q->last.backlog) : add_assoc_null(&queue, "backlog");
		add_figure(&queue, "wait", q->read, q->last.wait);
		add_figure(&queue, "runtime", q->read, q->last.runtime);
		add_figure(&queue, "busy", q->read, q->last.busy);
		add_assoc_zval(out, q->name, &queue);
	}
}

PHP_METHOD(FastQueue_Supervisor, status)
{
	fastqueue_supervisor *s;
	zval pools, pool;

	ZEND_PARSE_PARAMETERS_NONE();
	if (!(s = core_of(ZEND_THIS))) {
		RETURN_THROWS();
	}
	array_init(return_value);
	add_assoc_string(return_value, "state", state_name(s->state));
	array_init(&pools);
	for (unsigned i = 0; i < s->npools; i++) {
		pool_status(s, i, &pool);
		add_assoc_zval(&pools, s->pools[i].name, &pool);
	}
	add_assoc_zval(return_value, "pools", &pools);
	s->name ? add_assoc_string(return_value, "name", s->name) : add_assoc_null(return_value, "name");
	s->host ? add_assoc_string(return_value, "host", s->host) : add_assoc_null(return_value, "host");
	if (!s->figures) {
		add_assoc_null(return_value, "figures");
	} else {
		add_assoc_string(return_value, "figures", s->figures_err[0] ? s->figures_err : "ok");
	}
	groups_status(s, &pools);
	add_assoc_zval(return_value, "groups", &pools);
	queues_status(s, &pools);
	add_assoc_zval(return_value, "queues", &pools);
	s->restarting >= 0 ? add_assoc_string(return_value, "restarting", s->pools[s->restarting].name)
		: add_assoc_null(return_value, "restarting");
	add_assoc_string(return_value, "restarted", s->restarted);
}
/* }}} */

void fastqueue_supervisor_minit(zend_class_entry *ce)
{
	fastqueue_ce_Supervisor = ce;
	ce->create_object = supervisor_create;
	memcpy(&supervisor_handlers, zend_get_std_object_handlers(), sizeof(zend_object_handlers));
	supervisor_handlers.offset = offsetof(supervisor_object, std);
	supervisor_handlers.free_obj = supervisor_free;
	supervisor_handlers.get_gc = supervisor_get_gc;
	supervisor_handlers.clone_obj = NULL;
}
