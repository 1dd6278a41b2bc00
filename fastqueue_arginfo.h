/* This is a generated file, edit the .stub.php file instead.
 * Stub hash: 7b3e7f090709f852fd5f1a4edbcd4adad85d50e8 */

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_FastQueue_RedisQueue___construct, 0, 0, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, options, IS_ARRAY, 0, "[]")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_FastQueue_RedisQueue_push, 0, 1, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, job, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, data, IS_MIXED, 0, "\'\'")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, queue, IS_STRING, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, options, IS_ARRAY, 0, "[]")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_FastQueue_RedisQueue_pushRaw, 0, 1, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, payload, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, queue, IS_STRING, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_FastQueue_RedisQueue_later, 0, 2, IS_STRING, 0)
	ZEND_ARG_OBJ_TYPE_MASK(0, delay, DateTimeInterface, MAY_BE_LONG|MAY_BE_DOUBLE, NULL)
	ZEND_ARG_TYPE_INFO(0, job, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, data, IS_MIXED, 0, "\'\'")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, queue, IS_STRING, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, options, IS_ARRAY, 0, "[]")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_FastQueue_RedisQueue_laterRaw, 0, 2, IS_STRING, 0)
	ZEND_ARG_OBJ_TYPE_MASK(0, delay, DateTimeInterface, MAY_BE_LONG|MAY_BE_DOUBLE, NULL)
	ZEND_ARG_TYPE_INFO(0, payload, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, queue, IS_STRING, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_FastQueue_RedisQueue_bulk, 0, 1, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO(0, jobs, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, data, IS_MIXED, 0, "\'\'")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, queue, IS_STRING, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_class_FastQueue_RedisQueue_pop, 0, 0, FastQueue\\Job, 1)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, queue, IS_STRING, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_FastQueue_RedisQueue_size, 0, 0, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, queue, IS_STRING, 1, "null")
ZEND_END_ARG_INFO()

#define arginfo_class_FastQueue_RedisQueue_pendingSize arginfo_class_FastQueue_RedisQueue_size

#define arginfo_class_FastQueue_RedisQueue_delayedSize arginfo_class_FastQueue_RedisQueue_size

#define arginfo_class_FastQueue_RedisQueue_reservedSize arginfo_class_FastQueue_RedisQueue_size

#define arginfo_class_FastQueue_RedisQueue_clear arginfo_class_FastQueue_RedisQueue_size

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_FastQueue_RedisQueue_getQueue, 0, 0, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, queue, IS_STRING, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_FastQueue_RedisQueue_getPrefix, 0, 0, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_FastQueue_RedisQueue_failed, 0, 0, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, queue, IS_STRING, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_FastQueue_RedisQueue_retryFailed, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, id, IS_STRING, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_FastQueue_RedisQueue_forgetFailed arginfo_class_FastQueue_RedisQueue_retryFailed

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_FastQueue_RedisQueue_flushFailed, 0, 0, IS_LONG, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_FastQueue_Supervisor___construct arginfo_class_FastQueue_RedisQueue___construct

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_FastQueue_Supervisor_addPool, 0, 3, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, command, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO(0, processes, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, options, IS_ARRAY, 0, "[]")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_FastQueue_Supervisor_addGroup, 0, 1, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, options, IS_ARRAY, 0, "[]")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_FastQueue_Supervisor_setProcesses, 0, 2, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, pool, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, processes, IS_LONG, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_FastQueue_Supervisor_run arginfo_class_FastQueue_RedisQueue_flushFailed

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_FastQueue_Supervisor_stop, 0, 0, IS_VOID, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_FastQueue_Supervisor_pause arginfo_class_FastQueue_Supervisor_stop

#define arginfo_class_FastQueue_Supervisor_resume arginfo_class_FastQueue_Supervisor_stop

