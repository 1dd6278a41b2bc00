/* Crash records: why a job's attempt ended its worker (crash.h).
 *
 * Why a thread of its own, and not PHP's connection or the lease's thread: a dying process
 * cannot trust PHP's connection (a fatal signal or the memory limit may strike inside hiredis,
 * with half a command written or a pipelined reply owed), and a signal handler may not take a
 * lock or signal a condition variable, which is how the lease's thread is woken; the lease
 * also runs only with retry_after of 2 s or more. The recorder thread sleeps in read() on a
 * pipe, which write() (async-signal-safe) wakes; everything it sends is in static buffers
 * filled before the job ran, so a process with no PHP memory left (the memory limit) still
 * records: the thread's connection and hiredis allocate with malloc, never from the Zend heap.
 * The thread has every signal blocked and calls nothing of the Zend engine. */
#include "crash.h"
#include "thread.h"
#include "say.h"
#include "reply.h"
#include "signals.h"
#include "zend_observer.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

/* How long a dying process waits for the recorder's word: up to two connects and SETs of 1 s
 * each (a loaded machine, a Redis that went away); past it the process dies without the record. */
#define ACK_WAIT_MS 5000
#define CONN_TIMEOUT 1.0
#define KEY_MAX 512
#define TEXT_MAX 2048

static struct {
	bool running;                  /* started in this process (owner) */
	pid_t owner;
	pthread_t thread;
	int wake[2];                   /* the dying thread writes a byte; 'q' stops the recorder */
	int ack[2];                    /* the recorder writes a byte once the record is written */
	fastqueue_conn *source;        /* the queue's connection: its settings, its cluster's routes */
	fastqueue_conn conn;           /* the recorder's own */
	bool conn_made;
	char node[300];                /* cluster: the node conn was made for, "host:port" */
	volatile sig_atomic_t armed;   /* a job runs and no cause was recorded for it yet */
	const zend_string *queue_key;  /* the armed job's, kept alive by the worker */
	const zend_string *uuid;
	const zend_string *name;
	zend_long attempt;
	zend_long ttl_seconds;
	char key[KEY_MAX];
	size_t key_len;
	char text[TEXT_MAX];           /* the prefix, then the cause */
	size_t prefix_len, text_len;
	char ttl[24];
	size_t ttl_len;
} rec = {.wake = {-1, -1}, .ack = {-1, -1}};

/* {{{ the recorder thread */
static zend_result send_record(void)
{
	const char *argv[5] = {"SET", rec.key, rec.text, "EX", rec.ttl};
	size_t len[5] = {3, rec.key_len, rec.text_len, 2, rec.ttl_len};
	fastqueue_reply *r = NULL;

	if (fastqueue_conn_command_offthread(&rec.conn, 5, argv, len, &r) == FAILURE) {
		return FAILURE;
	}
	fastqueue_reply_free(r);
	return SUCCESS;
}

static void *recorder_main(void *arg)
{
	(void) arg;
	for (;;) {
		char b, ok = 1;
		ssize_t n = read(rec.wake[0], &b, 1);
		if (n < 0 && errno == EINTR) {
			continue;
		}
		if (n <= 0 || b == 'q') {
			break;
		}
		/* A connection the server closed while idle is made again once. */
		if (send_record() == FAILURE && send_record() == FAILURE) {
			fastqueue_say("FastQueue: the crash record %.*s could not be written: %s\n", (int) rec.key_len, rec.key,
				rec.conn.err);
		}
		n = write(rec.ack[1], &ok, 1);
		(void) n;
	}
	return NULL;
}
/* }}} */

/* {{{ the dying thread (any thread of the process: async-signal-safe from here) */
static void build_key(void);
static void build_record(void);

void fastqueue_crash_record(const char *cause, size_t len)
{
	struct pollfd p;
	char b = 1;

	if (!rec.running || !rec.armed || rec.owner != getpid()) {
		return;
	}
	rec.armed = 0;
	build_record();
	if (len > sizeof(rec.text) - rec.prefix_len) {
		len = sizeof(rec.text) - rec.prefix_len;
	}
	memcpy(rec.text + rec.prefix_len, cause, len);
	rec.text_len = rec.prefix_len + len;
	if (write(rec.wake[1], &b, 1) != 1) {
		return;
	}
	p.fd = rec.ack[0];
	p.events = POLLIN;
	if (poll(&p, 1, ACK_WAIT_MS) == 1) {
		ssize_t n = read(rec.ack[0], &b, 1);
		(void) n;
	}
}

static size_t append(char *out, size_t at, size_t cap, const char *s, size_t len)
{
	if (at + len > cap) {
		len = cap - at;
	}
	memcpy(out + at, s, len);
	return at + len;
}

