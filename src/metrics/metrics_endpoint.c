/* The metrics_listen endpoint: one thread, one poll() over the listening socket, a stop pipe
 * and every client, so that no client waits behind another.
 *
 * Why not one client at a time (as before): a client that connects and sends nothing held the
 * thread for its whole timeout, and the next scrape waited behind every such client, 2 s each:
 * five idle connections made Prometheus's 10 s scrape time out. Here each client has its own
 * deadline and its own state (reading its request, writing the answer, draining), and a slow
 * one only holds its own slot.
 *
 * The limits (docs/metrics.md, "The endpoint's limits"): at most max_clients connections
 * (CLIENTS_CEILING, or a quarter of the process's RLIMIT_NOFILE soft limit when that is
 * lower), the listen backlog as large; a new client over the cap takes the slot of the oldest
 * one still sending its request; a request head of at most REQUEST_MAX bytes; CLIENT_TIMEOUT
 * seconds per client for all of it; a render reused for RENDER_REUSE seconds, so that a flood
 * of scrapes takes the accumulator's lock (which the job path takes) at most 1/RENDER_REUSE
 * times a second; metrics_allow's networks checked as a client is accepted, and another
 * client closed at once, unanswered.
 *
 * Forks: a job's pcntl_fork waits (pthread_atfork) while the thread holds serve_lock, which it
 * holds whenever it changes its state (not while in poll()), so a child's copy of the clients'
 * table and buffers is whole, and fastqueue_endpoint_close frees it in the child. */
#include "metrics_endpoint.h"
#include "clock.h"
#include "thread.h"
#include <pthread.h>
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>

/* Seconds a client has, from its connection, to send its request and take the answer. */
#define CLIENT_TIMEOUT 2.0
/* Seconds what a client still sends after our answer is read and dropped, so that closing with
 * unread bytes does not reset the connection under the answer. */
#define DRAIN_TIME 0.2
/* A request's head (request line and headers), at most. */
#define REQUEST_MAX 8192
/* Connections at once, at most; and never more than 1/CLIENTS_FD_SHARE of the fd limit, so
 * that the job's own files and sockets keep the rest. */
#define CLIENTS_CEILING 256
#define CLIENTS_FD_SHARE 4
#define CLIENTS_FLOOR 4
/* Seconds a render is served again to later scrapes. */
#define RENDER_REUSE 0.1
/* Seconds accepting pauses when the process is out of file descriptors and no client can
 * be dropped for it (else poll() would wake at once, for ever). */
#define ACCEPT_PAUSE 0.1

static const char *const CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

/* A render shared by the answers that send it, freed by the last one. */
typedef struct {
	size_t refs;
	size_t len;
	char *text;
} rendered;

typedef enum { CLIENT_FREE, CLIENT_READING, CLIENT_WRITING, CLIENT_DRAINING } client_state;

typedef struct {
	int fd;
	client_state state;
	double since;                  /* connected (monotonic): the oldest reader is dropped first */
	double deadline;               /* closed then, whatever its state */
	char *req;                     /* the request head so far (REQUEST_MAX, malloc'd at its first byte) */
	size_t req_len;
	char head[384];                /* the answer's head (and an error's short body) */
	size_t head_len;
	rendered *body;                /* the exposition sent after head, or NULL */
	size_t sent;                   /* bytes of head, then body, gone */
} client;

struct _fastqueue_endpoint {
	pthread_t thread;
	bool started;                  /* thread runs (and is joined by its owner) */
	int listen_fd;
	int wake_fd;
	fastqueue_metrics *metrics;
	fastqueue_net *allow;          /* metrics_allow, or NULL */
	size_t allow_count;
	client *clients;               /* max_clients slots */
	struct pollfd *pfd;            /* wake, listen, then one per slot (fd -1 when free) */
	size_t max_clients, used;
	double accept_paused_until;
	rendered *cache;               /* the last render, reused until cache_at + RENDER_REUSE */
	double cache_at;
};

static pthread_mutex_t serve_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t atfork_once = PTHREAD_ONCE_INIT;

static void serve_prepare(void)
{
	pthread_mutex_lock(&serve_lock);
}