#define arginfo_class_FastQueue_Supervisor_restart arginfo_class_FastQueue_Supervisor_stop

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_FastQueue_Supervisor_status, 0, 0, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_FastQueue_Worker___construct, 0, 0, 1)
	ZEND_ARG_OBJ_INFO(0, queue, FastQueue\\RedisQueue, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, handler, IS_CALLABLE, 1, "null")
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, options, IS_ARRAY, 0, "[]")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_FastQueue_Worker_on, 0, 2, IS_STATIC, 0)
	ZEND_ARG_TYPE_INFO(0, event, IS_STRING, 0)
	ZEND_ARG_TYPE_INFO(0, listener, IS_CALLABLE, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_FastQueue_Worker_daemon, 0, 0, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, queues, IS_STRING, 0, "\'default\'")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_FastQueue_Worker_runNextJob, 0, 0, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, queues, IS_STRING, 0, "\'default\'")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_FastQueue_Worker_stop, 0, 0, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, status, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

#define arginfo_class_FastQueue_Worker_pause arginfo_class_FastQueue_Supervisor_stop

#define arginfo_class_FastQueue_Worker_resume arginfo_class_FastQueue_Supervisor_stop

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_FastQueue_Worker_isPaused, 0, 0, _IS_BOOL, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_FastQueue_Worker_skipQueues, 0, 1, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, queues, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_FastQueue_Worker_stats arginfo_class_FastQueue_Supervisor_status

#define arginfo_class_FastQueue_Worker_metrics arginfo_class_FastQueue_RedisQueue_getPrefix

ZEND_BEGIN_ARG_INFO_EX(arginfo_class_FastQueue_Job___construct, 0, 0, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_FastQueue_Job_getJobId arginfo_class_FastQueue_RedisQueue_getPrefix

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_FastQueue_Job_uuid, 0, 0, IS_STRING, 1)
ZEND_END_ARG_INFO()

#define arginfo_class_FastQueue_Job_getName arginfo_class_FastQueue_RedisQueue_getPrefix

#define arginfo_class_FastQueue_Job_resolveName arginfo_class_FastQueue_RedisQueue_getPrefix

#define arginfo_class_FastQueue_Job_getRawBody arginfo_class_FastQueue_RedisQueue_getPrefix

#define arginfo_class_FastQueue_Job_getReservedJob arginfo_class_FastQueue_RedisQueue_getPrefix

#define arginfo_class_FastQueue_Job_payload arginfo_class_FastQueue_Supervisor_status

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_FastQueue_Job_getData, 0, 0, IS_MIXED, 0)
ZEND_END_ARG_INFO()

#define arginfo_class_FastQueue_Job_attempts arginfo_class_FastQueue_RedisQueue_flushFailed

#define arginfo_class_FastQueue_Job_previousCrash arginfo_class_FastQueue_Job_uuid

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_FastQueue_Job_maxTries, 0, 0, IS_LONG, 1)
ZEND_END_ARG_INFO()

#define arginfo_class_FastQueue_Job_maxExceptions arginfo_class_FastQueue_Job_maxTries

#define arginfo_class_FastQueue_Job_timeout arginfo_class_FastQueue_Job_maxTries

#define arginfo_class_FastQueue_Job_retryUntil arginfo_class_FastQueue_Job_maxTries

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_FastQueue_Job_backoff, 0, 0, IS_ARRAY, 1)
ZEND_END_ARG_INFO()

#define arginfo_class_FastQueue_Job_shouldFailOnTimeout arginfo_class_FastQueue_Worker_isPaused

#define arginfo_class_FastQueue_Job_getQueue arginfo_class_FastQueue_RedisQueue_getPrefix

#define arginfo_class_FastQueue_Job_delete arginfo_class_FastQueue_Supervisor_stop

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_FastQueue_Job_release, 0, 0, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, delay, IS_LONG, 0, "0")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_FastQueue_Job_fail, 0, 0, IS_VOID, 0)
	ZEND_ARG_OBJ_INFO_WITH_DEFAULT_VALUE(0, e, Throwable, 1, "null")
ZEND_END_ARG_INFO()

#define arginfo_class_FastQueue_Job_isDeleted arginfo_class_FastQueue_Worker_isPaused

#define arginfo_class_FastQueue_Job_isReleased arginfo_class_FastQueue_Worker_isPaused

#define arginfo_class_FastQueue_Job_isDeletedOrReleased arginfo_class_FastQueue_Worker_isPaused

#define arginfo_class_FastQueue_Job_hasFailed arginfo_class_FastQueue_Worker_isPaused


