/* Lease renewal: a thread that moves the running job's reservation forward in :reserved.
 *
 * Why a thread: the renewal must go on while the job's code blocks in C (a long query, a
 * sleep, a socket read), where no PHP code, tick or VM interrupt runs. The thread has all
 * signals blocked (the job alarm, the watchdog and the worker's signals stay PHP's thread's),
 * its own Redis connection, and calls nothing of the Zend engine: no emalloc, no zend_string
 * made or released, no PHP call. PHP's thread hands it the job's key and member as strings it
 * keeps referenced until the job ends; the thread copies their bytes under the lock into a
 * buffer of its own (malloc) before it sends, so a job that ends meanwhile frees nothing the
 * thread reads.
 *
 * The renewal is one command, ZADD key XX INCR delta member: XX, so a member that left
 * :reserved (acknowledged, released, failed, or migrated by another worker after it expired)
 * is not added back; INCR by whole seconds, so the score's fraction (the .NNNNNN order of an
 * uncharged reservation) is kept exactly; and its reply, the new score or nil, says which.
 * The member is never changed, so Laravel's own migration, which compares scores with the
 * time, sees a reservation that has not expired: a mixed fleet stays safe. */
#include "lease.h"
#include "say.h"
#include "clock.h"
#include "thread.h"
#include <math.h>
#include <errno.h>
#include <unistd.h>

/* Seconds the thread sleeps while no job runs (a hold wakes it when a job needs it sooner). */
#define IDLE_WAIT 3600.0
/* Longest wait before a renewal that failed is tried again. */
#define RETRY_MAX 0.5

struct _fastqueue_lease {
	pthread_t thread;
	pthread_mutex_t lock;          /* guards everything below but conn, buf and the settings */
	pthread_cond_t wake;           /* the thread waits on it: a hold, or stop */
	pthread_cond_t idle;           /* signalled when a renewal in flight ends */
	pid_t owner;                   /* the process whose thread it is (a fork's child has none) */
	zend_long retry_after;         /* the queue's, in seconds (>= 2) */
	double step;                   /* seconds between renewals of one reservation */
	fastqueue_conn *source;        /* the queue's connection: its settings, its cluster's routes */
	fastqueue_conn conn;           /* the thread's own; PHP's thread replaces it only while idle */
	bool conn_made;                /* conn was initialised */
	char node[300];                /* cluster: the node conn was made for, "host:port" */
	bool stopping;
	bool busy;                     /* a renewal in flight: the thread is using conn and buf */
	zend_string *key;              /* the held reservation: its :reserved key, or NULL */
	zend_string *member;           /* and its member (PHP's thread's references) */
	bool renewing;                 /* it is still renewed (not found gone) */
	uint64_t generation;           /* changes at each hold and drop: a renewal's result applies
	                                * only to the reservation it was made for */
	zend_long until;               /* its end, in whole seconds, as last known */
	double next;                   /* wall time of its next renewal */
	double wakes_at;               /* wall time the thread waits until */
	bool failing;                  /* said on stderr that renewals fail; said again once they work */
	fastqueue_lease_counts counts;
	char *buf;                     /* the thread's copy of key and member */
	size_t buf_cap;
};

bool fastqueue_lease_possible(zend_long retry_after)
{
	return retry_after >= 2;
}

/* A reservation renewed at wall time t ends at floor(t) + retry_after, as a new one would: so
 * between 1 and retry_after seconds later. Renewals every retry_after / 3, and at least twice
 * within retry_after - 1 seconds, leave one more renewal time before it ends. */
static double step_for(zend_long retry_after)
{
	double third = (double) retry_after / 3.0, half_rest = (double) (retry_after - 1) / 2.0;
	return third < half_rest ? third : half_rest;
}