/* Whole numbers without printf's locale and allocations. */
static size_t append_number(char *out, size_t at, size_t cap, zend_long v)
{
	char digits[24];
	size_t n = 0;
	zend_ulong u = v < 0 ? (zend_ulong) 0 - (zend_ulong) v : (zend_ulong) v;

	do {
		digits[sizeof(digits) - 1 - n++] = (char) ('0' + u % 10);
		u /= 10;
	} while (u && n < sizeof(digits) - 1);
	if (v < 0) {
		digits[sizeof(digits) - 1 - n++] = '-';
	}
	return append(out, at, cap, digits + sizeof(digits) - n, n);
}

#define APPEND_LIT(out, at, s) append(out, at, sizeof(out), s, sizeof(s) - 1)

static const char *signal_name(int signo)
{
	switch (signo) {
		case SIGSEGV: return "SIGSEGV (a segmentation fault)";
		case SIGBUS: return "SIGBUS (a bus error)";
		case SIGABRT: return "SIGABRT (the process aborted)";
		case SIGFPE: return "SIGFPE (an arithmetic fault)";
		case SIGILL: return "SIGILL (an illegal instruction)";
		default: return "a fatal signal";
	}
}

/* The record's key, QUEUE_KEY:crash:UUID:ATTEMPT. */
static void build_key(void)
{
	size_t n = append(rec.key, 0, sizeof(rec.key), ZSTR_VAL(rec.queue_key), ZSTR_LEN(rec.queue_key));
	n = APPEND_LIT(rec.key, n, ":crash:");
	n = append(rec.key, n, sizeof(rec.key), ZSTR_VAL(rec.uuid), ZSTR_LEN(rec.uuid));
	n = APPEND_LIT(rec.key, n, ":");
	rec.key_len = append_number(rec.key, n, sizeof(rec.key), rec.attempt);
}

/* The key, the text up to the cause and the lifetime, from what arm kept (no allocation). */
static void build_record(void)
{
	size_t n;

	build_key();
	n = APPEND_LIT(rec.text, 0, "attempt ");
	n = append_number(rec.text, n, sizeof(rec.text), rec.attempt);
	n = APPEND_LIT(rec.text, n, " of ");
	n = append(rec.text, n, sizeof(rec.text) / 2, ZSTR_VAL(rec.name), ZSTR_LEN(rec.name));
	rec.prefix_len = rec.text_len = APPEND_LIT(rec.text, n, " ended its worker: ");
	rec.ttl_len = append_number(rec.ttl, 0, sizeof(rec.ttl), rec.ttl_seconds);
}

/* From signals.c: a fatal signal's handler, or the watchdog's exit. */
static void on_death(int signo, zend_long timeout)
{
	char cause[160];
	size_t n = 0;

	if (signo == SIGALRM) {
		n = APPEND_LIT(cause, n, "it ran past its timeout of ");
		n = append_number(cause, n, sizeof(cause), timeout);
		n = APPEND_LIT(cause, n, " s and reached no safe point within timeout_grace: the watchdog ended the worker");
	} else {
		const char *name = signal_name(signo);
		n = APPEND_LIT(cause, n, "the worker died by signal ");
		n = append(cause, n, sizeof(cause), name, strlen(name));
	}
	fastqueue_crash_record(cause, n);
}

/* The engine's fatal errors (the memory limit among them), while a job runs. Only what always
 * ends the process: E_USER_ERROR and E_RECOVERABLE_ERROR may be handled by the job's code. The
 * message and file are the engine's, made before this is called; nothing is allocated here. */
static void on_error(int type, zend_string *file, uint32_t line, zend_string *message)
{
	char cause[TEXT_MAX];
	size_t n = 0;

	if (!rec.armed || !((type & E_ALL) & (E_ERROR | E_CORE_ERROR | E_COMPILE_ERROR | E_PARSE))) {
		return;
	}
	n = append(cause, n, sizeof(cause), ZSTR_VAL(message), ZSTR_LEN(message));
	if (file) {
		n = APPEND_LIT(cause, n, " in ");
		n = append(cause, n, sizeof(cause), ZSTR_VAL(file), ZSTR_LEN(file));
		n = APPEND_LIT(cause, n, ":");
		n = append_number(cause, n, sizeof(cause), (zend_long) line);
	}
	fastqueue_crash_record(cause, n);
}
/* }}} */

/* {{{ PHP's thread */
void fastqueue_crash_minit(void)
{
	zend_observer_error_register(on_error);
}

static void make_conn(const fastqueue_conn_options *settings)
{
	fastqueue_conn_options o = *settings;

	if (!(o.connect_timeout > 0) || o.connect_timeout > CONN_TIMEOUT) {
		o.connect_timeout = CONN_TIMEOUT;
	}
	if (!(o.read_timeout > 0) || o.read_timeout > CONN_TIMEOUT) {
		o.read_timeout = CONN_TIMEOUT;
	}
	o.wait_replicas = 0;
	fastqueue_conn_init(&rec.conn, &o);
	rec.conn_made = true;
	/* Connected before any job runs; one that fails now is tried again at the crash. */
	fastqueue_conn_connect(&rec.conn);
}