ZEND_METHOD(FastQueue_RedisQueue, __construct);
ZEND_METHOD(FastQueue_RedisQueue, push);
ZEND_METHOD(FastQueue_RedisQueue, pushRaw);
ZEND_METHOD(FastQueue_RedisQueue, later);
ZEND_METHOD(FastQueue_RedisQueue, laterRaw);
ZEND_METHOD(FastQueue_RedisQueue, bulk);
ZEND_METHOD(FastQueue_RedisQueue, pop);
ZEND_METHOD(FastQueue_RedisQueue, size);
ZEND_METHOD(FastQueue_RedisQueue, pendingSize);
ZEND_METHOD(FastQueue_RedisQueue, delayedSize);
ZEND_METHOD(FastQueue_RedisQueue, reservedSize);
ZEND_METHOD(FastQueue_RedisQueue, clear);
ZEND_METHOD(FastQueue_RedisQueue, getQueue);
ZEND_METHOD(FastQueue_RedisQueue, getPrefix);
ZEND_METHOD(FastQueue_RedisQueue, failed);
ZEND_METHOD(FastQueue_RedisQueue, retryFailed);
ZEND_METHOD(FastQueue_RedisQueue, forgetFailed);
ZEND_METHOD(FastQueue_RedisQueue, flushFailed);
ZEND_METHOD(FastQueue_Supervisor, __construct);
ZEND_METHOD(FastQueue_Supervisor, addPool);
ZEND_METHOD(FastQueue_Supervisor, addGroup);
ZEND_METHOD(FastQueue_Supervisor, setProcesses);
ZEND_METHOD(FastQueue_Supervisor, run);
ZEND_METHOD(FastQueue_Supervisor, stop);
ZEND_METHOD(FastQueue_Supervisor, pause);
ZEND_METHOD(FastQueue_Supervisor, resume);
ZEND_METHOD(FastQueue_Supervisor, restart);
ZEND_METHOD(FastQueue_Supervisor, status);
ZEND_METHOD(FastQueue_Worker, __construct);
ZEND_METHOD(FastQueue_Worker, on);
ZEND_METHOD(FastQueue_Worker, daemon);
ZEND_METHOD(FastQueue_Worker, runNextJob);
ZEND_METHOD(FastQueue_Worker, stop);
ZEND_METHOD(FastQueue_Worker, pause);
ZEND_METHOD(FastQueue_Worker, resume);
ZEND_METHOD(FastQueue_Worker, isPaused);
ZEND_METHOD(FastQueue_Worker, skipQueues);
ZEND_METHOD(FastQueue_Worker, stats);
ZEND_METHOD(FastQueue_Worker, metrics);
ZEND_METHOD(FastQueue_Job, __construct);
ZEND_METHOD(FastQueue_Job, getJobId);
ZEND_METHOD(FastQueue_Job, uuid);
ZEND_METHOD(FastQueue_Job, getName);
ZEND_METHOD(FastQueue_Job, resolveName);
ZEND_METHOD(FastQueue_Job, getRawBody);
ZEND_METHOD(FastQueue_Job, getReservedJob);
ZEND_METHOD(FastQueue_Job, payload);
ZEND_METHOD(FastQueue_Job, getData);
ZEND_METHOD(FastQueue_Job, attempts);
ZEND_METHOD(FastQueue_Job, previousCrash);
ZEND_METHOD(FastQueue_Job, maxTries);
ZEND_METHOD(FastQueue_Job, maxExceptions);
ZEND_METHOD(FastQueue_Job, timeout);
ZEND_METHOD(FastQueue_Job, retryUntil);
ZEND_METHOD(FastQueue_Job, backoff);
ZEND_METHOD(FastQueue_Job, shouldFailOnTimeout);
ZEND_METHOD(FastQueue_Job, getQueue);
ZEND_METHOD(FastQueue_Job, delete);
ZEND_METHOD(FastQueue_Job, release);
ZEND_METHOD(FastQueue_Job, fail);
ZEND_METHOD(FastQueue_Job, isDeleted);
ZEND_METHOD(FastQueue_Job, isReleased);
ZEND_METHOD(FastQueue_Job, isDeletedOrReleased);
ZEND_METHOD(FastQueue_Job, hasFailed);