/* {{{ the thread */
static void wait_until(fastqueue_lease *l, double seconds)
{
	struct timespec ts;
	double at;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	at = (double) ts.tv_sec + ts.tv_nsec / 1e9 + (seconds > 0 ? seconds : 0);
	ts.tv_sec = (time_t) at;
	ts.tv_nsec = (long) ((at - (double) ts.tv_sec) * 1e9);
	if (ts.tv_nsec >= 1000000000L) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000L;
	}
	pthread_cond_timedwait(&l->wake, &l->lock, &ts);
}

/* Copies the held key and member into buf (under the lock): key, then member. */
static bool copy_held(fastqueue_lease *l, size_t *key_len, size_t *member_len)
{
	size_t need;

	*key_len = ZSTR_LEN(l->key);
	*member_len = ZSTR_LEN(l->member);
	need = *key_len + *member_len;
	if (need > l->buf_cap) {
		char *grown = realloc(l->buf, need);
		if (!grown) {
			return false;
		}
		l->buf = grown;
		l->buf_cap = need;
	}
	memcpy(l->buf, ZSTR_VAL(l->key), *key_len);
	memcpy(l->buf + *key_len, ZSTR_VAL(l->member), *member_len);
	return true;
}

typedef enum { RENEWED, GONE, FAILED } renew_result;

/* ZADD key XX INCR delta member: RENEWED with the new score's whole seconds in *until, GONE
 * when the member is not in the set. Runs without the lock. */
static renew_result send_renewal(fastqueue_lease *l, size_t key_len, size_t member_len, zend_long delta,
	zend_long *until)
{
	char d[24];
	const char *argv[6] = {"ZADD", l->buf, "XX", "INCR", d, l->buf + key_len};
	size_t len[6] = {4, key_len, 2, 4, 0, member_len};
	fastqueue_reply *r;
	const char *s;
	size_t n;
	renew_result res = FAILED;

	len[4] = fastqueue_format(d, sizeof(d), ZEND_LONG_FMT, delta);
	if (fastqueue_conn_command_offthread(&l->conn, 6, argv, len, &r) == FAILURE) {
		return FAILED;
	}
	if (fastqueue_reply_is_nil(r)) {
		res = GONE;
	} else if (fastqueue_reply_string(r, &s, &n) && n < sizeof(d)) {
		memcpy(d, s, n);
		d[n] = '\0';
		*until = (zend_long) floor(strtod(d, NULL));
		res = RENEWED;
	} else {
		char what[FASTQUEUE_REPLY_DESCRIPTION];
		snprintf(l->conn.err, sizeof(l->conn.err), "Unexpected reply to ZADD XX INCR: %s (expected a score or nil)",
			fastqueue_reply_describe(r, what, sizeof(what)));
	}
	fastqueue_reply_free(r);
	return res;
}

/* What a renewal's result means for the reservation it was made for (under the lock). */
static void apply_result(fastqueue_lease *l, renew_result res, zend_long until, double now,
	size_t key_len)
{
	switch (res) {
		case RENEWED:
			l->counts.renewed++;
			if (l->failing) {
				fastqueue_say("FastQueue: lease renewal works again (%.*s)\n", (int) key_len, l->buf);
				l->failing = false;
			}
			if (now >= (double) l->until) {
				fastqueue_say("FastQueue: a reservation in %.*s was renewed %.1f s after it had ended; no worker had taken it back\n",
					(int) key_len, l->buf, now - (double) l->until);
			}
			l->until = until;
			l->next = now + l->step;
			break;
		case GONE:
			/* Gone before its end: the job left :reserved itself (released, failed, or its
			 * data went with a Redis restart). After its end: expired and taken back. */
			l->renewing = false;
			if (now >= (double) l->until) {
				l->counts.lost++;
				fastqueue_say("FastQueue: the reservation of the running job in %.*s ended %.1f s before it could be renewed "
					"(Redis could not be reached) and was taken back: another worker may run the job too\n",
					(int) key_len, l->buf, now - (double) l->until);
			}
			break;
		case FAILED:
			l->counts.failures++;
			if (!l->failing) {
				fastqueue_say("FastQueue: lease renewal failed (%.*s): %s; retrying\n", (int) key_len, l->buf, l->conn.err);
				l->failing = true;
			}
			l->next = now + (l->step / 4 < RETRY_MAX ? l->step / 4 : RETRY_MAX);
			break;
	}
}