static void free_conn(void)
{
	if (rec.conn_made) {
		fastqueue_conn_free(&rec.conn);
		rec.conn_made = false;
	}
}

static void close_pipes(void)
{
	for (int i = 0; i < 2; i++) {
		if (rec.wake[i] >= 0) close(rec.wake[i]);
		if (rec.ack[i] >= 0) close(rec.ack[i]);
		rec.wake[i] = rec.ack[i] = -1;
	}
}

bool fastqueue_crash_start(fastqueue_conn *conn)
{
	int err;

	if (rec.running && rec.owner == getpid() && rec.source == conn) {
		fastqueue_signals_on_death(on_death);
		return true;
	}
	if (rec.running && rec.owner == getpid()) {
		fastqueue_crash_release(rec.source);
	}
	if (rec.running) {
		/* A fork's child: the thread is not here; the parent's pipes and socket are left. */
		rec.running = false;
		rec.conn_made = false;
		rec.wake[0] = rec.wake[1] = rec.ack[0] = rec.ack[1] = -1;
	}
	if (pipe(rec.wake) != 0 || pipe(rec.ack) != 0) {
		fastqueue_say("FastQueue: crash records are off for this run: pipe: %s\n", strerror(errno));
		close_pipes();
		return false;
	}
	for (int i = 0; i < 2; i++) {
		fcntl(rec.wake[i], F_SETFD, FD_CLOEXEC);
		fcntl(rec.ack[i], F_SETFD, FD_CLOEXEC);
	}
	rec.source = conn;
	rec.node[0] = '\0';
	if (!fastqueue_conn_is_cluster(conn)) {
		make_conn(&conn->opt);
	}
	err = fastqueue_thread_start(&rec.thread, recorder_main, NULL);
	if (err != 0) {
		fastqueue_say("FastQueue: crash records are off for this run: cannot start their thread: %s\n", strerror(err));
		free_conn();
		close_pipes();
		return false;
	}
	rec.owner = getpid();
	rec.running = true;
	rec.armed = 0;
	fastqueue_signals_on_death(on_death);
	return true;
}

void fastqueue_crash_pause(void)
{
	rec.armed = 0;
	fastqueue_signals_on_death(NULL);
}

void fastqueue_crash_release(const fastqueue_conn *conn)
{
	char q = 'q';

	if (!rec.running || rec.owner != getpid() || rec.source != conn) {
		return;
	}
	rec.armed = 0;
	fastqueue_signals_on_death(NULL);
	if (write(rec.wake[1], &q, 1) == 1) {
		pthread_join(rec.thread, NULL);
	} else {
		pthread_detach(rec.thread);
	}
	rec.running = false;
	free_conn();
	close_pipes();
}

/* In a cluster, the recorder's connection goes to key's node (the recorder is idle: it only
 * works while the PHP thread waits for it). */
static void follow_node(const char *key, size_t key_len)
{
	fastqueue_conn *node;
	char where[sizeof(rec.node)];

	if (!fastqueue_conn_is_cluster(rec.source)) {
		return;
	}
	node = fastqueue_conn_route(rec.source, key, key_len);
	if (node == rec.source || !node->opt.host) {
		return;
	}
	snprintf(where, sizeof(where), "%s:" ZEND_LONG_FMT, ZSTR_VAL(node->opt.host), node->opt.port);
	if (rec.conn_made && strcmp(where, rec.node) == 0) {
		return;
	}
	free_conn();
	make_conn(&node->opt);
	memcpy(rec.node, where, sizeof(where));
}

void fastqueue_crash_arm(const zend_string *queue_key, const zend_string *uuid, zend_long attempt,
	const zend_string *name, zend_long ttl)
{
	rec.armed = 0;
	/* A key that would be cut short is not armed: its record could not be found. */
	if (!rec.running || rec.owner != getpid() || ZSTR_LEN(queue_key) + ZSTR_LEN(uuid) + 48 > sizeof(rec.key)) {
		return;
	}
	rec.queue_key = queue_key;
	rec.uuid = uuid;
	rec.name = name;
	rec.attempt = attempt;
	rec.ttl_seconds = ttl;
	if (fastqueue_conn_is_cluster(rec.source)) {
		build_key();
		follow_node(rec.key, rec.key_len);
	}
	if (!rec.conn_made) {
		return;
	}
	rec.armed = 1;
}

void fastqueue_crash_disarm(void)
{
	rec.armed = 0;
}
/* }}} */