static const zend_function_entry class_FastQueue_Exception_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_FastQueue_ConnectionException_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_FastQueue_ReplicationException_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_FastQueue_RedisException_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_FastQueue_PayloadException_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_FastQueue_MaxAttemptsExceededException_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_FastQueue_TimeoutException_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_FastQueue_ManuallyFailedException_methods[] = {
	ZEND_FE_END
};


static const zend_function_entry class_FastQueue_RedisQueue_methods[] = {
	ZEND_ME(FastQueue_RedisQueue, __construct, arginfo_class_FastQueue_RedisQueue___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_RedisQueue, push, arginfo_class_FastQueue_RedisQueue_push, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_RedisQueue, pushRaw, arginfo_class_FastQueue_RedisQueue_pushRaw, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_RedisQueue, later, arginfo_class_FastQueue_RedisQueue_later, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_RedisQueue, laterRaw, arginfo_class_FastQueue_RedisQueue_laterRaw, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_RedisQueue, bulk, arginfo_class_FastQueue_RedisQueue_bulk, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_RedisQueue, pop, arginfo_class_FastQueue_RedisQueue_pop, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_RedisQueue, size, arginfo_class_FastQueue_RedisQueue_size, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_RedisQueue, pendingSize, arginfo_class_FastQueue_RedisQueue_pendingSize, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_RedisQueue, delayedSize, arginfo_class_FastQueue_RedisQueue_delayedSize, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_RedisQueue, reservedSize, arginfo_class_FastQueue_RedisQueue_reservedSize, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_RedisQueue, clear, arginfo_class_FastQueue_RedisQueue_clear, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_RedisQueue, getQueue, arginfo_class_FastQueue_RedisQueue_getQueue, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_RedisQueue, getPrefix, arginfo_class_FastQueue_RedisQueue_getPrefix, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_RedisQueue, failed, arginfo_class_FastQueue_RedisQueue_failed, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_RedisQueue, retryFailed, arginfo_class_FastQueue_RedisQueue_retryFailed, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_RedisQueue, forgetFailed, arginfo_class_FastQueue_RedisQueue_forgetFailed, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_RedisQueue, flushFailed, arginfo_class_FastQueue_RedisQueue_flushFailed, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_FastQueue_Supervisor_methods[] = {
	ZEND_ME(FastQueue_Supervisor, __construct, arginfo_class_FastQueue_Supervisor___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Supervisor, addPool, arginfo_class_FastQueue_Supervisor_addPool, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Supervisor, addGroup, arginfo_class_FastQueue_Supervisor_addGroup, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Supervisor, setProcesses, arginfo_class_FastQueue_Supervisor_setProcesses, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Supervisor, run, arginfo_class_FastQueue_Supervisor_run, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Supervisor, stop, arginfo_class_FastQueue_Supervisor_stop, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Supervisor, pause, arginfo_class_FastQueue_Supervisor_pause, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Supervisor, resume, arginfo_class_FastQueue_Supervisor_resume, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Supervisor, restart, arginfo_class_FastQueue_Supervisor_restart, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Supervisor, status, arginfo_class_FastQueue_Supervisor_status, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_FastQueue_Worker_methods[] = {
	ZEND_ME(FastQueue_Worker, __construct, arginfo_class_FastQueue_Worker___construct, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Worker, on, arginfo_class_FastQueue_Worker_on, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Worker, daemon, arginfo_class_FastQueue_Worker_daemon, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Worker, runNextJob, arginfo_class_FastQueue_Worker_runNextJob, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Worker, stop, arginfo_class_FastQueue_Worker_stop, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Worker, pause, arginfo_class_FastQueue_Worker_pause, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Worker, resume, arginfo_class_FastQueue_Worker_resume, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Worker, isPaused, arginfo_class_FastQueue_Worker_isPaused, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Worker, skipQueues, arginfo_class_FastQueue_Worker_skipQueues, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Worker, stats, arginfo_class_FastQueue_Worker_stats, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Worker, metrics, arginfo_class_FastQueue_Worker_metrics, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};


static const zend_function_entry class_FastQueue_Job_methods[] = {
	ZEND_ME(FastQueue_Job, __construct, arginfo_class_FastQueue_Job___construct, ZEND_ACC_PRIVATE)
	ZEND_ME(FastQueue_Job, getJobId, arginfo_class_FastQueue_Job_getJobId, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Job, uuid, arginfo_class_FastQueue_Job_uuid, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Job, getName, arginfo_class_FastQueue_Job_getName, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Job, resolveName, arginfo_class_FastQueue_Job_resolveName, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Job, getRawBody, arginfo_class_FastQueue_Job_getRawBody, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Job, getReservedJob, arginfo_class_FastQueue_Job_getReservedJob, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Job, payload, arginfo_class_FastQueue_Job_payload, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Job, getData, arginfo_class_FastQueue_Job_getData, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Job, attempts, arginfo_class_FastQueue_Job_attempts, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Job, previousCrash, arginfo_class_FastQueue_Job_previousCrash, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Job, maxTries, arginfo_class_FastQueue_Job_maxTries, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Job, maxExceptions, arginfo_class_FastQueue_Job_maxExceptions, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Job, timeout, arginfo_class_FastQueue_Job_timeout, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Job, retryUntil, arginfo_class_FastQueue_Job_retryUntil, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Job, backoff, arginfo_class_FastQueue_Job_backoff, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Job, shouldFailOnTimeout, arginfo_class_FastQueue_Job_shouldFailOnTimeout, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Job, getQueue, arginfo_class_FastQueue_Job_getQueue, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Job, delete, arginfo_class_FastQueue_Job_delete, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Job, release, arginfo_class_FastQueue_Job_release, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Job, fail, arginfo_class_FastQueue_Job_fail, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Job, isDeleted, arginfo_class_FastQueue_Job_isDeleted, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Job, isReleased, arginfo_class_FastQueue_Job_isReleased, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Job, isDeletedOrReleased, arginfo_class_FastQueue_Job_isDeletedOrReleased, ZEND_ACC_PUBLIC)
	ZEND_ME(FastQueue_Job, hasFailed, arginfo_class_FastQueue_Job_hasFailed, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};

static zend_class_entry *register_class_FastQueue_Exception(zend_class_entry *class_entry_RuntimeException)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "FastQueue", "Exception", class_FastQueue_Exception_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_RuntimeException);

	return class_entry;
}

static zend_class_entry *register_class_FastQueue_ConnectionException(zend_class_entry *class_entry_FastQueue_Exception)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "FastQueue", "ConnectionException", class_FastQueue_ConnectionException_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_FastQueue_Exception);

	return class_entry;
}

static zend_class_entry *register_class_FastQueue_ReplicationException(zend_class_entry *class_entry_FastQueue_ConnectionException)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "FastQueue", "ReplicationException", class_FastQueue_ReplicationException_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_FastQueue_ConnectionException);

	return class_entry;
}