static void serve_after(void)
{
	pthread_mutex_unlock(&serve_lock);
}

static void register_atfork(void)
{
	pthread_atfork(serve_prepare, serve_after, serve_after);
}

/* {{{ metrics_allow */
bool fastqueue_net_parse(const char *s, size_t len, fastqueue_net *out)
{
	char addr[64];
	const char *slash = memchr(s, '/', len);
	size_t addr_len = slash ? (size_t) (slash - s) : len;
	unsigned bits = 0, max;

	memset(out, 0, sizeof(*out));
	if (addr_len == 0 || addr_len >= sizeof(addr)) {
		return false;
	}
	memcpy(addr, s, addr_len);
	addr[addr_len] = '\0';
	out->family = memchr(addr, ':', addr_len) ? AF_INET6 : AF_INET;
	max = out->family == AF_INET6 ? 128 : 32;
	if (inet_pton(out->family, addr, out->addr) != 1) {
		return false;
	}
	if (!slash) {
		out->bits = max;
		return true;
	}
	if (slash + 1 == s + len || s + len - slash - 1 > 3) {
		return false;
	}
	for (const char *p = slash + 1; p < s + len; p++) {
		if (*p < '0' || *p > '9') return false;
		bits = bits * 10 + (unsigned) (*p - '0');
	}
	if (bits > max) {
		return false;
	}
	out->bits = bits;
	/* Host bits are cleared: "10.1.2.3/8" is 10.0.0.0/8. */
	for (unsigned i = 0; i < 16; i++) {
		unsigned keep = bits >= 8 * (i + 1) ? 8 : bits > 8 * i ? bits - 8 * i : 0;
		out->addr[i] &= (unsigned char) (0xff00u >> keep);
	}
	return true;
}

static bool net_has(const fastqueue_net *n, int family, const unsigned char *a)
{
	unsigned whole = n->bits / 8, rest = n->bits % 8;

	if (n->family != family || memcmp(n->addr, a, whole) != 0) {
		return false;
	}
	return rest == 0 || ((n->addr[whole] ^ a[whole]) & (0xff00u >> rest)) == 0;
}

/* An IPv4 client of an IPv6 socket comes as ::ffff:a.b.c.d: it is matched as IPv4 too. */
static bool allowed(const fastqueue_endpoint *ep, const struct sockaddr_storage *ss)
{
	const unsigned char *a4 = NULL, *a6 = NULL;

	if (!ep->allow) {
		return true;
	}
	if (ss->ss_family == AF_INET) {
		a4 = (const unsigned char *) &((const struct sockaddr_in *) ss)->sin_addr;
	} else if (ss->ss_family == AF_INET6) {
		const struct in6_addr *in6 = &((const struct sockaddr_in6 *) ss)->sin6_addr;
		a6 = (const unsigned char *) in6;
		if (IN6_IS_ADDR_V4MAPPED(in6)) {
			a4 = a6 + 12;
		}
	}
	for (size_t i = 0; i < ep->allow_count; i++) {
		if ((a4 && net_has(&ep->allow[i], AF_INET, a4)) || (a6 && net_has(&ep->allow[i], AF_INET6, a6))) {
			return true;
		}
	}
	return false;
}
/* }}} */

/* {{{ the render, shared */
static void release(rendered *r)
{
	if (r && --r->refs == 0) {
		free(r->text);
		free(r);
	}
}

/* The render of now, or of less than RENDER_REUSE ago; a reference the caller releases. NULL
 * when out of memory. */
static rendered *current_render(fastqueue_endpoint *ep, double now)
{
	rendered *r;

	if (ep->cache && now - ep->cache_at < RENDER_REUSE) {
		ep->cache->refs++;
		return ep->cache;
	}
	release(ep->cache);
	ep->cache = NULL;
	if (!(r = malloc(sizeof(*r)))) {
		return NULL;
	}
	if (!(r->text = fastqueue_metrics_render(ep->metrics, &r->len))) {
		free(r);
		return NULL;
	}
	r->refs = 2; /* the cache's and the caller's */
	ep->cache = r;
	ep->cache_at = now;
	return r;
}
/* }}} */

