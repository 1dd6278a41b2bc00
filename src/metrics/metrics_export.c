/* The exposition of a worker's metrics: a thread that, every metrics_interval seconds, renders
 * the accumulator into the textfile collector's file and into Redis, and another that answers
 * scrapes of the HTTP endpoint (src/metrics/metrics_endpoint.c).
 *
 * Why a thread: a job may run for minutes, blocked in C where no PHP code runs, and its
 * figures (jobs running, the run so far) must still be scraped and rewritten. Built like the
 * lease (src/worker/lease.c): every signal blocked in it, its own Redis connection made by conn.c
 * from the queue's settings (TLS, Sentinel, the cluster node of the publication's slot), and
 * nothing of the Zend engine (no emalloc, no zend_string made or released, no PHP call): it
 * reads only its own malloc'd copies and the accumulator, which has its own lock.
 *
 * Why two threads: a Redis that hangs holds a publication for up to REDIS_TIMEOUT, and a
 * scrape must not wait behind it. Each sleeps in poll() on the same pipe: stop writes a byte
 * into it, never read, which ends both threads' waits, so stopping never waits for a client.
 *
 * A job's fork (pcntl_fork) copies the exporter without its thread: owner says whose it is,
 * and a fork's child never writes the file, serves, publishes or deletes. */
#include "metrics_export.h"
#include "say.h"
#include "clock.h"
#include "thread.h"
#include <pthread.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <unistd.h>
#include <netinet/in.h>
#include <arpa/inet.h>

/* Longest a Redis call of the thread may take (connect, or a reply): stop waits for one in
 * flight. */
#define REDIS_TIMEOUT 1.0
/* Longest the publication before a 'kill' timeout's exit may take. */
#define LAST_WORDS_TIMEOUT 0.5
/* The publication lives 3 intervals, and at least this long (ms): a worker that stops
 * publishing (killed) vanishes from fastqueue:metrics after it. */
#define PUBLISH_TTL_MIN_MS 5000

struct _fastqueue_metrics_export {
	pthread_t thread;              /* the file's and the publication's (started when either is on) */
	bool ticking;                  /* thread was started */
	fastqueue_endpoint *endpoint;  /* metrics_listen's, or NULL */
	pid_t owner;                   /* the process whose thread it is (a fork's child has none) */
	fastqueue_metrics *metrics;    /* the worker's accumulator (locks itself) */
	double interval;               /* seconds between rewrites and publications */
	int wake[2];                   /* a byte in wake[1] stops the thread */

	pthread_mutex_t file_lock;     /* one writer of the file at a time (the thread, or the
	                                * last words of PHP's thread) */
	char *file;                    /* metrics_file, or NULL */
	char *tmp;                     /* file ".tmp." pid: written, then renamed over file */
	bool file_failing;             /* said on stderr that writing fails; said again once it works */

	bool conn_made;                /* conn was made (publish, and a node found in a cluster) */
	volatile bool busy;            /* the thread is inside a Redis call (read by a fork's child) */
	fastqueue_conn conn;           /* the thread's own; PHP's thread uses it only after the join */
	char *set_key;                 /* P"fastqueue:metrics:{workers}" */
	char *value_key;               /* P"fastqueue:metrics:{workers}:" WORKER */
	char *member;                  /* WORKER */
	size_t set_len, value_len, member_len;
	long long ttl_ms;              /* the value's PX */
	bool published;                /* a publication went out: stop takes it back */
	bool publish_failing;          /* said on stderr that publishing fails; said again once it works */
};

/* A fork (a job's pcntl_fork) waits while the thread holds memory or its connection is
 * half-way through a command: the child then gets a copy in which every allocation of the
 * thread is reachable from the exporter, and its connection whole, so it frees them as its run
 * ends instead of leaking what a thread it does not have was using. The thread holds this lock
 * only while it renders, writes or publishes: normally well under a millisecond, at most its
 * Redis timeouts. (The endpoint's thread has its own lock, src/metrics_endpoint.c, so that a
 * scrape never waits for this one.) */