/* Renews the held reservation (called, and returning, with the lock held). */
static void renew_held(fastqueue_lease *l, double now)
{
	uint64_t generation = l->generation;
	zend_long delta = (zend_long) floor(now) + l->retry_after - l->until, until = 0;
	size_t key_len, member_len;
	renew_result res;

	if (delta <= 0) {
		/* Renewed within the second it was made: it already ends as a renewal now would. */
		l->next = now + l->step;
		return;
	}
	if (!copy_held(l, &key_len, &member_len)) {
		l->next = now + RETRY_MAX;
		return;
	}
	l->busy = true;
	pthread_mutex_unlock(&l->lock);
	res = send_renewal(l, key_len, member_len, delta, &until);
	pthread_mutex_lock(&l->lock);
	l->busy = false;
	pthread_cond_broadcast(&l->idle);
	if (generation == l->generation) {
		apply_result(l, res, until, fastqueue_clock_wall(), key_len);
	}
}

static void *lease_main(void *arg)
{
	fastqueue_lease *l = arg;

	pthread_mutex_lock(&l->lock);
	while (!l->stopping) {
		double now = fastqueue_clock_wall();
		if (l->key && l->renewing && now >= l->next) {
			renew_held(l, now);
			continue;
		}
		l->wakes_at = l->key && l->renewing ? l->next : now + IDLE_WAIT;
		wait_until(l, l->wakes_at - now);
	}
	pthread_mutex_unlock(&l->lock);
	return NULL;
}
/* }}} */

/* {{{ PHP's thread */
static bool is_owner(const fastqueue_lease *l)
{
	return l && l->owner == getpid();
}

/* The thread's connection: these settings, with timeouts short enough that a renewal that
 * cannot get through is tried again before the reservation ends, and stop never waits long. */
static void make_conn(fastqueue_lease *l, const fastqueue_conn_options *settings)
{
	fastqueue_conn_options o = *settings;

	if (!(o.connect_timeout > 0) || o.connect_timeout > l->step) {
		o.connect_timeout = l->step;
	}
	if (!(o.read_timeout > 0) || o.read_timeout > l->step) {
		o.read_timeout = l->step;
	}
	o.wait_replicas = 0;
	fastqueue_conn_init(&l->conn, &o);
	l->conn_made = true;
}

static void free_conn(fastqueue_lease *l)
{
	if (l->conn_made) {
		fastqueue_conn_free(&l->conn);
		l->conn_made = false;
	}
}

/* In a cluster, the node of key's slot now: the thread's connection goes there, made anew
 * (once no renewal is in flight) when the slot moved since. Called with the lock held. */
static void follow_slot(fastqueue_lease *l, zend_string *key)
{
	fastqueue_conn *node;
	char where[sizeof(l->node)];

	if (!fastqueue_conn_is_cluster(l->source)) {
		return;
	}
	node = fastqueue_conn_route_str(l->source, key);
	if (node == l->source || !node->opt.host) {
		return; /* no node known now: the thread keeps the one it has */
	}
	snprintf(where, sizeof(where), "%s:" ZEND_LONG_FMT, ZSTR_VAL(node->opt.host), node->opt.port);
	if (l->conn_made && strcmp(where, l->node) == 0) {
		return;
	}
	while (l->busy) {
		pthread_cond_wait(&l->idle, &l->lock);
	}
	free_conn(l);
	make_conn(l, &node->opt);
	memcpy(l->node, where, sizeof(where));
}