/* {{{ a client's request and answer */
typedef enum { REQ_BAD, REQ_METHOD, REQ_NOT_FOUND, REQ_METRICS } request_kind;

/* "METHOD TARGET HTTP/x.y", the head's first line: what it asks for. Any byte is looked at by
 * length (a NUL in the line makes it bad, not shorter). */
static request_kind classify(const char *req, size_t len, bool *head_only)
{
	const char *end = memchr(req, '\n', len), *sp1, *sp2, *target, *query;
	size_t line, method, path;

	*head_only = false;
	if (!end) return REQ_BAD;
	line = (size_t) (end - req) - (end > req && end[-1] == '\r');
	if (memchr(req, '\0', line)) return REQ_BAD;
	sp1 = memchr(req, ' ', line);
	if (!sp1 || sp1 == req) return REQ_BAD;
	method = (size_t) (sp1 - req);
	target = sp1 + 1;
	sp2 = memchr(target, ' ', line - method - 1);
	if (!sp2 || sp2 == target || req + line - (sp2 + 1) < 5 || memcmp(sp2 + 1, "HTTP/", 5) != 0
		|| memchr(sp2 + 1, ' ', (size_t) (req + line - sp2 - 1))) {
		return REQ_BAD;
	}
	for (size_t i = 0; i < method; i++) {
		if (req[i] < 'A' || req[i] > 'Z') return REQ_BAD;
	}
	if (*target != '/') return REQ_BAD;
	query = memchr(target, '?', (size_t) (sp2 - target));
	path = (size_t) ((query ? query : sp2) - target);
	if (!(path == 1 || (path == 8 && memcmp(target, "/metrics", 8) == 0))) {
		return REQ_NOT_FOUND;
	}
	*head_only = method == 4 && memcmp(req, "HEAD", 4) == 0;
	if (!*head_only && !(method == 3 && memcmp(req, "GET", 3) == 0)) {
		return REQ_METHOD;
	}
	return REQ_METRICS;
}

/* snprintf's count as what c->head holds (never past it). */
static size_t head_length(const client *c, int n)
{
	return n < 0 ? 0 : (size_t) n < sizeof(c->head) ? (size_t) n : sizeof(c->head) - 1;
}

/* An answer with a one-line text body ("404 Not Found\n"), all of it in c->head. */
static void answer_text(client *c, const char *status, const char *extra)
{
	int n = snprintf(c->head, sizeof(c->head),
		"HTTP/1.1 %s\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: %zu\r\n%sConnection: close\r\n\r\n%s\n",
		status, strlen(status) + 1, extra, status);

	c->head_len = head_length(c, n);
}

static void answer_metrics(fastqueue_endpoint *ep, client *c, bool head_only, double now)
{
	rendered *r = current_render(ep, now);
	int n;

	if (!r) {
		answer_text(c, "503 Service Unavailable", "");
		return;
	}
	n = snprintf(c->head, sizeof(c->head),
		"HTTP/1.1 200 OK\r\nContent-Type: %s\r\nContent-Length: %zu\r\nConnection: close\r\n\r\n", CONTENT_TYPE, r->len);
	c->head_len = head_length(c, n);
	if (head_only) {
		release(r);
	} else {
		c->body = r;
	}
}

/* The request is whole (or as whole as it gets): its answer is made, and sent from now on. */
static void answer(fastqueue_endpoint *ep, client *c, bool too_long, double now)
{
	bool head_only;

	switch (too_long ? REQ_BAD : classify(c->req, c->req_len, &head_only)) {
		case REQ_BAD: answer_text(c, "400 Bad Request", ""); break;
		case REQ_METHOD: answer_text(c, "405 Method Not Allowed", "Allow: GET, HEAD\r\n"); break;
		case REQ_NOT_FOUND: answer_text(c, "404 Not Found", ""); break;
		case REQ_METRICS: answer_metrics(ep, c, head_only, now); break;
	}
	free(c->req);
	c->req = NULL;
	c->sent = 0;
	c->state = CLIENT_WRITING;
}

static void drop(fastqueue_endpoint *ep, client *c)
{
	close(c->fd);
	free(c->req);
	release(c->body);
	memset(c, 0, sizeof(*c));
	c->fd = -1;
	c->state = CLIENT_FREE;
	ep->used--;
}

