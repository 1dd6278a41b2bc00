/* Crash records: why a job's attempt ended its worker. While a job runs, everything its record
 * needs (the key, the text's start, the lifetime) is ready in a static buffer, and a recorder
 * thread waits on a pipe with a Redis connection of its own, opened before the job ran. When
 * the process is about to die (a fatal error, the memory limit, the job timeout's kill, the
 * watchdog, a fatal signal), the dying thread writes the cause after the text and wakes the
 * thread, which SETs the record; the dying thread waits for its word, briefly, and dies. No
 * Redis command is sent while the job ends normally: the cost per job is a few copies. */
#ifndef FASTQUEUE_CRASH_H
#define FASTQUEUE_CRASH_H

#include "php.h"
#include "conn.h"

/* Registers the error observer (MINIT). */
void fastqueue_crash_minit(void);

/* The recorder for a run over conn's queue: its thread, its pipes and its connection to conn's
 * server (connected now), kept from one run to the next over the same queue (runNextJob()
 * begins a run per job), and the fatal signals' handlers for the run. false (said on stderr)
 * when it could not start: no records then. */
bool fastqueue_crash_start(fastqueue_conn *conn);
/* The run ended: nothing is recorded until the next one (the thread stays). */
void fastqueue_crash_pause(void);
/* The queue whose connection is conn goes away (its worker is freed): the recorder stops if
 * it was that queue's. */
void fastqueue_crash_release(const fastqueue_conn *conn);

/* The running job, attempt `attempt` of job `name`: its record goes to QUEUE_KEY:crash:UUID:ATTEMPT
 * and lives ttl seconds. The strings are only kept (the caller keeps them alive until disarm
 * or the next arm): the record's key and text are made from them only when it is written, so
 * a job that ends normally costs a few stores. In a cluster the recorder's connection follows
 * the key's node (made now, while no job runs). */
void fastqueue_crash_arm(const zend_string *queue_key, const zend_string *uuid, zend_long attempt,
	const zend_string *name, zend_long ttl);
/* The job ended (or its worker goes on): nothing to record. */
void fastqueue_crash_disarm(void);

/* Records cause for the armed job, once, and waits for the recorder's word (a short bound).
 * Async-signal-safe. */
void fastqueue_crash_record(const char *cause, size_t len);

#endif