static zend_class_entry *register_class_FastQueue_RedisException(zend_class_entry *class_entry_FastQueue_Exception)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "FastQueue", "RedisException", class_FastQueue_RedisException_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_FastQueue_Exception);

	return class_entry;
}

static zend_class_entry *register_class_FastQueue_PayloadException(zend_class_entry *class_entry_FastQueue_Exception)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "FastQueue", "PayloadException", class_FastQueue_PayloadException_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_FastQueue_Exception);

	return class_entry;
}

static zend_class_entry *register_class_FastQueue_MaxAttemptsExceededException(zend_class_entry *class_entry_FastQueue_Exception)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "FastQueue", "MaxAttemptsExceededException", class_FastQueue_MaxAttemptsExceededException_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_FastQueue_Exception);

	return class_entry;
}

static zend_class_entry *register_class_FastQueue_TimeoutException(zend_class_entry *class_entry_FastQueue_Exception)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "FastQueue", "TimeoutException", class_FastQueue_TimeoutException_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_FastQueue_Exception);

	return class_entry;
}

static zend_class_entry *register_class_FastQueue_ManuallyFailedException(zend_class_entry *class_entry_FastQueue_Exception)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "FastQueue", "ManuallyFailedException", class_FastQueue_ManuallyFailedException_methods);
	class_entry = zend_register_internal_class_ex(&ce, class_entry_FastQueue_Exception);

	return class_entry;
}

