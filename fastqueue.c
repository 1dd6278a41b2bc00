/* The module: class registration, MINFO. Class logic lives in src/. */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "ext/standard/info.h"
#include "zend_attributes.h" /* the arginfo marks RedisQueue options #[\SensitiveParameter] */
#include "zend_exceptions.h"
#include "ext/spl/spl_exceptions.h"
#include "php_fastqueue.h"
#include "src/redis/conn.h"
#include "src/redis/tls.h"
#include "src/queue/exceptions.h"
#include "src/queue/redis_queue.h"
#include "src/queue/job.h"
#include "src/worker/worker.h"
#include "src/worker/signals.h"
#include "src/worker/crash.h"
#include "src/module/supervisor_methods.h"
#include "fastqueue_arginfo.h"

/* Process-wide setup and teardown, all of it: MINIT runs each start in order, MSHUTDOWN each
 * stop in reverse, so no subsystem starts or stops another behind the module's back. */
typedef struct {
	void (*start)(void);
	void (*stop)(void);
} subsystem;

static const subsystem subsystems[] = {
	{ fastqueue_tls_minit, NULL },                                    /* OpenSSL, once */
	{ fastqueue_signals_minit, fastqueue_signals_mshutdown },          /* the interrupt hook; the watchdog thread */
	{ fastqueue_crash_minit, NULL },                                  /* the error observer of crash records */
};

PHP_MINIT_FUNCTION(fastqueue)
{
	(void) type;
	(void) module_number;
	for (size_t i = 0; i < sizeof(subsystems) / sizeof(subsystems[0]); i++) {
		subsystems[i].start();
	}
	fastqueue_ce_Exception = register_class_FastQueue_Exception(spl_ce_RuntimeException);
	fastqueue_ce_ConnectionException = register_class_FastQueue_ConnectionException(fastqueue_ce_Exception);
	fastqueue_ce_ReplicationException = register_class_FastQueue_ReplicationException(fastqueue_ce_ConnectionException);
	fastqueue_ce_RedisException = register_class_FastQueue_RedisException(fastqueue_ce_Exception);
	fastqueue_ce_PayloadException = register_class_FastQueue_PayloadException(fastqueue_ce_Exception);
	fastqueue_ce_MaxAttemptsExceededException = register_class_FastQueue_MaxAttemptsExceededException(fastqueue_ce_Exception);
	fastqueue_ce_TimeoutException = register_class_FastQueue_TimeoutException(fastqueue_ce_Exception);
	fastqueue_ce_ManuallyFailedException = register_class_FastQueue_ManuallyFailedException(fastqueue_ce_Exception);

	/* Each class keeps its own entry: its minit stores what the stub's registration made. */
	fastqueue_redis_queue_minit(register_class_FastQueue_RedisQueue());
	fastqueue_job_minit(register_class_FastQueue_Job());
	fastqueue_worker_minit(register_class_FastQueue_Worker());
	fastqueue_supervisor_minit(register_class_FastQueue_Supervisor());
	return SUCCESS;
}

/* A run cut short by a bailout outside a job (a fatal error in a listener) leaves our handlers
 * in place: put back the caller's before the next request, or the end of the process. */
PHP_RSHUTDOWN_FUNCTION(fastqueue)
{
	(void) type;
	(void) module_number;
	fastqueue_signals_restore();
	return SUCCESS;
}

PHP_MSHUTDOWN_FUNCTION(fastqueue)
{
	(void) type;
	(void) module_number;
	/* Before the module is unloaded: a thread must not outlive its code. */
	for (size_t i = sizeof(subsystems) / sizeof(subsystems[0]); i-- > 0;) {
		if (subsystems[i].stop) {
			subsystems[i].stop();
		}
	}
	return SUCCESS;
}

PHP_MINFO_FUNCTION(fastqueue)
{
	(void) zend_module;
	php_info_print_table_start();
	php_info_print_table_row(2, "FastQueue support", "enabled");
	php_info_print_table_row(2, "Version", PHP_FASTQUEUE_VERSION);
	php_info_print_table_row(2, "hiredis version", fastqueue_hiredis_version());
	php_info_print_table_row(2, "TLS support", fastqueue_conn_tls_supported() ? "enabled" : "disabled");
	if (fastqueue_conn_tls_supported()) {
		php_info_print_table_row(2, "TLS library", fastqueue_conn_tls_version());
	}
	php_info_print_table_row(2, "Laravel queue protocol", "Redis queue (queues:NAME, :delayed, :reserved, :notify)");
	php_info_print_table_end();
}

static const zend_module_dep fastqueue_deps[] = {
	ZEND_MOD_REQUIRED("json")
	ZEND_MOD_REQUIRED("spl")
	ZEND_MOD_REQUIRED("date")
	ZEND_MOD_END
};

zend_module_entry fastqueue_module_entry = {
	STANDARD_MODULE_HEADER_EX,
	NULL,
	fastqueue_deps,
	"fastqueue",
	NULL,                       /* functions: the API is classes only */
	PHP_MINIT(fastqueue),
	PHP_MSHUTDOWN(fastqueue),
	NULL,                       /* RINIT */
	PHP_RSHUTDOWN(fastqueue),
	PHP_MINFO(fastqueue),
	PHP_FASTQUEUE_VERSION,
	STANDARD_MODULE_PROPERTIES
};

#ifdef COMPILE_DL_FASTQUEUE
# ifdef ZTS
ZEND_TSRMLS_CACHE_DEFINE()
# endif
ZEND_GET_MODULE(fastqueue)
#endif
