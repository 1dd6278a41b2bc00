/* Lease renewal: while a job runs, a thread of the worker moves its reservation's score in
 * :reserved forward, so a job that runs longer than retry_after is not handed to another
 * worker. The thread has its own connection, made by conn.c from the queue's settings, and
 * never touches the Zend engine: it keeps working while the job blocks in C. The rest of the
 * worker calls only these functions, all from PHP's thread. */
#ifndef FASTQUEUE_LEASE_H
#define FASTQUEUE_LEASE_H

#include "php.h"
#include "conn.h"

typedef struct _fastqueue_lease fastqueue_lease;

/* What stats() reports. */
typedef struct _fastqueue_lease_counts {
	zend_long renewed;         /* reservations moved forward */
	zend_long lost;            /* reservations found gone after they had expired: the job may
	                            * have been taken by another worker meanwhile */
	zend_long failures;        /* renewals that failed (Redis unreachable, refused) */
} fastqueue_lease_counts;

/* Whether leases can be kept for reservations of retry_after seconds: one of at least 2 s (a
 * reservation ends on a whole second, so one of 1 s can end within milliseconds of being
 * made or renewed; none ends with retry_after null, -1, or 0). */
bool fastqueue_lease_possible(zend_long retry_after);

/* Starts the thread, its connection made later from conn's settings (for a cluster, those of
 * the node each job's key lives on). NULL when the thread could not be started (said on
 * stderr). */
fastqueue_lease *fastqueue_lease_start(fastqueue_conn *conn, zend_long retry_after);

/* The running job's reservation: member in the sorted set key, ending at until (whole
 * seconds, the score's integer part; its fraction is kept). The strings stay referenced until
 * fastqueue_lease_drop or the next hold. */
void fastqueue_lease_hold(fastqueue_lease *l, zend_string *key, zend_string *member, zend_long until);
/* The job ended: its reservation is no longer renewed. */
void fastqueue_lease_drop(fastqueue_lease *l);

void fastqueue_lease_counts_get(fastqueue_lease *l, fastqueue_lease_counts *out);

/* Stops the thread and frees everything. In a process forked while the lease ran (the
 * thread is not there), frees what it may without waiting for it. */
void fastqueue_lease_stop(fastqueue_lease *l);

#endif