static zend_class_entry *register_class_FastQueue_RedisQueue(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "FastQueue", "RedisQueue", class_FastQueue_RedisQueue_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NO_DYNAMIC_PROPERTIES|ZEND_ACC_NOT_SERIALIZABLE;
#if defined(FASTQUEUE_HAVE_TLS)

	zval const_TLS_SUPPORTED_value;
	ZVAL_TRUE(&const_TLS_SUPPORTED_value);
	zend_string *const_TLS_SUPPORTED_name = zend_string_init_interned("TLS_SUPPORTED", sizeof("TLS_SUPPORTED") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_TLS_SUPPORTED_name, &const_TLS_SUPPORTED_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_TLS_SUPPORTED_name);
#endif
#if !(defined(FASTQUEUE_HAVE_TLS))

	zval const_TLS_SUPPORTED_value;
	ZVAL_FALSE(&const_TLS_SUPPORTED_value);
	zend_string *const_TLS_SUPPORTED_name = zend_string_init_interned("TLS_SUPPORTED", sizeof("TLS_SUPPORTED") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_TLS_SUPPORTED_name, &const_TLS_SUPPORTED_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_TLS_SUPPORTED_name);
#endif


	zend_add_parameter_attribute(zend_hash_str_find_ptr(&class_entry->function_table, "__construct", sizeof("__construct") - 1), 0, ZSTR_KNOWN(ZEND_STR_SENSITIVEPARAMETER), 0);

	return class_entry;
}

static zend_class_entry *register_class_FastQueue_Supervisor(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "FastQueue", "Supervisor", class_FastQueue_Supervisor_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NO_DYNAMIC_PROPERTIES|ZEND_ACC_NOT_SERIALIZABLE;

	return class_entry;
}

static zend_class_entry *register_class_FastQueue_Worker(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "FastQueue", "Worker", class_FastQueue_Worker_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NO_DYNAMIC_PROPERTIES|ZEND_ACC_NOT_SERIALIZABLE;

	zval const_EXIT_SUCCESS_value;
	ZVAL_LONG(&const_EXIT_SUCCESS_value, FASTQUEUE_EXIT_SUCCESS);
	zend_string *const_EXIT_SUCCESS_name = zend_string_init_interned("EXIT_SUCCESS", sizeof("EXIT_SUCCESS") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_EXIT_SUCCESS_name, &const_EXIT_SUCCESS_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_EXIT_SUCCESS_name);
	ZEND_ASSERT(FASTQUEUE_EXIT_SUCCESS == 0);

	zval const_EXIT_ERROR_value;
	ZVAL_LONG(&const_EXIT_ERROR_value, FASTQUEUE_EXIT_ERROR);
	zend_string *const_EXIT_ERROR_name = zend_string_init_interned("EXIT_ERROR", sizeof("EXIT_ERROR") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_EXIT_ERROR_name, &const_EXIT_ERROR_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_EXIT_ERROR_name);
	ZEND_ASSERT(FASTQUEUE_EXIT_ERROR == 1);

	zval const_EXIT_MEMORY_LIMIT_value;
	ZVAL_LONG(&const_EXIT_MEMORY_LIMIT_value, FASTQUEUE_EXIT_MEMORY_LIMIT);
	zend_string *const_EXIT_MEMORY_LIMIT_name = zend_string_init_interned("EXIT_MEMORY_LIMIT", sizeof("EXIT_MEMORY_LIMIT") - 1, 1);
	zend_declare_class_constant_ex(class_entry, const_EXIT_MEMORY_LIMIT_name, &const_EXIT_MEMORY_LIMIT_value, ZEND_ACC_PUBLIC, NULL);
	zend_string_release(const_EXIT_MEMORY_LIMIT_name);
	ZEND_ASSERT(FASTQUEUE_EXIT_MEMORY_LIMIT == 12);

	return class_entry;
}

static zend_class_entry *register_class_FastQueue_Job(void)
{
	zend_class_entry ce, *class_entry;

	INIT_NS_CLASS_ENTRY(ce, "FastQueue", "Job", class_FastQueue_Job_methods);
	class_entry = zend_register_internal_class_ex(&ce, NULL);
	class_entry->ce_flags |= ZEND_ACC_FINAL|ZEND_ACC_NO_DYNAMIC_PROPERTIES|ZEND_ACC_NOT_SERIALIZABLE;

	return class_entry;
}