static pthread_mutex_t quiet_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t atfork_once = PTHREAD_ONCE_INIT;

static void quiet_prepare(void)
{
	pthread_mutex_lock(&quiet_lock);
}

static void quiet_after(void)
{
	pthread_mutex_unlock(&quiet_lock);
}

static void register_atfork(void)
{
	pthread_atfork(quiet_prepare, quiet_after, quiet_after);
}

/* strerror() may write a shared buffer: the thread uses this. */
static const char *error_text(int err, char *buf, size_t size)
{
#if defined(__GLIBC__) && defined(_GNU_SOURCE)
	return strerror_r(err, buf, size);
#else
	return strerror_r(err, buf, size) == 0 ? buf : "unknown error";
#endif
}

/* {{{ settings */
bool fastqueue_metrics_export_wanted(const fastqueue_export_settings *s)
{
	return s->file || s->listen || s->publish;
}

/* A malloc'd copy of a + b + c (any may be NULL), its length in *len. */
static char *join3(const char *a, size_t an, const char *b, size_t bn, const char *c, size_t cn, size_t *len)
{
	char *s = malloc(an + bn + cn + 1);

	if (!s) {
		return NULL;
	}
	if (an) memcpy(s, a, an);
	if (bn) memcpy(s + an, b, bn);
	if (cn) memcpy(s + an + bn, c, cn);
	s[an + bn + cn] = '\0';
	if (len) *len = an + bn + cn;
	return s;
}
/* }}} */

/* {{{ the file */
static bool write_all(int fd, const char *p, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, p, n);
		if (w < 0) {
			if (errno == EINTR) continue;
			return false;
		}
		p += w;
		n -= (size_t) w;
	}
	return true;
}

/* Writes text to tmp, then renames it over file: a reader sees the old text or the new one,
 * never a part. 0, or the errno of the step that failed. */
static int replace_file(const char *file, const char *tmp, const char *text, size_t len)
{
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644), err = 0;

	if (fd < 0) {
		return errno;
	}
	if (!write_all(fd, text, len)) {
		err = errno;
	}
	if (close(fd) != 0 && !err) {
		err = errno;
	}
	if (!err && rename(tmp, file) != 0) {
		err = errno;
	}
	if (err) {
		unlink(tmp);
	}
	return err;
}

/* Says a failure once, and once again when it works again. */
static void write_file(fastqueue_metrics_export *e, const char *text, size_t len)
{
	int err;
	char buf[128];

	pthread_mutex_lock(&e->file_lock);
	err = replace_file(e->file, e->tmp, text, len);
	if (err && !e->file_failing) {
		fastqueue_say("FastQueue: cannot write metrics_file %s: %s; retrying every %g s\n", e->file,
			error_text(err, buf, sizeof(buf)), e->interval);
		e->file_failing = true;
	} else if (!err && e->file_failing) {
		fastqueue_say("FastQueue: metrics_file %s is written again\n", e->file);
		e->file_failing = false;
	}
	pthread_mutex_unlock(&e->file_lock);
}
/* }}} */

/* {{{ Redis */
/* One command on c, which answers a status (SET) or an integer (the rest); false with the
 * reason on c. */
static bool command(volatile bool *busy, fastqueue_conn *c, int argc, const char **argv, const size_t *len)
{
	fastqueue_reply *r;
	zend_result ok;
	zend_long n;
	const char *s;
	size_t slen;

	*busy = true;
	ok = fastqueue_conn_command_offthread(c, argc, argv, len, &r);
	if (ok == SUCCESS) {
		ok = strcmp(argv[0], "SET") == 0 ? fastqueue_conn_expect_string(c, argv[0], r, false, &s, &slen)
			: fastqueue_conn_expect_integer(c, argv[0], r, &n);
		fastqueue_reply_free(r);
	}
	*busy = false;
	return ok == SUCCESS;
}