/* Whether the head's blank line has come, looking only at what the last read added (and the
 * 3 bytes before it), so a client sending a byte at a time costs no more than one sending all. */
static bool head_ended(const client *c, size_t before)
{
	size_t from = before > 3 ? before - 3 : 0;
	const char *p = c->req + from;
	size_t n = c->req_len - from;

	return memmem(p, n, "\r\n\r\n", 4) || memmem(p, n, "\n\n", 2);
}

static void on_readable(fastqueue_endpoint *ep, client *c, double now)
{
	size_t before = c->req_len;
	ssize_t r;

	if (!c->req && !(c->req = malloc(REQUEST_MAX))) {
		drop(ep, c);
		return;
	}
	r = recv(c->fd, c->req + c->req_len, REQUEST_MAX - c->req_len, 0);
	if (r < 0) {
		if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) drop(ep, c);
		return;
	}
	if (r == 0) {
		/* The client closed its side: a head without its blank line is still answered. */
		if (memchr(c->req, '\n', c->req_len)) answer(ep, c, false, now);
		else drop(ep, c);
		return;
	}
	c->req_len += (size_t) r;
	if (head_ended(c, before)) {
		answer(ep, c, false, now);
	} else if (c->req_len == REQUEST_MAX) {
		answer(ep, c, true, now);
	}
}

/* Sends what the socket takes; once all is gone, our side is shut and the client drained. */
static void on_writable(fastqueue_endpoint *ep, client *c, double now)
{
	size_t body_len = c->body ? c->body->len : 0;
	struct iovec iov[2];
	struct msghdr msg = {0};
	ssize_t w;
	int n = 0;

	if (c->sent < c->head_len) {
		iov[n++] = (struct iovec) {c->head + c->sent, c->head_len - c->sent};
	}
	if (body_len && c->sent < c->head_len + body_len) {
		size_t off = c->sent > c->head_len ? c->sent - c->head_len : 0;
		iov[n++] = (struct iovec) {c->body->text + off, body_len - off};
	}
	if (n > 0) {
		msg.msg_iov = iov;
		msg.msg_iovlen = (size_t) n;
		w = sendmsg(c->fd, &msg, MSG_NOSIGNAL);
		if (w < 0) {
			if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) drop(ep, c);
			return;
		}
		c->sent += (size_t) w;
		if (c->sent < c->head_len + body_len) return;
	}
	release(c->body);
	c->body = NULL;
	shutdown(c->fd, SHUT_WR);
	c->state = CLIENT_DRAINING;
	if (c->deadline > now + DRAIN_TIME) c->deadline = now + DRAIN_TIME;
}