fastqueue_lease *fastqueue_lease_start(fastqueue_conn *conn, zend_long retry_after)
{
	fastqueue_lease *l = ecalloc(1, sizeof(*l));
	pthread_condattr_t attr;
	int err;

	l->owner = getpid();
	l->retry_after = retry_after;
	l->step = step_for(retry_after);
	l->source = conn;
	if (!fastqueue_conn_is_cluster(conn)) {
		make_conn(l, &conn->opt);
	}
	pthread_mutex_init(&l->lock, NULL);
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&l->wake, &attr);
	pthread_condattr_destroy(&attr);
	pthread_cond_init(&l->idle, NULL);
	err = fastqueue_thread_start(&l->thread, lease_main, l);
	if (err != 0) {
		fastqueue_say("FastQueue: lease renewal is off for this run: cannot start its thread: %s\n", strerror(err));
		pthread_cond_destroy(&l->wake);
		pthread_cond_destroy(&l->idle);
		pthread_mutex_destroy(&l->lock);
		free_conn(l);
		efree(l);
		return NULL;
	}
	return l;
}

/* Releases the held strings (taken out under the lock, released outside it). */
static void release_held(zend_string *key, zend_string *member)
{
	if (key) zend_string_release(key);
	if (member) zend_string_release(member);
}

void fastqueue_lease_hold(fastqueue_lease *l, zend_string *key, zend_string *member, zend_long until)
{
	zend_string *old_key, *old_member;
	bool wake;

	if (!is_owner(l)) {
		return;
	}
	pthread_mutex_lock(&l->lock);
	follow_slot(l, key);
	old_key = l->key;
	old_member = l->member;
	l->key = zend_string_copy(key);
	l->member = zend_string_copy(member);
	l->renewing = l->conn_made;
	l->generation++;
	l->until = until;
	/* First renewal one step after the reservation began (until - retry_after). */
	l->next = (double) (until - l->retry_after) + l->step;
	wake = l->renewing && l->next < l->wakes_at;
	if (wake) {
		pthread_cond_signal(&l->wake);
	}
	pthread_mutex_unlock(&l->lock);
	release_held(old_key, old_member);
}

void fastqueue_lease_drop(fastqueue_lease *l)
{
	zend_string *key, *member;

	if (!is_owner(l)) {
		return;
	}
	pthread_mutex_lock(&l->lock);
	key = l->key;
	member = l->member;
	l->key = l->member = NULL;
	l->renewing = false;
	l->generation++;
	pthread_mutex_unlock(&l->lock);
	release_held(key, member);
}

void fastqueue_lease_counts_get(fastqueue_lease *l, fastqueue_lease_counts *out)
{
	if (!is_owner(l)) {
		memset(out, 0, sizeof(*out));
		return;
	}
	pthread_mutex_lock(&l->lock);
	*out = l->counts;
	pthread_mutex_unlock(&l->lock);
}

void fastqueue_lease_stop(fastqueue_lease *l)
{
	if (!l) {
		return;
	}
	if (is_owner(l)) {
		pthread_mutex_lock(&l->lock);
		l->stopping = true;
		pthread_cond_signal(&l->wake);
		pthread_mutex_unlock(&l->lock);
		pthread_join(l->thread, NULL);
		pthread_cond_destroy(&l->wake);
		pthread_cond_destroy(&l->idle);
		pthread_mutex_destroy(&l->lock);
	} else if (l->busy) {
		/* A fork's child, copied while the thread was inside hiredis: the connection's state
		 * is half-way; leave it (the child's socket copy closes at its exit). */
		l->conn.ctx = NULL;
	}
	/* In a fork's child the lock may have been copied held: it is neither taken nor destroyed,
	 * and no thread is there to wait for. The socket closed here is the child's copy only. */
	free_conn(l);
	release_held(l->key, l->member);
	free(l->buf);
	efree(l);
}
/* }}} */