/* SET value text PX ttl, then ZADD set now member. */
static bool publish_on(fastqueue_metrics_export *e, fastqueue_conn *c, volatile bool *busy, const char *text, size_t len)
{
	char ttl[24], score[32];
	const char *set_argv[5] = {"SET", e->value_key, text, "PX", ttl};
	size_t set_len[5] = {3, e->value_len, len, 2, 0};
	const char *zadd_argv[4] = {"ZADD", e->set_key, score, e->member};
	size_t zadd_len[4] = {4, e->set_len, 0, e->member_len};

	set_len[4] = fastqueue_format(ttl, sizeof(ttl), "%lld", e->ttl_ms);
	/* This thread must not format a float through PHP's snprintf (args.h). */
	zadd_len[2] = fastqueue_format_seconds(score, fastqueue_clock_wall());
	return command(busy, c, 5, set_argv, set_len) && command(busy, c, 4, zadd_argv, zadd_len);
}

static void publish(fastqueue_metrics_export *e, const char *text, size_t len)
{
	bool ok = publish_on(e, &e->conn, &e->busy, text, len);

	e->published = e->published || ok;
	if (!ok && !e->publish_failing) {
		fastqueue_say("FastQueue: cannot publish metrics to Redis (%s): %s; retrying every %g s\n", e->value_key, e->conn.err,
			e->interval);
		e->publish_failing = true;
	} else if (ok && e->publish_failing) {
		fastqueue_say("FastQueue: metrics are published to Redis again (%s)\n", e->value_key);
		e->publish_failing = false;
	}
}

/* The run ended: this worker's figures leave Redis (readers drop members whose key is gone,
 * but an empty set is tidier). */
static void unpublish(fastqueue_metrics_export *e)
{
	const char *del_argv[2] = {"DEL", e->value_key};
	size_t del_len[2] = {3, e->value_len};
	const char *zrem_argv[3] = {"ZREM", e->set_key, e->member};
	size_t zrem_len[3] = {4, e->set_len, e->member_len};

	if (!command(&e->busy, &e->conn, 2, del_argv, del_len) || !command(&e->busy, &e->conn, 3, zrem_argv, zrem_len)) {
		fastqueue_say("FastQueue: cannot take the metrics out of Redis (%s): %s; they expire by themselves\n",
			e->value_key, e->conn.err);
	}
}

/* A connection made from source's settings (in a cluster, those of the node that serves the
 * {workers} slot now), with timeouts short enough that stop never waits long. false (said on
 * stderr) when a cluster knows no node for the slot. */
static bool make_conn(fastqueue_conn *out, fastqueue_conn *source, const char *key, size_t key_len, double timeout)
{
	fastqueue_conn_options o;

	if (fastqueue_conn_is_cluster(source)) {
		fastqueue_conn *node = fastqueue_conn_route(source, key, key_len);
		if (node == source || !node->opt.host) {
			fastqueue_say("FastQueue: metrics are not published in this run: no cluster node serves %s (%s)\n",
				key, source->err[0] ? source->err : "the slot map is unknown");
			return false;
		}
		source = node;
	}
	o = source->opt;
	if (!(o.connect_timeout > 0) || o.connect_timeout > timeout) {
		o.connect_timeout = timeout;
	}
	if (!(o.read_timeout > 0) || o.read_timeout > timeout) {
		o.read_timeout = timeout;
	}
	o.wait_replicas = 0;
	fastqueue_conn_init(out, &o);
	return true;
}
/* }}} */

/* {{{ the thread */
/* Every interval: the file rewritten and the publication renewed, from one render. */
static void tick(fastqueue_metrics_export *e)
{
	size_t len;
	char *text;

	pthread_mutex_lock(&quiet_lock);
	if ((text = fastqueue_metrics_render(e->metrics, &len))) {
		if (e->file) {
			write_file(e, text, len);
		}
		if (e->conn_made) {
			publish(e, text, len);
		}
		free(text);
	}
	pthread_mutex_unlock(&quiet_lock);
}