static void on_drainable(fastqueue_endpoint *ep, client *c)
{
	char sink[512];
	ssize_t r = recv(c->fd, sink, sizeof(sink), 0);

	if (r == 0 || (r < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
		drop(ep, c);
	}
}
/* }}} */

/* {{{ accepting */
static client *oldest(fastqueue_endpoint *ep, client_state state)
{
	client *found = NULL;

	for (size_t i = 0; i < ep->max_clients; i++) {
		client *c = &ep->clients[i];
		if (c->state == state && (!found || c->since < found->since)) found = c;
	}
	return found;
}

/* Frees a slot for a newcomer: the client connected longest ago that has still not sent its
 * whole request (a silent or slow one), else the oldest being drained. false: every client is
 * being answered. */
static bool drop_oldest(fastqueue_endpoint *ep)
{
	client *victim = oldest(ep, CLIENT_READING);

	if (!victim && !(victim = oldest(ep, CLIENT_DRAINING))) {
		return false;
	}
	drop(ep, victim);
	return true;
}

static void add_client(fastqueue_endpoint *ep, int fd, double now)
{
	for (size_t i = 0; i < ep->max_clients; i++) {
		client *c = &ep->clients[i];
		if (c->state == CLIENT_FREE) {
			c->fd = fd;
			c->state = CLIENT_READING;
			c->since = now;
			c->deadline = now + CLIENT_TIMEOUT;
			ep->used++;
			return;
		}
	}
	close(fd);
}

/* Takes every connection waiting in the backlog (up to the cap's worth a round). */
static void accept_all(fastqueue_endpoint *ep, double now)
{
	for (size_t i = 0; i < ep->max_clients; i++) {
		struct sockaddr_storage ss;
		socklen_t len = sizeof(ss);
		int fd = accept4(ep->listen_fd, (struct sockaddr *) &ss, &len, SOCK_CLOEXEC | SOCK_NONBLOCK);

		if (fd < 0) {
			if (errno == EINTR || errno == ECONNABORTED) continue;
			if ((errno == EMFILE || errno == ENFILE) && drop_oldest(ep)) continue;
			if (errno != EAGAIN && errno != EWOULDBLOCK) ep->accept_paused_until = now + ACCEPT_PAUSE;
			return;
		}
		if (!allowed(ep, &ss) || (ep->used == ep->max_clients && !drop_oldest(ep))) {
			close(fd);
			continue;
		}
		add_client(ep, fd, now);
	}
}
/* }}} */

/* {{{ the thread */
/* The poll set for this round, and how long it may wait (ms; -1: until something happens). */
static int prepare_poll(fastqueue_endpoint *ep, double now)
{
	double until = INFINITY;

	ep->pfd[1].fd = now >= ep->accept_paused_until ? ep->listen_fd : -1;
	if (ep->pfd[1].fd < 0) until = ep->accept_paused_until;
	for (size_t i = 0; i < ep->max_clients; i++) {
		client *c = &ep->clients[i];
		struct pollfd *p = &ep->pfd[2 + i];
		p->fd = c->state == CLIENT_FREE ? -1 : c->fd;
		p->events = c->state == CLIENT_WRITING ? POLLOUT : POLLIN;
		p->revents = 0;
		if (c->state != CLIENT_FREE && c->deadline < until) until = c->deadline;
	}
	ep->pfd[0].revents = ep->pfd[1].revents = 0;
	return until == INFINITY ? -1 : until <= now ? 0 : (int) ceil((until - now) * 1000);
}

static void handle_clients(fastqueue_endpoint *ep, double now)
{
	for (size_t i = 0; i < ep->max_clients; i++) {
		client *c = &ep->clients[i];
		short ev = ep->pfd[2 + i].revents;

		if (c->state == CLIENT_FREE || ep->pfd[2 + i].fd != c->fd) {
			continue; /* free, or a newcomer in a slot freed this round */
		}
		if (ev) {
			if (c->state == CLIENT_READING) on_readable(ep, c, now);
			else if (c->state == CLIENT_WRITING) on_writable(ep, c, now);
			else on_drainable(ep, c);
		}
		if (c->state != CLIENT_FREE && now >= c->deadline) {
			drop(ep, c);
		}
	}
}

static void *serve_main(void *arg)
{
	fastqueue_endpoint *ep = arg;

	for (;;) {
		int timeout, r;

		pthread_mutex_lock(&serve_lock);
		timeout = prepare_poll(ep, fastqueue_clock_mono());
		pthread_mutex_unlock(&serve_lock);
		r = poll(ep->pfd, 2 + ep->max_clients, timeout);
		if (r < 0 && errno != EINTR) {
			break;
		}
		if (ep->pfd[0].revents) {
			break; /* stop */
		}
		pthread_mutex_lock(&serve_lock);
		double now = fastqueue_clock_mono();
		handle_clients(ep, now);
		if (ep->pfd[1].revents & POLLIN) {
			accept_all(ep, now);
		}
		pthread_mutex_unlock(&serve_lock);
	}
	return NULL;
}
/* }}} */

/* {{{ opening and closing */
/* CLIENTS_CEILING, or a quarter of the soft fd limit when that is lower. */
static size_t max_clients(void)
{
	struct rlimit rl;
	size_t n = CLIENTS_CEILING;

	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur / CLIENTS_FD_SHARE < n) {
		n = (size_t) rl.rlim_cur / CLIENTS_FD_SHARE;
	}
	return n < CLIENTS_FLOOR ? CLIENTS_FLOOR : n;
}