static void *export_main(void *arg)
{
	fastqueue_metrics_export *e = arg;
	double next = fastqueue_clock_mono();

	for (;;) {
		struct pollfd p = {e->wake[0], POLLIN, 0};
		double now = fastqueue_clock_mono();
		int r;

		if (now >= next) {
			tick(e);
			next += e->interval;
			if (next <= fastqueue_clock_mono()) {
				next = fastqueue_clock_mono() + e->interval;
			}
			continue;
		}
		r = poll(&p, 1, (int) ceil((next - now) * 1000));
		if (r < 0 && errno != EINTR) {
			break;
		}
		if (p.revents) {
			break; /* stop */
		}
	}
	return NULL;
}
/* }}} */

/* {{{ PHP's thread */
static bool is_owner(const fastqueue_metrics_export *e)
{
	return e && e->owner == getpid();
}

static void free_export(fastqueue_metrics_export *e)
{
	if (e->conn_made) {
		fastqueue_conn_free(&e->conn);
	}
	if (e->wake[0] >= 0) close(e->wake[0]);
	if (e->wake[1] >= 0) close(e->wake[1]);
	free(e->file);
	free(e->tmp);
	free(e->set_key);
	free(e->value_key);
	free(e->member);
	free(e);
}

/* Copies the settings' strings, and the publication's keys. */
static bool copy_settings(fastqueue_metrics_export *e, const fastqueue_export_settings *s)
{
	static const char set[] = "fastqueue:metrics:{workers}";
	const zend_string *p = s->prefix, *w = s->worker;
	size_t plen = p ? ZSTR_LEN(p) : 0;
	const char *pval = p ? ZSTR_VAL(p) : "";

	if (s->file) {
		char pid[32];
		size_t n = fastqueue_format(pid, sizeof(pid), ".tmp.%ld", (long) e->owner);
		if (!(e->file = join3(ZSTR_VAL(s->file), ZSTR_LEN(s->file), NULL, 0, NULL, 0, NULL))
			|| !(e->tmp = join3(ZSTR_VAL(s->file), ZSTR_LEN(s->file), pid, n, NULL, 0, NULL))) {
			return false;
		}
	}
	if (s->publish) {
		if (!(e->set_key = join3(pval, plen, set, sizeof(set) - 1, NULL, 0, &e->set_len))
			|| !(e->member = join3(ZSTR_VAL(w), ZSTR_LEN(w), NULL, 0, NULL, 0, &e->member_len))
			|| !(e->value_key = join3(e->set_key, e->set_len, ":", 1, e->member, e->member_len, &e->value_len))) {
			return false;
		}
		e->ttl_ms = (long long) ceil(3 * s->interval * 1000);
		if (e->ttl_ms < PUBLISH_TTL_MIN_MS) e->ttl_ms = PUBLISH_TTL_MIN_MS;
	}
	return true;
}

/* The endpoint's thread, and the ticking one when there is a file or a publication: 0, or the
 * error of the one that could not start. */
static int start_threads(fastqueue_metrics_export *e)
{
	int err = 0;

	if (e->endpoint && (err = fastqueue_endpoint_start(e->endpoint)) != 0) {
		return err;
	}
	if (e->file || e->conn_made) {
		pthread_once(&atfork_once, register_atfork);
		err = fastqueue_thread_start(&e->thread, export_main, e);
		e->ticking = err == 0;
	}
	return err;
}

/* Stops whichever threads run (one byte in the pipe ends both waits) and closes the endpoint. */
static void stop_threads(fastqueue_metrics_export *e)
{
	char byte = 1;

	while (write(e->wake[1], &byte, 1) < 0 && errno == EINTR) {
	}
	if (e->ticking) {
		pthread_join(e->thread, NULL);
		e->ticking = false;
	}
	fastqueue_endpoint_close(e->endpoint, true);
	e->endpoint = NULL;
}