/* A socket listening on the address; -1 with the reason in err. */
static int listen_on(const fastqueue_endpoint_settings *s, int backlog, char *err, size_t err_size)
{
	struct sockaddr_storage addr;
	struct sockaddr_in *in = (struct sockaddr_in *) &addr;
	struct sockaddr_in6 *in6 = (struct sockaddr_in6 *) &addr;
	socklen_t addr_len;
	int fd, one = 1;

	memset(&addr, 0, sizeof(addr));
	if (s->v6) {
		in6->sin6_family = AF_INET6;
		in6->sin6_port = htons((uint16_t) s->port);
		addr_len = sizeof(*in6);
	} else {
		in->sin_family = AF_INET;
		in->sin_port = htons((uint16_t) s->port);
		addr_len = sizeof(*in);
	}
	if (inet_pton(addr.ss_family, s->host, s->v6 ? (void *) &in6->sin6_addr : (void *) &in->sin_addr) != 1) {
		snprintf(err, err_size, "not an IP address");
		return -1;
	}
	fd = socket(addr.ss_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (fd < 0) {
		snprintf(err, err_size, "%s", strerror(errno));
		return -1;
	}
	/* A worker started again at once may bind while its predecessor's scrapes linger. */
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(fd, (struct sockaddr *) &addr, addr_len) != 0 || listen(fd, backlog) != 0) {
		snprintf(err, err_size, "%s", strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

static void free_endpoint(fastqueue_endpoint *ep)
{
	for (size_t i = 0; ep->clients && i < ep->max_clients; i++) {
		if (ep->clients[i].state != CLIENT_FREE) {
			drop(ep, &ep->clients[i]);
		}
	}
	release(ep->cache);
	if (ep->listen_fd >= 0) close(ep->listen_fd);
	free(ep->clients);
	free(ep->pfd);
	free(ep->allow);
	free(ep);
}

fastqueue_endpoint *fastqueue_endpoint_open(const fastqueue_endpoint_settings *s, char *err, size_t err_size)
{
	fastqueue_endpoint *ep = calloc(1, sizeof(*ep));

	if (!ep) {
		snprintf(err, err_size, "out of memory");
		return NULL;
	}
	ep->listen_fd = -1;
	ep->wake_fd = s->wake_fd;
	ep->metrics = s->metrics;
	ep->max_clients = max_clients();
	ep->clients = calloc(ep->max_clients, sizeof(*ep->clients));
	ep->pfd = calloc(2 + ep->max_clients, sizeof(*ep->pfd));
	if (s->allow_count && (ep->allow = malloc(s->allow_count * sizeof(*ep->allow)))) {
		memcpy(ep->allow, s->allow, s->allow_count * sizeof(*ep->allow));
		ep->allow_count = s->allow_count;
	}
	if (!ep->clients || !ep->pfd || (s->allow_count && !ep->allow)) {
		snprintf(err, err_size, "out of memory");
		free_endpoint(ep);
		return NULL;
	}
	for (size_t i = 0; i < ep->max_clients; i++) {
		ep->clients[i].fd = -1;
	}
	ep->pfd[0] = (struct pollfd) {ep->wake_fd, POLLIN, 0};
	ep->pfd[1] = (struct pollfd) {-1, POLLIN, 0};
	/* The backlog holds as many as are served: a burst of scrapes waits there, not refused. */
	if ((ep->listen_fd = listen_on(s, (int) ep->max_clients, err, err_size)) < 0) {
		free_endpoint(ep);
		return NULL;
	}
	return ep;
}

int fastqueue_endpoint_start(fastqueue_endpoint *ep)
{
	int err;

	pthread_once(&atfork_once, register_atfork);
	err = fastqueue_thread_start(&ep->thread, serve_main, ep);
	ep->started = err == 0;
	return err;
}

void fastqueue_endpoint_close(fastqueue_endpoint *ep, bool owner)
{
	if (!ep) {
		return;
	}
	if (owner && ep->started) {
		pthread_join(ep->thread, NULL);
	}
	/* In a fork's child, drop() only closes the child's copies: no shutdown() reaches the
	 * parent's clients, since only answered ones were shut, by the parent. */
	free_endpoint(ep);
}
/* }}} */