/* Binds metrics_listen: false with the error in err, naming the address and why. */
static bool open_endpoint(fastqueue_metrics_export *e, const fastqueue_export_settings *s, char *err, size_t err_size)
{
	char why[256];
	fastqueue_endpoint_settings es = {s->listen_host, s->listen_port, s->listen_v6, s->allow, s->allow_count,
		e->metrics, e->wake[0]};

	if (!(e->endpoint = fastqueue_endpoint_open(&es, why, sizeof(why)))) {
		snprintf(err, err_size, "Cannot serve metrics on %s%s%s:%d (metrics_listen \"%s\"): %s",
			s->listen_v6 ? "[" : "", s->listen_host, s->listen_v6 ? "]" : "", s->listen_port, ZSTR_VAL(s->listen), why);
		return false;
	}
	return true;
}

fastqueue_metrics_export *fastqueue_metrics_export_start(fastqueue_metrics *m, const fastqueue_export_settings *s,
	char *err, size_t err_size)
{
	fastqueue_metrics_export *e = calloc(1, sizeof(*e));
	int thread_err;

	if (!e) {
		snprintf(err, err_size, "Cannot start the metrics exporter: out of memory");
		return NULL;
	}
	e->owner = getpid();
	e->metrics = m;
	e->interval = s->interval;
	e->wake[0] = e->wake[1] = -1;
	pthread_mutex_init(&e->file_lock, NULL);
	if (!copy_settings(e, s) || pipe2(e->wake, O_CLOEXEC | O_NONBLOCK) != 0) {
		snprintf(err, err_size, "Cannot start the metrics exporter: %s", errno ? strerror(errno) : "out of memory");
		goto fail;
	}
	if (s->listen && !open_endpoint(e, s, err, err_size)) {
		goto fail;
	}
	if (s->publish) {
		e->conn_made = make_conn(&e->conn, s->conn, e->set_key, e->set_len, REDIS_TIMEOUT);
	}
	/* The file is there as soon as the run is. */
	if (e->file) {
		size_t len;
		char *text = fastqueue_metrics_render(m, &len);
		if (text) {
			write_file(e, text, len);
			free(text);
		}
	}
	if ((thread_err = start_threads(e)) != 0) {
		snprintf(err, err_size, "Cannot start the metrics exporter's thread: %s", strerror(thread_err));
		goto fail;
	}
	return e;
fail:
	if (e->wake[1] >= 0) {
		stop_threads(e);
	}
	pthread_mutex_destroy(&e->file_lock);
	free_export(e);
	return NULL;
}

void fastqueue_metrics_export_stop(fastqueue_metrics_export *e)
{
	if (!e) {
		return;
	}
	if (is_owner(e)) {
		stop_threads(e);
		if (e->file) {
			size_t len;
			char *text = fastqueue_metrics_render(e->metrics, &len);
			if (text) {
				write_file(e, text, len);
				free(text);
			}
		}
		if (e->conn_made && e->published) {
			unpublish(e);
		}
		pthread_mutex_destroy(&e->file_lock);
	} else if (e->busy) {
		/* A fork's child copied while the thread was inside hiredis (quiet_lock makes forks
		 * wait for that; kept in case a fork bypassed the handlers): the connection's state
		 * is half-way; leave it (the child's socket copy closes at its exit). */
		e->conn.ctx = NULL;
	}
	/* In a fork's child the file lock is neither taken nor destroyed. The sockets closed
	 * here are the child's copies: the parent's endpoint goes on. */
	fastqueue_endpoint_close(e->endpoint, false);
	free_export(e);
}

void fastqueue_metrics_export_last_words(fastqueue_metrics_export *e)
{
	size_t len;
	char *text;
	fastqueue_conn c;
	volatile bool busy;

	if (!is_owner(e) || !(text = fastqueue_metrics_render(e->metrics, &len))) {
		return;
	}
	if (e->file) {
		write_file(e, text, len);
	}
	/* The thread may be inside a call on its connection: this one goes over another, made
	 * now from the same settings, with a short bound. */
	if (e->conn_made && make_conn(&c, &e->conn, e->set_key, e->set_len, LAST_WORDS_TIMEOUT)) {
		publish_on(e, &c, &busy, text, len);
		fastqueue_conn_free(&c);
	}
	free(text);
}
/* }}} */
